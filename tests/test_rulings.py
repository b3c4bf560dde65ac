"""Every ruling of kb/rulings is a test case, and clingo's
warnings are test failures: every solve of every ruling and test scenario must
leave SolveResult.messages empty (no "atom undefined", "operation undefined", ...)."""

from __future__ import annotations

import pytest

from conftest import DATA, REPO, ruling_cases

CASES = ruling_cases()


def test_there_are_at_least_five_rulings():
    assert len(CASES) >= 5


@pytest.mark.parametrize("file,line,title", CASES, ids=[f"{f}:{n}" for f, n, _ in CASES])
def test_ruling_passes(kb_reports, file, line, title):
    report, errors = kb_reports[file]
    assert errors == [], [str(e) for e in errors]
    (rr,) = [r for r in report.results if r.line == line]
    assert rr.title == title
    bad = [f"line {c.line}: {c.text} -> {c.verdict}: {c.message}" for c in rr.claims if c.verdict != "holds"]
    assert rr.status == "passed", "\n".join(bad + ([rr.error] if rr.error else []))


def _blocks(session, path):
    sf = session.load(str(path))
    return [(sf, b) for b in sf.blocks]


SCENARIO_FILES = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "kb" / "rulings").rglob("*.mtg")) + \
    sorted(p.relative_to(REPO).as_posix() for p in DATA.glob("*.mtg") if not p.name.startswith("bad_"))


# clingo reports a signature-only `#show p/n.` of a predicate with no atoms as "info: no
# atoms over signature occur in program"; rules.lp declares every shown predicate with
# `#defined` so that a solve logs nothing.


@pytest.mark.parametrize("file", SCENARIO_FILES)
def test_no_clingo_messages(session, embedded_check, file):
    """Clingo's logger output is collected per solve; any message fails the test.  The
    rulings of kb/rulings were solved once, by the shared embedded check: its messages."""
    seen = []
    for sf, block in _blocks(session, REPO / file):
        if file.startswith("kb/rulings/"):
            solved, error, messages = embedded_check["messages"][(file, block.pos.line)]
            assert solved, error
        else:
            rr, enc, res = session.evaluate(sf, block)
            assert res is not None, rr.error
            messages = res.messages
        seen += [f"{block.title}: {m}" for m in messages]
    assert seen == []


def test_no_clingo_messages_when_explaining(session):
    """The explaining program (derivation twins) must be as clean as the plain one."""
    sf = session.load(str(DATA / "verdicts.mtg"))
    (block,) = sf.blocks
    enc = session.encode(sf, block)
    from mtgkb.explain import explaining_program
    from mtgkb.solver import Solver

    res = Solver(program=explaining_program(), model_limit=4).solve(session.reference + enc.facts,
                                                                    enumerate_models=True)
    assert res.satisfiable
    assert res.messages == []
