"""The grammars' LALR tables are cached between runs (lark's `cache=`), in the
per-user cache directory, keyed by the grammar text: a warm start loads them, a
changed grammar builds its own, an unusable cache only costs the build, and the
results never depend on whether the tables were built or loaded."""

from __future__ import annotations

import os
from importlib.resources import files

import pytest
from lark import Lark

from conftest import run_mtgkb

from mtgkb.parser import oracle, scenario
from mtgkb.parser.grammar_cache import lark_cache_file
from mtgkb.parser.oracle import _TokenListLexer, parse_abilities

ORACLE_OPTIONS = dict(parser="lalr", lexer=_TokenListLexer, strict=True, propagate_positions=True,
                      maybe_placeholders=False)

# (face name, Oracle text): keywords, activated, triggered, static and spell lines,
# and one line the grammar does not accept (its "unsupported" reason must match too).
CARD_TEXTS = [
    ("Llanowar Elves", "{T}: Add {G}."),
    ("Giant Growth", "Target creature gets +3/+3 until end of turn."),
    ("Serra Angel", "Flying, vigilance"),
    ("Hooded Hydra", "Hooded Hydra enters the battlefield with X +1/+1 counters on it.\n"
                     "When Hooded Hydra dies, create a 1/1 green Snake creature token for each "
                     "+1/+1 counter on it."),
    ("Glorious Anthem", "Creatures you control get +1/+1."),
    ("Odd Oracle", "Whenever you cast a spell, something strange and unreadable happens here."),
]

SMALL_GRAMMAR = """
start: "a" "b"        -> ab
     | "a" "c"        -> ac
"""


def _oracle_grammar() -> str:
    return files("mtgkb.parser").joinpath("oracle.lark").read_text(encoding="utf-8")


def _loaded(parser: Lark) -> bool:
    """True when lark loaded `parser` from a cache file instead of building it."""
    return parser.source_path == "<deserialized>"


def _abilities(parser: Lark) -> list:
    """parse_abilities of CARD_TEXTS with `parser` as the Oracle grammar."""
    saved = oracle._parser
    oracle._parser = lambda: parser
    oracle._literals.cache_clear()
    oracle._parse_normalised.cache_clear()
    try:
        return [parse_abilities(text, name) for name, text in CARD_TEXTS]
    finally:
        oracle._parser = saved
        oracle._literals.cache_clear()
        oracle._parse_normalised.cache_clear()


def _small(grammar: str, cache) -> Lark:
    return Lark(grammar, parser="lalr", lexer="basic", cache=cache)


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    home = tmp_path / "xdg-cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    return home


def test_cache_file_is_per_user_and_named_by_the_grammar_text(cache_home):
    a = lark_cache_file("oracle", "start: \"a\"\n")
    b = lark_cache_file("oracle", "start: \"b\"\n")
    assert a != b
    assert os.path.dirname(a) == str(cache_home / "mtgkb") and os.path.isdir(os.path.dirname(a))
    assert a == lark_cache_file("oracle", "start: \"a\"\n")
    assert os.path.basename(a).startswith("oracle-")


