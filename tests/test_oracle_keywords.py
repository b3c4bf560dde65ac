"""Keyword lines of real database cards: keywords with a number (702.75 hideaway N), and
two-word keywords (702.106 hidden agenda, 702.124 partner variants such as friends forever)."""

from __future__ import annotations

import pytest

from mtgkb.carddb import default_database
from oracle_support import effects


@pytest.fixture(scope="module")
def db():
    return default_database()


@pytest.mark.parametrize("name, index, terms", [
    ("Smuggler's Buggy", 0, ["keyword(hideaway(4))"]),
    ("Wiretapping", 0, ["keyword(hideaway(5))"]),
    ("Brago's Favor", 0, ["keyword(hidden_agenda)"]),
    ("Cecily, Haunted Mage", 2, ["keyword(friends_forever)"]),
])
def test_keyword_lines(db, name, index, terms):
    assert effects(db, name, index) == terms
