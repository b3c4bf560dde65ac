"""The intervening "if it's enchanted" (CR 603.4, 303.4; mtgkb/rules/meaning_enchanted_if.lp, enchanted_if.lp):
checked as the event happens and on resolution.  Real cards: Krond the Dawn-Clad, Holy Strength."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

BOARD = ("It is Alice's turn.", "Bob controls Hill Giant.", "Alice controls Krond the Dawn-Clad.")
AURA = ("Alice controls Holy Strength attached to Krond the Dawn-Clad.",)
ATTACK = ("Alice attacks with Krond the Dawn-Clad.",)
RESOLVE = ("Krond the Dawn-Clad's triggered ability resolves, choosing Hill Giant.",)
CASES = [
    case("not-enchanted-does-not-trigger", BOARD + ATTACK,
         ("Krond the Dawn-Clad's triggered ability triggers.", "Hill Giant is on the battlefield."),
         ("fails", "holds")),
    case("enchanted-triggers-and-exiles", BOARD + AURA + ATTACK + RESOLVE,
         ("Hill Giant is on the battlefield.", "Krond the Dawn-Clad is attacking."), ("fails", "holds")),
    case("the-aura-gone-on-resolution-does-nothing", BOARD + AURA + ATTACK + ("Holy Strength leaves the battlefield.",) + RESOLVE,
         ("Hill Giant is on the battlefield.",), ("holds",)),
]


test_enchanted_if, test_every_case_checks_something = case_tests(CASES)


def test_the_condition_is_read(tmp_path):
    assert parse_applied(tmp_path, "Odd Archon {4}{W}\nCreature — Archon\nWhenever Odd Archon attacks, if it's "
                         "enchanted, exile target permanent.\n4/4\n") == [True]
