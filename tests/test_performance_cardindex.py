"""The names-only card index: the same answers as reading every record, built
once and cached (atomic writes, a private directory, no symbolic links),
invalidated by a changed database or code, records parsed only when asked for."""

from __future__ import annotations

import gzip
import io
import json
import os
import stat
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from mtgkb import carddb, paths, sources
from mtgkb.carddb import CardDatabase


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    home = tmp_path / "xdg"
    home.mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    return home


def _index_files(home: Path) -> list[Path]:
    d = home / sources.CACHE_FOLDER
    return sorted(d.glob("cards-*.index")) if d.is_dir() else []


@lru_cache(maxsize=1)
def _reference():
    """The index as the database module built it before the cache: every record
    parsed, key -> (line, text), display names of the records that own a key."""
    raw: dict[str, tuple[int, str]] = {}
    with paths.card_database().open("rb") as fh, gzip.open(fh, "rt", encoding="utf-8") as lines:
        for n, line in enumerate(lines, start=1):
            head = json.loads(line)
            for name in (head.get("face_name"), head.get("name")):
                if name:
                    raw.setdefault(CardDatabase.key(name), (n, line))
    names = set()
    for _, line in raw.values():
        d = json.loads(line)
        for x in (d.get("face_name"), d.get("name")):
            if x:
                names.add(x)
    return raw, names


def _same_as_reference(db: CardDatabase):
    raw, names = _reference()
    assert db.names() == sorted(raw)
    assert db.all_names() == names
    idx = db._index()
    assert idx.keys == {k: n for k, (n, _) in raw.items()}
    for k, (n, line) in list(raw.items())[::97]:
        assert idx.record(n) == line


def test_built_cached_and_loaded_index_equal_the_reference(cache_home, monkeypatch):
    built = CardDatabase()
    _same_as_reference(built)
    files = _index_files(cache_home)
    assert len(files) == 1
    st = files[0].stat()
    assert stat.S_IMODE(st.st_mode) == 0o600 and st.st_size < 8 * 1024 * 1024
    assert [p.name for p in (cache_home / sources.CACHE_FOLDER).iterdir() if p.name.endswith(".tmp")] == []

    def no_build(data):
        raise AssertionError("the index was rebuilt instead of read from the cache")

    monkeypatch.setattr(carddb, "_build", no_build)
    loaded = CardDatabase()
    _same_as_reference(loaded)
    for name in ("Grizzly Bears", "Orvar, the All-Form", "Fire", "Ice", "Fire // Ice", "grizzly  bears",
                 "Mishra’s Factory", "No Such Card"):
        assert (name in loaded) == (name in built)
        assert loaded.face(name) == built.face(name)


def test_a_lookup_parses_only_the_asked_record(cache_home, monkeypatch):
    CardDatabase().names()  # build the cache
    loaded = CardDatabase()
    idx = loaded._index()
    calls = []
    real = idx.record
    idx.record = lambda n: calls.append(n) or real(n)
    assert "Grizzly Bears" in loaded and "Llanowar Elves" in loaded
    assert len(loaded.all_names()) > 20000
    assert calls == []  # names only: no record read
    face = loaded.face("Grizzly Bears")
    assert face.name == "Grizzly Bears" and len(calls) == 1


def test_cold_process_reads_the_cache_without_parsing_records(cache_home):
    CardDatabase().names()
    code = ("import json, sys\n"
            "calls = [0]\n"
            "real = json.loads\n"
            "def counting(s, *a, **k):\n"
            "    calls[0] += 1\n"
            "    return real(s, *a, **k)\n"
            "json.loads = counting\n"
            "from mtgkb.carddb import CardDatabase\n"
            "db = CardDatabase()\n"
            "assert 'Grizzly Bears' in db and len(db.all_names()) > 20000\n"
            "print(calls[0])\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "XDG_CACHE_HOME": str(cache_home)})
    assert p.returncode == 0, p.stderr
    assert int(p.stdout) <= 3  # the cache header and index, never the 23,544 records


def _tiny_db(path: Path, names: list[str]) -> Path:
    rows = [{"name": n, "mana_cost": "{G}", "type_line": "Creature — Bear", "types": ["Creature"],
             "subtypes": ["Bear"], "oracle_text": "", "power": "2", "toughness": "2"} for n in names]
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r) + "\n")
    return path


