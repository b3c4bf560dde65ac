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

from .engine.outcomes import encode_state, may_claims
from .engine.stepper import Stepper
from . import paths
from .explain import RELATED, Explainer, citations, explaining_program
from .mana_pay import solve_request
from .proof import Proof, ProofBuilder, ProofStep, Words, number_steps, rule_titles, sentence
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
    proof = Proof(file=sf.path, claim=cr.text, verdict=cr.verdict, message=cr.message)
    if enc2 is None or cr.verdict not in ("holds", "fails"):
        if cr.verdict == "undetermined":
            proof.notes.append("no proof is shown for a claim the knowledge base cannot settle")
        return proof
    stepper = Stepper(block2, session.finder(sf, block2), session.reference, timeout=timeout)
    branches = stepper.run()
    ids = [(c, Number(i)) for i, c in enumerate(may_claims(block2.expect), 1)]
    c, Id = ids[0]
    want_true = (cr.verdict == "holds") != c.negated
    proof.outcomes = len(branches)
    solver = Solver(timeout=timeout, program=explaining_program(), model_limit=MODEL_LIMIT)
    for n, st in enumerate(branches, 1):
        enc_b = encode_state(stepper, st, ids)
        res = solver.solve(session.reference + enc_b.facts, enumerate_models=True, characteristics=True)
        for k, m in enumerate(res.models, 1):
            if (Function("claim_true", [Id]) in m) != want_true:
                continue
            _fill(proof, Explainer(m, enc_b.handles), enc_b, Id, c, want_true, timeout)
            if st.log or st.choices or len(branches) > 1:
                proof.outcome = {"branch": n, "choices": list(st.choices),
                                 "events": [{"cr": r, "text": t} for r, t in st.log],
                                 "stack": [it.label for it in reversed(st.stack)],
                                 "answer_set": k if len(res.models) > 1 else None}
            return proof
    proof.notes.append(f"no outcome within the limits ({MODEL_LIMIT} answer sets an outcome) shows the verdict")
    return proof


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
    mana sources), one line each, with its rule."""
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
    out: list[ProofStep] = []
    n = 0
    for h in atoms:
        s = sentence(h, builder.words)
        options = ex.by_head.get(h)
        if s is None or not options:
            continue
        n += 1
        out.append(ProofStep([s], options[0][0], [ex.show(h)], number=n))
    return out

