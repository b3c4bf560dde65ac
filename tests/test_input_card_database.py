"""A card database chosen with `--cards FILE` is input like any other: a file that is not
gzip, is cut short, decompresses past the cap (a gzip bomb), has a record that is too
long, is not JSON, not an object, or names a card with something other than printable
text is an error at its line (exit 2) before any work, never an internal error or a
MemoryError."""

from __future__ import annotations

import gzip
import json

import pytest

from conftest import run_mtgkb
from mtgkb import carddb
from mtgkb.parser.errors import ParseError

BEAR = {"name": "Alpha Bear", "mana_cost": "{G}", "type_line": "Creature — Bear", "types": ["Creature"],
        "subtypes": ["Bear"], "oracle_text": "", "power": "2", "toughness": "2"}
RULING = 'ruling "t"\n  given:\n    Alice controls Alpha Bear.\n  expect:\n    Alpha Bear is 2/2.\n'


@pytest.fixture
def env(tmp_path):
    return {"XDG_CACHE_HOME": str(tmp_path / "xdg"), "XDG_DATA_HOME": str(tmp_path / "data")}


def _db(tmp_path, body: bytes):
    path = tmp_path / "db.jsonl.gz"
    path.write_bytes(gzip.compress(body, mtime=0))
    return path


def _line(rec) -> bytes:
    return (json.dumps(rec) + "\n").encode("utf-8")


def test_a_good_database_is_used(tmp_path, env):
    db = _db(tmp_path, _line(BEAR))
    (tmp_path / "r.mtg").write_text(RULING, encoding="utf-8")
    p = run_mtgkb("check", "--jobs", "1", "--cards", str(db), str(tmp_path / "r.mtg"), env=env)
    assert p.returncode == 0 and "1 passed" in p.stdout, p.stdout + p.stderr


@pytest.mark.parametrize("body,where,message", [
    (_line(BEAR) + b"not json\n", 2, "invalid JSON"),
    (_line(BEAR) + b"[1, 2]\n", 2, "expected a card record"),
    (_line(BEAR) + _line(dict(BEAR, name=5)), 2, '"name" is not a string'),
    (_line(dict(BEAR, name="Grizzly Bears\u0000X")), 1, "NUL"),
    (_line(dict(BEAR, face_name="Bear\u001b[2K")), 1, "ESC"),
    (_line(BEAR) + b"\xff\n", 2, "not UTF-8"),
    (_line(BEAR) + b" " * (carddb.RECORD_MAX_BYTES + 10), 2, "record is too long"),
])
def test_a_bad_record_is_an_error_at_its_line(tmp_path, env, body, where, message):
    db = _db(tmp_path, body)
    p = run_mtgkb("parse", "--cards", str(db), "/dev/null", env=env)
    assert p.returncode == 2, p.stderr
    assert f"db.jsonl.gz:{where}:1: error:" in p.stderr and message in p.stderr, p.stderr
    assert len(p.stderr) < 2000 and "\x1b" not in p.stderr


@pytest.mark.parametrize("damage", ["plain", "cut"])
def test_a_file_that_is_not_a_whole_gzip_is_an_error(tmp_path, env, damage):
    db = _db(tmp_path, _line(BEAR) * 50)
    if damage == "plain":
        db.write_bytes(_line(BEAR))
    else:
        db.write_bytes(db.read_bytes()[:-12])
    p = run_mtgkb("parse", "--cards", str(db), "/dev/null", env=env)
    assert p.returncode == 2 and "error: not a readable .jsonl.gz database" in p.stderr, p.stderr


def test_a_gzip_bomb_stops_at_the_cap(tmp_path, monkeypatch):
    monkeypatch.setattr(carddb, "DATABASE_MAX_BYTES", 100_000)
    data = gzip.compress(_line(BEAR) * 5_000)
    with pytest.raises(ParseError, match="decompressed database is too large") as e:
        carddb._build(data, "db.jsonl.gz")
    assert e.value.file == "db.jsonl.gz" and e.value.line < 1000


def test_too_many_records_stop_at_the_cap(tmp_path, monkeypatch):
    monkeypatch.setattr(carddb, "RECORDS_MAX", 10)
    with pytest.raises(ParseError, match="more than 10 records") as e:
        carddb._build(gzip.compress(_line(BEAR) * 11), "db.jsonl.gz")
    assert e.value.line == 11
    keys, names, lines = carddb._build(gzip.compress(_line(BEAR) * 10), "db.jsonl.gz")
    assert names == ["Alpha Bear"] and len(lines) == 10


def test_a_bad_face_is_an_error_naming_the_database(tmp_path, env):
    db = _db(tmp_path, _line(dict(BEAR, power=[2])))
    (tmp_path / "r.mtg").write_text(RULING, encoding="utf-8")
    p = run_mtgkb("check", "--jobs", "1", "--cards", str(db), str(tmp_path / "r.mtg"), env=env)
    assert p.returncode == 2 and "db.jsonl.gz:1:1: error:" in p.stderr and '"power"' in p.stderr, p.stderr
