"""'The number of cards in your hand' as an amount (402.1, 107.1; mtgkb/rules/meaning_hand_counts.lp,
hand_counts.lp): counted as the spell resolves, unknown where the hand is not given in full (402.3), not
followed where the same resolution moves cards first."""

from __future__ import annotations

import pytest

from casting_support import cast_given, check, verdicts


@pytest.mark.parametrize("hand,life", [("Alice has no cards in hand.", 20), ("Alice has Forest in hand.", 19),
                                       ("Alice has Forest, Island and 2 unknown cards in hand.", 16)])
def test_damage_equal_to_the_cards_in_hand(tmp_path, session, hand, life):
    given = cast_given(f"Alice controls Grizzly Bears.\n{hand}", "{C}{C}{C}{R}", "Spiraling Embers", "Bob")
    r = check(tmp_path, given, f"Bob has {life} life.", session=session)
    assert verdicts(r) == ["holds"], r.claims


def test_a_hand_not_given_leaves_the_amount_open(tmp_path, session):
    given = cast_given("Alice controls Grizzly Bears.", "{C}{C}{C}{R}", "Spiraling Embers", "Bob")
    r = check(tmp_path, given, "Bob has 20 life.\nBob has 19 life.", session=session)
    assert verdicts(r) == ["undetermined", "undetermined"], r.claims
    assert "Alice's hand" in r.claims[0].message, r.claims[0].message


def test_x_is_the_hand_as_the_spell_resolves(tmp_path, session):
    given = cast_given("Alice controls Grizzly Bears.\nAlice has Forest and Island in hand.", "{C}{C}{G}",
                       "Inner Calm, Outer Strength", "Grizzly Bears")
    r = check(tmp_path, given, "Grizzly Bears is 4/4.", session=session)
    assert verdicts(r) == ["holds"], r.claims


def test_cards_drawn_by_the_same_resolution_are_not_guessed(tmp_path, session):
    # Master the Way draws a card first, then counts the hand: not followed step by step, so not settled
    given = cast_given("Alice controls Grizzly Bears.\nAlice has Forest and Island in hand.\n"
                       "Alice's library has 10 cards.", "{C}{C}{C}{U}{R}", "Master the Way", "Bob")
    r = check(tmp_path, given, "Bob has 17 life.", session=session)
    assert verdicts(r) == ["undetermined"], r.claims
