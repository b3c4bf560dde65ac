"""`mtgkb check`: a failing claim is explained by its proof in words, as `mtgkb why`
shows it (text, JSON `explanation`, JUnit), at the cost of one more stepping of the block."""

from __future__ import annotations

import json
import re

import pytest

from conftest import run_main_captured

import mtgkb.why
from mtgkb import KnowledgeBase
from mtgkb.engine.ask import Bound
from mtgkb.engine.stepper import Stepper

TWO_OUTCOMES = """ruling "Orvar copies one of two targets"
  given:
    Alice controls Orvar, the All-Form.
    Alice controls Grizzly Bears.
    Alice controls Llanowar Elves.
    Alice has {R}{R} in her mana pool.
    Alice casts Twin Bolt targeting Grizzly Bears and Llanowar Elves, spending {R}{R}.
    Orvar, the All-Form's first triggered ability resolves.
  expect:
    Grizzly Bears is 2/2.
    Alice controls a token that is a copy of Grizzly Bears.
"""

COUNTERS = """ruling "a bear with a counter"
  given:
    Alice controls Grizzly Bears with a +1/+1 counter.
  expect:
    Grizzly Bears is 2/2.
    Grizzly Bears is 3/3.
    Grizzly Bears has flying.
"""


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("explanations")
    (d / "outcomes.mtg").write_text(TWO_OUTCOMES, encoding="utf-8")
    (d / "counters.mtg").write_text(COUNTERS, encoding="utf-8")
    return d


@pytest.fixture(scope="module")
def outcomes_json(files):
    rc, out, err = run_main_captured(["check", "--jobs", "1", "--json", str(files / "outcomes.mtg")])
    assert rc == 1, err
    return json.loads(out)


def test_a_claim_failing_in_one_of_several_outcomes_shows_that_outcome(outcomes_json):
    (ruling,) = outcomes_json["results"]
    holds, fails = ruling["claims"]
    assert holds["verdict"] == "holds" and "explanation" not in holds
    assert fails["verdict"] == "fails"
    ex = fails["explanation"]
    assert ex[0].startswith("not derived: Alice controls a token that is a copy of Grizzly Bears  [")
    assert "707.2 — " in ex[0]   # the rule's number and its title line
    head = next(line for line in ex if line.startswith("outcome "))
    assert re.match(r"outcome 2 of 2 \(choices: .*copies Llanowar Elves\):$", head), head
    assert any("creates Token copy of Llanowar Elves" in line for line in ex)
    assert any(line.strip().startswith("Alice casts Twin Bolt") and "[CR 601.2" in line for line in ex)
    assert not any("true(" in line or "claim(" in line for line in ex)   # no internal atoms


def test_the_explanation_is_the_proof_why_prints(files, outcomes_json):
    rc, out, _ = run_main_captured(["why", str(files / "outcomes.mtg"),
                                    "Alice controls a token that is a copy of Grizzly Bears."])
    assert rc == 1
    why_lines = out.rstrip("\n").splitlines()
    assert why_lines[0].startswith("fails: ")
    assert outcomes_json["results"][0]["claims"][1]["explanation"] == [line[2:] for line in why_lines[1:]]


def test_text_output_shows_the_steps_of_what_is_derived_instead(files):
    rc, out, _ = run_main_captured(["check", "--jobs", "1", str(files / "counters.mtg")])
    assert rc == 1
    assert "not derived: Grizzly Bears is 2/2  [208 — Power/Toughness" in out
    assert "derived instead:" in out
    # the counter behind the 3/3, with its rules, then the power that rests on it
    assert re.search(r"(\d+)\. Grizzly Bears gets \+1 power from \+1/\+1 counters — given: Grizzly Bears has 1 "
                     r"\+1/\+1 counter\(s\)  \[613\.4c — Layer 7c", out), out
    assert re.search(r"\d+\. Grizzly Bears's power is 3 \(from \d+, \d+\)  \[613\.4 — ", out), out
    assert "fails        line 7: Grizzly Bears has flying." in out


def test_junit_carries_the_proof(files):
    rc, out, _ = run_main_captured(["check", "--jobs", "1", "--format", "junit", str(files / "counters.mtg")])
    assert rc == 1
    assert "not derived: Grizzly Bears is 2/2" in out and "[613.4c — Layer 7c" in out


def test_one_more_stepping_of_the_block_for_all_its_failing_claims(monkeypatch):
    runs = []
    real = Stepper.run

    def counted(self):
        runs.append(self.block.title)
        return real(self)

    monkeypatch.setattr(Stepper, "run", counted)
    kb = KnowledgeBase()
    report, errors = kb.check_text(COUNTERS, "counters.mtg")
    assert errors == []
    claims = report.results[0].claims
    assert [c.verdict for c in claims] == ["fails", "holds", "fails"]
    assert claims[0].explanation and claims[2].explanation and not claims[1].explanation
    assert runs == ["a bear with a counter"] * 2   # the check, and once more for both proofs
    runs.clear()
    kb.check_text(COUNTERS, "counters.mtg", explain_failures=False)
    assert len(runs) == 1


def test_a_proof_out_of_limits_is_a_one_line_reason(monkeypatch):
    def out_of_limits(*args, **kwargs):
        raise Bound("more than 64 outcomes")

    monkeypatch.setattr(mtgkb.why, "claim_proofs", out_of_limits)
    report, errors = KnowledgeBase().check_text(COUNTERS, "counters.mtg")
    assert errors == []
    claims = report.results[0].claims
    assert [c.explanation for c in claims] == [["no proof: more than 64 outcomes"], [],
                                               ["no proof: more than 64 outcomes"]]


def test_same_input_same_explanation(files, outcomes_json):
    rc, out, _ = run_main_captured(["check", "--jobs", "1", "--json", str(files / "outcomes.mtg")])
    assert rc == 1 and json.loads(out)["results"][0]["claims"] == outcomes_json["results"][0]["claims"]
