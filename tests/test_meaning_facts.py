"""Card meaning derived once per face (mtgkb/engine/meaning_facts.py): the timeline's solves use the
program without the meaning rules and rules.lp's own meaning atoms as facts.  These check that
this changes no answer: the meaning rules read nothing a timeline changes, and on real rulings'
states both programs give the same shown atoms."""

from __future__ import annotations

from pathlib import Path

import pytest
from clingo import ast as cast

from conftest import RULINGS_DIR
from mtgkb import mana
from mtgkb.check import Session
from mtgkb.engine.ask import Ask
from mtgkb.engine.meaning_facts import MEANING_FILES, MEANING_INPUTS, block_meaning, split
from mtgkb.engine.state import state_facts
from mtgkb.engine.stepper import Stepper
from mtgkb.facts import face_facts
from mtgkb.program import program_text

RULES = Path(__file__).resolve().parent.parent / "mtgkb" / "rules"


def _preds(node, into: set) -> None:
    if node.ast_type == cast.ASTType.SymbolicAtom and node.symbol.ast_type == cast.ASTType.Function:
        into.add(node.symbol.name)
    for key in node.child_keys:
        child = getattr(node, key)
        if child is None:
            continue
        for c in ([child] if hasattr(child, "ast_type") else child):
            if hasattr(c, "ast_type"):
                _preds(c, into)


def test_meaning_rules_read_only_what_a_face_gives():
    heads: set = set()
    reads: set = set()

    def visit(stm):
        if stm.ast_type == cast.ASTType.Rule:
            _preds(stm.head, heads)
            for lit in stm.body:
                _preds(lit, reads)

    for name in MEANING_FILES:
        cast.parse_string((RULES / name).read_text(encoding="utf-8"), visit)
    assert reads - heads == MEANING_INPUTS


def test_the_timeline_program_has_no_meaning_rule():
    step, used = split(program_text())
    assert "m_vp(" not in step.replace("#defined m_vp/6.", "")
    assert ("tl_step", 3) in used and ("unread", 1) in used


def _blocks():
    session = Session()
    out = []
    for path in ("zone-effects.mtg", "life-and-damage.mtg", "triggers-orvar.mtg"):
        sf = session.load(str(RULINGS_DIR / path))
        out += [(session, sf, b) for b in sf.blocks[:4]]
    return out


@pytest.mark.parametrize("k", range(12))
def test_same_answers_with_meaning_as_facts(k):
    session, sf, block = _blocks()[k]
    stepper = Stepper(block, session.finder(sf, block), session.reference)
    (st, *_) = stepper.run()
    faces = list(stepper.faces.values())
    plain = list(session.reference) + [f for face in faces for f in face_facts(face)]
    plain += mana.face_mana_facts(stepper.faces) + state_facts(st)
    with_meaning = plain + block_meaning(faces, session.reference, program_text())
    full = Ask(program_text(), 30.0)(plain)
    step = Ask(split(program_text())[0], 30.0)(with_meaning)
    assert full == step
