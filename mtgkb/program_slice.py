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
    mentions: tuple              # per statement: the predicates (name, arity) it names (none for a declaration)
    decls: tuple                 # per statement: ("defined" | "show", name, arity) of `#defined p/n.` and
                                 # `#show p/n.` (`#show.`: name ""), else ()
    eliminating: tuple           # the rules that can leave facts without an answer set: constraints,
                                 # heads with bounds, disjunctions, rules in a cycle through negation


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
    d = depth - 1
    known = _argument_shapes
    if len(known) > _ARGUMENTS_MAX:
        known.clear()
    out = [sym.name, len(args)]
    for a in args:   # an argument's shape remembered: the same objects and players recur in many facts
        got = known.get((a, d), known)
        if got is known:
            got = known[(a, d)] = shape(a, d)
        out.append(got)
    return tuple(out)


_argument_shapes: dict = {}
_ARGUMENTS_MAX = 200_000


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
    rules, parts, part, mentions, decls, graph = [], [], "base", [], [], []
    for i, stm in enumerate(stms):
        if stm.ast_type == A.Program:
            part = stm.name
        parts.append(part)
        if stm.ast_type in (A.Defined, A.ShowSignature):
            kind = "defined" if stm.ast_type == A.Defined else "show"
            decls.append((kind, stm.name, stm.arity))
            mentions.append(frozenset())
            continue
        decls.append(())
        named: set = set()
        _atoms(stm, named)
        if stm.ast_type == A.ProjectSignature:
            named.add((stm.name, stm.arity))
        mentions.append(frozenset(sh[:2] for sh in named if type(sh) is tuple))
        if stm.ast_type == A.Rule:
            h: set = set()
            _atoms(stm.head, h)
        elif stm.ast_type == A.External:
            h = set()
            _atoms(stm.atom, h)
        else:
            continue
        required = _required(stm.body)
        rules.append((i, frozenset(h), required))
        if stm.ast_type == A.Rule:
            neg: set = set()
            for lit in stm.body:   # negation, aggregates, conditions: not monotone
                if not (lit.ast_type == A.Literal and lit.sign == cast.Sign.NoSign
                        and lit.atom.ast_type == A.SymbolicAtom):
                    _atoms(lit, neg)
            graph.append((i, _bounded(stm.head), {x[:2] for x in h if type(x) is tuple},
                          {x[:2] for x in required if type(x) is tuple}, {x[:2] for x in neg if type(x) is tuple}))
    return (tuple(str(s) for s in stms), tuple(s.location.begin.line for s in stms), tuple(parts), tuple(rules),
            tuple(mentions), tuple(decls), _eliminating(graph))


def _bounded(head) -> bool:
    """A head that can make a rule fail: #false (a constraint), a choice with bounds, a disjunction."""
    if head.ast_type == A.Literal:
        return head.atom.ast_type == A.BooleanConstant or head.sign != cast.Sign.NoSign
    if head.ast_type == A.Aggregate:
        return head.left_guard is not None or head.right_guard is not None
    return True


def _eliminating(graph: list) -> tuple:
    """The indices of the rules that can leave some facts without any answer set (`Parsed.eliminating`):
    every other rule, in a program whose answer sets are fixed below it, always has one.  `graph`:
    each rule's (index, head with bounds, head predicates, positive body predicates, the others)."""
    out = {i for i, bounded, _, _, _ in graph if bounded}
    edges: dict = {}          # predicate -> {(body predicate, through negation)}
    for _, _, heads, pos, neg in graph:
        for h in heads:
            edges.setdefault(h, set()).update({(b, False) for b in pos} | {(b, True) for b in neg})
    # the predicates in a cycle through negation (Tarjan's strongly connected components)
    cyclic: set = set()
    for comp in _components(edges):
        if any(neg and b in comp for h in comp for b, neg in edges.get(h, ())):
            cyclic |= comp
    out |= {i for i, _, heads, _, _ in graph if heads & cyclic}
    return tuple(sorted(out))


