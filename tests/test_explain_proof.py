"""`mtgkb why`: proofs in words (mtgkb.proof, mtgkb.why)."""

from __future__ import annotations

import json
import re

import pytest
from clingo import Function, Number, String, Tuple_

from conftest import run_main_captured

from mtgkb import crtext
from mtgkb.explain import Explainer
from mtgkb.paths import rules_text
from mtgkb.proof import FOLDED, SENTENCES, ProofBuilder, Words, number_steps, sentence, step_line

HYDRA = """scenario "hydra"
  given:
    Alice controls Hooded Hydra with three +1/+1 counters.
"""

TWO_TARGETS = """scenario "two of Alice's permanents targeted"
  given:
    Alice controls Orvar, the All-Form.
    Alice controls Grizzly Bears.
    Alice controls Llanowar Elves.
    Alice has {R}{R} in her mana pool.
    Alice casts Twin Bolt targeting Grizzly Bears and Llanowar Elves, spending {R}{R}.
    Orvar, the All-Form's first triggered ability resolves.
"""

CREATURE_SPELL = """scenario "a creature spell"
  given:
    Alice controls Orvar, the All-Form.
    Alice has {G}{G} in her mana pool.
    Alice casts Grizzly Bears.
"""

SNOW = """scenario "one snow land"
  given:
    Alice controls Forest, Island and Snow-Covered Forest.
"""

SPARK = """scenario "Spark Double copies Orvar"
  given:
    Alice controls Orvar, the All-Form.
    Spark Double enters under Alice's control as a copy of Orvar, the All-Form.
"""


@pytest.fixture(scope="module")
def why(tmp_path_factory):
    """why(board, claim, *options) -> (rc, out, err), each asked once per module."""
    root = tmp_path_factory.mktemp("why")
    memo: dict = {}

    def run(board: str, claim: str, *options: str):
        key = (board, claim, options)
        if key not in memo:
            path = root / f"b{len(memo)}.mtg"
            path.write_text(board, encoding="utf-8")
            memo[key] = run_main_captured(["why", str(path), claim, *options])
        return memo[key]

    return run


def _title(n: str) -> str:
    return crtext.rules().headline(n)


def test_the_hydra_proof_is_short_and_names_613_4b_and_613_4c_with_their_titles(why):
    rc, out, err = why(HYDRA, "Hooded Hydra is 3/3.")
    lines = out.splitlines()
    assert rc == 0 and err == ""
    assert lines[0] == "holds: Hooded Hydra is 3/3."
    assert len(lines) <= 6, out
    assert f"613.4b — {_title('613.4b')}" in out and _title("613.4b").startswith("Layer 7b")
    assert f"613.4c — {_title('613.4c')}" in out and _title("613.4c").startswith("Layer 7c")
    # premises first, the claim last; no internal atoms
    assert lines[-1].lstrip().startswith(f"{len(lines) - 1}. so: Hooded Hydra is 3/3 (from ")
    assert "base power is 0" in out and "+3 power from +1/+1 counters" in out
    assert not re.search(r"\b(lv|cv|lv0|counter_source|has_pt|true)\(", out)


def test_raw_keeps_the_derivation_tree(why):
    rc, out, _ = why(HYDRA, "Hooded Hydra is 3/3.", "--raw")
    assert rc == 0 and "counter_source(Hooded Hydra" in out and "[CR 613.4b; rules.lp:" in out


def test_json_is_the_proof_as_a_tree(why):
    rc, out, _ = why(HYDRA, "Hooded Hydra is 3/3.", "--json")
    doc = json.loads(out)
    assert rc == 0 and doc["schema"] == "mtgkb.why/1" and doc["verdict"] == "holds"
    root = doc["proof"]
    assert root["text"] == "Hooded Hydra is 3/3"
    assert [r["number"] for r in root["rules"]] == ["208", "613.4"]
    numbers = {r["number"]: r["title"] for p in root["premises"] for r in p["rules"]}
    assert numbers["613.4b"] == _title("613.4b") and numbers["613.4c"] == _title("613.4c")
    base = next(p for p in root["premises"] if p["rules"][0]["number"] == "613.4b")
    assert "Hooded Hydra is printed with power 0" in base["given"]
    assert base["atoms"] == ["base_power(Hooded Hydra, 0)", "base_toughness(Hooded Hydra, 0)"]


def test_same_input_same_output(why, tmp_path):
    p = tmp_path / "h.mtg"
    p.write_text(HYDRA, encoding="utf-8")
    assert run_main_captured(["why", str(p), "Hooded Hydra is 3/3."]) == why(HYDRA, "Hooded Hydra is 3/3.")


