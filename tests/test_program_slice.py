"""Grounding only the rules that can apply (mtgkb/program_slice.py): the answer sets of the
sliced program are those of the whole program, on the facts real rulings give it; what
the slice leaves out is not silently hidden from the whole program's own message check."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgkb import program
from mtgkb.engine import ask as asking
from mtgkb.engine.outcomes import evaluate
from mtgkb.program import ground_all, load, new_control, predicates, program_text
from mtgkb.program_slice import parsed, program_slice

REPO = Path(__file__).resolve().parents[1]
FILES = ("triggers-orvar.mtg", "zone-effects.mtg", "life-and-damage.mtg", "mana-snow.mtg")


def _answers(facts, *, sliced: bool, shown_only: bool = False) -> tuple[list[list[str]], list[str]]:
    msgs: list[str] = []
    ctl = new_control(["--project=show", "-t1", "-n0"], msgs)
    if sliced:
        load(ctl, program_text(), facts, shown_only=shown_only)
    else:
        load(ctl)
        with ctl.backend() as b:
            for f in facts:
                b.add_rule([b.add_atom(f)])
    ground_all(ctl)
    out: list[list[str]] = []
    ctl.solve(on_model=lambda m: out.append(sorted(str(s) for s in m.symbols(shown=True))))
    return sorted(out), msgs


@pytest.fixture(scope="module")
def asked_fact_sets(session):
    """The fact sets the stepper asks rules.lp about while the rulings of FILES are checked."""
    seen: list = []
    real = asking.Ask._solve

    def spy(self, facts, limit, relax):
        seen.append(facts)      # as asked: the ruling's base (program.Facts), then the state
        return real(self, facts, limit, relax)

    mp = pytest.MonkeyPatch()
    mp.setattr(asking.Ask, "_solve", spy)
    try:
        for name in FILES:
            sf = session.load(str(REPO / "kb" / "rulings" / name))
            for b in sf.blocks:
                evaluate(b, session.finder(sf, b), session.reference, session.solver)
    finally:
        mp.undo()
    assert len(seen) > 20
    # a spread of them: the first, the largest and every fourteenth, each a whole-program
    # grounding (the test's cost): some 25 of the 330 states the four files' rulings ask about
    picked = {0, max(range(len(seen)), key=lambda i: len(seen[i]))} | set(range(0, len(seen), 14))
    assert len(picked) > 20
    return [seen[i] for i in sorted(picked)]


def test_sliced_and_whole_program_have_the_same_answer_sets(asked_fact_sets):
    assert all(isinstance(f, program.Facts) for f in asked_fact_sets)
    for facts in asked_fact_sets:
        whole, _ = _answers(list(facts), sliced=False)
        part, msgs = _answers(list(facts), sliced=True)
        assert part == whole
        assert msgs == []
        # as the stepper asks: the slice of the ruling's base extended by the state, and only
        # the facts the slice names
        asked, msgs = _answers(facts, sliced=True, shown_only=True)
        assert asked == whole
        assert msgs == []


def test_facts_no_kept_statement_names_are_left_out():
    from clingo import Function, Number

    from mtgkb.program import Base, Facts
    from mtgkb.program_slice import sliced

    base = Base([Function("zone", [Function("o", [Number(1)]), Function("battlefield")]),
                 Function("unheard_of", [Number(1)])])
    facts = Facts(base, [Function("object", [Function("o", [Number(1)])])])
    sl = sliced(program_text(), base.shapes, program.shapes(facts.rest()))
    assert ("zone", 2) in sl.reads and ("unheard_of", 1) not in sl.reads
    assert base.read_by(sl) == base.facts[:1]


def test_the_slice_leaves_rules_out_and_declares_what_they_define():
    stms = parsed(program_text()).statements
    facts = frozenset({("zone", 2), ("object", 1), ("card_name", 2)})
    sliced = program_slice(program_text(), facts)
    kept = [s for s in sliced if not s.startswith("#defined ")]
    assert len(kept) < len(stms) * 0.8      # most timeline and payment rules cannot apply
    assert "#defined tl_apply/2." in sliced


def test_the_whole_program_grounds_without_messages():
    """Unsliced, with no facts: an atom no rule can derive (a misspelt predicate or term
    shape) is reported by clingo; the slice's declarations must not be what hides it."""
    msgs: list[str] = []
    ctl = new_control(messages=msgs)
    load(ctl)
    ground_all(ctl)
    assert msgs == []


