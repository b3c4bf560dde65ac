"""Explore (CR 701.44; mtgkb/rules/meaning_explore.lp, explore.lp, zones.lp, engine/zones.py): the top card
of the library is revealed; a land card goes to the hand, otherwise the exploring permanent gets a +1/+1
counter and the card goes to the graveyard or stays on top (an outcome each); a card no sentence named may be
either (an outcome each, and an unknown card put into the graveyard leaves what follows unsettled).
Table-driven with ad-hoc cards."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

CARDS = """
card:
  River Scout {1}{G}
  Creature — Merfolk Scout
  When River Scout enters, it explores.
  2/1

card:
  Counting Sprite {1}{W}
  Creature — Faerie
  Whenever one or more +1/+1 counters are put on a creature you control, you gain 1 life.
  1/1
"""

HAND = ("It is Alice's turn.", "Alice has no cards in hand.")
ENTERS = ("River Scout enters under Alice's control.", "River Scout's triggered ability resolves.")
CASES = [
    case("a-land-goes-to-the-hand", HAND + ("Alice's library is Forest and 5 unknown cards.",) + ENTERS,
         ("Alice has 1 card in hand.", "River Scout has no +1/+1 counters.", "Alice's library has 5 cards."),
         ("holds", "holds", "holds")),
    case("a-nonland-card-gives-a-counter", HAND + ("Alice's library is Grizzly Bears and 5 unknown cards.",) + ENTERS,
         ("River Scout is 3/2.", "Alice has no cards in hand.", "Grizzly Bears is in Alice's graveyard.",
          "Grizzly Bears is in Alice's library."), ("holds", "holds", "fails", "fails")),
    case("the-counter-is-an-event", HAND + ("Alice controls Counting Sprite.",
                                            "Alice's library is Grizzly Bears and 5 unknown cards.") + ENTERS + (
        "Counting Sprite's triggered ability resolves.",),
         ("Alice has 21 life.",), ("holds",)),
    case("an-empty-library-still-gives-the-counter", HAND + ("Alice's library has 0 cards.",) + ENTERS,
         ("River Scout is 3/2.", "Alice has no cards in hand."), ("holds", "holds")),
    # an unknown card: a land (to the hand) or not (a counter; kept on top, or into the graveyard)
    case("an-unknown-card-is-either", HAND + ("Alice's library has 5 cards.",) + ENTERS,
         ("River Scout is 2/1.", "River Scout is 3/2.", "Alice has 1 card in hand."), ("fails", "fails", "fails")),
    case("a-scout-gone-still-reveals", HAND + ("Alice's library is Forest and 5 unknown cards.",
                                               "River Scout enters under Alice's control.", "River Scout dies.",
                                               "River Scout's triggered ability resolves."),
         ("Alice has 1 card in hand.",), ("holds",)),
]


test_explore, test_every_case_checks_something = case_tests(CASES, cards=CARDS)


def test_it_explores_is_applied(tmp_path):
    assert parse_applied(tmp_path, "River Scout {1}{G}\nCreature — Merfolk Scout\nWhen River Scout enters, it "
                         "explores.\n2/1\n") == [True]