def test_a_changed_database_is_a_new_index(cache_home, tmp_path):
    db_path = _tiny_db(tmp_path / "db.jsonl.gz", ["Alpha Bear", "Beta Bear"])
    assert CardDatabase(db_path).all_names() == {"Alpha Bear", "Beta Bear"}
    _tiny_db(db_path, ["Alpha Bear", "Gamma Bear"])
    db = CardDatabase(db_path)
    assert db.all_names() == {"Alpha Bear", "Gamma Bear"} and "Beta Bear" not in db
    assert db.face("Gamma Bear").name == "Gamma Bear"
    assert len(_index_files(cache_home)) == 2


def test_a_changed_code_version_is_a_new_index(cache_home, tmp_path, monkeypatch):
    db_path = _tiny_db(tmp_path / "db.jsonl.gz", ["Alpha Bear"])
    CardDatabase(db_path).names()
    monkeypatch.setattr(carddb, "_code_digest", lambda: "0" * 16)
    built = []
    real = carddb._build
    monkeypatch.setattr(carddb, "_build", lambda *a: built.append(1) or real(*a))
    assert CardDatabase(db_path).names() == ["alpha bear"]
    assert built == [1] and len(_index_files(cache_home)) == 2


@pytest.mark.parametrize("damage", ["truncate", "flip", "empty", "garbage", "header"])
def test_a_damaged_cache_file_is_rebuilt(cache_home, tmp_path, damage):
    db_path = _tiny_db(tmp_path / "db.jsonl.gz", ["Alpha Bear", "Beta Bear"])
    CardDatabase(db_path).names()
    (f,) = _index_files(cache_home)
    data = f.read_bytes()
    data = {"truncate": data[:-7], "flip": data[:-20] + bytes([data[-20] ^ 1]) + data[-19:], "empty": b"",
            "garbage": os.urandom(len(data)),
            "header": data.replace(b'"index_bytes": ', b'"index_bytes": 1', 1)}[damage]
    f.write_bytes(data)
    db = CardDatabase(db_path)
    assert db.all_names() == {"Alpha Bear", "Beta Bear"} and db.face("Beta Bear").name == "Beta Bear"
    assert carddb._decode(f.name, f.read_bytes()) is not None  # replaced by a whole one


def _planted(cache_home: Path, tmp_path: Path) -> tuple[Path, bytes, str]:
    """A cache file whose index lies (names a card the database does not have)."""
    db_path = _tiny_db(tmp_path / "db.jsonl.gz", ["Alpha Bear"])
    name = carddb._cache_name(db_path.read_bytes())
    lie = carddb._encode(name, {"planted card": 1}, ["Planted Card"], [json.dumps({"name": "Planted Card"}) + "\n"])
    return db_path, lie, name


def test_a_valid_planted_file_is_read_when_trusted(cache_home, tmp_path):
    """The control case of the tests below: the same planted file in a private
    directory is read (so those tests show the checks, not a broken plant)."""
    db_path, lie, name = _planted(cache_home, tmp_path)
    (cache_home / sources.CACHE_FOLDER).mkdir(mode=0o700)
    (cache_home / sources.CACHE_FOLDER / name).write_bytes(lie)
    os.chmod(cache_home / sources.CACHE_FOLDER / name, 0o600)
    assert CardDatabase(db_path).all_names() == {"Planted Card"}


@pytest.mark.parametrize("mode", [0o770, 0o707, 0o777, 0o720])
def test_a_directory_others_can_write_is_not_trusted(cache_home, tmp_path, mode):
    db_path, lie, name = _planted(cache_home, tmp_path)
    d = cache_home / sources.CACHE_FOLDER
    d.mkdir()
    (d / name).write_bytes(lie)
    os.chmod(d / name, 0o600)
    os.chmod(d, mode)
    db = CardDatabase(db_path)
    assert db.all_names() == {"Alpha Bear"}
    assert (d / name).read_bytes() == lie  # and nothing written there either
    assert sources.open_cache_dir() is None


@pytest.mark.parametrize("mode", [0o620, 0o602, 0o666])
def test_a_file_others_can_write_is_not_read(cache_home, tmp_path, mode):
    db_path, lie, name = _planted(cache_home, tmp_path)
    d = cache_home / sources.CACHE_FOLDER
    d.mkdir(mode=0o700)
    (d / name).write_bytes(lie)
    os.chmod(d / name, mode)
    assert CardDatabase(db_path).all_names() == {"Alpha Bear"}


