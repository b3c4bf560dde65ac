"""Payment questions ("can Alice pay {S}{1}?", "how many ways?", `mtgkb pay`), answered
by their own solves of rules.lp: the program plus the scenario's facts plus one
`pay_request`.  A *way to pay* is which source pays how many of each cost symbol
(language.md); the solve projects its answer sets onto `paid/4`, so identical
symbols, identical mana of one source and the color a source could have chosen never
make another way."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from functools import lru_cache

import clingo
from clingo import Function, Number, Symbol
from clingo import ast as cast

from .mana_abilities import COLORS, TYPES
from .reference import reference_facts
from . import pay_exact
from .program import ALL_PARTS, ground_all, load, new_control, program_text
from .program_slice import parsed
from .solve_memo import PAYMENTS

DEFAULT_LIMIT = 100
DEFAULT_TIMEOUT = 10.0

PAY_QUERIES = {"payable", "ways", "snow_max"}


def request_facts(R: Symbol, key: Symbol | None = None) -> list[Symbol]:
    """req(Player, cost(Syms...), X, with(Os...)|all, plain|cast(O)|act(O, Kind, N)|spell(I, O)|ability(I, O, A))
    -> facts.  `key` names the request in them (default: R itself; a payment solve of its
    own uses a short key, `_key`: rules.lp never looks inside the name of a request)."""
    P, cost, X, with_, purpose = R.arguments
    Q = R if key is None else key
    out = [Function("pay_who", [Q, P])]
    for i, s in enumerate(cost.arguments, start=1):
        out.append(Function("pay_sym", [Q, Number(i), s]))
    if X.type == clingo.SymbolType.Number:
        out.append(Function("pay_x", [Q, X]))
    if with_.name == "with":
        out += [Function("pay_with", [Q, o]) for o in with_.arguments]
    if purpose.name == "cast":          # "Alice can cast X": its timing and zone too (casting.lp)
        out += [Function("pay_cast", [Q, purpose.arguments[0]]), Function("pay_cast_claim", [Q, purpose.arguments[0]])]
    elif purpose.name == "spell":       # spell(I, O): the spell I being cast (601.2f-h)
        out += [Function("pay_cast", [Q, purpose.arguments[1]]), Function("pay_spell", [Q, purpose.arguments[0]])]
    elif purpose.name == "ability":     # ability(I, O, A): ability A of O activated as item I (602.2b)
        out.append(Function("pay_ability", [Q] + list(purpose.arguments)))
    elif purpose.name == "act":
        out.append(Function("pay_act_ref", [Q] + list(purpose.arguments)))
    return out


def _key(i: int) -> Symbol:
    """The short name of the i-th request of a payment solve (a cost of hundreds of symbols
    would otherwise be copied into every atom of the payment)."""
    return Function("q", [Number(i)])


# what a payment solve's answer sets are read for: the way (paid/4, with spend_as_any/1), the
# most snow mana, what is left open; the types each source could give (src_type/3, to
# describe a way) are the same in most answer sets, so they are read from the grounding
# once (_source_types), not from every answer set
PAY_SHOW = """
#show paid/4.  #show snow_spent/2.  #show pay_open/2.  #show pay_bad/1.  #show spend_as_any/1.
"""
_READ = frozenset(("paid", "snow_spent", "pay_open", "pay_bad", "spend_as_any"))
PAY_MAX = "#maximize { 1, U : pay(R, U, _), snow_unit(R, U), pay_max_snow(R) }."


@dataclass
class PayOutcome:
    payable: bool | None
    count: int = 0
    ways: list[dict] = field(default_factory=list)
    truncated: bool = False
    timed_out: bool = False
    open: list[Symbol] = field(default_factory=list)   # abilities mtgkb does not model
    snow_max: int | None = None
    bad: bool = False


@lru_cache(maxsize=1)
def _reference() -> tuple:
    return tuple(reference_facts())


@lru_cache(maxsize=1)
def _stage_one_names() -> frozenset:
    """What stage_one hands to the payment part: the predicates part `pay` reads and does
    not define (its inputs), and what a question leaves open or finds wrong.  Read from the
    statements of part `pay` alone (the program's analysis is kept between runs:
    program_slice.parsed), not from the whole program's syntax tree."""
    p = parsed(program_text())
    return _inputs([stm for stm, part in zip(p.statements, p.parts)
                    if part == "pay" and not stm.startswith("#program ")]) | {"pay_open", "pay_bad"}


