"""A quoted ability (113.1a) keeps every part of its line: its intervening "if" (603.4) and its
activation restrictions (602.5b) are part of the granted ability's term, not dropped with the
quotes ("Activate only as a sorcery." inside a granted ability restricts that ability)."""

from __future__ import annotations

import pytest

from mtgkb.carddb import default_database
from mtgkb.parser.oracle import parse_ability_line
from mtgkb.parser.terms import Fn, render


@pytest.fixture(scope="module")
def db():
    return default_database()


def _quoted(t):
    if isinstance(t, Fn):
        if t.name == "quoted":
            yield t.args[0]
        for a in t.args:
            yield from _quoted(a)


def _granted(ab) -> list[str]:
    assert ab.understood, ab.reason
    return [render(q) for e in ab.effects for q in _quoted(e)]


@pytest.mark.parametrize("name, rider", [
    ("Skygames", "riders(activate_only(sorcery_speed))"),
    ("Mindwhip Sliver", "riders(activate_only(sorcery_speed))"),
    ("Hold for Ransom", "riders(activate_only(sorcery_speed))"),
    ("Touch of Vitae", "riders(activate_only(once))"),
])
def test_activation_restriction_stays_with_the_granted_ability(db, name, rider):
    granted = _granted(next(a for a in db.face(name).abilities if '"' in a.text))
    assert len(granted) == 1 and granted[0].endswith("," + rider + ")"), granted


def test_intervening_if_stays_with_the_granted_trigger():
    ab = parse_ability_line('Enchanted creature has "At the beginning of your upkeep, if you control '
                            'a Forest, draw a card."', "X")
    (granted,) = _granted(ab)
    assert granted.startswith("ability(triggered,costs,")
    assert ",condition(_post(you_control(" in granted, granted  # as the outer line reads it


def test_plain_quoted_ability_keeps_its_four_parts():
    (granted,) = _granted(parse_ability_line('Enchanted land has "{T}: Add {G}."', "X"))
    assert granted == "ability(mana,costs(tap),none,effects(add(mana(g))))"
