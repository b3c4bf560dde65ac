"""Steps done depending on how the spell was cast (601.2a, 118.9, 702.33d): meaning_kicked.lp reads "If this spell was
kicked / cast from a graveyard / cast from your hand" and "If this spell's <surge, prowl, ...> cost was paid";
kicked.lp turns a step off when the spell on the stack was not cast that way."""

from __future__ import annotations

import pytest
from clingo import Function, Number, String

from casting_support import cast_given, check, verdicts
from mtgkb.carddb import default_database
from mtgkb.coverage import derive


@pytest.fixture(scope="module")
def db():
    return default_database()


def step_ifs(db, name: str, k: int) -> tuple[bool, set[str]]:
    face = db.face(name)
    A = Function("ab", [String(face.name), Number(k)])
    new, _ = derive([face], frozenset({"tl_step_if", "applied"}))
    mine = [x for x in new if x.arguments[0] == A]
    return any(x.name == "applied" for x in mine), {str(x.arguments[2]) for x in mine if x.name == "tl_step_if"}


@pytest.mark.parametrize("name, k, keys", [
    ("Increasing Savagery", 1, {"cast_from(graveyard)", "unless_how(cast_from(graveyard))"}),
    ("Crush of Tentacles", 2, {"cost_paid(surge)"}),
    ("Morsel Theft", 2, {"cost_paid(prowl)"}),
    ("Blink of an Eye", 2, {"kicked"}),
    ("Breath of Darigaaz", 2, {"kicked", "unless_how(kicked)"}),
])
def test_the_condition_is_read(db, name, k, keys):
    applied, got = step_ifs(db, name, k)
    assert applied and got == keys


def test_madness_paid_is_not_read_here(db):
    # a madness cost can be paid (zone_casting.lp): "if this spell's madness cost was paid" is not a never-paid cost
    applied, _ = step_ifs(db, "Avacyn's Judgment", 2)
    assert not applied


def test_from_hand_the_first_sentence(tmp_path):
    given = cast_given("Alice controls Grizzly Bears.", "{C}{C}{G}{G}", "Increasing Savagery", "Grizzly Bears")
    r = check(tmp_path, given, "Grizzly Bears has 5 +1/+1 counters.\nGrizzly Bears has 10 +1/+1 counters.")
    assert verdicts(r) == ["holds", "fails"]


def test_from_the_graveyard_instead(tmp_path):
    given = cast_given("Alice controls Grizzly Bears.\nIncreasing Savagery is in Alice's graveyard.", "{C}{C}{C}{C}{C}{G}{G}",
                       "Increasing Savagery", "Grizzly Bears")
    r = check(tmp_path, given, "Grizzly Bears has 10 +1/+1 counters.\nGrizzly Bears is 12/12.")
    assert verdicts(r) == ["holds", "holds"]


def test_surge_never_paid(tmp_path):
    given = cast_given("Bob controls Hill Giant.", "{C}{C}{C}{C}{U}{U}", "Crush of Tentacles")
    r = check(tmp_path, given, "No token is created.\nHill Giant is in Bob's hand.")
    assert verdicts(r) == ["holds", "holds"]