def _inputs(statements: list[str]) -> frozenset:
    """The predicates some statements read and do not define.  What a rule defines is its
    head's atoms; the condition of a head's element (`{ a(X) : b(X) }`, `N { p : q } N`) is
    read, as a body is (mana_opt/2 in the choice of an idle activation)."""
    A = cast.ASTType
    read: set = set()
    defined: set = set()

    def names(node, into: set) -> None:
        if node.ast_type == A.SymbolicAtom and node.symbol.ast_type == A.Function:
            into.add(node.symbol.name)
        for key in node.child_keys:
            child = getattr(node, key)
            for c in ([child] if hasattr(child, "ast_type") else child or ()):
                if hasattr(c, "ast_type"):
                    names(c, into)

    def visit(stm) -> None:
        if stm.ast_type != A.Rule:
            names(stm, read)
            return
        head = stm.head
        if head.ast_type in (A.Aggregate, A.Disjunction):
            for e in head.elements:
                names(e.literal, defined)
                for c in e.condition:
                    names(c, read)
        elif head.ast_type == A.HeadAggregate:
            for e in head.elements:
                names(e.condition.literal, defined)
                for c in e.condition.condition:
                    names(c, read)
        else:
            names(head, defined)
        for lit in stm.body:
            names(lit, read)

    cast.parse_string("\n".join(statements), visit)
    return frozenset(read - defined)


@dataclass
class Stage1:
    """What rules.lp derives for a board, as facts for part `pay` (stage_one), and the key
    of each request in them."""
    facts: list
    keys: dict


def stage_one(base: list[Symbol], Rs, *, timeout: float = DEFAULT_TIMEOUT) -> Stage1 | None:
    """Everything rules.lp derives for the board that the payment rules read: one solve of
    the whole program without any pay_request (deterministic: no payment is guessed).
    None when the board has several outcomes (then each question is solved whole)."""
    names = _stage_one_names()
    keys = {R: _key(i) for i, R in enumerate(sorted(set(Rs), key=str), start=1)}
    ctl = new_control()
    facts = list(_reference()) + [f for f in base if f.name not in ("claim", "claim_about")]
    for R, Q in keys.items():
        facts += request_facts(R, Q)
    load(ctl, None, facts)
    ground_all(ctl)
    # only the atoms part `pay` reads are shown (turning every atom of the answer set into a
    # Python symbol costs more than the solve)
    wanted = [f"#show {n}/{a}." for n, a, _ in ctl.symbolic_atoms.signatures if n in names]
    ctl.add("stage_one_shown", [], "\n".join(wanted))
    ctl.ground([("stage_one_shown", [])])
    ctl.configuration.solve.models = 2
    got: list[list[Symbol]] = []
    with ctl.solve(on_model=lambda m: got.append(m.symbols(shown=True)), async_=True) as h:
        if not h.wait(timeout):
            h.cancel()
            return None
        h.get()
    if len(got) != 1:
        return None
    return Stage1([a for a in got[0] if a.name in names], keys)


