"""'~ deals damage to that player equal to the number of white cards in their hand' after 'Target player reveals
their hand.' (Inquisition; 107.1, 402.1; mtgkb/rules/meaning_hand_colors.lp, hand_colors.lp)."""

from __future__ import annotations

from casting_support import cast_given, check, verdicts


def test_the_white_cards_of_the_revealed_hand_are_counted(tmp_path, session):
    given = cast_given("Bob has Savannah Lions, Serra Angel and Lightning Bolt in hand.", "{C}{C}{B}", "Inquisition",
                       target="Bob")
    r = check(tmp_path, given, "Bob has 18 life.\nBob has 20 life.", session=session)
    assert verdicts(r) == ["holds", "fails"], r.claims


def test_a_card_no_sentence_names_leaves_the_damage_open(tmp_path, session):
    given = cast_given("Bob has Savannah Lions and 1 unknown card in hand.", "{C}{C}{B}", "Inquisition", target="Bob")
    r = check(tmp_path, given, "Bob has 19 life.", session=session)
    assert verdicts(r) == ["undetermined"], r.claims
    assert "Bob's hand" in r.claims[0].message, r.claims
