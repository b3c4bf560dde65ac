"""Fight (701.14), "<creature> deals damage equal to its power to" (120.1, 208.1), gaining control
(613.1b) and modes (700.2a): the reading (mtgkb/rules/meaning_fight.lp, meaning_modes.lp) and what a
resolution does (fight.lp, control.lp, modes.lp)."""

from __future__ import annotations

import pytest
from clingo import Function, Number, String

from mtgkb import facts, mana
from mtgkb.check import check_paths
from mtgkb.coverage import derive_from_facts

TL = frozenset({"tl_step", "tl_slot", "tl_mode_ab", "tl_unread"})


def face_meaning(face, indexes) -> set[str]:
    """What the meaning rules derive (tl_step, tl_slot, tl_mode_ab) from some abilities of a face."""
    fs = []
    for i in indexes:
        A = Function("ab", [String(face.name), Number(i)])
        fs += [facts.atom("printed", String("F"), Function("ability", [A]))]
        fs += facts.ability_facts(A, face.abilities[i - 1]) + mana.ability_mana_facts(A, face.abilities[i - 1])
    out = set()
    for f in derive_from_facts(fs, TL):
        s = str(f)
        for i in indexes:
            s = s.replace(str(Function("ab", [String(face.name), Number(i)])), f"A{i}")
        out.add(s)
    return out


@pytest.fixture(scope="module")
def db():
    from mtgkb.carddb import default_database

    return default_database()


def _spell_index(face) -> int:
    return next(i for i, a in enumerate(face.abilities, 1) if a.kind == "spell")


@pytest.mark.parametrize("card, step", [
    ("Prey Upon", "tl_step(A1,(1,1,0),fight(slot(1),slot(2)))"),
    ("Rabid Bite", "tl_step(A1,(1,1,0),bite(slot(1),slot(2)))"),
    ("Act of Treason", "tl_step(A1,(1,1,0),gain_control(slot(1),end_of_turn))"),
    ("Threaten", "tl_step(A1,(1,2,0),gain_control(slot(1),end_of_turn))"),
])
def test_the_verb_is_read_as_its_step(db, card, step):
    face = db.face(card)
    i = _spell_index(face)
    got = {s.replace(f"A{i}", "A1") for s in face_meaning(face, [i])}
    assert step in got, sorted(got)
    assert not any(s.startswith("tl_unread") for s in got), sorted(got)


def test_an_enters_trigger_that_fights_names_its_source(db):
    face = db.face("Kogla, the Titan Ape")
    i = next(k for k, a in enumerate(face.abilities, 1) if a.text.startswith("When Kogla"))
    got = face_meaning(face, [i])
    assert f"tl_step(A{i},(1,1,0),fight(self,slot(1)))" in got, sorted(got)


def test_a_control_change_for_as_long_as_is_not_read(db):
    """Only "until end of turn" (or no duration) is read: another duration leaves the sentence unread."""
    face = db.face("Old Man of the Sea")
    got = face_meaning(face, range(1, len(face.abilities) + 1))
    assert not any("gain_control" in s for s in got), sorted(got)


def test_a_choose_one_header_makes_its_modes_read(db):
    face = db.face("Abrade")
    got = face_meaning(face, [1, 2, 3])
    assert {"tl_step(A1,(1,1,0),modes(1))", "tl_mode_ab(A2)", "tl_mode_ab(A3)"} <= got, sorted(got)
    assert "tl_step(A3,(1,1,0),destroy(slot(1)))" in got


def test_choose_one_or_both_reads_between_one_and_two_modes(db):
    """700.2d: "one or both" lets the caster choose one mode or the two."""
    face = db.face("Branching Bolt")
    n = len(face.abilities)
    got = face_meaning(face, range(1, n + 1))
    assert {"tl_step(A1,(1,1,0),modes_between(1,2))", "tl_mode_ab(A2)", "tl_mode_ab(A3)"} <= got, sorted(got)


def _verdicts(tmp_path, text: str) -> dict[str, str]:
    p = tmp_path / "r.mtg"
    p.write_text(text, encoding="utf-8")
    report, errors = check_paths([str(p)], timeout=60.0)
    assert not errors, errors
    return {c.text: c.verdict for r in report.results for c in r.claims}


BOARD = """    Alice controls Grizzly Bears and Forest.
    Bob controls Hill Giant and Ornithopter.
    It is Alice's turn.
"""


def test_a_modal_spell_without_its_mode_is_undetermined(tmp_path):
    v = _verdicts(tmp_path, 'ruling "x"\n  given:\n' + BOARD + "    Alice has {C}{R} in her mana pool.\n    Alice casts Abrade targeting Ornithopter.\n"
                  "    Abrade resolves.\n  expect:\n    Ornithopter is on the battlefield.\n")
    assert v == {"Ornithopter is on the battlefield.": "undetermined"}


