"""Option values are checked by the argument parser: a bad --timeout, --limit,
--jobs or --top is a usage error (exit 2) naming the option, before any work."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mtgkb.cli import JOBS_MAX, LIMIT_MAX, TIMEOUT_MAX, build_parser, main

REPO = Path(__file__).resolve().parents[1]
FOUNDATION = str(REPO / "kb" / "rulings" / "foundation.mtg")
BOARD = 'scenario "a board"\n  given:\n    Alice controls Forest.\n'


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def board(tmp_path):
    p = tmp_path / "board.mtg"
    p.write_text(BOARD, encoding="utf-8")
    return str(p)


BAD_TIMEOUTS = ["nan", "NaN", "-nan", "inf", "Infinity", "-inf", "-1", "-0.5", "0", "0.0", "-0", "1e309",
                str(TIMEOUT_MAX + 1), "abc", "", "1s", "0x10"]


@pytest.mark.parametrize("value", BAD_TIMEOUTS)
@pytest.mark.parametrize("command", ["check", "show", "ask", "why", "pay"])
def test_bad_timeout_is_a_usage_error(capsys, board, command, value):
    args = {"check": ["check", board], "show": ["show", board], "ask": ["ask", board, "Alice controls Forest."],
            "why": ["why", board, "Alice controls Forest."], "pay": ["pay", "{1}", board]}[command]
    code, out, err = run(capsys, *args, f"--timeout={value}")
    assert code == 2, (code, out, err)
    assert "argument --timeout:" in err and "Traceback" not in err and out == ""


@pytest.mark.parametrize("value,expected", [("0.001", 0.001), ("10", 10.0), ("1e-3", 0.001), (" 2.5 ", 2.5),
                                            (str(TIMEOUT_MAX), TIMEOUT_MAX)])
def test_good_timeout_is_accepted(value, expected):
    assert build_parser().parse_args(["check", f"--timeout={value}"]).timeout == expected
    assert build_parser().parse_args(["pay", "{1}", "f", f"--timeout={value}"]).timeout == expected


def test_timeout_default():
    assert build_parser().parse_args(["check"]).timeout == 10.0


BAD_LIMITS = ["0", "-1", "-0", str(LIMIT_MAX + 1), "99999999999999999999", "1" * 40, "1.5", "1e3", "abc", "",
              "nan", "inf", "+-5", "١٢"]


@pytest.mark.parametrize("value", BAD_LIMITS)
def test_bad_limit_is_a_usage_error(capsys, board, value):
    code, out, err = run(capsys, "pay", "{1}", board, f"--limit={value}")
    assert code == 2, (code, out, err)
    assert "argument --limit:" in err and "Traceback" not in err and out == ""


@pytest.mark.parametrize("value,expected", [("1", 1), ("100", 100), ("+7", 7), (str(LIMIT_MAX), LIMIT_MAX)])
def test_good_limit_is_accepted(value, expected):
    assert build_parser().parse_args(["pay", "{1}", "f", f"--limit={value}"]).limit == expected


def test_limit_in_range_runs(capsys, board):
    code, out, err = run(capsys, "pay", "{G}", board, f"--limit={LIMIT_MAX}")
    assert code == 0 and out.startswith("Alice can pay {G}: 1 way"), (out, err)


@pytest.mark.parametrize("value", ["0", "-1", str(JOBS_MAX + 1), "two", "1.0", ""])
def test_bad_jobs_is_a_usage_error(capsys, value):
    code, out, err = run(capsys, "check", f"--jobs={value}")
    assert code == 2 and "argument --jobs:" in err and out == ""


@pytest.mark.parametrize("value", ["1", "2", str(JOBS_MAX)])
def test_good_jobs_is_accepted(value):
    assert build_parser().parse_args(["check", f"--jobs={value}"]).jobs == int(value)


@pytest.mark.parametrize("value", ["-1", "x", "1000001"])
def test_bad_top_is_a_usage_error(capsys, value):
    code, out, err = run(capsys, "coverage", f"--top={value}")
    assert code == 2 and "argument --top:" in err and out == ""


def test_top_zero_is_accepted():
    assert build_parser().parse_args(["coverage", "--top=0"]).top == 0


def test_help_and_version_return_0(capsys):
    assert run(capsys, "--version")[0] == 0
    code, out, _ = run(capsys, "pay", "--help")
    assert code == 0 and "--limit N" in out and f"{LIMIT_MAX:,}" in out


def test_real_exit_code_is_2():
    p = subprocess.run([sys.executable, "-m", "mtgkb.cli", "check", "--timeout", "nan", FOUNDATION],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and "argument --timeout:" in p.stderr and p.stdout == ""


def test_xml_sax_is_imported_only_for_junit():
    code = ("import sys, mtgkb.cli\n"
            "assert 'xml.sax.saxutils' not in sys.modules, 'imported at start'\n"
            "assert 'urllib.request' not in sys.modules, 'imported at start'\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr


def test_junit_still_written(capsys):
    code, out, err = run(capsys, "check", "--format", "junit", FOUNDATION)
    assert code == 0, err
    assert out.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="mtgkb"')
    import xml.dom.minidom

    xml.dom.minidom.parseString(out)  # well-formed