def solve_request(base: list[Symbol], R: Symbol, *, count: bool = False, limit: int = DEFAULT_LIMIT,
                  snow_max: bool = False, timeout: float = DEFAULT_TIMEOUT, handles=None,
                  with_ways: bool = False, stage1: Stage1 | None = None) -> PayOutcome:
    """One payment question against a block's facts (without its claims).

    The board and the payment rules over it are grounded in two steps: with `stage1`
    (stage_one, shared by the questions of a block) part `pay` alone over its facts;
    otherwise, for a plain cost, one Control grounds the board (part `base`, solved once:
    is there a game state at all?) and then part `pay` over it; any other question is
    grounded whole.  Where the options rules.lp derived are a plain matching, a max-flow
    decides and a dynamic program counts (pay_exact); otherwise clingo solves."""
    deadline = time.perf_counter() + timeout
    res = PayOutcome(payable=None)
    # a payment is a matching: rules.lp's #heuristic statements tell clasp to decide the
    # scarce symbols first (without them its search backtracks a lot, bench/mana.py)
    args = ["-t1", "--heuristic=Domain"] + (["--project=project"] if count else [])
    extra = PAY_SHOW + (PAY_MAX if snow_max else "")
    Q = stage1.keys[R] if stage1 is not None else _key(1)
    asked = [Function("pay_request", [Q, R.arguments[0]])]
    if snow_max:
        asked.append(Function("pay_max_snow", [Q]))
    if not count and not with_ways and not snow_max:
        asked.append(Function("pay_check_only", [Q]))  # payable or not: no need to describe ways
    probe = None
    if stage1 is not None:
        ctl = new_control(args)
        load(ctl, None, list(stage1.facts) + request_facts(R, Q) + asked, part="pay")
        ctl.add("base", [], extra)
        ctl.ground([("pay", [])])
        _note_open(res, [a for a in stage1.facts if a.name in ("pay_open", "pay_bad") and a.arguments[0] == Q])
        settled = True
    else:
        probe = list(_reference()) + [f for f in base if f.name not in ("claim", "claim_about")] + request_facts(R, Q)
        ctl, settled = _ground_alone(R, Q, probe + asked, args, extra, deadline, res)
        if ctl is None:
            return res
        settled = settled and _open_settled(ctl, Q, res)
    if settled and not snow_max:
        # the options rules.lp derived are a plain matching: a max-flow decides, a dynamic
        # program counts (pay_exact); otherwise clingo solves the question below
        opts = pay_exact.extract(ctl, Q)
        if opts is not None:
            return _answer_exact(ctl, opts, res, count=count, limit=limit, with_ways=with_ways,
                                 handles=handles, deadline=deadline)
    if snow_max:
        ctl.configuration.solve.opt_mode = "opt"
        ctl.configuration.solve.models = 0
        best: list = [None]

        def on_best(m: clingo.Model):
            best[0] = m.symbols(shown=True)

        res.timed_out, r = _solve(ctl, on_best, deadline)
        if not settled:
            _note_open(res, best[0] or (None if res.timed_out else _probe(probe)))
        if best[0] is None:
            res.payable = None if res.timed_out else False
            return res
        res.payable = True
        if res.timed_out:   # the best found so far is not known to be the most
            return res
        res.snow_max = next((s.arguments[1].number for s in best[0] if s.name == "snow_spent"), 0)
        return res
    # enumeration that counts: only the ways to list (or the first answer set) are kept
    wanted = (limit + 1) if count else 1
    keep = limit if (count and with_ways) else 1
    types, maybe = _source_types(ctl) if with_ways else ({}, [])
    n, kept, res.timed_out, r = _enumerate(ctl, wanted, keep, deadline, maybe)
    if not settled:
        _note_open(res, kept[0] if kept else (None if res.timed_out else _probe(probe)))
    if res.timed_out and not n:
        res.payable = None
        return res
    res.payable = bool(n)
    if not n and r.unsatisfiable is None:
        res.payable = None
    if count:
        res.truncated = n > limit
        res.count = min(n, limit)
        if with_ways:
            res.ways = sorted((_way(m, handles or {}, types) for m in kept[:limit]), key=_way_key)
    else:
        res.count = n
        if with_ways and kept:
            res.ways = [_way(kept[0], handles or {}, types)]
    return res


