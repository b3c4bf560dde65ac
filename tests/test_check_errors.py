"""`mtgkb check` on files with errors: every error reported (file:line:column and a
caret line), counted, the blocks without error still checked; bad input found while
a block is evaluated is an `error` result; scenario blocks with claims are checked;
a title names one block of a run."""

from __future__ import annotations

import json

from mtgkb.check import Session
from mtgkb.parser.errors import ParseError, ParseErrors
from mtgkb.parser.scenario import parse_scenario, read_scenario

GOOD = '''ruling "Bears are 2/2"
  given:
    Alice controls Grizzly Bears.
  expect:
    Grizzly Bears is 2/2.
'''

# errors in three places (a word, a top-level line, a claim), good blocks between them
THREE_ERRORS = GOOD + '''
ruling "A typo in a state sentence"
  given:
    Alice controlz Grizzly Bears.
  expect:
    Grizzly Bears is 2/2.

nonsense at the top
  and its indented lines

ruling "Bears are green"
  given:
    Alice controls Grizzly Bears.
  expect:
    Grizzly Bears is green.

ruling "A claim that is not a sentence"
  given:
    Alice controls Grizzly Bears.
  expect:
    Grizzly Bears frobs.
'''


def test_a_file_is_parsed_to_its_end():
    sf = read_scenario(THREE_ERRORS, file="e.mtg", known_names=lambda: ["Grizzly Bears"])
    assert [b.title for b in sf.blocks] == ["Bears are 2/2", "Bears are green"]
    assert [(e.line, e.column) for e in sf.errors] == [(9, 11), (13, 1), (26, 19)]
    assert all(e.file == "e.mtg" and e.source_line is not None for e in sf.errors)
    assert [b.last_line for b in sf.blocks] == [5, 20]


def test_parse_scenario_still_raises_every_error():
    try:
        parse_scenario(THREE_ERRORS, file="e.mtg", known_names=lambda: ["Grizzly Bears"])
    except ParseErrors as e:
        assert isinstance(e, ParseError)
        assert [x.line for x in e.errors] == [9, 13, 26]
        assert str(e).count(": error: ") == 3
    else:  # pragma: no cover - the test fails
        raise AssertionError("no error raised")
    try:   # one error: the ParseError itself, as before
        parse_scenario(GOOD.replace("controls", "controlz"), file="o.mtg", known_names=lambda: ["Grizzly Bears"])
    except ParseErrors:  # pragma: no cover - the test fails
        raise AssertionError("a single error is a plain ParseError")
    except ParseError as e:
        assert (e.line, e.column) == (3, 11)


