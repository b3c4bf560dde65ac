"""Domain: 'the number of basic land types among lands you control' (305.6, 205.3i; mtgkb/rules/meaning_domain.lp,
domain.lp): each basic land type once, among the caster's lands as the spell resolves, in every 'for each' /
'the number of' reading of meaning_amounts.lp."""

from __future__ import annotations

import pytest

from casting_support import cast_given, check, verdicts


@pytest.mark.parametrize("lands,life", [("Grizzly Bears", 20), ("Forest and Forest #2", 19),
                                        ("Plains, Island, Swamp, Mountain and Forest", 15), ("Taiga", 18)])
def test_tribal_flames_counts_each_basic_land_type_once(tmp_path, session, lands, life):
    r = check(tmp_path, cast_given(f"Alice controls {lands}.", "{C}{R}", "Tribal Flames", "Bob"),
              f"Bob has {life} life.", session=session)
    assert verdicts(r) == ["holds"], r.claims


def test_a_token_for_each_basic_land_type(tmp_path, session):
    # Spore Burst: a 1/1 Saproling for each basic land type among Alice's lands (Forest, Island: 2)
    r = check(tmp_path, cast_given("Alice controls Forest, Island and Forest #2.", "{C}{C}{C}{G}", "Spore Burst"),
              "Alice controls 2 permanents named Saproling Token.", session=session)
    assert verdicts(r) == ["holds"], r.claims


def test_the_lands_of_another_player_do_not_count(tmp_path, session):
    r = check(tmp_path, cast_given("Alice controls Grizzly Bears and Forest.\nBob controls Plains and Swamp.", "{G}",
                                   "Gaea's Might", "Grizzly Bears"), "Grizzly Bears is 3/3.", session=session)
    assert verdicts(r) == ["holds"], r.claims
