"""`mtgkb check --format junit` (mtgkb/junit.py): the document CI reporters read.

The structure is checked against the common Jenkins/Surefire "junit-10" layout, written
here as a table (elements, their required and allowed attributes, their children, the
attribute types), with the standard library's XML parser."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from conftest import DATA, run_main_captured
from mtgkb.junit import classname, junit_xml
from mtgkb.parser.errors import ParseError
from mtgkb.results import CheckReport, ClaimResult, RulingResult

INT, DEC, STR = "int", "decimal", "str"

# element -> (required attributes, optional attributes, allowed children, whether text is allowed)
LAYOUT = {
    "testsuites": ({"name": STR, "tests": INT, "failures": INT, "errors": INT},
                   {"skipped": INT, "time": DEC, "disabled": INT}, {"testsuite"}, False),
    "testsuite": ({"name": STR, "tests": INT, "failures": INT, "errors": INT},
                  {"skipped": INT, "time": DEC, "timestamp": STR, "hostname": STR, "id": STR,
                   "package": STR, "file": STR, "disabled": INT},
                  {"properties", "testcase", "system-out", "system-err"}, False),
    "testcase": ({"name": STR, "classname": STR},
                 {"time": DEC, "file": STR, "line": INT, "assertions": STR, "status": STR},
                 {"properties", "skipped", "failure", "error", "system-out", "system-err"}, False),
    "properties": ({}, {}, {"property"}, False),
    "property": ({"name": STR, "value": STR}, {}, set(), False),
    "failure": ({}, {"message": STR, "type": STR}, set(), True),
    "error": ({}, {"message": STR, "type": STR}, set(), True),
    "skipped": ({}, {"message": STR}, set(), True),
}
PATTERNS = {INT: re.compile(r"^(0|[1-9][0-9]*)$"), DEC: re.compile(r"^[0-9]+(\.[0-9]+)?$"), STR: re.compile(r"^")}


def validate(el: ET.Element, path: str = "") -> None:
    """Raise AssertionError where `el` leaves the junit-10 layout."""
    where = f"{path}/{el.tag}"
    assert el.tag in LAYOUT, f"{where}: unknown element"
    required, optional, children, text = LAYOUT[el.tag]
    for k, kind in required.items():
        assert k in el.attrib, f"{where}: missing attribute {k}"
    for k, v in el.attrib.items():
        kind = required.get(k) or optional.get(k)
        assert kind is not None, f"{where}: attribute {k} not allowed"
        assert PATTERNS[kind].match(v), f"{where}: {k}={v!r} is not a {kind}"
    if not text:
        assert not (el.text or "").strip(), f"{where}: text not allowed"
    outcomes = [c for c in el if c.tag in ("skipped", "failure", "error")]
    assert len(outcomes) <= 1, f"{where}: more than one outcome"
    if el.tag == "testcase":   # properties first, then the outcome
        order = [c.tag for c in el]
        assert order == sorted(order, key=lambda t: t != "properties"), f"{where}: properties not first"
    for c in el:
        assert c.tag in children, f"{where}: {c.tag} not allowed here"
        validate(c, where)


def check_totals(root: ET.Element) -> None:
    """Each suite's counts are those of its cases; the root's, the sums of the suites'."""
    for k in ("tests", "failures", "errors", "skipped"):
        assert int(root.get(k)) == sum(int(s.get(k)) for s in root), k
    for s in root:
        cases = s.findall("testcase")
        assert int(s.get("tests")) == len(cases)
        assert int(s.get("failures")) == sum(c.find("failure") is not None for c in cases)
        assert int(s.get("errors")) == sum(c.find("error") is not None for c in cases)
        assert int(s.get("skipped")) == sum(c.find("skipped") is not None for c in cases)


def parse(doc: str) -> ET.Element:
    root = ET.fromstring(doc.encode("utf-8"))
    validate(root)
    check_totals(root)
    return root


def _report() -> tuple[CheckReport, list[ParseError]]:
    ok = RulingResult("All good", "Grizzly Bears", ["613.4c"], "rules/a.b.mtg", 3,
                      claims=[ClaimResult("Grizzly Bears is 2/2.", 7, "holds")], seconds=0.25)
    bad = RulingResult("Fails", None, [], "rules/a.b.mtg", 10, seconds=0.5,
                       claims=[ClaimResult("Grizzly Bears is 3/3.", 14, "fails", "it is 2/2",
                                           ["power 2 (printed)", "toughness 2 (printed)"]),
                               ClaimResult("Grizzly Bears is 4/4.", 15, "fails", None)])
    undt = RulingResult("Open", "Odd Bear", ["702.1", "613.1"], "other.mtg", 1, seconds=1.0,
                        claims=[ClaimResult("Odd Bear is 2/2.", 5, "undetermined", "its text is unread")])
    err = RulingResult("Impossible", None, [], "other.mtg", 20, error="other.mtg:20:1: the scenario is impossible",
                       claims=[ClaimResult("X is 1/1.", 24, "error", "impossible")])
    perr = ParseError("'banana' is not a Comprehensive Rules number", "bad.mtg", 2, 18,
                      expected=("a rule number",), source_line="  cites: banana")
    return CheckReport([ok, bad, undt, err]), [perr]