def _ground_alone(R: Symbol, Q: Symbol, facts: list[Symbol], args: list[str], extra: str, deadline: float,
                  res: PayOutcome) -> tuple[clingo.Control | None, bool]:
    """One Control for a question without stage one: (the Control grounded, whether the
    board was solved first as a step of its own), or (None, _) when that solve already
    answers (no game state: not payable; out of time: unsettled, in `res`).

    A plain cost: the board first (part `base`, one solve under the deadline), then part
    `pay` over it in the same Control -- the board's derived atoms reach the payment rules
    without a round trip through Python.  Anything else (or a payment part that would
    redefine an atom of the board) is grounded whole, in one step."""
    if R.arguments[4].name == "plain" and R.arguments[2].type != clingo.SymbolType.Number:
        ctl = new_control(args)
        load(ctl, None, facts)
        ctl.ground([("base", [])])
        timed_out, r = _solve(ctl, None, deadline)
        if timed_out or not r.satisfiable:
            res.timed_out = timed_out
            res.payable = None if timed_out or r.unsatisfiable is None else False
            return None, False
        ctl.add("pay", [], extra)
        try:
            ctl.ground([("pay", [])])
            return ctl, True
        except RuntimeError:   # clingo refuses a step that redefines an atom of an earlier one
            pass
    ctl = new_control(args)
    load(ctl, None, facts)
    ctl.add("base", [], extra)
    ground_all(ctl)
    return ctl, False


def _open_settled(ctl: clingo.Control, Q: Symbol, res: PayOutcome) -> bool:
    """Note what question Q leaves open (pay_open) or finds wrong (pay_bad) when the grounding
    settles it (every such atom a fact); False when one is left to a choice."""
    got = []
    for name, arity in (("pay_open", 2), ("pay_bad", 1)):
        for a in ctl.symbolic_atoms.by_signature(name, arity):
            if a.symbol.arguments[0] == Q:
                if not a.is_fact:
                    return False
                got.append(a.symbol)
    _note_open(res, got)
    return True


def _note_open(res: PayOutcome, syms) -> None:
    """What the question leaves open (abilities mtgkb does not model) or finds wrong."""
    res.open = sorted({s.arguments[1] for s in syms or () if s.name == "pay_open"}, key=str)
    res.bad = any(s.name == "pay_bad" for s in syms or ())


def _solve(ctl: clingo.Control, on_model, deadline: float):
    """(timed out, solve result) of one solve under the deadline."""
    timed_out = False
    with ctl.solve(on_model=on_model, async_=True) as h:
        if not h.wait(max(deadline - time.perf_counter(), 0.001)):
            h.cancel()
            timed_out = True
        r = h.get()
    return timed_out, r


def _enumerate(ctl: clingo.Control, models: int, keep: int, deadline: float, maybe=()):
    """Enumerate at most `models` answer sets (0: all), keeping what is read of the first
    `keep` only, with the atoms of `maybe` ((atom, literal) pairs) each holds: (how many,
    kept, timed out, solve result)."""
    n = [0]
    kept: list[list[Symbol]] = []

    def on_model(m: clingo.Model):
        n[0] += 1
        if len(kept) < keep:
            got = [s for s in m.symbols(shown=True) if s.name in _READ]
            kept.append(got + [a for a, lit in maybe if m.is_true(lit)])

    ctl.configuration.solve.models = models
    timed_out, r = _solve(ctl, on_model, deadline)
    return n[0], kept, timed_out, r


def _source_types(ctl: clingo.Control) -> tuple[dict, list[tuple[Symbol, int]]]:
    """The src_type atoms of a grounded payment (one request): the types of each source
    that every answer set holds (facts), and the other atoms with their literal (read from
    each answer set kept)."""
    always: dict = {}
    maybe = []
    for a in ctl.symbolic_atoms.by_signature("src_type", 3):
        if a.is_fact:
            _, S, T = a.symbol.arguments
            always.setdefault(S, set()).add(T.name)
        else:
            maybe.append((a.symbol, a.literal))
    return always, maybe


