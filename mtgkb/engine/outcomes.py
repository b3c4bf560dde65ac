"""A block through the one pipeline: the stepper's outcomes, the claims solved in each,
and the verdicts.  A plain claim must hold in every outcome, `may` in some."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from clingo import Function, Number, String, Symbol, SymbolType

from mtgkb.parser.errors import ParseError
from mtgkb.parser.oracle import parse_ability_line
from mtgkb.parser.scenario_ast import Block, Claim
from mtgkb.parser.terms import Fn, Term

from .. import mana
from ..facts import Encoded, FactError, ability_signature
from ..reference import reference_facts
from ..results import ClaimResult
from ..solver import DEFAULT_TIMEOUT, SolveResult, Solver
from ..symbols import atom, obj, sym
from ..verdicts import claim_verdict
from .ask import Bound, ScenarioError
from .state import State, log_facts, resolve_handle
from .stepper import Stepper


def _claim_terms(q: Term, st: State, stepper: Stepper, about: set, where=None) -> Symbol:
    """Claim query -> symbol for the final solve of a branch (`where`: the claim, whose position
    an error about it names; else the block's)."""
    where = where or stepper.block
    if isinstance(q, Fn):
        if q.name == "h" and len(q.args) == 1:
            oid = st.handles.get(resolve_handle(st, q.args[0]))
            if oid is None:
                return Function("gone", [String(q.args[0])])
            about.add(obj(oid))
            return obj(oid)
        if q.name == "ab_ref":
            h = resolve_handle(st, q.args[0].args[0])
            face = stepper.face(stepper._card_of(st, h), where.pos)
            A = stepper._ability_symbol(face, q.args[1].name, q.args[2], where)
            return Function("ab", [String(h), A])
        if q.name == "obj_ref":
            return Function("obj", [String(q.args[0].args[0])])
        if q.name == "tl_triggered":
            r = _claim_terms(q.args[0], st, stepper, about, where)
            return Function("tl_triggered", [r.arguments[0], r.arguments[1]])
        if q.name == "tl_token_copy":
            return Function("tl_token_copy", [String(q.args[0]), String(q.args[1].args[0])])
        if q.name == "ability_text" and len(q.args) == 2 and isinstance(q.args[0], Fn) and q.args[0].name == "h":
            # a quoted ability matches by meaning: the quoted line read as a line of the object's card
            O = _claim_terms(q.args[0], st, stepper, about, where)
            card = stepper._card_of(st, resolve_handle(st, q.args[0].args[0]))
            ab = parse_ability_line(q.args[1], card)
            if not ab.understood and not q.args[1].rstrip().endswith("."):
                ab = parse_ability_line(q.args[1].rstrip() + ".", card)  # a sentence quoted without its period
            if ab.understood:
                return Function("ability_like", [O, String(q.args[1]), ability_signature(ab)])
            return Function("ability_text", [O, String(q.args[1])])
        return Function(q.name, [_claim_terms(a, st, stepper, about, where) for a in q.args])
    return sym(q)


def may_claims(claims: list[Claim]) -> list[Claim]:
    """"Alice may control ..." -> a `may` claim (the modal word follows the subject)."""
    out = []
    for c in claims:
        if c.queries and all(isinstance(q, Fn) and q.name == "tl_may" for q in c.queries):
            c = replace(c, modality="may", queries=tuple(q.args[0] for q in c.queries))
        out.append(c)
    return out


@dataclass
class TimelineResult:
    branches: list[State]
    result: SolveResult
    claims: list[tuple[Claim, Symbol]]
    handles: dict
    bound: str | None = None
    solves: int = 0
    messages: list = field(default_factory=list)
    faces: dict = field(default_factory=dict)
    first: Encoded | None = None      # the facts of the first outcome (for show and explanations)


def evaluate(block: Block, find_face, reference: list[Symbol], solver: Solver, *, characteristics: bool = False
             ) -> TimelineResult:
    """Step through the block's events and solve its claims in every branch."""
    stepper = Stepper(block, find_face, reference, timeout=solver.timeout)
    claims = may_claims(block.expect)
    try:
        branches = stepper.run()
    except Bound as e:
        return TimelineResult([], SolveResult(satisfiable=None, timed_out=True), [(c, Number(i)) for i, c in
                                                                                  enumerate(claims, 1)], {}, bound=str(e),
                              solves=stepper.ask.solves, messages=stepper.ask.messages)
    brave: set = set()
    cautious: set | None = None
    timed_out = False
    msgs = list(stepper.ask.messages)
    stats = {"branches": len(branches), "step_solves": stepper.ask.solves}
    handles: dict = {}
    ids = [(c, Number(i)) for i, c in enumerate(claims, 1)]
    first: Encoded | None = None
    # the claims are solved as the steps are: the facts carry the faces' meaning atoms
    # (meaning_facts), so the program without the meaning rules has the same answer sets
    if solver.program is stepper.program:
        solver = Solver(timeout=solver.timeout, model_limit=solver.model_limit, program=stepper.ask.program)
    for st in branches:
        enc = encode_state(stepper, st, ids)
        first = first or enc
        facts = enc.facts
        res = solver.solve(facts, characteristics=characteristics)
        msgs += res.messages
        handles.update({obj(o.id): o.handle for o in st.objects.values()})
        if res.timed_out or res.satisfiable is None:
            timed_out = True
            continue
        if res.satisfiable is False:
            relaxed = solver.solve(facts, relax=True)
            tr = TimelineResult(branches, SolveResult(satisfiable=False, messages=msgs,
                                                      violations=relaxed.violations), ids, handles,
                                solves=stepper.ask.solves, messages=msgs, faces=dict(stepper.faces), first=first)
            return tr
        brave |= set(res.brave)
        cautious = set(res.cautious) if cautious is None else cautious & set(res.cautious)
    merged = SolveResult(satisfiable=None if timed_out else True, brave=frozenset(brave),
                         cautious=frozenset(cautious or ()), timed_out=timed_out, stats=stats, messages=msgs)
    return TimelineResult(branches, merged, ids, handles, solves=stepper.ask.solves, messages=msgs,
                          faces=dict(stepper.faces), first=first)


def evaluate_block(session, sf, block: Block, rr, *, characteristics: bool = False):
    """Session.evaluate for a block with timeline events -> (RulingResult, Encoded | None,
    SolveResult | None).  The Encoded is the first branch's final state (for `show` and
    explanations); `enc.timeline` carries every branch."""
    find = session.finder(sf, block)
    try:
        tr = evaluate(block, find, session.reference, session.solver, characteristics=characteristics)
    except FactError as e:  # bad input, as Session.encode reports it
        pos = e.pos or block.pos
        raise ParseError(str(e), pos.file, pos.line, pos.column, expected=e.expected,
                         violations=e.violations) from None
    except ScenarioError as e:
        pos = e.sentence.pos if e.sentence is not None else block.pos
        rr.violated = tuple(e.violations)
        rr.error = f"{pos.file}:{pos.line}:{pos.column}: the scenario is impossible ({e})"
        rr.claims = [ClaimResult(c.text, c.pos.line, "error", str(e)) for c in block.expect]
        return rr, None, SolveResult(satisfiable=False)
    res = tr.result
    if tr.bound is not None:
        rr.claims = [ClaimResult(c.text, c.pos.line, "undetermined", f"the timeline was not settled: {tr.bound}")
                     for c, _ in tr.claims]
        return rr, None, res
    if res.satisfiable is False:
        why = ", ".join(f"CR {v.arguments[0].string}: {v.arguments[1]}" for v in res.violations) or "no rule named"
        rr.error = f"{sf.path}:{block.pos.line}:1: the scenario is impossible ({why})"
        rr.violated = tuple(sorted({v.arguments[1].name for v in res.violations
                                    if v.arguments[1].type == SymbolType.Function}))
    rr.claims = [claim_verdict(c, Id, res, tr.handles) for c, Id in tr.claims]
    rr.stats = dict(res.stats)
    enc = None
    if tr.first is not None:
        enc = tr.first  # encoded once, as its claims were solved (payment questions included)
        enc.timeline = tr
    return rr, enc, res


def encode_state(stepper: Stepper, st: State, claims) -> Encoded:
    """The facts of one outcome with its claims (for `show`, explanations, payments)."""
    facts = stepper.facts(st)
    facts += log_facts(st)
    for c, Id in claims:
        about: set = set()
        for q in c.queries:
            facts.append(atom("claim", Id, _claim_terms(q, st, stepper, about, c)))
        for O in sorted(about):
            facts.append(atom("claim_about", Id, O))
    facts += mana.block_facts(facts, stepper.faces)
    objects = {o.handle: obj(o.id) for o in st.objects.values()}
    return Encoded(facts=facts, objects=objects, handles={v: k for k, v in objects.items()}, claims=list(claims),
                   faces=dict(stepper.faces), origins=dict(st.origins))


def encode_block(block: Block, find_face, reference: list[Symbol] | None = None, *,
                 timeout: float = DEFAULT_TIMEOUT) -> Encoded:
    """The facts of a block's state after its given part (the first outcome), through the one
    pipeline: the stepper, with state-based actions performed."""
    stepper = Stepper(block, find_face, reference if reference is not None else reference_facts(), timeout=timeout)
    branches = stepper.run()
    claims = [(c, Number(i)) for i, c in enumerate(may_claims(block.expect), 1)]
    return encode_state(stepper, branches[0], claims)
