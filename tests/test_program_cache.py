"""The program's analysis kept between runs (mtgkb/program_cache.py): written once, read back the
same, and a damaged, foreign or stale file is never used (the analysis is made again)."""

from __future__ import annotations

import marshal

import pytest

from mtgkb import program_cache, program_slice

TEXT = "a(1).\nb(X) :- a(X).\n#program pay.\nc(X) :- b(X), not d(X).\n#show c/1.\n"


@pytest.fixture
def home(private_cache_home):
    return private_cache_home


def _file(home):
    found = list((home / "mtgkb-index").glob("program-*.analysis"))
    assert len(found) == 1
    return found[0]


def test_the_analysis_is_kept_and_read_back_the_same(home):
    made = program_slice._analyse(TEXT)
    assert program_cache.read(TEXT) is None
    assert program_cache.write(TEXT, made)
    assert program_cache.read(TEXT) == made
    statements, lines, parts, rules, mentions, decls, eliminating = made
    assert statements[0] == "#program base."          # clingo's implicit first part
    assert statements[2] == "b(X) :- a(X)." and lines[2] == 2
    assert parts == ("base", "base", "base", "pay", "pay", "pay")
    assert [r[0] for r in rules] == [1, 2, 4]
    assert mentions[4] == frozenset({("b", 1), ("c", 1), ("d", 1)})
    assert decls[5] == ("show", "c", 1) and decls[4] == ()
    assert eliminating == ()          # no constraint, no bounds, no cycle through negation


def test_another_text_does_not_read_it(home):
    program_cache.write(TEXT, program_slice._analyse(TEXT))
    assert program_cache.read(TEXT + "e.\n") is None


@pytest.mark.parametrize("damage", [
    lambda raw: raw[:-7],                                                 # cut short
    lambda raw: raw.split(b"\n", 1)[0] + b"\n" + marshal.dumps(("x",)),   # the wrong shape
    lambda raw: raw.split(b"\n", 1)[0] + b"\n" + marshal.dumps(((1,), (), (), (), (), (), ())),
    lambda raw: b"other key\n" + raw.split(b"\n", 1)[1],                  # another key line
])
def test_a_damaged_file_is_not_used_and_is_made_again(home, damage):
    program_cache.write(TEXT, program_slice._analyse(TEXT))
    f = _file(home)
    f.write_bytes(damage(f.read_bytes()))
    assert program_cache.read(TEXT) is None
    program_slice.parsed.cache_clear()
    try:
        assert program_slice.parsed(TEXT) == program_slice.Parsed(*program_slice._analyse(TEXT))
        assert program_cache.read(TEXT) == program_slice._analyse(TEXT)   # written again
    finally:
        program_slice.parsed.cache_clear()


def test_a_slice_is_program_text_with_what_it_leaves_out_declared(home):
    program_slice.parsed.cache_clear()
    try:
        kept = program_slice.program_slice(TEXT, frozenset({("b", 1)}), "pay")
        left = program_slice.program_slice(TEXT, frozenset({("a", 1)}), "pay")
    finally:
        program_slice.parsed.cache_clear()
    assert kept == ("#program pay.", "c(X) :- b(X); not d(X).", "#show c/1.")
    # no b: the rule cannot apply, so nothing names c any more (no declaration needed) and c/1
    # can have no atom (its #show goes; what is shown stays nothing)
    assert left == ("#program pay.", "#show.")


def test_a_cold_cache_does_not_spend_a_solves_time_limit(home, monkeypatch):
    """The analysis of rules.lp (seconds when the per-user cache is cold: about 5 s CPU for the explaining program) is made before a solve's
    time limit starts: with a limit far shorter than the analysis, a solve over no facts still
    answers instead of timing out (a verdict must not depend on whether the cache was warm)."""
    from mtgkb.solver import Solver
    from mtgkb.why import explaining_program

    program_slice.parsed.cache_clear()
    for table in ("_indexes", "_states", "_slices"):
        monkeypatch.setattr(program_slice, table, {})
    res = Solver(timeout=1.0, program=explaining_program()).solve([])
    program_slice.parsed.cache_clear()
    assert not res.timed_out and res.satisfiable is True


# ---- what is derived from the program kept between runs (read_derived / write_derived) ----

def test_the_split_program_is_kept_and_read_back_the_same(home):
    from mtgkb.engine import meaning_facts
    from mtgkb.program import program_text

    full = program_text()
    made = meaning_facts._split(full, meaning_facts._meaning_files())
    meaning_facts.split.cache_clear()
    try:
        assert meaning_facts.split(full) == made            # made and kept
        assert list((home / "mtgkb-index").glob("meaning-split-*.derived"))
        meaning_facts.split.cache_clear()
        assert meaning_facts.split(full) == made            # read back
    finally:
        meaning_facts.split.cache_clear()


def _faces(names):
    from mtgkb.check import Session

    s = Session()
    return s, [s.db.face(n) for n in names]


def test_the_command_lines_meaning_is_kept_and_read_back_without_a_solve(home, monkeypatch):
    from mtgkb.engine import meaning_facts
    from mtgkb.program import program_text

    session, faces = _faces(["Birds of Paradise", "Sol Ring", "Llanowar Elves"])
    full = program_text()
    solved = meaning_facts._solved(faces, _facts(session, faces), full, meaning_facts.split(full)[1])
    monkeypatch.setattr(program_cache, "_solved", {"on": True})
    assert meaning_facts._derive(faces, session.reference, full) == solved     # solved and kept
    assert list((home / "mtgkb-index").glob("meaning-*.derived"))

    def no_solve(*a, **k):
        raise AssertionError("solved again")

    monkeypatch.setattr(meaning_facts, "_solved", no_solve)
    assert meaning_facts._derive(faces, session.reference, full) == solved     # read back
    with pytest.raises(AssertionError):   # other faces: another file
        meaning_facts._derive(faces[:2], session.reference, full)


def test_a_damaged_meaning_file_is_solved_again(home, monkeypatch):
    from mtgkb.engine import meaning_facts
    from mtgkb.program import program_text

    session, faces = _faces(["Sol Ring"])
    full = program_text()
    monkeypatch.setattr(program_cache, "_solved", {"on": True})
    first = meaning_facts._derive(faces, session.reference, full)
    (kept,) = [p for p in (home / "mtgkb-index").glob("meaning-*.derived") if "split" not in p.name]
    key = kept.read_bytes().split(b"\n", 1)[0] + b"\n"
    for bad in [b"", marshal.dumps(("x",)), marshal.dumps((("not a term(",), ((0,),))),
                marshal.dumps((("a",), ((5,),))), marshal.dumps((("a",), ((0,), (0,))))]:
        kept.write_bytes(key + bad)
        assert meaning_facts._derive(faces, session.reference, full) == first


def test_the_api_solves_the_meaning(home):
    from mtgkb.engine import meaning_facts
    from mtgkb.program import program_text

    session, faces = _faces(["Sol Ring"])
    assert not program_cache.solves_kept()
    meaning_facts._derive(faces, session.reference, program_text())
    assert not [p for p in (home / "mtgkb-index").glob("meaning-*.derived") if "split" not in p.name]


def _facts(session, faces):
    from mtgkb import mana
    from mtgkb.facts import face_facts

    facts = list(session.reference)
    for f in faces:
        facts += face_facts(f)
    return facts + mana.face_mana_facts({f.name: f for f in faces})