def test_a_claim_false_in_some_outcome_shows_that_outcome(why):
    rc, out, _ = why(TWO_TARGETS, "Alice controls a token that is a copy of Grizzly Bears.")
    assert rc == 1
    assert out.startswith("fails: Alice controls a token that is a copy of Grizzly Bears.  "
                          "(true in some outcomes but not all)")
    assert "not derived: Alice controls a token that is a copy of Grizzly Bears" in out
    # the outcome where it is false: Orvar's token copies the Elves; its events
    assert re.search(r"outcome 2 of 2 \(choices: .*copies Llanowar Elves\):", out), out
    assert "creates Token copy of Llanowar Elves" in out
    assert "Alice casts Twin Bolt targeting Grizzly Bears, Llanowar Elves  [CR 601.2" in out


def test_a_may_claim_shows_the_outcome_where_it_is_true(why):
    rc, out, _ = why(TWO_TARGETS, "Alice may control a token that is a copy of Grizzly Bears.")
    assert rc == 0 and re.search(r"outcome 1 of 2 \(choices: .*copies Grizzly Bears\):", out), out
    assert "given: the event log records Token copy of Grizzly Bears created as a copy of Grizzly Bears" in out


def test_does_not_trigger_is_not_shown_as_derived(why):
    rc, out, _ = why(CREATURE_SPELL, "Orvar, the All-Form's first triggered ability does not trigger.")
    assert rc == 0 and out.startswith("holds: ")
    assert "true(" not in out and "[given]" not in out
    assert ("not derived: Orvar, the All-Form's ability 2 (“Whenever you cast an instant or sorcery spell,…”) "
            f"triggers  [603.2 — {_title('603.2')}]") in out
    assert "outcome 1 of 1 (no choices):" in out and "Alice casts Grizzly Bears  [CR 601.2" in out


def test_a_payment_claim_shows_the_payment(why):
    rc, out, _ = why(SNOW, "Alice can pay {S}{1}{1}.")
    assert rc == 0
    assert "payment 1: {1} with {G} from Forest, {1} with {U} from Island, {S} with {G} from Snow-Covered Forest" in out


def test_cannot_pay_shows_no_payment_and_the_sources(why):
    rc, out, _ = why(SNOW, "Alice cannot pay {S}{S}.")
    assert rc == 0 and "not derived: Alice can pay {S}{S}" in out
    assert "payment: none exists" in out
    assert "Snow-Covered Forest is a snow source" in out and "Forest could produce green mana" in out
    assert "Forest is a snow source" not in out.replace("Snow-Covered Forest is a snow source", "")


def test_a_copy_proof_names_the_copy_and_the_exception(why):
    rc, out, _ = why(SPARK, "Spark Double is 4/4.")
    assert rc == 0
    assert "Spark Double is a copy of Orvar, the All-Form" in out
    assert "707.9e — " in out and "Spark Double enters with 1 +1/+1 counter(s)" in out
    lines = [ln for ln in out.splitlines() if re.match(r"^  \d+\. ", ln)]
    # each step once
    assert len({ln.split(". ", 1)[1] for ln in lines}) == len(lines)


# ----------------------------------------------------------------------------- the builder alone

def _o(n: int):
    return Function("o", [Number(n)])


def _why(head, cite: str, line: int, *body):
    return Function("_why", [head, String(cite), Number(line), Tuple_(list(body))])


def test_internal_predicates_fold_and_same_rule_steps_merge():
    O = _o(1)
    bp, bt = Function("base_power", [O, Number(2)]), Function("base_toughness", [O, Number(2)])
    helper = Function("lv", [Number(7), O, Function("card_type", [Function("creature")])])
    pr = Function("printed", [String("Bears"), Function("power", [Number(2)])])
    true = Function("true", [Number(1), Function("pt", [O, Number(2), Number(2)])])
    model = frozenset([
        _why(helper, "613.1", 10, pr),
        _why(bp, "613.4b", 11, helper),
        _why(bt, "613.4b", 12, helper),
        _why(true, "208", 13, bp, bt),
    ])
    ex = Explainer(model, {O: "Bears"})
    steps = number_steps(ProofBuilder(ex, Words(ex.handles)).conclusion(true, "Bears is 2/2"))
    assert len(steps) == 2                      # lv folded, power and toughness one step
    assert steps[0].texts == ["Bears's base power is 2", "Bears's base toughness is 2"]
    assert steps[0].given == ["Bears is printed with power 2"]
    assert step_line(steps[1]).startswith("2. so: Bears is 2/2 (from 1)  [208 — Power/Toughness]")