def _answer_exact(ctl: clingo.Control, opts, res: PayOutcome, *, count: bool, limit: int, with_ways: bool,
                  handles, deadline: float) -> PayOutcome:
    """A question whose options are a plain matching: max-flow for payable, the dynamic
    program for the count (clingo enumeration that only counts where the table would be
    too large), clingo's answer sets only for the ways listed."""
    res.payable = opts.payable()
    if not res.payable:
        return res
    total = opts.count() if count else None
    if count and total is None:       # too many for the table: count by enumeration
        wanted, keep = limit + 1, (limit if with_ways else 0)
    elif with_ways:
        wanted, keep = (max(1, min(total, limit)) if count else 1), (limit if count else 1)
    else:
        wanted = keep = 0
    kept: list = []
    if wanted:
        types, maybe = _source_types(ctl) if with_ways else ({}, [])
        n, kept, res.timed_out, _ = _enumerate(ctl, wanted, keep, deadline, maybe)
        if total is None and count:
            total = n
            if res.timed_out:
                res.truncated = True
    if count:
        res.truncated = res.truncated or total > limit
        res.count = min(total, limit)
        if with_ways:
            res.ways = sorted((_way(m, handles or {}, types) for m in kept[:limit]), key=_way_key)
    else:
        res.count = 1
        if with_ways and kept:
            res.ways = [_way(kept[0], handles or {}, types)]
    return res


def _probe(facts: list[Symbol]) -> list[Symbol]:
    """The deterministic part of a question (what it leaves open), when it has no payment."""
    ctl = new_control()
    load(ctl, None, facts)
    ctl.add("base", [], PAY_SHOW)
    ground_all(ctl)
    out: list[Symbol] = []
    ctl.solve(on_model=lambda m: out.extend(m.symbols(shown=True)))
    return out


_SYM_TEXT = {"generic": "{1}", "colorless": "{C}", "snow": "{S}"}


def symbol_text(k: Symbol) -> str:
    if k.type == clingo.SymbolType.Function and not k.arguments:
        return _SYM_TEXT.get(k.name, "{" + k.name.upper() + "}")
    n, a = k.name, k.arguments
    if n == "colored":
        return "{" + a[0].name.upper() + "}"
    if n == "hybrid":
        return "{" + a[0].name.upper() + "/" + a[1].name.upper() + "}"
    if n in ("twobrid", "tb_generic"):
        return "{2/" + a[0].name.upper() + "}"
    if n == "phyrexian":
        return "{" + a[0].name.upper() + "/P}"
    return str(k)


def kind_text(k: Symbol, handles) -> str:
    if k.name == "for" and len(k.arguments) == 3:
        return f"{symbol_text(k.arguments[2])} of {handles.get(k.arguments[0], str(k.arguments[0]))}'s mana ability"
    return symbol_text(k)


def _source_text(s: Symbol, handles) -> str:
    if s.name == "pool":
        return "mana pool"
    if s.name == "life":
        return "life"
    return handles.get(s, str(s))


def _way(model: list[Symbol], handles, types: dict) -> dict:
    """A way as JSON.  Only what the way is (which source pays which symbols) and the
    sources' possible types (`types`, source -> type names, and the model's own src_type
    atoms) are read, never the solver's representative choices, so the listing is the
    same for every run and every order of the board."""
    types_of = types
    own = [s for s in model if s.name == "src_type"]
    if own:
        types_of = {S: set(ts) for S, ts in types.items()}
        for s in own:
            types_of.setdefault(s.arguments[1], set()).add(s.arguments[2].name)
    as_any = any(s.name == "spend_as_any" for s in model)
    pays = []
    for s in model:
        if s.name != "paid":
            continue
        S, K, N = s.arguments[1], s.arguments[2], s.arguments[3].number
        if S.name == "life":
            pays += [{"source": "life", "mana": "2 life", "symbol": symbol_text(K)}] * N
            continue
        shown = kind_text(K, handles)
        base = K.arguments[2] if K.name == "for" else K
        mana = _mana_text(base, types_of.get(S, set()), as_any)
        pays += [{"source": _source_text(S, handles), "mana": mana, "symbol": shown}] * N
    pays.sort(key=lambda d: (d["source"], d["symbol"], d["mana"]))
    return {"pays": pays}


def _fitting(k: Symbol, types: set[str], as_any: bool) -> set[str]:
    n = k.name
    if as_any and n in ("colored", "colorless", "hybrid", "twobrid", "phyrexian"):
        return types
    if n in ("colored", "twobrid", "phyrexian"):
        return types & {k.arguments[0].name}
    if n == "hybrid":
        return types & {a.name for a in k.arguments}
    if n == "colorless":
        return types & {"c"}
    return types


