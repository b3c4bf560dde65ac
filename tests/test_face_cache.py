"""Card faces kept between runs (mtgkb/face_cache.py): a kept face equals the face parsed
from its record, a later process reads it without loading the Oracle grammar, and a file
of another parser, a damaged file or one holding anything but the card AST's classes is
never used."""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys

import pytest

from mtgkb import face_cache, sources
from mtgkb.carddb import CardDatabase
from mtgkb.parser.cardjson import card_from_json

from conftest import seed_grammar_tables


RUN_CACHE = os.environ.get("XDG_CACHE_HOME")     # the test run's own per-user cache


@pytest.fixture
def cache_home(private_cache_home, monkeypatch):
    with monkeypatch.context() as m:   # the grammars' tables, from the run's cache: not what these tests are about
        if RUN_CACHE is None:
            m.delenv("XDG_CACHE_HOME")
        else:
            m.setenv("XDG_CACHE_HOME", RUN_CACHE)
        seed_grammar_tables(private_cache_home)
    return private_cache_home


def _face_files(home):
    d = home / sources.CACHE_FOLDER
    return sorted(d.glob("face-*.face")) if d.is_dir() else []


def _parsed(db: CardDatabase, name: str):
    idx = db._index()
    n = idx.keys[db.key(name)]
    return card_from_json(json.loads(idx.record(n)), file=db.file, line=n).faces[0]


def test_kept_faces_equal_the_parsed_ones(cache_home):
    """Every 397th card of the database: written by one lookup, read back by a new database
    object, equal (fields, abilities, terms) to the face parsed from its record."""
    first = CardDatabase()
    names = first.names()[::397]
    kept = {n: first.face(n) for n in names}
    assert len(_face_files(cache_home)) == len({first._index().keys[k] for k in names})
    again = CardDatabase()
    for n in names:
        got = again.face(n)
        assert got == kept[n] == _parsed(again, n), n


def test_a_later_process_does_not_load_the_oracle_grammar(cache_home):
    names = ["Birds of Paradise", "Llanowar Elves", "Sol Ring"]
    kept = [str(CardDatabase().face(n).abilities) for n in names]    # parsed here, and kept
    code = ("import sys, json\nfrom mtgkb.carddb import CardDatabase\nfrom mtgkb.parser import oracle\n"
            "db = CardDatabase()\nfaces = [db.face(n) for n in sys.argv[1:]]\n"
            "print(json.dumps([oracle._parser.cache_info().currsize, [str(f.abilities) for f in faces]]))\n")
    run = subprocess.run([sys.executable, "-c", code, *names], capture_output=True, text=True, check=True)
    loaded, faces = json.loads(run.stdout)
    assert loaded == 0 and faces == kept      # read back, the grammar never loaded


def test_another_parser_is_another_file(cache_home, monkeypatch):
    db = CardDatabase()
    db.face("Birds of Paradise")
    assert len(_face_files(cache_home)) == 1
    monkeypatch.setattr(face_cache, "_code_digest", lambda: "another parser")
    assert face_cache.read(f"{db._index().ident}\0{db.file}\0{db._index().keys[db.key('Birds of Paradise')]}") is None
    CardDatabase().face("Birds of Paradise")
    assert len(_face_files(cache_home)) == 2


@pytest.mark.parametrize("damage", ["truncate", "foreign class", "bad tag", "wrong fields", "not a face"])
def test_a_damaged_or_foreign_file_is_not_used(cache_home, damage):
    db = CardDatabase()
    face = db.face("Birds of Paradise")
    (path,) = _face_files(cache_home)
    raw = path.read_bytes()
    head, body = raw[:raw.index(b"\n") + 1], raw[raw.index(b"\n") + 1:]
    data = marshal.loads(body)
    if damage == "truncate":
        new = head + body[: len(body) // 2]
    elif damage == "foreign class":
        new = head + marshal.dumps(("D", "Popen") + data[2:])
    elif damage == "bad tag":
        new = head + marshal.dumps(("X",) + data[1:])
    elif damage == "wrong fields":
        new = head + marshal.dumps(data[:3])
    else:
        new = head + marshal.dumps(("D", "ManaCost", ("T", "G")))
    path.write_bytes(new)
    again = CardDatabase()
    assert again.face("Birds of Paradise") == face == _parsed(again, "Birds of Paradise")


def test_values_outside_the_card_ast_are_not_kept():
    class Other:
        pass

    with pytest.raises(face_cache._NotPlain):
        face_cache.encode(("T", Other()))
    with pytest.raises(face_cache._NotPlain):
        face_cache.encode([1, 2])          # a list is not a value of the card AST
    assert face_cache.decode(face_cache.encode((1, "a", None, True)), face_cache._classes()) == (1, "a", None, True)
