"""Piru, the Volatile's triggers (CR 113.6, 113.6m, 118.12, 701.21a): its dies trigger works from the graveyard
and its upkeep trigger "At the beginning of your upkeep, sacrifice ~ unless you pay {R}{W}{B}" on the battlefield.
The upkeep trigger was unread when this test was written, and triggers.lp's t_battlefield_only/1 kept its card in
the graveyard from unsettling later events; it is read now (meaning_unless_you_pay.lp), so the test checks the read
trigger: with no mana to pay, Piru is sacrificed."""

from __future__ import annotations

from test_combat import case
from test_turn_structure import case_tests

BOARD = ("It is Alice's turn.", "Bob controls Hill Giant.", "Alice controls Piru, the Volatile.")
CASES = [
    case("its-card-in-the-graveyard-does-not-unsettle", BOARD + (
        "Piru, the Volatile dies.", "Piru, the Volatile's second triggered ability resolves."),
         ("Hill Giant is in Bob's graveyard.", "Alice has 27 life."), ("holds", "holds")),
    # on the battlefield, its upkeep trigger triggers at Alice's upkeep: she cannot pay {R}{W}{B}
    case("on-the-battlefield-the-upkeep-trigger-sacrifices-it", BOARD + (
        "The game proceeds to Bob's turn.", "Alice's upkeep begins.",
        "Piru, the Volatile's first triggered ability resolves."),
         ("Piru, the Volatile is on the battlefield.", "Piru, the Volatile is in Alice's graveyard."),
         ("fails", "holds")),
]


test_battlefield_only_triggers, test_every_case_checks_something = case_tests(CASES)
