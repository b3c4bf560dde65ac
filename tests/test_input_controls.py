"""Control characters in input: refused at their position (exit 2); lines split on
\\n, \\r\\n and \\r only; nothing non-printable reaches the terminal raw; JUnit XML
stays well-formed whatever the input holds."""

from __future__ import annotations

import json
import xml.dom.minidom

import pytest

from conftest import run_mtgkb
from mtgkb.parser.errors import ParseError, printable, split_lines

GOOD = 'ruling "t"\n  given:\n    Alice controls Grizzly Bears.\n  expect:\n    Grizzly Bears is 2/2.\n'


def _raw_free(s: str) -> None:
    assert not any(ord(c) < 32 and c not in "\n" or 0x7f <= ord(c) <= 0x9f for c in s), repr(s)


@pytest.mark.parametrize("ch,name", [("\x00", "NUL"), ("\x1b", "ESC"), ("\x07", "U+0007"), ("\x0c", "form feed"),
                                     ("\x7f", "DEL"), ("\x85", "NEL"), ("\x9b", "U+009B"),
                                     ("\u2028", "line separator")])
def test_control_in_title_is_refused_at_its_position(tmp_path, ch, name):
    f = tmp_path / "c.mtg"
    f.write_text(GOOD.replace('"t"', f'"a{ch}[2Kb"'), encoding="utf-8")
    p = run_mtgkb("check", str(f))
    assert p.returncode == 2, p.stderr
    assert "c.mtg:1:10: error:" in p.stderr and name in p.stderr, p.stderr
    _raw_free(p.stderr + p.stdout)


def test_control_in_a_sentence_line_and_column(tmp_path):
    f = tmp_path / "c.mtg"
    f.write_text(GOOD.replace("Alice controls Grizzly", "Alice controls Grizzly\x1b]0;pwned\x07"), encoding="utf-8")
    p = run_mtgkb("check", str(f))
    assert p.returncode == 2 and "c.mtg:3:27: error:" in p.stderr, p.stderr
    _raw_free(p.stderr + p.stdout)


def test_nul_in_card_block_name(tmp_path):
    f = tmp_path / "c.mtg"
    f.write_text('ruling "t"\n  card:\n    Grizzly Bears\x00X {U}\n    Creature — Bear\n    2/2\n'
                 '  given:\n    Alice controls Grizzly Bears.\n  expect:\n    Grizzly Bears is green.\n',
                 encoding="utf-8")
    p = run_mtgkb("check", str(f))
    assert p.returncode == 2 and "c.mtg:3:18: error:" in p.stderr and "NUL" in p.stderr, p.stderr


def test_card_text_file_control(tmp_path):
    f = tmp_path / "cards.txt"
    f.write_text("Bear\nCreature — Bear\nFlying\x1b[1G\n2/2\n", encoding="utf-8")
    p = run_mtgkb("parse", str(f))
    assert p.returncode == 2 and "cards.txt:3:7: error:" in p.stderr, p.stderr
    _raw_free(p.stderr + p.stdout)


@pytest.mark.parametrize("name", ["Grizzly Bears\u0000X", "Bear\nPASS  forged", "Bear\x1b[2K", "Bear\ud800"])
def test_json_card_name_with_control(tmp_path, name):
    f = tmp_path / "c.jsonl"
    f.write_text(json.dumps({"name": "Ok", "type_line": "Creature — Bear"}) + "\n"
                 + json.dumps({"name": name, "type_line": "Creature — Bear"}) + "\n", encoding="utf-8")
    p = run_mtgkb("parse", str(f))
    assert p.returncode == 2, p.stderr
    assert "c.jsonl:2:1: error: card record 2:" in p.stderr, p.stderr
    _raw_free(p.stderr + p.stdout)


@pytest.mark.parametrize("sep", ["\u2028", "\u0085", "\x0c"])
def test_only_newline_cr_crlf_split_lines(sep):
    assert split_lines(f"a{sep}b\nc\r\nd\re\n") == [f"a{sep}b", "c", "d", "e"]


def test_crlf_and_cr_line_numbers(tmp_path):
    f = tmp_path / "c.mtg"
    f.write_bytes(GOOD.replace("Grizzly Bears is", "Grizzly Bearz is").replace("\n", "\r").encode())
    p = run_mtgkb("check", str(f))
    assert p.returncode == 2 and "c.mtg:5:5: error:" in p.stderr, p.stderr


def test_error_lines_escape_and_align():
    e = ParseError("bad", "f\x1b.mtg", 1, 3, source_line="a\x1bbc")
    s = str(e)
    _raw_free(s)
    assert "f\\x1b.mtg:1:3" in s
    src, caret = s.splitlines()[1:3]
    assert src.index("bc") == caret.index("^")
    assert printable("a\tb\x00") == "a b\\x00"


def test_error_lines_are_truncated():
    e = ParseError("unexpected " + repr("x" * 100000), "f.mtg", 1, 50001, source_line="y" * 100000)
    s = str(e)
    assert len(s) < 1200, len(s)
    src, caret = s.splitlines()[1:3]
    assert src[caret.index("^")] == "y"


def test_junit_is_well_formed_with_hostile_text():
    from mtgkb.junit import junit_xml
    from mtgkb.results import CheckReport, ClaimResult, RulingResult

    hostile = "a\x1b[2K\x00\x0b\ud800\ufffe<&>\"'b"
    rr = RulingResult(title=hostile, about=None, cites=[], file="x" + hostile, line=1,
                      claims=[ClaimResult(text=hostile, line=2, verdict="fails", message=hostile)])
    rr2 = RulingResult(title="e", about=None, cites=[], file="y", line=1, error=hostile)
    doc = junit_xml(CheckReport([rr, rr2]), [ParseError(hostile, "z" + hostile, 3, 4, source_line=hostile)])
    dom = xml.dom.minidom.parseString(doc.encode("utf-8"))
    cases = dom.getElementsByTagName("testcase")
    assert len(cases) == 3
    assert cases[0].getAttribute("name").startswith("a\\x1b[2K\\x00")
    assert len(dom.getElementsByTagName("error")) == 2


def test_junit_output_of_check_parses(tmp_path):
    f = tmp_path / "c.mtg"
    f.write_text(GOOD.replace("is 2/2", "is 3/3"), encoding="utf-8")
    p = run_mtgkb("check", str(f), "--format", "junit")
    assert p.returncode == 1
    xml.dom.minidom.parseString(p.stdout.encode("utf-8"))