def _components(edges: dict) -> list:
    """The strongly connected components (sets of predicates) of a dependency graph."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on: set = set()
    comps: list = []
    counter = 0
    for root in list(edges):
        if root in index:
            continue
        work = [(root, iter(edges.get(root, ())))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w, _ in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(edges.get(w, ()))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = set()
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.add(w)
                    if w == v:
                        break
                comps.append(comp)
    return comps


def _predicate(sh) -> tuple:
    return sh[:2]


class _Index:
    """The rules of one program (or of one part of it) as a worklist: each rule waits on its
    requirements not yet matched.  A state of the fixpoint is (the requirements each rule
    still misses, which rules fired, which requirements are matched, the shapes seen); it is
    extended by more shapes without redoing what it holds.  Which requirements a shape
    matches is worked out once per shape."""

    def __init__(self, p: Parsed, part: str | None) -> None:
        rules = [r for r in p.rules if part is None or p.parts[r[0]] == part]
        self.rules = rules
        self.waiting: dict = {}
        n = 0
        for k, (_, _, required) in enumerate(rules):
            for q in required:
                self.waiting.setdefault(_predicate(q), []).append((q, k, n))
                n += 1
        self.matches: dict = {}
        self.definers: dict = {}          # predicate -> the rules (k) with a head of it
        for k, r in enumerate(rules):
            for h in r[1]:
                self.definers.setdefault(_predicate(h), set()).add(k)
        rule_at = {r[0] for r in rules}
        inside = [i for i in range(len(p.statements)) if part is None or p.parts[i] == part]
        # always kept: what is not a rule, a declaration or (in a part alone) a `#program`
        self.always = [i for i in inside if i not in rule_at and not p.decls[i]
                       and not (part is not None and p.statements[i].startswith("#program "))]
        self.shows = [i for i in inside if p.decls[i] and p.decls[i][0] == "show"]
        self.show_terms = any(p.statements[i].startswith("#show ") for i in self.always)
        self.declared = frozenset(d[1:] for d in p.decls if d and d[0] == "defined")
        self.named = frozenset().union(*(p.mentions[i] for i in self.always))
        # what a caller reading only shown atoms needs: the shown predicates, what the statements
        # other than rules name, and what the rules that can remove answer sets read
        self.seeds = self.named | {p.decls[i][1:] for i in self.shows}
        eliminating = set(p.eliminating)
        self.eliminating = {k for k, r in enumerate(rules) if r[0] in eliminating}
        self.heads = [{_predicate(h) for h in r[1]} for r in rules]
        start = ([len(r[2]) for r in rules], bytearray(len(rules)), bytearray(n), set())
        self.start = self.extend(start, [h for k, r in enumerate(rules) if not r[2] for h in r[1]], fire=[
            k for k, r in enumerate(rules) if not r[2]])

    def _matches(self, d) -> tuple:
        got = self.matches.get(d)
        if got is None:
            if len(self.matches) > 200_000:
                self.matches.clear()
            got = self.matches[d] = tuple((k, n) for q, k, n in self.waiting.get(d[:2], ()) if unifies(q, d))
        return got

    def extend(self, state: tuple, shapes, fire=()) -> tuple:
        """The state with `shapes` (and the rules `fire`) added, to the fixpoint (a new state)."""
        missing, fired, matched, seen = list(state[0]), bytearray(state[1]), bytearray(state[2]), set(state[3])
        rules = self.rules
        for k in fire:
            fired[k] = 1
        queue = [f + (None,) * f[1] if len(f) == 2 else f for f in shapes]
        while queue:
            d = queue.pop()
            if d in seen:
                continue
            seen.add(d)
            for k, n in self._matches(d):
                if fired[k] or matched[n]:
                    continue
                matched[n] = 1
                missing[k] -= 1
                if missing[k] == 0:
                    fired[k] = 1
                    queue += rules[k][1]
        return missing, fired, matched, seen


@dataclass(frozen=True)
class Slice:
    statements: tuple            # the statements kept (text), declarations first
    text: str                    # the same, one program text
    reads: frozenset | None      # the predicates they name: a fact of another one changes nothing
                                 # (None: the program shows every atom, so every fact is kept)

    def add_to(self, ctl) -> None:
        """Add the statements to a Control, as clingo syntax trees: each statement is parsed once
        per process (adding its tree is about three times cheaper than parsing its text again)."""
        nodes = self.__dict__.get("_nodes")
        if nodes is None:
            nodes = [n for stm in self.statements for n in _nodes(stm)]
            object.__setattr__(self, "_nodes", nodes)
        with cast.ProgramBuilder(ctl) as builder:
            add = builder.add
            for n in nodes:
                add(n)


_trees: dict = {}


def _nodes(stm: str) -> tuple:
    """A statement's syntax trees (a `#program` directive is one; the part clingo opens each text
    with is dropped)."""
    got = _trees.get(stm)
    if got is None:
        if len(_trees) > 50_000:
            _trees.clear()
        out: list = []
        cast.parse_string(stm, out.append)
        if not stm.startswith("#program "):
            out = [n for n in out if n.ast_type != A.Program]
        got = _trees[stm] = tuple(n for n in out if n.ast_type != A.Comment)
    return got


_indexes: dict = {}
_states: dict = {}
_slices: dict = {}
_KEPT = 256                      # slices (and fixpoint states) remembered


def _remember(table: dict, key, make):
    got = table.get(key)
    if got is None:
        if len(table) >= _KEPT:
            del table[next(iter(table))]
        got = table[key] = make()
    return got


def _index(text: str, part: str | None) -> _Index:
    return _remember(_indexes, (text, part), lambda: _Index(parsed(text), part))


def sliced(text: str, base: frozenset, more: frozenset = frozenset(), part: str | None = None,
           shown_only: bool = False) -> Slice:
    """The slice of `text` for facts of the shapes `base` and `more` (`shape`; a pair (name,
    arity) stands for any atom of that predicate): the fixpoint of `base` is kept and
    extended by `more`, so that the solves of a ruling (one base: the cards and the tables;
    many states) share its work (with `part`: the statements of that `#program` part only,
    the part grounded alone over facts that include what the other parts would derive).  With
    `shown_only`, for a caller that reads only the shown atoms of the answer sets (projected on
    them, or their consequences), only the rules they can depend on (`_needed`)."""
    key = (text, part, base, more, shown_only)
    got = _slices.get(key)
    if got is None:
        idx = _index(text, part)
        state = _remember(_states, (text, part, base), lambda: idx.extend(idx.start, base))
        if more:
            state = idx.extend(state, more)
        got = _remember(_slices, key, lambda: _kept(parsed(text), idx, state, base | more, part, shown_only))
    return got


def _needed(p: Parsed, idx: _Index, kept: list) -> list:
    """Of the rules `kept`, those the shown atoms can depend on (`_Index.seeds`, and the rules that can
    remove answer sets, with all they read).  The predicates they name split the program: the
    rules left out read them but define none of them, and (being neither constraints, nor heads
    with bounds, nor disjunctions, nor in a cycle through negation) always have an answer set
    over any answer set of the others, so the answer sets projected on the shown atoms are the
    same."""
    rules, heads = idx.rules, idx.heads
    by_head: dict = {}
    for k in kept:
        for h in heads[k]:
            by_head.setdefault(h, []).append(k)
    need = set(idx.seeds)
    queue = list(need)
    used = bytearray(len(rules))

    def take(k: int) -> None:
        used[k] = 1
        for q in p.mentions[rules[k][0]]:
            if q not in need:
                need.add(q)
                queue.append(q)

    for k in kept:
        if k in idx.eliminating:
            take(k)
    while queue:
        for k in by_head.get(queue.pop(), ()):
            if not used[k]:
                take(k)
    return [k for k in kept if used[k]]


def _kept(p: Parsed, idx: _Index, state: tuple, facts: frozenset, part: str | None, shown_only: bool) -> Slice:
    fired = state[1]
    rules = idx.rules
    kept = [k for k in range(len(rules)) if fired[k]]
    if shown_only:
        kept = _needed(p, idx, kept)
    named = set(idx.named)
    for k in kept:
        named |= p.mentions[rules[k][0]]
    # what dropped rules define and the program's own declarations, for what the kept statements
    # name: declared, so that clingo does not warn of atoms without rules (it checks each body
    # atom against the heads that could match it, so a predicate that kept rules still define
    # needs the declaration too)
    definers = idx.definers
    out = [f"#defined {name}/{arity}." for name, arity in sorted(
        q for q in named if q in idx.declared or any(not fired[k] for k in definers.get(q, ())))]
    # a predicate shown is shown only when it can have atoms: a kept rule's head or a fact's
    facts_named = {_predicate(f) for f in facts}
    shows = [i for i in idx.shows if p.decls[i][1] == "" or p.decls[i][1:] in facts_named
             or any(fired[k] for k in definers.get(p.decls[i][1:], ()))]
    if not idx.shows and not idx.show_terms:   # no #show: every atom is shown, every fact counts
        reads = None
    else:
        reads = frozenset(named | {p.decls[i][1:] for i in shows})
        if not shows and not idx.show_terms:   # what is shown stays: nothing
            out.append("#show.")
    if part is not None:
        out = [f"#program {part}."] + out
    stms = tuple(out + [p.statements[i] for i in sorted(idx.always + shows + [rules[k][0] for k in kept])])
    return Slice(stms, "\n".join(stms), reads)


def program_slice(text: str, facts: frozenset, part: str | None = None) -> tuple:
    """The statements (text) of `text` that can apply given facts of the shapes `facts` (`sliced`)."""
    return sliced(text, frozenset(), facts, part).statements
