""""If <mana> was spent to cast this spell, <part>." (601.2h, 107.4h, 608.2c): the part is read as it is,
each of its steps done only when that mana was spent (mtgkb/rules/meaning_casting.lp: tl_step_if/3;
mtgkb/rules/casting.lp: tl_step_off/3); what was spent not being settled leaves the outcome undetermined."""

from __future__ import annotations

from casting_support import check, verdicts
from mtgkb.engine.meaning_facts import block_meaning
from mtgkb.program import program_text


def _meaning(session, name: str) -> set[str]:
    return {str(a) for a in block_meaning([session.db.face(name)], session.reference, program_text())}


def test_the_condition_is_a_test_on_the_steps_of_its_part(session):
    m = _meaning(session, "Seed Spark")
    assert 'tl_step_if(ab("Seed Spark",1),(2,1,0),spent(t(g)))' in m
    assert 'tl_step(ab("Seed Spark",1),(2,1,0),create(2))' in m
    # the unconditional sentence has no condition
    assert not any(a.startswith('tl_step_if(ab("Seed Spark",1),(1,') for a in m)
    assert 'unread(ab("Seed Spark",1))' not in m


def test_a_condition_on_an_amount_of_mana_stays_unread(session):
    # "If at least three white mana was spent ..." (adamant) is another condition: not read
    m = _meaning(session, "Rally for the Throne")
    assert 'unread(ab("Rally for the Throne",2))' in m
    assert not any(a.startswith("tl_step_if(") for a in m)


def test_mana_of_a_color_not_said_leaves_the_conditional_part_undetermined(tmp_path, session):
    given = ("Alice controls Plains, Plains #2, Plains #3 and Birds of Paradise.\nBob controls Ornithopter.\n"
             "Alice casts Seed Spark targeting Ornithopter, paying with Plains, Plains #2, Plains #3 and "
             "Birds of Paradise.\nSeed Spark resolves.")
    r = check(tmp_path, given, "Alice controls 2 permanents named Saproling Token.\nNo token is created.",
              session=session)
    assert verdicts(r) == ["undetermined", "undetermined"], r.claims


def test_the_color_said_settles_it(tmp_path, session):
    given = ("Alice controls Plains, Plains #2, Plains #3 and Birds of Paradise.\nBob controls Ornithopter.\n"
             "Alice casts Seed Spark targeting Ornithopter, spending {W}{W}{W}{U}.\nSeed Spark resolves.")
    r = check(tmp_path, given, "No token is created.\nOrnithopter is in Bob's graveyard.", session=session)
    assert verdicts(r) == ["holds", "holds"], r.claims
