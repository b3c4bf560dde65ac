""""You gain life equal to the life lost this way" (CR 119.3, 608.2c; mtgkb/rules/meaning_lost_this_way.lp,
lost_this_way.lp): the life the players of the sentence before lost.  Real card: Kokusho, the Evening Star."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests


def dies(*state: str) -> tuple[str, ...]:
    return ("It is Alice's turn.", "Bob controls Hill Giant.") + state + (
        "Alice controls Kokusho, the Evening Star.", "Kokusho, the Evening Star dies.",
        "Kokusho, the Evening Star's triggered ability resolves.")


CASES = [
    case("the-opponent-loses-five-you-gain-five", dies(), ("Bob has 15 life.", "Alice has 25 life."),
         ("holds", "holds")),
    case("from-other-totals", dies("Alice has 7 life.", "Bob has 3 life."),
         ("Bob has -2 life.", "Alice has 12 life.", "Bob has lost the game."), ("holds", "holds", "holds")),
]


test_lost_this_way, test_every_case_checks_something = case_tests(CASES)


def test_it_is_applied(tmp_path):
    assert parse_applied(tmp_path, "Odd Dragon {4}{B}{B}\nCreature — Dragon\nWhen Odd Dragon dies, each opponent "
                         "loses 3 life. You gain life equal to the life lost this way.\n5/5\n") == [True]
    # with no life loss in the sentence before, the amount is not read
    assert parse_applied(tmp_path, "Odd Dragon {4}{B}{B}\nCreature — Dragon\nWhen Odd Dragon dies, draw a card. "
                         "You gain life equal to the life lost this way.\n5/5\n") == [False]