def test_a_step_said_once_is_referred_to_afterwards():
    O = _o(1)
    shared = Function("copy_of", [O, _o(2)])
    a, b = Function("copy_src", [O, Function("power", [Number(3)])]), Function("enters_with", [O, String("+1/+1"), Number(1), Function("x")])
    true = Function("true", [Number(1), Function("token", [O])])
    model = frozenset([_why(shared, "707.2", 1), _why(a, "707.2b", 2, shared), _why(b, "707.9e", 3, shared),
                       _why(true, "111.1", 4, a, b)])
    ex = Explainer(model, {O: "Copy", _o(2): "Orig"})
    steps = number_steps(ProofBuilder(ex, Words(ex.handles)).conclusion(true, "Copy is a token"))
    assert [s.texts[0] for s in steps] == ["Copy is a copy of Orig", "Copy takes power 3 from what it copies",
                                           "Copy enters with 1 +1/+1 counter(s)", "Copy is a token"]
    assert "(from 1)" in step_line(steps[2])


def test_every_sentence_names_a_predicate_of_the_program_or_a_claim_query():
    text = rules_text()
    for name in SENTENCES:
        assert re.search(rf"\b{name}\b(?![_\w])", text), name
    assert FOLDED <= set(SENTENCES)


def test_a_sentence_of_an_unexpected_arity_is_none_not_an_error():
    w = Words({})
    assert sentence(Function("base_power", [Number(1)]), w) is None
    assert sentence(Function("no_such_predicate", [Number(1)]), w) is None
    assert sentence(Function("base_power", [String("X"), Number(3)]), w) == "X's base power is 3"


def test_raw_of_a_claim_that_holds_by_absence_says_not_derived(why):
    rc, out, _ = why(CREATURE_SPELL, "Orvar, the All-Form's first triggered ability does not trigger.", "--raw")
    assert rc == 0 and "[given]" not in out
    assert 'not derived: true(1, tl_triggered("Orvar, the All-Form", ab("Orvar, the All-Form", 2)))' in out


UNREAD_SPELL = """scenario "an unread spell"
  given:
    Alice controls Grizzly Bears.
    Bob controls Hill Giant.
    It is Alice's turn.
    Alice has {R} in her mana pool.
    Alice casts About Face targeting Hill Giant.
    About Face resolves.
"""


def test_an_undetermined_claim_gets_its_reason_and_no_proof(why):
    rc, out, _ = why(UNREAD_SPELL, "Grizzly Bears is 2/2.", "--json")
    doc = json.loads(out)
    # exit codes as for check: undetermined is 0, or 1 under --strict
    assert rc == 0 and doc["verdict"] == "undetermined" and "About Face" in doc["message"]
    assert why(UNREAD_SPELL, "Grizzly Bears is 2/2.", "--json", "--strict")[0] == 1
    assert doc["proof"] is None and doc["derived_instead"] == [] and doc["outcome"] is None


def test_json_of_a_counterexample_has_its_outcome(why):
    rc, out, _ = why(TWO_TARGETS, "Alice controls a token that is a copy of Grizzly Bears.", "--json")
    doc = json.loads(out)
    assert rc == 1 and doc["proof"] is None and doc["outcomes"] == 2
    assert doc["not_derived"] == ["Alice controls a token that is a copy of Grizzly Bears  [111.1 — "
                                  + _title("111.1") + "; 707.2 — " + _title("707.2") + "]"]
    o = doc["outcome"]
    assert o["branch"] == 2 and any("Llanowar Elves" in c for c in o["choices"])
    assert all(set(e) == {"cr", "text"} for e in o["events"]) and len(o["events"]) >= 3


def test_words_never_fail_on_an_odd_symbol():
    w = Words({})
    for s in (Number(3), String("x"), Function("ab", [Number(1)]), Function("ab", [String("No Such Card"), Number(2)]),
              Function("mana_cost", [Number(1), Function("colored", [Function("g")])]), Function("all_creature_types"),
              Tuple_([Number(1), Number(2)])):
        assert isinstance(w(s), str) and isinstance(w.value(s), str) and isinstance(w.ability(s), str)
    assert w.value(Function("mana_cost", [Number(1), Function("colored", [Function("g")])])) == "mana cost symbol 1: {G}"
    assert w(Function("ab", [String("No Such Card"), Number(2)])) == "No Such Card's ability 2"
