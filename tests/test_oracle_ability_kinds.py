"""Ability kinds follow 605.1 on real database cards: an activated or triggered ability is a
mana ability when it adds mana itself (and has no target), not when a token it creates has a
quoted ability that adds mana (that is the token's ability, 113.1a); a triggered ability that
triggers on a land being tapped for mana and adds mana is a mana ability (605.1b), whatever
words follow "tapped for mana"."""

from __future__ import annotations

import pytest

from mtgkb.carddb import default_database


@pytest.fixture(scope="module")
def db():
    return default_database()


@pytest.mark.parametrize("name, index, kind", [
    # the quoted "Add" belongs to the tokens: the ability itself is an activated ability
    ("Spawning Bed", 1, "activated"),
    ("Spawnsire of Ulamog", 1, "activated"),
    ("Svella, Ice Shaper", 0, "activated"),
    ("Llanowar Mentor", 0, "activated"),
    ("Careful Cultivation", 2, "activated"),
    # 605.1b: "Whenever a basic land is tapped for mana of the chosen color, ... adds ..."
    ("Gauntlet of Power", 2, "mana"),
    # unchanged: plain mana abilities and a plain activated ability
    ("Spawning Bed", 0, "mana"),
    ("Llanowar Elves", 0, "mana"),
    ("Vitu-Ghazi, the City-Tree", 1, "activated"),
    # 605.1b with the plain wording
    ("Mana Flare", 0, "mana"),
])
def test_ability_kind(db, name, index, kind):
    ab = db.face(name).abilities[index]
    assert ab.understood, ab.reason
    assert ab.kind == kind, (name, ab.text, ab.kind)


def test_token_with_quoted_mana_ability_is_not_applied_as_mana(db):
    """The mana section no longer reads Spawning Bed's token-making ability as a way to pay."""
    from mtgkb.coverage import ability_symbol, applied_abilities

    face = db.face("Spawning Bed")
    applied, _ = applied_abilities([face])
    assert ability_symbol(face, 1) in applied       # {T}: Add {C}. (abilities count from 1)
    assert ability_symbol(face, 2) not in applied   # creates tokens: unread by the engine
