"""Kinds of card a library search or a look at the top cards takes (mtgkb/rules/meaning_card_kinds.lp,
card_kinds.lp): a permanent card (110.4), a card of a color (105.2), a card of either of two card types (205.2a)."""

from __future__ import annotations

import pytest

from casting_support import cast_given, check, verdicts


def seeker(kind: str) -> str:
    return ("  card:\n    Test Seeker {U}\n    Sorcery\n"
            f"    Search your library for {kind}, reveal it, put it into your hand, then shuffle.\n")


GIVEN = cast_given("Alice's library is Lightning Bolt, Forest and Vampire Nighthawk.\nAlice has no cards in hand.",
                   "{U}", "Test Seeker")


@pytest.mark.parametrize("kind, may, never", [
    ("a permanent card", ("Forest", "Vampire Nighthawk"), ("Lightning Bolt",)),
    ("a black card", ("Vampire Nighthawk",), ("Forest", "Lightning Bolt")),
    ("an instant or sorcery card", ("Lightning Bolt",), ("Forest", "Vampire Nighthawk")),
])
def test_a_search_finds_only_a_card_of_the_kind(tmp_path, kind, may, never):
    claims = [f"Alice may have {c} in hand." for c in may] + [f"Alice does not have {c} in hand." for c in never]
    r = check(tmp_path, GIVEN, "\n".join(claims), seeker(kind))
    assert verdicts(r) == ["holds"] * len(claims)


def test_a_look_at_unknown_cards_may_take_one_or_none(tmp_path):
    # the top three cards are not known: any of them may be a permanent card, or none (608.2d, 401.1)
    given = cast_given("Alice's library has 30 cards.\nAlice has no cards in hand.", "{C}{G}", "Bond of Flourishing")
    r = check(tmp_path, given, "Alice has 23 life.\nBond of Flourishing is in Alice's graveyard.\n"
              "Alice has 1 card in hand.\nAlice has no cards in hand.\nAlice has 2 cards in hand.")
    # one card taken in some outcomes, none in others: neither "1 card" nor "no cards" is true in every outcome
    assert verdicts(r) == ["holds", "holds", "fails", "fails", "fails"]
