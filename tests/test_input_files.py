"""Input files: only regular files, size caps (also after decompression), directory
problems reported, JSON fields of the wrong type positioned, API type checks."""

from __future__ import annotations

import gzip
import json
import os
import stat

import pytest

from conftest import run_mtgkb
from mtgkb.parser.errors import ParseError
from mtgkb.sources import read_bytes, scan_paths


def test_fifo_is_an_error_not_a_hang(tmp_path):
    f = tmp_path / "f.mtg"
    os.mkfifo(f)
    p = run_mtgkb("check", str(f), timeout=60)
    assert p.returncode == 2 and "FIFO" in p.stderr and "f.mtg:1:1: error:" in p.stderr, p.stderr


def test_device_is_an_error():
    p = run_mtgkb("parse", "/dev/zero", timeout=60)
    assert p.returncode == 2 and "device" in p.stderr, p.stderr


def test_size_cap(tmp_path):
    f = tmp_path / "big.mtg"
    f.write_bytes(b"# x\n" * 1000)
    with pytest.raises(ParseError, match="too large"):
        read_bytes(str(f), limit=100)
    assert read_bytes(str(f)) == b"# x\n" * 1000


def test_gzip_bomb_is_capped(tmp_path, monkeypatch):
    from mtgkb import cardfiles

    f = tmp_path / "bomb.jsonl.gz"
    f.write_bytes(gzip.compress(b" " * 5_000_000))
    monkeypatch.setattr(cardfiles, "GZIP_MAX_BYTES", 1_000_000)
    with pytest.raises(ParseError, match="decompressed content is too large"):
        cardfiles._gunzip(f.read_bytes(), str(f), limit=1_000_000)


def test_gzip_of_nuls_gives_a_short_error(tmp_path):
    f = tmp_path / "nul.jsonl.gz"
    f.write_bytes(gzip.compress(b"\0" * 3_000_000))
    p = run_mtgkb("parse", str(f))
    assert p.returncode == 2 and "NUL" in p.stderr and len(p.stderr) < 2000, p.stderr[:500]


@pytest.mark.parametrize("record,message", [
    ({"name": "X", "type_line": "Creature — Bear", "mana_cost": 3}, '"mana_cost" is a number'),
    ({"name": "X", "type_line": "Creature — Bear", "oracle_text": ["Flying"]}, '"oracle_text" is a list'),
    ({"name": "X", "type_line": "Creature — Bear", "card_faces": [1]}, 'face 1 of "card_faces" is a number'),
    ({"name": "X", "type_line": "Creature — Bear", "card_faces": "x"}, '"card_faces" is a string'),
    ({"name": "X\ud800", "type_line": "Creature — Bear"}, "lone surrogate"),
    ({"name": "X", "type_line": 7}, '"type_line" is a number'),
    ({"name": "X", "type_line": "Creature — Bear", "power": [1]}, '"power" is a list'),
    ({"name": "X", "type_line": "Creature — Bear", "colors": "G"}, '"colors" is a string'),
])
def test_json_field_types(tmp_path, record, message):
    f = tmp_path / "c.jsonl"
    f.write_text(json.dumps({"name": "Ok", "type_line": "Creature — Bear"}) + "\n" + json.dumps(record) + "\n",
                 encoding="utf-8")
    p = run_mtgkb("parse", str(f))
    assert p.returncode == 2, p.stderr
    assert "c.jsonl:2:1: error: card record 2:" in p.stderr and message in p.stderr, p.stderr


def test_error_message_embeds_little_input(tmp_path):
    f = tmp_path / "long.mtg"
    f.write_text('ruling "t"\n  given:\n    Alice ' + "flies" * 20000 + ".\n  expect:\n    Grizzly Bears is 2/2.\n",
                 encoding="utf-8")
    p = run_mtgkb("check", str(f))
    assert p.returncode == 2 and len(p.stderr) < 2000, len(p.stderr)


def test_empty_directory_is_reported(tmp_path):
    d = tmp_path / "empty"
    d.mkdir()
    p = run_mtgkb("check", str(d))
    assert "warning: the directory holds no .mtg file" in p.stderr, p.stderr
    files, problems, errors = scan_paths([str(d)])
    assert files == [] and len(problems) == 1 and not errors


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every directory")
def test_unreadable_subdirectory_is_reported(tmp_path):
    sub = tmp_path / "d" / "sub"
    sub.mkdir(parents=True)
    (tmp_path / "d" / "a.mtg").write_text("# x\n")
    sub.chmod(0)
    try:
        files, problems, _ = scan_paths([str(tmp_path / "d")])
        assert any("cannot read the directory" in p.message for p in problems)
    finally:
        sub.chmod(stat.S_IRWXU)


def test_unreadable_directory_error_from_walk(tmp_path, monkeypatch):
    def walk(p, onerror=None):
        onerror(PermissionError(13, "Permission denied", str(tmp_path / "sub")))
        return iter(())

    monkeypatch.setattr(os, "walk", walk)
    _, problems, _ = scan_paths([str(tmp_path)])
    assert any("cannot read the directory: Permission denied" in p.message for p in problems)


def test_strict_makes_directory_problems_errors(tmp_path):
    from mtgkb.api import KnowledgeBase

    d = tmp_path / "empty"
    d.mkdir()
    report, errors = KnowledgeBase().check([str(d)], strict=True)
    assert len(errors) == 1 and "no .mtg file" in errors[0].message


def test_control_character_in_file_name(tmp_path):
    f = tmp_path / "a\x1b[2Kb.mtg"
    f.write_text('ruling "t"\n  given:\n    Alice controls Grizzly Bears.\n  expect:\n    Grizzly Bears is 2/2.\n')
    p = run_mtgkb("check", str(f))
    assert p.returncode == 2 and "\x1b" not in p.stderr + p.stdout and "ESC" in p.stderr, p.stderr


@pytest.mark.parametrize("arg", ["/path/file.mtg", b"/path", __import__("pathlib").Path("/p")])
def test_api_check_refuses_a_single_path(arg):
    from mtgkb.api import KnowledgeBase

    with pytest.raises(TypeError, match="list of paths"):
        KnowledgeBase().check(arg)


def test_api_type_checks():
    from mtgkb.api import KnowledgeBase

    kb = KnowledgeBase()
    with pytest.raises(TypeError):
        kb.check([3])
    with pytest.raises(TypeError):
        kb.show(None)
    with pytest.raises(TypeError):
        kb.ask("x.mtg", 5)