def test_layout_counts_and_outcomes():
    root = parse(junit_xml(*_report()))
    assert root.tag == "testsuites" and root.get("name") == "mtgkb"
    assert [root.get(k) for k in ("tests", "failures", "errors", "skipped")] == ["5", "1", "2", "1"]
    assert "time" not in root.attrib   # only with --stats: the output stays byte-identical
    assert [s.get("name") for s in root] == ["rules/a.b.mtg", "other.mtg", "bad.mtg"]
    ok, bad, undt, err, perr = root.iter("testcase")
    assert ok.get("classname") == "rules/a_b" and ok.get("name") == "All good"
    assert ok.get("file") == "rules/a.b.mtg" and ok.get("line") == "3"
    assert [(p.get("name"), p.get("value")) for p in ok.find("properties")] == [
        ("about", "Grizzly Bears"), ("cites", "613.4c")]
    assert list(ok) == [ok.find("properties")]   # passed: no outcome element
    f = bad.find("failure")
    assert f.get("message") == "line 14: Grizzly Bears is 3/3. -> fails: it is 2/2 (and 1 more claim)"
    assert "power 2 (printed)" in f.text and "line 15: Grizzly Bears is 4/4. -> fails" in f.text
    assert bad.find("properties") is None
    s = undt.find("skipped")
    assert s.get("message") == "line 5: Odd Bear is 2/2. -> undetermined: its text is unread"
    assert err.find("error").get("message") == "other.mtg:20:1: the scenario is impossible"
    assert perr.get("name") == "bad.mtg:2:18" and perr.get("file") == "bad.mtg" and perr.get("line") == "2"
    e = perr.find("error")
    assert e.get("message") == "'banana' is not a Comprehensive Rules number"
    assert "cites: banana" in e.text


def test_times_only_when_asked():
    root = parse(junit_xml(*_report(), with_time=True))
    assert root.get("time") == "1.750"
    assert [s.get("time") for s in root] == ["0.750", "1.000", "0.000"]
    assert [c.get("time") for c in root.iter("testcase")] == ["0.250", "0.500", "1.000", "0.000", None]


@pytest.mark.parametrize("path,expected", [
    ("kb/rulings/foundation.mtg", "kb/rulings/foundation"),
    ("./a.b/c.d.mtg", "a_b/c_d"),
    ("C:\\x\\y.mtg", "C:/x/y"),
    ("../up.mtg", "__/up"),
])
def test_classname_has_no_dots(path, expected):
    assert classname(path) == expected


def test_xml_invalid_characters_never_appear():
    hostile = "t\x00\x01\x0b\x0c\x1b\x7f\x85\ud800\ufffe\uffff<]]>&\"'\n\tz"
    rr = RulingResult(hostile, hostile, [hostile], hostile + ".mtg", 1,
                      claims=[ClaimResult(hostile, 2, "fails", hostile, [hostile])])
    doc = junit_xml(CheckReport([rr]), [ParseError(hostile, hostile, 3, 4, source_line=hostile)], with_time=True)
    assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]", doc)
    root = parse(doc)
    case = next(root.iter("testcase"))
    assert case.get("name").startswith("t\\x00\\x01") and case.get("name").endswith("\n\tz")  # kept in attributes
    assert "." not in case.get("classname")


def test_check_writes_junit_for_real_files_and_parse_errors(tmp_path):
    rc, out, err = run_main_captured(["check", "--jobs", "1", "--format", "junit", str(DATA / "verdicts.mtg"),
                                      str(DATA / "undetermined.mtg"), str(DATA / "bad_sentence.mtg")])
    assert rc == 2   # bad input
    root = parse(out)
    assert [root.get(k) for k in ("tests", "failures", "errors", "skipped")] == ["3", "1", "1", "1"]
    failing = root.find("testsuite/testcase/failure")
    assert failing.get("message").startswith("line 9: Grizzly Bears is 2/2. -> fails")
    assert failing.get("message") != "a claim does not hold"
    (perr,) = [c for c in root.iter("testcase") if c.find("error") is not None]
    assert perr.get("file").endswith("bad_sentence.mtg") and perr.get("line") == "5"
    assert perr.get("classname").endswith("bad_sentence") and "." not in perr.get("classname").rsplit("/", 1)[-1]


def test_check_stats_adds_times():
    rc, out, err = run_main_captured(["check", "--jobs", "1", "--format", "junit", "--stats",
                                      str(DATA / "undetermined.mtg")])
    assert rc == 0
    root = parse(out)
    (case,) = root.iter("testcase")
    assert float(case.get("time")) > 0
    assert root.get("time") == root.find("testsuite").get("time") == case.get("time")
