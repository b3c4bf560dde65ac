"""A player discards their whole hand (701.9a, 402.1; mtgkb/rules/meaning_hand_wheels.lp, hand_wheels.lp): "discard
your hand, then draw three cards", "Each player discards their hand, then draws seven cards"; an empty hand
discards nothing and the draw still happens; a hand no sentence gave leaves the resolution undetermined.  Real
cards (Bedlam Reveler, Reforge the Soul)."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests


def reveler(hand: str) -> tuple[str, ...]:
    return (("It is Alice's turn.", "Alice's library has 20 cards.") + ((hand,) if hand else ())
            + ("Bedlam Reveler enters under Alice's control.", "Bedlam Reveler's triggered ability resolves."))


REFORGE = ("It is Alice's turn.", "Alice has Lightning Bolt and Island in hand.", "Bob has Forest in hand.",
           "Alice's library has 20 cards.", "Bob's library has 20 cards.",
           "Alice has {C}{C}{C}{R}{R} in her mana pool.", "Alice casts Reforge the Soul, paying from her mana pool.",
           "Reforge the Soul resolves.")

CASES = [
    case("reveler-discards-then-draws", reveler("Alice has Lightning Bolt and Island in hand."),
         ("Lightning Bolt is in Alice's graveyard.", "Island is in Alice's graveyard.", "Alice has 3 cards in hand.",
          "Alice's library has 17 cards."), ("holds",) * 4),
    # 701.9a: nothing to discard; the cards drawn are not discarded (the draw comes after)
    case("reveler-empty-hand", reveler("Alice has no cards in hand."),
         ("Alice has 3 cards in hand.", "Alice's library has 17 cards."), ("holds", "holds")),
    # 402.3: how many cards the hand holds is not known
    case("reveler-hand-not-given", reveler(""), ("Alice's library has 17 cards.",), ("undetermined",)),
    # 101.4, 701.9a: each player discards their own hand, then each draws seven
    case("each-player", REFORGE,
         ("Alice has 7 cards in hand.", "Bob has 7 cards in hand.", "Lightning Bolt is in Alice's graveyard.",
          "Island is in Alice's graveyard.", "Forest is in Bob's graveyard.", "Bob's library has 13 cards.",
          "Reforge the Soul is in Alice's graveyard."), ("holds",) * 7),
]


test_hand_wheels, test_every_case_checks_something = case_tests(CASES)


def test_whole_hand_discards_are_applied(tmp_path):
    assert parse_applied(tmp_path, "Wheel\nSorcery\nEach player discards their hand, then draws seven cards.\n") == [True]
    assert parse_applied(tmp_path, "Winds\nInstant\nDiscard all the cards in your hand, then draw two cards.\n") == [True]
    # "that many" counts the cards discarded: not read
    assert parse_applied(tmp_path, "Winds\nInstant\nDiscard all the cards in your hand, then draw that many "
                         "cards.\n") == [False]
