"""Decayed (CR 702.147a; mtgkb/rules/decayed.lp): a creature with decayed can't block (509.1b), and when it
attacks its ability triggers; resolving, it creates a delayed triggered ability that sacrifices the creature at
end of combat (603.7a).  The scenario names that ability "<creature>'s decayed ability"."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import Case, case_tests

CARDS = """
card:
  Rotting Walker {B}
  Creature — Zombie
  Decayed
  2/2
"""

BOARD = ("Bob controls Hill Giant.", "Alice controls Rotting Walker.")
ATTACK = ("It is Alice's turn.",) + BOARD + ("Alice attacks with Rotting Walker.", "Rotting Walker's decayed ability resolves.")

CASES = [
    case("sacrificed-at-end-of-combat", ATTACK + (
        "Combat damage is dealt.", "Alice's end of combat step begins.", "Rotting Walker's delayed triggered ability resolves."),
         ("Bob has 18 life.", "Rotting Walker is in Alice's graveyard.", "Hill Giant is on the battlefield."),
         ("holds", "holds", "holds")),
    case("still-there-before-end-of-combat", ATTACK + ("Combat damage is dealt.",),
         ("Rotting Walker is on the battlefield.", "Rotting Walker is attacking."), ("holds", "holds")),
    case("the-ability-triggers-on-attacking", ("It is Alice's turn.",) + BOARD + ("Alice attacks with Rotting Walker.",),
         ("Rotting Walker's decayed ability triggers.",), ("holds",)),
    case("it-cannot-block", ("It is Bob's turn.",) + BOARD + (
        "Bob attacks with Hill Giant.", "Alice blocks Hill Giant with Rotting Walker."),
         ("Rotting Walker is blocking.",), error=("the creature cannot block", "509.1b"),
         at="Alice blocks Hill Giant with Rotting Walker."),
]
CASES = [Case(c.id, c.body, c.verdicts, c.error, (c.at[0], 1)) if c.at else c for c in CASES]

test_decayed, test_case_ids_differ = case_tests(CASES, cards=CARDS)


def test_decayed_tokens_are_applied(tmp_path):
    """The honesty bench's reading: a token "with decayed" (Falcon Abomination) is applied."""
    assert parse_applied(tmp_path, "Falcon Abomination {2}{U}\nCreature — Zombie Bird\nFlying\nWhen Falcon "
                         "Abomination enters the battlefield, create a 2/2 black Zombie creature token with decayed.\n"
                         "2/2\n") == [True, True]
