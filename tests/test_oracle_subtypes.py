"""Subtypes are the names of the 205.3 lists (kb/reference/*-types.txt), singular, on real
database cards: plural forms are normalised ("Saprolings" -> Saproling, "Djinns" -> Djinn),
and a capitalised word that is no subtype ("choose Khans or Dragons", a token named
"Festering Goblin", a "Walker" token) is never read as one: the line is then unsupported
unless the grammar reads the word as part of a name."""

from __future__ import annotations

import pytest

from mtgkb.carddb import default_database
from mtgkb.parser.oracle import capitalised_types
from mtgkb.parser.terms import Fn
from oracle_support import database_cards


@pytest.fixture(scope="module")
def db():
    return default_database()


def _subtypes(ab) -> set[str]:
    out: set[str] = set()

    def walk(t):
        if isinstance(t, Fn):
            if t.name == "subtype" and t.args and isinstance(t.args[0], str):
                out.add(t.args[0])
            for a in t.args:
                walk(a)
    for e in ab.effects:
        walk(e)
    return out


@pytest.mark.parametrize("name, index, subtypes", [
    ("Thelonite Hermit", 0, {"Saproling"}),
    ("Vindictive Mob", 1, {"Saproling"}),
    ("Kor Castigator", 0, {"Eldrazi", "Scion"}),
    ("Suleiman's Legacy", 0, {"Djinn", "Efreet"}),
    ("Varchild, Betrayer of Kjeldor", 2, {"Survivor"}),
])
def test_plural_subtypes_normalised(db, name, index, subtypes):
    ab = db.face(name).abilities[index]
    assert ab.understood, ab.reason
    assert _subtypes(ab) == subtypes


@pytest.mark.parametrize("name, index", [
    ("Citadel Siege", 0),           # "choose Khans or Dragons": not subtypes
    ("Mirrodin Besieged", 0),       # "choose Mirran or Phyrexian"
    ("Michonne, Ruthless Survivor", 0),   # "Walker tokens": a token name, not a creature type
    ("Skirk Ridge Exhumer", 0),     # "When Festering Goblin dies": a name, not two subtypes
    ("Unified Lunge", 0),           # "Heads": no subtype
])
def test_capitalised_non_subtypes_are_not_read_as_subtypes(db, name, index):
    ab = db.face(name).abilities[index]
    assert not ab.understood or not (_subtypes(ab) - set(capitalised_types().values())), ab.effects


def test_every_subtype_in_the_database_terms_is_a_205_3_subtype():
    """A whole-database scan (every face): no understood ability names a subtype outside the
    205.3 lists."""
    known = set(capitalised_types().values()) | {"snow"}   # "snow and Zombie": snow_or_subtype's own form
    stray: dict[str, str] = {}
    for card in database_cards():
        for face in card.faces:
            for ab in face.abilities:
                if ab.understood:
                    for s in _subtypes(ab) - known:
                        stray.setdefault(s, face.name)
    assert stray == {}