def test_the_mode_named_decides(tmp_path):
    v = _verdicts(tmp_path, 'ruling "x"\n  given:\n' + BOARD + "    Alice has {C}{R} in her mana pool.\n    Alice casts Abrade choosing mode 2 targeting "
                  "Ornithopter.\n    Abrade resolves.\n  expect:\n    Ornithopter is on the battlefield.\n"
                  "    Hill Giant is on the battlefield.\n")
    assert v == {"Ornithopter is on the battlefield.": "fails", "Hill Giant is on the battlefield.": "holds"}


def test_fighting_with_the_other_target_gone_deals_no_damage(tmp_path):
    v = _verdicts(tmp_path, 'ruling "x"\n  given:\n' + BOARD + "    Alice casts Prey Upon targeting Grizzly Bears "
                  "and Hill Giant.\n    Hill Giant is returned to its owner's hand.\n    Prey Upon resolves.\n"
                  "  expect:\n    Grizzly Bears is on the battlefield.\n    Grizzly Bears does not have 1 damage marked.\n")
    assert set(v.values()) == {"holds"}, v


def test_control_returns_when_the_turn_ends(tmp_path):
    v = _verdicts(tmp_path, 'ruling "x"\n  given:\n' + BOARD + "    Alice has {C}{C}{R} in her mana pool.\n    Alice casts Act of Treason targeting Hill Giant.\n"
                  "    Act of Treason resolves.\n    The turn ends.\n  expect:\n"
                  "    Bob controls 1 permanent named Hill Giant.\n    Alice controls 0 permanents named Hill Giant.\n")
    assert set(v.values()) == {"holds"}, v


@pytest.mark.parametrize("card, step", [
    ("Rolling Thunder", "divided(x,slot(1))"),
    ("Arc Lightning", "divided(3,slot(1))"),
    ("Forked Bolt", "divided(2,slot(1))"),
])
def test_divided_damage_is_one_slot_of_any_targets(db, card, step):
    face = db.face(card)
    i = _spell_index(face)
    got = face_meaning(face, [i])
    assert f"tl_step(A{i},(1,1,0),{step})" in got, sorted(got)


def test_damage_divided_among_several_targets_without_a_division_is_undetermined(tmp_path):
    v = _verdicts(tmp_path, 'ruling "x"\n  given:\n' + BOARD + "    Alice has {C}{C}{C}{C}{R}{R} in her mana pool.\n    Alice casts Rolling Thunder targeting Hill Giant "
                  "and Bob with X = 4.\n    Rolling Thunder resolves.\n  expect:\n    Bob has 19 life.\n")
    assert v == {"Bob has 19 life.": "undetermined"}


def test_a_division_that_does_not_add_up_is_an_error(tmp_path):
    p = tmp_path / "r.mtg"
    p.write_text('ruling "x"\n  given:\n' + BOARD + "    Alice casts Rolling Thunder targeting Hill Giant and Bob "
                 "with X = 4, dividing 3 and 3.\n  expect:\n    Bob has 20 life.\n", encoding="utf-8")
    report, errors = check_paths([str(p)], timeout=60.0)
    (r,) = report.results
    assert r.status == "error" and "bad division" in (r.error or ""), r


def test_damage_divided_has_at_most_as_many_targets_as_damage(tmp_path):
    # CR 601.2d: each target is dealt at least 1, so X = 1 allows one target and X = 0 none
    p = tmp_path / "r.mtg"
    p.write_text('ruling "x"\n  given:\n' + BOARD + "    Alice has {C}{R}{R} in her mana pool.\n"
                 "    Alice casts Rolling Thunder targeting Hill Giant and Bob with X = 1.\n  expect:\n    Bob has 20 life.\n",
                 encoding="utf-8")
    report, errors = check_paths([str(p)], timeout=60.0)
    (r,) = report.results
    assert r.status == "error" and "wrong number of targets" in (r.error or "") and "601.2c" in r.error, r
    v = _verdicts(tmp_path, 'ruling "x"\n  given:\n' + BOARD + "    Alice has {C}{R}{R} in her mana pool.\n"
                  "    Alice casts Rolling Thunder with X = 1.\n    Rolling Thunder resolves.\n  expect:\n"
                  "    May Bob has 19 life.\n    May Ornithopter has 1 damage marked.\n    May Hill Giant has 1 damage marked.\n"
                  "    Hill Giant is on the battlefield.\n")
    assert set(v.values()) == {"holds"}, v
