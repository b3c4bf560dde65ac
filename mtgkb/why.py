"""`mtgkb why`: a claim's verdict with the outcome that shows it, and its proof in words.

The verdict comes from the one pipeline (Session.evaluate).  Then the outcome to show
is searched: the block's outcomes are stepped again (deterministically, the same
outcomes) and each is solved with the explaining program (mtgkb.explain) until one
shows the verdict:

- where the claim's statement is true, when the verdict rests on it being true there
  (a claim that holds; a `cannot`/`does not` claim that fails): its proof;
- where it is false, when the verdict rests on it being false (a claim that fails, a
  negated claim that holds): what is not derived, and what is derived instead.

Timeline claims get the outcome's event log; payment claims the payment found."""

from __future__ import annotations

import re
from functools import lru_cache

from clingo import Function, Number, Symbol, SymbolType

from mtgkb.parser.errors import ParseError
from mtgkb.parser.scenario import parse_claim
from mtgkb.parser.scenario_ast import Block

from .engine.ask import Bound, ScenarioError
from .engine.outcomes import encode_state, may_claims
from .engine.stepper import Stepper
from . import paths
from .facts import FactError
from .explain import RELATED, Explainer, citations, explaining_program
from .mana_pay import solve_request
from .proof import Proof, ProofBuilder, ProofStep, Words, number_steps, render_proof, rule_titles, sentence
from .solver import Solver

MODEL_LIMIT = 16      # answer sets looked at per outcome
PAYMENTS_SHOWN = 3
PAYMENT_QUERIES = ("payable", "ways", "snow_max")


def why(session, sf, claim_text: str, *, timeout: float, block=None) -> Proof:
    """The proof of a claim against a block of a loaded scenario file (default: its last block)."""
    if not sf.blocks:
        raise ParseError("the file has no scenario block", sf.path, 1, 1, expected=('scenario "title"',))
    block = sf.blocks[-1] if block is None else block
    enc = session.encode(sf, block)  # the handles of the first outcome
    players = {f.arguments[0].string for f in enc.facts if f.name == "player"} | {"Alice", "Bob"}
    claim = parse_claim(claim_text, names=session.db.name_table(), handles=enc.objects, players=players)
    block2 = Block(kind="ruling", title=block.title, pos=block.pos, given=block.given, expect=[claim],
                   cards=block.cards)
    rr, enc2, _ = session.evaluate(sf, block2)
    cr = rr.claims[0]
    if enc2 is None:
        return Proof(file=sf.path, claim=cr.text, verdict=cr.verdict, message=cr.message)
    return claim_proofs(session, sf, block2, [cr], timeout=timeout)[0]


def claim_proofs(session, sf, block: Block, results: list, *, timeout: float) -> list[Proof]:
    """The proofs of a block's claims given their verdicts (`results`: the block's
    ClaimResults, in the order of `block.expect`).  The block's outcomes are stepped once
    more and each is solved once with the explaining program; a claim takes the first
    outcome (and answer set) that shows its verdict.  A claim that is neither holds nor
    fails gets no proof (a note says why)."""
    proofs = [Proof(file=sf.path, claim=cr.text, verdict=cr.verdict, message=cr.message) for cr in results]
    ids = [(c, Number(i)) for i, c in enumerate(may_claims(block.expect), 1)]
    pending = []
    for proof, (c, Id) in zip(proofs, ids):
        if proof.verdict in ("holds", "fails"):
            pending.append((proof, c, Id, (proof.verdict == "holds") != c.negated))
        elif proof.verdict == "undetermined":
            proof.notes.append("no proof is shown for a claim the knowledge base cannot settle")
    if not pending:
        return proofs
    stepper = Stepper(block, session.finder(sf, block), session.reference, timeout=timeout)
    branches = stepper.run()
    for proof in proofs:
        proof.outcomes = len(branches)
    solver = Solver(timeout=timeout, program=explaining_program(), model_limit=MODEL_LIMIT)
    for n, st in enumerate(branches, 1):
        if not pending:
            break
        enc_b = encode_state(stepper, st, ids)
        res = solver.solve(session.reference + enc_b.facts, enumerate_models=True, characteristics=True)
        for item in list(pending):
            proof, c, Id, want_true = item
            for k, m in enumerate(res.models, 1):
                if (Function("claim_true", [Id]) in m) != want_true:
                    continue
                _fill(proof, Explainer(m, enc_b.handles), enc_b, Id, c, want_true, timeout)
                if st.log or st.choices or len(branches) > 1:
                    proof.outcome = {"branch": n, "choices": list(st.choices),
                                     "events": [{"cr": r, "text": t} for r, t in st.log],
                                     "stack": [it.label for it in reversed(st.stack)],
                                     "answer_set": k if len(res.models) > 1 else None}
                pending.remove(item)
                break
    for proof, *_ in pending:
        proof.notes.append(f"no outcome within the limits ({MODEL_LIMIT} answer sets an outcome) shows the verdict")
    return proofs


