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
