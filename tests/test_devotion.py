"""Devotion to a color (700.5, 700.5a; mtgkb/rules/meaning_devotion.lp, devotion.lp): the colored mana symbols
among the mana costs of the permanents a player controls, hybrid and Phyrexian ones toward their colors, counted as
the ability resolves; as an amount of life, damage, tokens, counters, X, and a characteristic-defining ability."""

from __future__ import annotations

import pytest

from casting_support import check, verdicts


def _enters(tmp_path, board: str, card: str, expect: str, session):
    return check(tmp_path, f"{board}\nIt is Alice's turn.\n{card} enters under Alice's control.\n"
                 f"{card}'s triggered ability resolves.", expect, session=session)


def test_life_lost_and_gained_equal_to_devotion(tmp_path, session):
    # Gray Merchant {3}{B}{B} + Deathrite Shaman {B/G} + Vault Skirge {1}{B/P}: 4 (Bob's Vault Skirge not counted)
    r = _enters(tmp_path, "Alice controls Deathrite Shaman and Vault Skirge.\nBob controls Vault Skirge #2.",
                "Gray Merchant of Asphodel", "Bob has 16 life.\nAlice has 24 life.", session)
    assert verdicts(r) == ["holds", "holds"], r.claims


def test_damage_equal_to_devotion_to_each_opponent(tmp_path, session):
    # Fanatic of Mogis {3}{R} with Hill Giant {3}{R}: devotion to red 2
    r = _enters(tmp_path, "Alice controls Hill Giant.", "Fanatic of Mogis", "Bob has 18 life.", session)
    assert verdicts(r) == ["holds"], r.claims


def test_counters_equal_to_devotion(tmp_path, session):
    # Reverent Hunter {2}{G} (1/1) with Grizzly Bears {1}{G} and Llanowar Elves {G}: devotion to green 3
    r = _enters(tmp_path, "Alice controls Grizzly Bears and Llanowar Elves.", "Reverent Hunter",
                "Reverent Hunter has 3 +1/+1 counters.\nReverent Hunter is 4/4.", session)
    assert verdicts(r) == ["holds", "holds"], r.claims


@pytest.mark.parametrize("blue,verdict", [
    ("Merfolk of the Pearl Trident", "fails"),     # X = 1: Bob may pay {C} (true in some outcomes only)
    ("Merfolk of the Pearl Trident and Merfolk of the Pearl Trident #2", "holds"),     # X = 2: he cannot
])
def test_unless_its_controller_pays_x_where_x_is_devotion(tmp_path, session, blue, verdict):
    # Thassa's Rebuff counts Alice's devotion to blue as it resolves (itself on the stack is not a permanent)
    given = (f"Alice controls {blue}.\nIt is Bob's turn.\nBob has {{C}}{{G}} in his mana pool.\n"
             "Bob casts Grizzly Bears, paying from his mana pool.\nAlice has {C}{U} in her mana pool.\n"
             "Alice casts Thassa's Rebuff targeting Grizzly Bears, paying from her mana pool.\n"
             "Bob has {C} in his mana pool.\nThassa's Rebuff resolves.")
    r = check(tmp_path, given, "Grizzly Bears is in Bob's graveyard.", session=session)
    assert verdicts(r) == [verdict], (r.error, r.claims)

