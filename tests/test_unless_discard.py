"""Discarding as the alternative of an "unless" (CR 118.12a, 118.3, 701.9a; mtgkb/rules/meaning_unless_discard.lp,
unless_discard.lp): "When Avatar of Discord enters the battlefield, sacrifice it unless you discard two cards".  The
discard is a cost: paid in full or not at all.  Before, the line was unread; "discard a land card" stays unread."""

from __future__ import annotations

from test_combat import case
from test_own_returns import _unread
from test_turn_structure import case_tests

AVATAR = ("It is Alice's turn.",)
ENTERS = ("Avatar of Discord enters under Alice's control.", "Avatar of Discord's triggered ability resolves.")
CASES = [
    case("avatar-empty-hand", AVATAR + ("Alice has no cards in hand.",) + ENTERS,
         ("Avatar of Discord is in Alice's graveyard.",), ("holds",)),
    # CR 118.3: one card cannot pay a cost of two: nothing is discarded
    case("avatar-one-card", AVATAR + ("Alice has Lightning Bolt in hand.",) + ENTERS,
         ("Avatar of Discord is in Alice's graveyard.", "Alice has Lightning Bolt in hand."), ("holds", "holds")),
    # CR 118.12a: two cards: the controller chooses
    case("avatar-two-cards", AVATAR + ("Alice has Lightning Bolt and Shock in hand.",) + ENTERS,
         ("May Avatar of Discord is on the battlefield.", "May Avatar of Discord is in Alice's graveyard.",
          "May Lightning Bolt is in Alice's graveyard."), ("holds", "holds", "holds")),
    # CR 402.3: a hand not given
    case("avatar-hand-unknown", AVATAR + ENTERS, ("Avatar of Discord is on the battlefield.",), ("undetermined",)),
]

test_unless_discard, test_unless_discard_ids = case_tests(CASES)


def test_other_kinds_of_card_stay_unread():
    assert not _unread("When Avatar of Discord enters the battlefield, sacrifice it unless you discard two cards.",
                       "Avatar of Discord")
    assert _unread("When Foo enters the battlefield, sacrifice it unless you discard a land card.", "Foo")
