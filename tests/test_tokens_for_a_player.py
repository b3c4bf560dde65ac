"""A player other than the ability's controller creates tokens (CR 111.2; mtgkb/rules/meaning_spell_self.lp,
spell_self.lp): with keywords (111.3: Hunted Dragon's Knights with first strike) and predefined tokens (111.10:
Wanted Scoundrels's Treasures), under that player's control.  Real cards, and ad-hoc lines for what is read."""

from __future__ import annotations

import pytest

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

BOARD = ("It is Alice's turn.", "Bob controls Hill Giant.")
CASES = [
    case("opponent-creates-tokens-with-a-keyword", BOARD + ("Hunted Dragon enters under Alice's control.",
                                                            "Hunted Dragon's triggered ability resolves."),
         ("Bob controls 3 permanents named Knight Token.", "Alice controls 0 permanents named Knight Token.",
          "Hill Giant is 3/3."), ("holds", "holds", "holds")),
    case("opponent-creates-treasures", BOARD + ("Alice controls Wanted Scoundrels.", "Wanted Scoundrels dies.",
                                                "Wanted Scoundrels's triggered ability resolves."),
         ("Bob controls 2 permanents named Treasure Token.", "Alice controls 1 permanent named Treasure Token."),
         ("holds", "fails")),
]


test_tokens_for_a_player, test_every_case_checks_something = case_tests(CASES)


@pytest.mark.parametrize("effect, read", [
    ("target opponent creates three 2/2 white Knight creature tokens with first strike", True),
    ("target opponent creates two Treasure tokens", True),
    ("target opponent creates a 2/2 white Knight creature token with \"This creature can't block.\"", True),
])
def test_what_is_read(tmp_path, effect, read):
    text = f"Odd Dragon {{3}}{{R}}\nCreature — Dragon\nWhen Odd Dragon enters, {effect}.\n2/2\n"
    assert parse_applied(tmp_path, text) == [read]
