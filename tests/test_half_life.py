"""Losing half one's life, rounded up (CR 119.3, 107.1a; mtgkb/rules/meaning_half_life.lp, half_life.lp): each
player loses half of their own life total as the step happens; "its owner" of a creature that died is the owner
of the card it became (108.3).  Real cards."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests


def dies(life: int) -> tuple[str, ...]:
    return ("It is Alice's turn.", "Bob controls Hill Giant.", f"Alice has {life} life.",
            "Alice controls Personal Incarnation.", "Personal Incarnation dies.",
            "Personal Incarnation's triggered ability resolves.")


CASES = [
    case("even", dies(20), ("Alice has 10 life.", "Bob has 20 life."), ("holds", "holds")),
    case("odd-rounds-up", dies(17), ("Alice has 8 life.",), ("holds",)),
    case("one-life-loses-it", dies(1), ("Alice has 0 life.", "Alice has lost the game."), ("holds", "holds")),
    case("attack-trigger", ("It is Alice's turn.", "Bob controls Hill Giant.", "Alice has 9 life.",
                            "Alice controls Ebonblade Reaper.", "Alice attacks with Ebonblade Reaper.",
                            "Ebonblade Reaper's first triggered ability resolves."),
         ("Alice has 4 life.", "Bob has 20 life."), ("holds", "holds")),
]


test_half_life, test_every_case_checks_something = case_tests(CASES)


def test_half_life_is_applied(tmp_path):
    assert parse_applied(tmp_path, "Odd Reaper {2}{B}\nCreature — Human Cleric\nWhenever Odd Reaper attacks, you "
                         "lose half your life, rounded up.\n2/1\n") == [True]
