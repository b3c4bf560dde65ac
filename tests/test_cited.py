"""`mtgkb check --cited`: a ruling's `cites:` numbers against the CR rules its claims'
derivations used (mtgkb.cited)."""

from __future__ import annotations

import json

import pytest

from conftest import run_main_captured

from mtgkb.cited import MAX_UNCITED, compare, covers, numbers
from mtgkb.schemas import validate

BEAR = """ruling "a counter on a bear"
  cites: 613.4, 702.9b
  given:
    Alice controls Grizzly Bears with a +1/+1 counter.
  expect:
    Grizzly Bears is 3/3.
"""

EXACT = """ruling "a bear's layer 7 rules"
  cites: 613.4b, 613.4c, 122.1a, 208, 613.4
  given:
    Alice controls Grizzly Bears with a +1/+1 counter.
  expect:
    Grizzly Bears is 3/3.
"""


def test_numbers_expand_ranges_and_skip_what_is_no_rule():
    assert numbers("601.2g-h, 107.4") == ["601.2g", "601.2h", "107.4"]
    assert numbers("702.19b-702.19d") == ["702.19b", "702.19c", "702.19d"]
    assert numbers("…") == [] and numbers("CR 613.4c") == ["613.4c"]


def test_a_citation_covers_its_own_rule_and_the_rules_below_it():
    assert covers("613.4", "613.4c") and covers("613", "613.4c") and covers("613.4c", "613.4c")
    assert not covers("613.4c", "613.4")       # a more specific citation is not used by the general rule
    assert not covers("613.1", "613.10")       # 613.10 is not below 613.1
    assert not covers("61", "613.4")


def test_compare_lists_unused_citations_and_the_most_specific_uncited_rules():
    r = compare(["613.4", "702.9b"], {"613.4", "613.4c", "122.1a", "122.1", "208"})
    assert r.unused == ["702.9b"]
    assert r.uncited == ["122.1a", "208"]      # 122.1 is left out: 122.1a is more specific
    assert r.used == ["122.1", "122.1a", "208", "613.4", "613.4c"]
    r = compare(["601.2g-h"], {"601.2h"})
    assert r.unused == ["601.2g"] and r.uncited == []


def test_at_most_five_uncited_rules_and_how_many_more():
    used = {f"70{i}.1" for i in range(8)}
    r = compare([], used)
    assert len(r.uncited) == MAX_UNCITED == 5 and r.more == 3
    assert r.uncited == ["700.1", "701.1", "702.1", "703.1", "704.1"]


@pytest.fixture(scope="module")
def bear(tmp_path_factory):
    d = tmp_path_factory.mktemp("citations")
    (d / "bear.mtg").write_text(BEAR, encoding="utf-8")
    (d / "exact.mtg").write_text(EXACT, encoding="utf-8")
    return d


def test_a_ruling_citing_an_unused_rule_is_reported_after_the_summary(bear):
    rc, out, err = run_main_captured(["check", "--jobs", "1", "--cited", str(bear / "bear.mtg")])
    assert rc == 0, err   # a report, not a failure
    summary, _, cited = out.partition("1 rulings: 1 passed, 0 failed, 0 undetermined, 0 errors\n")
    assert "PASS  a counter on a bear" in summary and cited
    assert "a counter on a bear  (" in cited
    assert "  cited, not used by any claim's derivation: 702.9b\n" in cited   # 613.4 covers 613.4c
    used_line = next(line for line in cited.splitlines() if line.startswith("  used, not cited: "))
    assert "122.1a" in used_line and "613.4" not in used_line


def test_without_the_option_there_is_no_report(bear):
    rc, out, _ = run_main_captured(["check", "--jobs", "1", str(bear / "bear.mtg")])
    assert rc == 0 and "cited rules against" not in out and "not used by" not in out


def test_json_has_a_cited_key_per_result_and_validates(bear):
    rc, out, err = run_main_captured(["check", "--jobs", "1", "--cited", "--json", str(bear / "bear.mtg"),
                                      str(bear / "exact.mtg")])
    assert rc == 0, err
    doc = json.loads(out)
    validate(doc)
    first, second = doc["results"]
    assert first["cited"]["unused"] == ["702.9b"] and "613.4c" in first["cited"]["used"]
    assert second["cited"]["unused"] == [] and second["cited"]["uncited"] == []
    rc, out, _ = run_main_captured(["check", "--jobs", "1", "--json", str(bear / "bear.mtg")])
    assert "cited" not in json.loads(out)["results"][0]


def test_every_citation_matching_says_so(bear):
    rc, out, _ = run_main_captured(["check", "--jobs", "1", "--cited", str(bear / "exact.mtg")])
    assert rc == 0
    assert out.rstrip("\n").endswith("cited: every ruling's citations match the rules its derivations used")
