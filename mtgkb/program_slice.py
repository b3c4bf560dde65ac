"""Grounding only the rules that can apply: the program sliced by the facts of a solve.

Grounding rules.lp costs about the same whatever the facts, because every rule is
instantiated, even one whose body can never hold.  A rule can apply only if every
predicate of its positive body literals can have atoms: one the facts give, or the head
of a rule that can itself apply (or of an `#external`).  `program_slice` keeps those
rules (a fixpoint over predicates, name and arity) and drops the others; the dropped
ones derive nothing in any answer set, so the answer sets are the same.  Literals
inside aggregates and conditions, comparisons and negative literals never make a rule
unusable here (an aggregate over nothing still holds, e.g. a count of 0), so they are
not requirements.  Every predicate a dropped rule defines is declared `#defined`, so
clingo says nothing about atoms without rules.  (The whole program, unsliced, is checked
for such messages by its own test.)

The slice depends only on the set of predicates of the facts, so it is computed once
per set (and the program is parsed once per text)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from clingo import ast as cast

A = cast.ASTType


@dataclass(frozen=True)
class Parsed:
    statements: tuple            # the program's statements, in order
    rules: tuple                 # (statement index, head predicates, required predicates)


def _atoms(node, into: set) -> None:
    """Every predicate (name, arity) of a symbolic atom under `node`."""
    if node.ast_type == A.SymbolicAtom:
        sym = node.symbol
        for f in (sym.arguments if sym.ast_type == A.Pool else [sym]):
            if f.ast_type == A.Function:
                into.add((f.name, len(f.arguments)))
        return
    for key in node.child_keys:
        child = getattr(node, key)
        if child is None:
            continue
        for c in ([child] if hasattr(child, "ast_type") else child):
            if hasattr(c, "ast_type"):
                _atoms(c, into)


def _required(body) -> frozenset:
    """The predicates of the positive, plain body literals of a rule."""
    req: set = set()
    for lit in body:
        if lit.ast_type == A.Literal and lit.sign == cast.Sign.NoSign and lit.atom.ast_type == A.SymbolicAtom:
            _atoms(lit.atom, req)
    return frozenset(req)


@lru_cache(maxsize=8)
def parsed(text: str) -> Parsed:
    stms: list = []
    cast.parse_string(text, lambda stm: stm.ast_type == A.Comment or stms.append(stm))
    rules = []
    for i, stm in enumerate(stms):
        if stm.ast_type == A.Rule:
            h: set = set()
            _atoms(stm.head, h)
        elif stm.ast_type == A.External:
            h = set()
            _atoms(stm.atom, h)
        else:
            continue
        rules.append((i, frozenset(h), _required(stm.body)))
    return Parsed(tuple(stms), tuple(rules))


@lru_cache(maxsize=8)
def part_of(text: str) -> tuple:
    """The `#program` part of each statement of `text` (by index; `base` before any)."""
    out, part = [], "base"
    for stm in parsed(text).statements:
        if stm.ast_type == A.Program:
            part = stm.name
        out.append(part)
    return tuple(out)


@lru_cache(maxsize=256)
def program_slice(text: str, facts: frozenset, part: str | None = None) -> tuple:
    """The statements of `text` that can apply given facts of the predicates `facts`
    (with `part`: the statements of that `#program` part only, the part grounded alone
    over facts that include what the other parts would derive)."""
    p = parsed(text)
    derivable = set(facts)
    pending = list(p.rules)
    if part is not None:
        parts = part_of(text)
        pending = [r for r in pending if parts[r[0]] == part]
    changed = True
    while changed:
        changed = False
        rest = []
        for rule in pending:
            _, heads, required = rule
            if required <= derivable:
                derivable |= heads
                changed = True
            else:
                rest.append(rule)
        pending = rest
    dropped = {i for i, _, _ in pending}
    # what dropped rules define: declared, so that clingo does not warn of atoms without rules
    # (it checks each body atom against the heads that could match it, so a predicate that
    # kept rules still define needs the declaration too)
    undefined = set().union(*(h for _, h, _ in pending)) if pending else set()
    loc = p.statements[0].location
    out = [cast.Defined(loc, name, arity, True) for name, arity in sorted(undefined)]
    if part is None:
        out += [stm for i, stm in enumerate(p.statements) if i not in dropped]
    else:
        parts = part_of(text)
        out = [cast.Program(loc, part, [])] + out
        out += [stm for i, stm in enumerate(p.statements)
                if i not in dropped and parts[i] == part and stm.ast_type != A.Program]
    return tuple(out)
