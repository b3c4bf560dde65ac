"""'where X is its power' (107.3a, 608.2h; mtgkb/rules/meaning_amounts.lp): "its" is the sentence's subject -- the
source's own power for "~ gets +X/+X", the target's for "Target creature gets +X/+0"; never the source's power in
place of the target's, and never a value for a source that has no power (208.3)."""

from __future__ import annotations

from casting_support import check, verdicts

ODD_GIANT = ("  card:\n    Odd Giant {3}{R}\n    Creature — Giant\n    {1}: Target creature gets +X/+0 until end of "
             "turn, where X is its power.\n    3/3\n")


def test_the_source_s_own_power(tmp_path, session):
    given = ("Alice controls Yew Spirit.\nIt is Alice's turn.\nAlice has {C}{C}{G}{G} in her mana pool.\n"
             "Alice activates Yew Spirit's ability, paying from her mana pool.\nYew Spirit's ability resolves.")
    r = check(tmp_path, given, "Yew Spirit is 6/6.", session=session)
    assert verdicts(r) == ["holds"], r.claims


def test_its_is_the_target_not_the_creature_whose_ability_it_is(tmp_path, session):
    # the Giant's power (3) would make the Bears 5/2: never settled that way
    given = ("Alice controls Odd Giant and Grizzly Bears.\nIt is Alice's turn.\nAlice has {C} in her mana pool.\n"
             "Alice activates Odd Giant's ability targeting Grizzly Bears, paying from her mana pool.\n"
             "Odd Giant's ability resolves.")
    r = check(tmp_path, given, "Grizzly Bears is 5/2.\nGrizzly Bears is 2/2.", card=ODD_GIANT, session=session)
    assert "holds" not in verdicts(r), r.claims


def test_a_source_with_no_power_leaves_the_amount_open(tmp_path, session):
    # Wine of Blood and Iron is an artifact: read as its own power, the pump was silently nothing
    given = ("Alice controls Wine of Blood and Iron and Grizzly Bears.\nIt is Alice's turn.\n"
             "Alice has {C}{C}{C}{C} in her mana pool.\nAlice activates Wine of Blood and Iron's ability targeting "
             "Grizzly Bears, paying from her mana pool.\nWine of Blood and Iron's ability resolves.")
    r = check(tmp_path, given, "Grizzly Bears is 2/2.", session=session)
    assert verdicts(r) == ["undetermined"], r.claims
