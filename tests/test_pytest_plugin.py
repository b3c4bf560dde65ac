"""The pytest plugin (mtgkb/pytest_plugin.py), run in pytest's own `pytester` sandbox."""

from __future__ import annotations

import shutil

import pytest

import mtgkb.api
from conftest import DATA

pytest_plugins = ["pytester"]

# Imported before the in-process runs, mtgkb's modules (and the card database they
# cache) outlive each run's restore of sys.modules: the database is loaded once.
PRELOADED = mtgkb.api

FAIL_TITLE = "Plain claims, negation and may on a vanilla creature"
UNDT_TITLE = "A creature with text nobody understands"


@pytest.fixture()
def rulings(pytester):
    d = pytester.mkdir("rulings")
    for name in ("verdicts.mtg", "undetermined.mtg"):
        shutil.copy(DATA / name, d / name)
    return d


def test_off_unless_asked(pytester, rulings):
    """Installed means registered, never collecting: a project with .mtg files among its
    test data (as this one) sees no change."""
    shutil.copy(DATA / "bad_sentence.mtg", rulings / "bad_sentence.mtg")
    res = pytester.runpytest("-p", "no:cacheprovider")
    assert res.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    res.assert_outcomes()


def test_one_item_per_ruling_named_by_title(pytester, rulings):
    res = pytester.runpytest("-p", "no:cacheprovider", "--mtgkb", "--collect-only", "-q")
    res.stdout.fnmatch_lines([f"rulings/undetermined.mtg::{UNDT_TITLE}", f"rulings/verdicts.mtg::{FAIL_TITLE}"])


def test_failures_and_skips(pytester, rulings):
    res = pytester.runpytest("-p", "no:cacheprovider", "--mtgkb", "-rs")
    res.assert_outcomes(failed=1, skipped=1)
    out = res.stdout.str()
    # the failing claims, each with its verdict, and their explanations
    assert f'verdicts.mtg:2: ruling "{FAIL_TITLE}": a claim does not hold' in out
    assert "fails        line 9: Grizzly Bears is 2/2." in out
    assert "fails        line 17: Grizzly Bears has no +1/+1 counters." in out
    # ... as proofs in words: what is not derived, and what is derived instead, with its rules
    assert "not derived: Grizzly Bears has 0 +1/+1 counter(s)" in out
    assert "Grizzly Bears gets +2 power from +1/+1 counters — given: Grizzly Bears has 2 +1/+1 counter(s)  [613.4c" in out
    assert "line 8: Grizzly Bears is 4/4." not in out   # a claim that holds is not listed
    # the undetermined ruling: skipped, with the reason
    res.stdout.fnmatch_lines(["SKIPPED [[]1] rulings/undetermined.mtg:9: undetermined: line 14: Odd Bear is 2/2.*"
                              "does not understand*"])


def test_strict_fails_undetermined(pytester, rulings):
    res = pytester.runpytest("-p", "no:cacheprovider", "--mtgkb", "--mtgkb-strict",
                             f"rulings/undetermined.mtg::{UNDT_TITLE}")
    res.assert_outcomes(failed=1)
    assert "undetermined (--mtgkb-strict)" in res.stdout.str()
    assert "undetermined line 14: Odd Bear is 2/2." in res.stdout.str()


def test_ini_paths_select_files(pytester, rulings):
    pytester.makeini("[pytest]\nmtgkb_paths =\n    rulings/undet*.mtg\n")
    res = pytester.runpytest("-p", "no:cacheprovider", "-rs")
    res.assert_outcomes(skipped=1)
    pytester.makeini("[pytest]\nmtgkb_paths =\n    rulings/undet*.mtg\nmtgkb_strict = true\n")
    res = pytester.runpytest("-p", "no:cacheprovider")
    res.assert_outcomes(failed=1)


def test_parse_error_is_a_collection_error_at_its_position(pytester, rulings):
    shutil.copy(DATA / "bad_sentence.mtg", rulings / "bad_sentence.mtg")
    res = pytester.runpytest("-p", "no:cacheprovider", "--mtgkb", "rulings/bad_sentence.mtg")
    assert res.ret == pytest.ExitCode.INTERRUPTED
    res.assert_outcomes(errors=1)
    res.stdout.fnmatch_lines(["*bad_sentence.mtg:5:19: error: unexpected 'flies'*"])
    assert "Traceback" not in res.stdout.str()


def test_about_and_cites_reach_junitxml(pytester, rulings):
    import xml.etree.ElementTree as ET

    res = pytester.runpytest("-p", "no:cacheprovider", "--mtgkb", "--junitxml=out.xml", "rulings/verdicts.mtg")
    res.assert_outcomes(failed=1)
    root = ET.parse(pytester.path / "out.xml").getroot()
    (case,) = root.iter("testcase")
    assert case.get("name") == FAIL_TITLE
    assert {p.get("name"): p.get("value") for p in case.iter("property")} == {"about": "Grizzly Bears",
                                                                              "cites": "613.4c"}


def test_loading_the_plugin_is_cheap():
    """Registered for every pytest run: importing it loads neither clingo nor lark."""
    import subprocess
    import sys

    code = ("import sys, mtgkb.pytest_plugin\n"
            "heavy = [m for m in ('clingo', 'lark', 'mtgkb.api', 'mtgkb.check') if m in sys.modules]\n"
            "assert not heavy, heavy\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
