"""Bad input through the command line: exit code 2, one clear
message naming file, line and column (and what was expected), never a traceback."""

from __future__ import annotations

import os
import re

import pytest

from conftest import DATA, run_mtgkb


def _where(err: str, name: str, line: int, column: int | None = None) -> None:
    """`FILE:LINE:COLUMN: error: ` at the start of a line; FILE may be shown relative
    to the working directory, so only its final part is compared."""
    col = r"\d+" if column is None else str(column)
    base = re.escape(os.path.basename(name))
    assert re.search(rf"(?m)^(?:\S*/)?{base}:{line}:{col}: error: ", err), err


def _clean(err: str) -> None:
    assert "Traceback" not in err
    assert "internal error" not in err


CASES = [
    # file, line, column (None: any), words the message must contain
    ("bad_not_utf8.mtg", 5, 22, ["not UTF-8"]),
    ("bad_empty.mtg", 1, 1, ["empty"]),
    ("bad_blank.mtg", 1, 1, ["no ruling, scenario or card block", "expected"]),
    ("bad_cites.mtg", 2, 18, ["banana", "Comprehensive Rules number", "expected"]),
    ("bad_sentence.mtg", 5, 19, ["unexpected 'flies'", "expected one of"]),
    ("bad_card_text.mtg", 4, 10, ["Banana", "expected"]),
    ("bad_mana_cost.mtg", 2, None, ["{K}", "expected"]),
    ("bad_unknown_card_in_zone.mtg", 3, 5, ["Grizzly", "expected", "card name"]),
    ("bad_unknown_handle.mtg", 5, 5, ["Grizzly Bears", "expected"]),
]


@pytest.mark.parametrize("name,line,column,words", CASES, ids=[c[0] for c in CASES])
def test_bad_input_exit_2(cli, name, line, column, words):
    path = str(DATA / name)
    rc, out, err = cli("check", path)
    assert rc == 2, (out, err)
    _clean(err)
    _where(err, path, line, column)
    for w in words:
        assert w in err, err


@pytest.mark.parametrize("fmt", ["json", "junit", "text"])
def test_bad_input_exit_2_in_every_format(cli, fmt):
    rc, out, err = cli("check", str(DATA / "bad_sentence.mtg"), "--format", fmt)
    assert rc == 2
    _clean(err)
    _where(err, str(DATA / "bad_sentence.mtg"), 5, 19)


def test_bad_input_json_lists_the_error(cli):
    import json

    rc, out, err = cli("check", str(DATA / "bad_cites.mtg"), "--format", "json")
    assert rc == 2
    doc = json.loads(out)
    (e,) = doc["errors"]
    assert e["file"].endswith("bad_cites.mtg")
    e["file"] = "bad_cites.mtg"
    assert doc["errors"] == [{"file": "bad_cites.mtg", "line": 2, "column": 18,
                              "message": "'banana' is not a Comprehensive Rules number",
                              "expected": ["a rule number such as 707.9b"]}]


def test_missing_file(cli, tmp_path):
    path = str(tmp_path / "nope.mtg")
    rc, out, err = cli("check", path)
    assert rc == 2
    _clean(err)
    _where(err, path, 1, 1)
    assert "no such file" in err


def test_unknown_card_name_is_exit_2_with_position(cli):
    path = str(DATA / "bad_unknown_card.mtg")
    rc, out, err = cli("check", path)
    assert rc == 2
    _clean(err)
    _where(err, path, 3)


def test_unknown_card_name_message_says_unknown_card(cli):
    path = str(DATA / "bad_unknown_card.mtg")
    rc, out, err = cli("check", path)
    _where(err, path, 3, 20)
    assert "Grizzly Bearz" in err.splitlines()[0]


def test_numbered_handle_names_an_explicit_handle(cli, tmp_path):
    # "Forest #2" in a state sentence is the card Forest under the explicit handle "Forest #2"
    path = tmp_path / "numbered.mtg"
    path.write_text('ruling "explicit handle"\n  given:\n    Alice controls Forest #2.\n'
                    '  expect:\n    Forest #2 is a land.\n', encoding="utf-8")
    rc, out, err = cli("check", str(path))
    assert rc == 0, err
    assert "1 passed" in out


def test_unknown_card_found_after_parsing_is_bad_input(cli, tmp_path):
    # A card block's name parses as a name but the card it copies does not exist:
    # the error is bad input (exit 2) at the sentence, not a failed ruling.
    path = tmp_path / "unknown.mtg"
    path.write_text('ruling "unknown"\n  given:\n    Bob controls a token copy of Nonexistent Card called "T".\n'
                    '  expect:\n    T is a token.\n', encoding="utf-8")
    rc, out, err = cli("check", str(path))
    assert rc == 2
    _clean(err)
    _where(err, str(path), 3)


def test_usage_errors_exit_2(cli):
    rc, out, err = cli("check", "--format", "yaml")
    assert rc == 2 and "Traceback" not in err
    rc, out, err = cli()
    assert rc == 2
    rc, out, err = cli("frobnicate")
    assert rc == 2


def test_show_and_ask_report_bad_input_with_exit_2(cli):
    path = str(DATA / "bad_sentence.mtg")
    for argv in (("show", path), ("ask", path, "Grizzly Bears is 2/2.")):
        rc, out, err = cli(*argv)
        assert rc == 2, argv
        _clean(err)
        _where(err, path, 5, 19)


def test_bad_claim_in_ask_is_exit_2(cli):
    rc, out, err = cli("ask", str(DATA / "verdicts.mtg"), "Grizzly Bears flies.")
    assert rc == 2
    _clean(err)
    assert "<claim>:1:" in err and "expected" in err


def test_bad_input_through_a_real_process(tmp_path):
    """The same contract from a fresh interpreter: exit status 2, message on stderr,
    no traceback, nothing on stdout but the (empty) report."""
    path = DATA / "bad_sentence.mtg"
    p = run_mtgkb("check", str(path), cwd=tmp_path)
    assert p.returncode == 2, p.stderr
    _clean(p.stderr)
    _where(p.stderr, str(path), 5, 19)
    bad = tmp_path / "latin1.mtg"
    bad.write_bytes("ruling \"caf\xe9\"\n".encode("latin-1"))
    p = run_mtgkb("check", str(bad), cwd=tmp_path)
    assert p.returncode == 2
    _clean(p.stderr)
    _where(p.stderr, str(bad), 1, 12)


def test_a_real_process_writes_all_its_output_and_keeps_its_exit_code(tmp_path):
    """The command ends without the interpreter's teardown once its output is flushed:
    all of stdout reaches a pipe (a whole JSON document), and an error still exits 2
    with its message."""
    import json
    from pathlib import Path

    rulings = str(Path(__file__).resolve().parents[1] / "kb" / "rulings" / "foundation.mtg")
    p = run_mtgkb("check", rulings, "-k", "Grizzly Bears with two", "--format", "json", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert [r["status"] for r in json.loads(p.stdout)["results"]] == ["passed"]
    p = run_mtgkb("pay", "{Q}", rulings, cwd=tmp_path)
    assert p.returncode == 2 and p.stdout == ""
    _clean(p.stderr)
    assert "<cost>:1:1: error: {Q} is not a mana symbol" in p.stderr
