"""What `mtgkb check` prints: the mtgkb.check/1 JSON document,
well-formed JUnit XML, and the same bytes for the same input."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from conftest import DATA, run_mtgkb

TOP = {"schema": str, "summary": dict, "results": list}
SUMMARY = ("rulings", "passed", "failed", "undetermined", "errors", "input_errors")
RESULT = {"title": str, "about": (str, type(None)), "cites": list, "file": str, "line": int, "status": str,
          "claims": list}
CLAIM = {"text": str, "line": int, "verdict": str, "message": (str, type(None))}


def _is(v, t) -> bool:
    return isinstance(v, t) and not isinstance(v, bool)


def assert_check_document(doc: dict) -> None:
    for k, t in TOP.items():
        assert _is(doc.get(k), t), k
    assert doc["schema"] == "mtgkb.check/1"
    assert set(doc["summary"]) == set(SUMMARY)
    assert all(_is(doc["summary"][k], int) for k in SUMMARY)
    for r in doc["results"]:
        for k, t in RESULT.items():
            assert k in r and _is(r[k], t), (k, r.get(k))
        assert r["status"] in ("passed", "failed", "undetermined", "error")
        assert all(_is(c, str) for c in r["cites"])
        assert r["line"] >= 1
        for c in r["claims"]:
            for k, t in CLAIM.items():
                assert k in c and _is(c[k], t), (k, c.get(k))
            assert c["verdict"] in ("holds", "fails", "undetermined", "error")
            assert (c["message"] is None) == (c["verdict"] == "holds")
    st = [r["status"] for r in doc["results"]]
    assert doc["summary"] == {"rulings": len(st), "passed": st.count("passed"), "failed": st.count("failed"),
                              "undetermined": st.count("undetermined"), "errors": st.count("error"),
                              "input_errors": len(doc.get("errors", []))}


@pytest.fixture(scope="module")
def embedded_json(embedded_check):
    rc, out, err = embedded_check["json"]   # `mtgkb check --format json`, run once per test session
    return rc, out


def test_check_json_on_the_embedded_rulings(embedded_json):
    rc, out = embedded_json
    doc = json.loads(out)
    assert_check_document(doc)
    assert doc["summary"]["rulings"] >= 5
    assert all(r["file"].startswith("kb/rulings/") for r in doc["results"])
    assert rc == (0 if doc["summary"]["failed"] == doc["summary"]["errors"] == 0 else 1)


def test_check_json_statuses_and_verdicts(cli):
    rc, out, err = cli("check", str(DATA / "verdicts.mtg"), str(DATA / "undetermined.mtg"), "--format", "json")
    assert rc == 1  # a claim fails
    doc = json.loads(out)
    assert_check_document(doc)
    assert doc["summary"] == {"rulings": 2, "passed": 0, "failed": 1, "undetermined": 1, "errors": 0, "input_errors": 0}
    r = doc["results"][0]
    assert r["title"] == "Plain claims, negation and may on a vanilla creature"
    assert (r["about"], r["cites"], r["line"], r["status"]) == ("Grizzly Bears", ["613.4c"], 2, "failed")
    assert r["file"].endswith("verdicts.mtg")
    assert r["claims"][0] == {"text": "Grizzly Bears is 4/4.", "line": 8, "verdict": "holds", "message": None}
    assert doc["results"][1]["about"] == "Odd Bear"
    assert doc["results"][1]["cites"] == []


def test_json_flag_is_format_json(cli):
    a = cli("check", str(DATA / "verdicts.mtg"), "--json")
    b = cli("check", str(DATA / "verdicts.mtg"), "--format", "json")
    assert a[0] == b[0] == 1
    strip = lambda s: _without_timings(json.loads(s))  # noqa: E731
    assert strip(a[1]) == strip(b[1])


def test_text_report_has_verdict_table_and_summary(cli):
    rc, out, err = cli("check", str(DATA / "verdicts.mtg"), str(DATA / "undetermined.mtg"))
    assert rc == 1
    assert "FAIL  Plain claims, negation and may on a vanilla creature" in out
    assert "UNDT  A creature with text nobody understands" in out
    assert out.rstrip().endswith("2 rulings: 0 passed, 1 failed, 1 undetermined, 0 errors")


def _junit_root(xml_text: str) -> ET.Element:
    root = ET.fromstring(xml_text.encode("utf-8"))
    assert root.tag == "testsuites"
    return root


def test_junit_is_well_formed(cli, tmp_path):
    f = tmp_path / "amp.mtg"
    f.write_text((DATA / "verdicts.mtg").read_text(encoding="utf-8").replace(
        "Plain claims, negation and may on a vanilla creature", "Tags <a> & 'quotes' ]]> \\ in a title"),
        encoding="utf-8")
    rc, out, err = cli("check", str(f), str(DATA / "undetermined.mtg"), str(DATA / "hostile.mtg"),
                       "--format", "junit")
    assert rc == 1
    root = _junit_root(out)
    cases = root.findall("testsuite/testcase")
    assert int(root.get("tests")) == len(cases) == 4
    assert int(root.get("failures")) == 1 and int(root.get("skipped")) == 2 and int(root.get("errors")) == 0
    assert cases[0].get("name") == "Tags <a> & 'quotes' ]]> \\ in a title"
    assert cases[0].find("failure") is not None
    assert "Grizzly Bears is 2/2." in cases[0].find("failure").text
    assert cases[1].find("skipped") is not None
    assert cases[2].get("name").startswith("a). :- b(")
    assert all(c.get("classname") for c in cases)


def test_junit_on_the_embedded_rulings(embedded_check):
    rc, out, err = embedded_check["junit"]   # `mtgkb check --format junit`, from the shared check
    root = _junit_root(out)
    assert int(root.get("tests")) == len(root.findall("testsuite/testcase")) >= 5


def _without_timings(doc: dict) -> dict:
    for r in doc.get("results", []):
        for k in ("ground_seconds", "solve_seconds", "total_seconds"):
            r.get("stats", {}).pop(k, None)
    return doc


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    """`mtgkb check --format json` twice, in fresh interpreters with different hash
    seeds (set and dict order must not leak into the output)."""
    cwd = tmp_path_factory.mktemp("det")
    args = ("check", "--format", "json", str(DATA / "verdicts.mtg"), str(DATA / "hostile.mtg"),
            str(DATA / "scenario_golden.mtg"))
    a = run_mtgkb(*args, cwd=cwd, env={"PYTHONHASHSEED": "1"})
    b = run_mtgkb(*args, cwd=cwd, env={"PYTHONHASHSEED": "2"})
    assert a.returncode == b.returncode == 1, (a.stderr, b.stderr)
    return a.stdout, b.stdout


def test_check_json_is_deterministic_apart_from_timings(two_runs):
    import difflib

    a, b = (json.dumps(_without_timings(json.loads(x)), indent=1, ensure_ascii=False).splitlines() for x in two_runs)
    assert a == b, "\n".join(difflib.unified_diff(a, b, "PYTHONHASHSEED=1", "PYTHONHASHSEED=2", lineterm="", n=2))


def test_check_json_is_byte_identical(two_runs):
    a, b = two_runs
    assert a == b


def test_check_text_is_byte_identical(tmp_path):
    args = ("check", str(DATA / "verdicts.mtg"), str(DATA / "undetermined.mtg"))
    a = run_mtgkb(*args, cwd=tmp_path, env={"PYTHONHASHSEED": "3"})
    b = run_mtgkb(*args, cwd=tmp_path, env={"PYTHONHASHSEED": "4"})
    assert a.returncode == 1
    assert (a.stdout, a.stderr) == (b.stdout, b.stderr)
