"""Payments at the algorithmic limit: whether a cost can be paid (a max-flow) and how many
ways there are (a dynamic program), over the options rules.lp derived.

rules.lp's part `pay`, grounded over the board (in the same Control after part `base`, or
alone over mana_pay.stage_one's facts) and one request, says WHAT can pay what: `need(R, K, N)` (N symbols of kind K), `unit(R, U, S, _)` (a mana U
that source S can give), `ok(R, U, K)` (U may pay K) and `unit_allowed(R, U)`.  When all
of these are facts of the grounding (nothing about them is left to a choice) and the
board is a plain matching, this module answers WHETHER all symbols can be paid at once
and counts the ways -- with no rules knowledge of its own: it reads only those atoms and
the one-activation-per-permanent structure of the units.

"A plain matching" (`extract` returns None otherwise, and the caller solves with clingo):
- the request is for a plain cost (no spell cast, no ability activated: those add
  constraints of timing, zones and restrictions), with no {X};
- every need is a fact: no {2/C} or Phyrexian symbol (their split between mana and
  generic mana or life is a choice in rules.lp), no mana ability with a mana cost of its
  own (`for(...)` needs: the cost's mana must come first, 601.2g);
- no triggered mana (units t(...)), no permanent that may be tapped without spending
  its mana (`idle_ok`), no {Q} in the cost or a mana ability;
- every ability whose mana is listed costs {T} and nothing else that rules.lp models
  (no sacrifice, no mana symbols), and its permanent is untapped: then a permanent gives
  the mana of exactly one of its abilities and options (605.3c, 106.1) or none;
- every `unit` and `unit_allowed` atom of the request is a fact (for `ok`, see extract),
  and so is what says which symbols a unit may pay: the types a source gives, which
  sources are snow, the pool (`_inputs_are_facts`; a board with several outcomes may
  leave them to a choice).

The atoms are read from their printed text (`_split`): one call into clingo for each,
where reading a symbol's parts is one call for each part.

A way (docs/mana.md, the projection of the clingo solve on `paid/4`) is, for every
source, how many symbols of each kind it pays.  So a source's contribution is a vector
of counts over the need kinds; `_source_vectors` lists the distinct vectors a source can
give (the options of one activation, each a set of units matched to symbols), and the
number of ways is the number of tuples of such vectors (one per source) that sum to the
needs: a dynamic program over the vectors still to be paid, with identical sources
grouped.  It gives up (None) rather than guess when the table would be too large.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

import clingo
from clingo import Symbol

MAX_STATES = 200_000          # largest table the counter builds (vectors still to be paid)
MAX_WORK = 2_000_000          # table entries times vectors per source, summed over sources (a few seconds at most)
MAX_UNITS_PER_SOURCE = 12     # a source with more mana than this is left to clingo


@dataclass
class Options:
    """What rules.lp derived for one request, as a plain matching problem."""
    kinds: tuple             # the need kinds, in a fixed order
    need: tuple              # how many symbols of each kind
    sources: dict            # source -> list of activations, each a list of unit ok-masks (bit i: kinds[i])

    def payable(self) -> bool:
        """Whether every symbol can be paid at once: a max-flow from the kinds (capacity:
        how many symbols) through the units (one symbol each) to the sink."""
        total = sum(self.need)
        if total == 0:
            return True
        groups: Counter = Counter()
        for acts in self.sources.values():
            if len(acts) == 1:
                for m in acts[0]:          # one activation: its units are independent
                    if m:
                        groups[m] += 1
            else:                          # several: each is one unit (checked by extract)
                m = 0
                for a in acts:
                    m |= a[0]
                if m:
                    groups[m] += 1
        return _max_flow(self.need, groups) == total

    def count(self) -> int | None:
        """The number of ways, or None when the table would be too large."""
        k = len(self.kinds)
        need = self.need
        radix = []
        size = 1
        for n in need:
            radix.append(size)
            size *= n + 1
            if size > MAX_STATES:
                return None
        classes: Counter = Counter()
        for acts in self.sources.values():
            vecs = _source_vectors(acts, need)
            if vecs is None:
                return None
            vecs.discard((0,) * k)
            if vecs:
                classes[frozenset(vecs)] += 1
        work = sum(size * (len(v) + 1) * m for v, m in classes.items())
        if work > MAX_WORK:
            return None
        # table: index of the vector already paid -> number of ways
        table = {0: 1}
        for vecs, m in classes.items():
            steps = [(sum(d * r for d, r in zip(v, radix)), v) for v in vecs]
            for _ in range(m):
                nxt: dict = defaultdict(int)
                for idx, ways in table.items():
                    nxt[idx] += ways                          # this source pays nothing
                    paid = _decode(idx, radix, need)
                    for step, v in steps:
                        if all(p + d <= n for p, d, n in zip(paid, v, need)):
                            nxt[idx + step] += ways
                table = nxt
        full = sum(n * r for n, r in zip(need, radix))
        return table.get(full, 0)


def _decode(idx: int, radix: list, need: tuple) -> tuple:
    return tuple((idx // r) % (n + 1) for r, n in zip(radix, need))


def _source_vectors(acts: list, need: tuple) -> set | None:
    """The distinct vectors of symbols (per kind) one source can pay: for each activation,
    every way to give some of its units one symbol each of a kind they may pay."""
    k = len(need)
    out: set = set()
    for units in acts:
        if len(units) > MAX_UNITS_PER_SOURCE:
            return None
        reach = {(0,) * k}
        for mask in units:
            grown = set(reach)
            for v in reach:
                for i in range(k):
                    if mask >> i & 1 and v[i] < need[i]:
                        grown.add(v[:i] + (v[i] + 1,) + v[i + 1:])
            reach = grown
        out |= reach
    return out


def _max_flow(need: tuple, groups: Counter) -> int:
    """Max-flow source -> kind i (capacity need[i]) -> unit group (any) -> sink (capacity:
    the group's size), by shortest augmenting paths on this small graph."""
    k = len(need)
    masks = list(groups)
    # residual capacities
    src_kind = list(need)
    kind_group: dict = defaultdict(int)      # flow kind i -> group j (backward capacity)
    group_sink = [groups[m] for m in masks]
    flow = 0
    while True:
        # BFS over kinds and groups: nodes ('k', i) and ('g', j)
        prev: dict = {}
        queue = []
        for i in range(k):
            if src_kind[i] > 0:
                prev[("k", i)] = None
                queue.append(("k", i))
        end = None
        while queue and end is None:
            nxt = []
            for node in queue:
                if node[0] == "k":
                    i = node[1]
                    for j, m in enumerate(masks):
                        if m >> i & 1 and ("g", j) not in prev:
                            prev[("g", j)] = node
                            if group_sink[j] > 0:
                                end = ("g", j)
                                break
                            nxt.append(("g", j))
                else:
                    j = node[1]
                    for i in range(k):
                        if kind_group[(i, j)] > 0 and ("k", i) not in prev:
                            prev[("k", i)] = node
                            nxt.append(("k", i))
                if end is not None:
                    break
            queue = nxt
        if end is None:
            return flow
        path = []
        node = end
        while node is not None:
            path.append(node)
            node = prev[node]
        path.reverse()
        # bottleneck
        b = src_kind[path[0][1]]
        b = min(b, group_sink[end[1]])
        for a, c in zip(path, path[1:]):
            if a[0] == "g":  # backward edge group -> kind
                b = min(b, kind_group[(c[1], a[1])])
        for a, c in zip(path, path[1:]):
            if a[0] == "k":
                kind_group[(a[1], c[1])] += b
            else:
                kind_group[(c[1], a[1])] -= b
        src_kind[path[0][1]] -= b
        group_sink[end[1]] -= b
        flow += b


def _split(text: str) -> tuple[str, list[str]]:
    """'f(a,g(b,c),"x,y")' -> ('f', ['a', 'g(b,c)', '"x,y"']): the name and the arguments of
    a symbol as clingo prints it (reading a symbol's text is one call into clingo, reading
    its parts is one call for each)."""
    i = text.find("(")
    if i < 0 or text[0] == '"':
        return text, []
    args: list[str] = []
    depth, start, quoted, escaped = 0, i + 1, False, False
    for j in range(i + 1, len(text) - 1):
        c = text[j]
        if quoted:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "," and depth == 0:
            args.append(text[start:j])
            start = j + 1
    args.append(text[start:len(text) - 1])
    return text[:i], args


def _atoms(ctl: clingo.Control, name: str, arity: int, key: str):
    """(arguments after the request, is_fact) of the grounding's atoms name/arity of the
    request whose key prints as `key`, each argument as clingo prints it."""
    for a in ctl.symbolic_atoms.by_signature(name, arity):
        _, args = _split(str(a.symbol))
        if args[0] == key:
            yield args[1:], a.is_fact


# the atoms of a request that make it more than a plain matching: an {X}, a spell cast or an
# ability activated (timing, zones, restrictions, the cost's own {T} and {Q}), a permanent
# tapped without spending its mana, a mana ability with a mana cost, {2/C} and {C/P}
_NOT_PLAIN = (("pay_x", 2), ("pay_cast", 2), ("pay_cast_claim", 2), ("pay_spell", 2), ("pay_ability", 4),
              ("pay_act_ref", 4), ("pay_act", 3), ("pay_tap", 2), ("pay_untap", 2), ("pay_from_pool", 1),
              ("pay_no_mana_cost", 1), ("idle_ok", 2), ("has_for", 1), ("tb_n", 3), ("ph_n", 3))


def extract(ctl: clingo.Control, R: Symbol) -> Options | None:
    """The options of request R (as the facts name it) from a grounded Control (part `pay`
    over the board), or None when they are not a plain matching (see the module docstring)."""
    key = str(R)
    for name, arity in _NOT_PLAIN:
        if any(True for _ in _atoms(ctl, name, arity, key)):
            return None
    if any(_split(args[1])[0] == "x" for args, _ in _atoms(ctl, "pay_sym", 3, key)):
        return None
    need: dict = {}
    for (K, N), fact in _atoms(ctl, "need", 3, key):
        if not fact or _split(K)[0] in ("for", "twobrid", "tb_generic", "phyrexian") or K in need:
            return None
        need[K] = int(N)
    kinds = tuple(sorted(need))
    bit = {K: 1 << i for i, K in enumerate(kinds)}
    allowed = set()
    for (U,), fact in _atoms(ctl, "unit_allowed", 2, key):
        if not fact:
            return None
        allowed.add(U)
    units = []
    for (U, S, Spec), fact in _atoms(ctl, "unit", 4, key):
        if not fact:
            return None
        units.append((U, S, Spec))
    if not _inputs_are_facts(ctl, units):
        return None
    mask: dict = defaultdict(int)
    # ok/3 is in the recursive component of the payment (pay -> act -> utype of triggered
    # mana -> okb -> ok), so the grounder does not mark its atoms as facts.  With no
    # triggered units and no `for` needs (both refused here), the only rules that give
    # utype/real/snow_unit/needb are over facts (unit, spec_type, pool, snow_source, need:
    # checked above and in _inputs_are_facts), so every grounded ok atom holds in every
    # answer set.
    for (U, K), _fact in _atoms(ctl, "ok", 3, key):
        if K not in bit:
            return None
        mask[U] |= bit[K]
    by_source: dict = defaultdict(lambda: defaultdict(list))   # source -> activation -> unit masks
    tap_only = _tap_only_abilities(ctl)
    tapped = {str(a.symbol.arguments[0]) for a in ctl.symbolic_atoms.by_signature("tapped", 1)}
    for U, S, _spec in units:
        kind, parts = _split(U)
        if kind == "u":
            O, A, Opt = parts[0], parts[1], parts[2]
            if A not in tap_only or O in tapped:
                return None
            act = (A, Opt)
        elif kind == "p":
            act = ("pool",)
        else:
            return None
        by_source[S][act].append(mask[U] if U in allowed else 0)
    sources = {}
    for S, acts in by_source.items():
        lists = list(acts.values())
        if len(lists) > 1 and any(len(us) != 1 for us in lists):
            return None   # several options of several mana each: not a plain matching
        sources[S] = lists
    return Options(kinds, tuple(need[K] for K in kinds), sources)


def _inputs_are_facts(ctl: clingo.Control, units: list) -> bool:
    """Whether what says which symbols a unit may pay is settled by the board: the types a
    source gives (spec_type), which sources are snow and the pool (a board solved in the
    same Control, where an atom of the board may be left to a choice)."""
    sources = {S for _, S, _ in units}
    for name, arity in (("spec_type", 3), ("snow_source", 1), ("pool", 5), ("spend_as_any", 1)):
        for a in ctl.symbolic_atoms.by_signature(name, arity):
            if not a.is_fact and (arity == 5 or name == "spend_as_any" or str(a.symbol.arguments[0]) in sources):
                return False
    return True


def _tap_only_abilities(ctl: clingo.Control) -> set:
    """Mana abilities whose modelled cost is {T} alone (cost_part atoms), as clingo prints them."""
    parts: dict = defaultdict(set)
    for a in ctl.symbolic_atoms.by_signature("cost_part", 3):
        A, _, C = _split(str(a.symbol))[1]
        parts[A].add(_split(C)[0])
    return {A for A, ps in parts.items() if ps == {"tap"}}