def _fill(proof: Proof, ex: Explainer, enc, Id: Symbol, claim, want_true: bool, timeout: float) -> None:
    words = Words(enc.handles, enc.faces)
    queries = [f.arguments[1] for f in enc.facts if f.name == "claim" and f.arguments[0] == Id]
    builder = ProofBuilder(ex, words)
    text = claim.text.rstrip(".")
    if want_true:
        tops = [builder.conclusion(Function("true", [Id, q]), text if len(queries) == 1 else _query_words(q, words))
                for q in queries]
        root = tops[0] if len(tops) == 1 else ProofStep([text], None, [], tops, conclusion=True)
        proof.steps = number_steps(root)
    else:
        for q in queries:
            if not ex.by_head.get(Function("true", [Id, q])):
                if query_cite(q.name):
                    proof.absent_cites.append(query_cite(q.name))
                rules = "; ".join(f"{r['number']} — {r['title']}" if r["title"] else r["number"]
                                  for r in rule_titles(query_cite(q.name)))
                proof.absent.append(_query_words(q, words) + (f"  [{rules}]" if rules else ""))
        proof.instead = _instead(ex, builder, queries)
    for q in queries:
        if q.name in PAYMENT_QUERIES and q.arguments:
            R = q.arguments[0]
            base = [f for f in enc.facts if f.name not in ("claim", "claim_about")]
            out = solve_request(base, R, count=True, limit=PAYMENTS_SHOWN, timeout=timeout, handles=enc.handles,
                                with_ways=True)
            proof.payments = list(out.ways)
            if out.truncated:
                proof.notes.append(f"more than {PAYMENTS_SHOWN} ways to pay: the first {PAYMENTS_SHOWN} are shown")


@lru_cache(maxsize=None)
def query_cite(name: str) -> str | None:
    """The CR numbers of the rules.lp rule that makes a claim of this query form true
    (its `true(Id, Q) :- claim(Id, Q), Q = name(...)` rule)."""
    text = paths.rules_text()
    cites = citations(text)
    for i, line in enumerate(text.splitlines(), start=1):
        if line.startswith("true(Id, Q)") and re.search(rf"Q = {re.escape(name)}\b", line):
            return cites.get(i)
    return None


def _query_words(q: Symbol, words: Words) -> str:
    return sentence(q, words) or words.value(q)


def _instead(ex: Explainer, builder: ProofBuilder, queries: list[Symbol]) -> list[ProofStep]:
    """What the outcome derives about the claim's object (or, for a payment, about the
    mana sources), one step each with its rule and the steps it rests on, numbered as a
    proof (premises first)."""
    atoms: list[Symbol] = []
    for q in queries:
        if q.name in PAYMENT_QUERIES:
            atoms += ex.derived("snow_source") + ex.derived("could_produce")
            continue
        if not q.arguments:
            continue
        o = q.arguments[0]
        for pred, inner in RELATED.get(q.name, []):
            for h in ex.derived(pred, o):
                if inner is None or (len(h.arguments) > 1 and h.arguments[1].type == SymbolType.Function
                                     and h.arguments[1].name == inner):
                    atoms.append(h)
    tops: list[ProofStep] = []
    for h in atoms:
        s = sentence(h, builder.words)
        if s is None or not ex.by_head.get(h):
            continue
        tops.append(builder.derived(h, s))   # with what it rests on, as in a proof
    if not tops:
        return []
    return number_steps(ProofStep([], None, [], tops, conclusion=True))[:-1]



EXPLANATION_LINES = 60   # the longest explanation a check result carries


def explain_failures(session, sf, block: Block, rr, *, timeout: float) -> None:
    """`check`: each failing claim of a ruling result gets its proof as its explanation
    (the lines `why` prints, without the verdict line).  The block's outcomes are stepped
    once more for all its failing claims together.  A proof that cannot be built within
    the limits is a one-line reason instead."""
    if not any(cr.verdict == "fails" for cr in rr.claims):
        return
    if len(rr.claims) != len(block.expect):   # the result is not of this block's claims
        return
    try:
        proofs = claim_proofs(session, sf, block, rr.claims, timeout=timeout)
    except (Bound, ScenarioError, FactError, ParseError) as e:
        for cr in rr.claims:
            if cr.verdict == "fails":
                cr.explanation = [f"no proof: {e}"]
        return
    for cr, proof in zip(rr.claims, proofs):
        if cr.verdict == "fails":
            lines = [line[2:] for line in render_proof(proof)[1:]]
            if len(lines) > EXPLANATION_LINES:
                lines = lines[:EXPLANATION_LINES - 1] + [f"... ({len(lines) - EXPLANATION_LINES + 1} more lines: "
                                                         f"mtgkb why shows the whole proof)"]
            cr.explanation = lines or ["no proof: no outcome within the limits shows the verdict"]
