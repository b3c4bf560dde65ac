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


@pytest.mark.parametrize("name, header, kind", [
    # 700.2: a mode of a triggered or activated ability is part of it, not a static ability
    ("Sandsteppe Outcast", 0, "triggered"),
    ("Orzhov Pontiff", 1, "triggered"),
    ("Breya's Apprentice", 1, "activated"),
    ("Umezawa's Jitte", 1, "activated"),
    # a modal spell's modes stay spell text
    ("Maestros Charm", 0, "spell"),
])
def test_mode_lines_have_their_headers_kind(db, name, header, kind):
    """`header` is the index of the modal ability's header line; its modes follow it."""
    from mtgkb.parser.oracle import is_mode_line

    abilities = db.face(name).abilities
    modes = []
    for a in abilities[header + 1:]:
        if not is_mode_line(a):
            break
        modes.append(a)
    assert abilities[header].kind == kind and not is_mode_line(abilities[header]) and len(modes) >= 2
    assert [a.kind for a in modes] == [kind] * len(modes), [(a.text, a.kind) for a in modes]
