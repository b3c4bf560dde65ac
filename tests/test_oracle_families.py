"""Golden terms for families of Oracle lines read since the no-silent-loss account: die rolls
and their results tables, class levels, choosing a card from a revealed hand, lists of
"non-" adjectives, subtypes of the 205.3 lists the lexer's word list lacks.  Each is checked on
real cards of the embedded database; a close but different wording stays unsupported."""

from __future__ import annotations

import pytest

from oracle_support import effects

from mtgkb.carddb import default_database
from mtgkb.parser.oracle import parse_ability_line
from mtgkb.parser.terms import render


@pytest.fixture(scope="module")
def db():
    return default_database()


GOLDEN = [
    # 706.2: a die roll, and one row of its results table (the row's range is a rider)
    ("Chaos Channeler", 0, 'roll_die(die("d20"))'),
    ("Chaos Channeler", 1, "exile(top_card(library(your)))"),
    # 716.2a: "{cost}: Level N" gives a Class its level
    ("Druid Class", 1, "class_level(2)"),
    # 701.20 (reveal) then a choice among the revealed cards
    ("Thoughtseize", 0, "statement(you,choose_from_it(some(a,desc((non(non(land)),),types(group(card)),where))))"),
    # 205.4 / 105.2: "nonartifact, nonblack" is both adjectives
    ("Bone Shredder", 2, "destroy(all_of(desc((target,non(non(artifact)),non(non(black))),types(group(creature)),where)))"),
    # 205.3j: "Tyvar" is a planeswalker type; "Elf or Tyvar card" is a union of subtypes
    ("A-Elderfang Ritualist", 0, 'types(group(subtype("Elf")),group(subtype("Tyvar"),card))'),
]


@pytest.mark.parametrize("face, index, term", GOLDEN)
def test_golden_terms(db, face, index, term):
    assert term in " ".join(effects(db, face, index))


@pytest.mark.parametrize("face, index, rider", [
    ("Chaos Channeler", 1, "die_result(1,9)"),
    ("Chaos Channeler", 3, "die_result(20,20)"),
])
def test_results_rows_carry_their_range(db, face, index, rider):
    ab = db.face(face).abilities[index]
    assert ab.understood, ab.reason
    assert rider in [render(r) for r in ab.riders]


def test_class_level_is_an_activated_ability(db):
    ab = db.face("Druid Class").abilities[1]
    assert ab.kind == "activated" and [render(c) for c in ab.costs] == ["mana(generic(2),colored(g))"]


@pytest.mark.parametrize("line", [
    "Roll a d7.",                       # no such die
    "1—9 Draw a card.",                 # a row needs its "|"
    "{2}{G}: Level 2 or 3",             # one level
    "You choose a nonland card from the library.",
])
def test_close_wordings_stay_unsupported(line):
    assert not parse_ability_line(line, "Test Card").understood