def test_check_reports_every_error_with_a_caret_and_runs_the_rest(cli, in_tmp):
    (in_tmp / "e.mtg").write_text(THREE_ERRORS, encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", "e.mtg")
    assert rc == 2
    assert "PASS  Bears are 2/2" in out and "PASS  Bears are green" in out
    assert "2 rulings: 2 passed, 0 failed, 0 undetermined, 0 errors; 3 input errors" in out
    assert err.count(": error: ") == 3
    lines = err.splitlines()
    i = lines.index("e.mtg:9:11: error: unexpected 'controlz'")
    assert lines[i + 1] == "        Alice controlz Grizzly Bears."
    assert lines[i + 2] == "    " + " " * 10 + "^"
    assert "e.mtg:13:1: error: unexpected 'nonsense' at the top level" in err
    assert "e.mtg:26:19: error:" in err


def test_errors_are_in_the_json_document(cli, in_tmp):
    (in_tmp / "e.mtg").write_text(THREE_ERRORS, encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", "--format", "json", "e.mtg")
    assert rc == 2
    doc = json.loads(out)
    assert doc["summary"]["input_errors"] == 3
    assert [(e["file"], e["line"], e["column"]) for e in doc["errors"]] == [("e.mtg", 9, 11), ("e.mtg", 13, 1),
                                                                          ("e.mtg", 26, 19)]
    assert [r["title"] for r in doc["results"]] == ["Bears are 2/2", "Bears are green"]


def test_a_control_character_skips_only_its_block():
    text = GOOD + '\nruling "Escape"\n  given:\n    Alice controls Grizzly\x1bBears.\n  expect:\n    Grizzly Bears is 2/2.\n'
    sf = read_scenario(text, file="c.mtg", known_names=lambda: ["Grizzly Bears"])
    assert [b.title for b in sf.blocks] == ["Bears are 2/2"]
    (e,) = sf.errors
    assert (e.line, e.column) == (9, 27) and "ESC (U+001B)" in e.message
    assert "\x1b" not in str(e) and "\\x1b" in str(e)   # the caret line shows it escaped


def test_a_control_character_in_a_checked_file_is_reported_escaped(cli, in_tmp):
    # read as a whole file first (mtgkb.sources): the file is one error at its place
    (in_tmp / "c.mtg").write_text(GOOD.replace("Alice controls", "Alice\x1b controls"), encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", "c.mtg")
    assert rc == 2 and ":3:10: error: the file holds ESC (U+001B)" in err and "\x1b" not in err
    assert "1 input error" in out


def test_an_empty_file_is_one_error(cli, in_tmp):
    (in_tmp / "empty.mtg").write_text("# nothing\n", encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", "empty.mtg")
    assert rc == 2 and "empty.mtg:1:1: error: the file holds no ruling" in err
    assert "0 rulings" in out and "1 input error" in out


def test_a_reference_error_makes_that_ruling_an_error_result(cli, in_tmp):
    text = GOOD + '''
ruling "An object put into the game twice"
  given:
    Alice controls Grizzly Bears.
    Grizzly Bears is in Alice's hand.
  expect:
    Grizzly Bears is 2/2.
'''
    (in_tmp / "r.mtg").write_text(text, encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", "--format", "json", "r.mtg")
    assert rc == 2
    doc = json.loads(out)
    st = {r["title"]: r["status"] for r in doc["results"]}
    assert st == {"Bears are 2/2": "passed", "An object put into the game twice": "error"}
    bad = doc["results"][1]
    assert bad["error"].startswith("r.mtg:10:5: ") and "already in the game" in bad["error"]
    assert [c["verdict"] for c in bad["claims"]] == ["error"]
    assert doc["summary"]["errors"] == 1 and doc["summary"]["input_errors"] == 1
    assert "r.mtg:10:5: error:" in err and "    Grizzly Bears is in Alice's hand." in err


def test_scenario_blocks_with_claims_are_checked(cli, in_tmp):
    text = GOOD + '''
scenario "Bears are not 3/3"
  given:
    Alice controls Grizzly Bears.
  expect:
    Grizzly Bears is 3/3.

scenario "No claims: nothing to check"
  given:
    Alice controls Grizzly Bears.
'''
    (in_tmp / "s.mtg").write_text(text, encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", "--format", "json", "s.mtg")
    assert rc == 1, err
    doc = json.loads(out)
    assert [(r["title"], r["status"]) for r in doc["results"]] == [("Bears are 2/2", "passed"),
                                                                   ("Bears are not 3/3", "failed")]
    (in_tmp / "s.mtg").write_text(text.replace("is 3/3", "is 2/2"), encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", "s.mtg")
    assert rc == 0 and "PASS  Bears are not 3/3" in out and "No claims" not in out


def test_a_title_twice_in_a_file_names_both_places(cli, in_tmp):
    (in_tmp / "d.mtg").write_text(GOOD + "\n" + GOOD, encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", "d.mtg")
    assert rc == 2
    assert "d.mtg:7:8: error: the title 'Bears are 2/2' is already used by the block at line 1" in err
    assert out.count("PASS  Bears are 2/2") == 1


def test_a_title_in_two_files_names_both_places(cli, in_tmp):
    (in_tmp / "a.mtg").write_text(GOOD, encoding="utf-8")
    (in_tmp / "b.mtg").write_text(GOOD, encoding="utf-8")
    rc, out, err = cli("check", "--jobs", "1", "a.mtg", "b.mtg")
    assert rc == 2
    assert "b.mtg:1:1: error: the title 'Bears are 2/2' is already used by the block at a.mtg:1" in err
    assert '    ruling "Bears are 2/2"\n    ^' in err


def test_the_same_results_and_errors_in_worker_processes(cli, in_tmp):
    (in_tmp / "e.mtg").write_text(THREE_ERRORS + '''
scenario "A scenario with a claim"
  given:
    Alice controls Grizzly Bears.
  expect:
    Grizzly Bears is 2/2.
''', encoding="utf-8")
    one = cli("check", "--jobs", "1", "--format", "json", "e.mtg")
    two = cli("check", "--jobs", "2", "--format", "json", "e.mtg")
    assert one == two
    assert one[0] == 2 and len(json.loads(one[1])["results"]) == 3


def test_the_shipped_rulings_have_unique_titles():
    import re
    from collections import Counter

    from conftest import RULINGS_DIR

    titles = Counter(m.group(1) for p in RULINGS_DIR.rglob("*.mtg")
                     for m in re.finditer(r'(?m)^(?:ruling|scenario)\s+"([^"]*)"', p.read_text(encoding="utf-8")))
    assert [t for t, n in titles.items() if n > 1] == []


def test_session_load_returns_the_good_blocks_and_the_errors(tmp_path):
    p = tmp_path / "e.mtg"
    p.write_text(THREE_ERRORS, encoding="utf-8")
    sf = Session().load(str(p), display="e.mtg")
    assert len(sf.blocks) == 2 and len(sf.errors) == 3
