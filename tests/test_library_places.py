"""An object put into a library at a stated place (CR 401.4, 400.3; mtgkb/rules/library_places.lp,
meaning_effects.lp, mtgkb/engine/zone_state.py place()): on top, on the bottom, N-th from the top, and a
countered spell put on top instead of into the graveyard.  Before, the object joined the library's loose part,
so the known top card stayed the top card: "The top card of Bob's library is Forest." held after Griptide put
Hill Giant on top of it.  Real cards of the card database."""

from __future__ import annotations

from test_combat import case
from test_turn_structure import case_tests

BOARD = ("It is Alice's turn.", "Alice controls Grizzly Bears.", "Bob controls Hill Giant.",
         "Bob's library is Forest, Island and 20 unknown cards.")


def cast(card: str, mana: str, target: str = "Hill Giant") -> tuple[str, ...]:
    return BOARD + (f"Alice has {mana} in her mana pool.",
                    f"Alice casts {card} targeting {target}, paying from her mana pool.", f"{card} resolves.")


CASES = [
    case("on-top-is-the-top-card", cast("Griptide", "{U}{C}{C}{C}"),
         ("Hill Giant is in Bob's library.", "Bob's library has 23 cards.", "The top card of Bob's library is Hill Giant.",
          "The top card of Bob's library is Forest."), ("holds", "holds", "holds", "fails")),
    case("on-top-then-drawn", cast("Griptide", "{U}{C}{C}{C}") + ("Bob draws a card.",),
         ("Bob has Hill Giant in hand.", "The top card of Bob's library is Forest."), ("holds", "holds")),
    case("second-from-the-top", cast("Oust", "{W}") + ("Bob draws a card.",),
         ("Bob has Forest in hand.", "The top card of Bob's library is Hill Giant.", "Bob has 23 life."),
         ("holds", "holds", "holds")),
    case("on-the-bottom-leaves-the-top", BOARD + ("Alice controls Bonesplitter.",) + cast("Hide", "{R}{W}", "Bonesplitter")[4:],
         ("Bonesplitter is in Alice's library.", "Bob's library has 22 cards.", "The top card of Bob's library is Forest."),
         ("holds", "holds", "holds")),
    # a library of unknown cards: second from the top is below its unknown top card; a second draw takes it (a
    # hand no sentence gave may hold another Hill Giant: not settled)
    case("second-from-the-top-of-unknown-cards", BOARD[:3] + (
        "Bob's library has 20 cards.", "Alice has {W} in her mana pool.",
        "Alice casts Oust targeting Hill Giant, paying from her mana pool.", "Oust resolves.", "Bob draws a card."),
         ("Hill Giant is in Bob's library.", "Bob has Hill Giant in hand."), ("holds", "undetermined")),
    case("second-from-the-top-drawn-second", BOARD[:3] + (
        "Bob's library has 20 cards.", "Bob has no cards in hand.", "Alice has {W} in her mana pool.",
        "Alice casts Oust targeting Hill Giant, paying from her mana pool.", "Oust resolves.", "Bob draws two cards."),
         ("Hill Giant is in Bob's library.", "Bob has 2 cards in hand."), ("fails", "holds")),
    # CR 701.6a, 614.1a: the spell Memory Lapse counters goes on top of its owner's library instead
    case("countered-onto-the-top", ("It is Alice's turn.", "Alice's library is Forest and 20 unknown cards.",
                                    "Alice has {R} in her mana pool.", "Bob has {U}{C} in his mana pool.",
                                    "Alice casts Shock targeting Bob, paying from her mana pool.",
                                    "Bob casts Memory Lapse targeting Shock, paying from his mana pool.",
                                    "Memory Lapse resolves."),
         ("Shock is in Alice's library.", "The top card of Alice's library is Shock.", "Bob has 20 life."),
         ("holds", "holds", "holds")),
]

test_library_places, test_library_places_ids = case_tests(CASES)
