"""Morph cards whose ability works "when ~ enters or is turned face up" in the Oracle
grammar: one trigger on either of two events, each the term the grammar gives the
event on its own (603.6a; 708.8: a permanent turned face up does not enter), and the
"As ~ enters or is turned face up, …" replacement (614.1c, 614.1e)
(docs/oracle-meaning.md, §6 and §5)."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from mtgkb.carddb import default_database
from mtgkb.parser.oracle import parse_ability_line
from mtgkb.parser.terms import Fn, fn, render

SELF = Fn("self")
ENTERS = Fn("enters", (SELF,))
TURNED_FACE_UP = Fn("turned_face_up", (SELF,))
EITHER = Fn("when", (Fn("either", (ENTERS, TURNED_FACE_UP)),))
PHRASE = "enters the battlefield or is turned face up"
ORACLE = Path(__file__).resolve().parents[1] / "kb" / "oracle-cards-2022-04.jsonl.gz"


def face(name: str):
    f = default_database().face(name)
    assert f is not None, name
    return f


def either_line(name: str):
    lines = [a for a in face(name).abilities if PHRASE in a.text]
    assert len(lines) == 1, name
    return lines[0]


def goblin_tokens(count: Fn) -> Fn:
    """"create <count> 1/1 red Goblin creature tokens" as the effect grammar reads it."""
    return fn("create", fn("some", count, fn(
        "desc", Fn("", (fn("pt", fn("pt", 1, 1)), fn("colored", fn("r")))),
        fn("types", fn("group", fn("subtype", "Goblin"), fn("creature"), fn("token"))),
        fn("where"))))


# ---- the two events on their own are the terms `either` is made of -------------------

@pytest.mark.parametrize("line,trigger", [
    ("When Ponyback Brigade enters the battlefield, create three 1/1 red Goblin creature tokens.",
     Fn("when", (ENTERS,))),
    ("When Ponyback Brigade is turned face up, create three 1/1 red Goblin creature tokens.",
     Fn("when", (TURNED_FACE_UP,))),
    ("When Ponyback Brigade enters the battlefield or is turned face up, create three 1/1 red Goblin "
     "creature tokens.", EITHER),
])
def test_either_is_made_of_the_single_event_terms(line, trigger):
    ab = parse_ability_line(line, "Ponyback Brigade")
    assert ab.understood and ab.kind == "triggered", ab.reason
    assert ab.trigger == trigger
    assert ab.effects == (goblin_tokens(fn("exactly", 3)),)


# ---- the database cards ---------------------------------------------------------------

def test_ponyback_brigade():
    ab = either_line("Ponyback Brigade")
    assert ab.understood and ab.kind == "triggered", ab.reason
    assert ab.trigger == EITHER
    assert render(ab.trigger) == "when(either(enters(self),turned_face_up(self)))"
    assert ab.condition is None and ab.costs == () and ab.riders == ()
    assert ab.effects == (goblin_tokens(fn("exactly", 3)),)


def test_ponyback_brigade_reads_like_warbreak_trumpeter_with_three():
    (trumpeter,) = [a for a in face("Warbreak Trumpeter").abilities if a.kind == "triggered"]
    assert trumpeter.trigger == Fn("when", (TURNED_FACE_UP,))
    assert trumpeter.effects == (goblin_tokens(fn("exactly", fn("x"))),)
    assert either_line("Ponyback Brigade").effects == (goblin_tokens(fn("exactly", 3)),)


def test_efreet_weaponmaster():
    ab = either_line("Efreet Weaponmaster")
    assert ab.understood and ab.kind == "triggered", ab.reason
    assert ab.trigger == EITHER
    assert ab.condition is None and ab.costs == () and ab.riders == ()
    another_target_creature_you_control = fn("some", fn("another"), fn(
        "desc", Fn("", (fn("target"),)), fn("types", fn("group", fn("creature"))), fn("where", fn("you_control"))))
    assert ab.effects == (fn("statement", another_target_creature_you_control,
                             fn("lasting", fn("gets", fn("pt", 3, 0)), fn("until_end_of_turn"))),)


@pytest.mark.parametrize("name", ["Ponyback Brigade", "Efreet Weaponmaster"])
def test_whole_face_is_understood(name):
    assert all(a.understood for a in face(name).abilities), [a.reason for a in face(name).abilities]


def test_every_when_line_of_the_database_has_the_either_trigger():
    """Every "When ~ enters … or is turned face up, …" line of the card file parses with
    that trigger (Ponyback Brigade and Efreet Weaponmaster in 2022-04)."""
    names = set()
    with gzip.open(ORACLE, "rt", encoding="utf-8") as fh:
        for raw in fh:
            card = json.loads(raw)
            texts = [card.get("oracle_text") or ""] + [f.get("oracle_text") or "" for f in card.get("card_faces") or ()]
            if any(re.search(r"^When .* " + PHRASE + ",", t, re.M) for t in texts):
                names.add(card["name"])
    assert {"Ponyback Brigade", "Efreet Weaponmaster"} <= names
    for name in sorted(names):
        ab = either_line(name)
        assert ab.understood and ab.trigger == EITHER, (name, ab.reason)


# ---- "As ~ enters or is turned face up, …" (replacement, no trigger) -------------------

def test_as_enters_or_turned_face_up_is_a_replacement():
    ab = parse_ability_line("As Test Entity enters the battlefield or is turned face up, choose a creature type.",
                            "Test Entity")
    assert ab.understood and ab.kind == "replacement", ab.reason
    assert ab.trigger is None
    assert ab.effects == (fn("as_enters_or_turned_face_up", SELF, fn("choose_creature_type")),)


def test_as_form_cards_read_their_choice_of_pt():
    """Its effect ("your choice of 5/1 or 1/5") is read as a replacement of the event: the
    creature becomes one of two P/T (613.4b), chosen as it enters or is turned face up.
    (Vesuvan Shapeshifter's "until ~ is turned face down, …": tests/test_oracle_copy_family.py.)"""
    ab = either_line("Aquamorph Entity")
    assert ab.understood and ab.kind == "replacement", ab.reason
    assert ab.effects == (fn("as_enters_or_turned_face_up", SELF, fn("statement", fn("it"), fn(
        "becomes", fn("choice_of_pt", fn("pt", 5, 1), fn("pt", 1, 5))))),)
