"""check's text options (-q, -v, --color) and --baseline."""

from __future__ import annotations

import json

import pytest

from mtgkb.cli import _use_color
from mtgkb.report import ruling_lines
from mtgkb.results import ClaimResult, RulingResult

THREE = '''ruling "Bears are 2/2"
  given:
    Alice controls Grizzly Bears.
  expect:
    Grizzly Bears is 2/2.
    Grizzly Bears is green.

ruling "Bears are 3/3"
  given:
    Alice controls Grizzly Bears.
  expect:
    Grizzly Bears is 3/3.

card:
  Odd Bear {1}{G}
  Creature — Bear
  Whatever strange text this is.
  2/2

ruling "An odd bear"
  given:
    Alice controls Odd Bear.
  expect:
    Odd Bear is 2/2.
'''
GREEN, RED, YELLOW, RESET = "\x1b[32m", "\x1b[31m", "\x1b[33m", "\x1b[0m"


@pytest.fixture
def three(in_tmp):
    (in_tmp / "t.mtg").write_text(THREE, encoding="utf-8")
    return "t.mtg"


def test_default_quiet_and_verbose(cli, three):
    rc, out, err = cli("check", "--jobs", "1", three)
    assert rc == 1
    assert "PASS  Bears are 2/2" in out and "FAIL  Bears are 3/3" in out and "UNDT  An odd bear" in out
    assert "holds" not in out   # a claim that holds is not listed by default
    rc, quiet, err = cli("check", "--jobs", "1", "-q", three)
    assert rc == 1 and "Bears are 2/2" not in quiet and "FAIL  Bears are 3/3" in quiet and "UNDT  An odd bear" in quiet
    assert quiet.rstrip().endswith("3 rulings: 1 passed, 1 failed, 1 undetermined, 0 errors")
    rc, loud, err = cli("check", "--jobs", "1", "-v", three)
    assert "        holds        line 5: Grizzly Bears is 2/2." in loud
    assert "        holds        line 6: Grizzly Bears is green." in loud
    assert "        fails        line 12: Grizzly Bears is 3/3." in loud
    rc, out, err = cli("check", "--jobs", "1", "-q", "-v", three)
    assert rc == 2 and "not allowed with argument" in err


def test_colour_always_never_and_auto(cli, three, monkeypatch):
    rc, out, err = cli("check", "--jobs", "1", "--color", "always", three)
    assert f"{GREEN}PASS{RESET}  Bears are 2/2" in out
    assert f"{RED}FAIL{RESET}  Bears are 3/3" in out
    assert f"{YELLOW}UNDT{RESET}  An odd bear" in out
    rc, out, err = cli("check", "--jobs", "1", "--color", "never", three)
    assert "\x1b" not in out
    rc, out, err = cli("check", "--jobs", "1", three)   # auto, stdout not a terminal
    assert "\x1b" not in out
    rc, out, err = cli("check", "--jobs", "1", "--format", "json", "--color", "always", three)
    assert "\x1b" not in out and json.loads(out)


class _Tty:
    def __init__(self, tty: bool) -> None:
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_auto_colour_needs_a_terminal_and_no_NO_COLOR(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr("sys.stdout", _Tty(True))
    assert _use_color("auto") is True
    monkeypatch.setenv("NO_COLOR", "1")
    assert _use_color("auto") is False
    assert _use_color("always") is True
    monkeypatch.setenv("NO_COLOR", "")   # set but empty: no effect (no-color.org)
    assert _use_color("auto") is True
    monkeypatch.setattr("sys.stdout", _Tty(False))
    assert _use_color("auto") is False
    assert _use_color("never") is False


def test_text_from_the_input_stays_escaped_in_colour():
    r = RulingResult(title="A \x1b[2J title\u2028", about="Card\x9b", cites=[], file="f\x07.mtg", line=3,
                     claims=[ClaimResult("Bears\x1b]0; are 2/2.", 4, "fails", "no\x1b")])
    text = "\n".join(ruling_lines(r, verbose=True, color=True))
    assert text.count("\x1b") == 2   # only the colour of the mark and its reset
    assert text.startswith(f"{RED}FAIL{RESET}  A \\x1b[2J title\\u2028  (f\\x07.mtg:3, Card\\x9b)")
    assert "Bears\\x1b]0; are 2/2." in text and "no\\x1b" in text


def _json(cli, path):
    rc, out, err = cli("check", "--jobs", "1", "--format", "json", path)
    return out


def test_baseline_reports_changes_new_and_removed(cli, three, in_tmp):
    (in_tmp / "old.json").write_text(_json(cli, three), encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", three, "--baseline", "old.json")
    assert rc == 1 and "compared with old.json: 0 changed, 0 new, 0 removed (no change)" in out
    changed = THREE.replace("is 3/3", "is 2/2").replace('"Bears are 2/2"', '"Bears are two by two"')
    (in_tmp / "t.mtg").write_text(changed, encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", three, "--baseline", "old.json")
    assert rc == 0   # as without the baseline (nothing fails now): the comparison leaves the code alone
    tail = out[out.index("compared with"):].splitlines()
    assert tail == ["compared with old.json: 1 changed, 1 new, 1 removed",
                    "  changed  FAIL -> PASS  Bears are 3/3  (t.mtg)",
                    "  new      PASS  Bears are two by two  (t.mtg)",
                    "  removed  PASS  Bears are 2/2  (t.mtg)"]
    rc, out, err = cli("check", "--jobs", "1", "--format", "json", three, "--baseline", "old.json")
    doc = json.loads(out)["baseline"]
    assert doc == {"file": "old.json",
                   "changed": [{"file": "t.mtg", "title": "Bears are 3/3", "was": "failed", "now": "passed"}],
                   "new": [{"file": "t.mtg", "title": "Bears are two by two", "now": "passed"}],
                   "removed": [{"file": "t.mtg", "title": "Bears are 2/2", "was": "passed"}]}


def test_baseline_exit_code_changes_only_under_strict(cli, in_tmp):
    good = THREE.split("card:")[0].replace("is 3/3", "is 2/2")
    (in_tmp / "g.mtg").write_text(good, encoding="utf-8")
    (in_tmp / "old.json").write_text(_json(cli, "g.mtg"), encoding="utf-8")
    assert cli("check", "--jobs", "1", "g.mtg", "--baseline", "old.json", "--strict")[0] == 0
    # a ruling removed: not a failure of the run, but a regression under --strict
    (in_tmp / "g.mtg").write_text(good.split('ruling "Bears are 3/3"')[0], encoding="utf-8")
    assert cli("check", "--jobs", "1", "g.mtg", "--baseline", "old.json")[0] == 0
    assert cli("check", "--jobs", "1", "g.mtg", "--baseline", "old.json", "--strict")[0] == 1


def test_a_bad_baseline_is_bad_input(cli, three, in_tmp):
    (in_tmp / "old.json").write_text('{"schema": "mtgkb.check/1",\n "results": [}', encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", three, "--baseline", "old.json")
    assert rc == 2 and out == "" and "old.json:2:14: error: invalid JSON" in err
    (in_tmp / "old.json").write_text('{"schema": "other"}', encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", three, "--baseline", "old.json")
    assert rc == 2 and "not a `mtgkb check --format json` document" in err
    (in_tmp / "old.json").write_text('{"schema": "mtgkb.check/1", "results": [{"title": 1}]}', encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", three, "--baseline", "old.json")
    assert rc == 2 and "result 1 lacks a file, a title or a known status" in err
    rc, out, err = cli("check", "--jobs", "1", three, "--baseline", "missing.json")
    assert rc == 2 and "missing.json:1:1: error: no such file" in err
