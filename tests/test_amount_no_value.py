"""An amount a step uses that has no value in the state (608.2c, 107.1; mtgkb/rules/effects.lp tl_valued/2): the
resolution is not settled -- never a step silently done with nothing."""

from __future__ import annotations

from casting_support import check, verdicts

ODD_RELIC = ("  card:\n    Odd Relic {2}\n    Artifact\n    When Odd Relic enters the battlefield, you gain life equal "
             "to its toughness.\n")


def test_an_amount_with_no_value_leaves_the_resolution_open(tmp_path, session):
    # an artifact has no toughness (208.3): the life gained has no value, so "no life gained" is not settled
    given = ("It is Alice's turn.\nAlice has {C}{C} in her mana pool.\nAlice casts Odd Relic, paying from her mana "
             "pool.\nOdd Relic resolves.\nOdd Relic's triggered ability resolves.")
    r = check(tmp_path, given, "Alice has 20 life.", card=ODD_RELIC, session=session)
    assert verdicts(r) == ["undetermined"], r.claims


def test_none_of_a_counter_kind_as_it_left_is_zero(tmp_path, session):
    # 603.10a: Hangarback Walker that dies with no +1/+1 counter: the amount is 0 (not an amount with no value)
    given = ("It is Alice's turn.\nAlice controls Hangarback Walker.\nHangarback Walker dies.\n"
             "Hangarback Walker's triggered ability resolves.")
    r = check(tmp_path, given, "No token is created.", session=session)
    assert verdicts(r) == ["holds"], r.claims
