""""The number of opponents you have" as an amount (CR 102.3, 107.1; mtgkb/rules/meaning_opponent_count.lp): the
opponents of the ability's controller as the step happens.  Real cards in a two-player game."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

BOARD = ("It is Alice's turn.", "Bob controls Hill Giant.", "Alice's library has 10 cards.",
         "Alice has no cards in hand.")
CASES = [
    case("draw-one-per-opponent", BOARD + ("Inspired Sphinx enters under Alice's control.",
                                           "Inspired Sphinx's triggered ability resolves."),
         ("Alice has 1 card in hand.", "Alice's library has 9 cards.", "Hill Giant is 3/3."),
         ("holds", "holds", "holds")),
    case("a-token-per-opponent", BOARD + ("Goblin Goliath enters under Alice's control.",
                                          "Goblin Goliath's triggered ability resolves."),
         ("Alice controls 1 permanent named Goblin Token.", "Alice controls 2 permanents named Goblin Token."),
         ("holds", "fails")),
]


test_opponent_count, test_every_case_checks_something = case_tests(CASES)


def test_the_amount_is_applied(tmp_path):
    assert parse_applied(tmp_path, "Odd Sphinx {5}{U}\nCreature — Sphinx\nWhen Odd Sphinx enters, draw cards equal "
                         "to the number of opponents you have.\n4/4\n") == [True]
