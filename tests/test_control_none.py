""""<part> if you don't control a <description>" (CR 109.4, 608.2c; mtgkb/rules/meaning_control_none.lp,
control_none.lp): the part happens only when its controller controls no such object as it resolves; a description
with "where" words of its own ("a creature with flying") stays unread.  Real cards: Takenuma Bleeder, Lord of the
Pit."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

BLEEDER = ("It is Alice's turn.", "Alice controls Takenuma Bleeder.", "Bob controls Hill Giant.")
ATTACK = ("Alice attacks with Takenuma Bleeder.", "Takenuma Bleeder's triggered ability resolves.")
CASES = [
    case("no-demon-loses-life", BLEEDER + ATTACK, ("Alice has 19 life.",), ("holds",)),
    case("a-demon-loses-none", BLEEDER + ("Alice controls Lord of the Pit.",) + ATTACK, ("Alice has 20 life.",),
         ("holds",)),
    case("an-opponents-demon-does-not-count", BLEEDER + ("Bob controls Lord of the Pit.",) + ATTACK,
         ("Alice has 19 life.",), ("holds",)),
]

test_control_none, test_case_ids_differ = case_tests(CASES)


def test_read_only_for_a_plain_description(tmp_path):
    text = ("Odd Oni {B}\nCreature — Spirit\nWhenever Odd Oni attacks, you lose 1 life if you don't control a Demon.\n\n"
            "Odd Slave {B}\nCreature — Spirit\nWhenever Odd Slave attacks, you lose 1 life if you don't control a creature "
            "with flying.\n")
    assert parse_applied(tmp_path, text) == [True, False]