def test_relative_cache_home_is_ignored(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/dir")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert lark_cache_file("x", "g").startswith(str(tmp_path / ".cache" / "mtgkb") + os.sep)


def test_oracle_built_then_loaded_gives_identical_results(cache_home):
    grammar = _oracle_grammar()
    fn = lark_cache_file("oracle", grammar)
    assert not os.path.exists(fn)
    built = Lark(grammar, cache=fn, **ORACLE_OPTIONS)
    assert not _loaded(built) and os.path.getsize(fn) > 0
    loaded = Lark(grammar, cache=fn, **ORACLE_OPTIONS)
    assert _loaded(loaded)
    assert [(t.name, t.pattern.type, t.pattern.value) for t in loaded.terminals] == \
           [(t.name, t.pattern.type, t.pattern.value) for t in built.terminals]
    a, b = _abilities(built), _abilities(loaded)
    assert a == b and repr(a) == repr(b)
    assert any(ab.kind == "unsupported" for abs_ in a for ab in abs_)  # the unreadable line stays reported
    assert all(ab.understood for abs_ in a[:-1] for ab in abs_)


def test_changed_oracle_grammar_does_not_reuse_the_stale_cache(cache_home):
    grammar = _oracle_grammar()
    old = Lark(grammar, cache=lark_cache_file("oracle", grammar), **ORACLE_OPTIONS)
    assert not _loaded(old)
    assert "zzqqx" not in {t.pattern.value for t in old.terminals}
    # the same grammar with one more keyword line: its own file, built, not loaded
    changed = grammar.replace("start: KWLINE keywords", "start: \"zzqqx\" -> line_keyword\n     | KWLINE keywords", 1)
    assert changed != grammar
    new = Lark(changed, cache=lark_cache_file("oracle", changed), **ORACLE_OPTIONS)
    assert not _loaded(new)
    assert "zzqqx" in {t.pattern.value for t in new.terminals}


def test_lark_rejects_a_cache_file_of_another_grammar(tmp_path):
    # Even at the same file name, lark's key (grammar, options, versions) is checked.
    fn = str(tmp_path / "one-file.lark-cache")
    first = _small(SMALL_GRAMMAR, fn)
    assert not _loaded(first)
    changed = SMALL_GRAMMAR + '     | "a" "d"        -> ad\n'
    second = _small(changed, fn)
    assert not _loaded(second)
    assert second.parse("ad").data == "ad"
    third = _small(changed, fn)
    assert _loaded(third) and third.parse("ad").data == "ad"


@pytest.mark.parametrize("how", ["no directory", "file path is a directory", "corrupt file"])
def test_an_unusable_cache_falls_back_to_building(how, tmp_path, monkeypatch):
    if how == "no directory":
        monkeypatch.setenv("XDG_CACHE_HOME", os.devnull + "/cannot-be-made")
        fn = lark_cache_file("small", SMALL_GRAMMAR)
        assert fn is False
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
        fn = lark_cache_file("small", SMALL_GRAMMAR)
        if how == "file path is a directory":
            os.makedirs(fn)
        else:
            with open(fn, "wb") as f:
                f.write(b"not a cache\n\x80\x04garbage")
    p = _small(SMALL_GRAMMAR, fn)
    assert not _loaded(p)
    assert p.parse("ab").data == "ab" and p.parse("ac").data == "ac"
    if how == "corrupt file":  # rewritten by the build, then loaded
        assert _loaded(_small(SMALL_GRAMMAR, fn))


def test_scenario_grammar_built_then_loaded(cache_home):
    text = files("mtgkb.parser").joinpath("scenario.lark").read_text(encoding="utf-8")
    fn = lark_cache_file("scenario", text)
    scenario._grammar.cache_clear()
    try:
        built, vocab_built = scenario._grammar()
        assert not _loaded(built) and os.path.exists(fn)
        scenario._grammar.cache_clear()
        loaded, vocab_loaded = scenario._grammar()
        assert _loaded(loaded)
        assert repr(vocab_built) == repr(vocab_loaded)
        assert [t.name for t in built.terminals] == [t.name for t in loaded.terminals]
    finally:
        scenario._grammar.cache_clear()


RULING = """ruling "cache: Grizzly Bears with two +1/+1 counters is 4/4"
  about: Grizzly Bears
  given:
    Alice controls Grizzly Bears with two +1/+1 counters.
    Alice controls Llanowar Elves.
    Alice casts Giant Growth targeting Grizzly Bears.
    Giant Growth resolves.
  expect:
    Grizzly Bears is 7/7.
    Llanowar Elves is 1/1.
"""


def test_cli_output_is_the_same_without_cache_cold_and_warm(tmp_path, monkeypatch):
    f = tmp_path / "one.mtg"
    f.write_text(RULING, encoding="utf-8")
    home = tmp_path / "cache-home"
    runs = {}
    for name, xdg in (("no cache", os.devnull + "/cannot-be-made"), ("cold", str(home)), ("warm", str(home))):
        p = run_mtgkb("check", "--json", str(f), cwd=tmp_path, env={"XDG_CACHE_HOME": xdg})
        assert p.returncode == 0, (name, p.stdout, p.stderr)
        assert p.stderr == "", (name, p.stderr)
        runs[name] = p.stdout
    assert runs["no cache"] == runs["cold"] == runs["warm"]
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    kept = sorted(os.listdir(home / "mtgkb"))
    # the grammars' tables, and the Oracle lines read (mtgkb.parser.oracle_lines): the warm run
    # read Llanowar Elves's and Giant Growth's lines from them, with the same output
    assert [n for n in kept if not n.endswith(".oracle")] == sorted(
        os.path.basename(lark_cache_file(n, files("mtgkb.parser").joinpath(n + ".lark").read_text(encoding="utf-8")))
        for n in ("oracle", "scenario"))
    assert [n for n in kept if n.endswith(".oracle")]
