"""What a search finds when no sentence names the card (CR 401.2, 701.23a, 701.23b; mtgkb/rules/search_candidates.lp,
mtgkb/engine/search_pool.py): a card put onto the battlefield from a library nobody described is each card of the
card database that fits the search's description, an outcome each, or nothing.  Before, the card found was an unknown
permanent and every claim after it was undetermined.  A candidate whose text is not read, more candidates than the
bound, and a card found into the hand (hidden) stay undetermined."""

from __future__ import annotations

from clingo import Function, Number, String

from test_combat import case
from test_turn_structure import case_tests


def _elf(card: str) -> tuple:
    return ("Alice's library has 30 cards.", "It is Alice's turn.", f"{card} enters under Alice's control.",
            f"{card}'s triggered ability resolves.")


CASES = [
    # CR 205.4a, 701.23a: a basic land card: the basic lands of the database, snow ones and Wastes too
    case("basic-land-card", _elf("Farhaven Elf"),
         ("Alice has 20 life.", "May Alice controls 1 permanent named Wastes.",
          "May Alice controls 1 permanent named Snow-Covered Mountain.", "Alice controls 0 permanents named Taiga."),
         ("holds", "holds", "holds", "holds")),
    # CR 205.3i: a basic Forest or Island card; 701.23b: or nothing
    case("basic-forest-or-island", _elf("Quandrix Cultivator"),
         ("May Alice controls 1 permanent named Snow-Covered Island.", "May Alice's library has 30 cards.",
          "Alice controls 0 permanents named Plains.", "Quandrix Cultivator is on the battlefield."),
         ("holds", "holds", "holds", "holds")),
    # a candidate whose text is not read (Canopy Vista's "enters tapped unless"): not settled
    case("unread-candidate-stays-undetermined", _elf("Kor Cartographer"), ("Bob has 20 life.",), ("undetermined",)),
    # more candidates than the bound (a land card): the card found stays an unknown permanent
    case("too-many-candidates-stay-unknown", _elf("Golos, Tireless Pilgrim"), ("Bob has 20 life.",),
         ("undetermined",)),
]

test_search_candidates, test_search_candidates_ids = case_tests(CASES)


def test_pool_candidates_follow_the_description(session):
    """The candidates are decided by rules.lp (zn_match/2 over the database's records), not by the stepper."""
    from mtgkb.engine.ask import Ask
    from mtgkb.engine.search_pool import search_candidates
    from mtgkb.program import program_text

    ask = Ask(program_text(), 120, limit=64)
    basics, why = search_candidates(ask, Function("basic_land"))
    assert why == "" and "Snow-Covered Forest" in basics and "Wastes" in basics and "Taiga" not in basics
    forests, _ = search_candidates(ask, Function("sub", [String("Forest")]))
    assert {"Dryad Arbor", "Temple Garden", "Forest"} <= set(forests) and "Island" not in forests
    lands, why = search_candidates(ask, Function("type", [Function("land")]))
    assert lands == [] and "more than" in why
    # a mana value is not given to the pool: not judged, never an empty set of candidates
    mvq, why = search_candidates(ask, Function("mvq", [Function("basic_land"), Function("le", [Number(1)])]))
    assert mvq == [] and why
