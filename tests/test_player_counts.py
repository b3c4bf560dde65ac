"""Counts of what a player controls (107.1, 109.4; mtgkb/rules/meaning_player_counts.lp, player_counts.lp):
"Choose target opponent. ... where X is the number of artifacts that player controls" (Curious Herd) and damage to
each player equal to what that player controls (Price of Progress)."""

from __future__ import annotations

from casting_support import cast_given, check, verdicts


def test_the_chosen_opponent_s_artifacts_are_counted(tmp_path, session):
    given = cast_given("Alice controls Ornithopter.\nBob controls Sol Ring and Millstone.", "{C}{C}{C}{G}",
                       "Curious Herd", target="Bob")
    r = check(tmp_path, given, "Alice controls 2 permanents named Beast Token.\n"
                               "Alice controls 1 permanent named Beast Token.", session=session)
    assert verdicts(r) == ["holds", "fails"], r.claims


def test_each_player_is_dealt_damage_by_what_that_player_controls(tmp_path, session):
    given = cast_given("Alice controls Tropical Island.\nBob controls Volcanic Island, Mishra's Factory and Forest.",
                       "{C}{R}", "Price of Progress")
    r = check(tmp_path, given, "Alice has 18 life.\nBob has 16 life.\nBob has 20 life.", session=session)
    assert verdicts(r) == ["holds", "holds", "fails"], r.claims
