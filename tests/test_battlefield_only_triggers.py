"""An unread trigger that functions only on the battlefield (CR 113.6, 113.6m, 701.21a; triggers.lp
t_battlefield_only/1): Piru, the Volatile's "At the beginning of your upkeep, sacrifice ~ unless you pay {R}{W}{B}"
does not leave the events after its card went to the graveyard unsettled; on the battlefield it still does."""

from __future__ import annotations

from test_combat import case
from test_turn_structure import case_tests

BOARD = ("It is Alice's turn.", "Bob controls Hill Giant.", "Alice controls Piru, the Volatile.")
CASES = [
    case("its-card-in-the-graveyard-does-not-unsettle", BOARD + (
        "Piru, the Volatile dies.", "Piru, the Volatile's second triggered ability resolves."),
         ("Hill Giant is in Bob's graveyard.", "Alice has 27 life."), ("holds", "holds")),
    # on the battlefield, its unread upkeep trigger is there to trigger at Alice's upkeep
    case("on-the-battlefield-the-upkeep-trigger-is-unsettled", BOARD + (
        "The game proceeds to Bob's turn.", "Alice's upkeep begins.",
        "Piru, the Volatile's first triggered ability resolves."),
         ("Piru, the Volatile is on the battlefield.",), ("undetermined",)),
]


test_battlefield_only_triggers, test_every_case_checks_something = case_tests(CASES)
