"""The grammars' cached tables (mtgkb.parser.grammar_cache, through cache_files): a
file is loaded only from the user's own directory that nobody else can write, only
when it is the user's own regular file that nobody else can write, never through a
symbolic link; writes are atomic (a private temporary file renamed over the old
one).  A planted file (a pickle that would run code when loaded) is loaded when all
of that holds (the control case) and never otherwise."""

from __future__ import annotations

import marshal
import os
import pickle
import struct

import pytest

from mtgkb.parser import grammar_cache
from mtgkb.parser.grammar_cache import cached_lark

GRAMMAR = 'start: "a" "b" -> ab\n     | "a" "c" -> ac\n'
OPTIONS = dict(parser="lalr", lexer="basic")


class _Plant:
    """Unpickling it creates the directory `marker` (what a hostile pickle could do)."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.mkdir, (self.marker,))


@pytest.fixture
def home(private_cache_home):
    return private_cache_home


def _plant(path, marker) -> None:
    """A file with the right key line whose content runs code when unpickled (where lark's saved
    parser goes, after the parse table's numbers)."""
    key = grammar_cache._key(GRAMMAR, OPTIONS)
    table = marshal.dumps({})
    path.write_bytes(key + struct.pack("<Q", len(table)) + table + pickle.dumps(_Plant(str(marker))))
    os.chmod(path, 0o600)


def _name() -> str:
    return grammar_cache._file_name("small", GRAMMAR)


def _works(parser) -> bool:
    return parser.parse("ab").data == "ab" and parser.parse("ac").data == "ac"


def test_control_a_planted_file_in_a_private_directory_is_loaded(home, tmp_path):
    d = home / "mtgkb"
    d.mkdir(mode=0o700)
    marker = tmp_path / "ran"
    _plant(d / _name(), marker)
    p = cached_lark("small", GRAMMAR, **OPTIONS)
    assert marker.exists()     # it was unpickled: the checks below are what keep it out
    assert _works(p)           # a file that does not load is rebuilt (and replaced)
    assert (d / _name()).read_bytes().startswith(grammar_cache._key(GRAMMAR, OPTIONS))
    assert grammar_cache.cached_lark("small", GRAMMAR, **OPTIONS).source_path == "<deserialized>"


@pytest.mark.parametrize("mode", [0o770, 0o707, 0o777, 0o720, 0o702])
def test_a_directory_others_can_write_is_not_used(home, tmp_path, mode, capsys):
    d = home / "mtgkb"
    d.mkdir()
    marker = tmp_path / "ran"
    _plant(d / _name(), marker)
    os.chmod(d, mode)
    p = cached_lark("small", GRAMMAR, **OPTIONS)
    assert _works(p) and not marker.exists()
    assert p.source_path != "<deserialized>"
    assert sorted(os.listdir(d)) == [_name()]      # nothing written there either
    err = capsys.readouterr().err
    assert err.count("warning: the cache directory") == 1 and str(d) in err
    cached_lark("small", GRAMMAR, **OPTIONS)
    assert capsys.readouterr().err == ""           # said once


@pytest.mark.parametrize("mode", [0o620, 0o602, 0o666])
def test_a_file_others_can_write_is_not_loaded(home, tmp_path, mode):
    d = home / "mtgkb"
    d.mkdir(mode=0o700)
    marker = tmp_path / "ran"
    _plant(d / _name(), marker)
    os.chmod(d / _name(), mode)
    p = cached_lark("small", GRAMMAR, **OPTIONS)
    assert _works(p) and not marker.exists()
    assert (os.stat(d / _name()).st_mode & 0o777) == 0o600   # replaced by a private file


def test_a_symlinked_directory_is_not_used(home, tmp_path, capsys):
    real = tmp_path / "elsewhere"
    real.mkdir(mode=0o700)
    marker = tmp_path / "ran"
    _plant(real / _name(), marker)
    (home / "mtgkb").symlink_to(real)
    p = cached_lark("small", GRAMMAR, **OPTIONS)
    assert _works(p) and not marker.exists()
    assert sorted(os.listdir(real)) == [_name()]
    assert "symbolic link" in capsys.readouterr().err


def test_a_symlinked_file_is_not_read_nor_written_through(home, tmp_path):
    d = home / "mtgkb"
    d.mkdir(mode=0o700)
    target = tmp_path / "target"
    marker = tmp_path / "ran"
    _plant(target, marker)
    planted = target.read_bytes()
    (d / _name()).symlink_to(target)
    p = cached_lark("small", GRAMMAR, **OPTIONS)
    assert _works(p) and not marker.exists()
    assert target.read_bytes() == planted          # the write replaced the link
    assert not (d / _name()).is_symlink()


def test_writes_are_atomic_and_private(home, monkeypatch):
    seen = []
    real_replace = os.replace

    def replace(src, dst, **kw):
        d = kw["src_dir_fd"]
        st = os.stat(src, dir_fd=d, follow_symlinks=False)
        seen.append((src, dst, st.st_mode & 0o777, st.st_size))
        return real_replace(src, dst, **kw)

    monkeypatch.setattr(os, "replace", replace)
    cached_lark("small", GRAMMAR, **OPTIONS)
    assert len(seen) == 1
    src, dst, mode, size = seen[0]
    assert dst == _name() and src != dst and src.endswith(".tmp")
    assert mode == 0o600 and size > 0
    assert sorted(os.listdir(home / "mtgkb")) == [_name()]   # no temporary file left


def test_a_file_of_other_options_is_rebuilt(home):
    d = home / "mtgkb"
    cached_lark("small", GRAMMAR, **OPTIONS)
    first = (d / _name()).read_bytes()
    other = cached_lark("small", GRAMMAR, parser="lalr", lexer="contextual")
    assert other.source_path != "<deserialized>" and _works(other)
    assert (d / _name()).read_bytes() != first
    again = cached_lark("small", GRAMMAR, parser="lalr", lexer="contextual")
    assert again.source_path == "<deserialized>" and _works(again)


def test_the_card_index_cache_uses_the_same_checks(home, tmp_path):
    from mtgkb import sources

    d = home / sources.CACHE_FOLDER
    d.mkdir(mode=0o700)
    assert sources.write_cache("x.bin", b"abc") and sources.read_cache("x.bin") == b"abc"
    os.chmod(d, 0o777)
    assert sources.read_cache("x.bin") is None and not sources.write_cache("y.bin", b"z")


def test_the_directory_is_kept_under_its_budget_least_recently_used_first(home, monkeypatch):
    from mtgkb.parser import cache_files

    monkeypatch.setattr(cache_files, "CACHE_DIR_BUDGET", 3000)
    folder = "budget-test"
    for i, name in enumerate(("old", "used", "newer")):
        assert cache_files.write_cache(folder, name, b"x" * 1000)
        os.utime(home / folder / name, ns=(10**18 + i, 10**18 + i))   # written in this order
    assert cache_files.read_cache(folder, "old") == b"x" * 1000          # a read marks "old" as used
    assert cache_files.write_cache(folder, "last", b"y" * 1000)         # 4000 bytes: one file must go
    left = sorted(p.name for p in (home / folder).iterdir())
    assert left == ["last", "newer", "old"], left                       # "used" was the least recently used


def test_eviction_never_removes_the_file_just_written_nor_foreign_files(home, monkeypatch):
    from mtgkb.parser import cache_files

    monkeypatch.setattr(cache_files, "CACHE_DIR_BUDGET", 10)
    folder = "budget-test"
    assert cache_files.write_cache(folder, "a", b"1" * 100)
    (home / folder / ".b.123.tmp").write_bytes(b"2" * 100)              # another writer's temporary file
    (home / folder / "link").symlink_to(home / folder / "a")
    assert cache_files.write_cache(folder, "c", b"3" * 100)
    left = sorted(p.name for p in (home / folder).iterdir())
    assert left == [".b.123.tmp", "c", "link"], left