def test_signatures_are_remembered_but_bounded(monkeypatch):
    from clingo import Function, Number
    monkeypatch.setattr(program, "_signatures", {})
    facts = [Function("zone", [Number(i), Function("battlefield")]) for i in range(3)]
    assert predicates(facts) == {("zone", 2)}
    assert len(program._signatures) == 3


def test_shapes_unify_only_where_some_atom_could_have_both():
    from clingo import Function, Number, String
    from mtgkb.program_slice import NUMBER, STRING, shape, unifies

    step = shape(Function("tl_event", [Function("step", [Function("upkeep"), String("Alice")])]))
    assert step == ("tl_event", 1, ("step", 2, ("upkeep", 0), STRING))
    cast_ = shape(Function("tl_event", [Function("cast", [Function("o", [Number(3)])])]))
    assert not unifies(step, cast_)
    assert unifies(step, ("tl_event", 1, None))             # a variable argument matches any
    assert unifies(step, ("tl_event", 1, ("step", 2, None, None)))
    assert not unifies(step, ("tl_event", 1, ("step", 2, ("draw", 0), None)))
    assert not unifies(("zone", 2, NUMBER, None), ("zone", 2, ("o", 1, NUMBER), None))


def test_rules_whose_body_cannot_match_by_shape_are_left_out():
    """Facts with an event that is not a step: the rules reading a step event are dropped
    (by predicate alone they were kept)."""
    from clingo import Function, Number

    facts = [Function("tl_event", [Function("cast", [Function("o", [Number(1)])])])]
    by_shape = program_slice(program_text(), program.shapes(facts))
    by_predicate = program_slice(program_text(), predicates(facts))
    texts = set(by_shape)
    assert any("tl_event(step(cleanup" in s for s in by_predicate)
    assert not any("tl_event(step(" in t for t in texts)
    assert len(by_shape) < len(by_predicate)


def test_rules_that_can_remove_answer_sets_are_found():
    from mtgkb.program_slice import _analyse

    text = ("p(X) :- q(X).\n"            # 1: plain
            "#false :- p(1), r.\n"        # 2: a constraint
            "1 { s(X) : q(X) } 1.\n"     # 3: a choice with bounds
            "{ t(X) : q(X) }.\n"         # 4: a choice without bounds: never fails
            "a :- not b.\nb :- not a.\n"   # 5, 6: a cycle through negation
            "c :- not d.\nd :- q(2).\n"    # 7, 8: negation, no cycle
            "e; f :- q(3).\n")           # 9: a disjunction
    statements, *_, eliminating = _analyse(text)
    assert [statements[i] for i in eliminating] == [statements[i] for i in (2, 3, 5, 6, 9)]


def test_shown_only_slices_keep_what_the_shown_atoms_depend_on():
    from mtgkb.program_slice import sliced

    text = ("#show out/1.\n"
            "mid(X) :- in(X).\nout(X) :- mid(X).\n"
            "unread(X) :- in(X).\n"            # nothing shown reads it
            "guard(X) :- in(X).\n#false :- guard(7).\n")   # a constraint reads it: kept
    facts = frozenset({("in", 1)})
    whole = sliced(text, frozenset(), facts).statements
    shown = sliced(text, frozenset(), facts, shown_only=True).statements
    assert "unread(X) :- in(X)." in whole and "unread(X) :- in(X)." not in shown
    assert {"mid(X) :- in(X).", "out(X) :- mid(X).", "guard(X) :- in(X).", "#false :- guard(7)."} <= set(shown)