def test_a_symlinked_cache_directory_is_not_used(cache_home, tmp_path):
    db_path, lie, name = _planted(cache_home, tmp_path)
    real = tmp_path / "elsewhere"
    real.mkdir(mode=0o700)
    (real / name).write_bytes(lie)
    os.chmod(real / name, 0o600)
    (cache_home / sources.CACHE_FOLDER).symlink_to(real)
    assert CardDatabase(db_path).all_names() == {"Alpha Bear"}
    assert sources.open_cache_dir() is None
    assert sorted(p.name for p in real.iterdir()) == [name]  # nothing written through the link


def test_a_symlinked_cache_file_is_not_read(cache_home, tmp_path):
    db_path, lie, name = _planted(cache_home, tmp_path)
    target = tmp_path / "target"
    target.write_bytes(lie)
    os.chmod(target, 0o600)
    d = cache_home / sources.CACHE_FOLDER
    d.mkdir(mode=0o700)
    (d / name).symlink_to(target)
    assert CardDatabase(db_path).all_names() == {"Alpha Bear"}
    assert target.read_bytes() == lie  # the write replaced the link, never wrote through it
    assert not (d / name).is_symlink()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a file away")
def test_a_file_of_another_user_is_not_read(cache_home, tmp_path):
    db_path, lie, name = _planted(cache_home, tmp_path)
    d = cache_home / sources.CACHE_FOLDER
    d.mkdir(mode=0o700)
    (d / name).write_bytes(lie)
    os.chmod(d / name, 0o600)
    os.chown(d / name, 4242, 4242)
    assert CardDatabase(db_path).all_names() == {"Alpha Bear"}


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a directory away")
def test_a_directory_of_another_user_is_not_trusted(cache_home, tmp_path):
    db_path, lie, name = _planted(cache_home, tmp_path)
    d = cache_home / sources.CACHE_FOLDER
    d.mkdir(mode=0o700)
    (d / name).write_bytes(lie)
    os.chmod(d / name, 0o600)
    os.chown(d, 4242, 4242)
    assert CardDatabase(db_path).all_names() == {"Alpha Bear"}


def test_no_cache_directory_builds_in_memory(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    db_path = _tiny_db(tmp_path / "db.jsonl.gz", ["Alpha Bear"])
    db = CardDatabase(db_path)
    assert db.all_names() == {"Alpha Bear"} and db.face("alpha bear").name == "Alpha Bear"


_WRITER = """
import sys
from mtgkb.sources import write_cache
tag = sys.argv[1].encode()
for i in range(30):
    assert write_cache("race.bin", tag * 200_000)
"""


def test_concurrent_writes_are_atomic(cache_home):
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, t], env={**os.environ, "XDG_CACHE_HOME": str(cache_home)})
             for t in ("a", "b", "c")]
    seen = set()
    try:
        while any(p.poll() is None for p in procs):
            got = sources.read_cache("race.bin")
            if got is not None:
                assert len(got) == 200_000 and got == got[:1] * 200_000  # one writer's whole file
                seen.add(got[:1])
    finally:
        for p in procs:
            assert p.wait(timeout=120) == 0
    assert sources.read_cache("race.bin") in (b"a" * 200_000, b"b" * 200_000, b"c" * 200_000)
    assert [p.name for p in (cache_home / sources.CACHE_FOLDER).iterdir() if p.name.endswith(".tmp")] == []


def test_record_blocks_round_trip(cache_home, tmp_path):
    """Records across several compressed blocks, including the last short one and
    names with non-ASCII letters, come back byte for byte."""
    names = [f"Bear Number {i} ÆÉ" for i in range(carddb._BLOCK * 2 + 5)]
    db_path = _tiny_db(tmp_path / "db.jsonl.gz", names)
    CardDatabase(db_path).names()
    db = CardDatabase(db_path)
    with gzip.open(io.BytesIO(db_path.read_bytes()), "rt", encoding="utf-8") as fh:
        lines = list(fh)
    idx = db._index()
    assert [idx.record(n) for n in range(1, len(lines) + 1)] == lines
    assert db.face(names[-1]).name == names[-1]
