"""Numbers out of range (language.md, "Input text and numbers"): exit 2 with
file:line:column, never an internal error or a silent wrap."""

from __future__ import annotations

import json

import pytest

from conftest import run_mtgkb


def _ruling(given: str, claim: str = "Grizzly Bears is 2/2.", card: str = "") -> str:
    return f'ruling "t"\n{card}  given:\n    {given}\n  expect:\n    {claim}\n'


@pytest.mark.parametrize("given,claim,col", [
    ("Alice controls Grizzly Bears with 2147483647 +1/+1 counters.", "Grizzly Bears is 2/2.", 39),
    ("Alice controls 99999999999 Forests.", "Grizzly Bears is 2/2.", 20),
    ("Alice controls Grizzly Bears with 1000001 +1/+1 counters.", "Grizzly Bears is 2/2.", 39),
    ("Alice controls Grizzly Bears with two +2147483648/+0 counters.", "Grizzly Bears is 2/2.", 44),
    ("Alice controls Grizzly Bears with 1000000 +1000/+1000 counters.", "Grizzly Bears is 2/2.", 47),
])
def test_number_out_of_range_in_given(tmp_path, given, claim, col):
    f = tmp_path / "n.mtg"
    f.write_text(_ruling(given, claim), encoding="utf-8")
    p = run_mtgkb("check", str(f))
    assert p.returncode == 2, (p.returncode, p.stderr)
    assert f"n.mtg:3:{col}: error:" in p.stderr and "out of range" in p.stderr, p.stderr


def test_number_out_of_range_in_claim(tmp_path):
    f = tmp_path / "n.mtg"
    f.write_text(_ruling("Alice controls Grizzly Bears.", "Grizzly Bears is 4294967298/2."), encoding="utf-8")
    p = run_mtgkb("check", str(f))
    assert p.returncode == 2 and "n.mtg:5:22: error:" in p.stderr, p.stderr


def test_number_in_range_is_fine(tmp_path):
    f = tmp_path / "n.mtg"
    f.write_text(_ruling("Alice controls Grizzly Bears with 999998 +1/+1 counters.", "Grizzly Bears is 1000000/1000000."),
                 encoding="utf-8")
    p = run_mtgkb("check", str(f))
    assert p.returncode == 0, p.stdout + p.stderr


def test_card_block_numbers(tmp_path):
    f = tmp_path / "n.mtg"
    card = "  card:\n    Big Bear {2147483648}\n    Creature — Bear\n    2/2\n"
    f.write_text(_ruling("Alice controls Big Bear.", "Big Bear is 2/2.", card), encoding="utf-8")
    p = run_mtgkb("check", str(f))
    assert p.returncode == 2 and "n.mtg:3:15: error:" in p.stderr, p.stderr


def test_card_text_file_numbers(tmp_path):
    f = tmp_path / "c.txt"
    f.write_text("Bear\nCreature — Bear\n2147483648/2\n", encoding="utf-8")
    p = run_mtgkb("parse", str(f))
    assert p.returncode == 2 and "c.txt:3:1: error:" in p.stderr, p.stderr


@pytest.mark.parametrize("field,value", [("power", "2147483648"), ("power", 99999999999),
                                         ("mana_cost", "{2147483648}")])
def test_card_json_numbers(tmp_path, field, value):
    f = tmp_path / "c.json"
    f.write_text(json.dumps([{"name": "Bear", "type_line": "Creature — Bear", "power": "2", "toughness": "2"},
                             {"name": "Bear2", "type_line": "Creature — Bear", "toughness": "2", field: value}]),
                 encoding="utf-8")
    p = run_mtgkb("parse", str(f))
    assert p.returncode == 2 and "c.json:1:1: error: card record 2:" in p.stderr, p.stderr