def _mana_text(k: Symbol, types: set[str], as_any: bool) -> str:
    t = _fitting(k, types, as_any)
    if len(t) == 1:
        return "{" + next(iter(t)).upper() + "}"
    if t == set(TYPES):
        return "one mana of any type"
    if t == set(COLORS):
        return "one mana of any color"
    return " or ".join("{" + x.upper() + "}" for x in sorted(t, key=TYPES.index)) or "mana"


def _way_key(w: dict):
    return [(p["source"], p["symbol"], p["mana"]) for p in w["pays"]]


def answer_requests(facts: list[Symbol], handles=None, timeout: float = DEFAULT_TIMEOUT,
                    limit: int = DEFAULT_LIMIT) -> list[Symbol]:
    """For every payment query among the claims: solve it, return the answer facts (the
    answers of the same facts asked before in this process again, unless a time limit
    left one unsettled or a limit cut one short)."""
    key = (tuple(facts), limit)
    kept = PAYMENTS.get(key)
    if kept is not None:
        return list(kept)
    out = _answer_requests(facts, timeout, limit)
    if not any(f.name == "pay_unsettled" for f in out):
        PAYMENTS.put(key, tuple(out))
    return out


def _answer_requests(facts: list[Symbol], timeout: float, limit: int) -> list[Symbol]:
    wanted: dict[Symbol, set[str]] = {}
    for f in facts:
        if f.name == "claim":
            q = f.arguments[1]
            if q.type == clingo.SymbolType.Function and q.name in PAY_QUERIES:
                wanted.setdefault(q.arguments[0], set()).add(q.name)
    out: list[Symbol] = []
    # several questions share what the board is (stage one); one is grounded in one Control
    stage1 = stage_one(facts, list(wanted), timeout=timeout) if len(wanted) > 1 else None
    for R in sorted(wanted, key=str):
        kinds = wanted[R]
        res = solve_request(facts, R, count="ways" in kinds, limit=limit, timeout=timeout, stage1=stage1)
        unsettled = []  # what rules.lp leaves open is derived in the main solve too (pay_open)
        if res.payable is None:
            unsettled.append(Function("pay_unsettled", [R, Function("time_limit")]))
        if res.truncated:
            unsettled.append(Function("pay_unsettled", [R, Function("enumeration_limit")]))
        out += unsettled
        if res.payable:
            out.append(Function("pay_result", [R, Function("yes")]))
        if "ways" in kinds and not res.truncated and res.payable is not None and not res.timed_out:
            out.append(Function("pay_count", [R, Number(res.count)]))
        if "snow_max" in kinds:
            sm = solve_request(facts, R, snow_max=True, timeout=timeout, stage1=stage1)
            if sm.snow_max is not None:
                out.append(Function("pay_snow_max", [R, Number(sm.snow_max)]))
            elif sm.payable is None or sm.timed_out:
                out.append(Function("pay_unsettled", [R, Function("time_limit")]))
    return out


GENERIC_MAX = 1_000_000   # the largest generic symbol of a cost (the numbers of the scenario language)


def parse_cost(text: str) -> tuple[str, ...]:
    """'{S}{1}' -> ('S', '1'); raises ValueError."""
    t = text.strip()
    syms = re.findall(r"\{([^{}]+)\}", t)
    if not syms or "".join("{" + s + "}" for s in syms) != t.replace(" ", ""):
        raise ValueError(f"{text!r} is not a mana cost such as {{S}}{{1}}")
    for s in syms:
        if not re.fullmatch(r"\d+|[WUBRGCSX]|[WUBRG]/[WUBRGP]|2/[WUBRG]", s.upper()):
            raise ValueError(f"{{{s}}} is not a mana symbol")
    generic = [int(s) if len(s) <= 12 else GENERIC_MAX + 1 for s in syms if s.isdigit()]
    if sum(generic) > GENERIC_MAX or len(syms) > GENERIC_MAX:
        raise ValueError(f"{text!r} is out of range: the generic mana of a cost is from 0 to {GENERIC_MAX:,}")
    return tuple(s.upper() for s in syms)
