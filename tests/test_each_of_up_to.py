""""Each of up to N target <description>" (115.1, 601.2c; mtgkb/rules/meaning_each_of_up_to.lp): a slot of zero
to N different targets; the effect is done once to each.  Table-driven with ad-hoc cards."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

CARDS = """
card:
  Bright Smith {2}{W}
  Creature — Human Artificer
  When Bright Smith enters, put a +1/+1 counter on each of up to two target creatures.
  2/2

card:
  Kind Acolyte {2}{W}
  Creature — Human Cleric
  When Kind Acolyte enters, put a +1/+1 counter on each of up to two other target creatures you control.
  2/2
"""

BOARD = ("It is Alice's turn.", "Alice controls Grizzly Bears.", "Bob controls Hill Giant.")
CASES = [
    case("the-named-target-gets-one-counter", BOARD + (
        "Bright Smith enters under Alice's control.", "Bright Smith's triggered ability resolves, choosing Hill Giant."),
        ("Hill Giant is 4/4.", "Hill Giant does not have two +1/+1 counters.", "Grizzly Bears is 2/2."),
        ("holds", "holds", "fails")),
    # zero, one or two targets: each choice is an outcome
    case("unnamed-targets-are-open", BOARD + (
        "Bright Smith enters under Alice's control.", "Bright Smith's triggered ability resolves."),
        ("Hill Giant is 3/3.", "Hill Giant is 4/4.", "Bright Smith is on the battlefield."), ("fails", "fails", "holds")),
    case("other-targets-you-control-only", BOARD + (
        "Kind Acolyte enters under Alice's control.", "Kind Acolyte's triggered ability resolves."),
        ("Kind Acolyte is 2/2.", "Hill Giant is 3/3.", "Grizzly Bears is 2/2."), ("holds", "holds", "fails")),
]


test_each_of_up_to, test_every_case_checks_something = case_tests(CASES, cards=CARDS)


def test_each_of_up_to_targets_is_applied(tmp_path):
    assert parse_applied(tmp_path, "Bright Smith {2}{W}\nCreature — Human Artificer\nWhen Bright Smith enters, put a "
                         "+1/+1 counter on each of up to two target creatures.\n2/2\n") == [True]


def test_each_of_n_targets_damage(tmp_path):
    # "deals 3 damage to each of two targets": exactly two (601.2c), different ones (115.3)
    from casting_support import cast_given, check, verdicts
    given = cast_given("Bob controls Hill Giant.", "{C}{C}{C}{C}{R}{R}", "Pinnacle of Rage", "Hill Giant and Bob")
    r = check(tmp_path, given, "Hill Giant is in Bob's graveyard.\nBob has 17 life.")
    assert verdicts(r) == ["holds", "holds"]
    r = check(tmp_path, cast_given("Bob controls Hill Giant.", "{C}{C}{C}{C}{R}{R}", "Pinnacle of Rage", "Hill Giant"),
              "Bob has 20 life.")
    assert verdicts(r) == ["error"] and "601.2c" in r.claims[0].message


def test_a_legendary_sorcery_needs_a_legendary_creature_or_planeswalker(tmp_path):
    # CR 205.4e
    from casting_support import cast_given, check, verdicts
    given = cast_given("Bob controls Hill Giant.", "{C}{C}{C}{R}{R}", "Jaya's Immolating Inferno", "Hill Giant", " with X = 3")
    r = check(tmp_path, given, "Bob has 20 life.")
    assert verdicts(r) == ["error"] and "205.4e" in r.claims[0].message
    r = check(tmp_path, "Alice controls Isamaru, Hound of Konda.\n" + given, "Hill Giant is in Bob's graveyard.")
    assert verdicts(r) == ["holds"]
