"""A player's life total as a condition (CR 119.1, 603.4, 611.3a; mtgkb/rules/meaning_life_conditions.lp,
life_conditions.lp): a permanent's static ability "as long as you have N or more life" / "as long as an opponent
has N or less life", and a triggered ability's intervening "if you have N or less life".  Real cards of the card
database; before, each of these lines was unread."""

from __future__ import annotations

from test_combat import case
from test_turn_structure import case_tests

CASES = [
    case("serra-ascendant-at-30", ("It is Alice's turn.", "Alice controls Serra Ascendant.", "Alice has 30 life."),
         ("Serra Ascendant is 6/6.", "Serra Ascendant has flying."), ("holds", "holds")),
    case("serra-ascendant-at-29", ("It is Alice's turn.", "Alice controls Serra Ascendant.", "Alice has 29 life."),
         ("Serra Ascendant is 1/1.", "Serra Ascendant does not have flying."), ("holds", "holds")),
    # CR 611.3a: checked at every moment: life gained later turns it on
    case("twinblade-paladin-gains-double-strike", ("It is Alice's turn.", "Alice controls Twinblade Paladin.",
                                                   "Alice has 25 life."),
         ("Twinblade Paladin has double strike.",), ("holds",)),
    case("bloodghast-haste-when-an-opponent-is-low", ("It is Alice's turn.", "Alice controls Bloodghast.",
                                                      "Bob has 10 life."),
         ("Bloodghast has haste.",), ("holds",)),
    case("bloodghast-no-haste", ("It is Alice's turn.", "Alice controls Bloodghast.", "Bob has 11 life."),
         ("Bloodghast does not have haste.",), ("holds",)),
    case("guul-draz-vampire", ("It is Alice's turn.", "Alice controls Guul Draz Vampire.", "Bob has 3 life."),
         ("Guul Draz Vampire is 3/2.",), ("holds",)),
    # CR 603.4: the intervening "if" at the upkeep: it triggers only with 10 or less life
    case("convalescence-at-10", ("It is Bob's turn.", "Alice controls Convalescence.", "Alice has 10 life.",
                                 "Alice's upkeep begins.", "Convalescence's triggered ability resolves."),
         ("Alice has 11 life.",), ("holds",)),
    case("convalescence-at-11-does-not-trigger", ("It is Bob's turn.", "Alice controls Convalescence.",
                                                  "Alice has 11 life.", "Alice's upkeep begins."),
         ("Alice has 11 life.",), ("holds",)),
]

test_life_conditions, test_life_conditions_ids = case_tests(CASES)
