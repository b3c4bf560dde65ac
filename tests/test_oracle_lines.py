"""Oracle lines kept between runs (mtgkb.parser.oracle_lines): a kept line gives exactly what
parsing it gives, a file of another key or a damaged one is not used, only the command line
uses them, and a process that finds all its lines kept never loads the Oracle grammar."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import seed_grammar_tables

from mtgkb import paths
from mtgkb.parser import cache_files, oracle, oracle_lines
from mtgkb.parser.grammar_cache import FOLDER
from mtgkb.parser.oracle import _parse_normalised, normalise

REPO = Path(__file__).resolve().parents[1]

# understood lines, a quoted ability, a trigger with a condition, riders, and a line the grammar
# does not understand (its reason is kept too)
LINES = [
    ("{T}: Add one mana of any color.", "Birds of Paradise"),
    ("Flying", "Birds of Paradise"),
    ("{T}: Add {C}{C}.", "Sol Ring"),
    ("Enchanted land has \"{T}: Add one mana of any color.\"", "Utopia Sprawl"),
    ("At the beginning of your upkeep, if you control no creatures, sacrifice ~.", "X"),
    ("{2}, {T}: Draw a card. Activate only as a sorcery.", "X"),
    ("Whenever a creature you control dies, each opponent loses 1 life.", "X"),
    ("Xyzzy the frobnicator gloms every plugh.", "X"),
]


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setitem(oracle_lines._state, "writes", 0)
    return tmp_path


def _texts():
    return [normalise(line, face) for line, face in LINES]


def test_a_kept_line_reads_back_exactly(cache_home):
    for text in _texts():
        parsed = _parse_normalised(text)
        oracle_lines.keep(text, parsed)
        got = oracle_lines.read(text)
        assert got == parsed, text
        assert type(got) is type(parsed)
    assert isinstance(oracle_lines.read(_texts()[-1]), str)   # the reason a line is not understood


def test_database_lines_encode_and_decode_to_the_same_fields():
    """Every 97th card of the database: each line's fields through the kept form and back."""
    seen = 0
    with gzip.open(paths.card_database(), "rt", encoding="utf-8") as fh:
        for n, record in enumerate(fh):
            if n % 97:
                continue
            d = json.loads(record)
            for raw in (d.get("oracle_text") or "").splitlines():
                if raw.strip():
                    text = normalise(raw.strip(), d.get("face_name") or d["name"], tuple(d.get("supertypes") or ()))
                    parsed = _parse_normalised(text)
                    assert oracle_lines._decoded(oracle_lines._encoded(parsed)) == parsed, text
                    seen += 1
    assert seen > 300


def test_a_file_of_another_key_or_damaged_is_not_used(cache_home):
    text = _texts()[0]
    name = oracle_lines._name(text)
    assert oracle_lines.read(text) is None
    cache_files.write_cache(FOLDER, name, b"mtgkb other key\n" + b"\0" * 8)
    assert oracle_lines.read(text) is None
    cache_files.write_cache(FOLDER, name, oracle_lines._key() + b"\nnot marshal data")
    assert oracle_lines.read(text) is None
    import marshal

    for wrong in [("another line", "x"), (text, ("Q", 1)), (text, ("F", 3, ())), [text, "x"]]:
        cache_files.write_cache(FOLDER, name, oracle_lines._key() + b"\n" + marshal.dumps(wrong))
        assert oracle_lines.read(text) is None, wrong


def test_a_process_writes_a_bounded_number_of_lines(cache_home, monkeypatch):
    monkeypatch.setattr(oracle_lines, "WRITES_MAX", 2)
    for text in _texts()[:4]:
        oracle_lines.keep(text, _parse_normalised(text))
    assert len([n for n in os.listdir(cache_home / FOLDER) if n.endswith(".oracle")]) == 2


def test_only_the_command_line_uses_them():
    assert not oracle_lines.enabled()   # the API and the tests parse with the grammar


_COLD = """
import json, sys
from mtgkb.parser import oracle, oracle_lines
from mtgkb.parser.oracle import parse_abilities
oracle_lines.enable()
text = "Flying\\n{T}: Add one mana of any color."
abilities = parse_abilities(text, "Birds of Paradise")
print(json.dumps({"loaded": oracle._parser.cache_info().currsize == 1, "abilities": repr(abilities)}))
"""


def test_a_process_whose_lines_are_kept_does_not_load_the_grammar(tmp_path):
    seed_grammar_tables(tmp_path)
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    runs = [json.loads(subprocess.run([sys.executable, "-c", _COLD], cwd=REPO, env=env, capture_output=True,
                                      text=True, timeout=300, check=True).stdout) for _ in range(2)]
    assert runs[0]["loaded"] is True and runs[1]["loaded"] is False
    assert runs[0]["abilities"] == runs[1]["abilities"]
    assert runs[1]["abilities"] == repr(oracle.parse_abilities("Flying\n{T}: Add one mana of any color.",
                                                               "Birds of Paradise"))
