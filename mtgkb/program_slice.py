"""Grounding only the rules that can apply: the program sliced by the facts of a solve.

Grounding rules.lp costs about the same whatever the facts, because every rule is
instantiated, even one whose body can never hold.  A rule can apply only if every
positive body literal can match an atom: a fact, or an instance of the head of a rule
that can itself apply (or of an `#external`).  `program_slice` keeps those rules (a
fixpoint) and drops the others; the dropped ones derive nothing in any answer set, so
the answer sets are the same.  Atoms are compared by their *shape*: the predicate and
the function symbols of their arguments down to `SHAPE_DEPTH` levels, numbers and
strings as "a number" and "a string", a variable or an arithmetic term as anything
(`shape`, `unifies`); two atoms whose shapes do not unify can never be the same atom,
so the comparison only ever keeps too much.  (A rule reading `tl_event(step(St, P))`
is dropped when the facts have events but none of a step.)  Literals inside
aggregates and conditions, comparisons and negative literals never make a rule
unusable here (an aggregate over nothing still holds, e.g. a count of 0), so they are
not requirements.  Every predicate a dropped rule defines is declared `#defined`, so
clingo says nothing about atoms without rules.  (The whole program, unsliced, is checked
for such messages by its own test.)

The slice depends only on the set of shapes of the facts, so it is computed once per
set.  The program is analysed once per text: its statements as clingo prints them, the
line and `#program` part of each and the shapes of every rule, kept between runs in the
per-user cache directory (`program_cache`), so a new process does not parse rules.lp
through clingo's AST again; a slice is program text, added to a Control as such."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from clingo import Symbol, SymbolType
from clingo import ast as cast

from . import program_cache

A = cast.ASTType
SHAPE_DEPTH = 3                  # argument levels compared (deeper ones match anything)
NUMBER, STRING = "#number", "#string"


@dataclass(frozen=True)
class Parsed:
    statements: tuple            # the program's statements, in order, as text (clingo's printing)
    lines: tuple                 # the line each statement begins on
    parts: tuple                 # the `#program` part each statement is in (`base` before any)
    rules: tuple                 # (statement index, head shapes, required shapes)


# A shape: None (anything), NUMBER, STRING, or (name, arity, shape of each argument).
def shape(sym: Symbol, depth: int = SHAPE_DEPTH + 1):
    """The shape of a symbol (an atom: its predicate and arguments to SHAPE_DEPTH levels)."""
    t = sym.type
    if t == SymbolType.Number:
        return NUMBER
    if t == SymbolType.String:
        return STRING
    if t != SymbolType.Function or depth <= 0:
        return None
    args = sym.arguments
    return (sym.name, len(args)) + tuple(shape(a, depth - 1) for a in args)


def _term_shape(t, depth: int = SHAPE_DEPTH + 1):
    """The shape of a term of the program (a variable, an operation, an interval or a pool:
    anything)."""
    at = t.ast_type
    if at == A.SymbolicTerm:
        return shape(t.symbol, depth)
    if at == A.Function and not t.external and depth > 0:
        return (t.name, len(t.arguments)) + tuple(_term_shape(a, depth - 1) for a in t.arguments)
    return None


def unifies(a, b) -> bool:
    """Whether some atom could have both shapes."""
    if a is None or b is None:
        return True
    if type(a) is tuple and type(b) is tuple:
        if a[0] != b[0] or a[1] != b[1]:
            return False
        for x, y in zip(a[2:], b[2:]):
            if not unifies(x, y):
                return False
        return True
    return a == b


def _atoms(node, into: set) -> None:
    """The shape of every symbolic atom under `node`."""
    if node.ast_type == A.SymbolicAtom:
        sym = node.symbol
        for f in (sym.arguments if sym.ast_type == A.Pool else [sym]):
            if f.ast_type == A.Function:
                into.add(_term_shape(f))
        return
    for key in node.child_keys:
        child = getattr(node, key)
        if child is None:
            continue
        for c in ([child] if hasattr(child, "ast_type") else child):
            if hasattr(c, "ast_type"):
                _atoms(c, into)


def _required(body) -> frozenset:
    """The shapes of the positive, plain body literals of a rule (a pool of atoms is not one
    requirement: any of its atoms would do)."""
    req: set = set()
    for lit in body:
        if (lit.ast_type == A.Literal and lit.sign == cast.Sign.NoSign and lit.atom.ast_type == A.SymbolicAtom
                and lit.atom.symbol.ast_type == A.Function):
            req.add(_term_shape(lit.atom.symbol))
    return frozenset(req)


@lru_cache(maxsize=8)
def parsed(text: str) -> Parsed:
    """The analysis of a program text: from the per-user cache when it holds it, else made
    (and kept)."""
    got = program_cache.read(text)
    if got is None:
        got = _analyse(text)
        program_cache.write(text, got)
    return Parsed(*got)


def _analyse(text: str) -> tuple:
    stms: list = []
    cast.parse_string(text, lambda stm: stm.ast_type == A.Comment or stms.append(stm))
    rules, parts, part = [], [], "base"
    for i, stm in enumerate(stms):
        if stm.ast_type == A.Program:
            part = stm.name
        parts.append(part)
        if stm.ast_type == A.Rule:
            h: set = set()
            _atoms(stm.head, h)
        elif stm.ast_type == A.External:
            h = set()
            _atoms(stm.atom, h)
        else:
            continue
        rules.append((i, frozenset(h), _required(stm.body)))
    return (tuple(str(s) for s in stms), tuple(s.location.begin.line for s in stms), tuple(parts), tuple(rules))


def _predicate(sh) -> tuple:
    return sh[:2]


@lru_cache(maxsize=256)
def program_slice(text: str, facts: frozenset, part: str | None = None) -> tuple:
    """The statements (text) of `text` that can apply given facts of the shapes `facts` (`shape`;
    a pair (name, arity) stands for any atom of that predicate) (with `part`: the
    statements of that `#program` part only, the part grounded alone over facts that
    include what the other parts would derive)."""
    p = parsed(text)
    pending = list(p.rules)
    if part is not None:
        pending = [r for r in pending if p.parts[r[0]] == part]
    # a worklist: each rule waits on its requirements not yet matched, by predicate
    missing = [len(r[2]) for r in pending]
    waiting: dict = {}
    for k, (_, _, required) in enumerate(pending):
        for q in required:
            waiting.setdefault(_predicate(q), []).append((q, k))
    matched: set = set()          # (rule, requirement) pairs matched
    seen: set = set()
    queue = [f + (None,) * f[1] if len(f) == 2 else f for f in facts]
    fired = [False] * len(pending)
    for k, n in enumerate(missing):
        if n == 0:
            fired[k] = True
            queue += pending[k][1]
    while queue:
        d = queue.pop()
        if d in seen:
            continue
        seen.add(d)
        for q, k in waiting.get(_predicate(d), ()):
            if fired[k] or (k, q) in matched or not unifies(q, d):
                continue
            matched.add((k, q))
            missing[k] -= 1
            if missing[k] == 0:
                fired[k] = True
                queue += pending[k][1]
    dropped = {pending[k][0] for k in range(len(pending)) if not fired[k]}
    # what dropped rules define: declared, so that clingo does not warn of atoms without rules
    # (it checks each body atom against the heads that could match it, so a predicate that
    # kept rules still define needs the declaration too)
    undefined = {_predicate(h) for k in range(len(pending)) if not fired[k] for h in pending[k][1]}
    out = [f"#defined {name}/{arity}." for name, arity in sorted(undefined)]
    if part is None:
        out += [stm for i, stm in enumerate(p.statements) if i not in dropped]
    else:
        out = [f"#program {part}."] + out
        out += [stm for i, stm in enumerate(p.statements)
                if i not in dropped and p.parts[i] == part and not stm.startswith("#program ")]
    return tuple(out)
