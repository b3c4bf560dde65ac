"""A trigger on the second spell a player casts in a turn (CR 601.2i, 603.2; mtgkb/rules/meaning_cast_count.lp,
cast_count.lp): the stepper records how many spells each player cast this turn; with the turn's history unknown, a
cast that could be the second is undetermined.  Real cards of the card database; before, the trigger was unread."""

from __future__ import annotations

from test_combat import case
from test_turn_structure import case_tests

BOARD = ("Alice controls Doomskar Oracle.", "It is Alice's turn.", "Alice has {R}{R}{R} in her mana pool.")
BOLT = "Alice casts Lightning Bolt targeting Bob, paying from her mana pool."
SHOCK = "Alice casts Shock targeting Bob, paying from her mana pool."
SPIKE = "Alice casts Lava Spike targeting Bob, paying from her mana pool."
CASES = [
    case("second-spell-triggers", BOARD + ("Nothing happened earlier this turn.", BOLT, "Lightning Bolt resolves.",
                                           SHOCK, "Doomskar Oracle's triggered ability resolves.", "Shock resolves."),
         ("Alice has 22 life.", "Bob has 15 life."), ("holds", "holds")),
    # CR 601.2i: the third spell is not the second
    case("third-spell-does-not-trigger", BOARD + ("Nothing happened earlier this turn.", BOLT, "Lightning Bolt resolves.",
                                                  SHOCK, "Doomskar Oracle's triggered ability resolves.",
                                                  "Shock resolves.", SPIKE, "Lava Spike resolves."),
         ("Alice has 22 life.", "Bob has 12 life."), ("holds", "holds")),
    # the turn's earlier spells are unknown: the first spell the block casts might be the second
    case("history-unknown-is-undetermined", BOARD + (BOLT, "Lightning Bolt resolves."),
         ("Alice has 20 life.",), ("undetermined",)),
    # ... and so is everything after it (the first might have triggered it)
    case("history-unknown-stays-undetermined", BOARD + (BOLT, "Lightning Bolt resolves.", SHOCK, "Shock resolves."),
         ("Bob has 15 life.",), ("undetermined",)),
    # a turn that begins in the block is known from its start
    case("a-new-turn-is-known", ("Alice controls Doomskar Oracle.", "It is Bob's turn.",
                                 "The game proceeds to Alice's turn.", "Alice has {R} in her mana pool.", BOLT,
                                 "Lightning Bolt resolves."),
         ("Alice has 20 life.", "Bob has 17 life."), ("holds", "holds")),
]

test_cast_count, test_cast_count_ids = case_tests(CASES)
