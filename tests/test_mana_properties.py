"""Property tests of payments on random boards.

An independent checker in plain Python (no clingo, no rules.lp) decides whether a way
listed by mtgkb is legal, and counts the ways by brute force; the answer must not
change when the board is permuted."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from conftest import examples
from mana_support import ability, face, fn, mana, pay

TYPES = "wubrgc"
COLORS = "wubrg"
NAMES = ["Alpha Rock", "Beta Rock", "Gamma Rock", "Delta Rock", "Epsilon Rock", "Zeta Rock"]

# a source: (kind, data, snow, state); state: ready, tapped (107.5) or a creature that came
# under Alice's control this turn (302.6) -- neither can be tapped for mana
source_st = st.tuples(
    st.sampled_from(["fixed", "pair", "any_color", "one_of"]),
    st.tuples(st.sampled_from(TYPES), st.sampled_from(TYPES)),
    st.booleans(),
    st.sampled_from(["ready", "ready", "ready", "tapped", "sick"]),
)
cost_st = st.lists(st.sampled_from(["W", "U", "G", "C", "S", "1", "2", "G/U", "W/B"]), min_size=1, max_size=3)
pool_st = st.one_of(st.none(), st.tuples(st.lists(st.sampled_from(TYPES), min_size=1, max_size=2), st.booleans()))
board_st = st.tuples(st.lists(source_st, min_size=1, max_size=4), cost_st, pool_st, st.booleans())


def options(src):
    """The checker's model of a source: its options, each a list of unit type sets."""
    kind, (a, b), _, state = src
    if state != "ready":
        return []
    if kind == "fixed":
        return [[{a}]]
    if kind == "pair":
        return [[{a}, {b}]]
    if kind == "any_color":
        return [[set(COLORS)]]
    return [[{a}], [{b}]]


def ability_of(src):
    kind, (a, b), _, _ = src
    if kind == "fixed":
        return ability(mana(a), fn("tap"))
    if kind == "pair":
        return ability(mana(a, b), fn("tap"))
    if kind == "any_color":
        return ability(fn("any_color", 1), fn("tap"))
    return ability(fn("one_of", mana(a), mana(b)), fn("tap"))


def faces_for(sources):
    return {NAMES[i]: face(NAMES[i], ability_of(s), supertypes=("Snow",) if s[2] else (),
                           types=("Artifact", "Creature") if s[3] == "sick" else ("Artifact",),
                           pt=("1", "1") if s[3] == "sick" else None)
            for i, s in enumerate(sources)}


def instances(cost):
    out = []
    for s in cost:
        out += ["1"] * int(s) if s.isdigit() else [s]
    return out


def fits(symbol, types, snow, as_any):
    if symbol == "1":
        return True
    if symbol == "S":
        return snow
    if as_any:
        return True
    if "/" in symbol:
        return any(h.lower() in types for h in symbol.split("/"))
    return symbol.lower() in types


def units_of(sources, pool):
    """Every source's options as (source name, [ (types, snow) ... ]) lists."""
    out = []
    for i, s in enumerate(sources):
        if options(s):
            out.append((NAMES[i], [[(t, s[2]) for t in opt] for opt in options(s)]))
    if pool:
        types, snow = pool
        out.append(("mana pool", [[({t}, snow) for t in types]]))
    return out


def legal(way: dict[str, Counter], cost, sources, pool, as_any) -> bool:
    """The independent checker: the way pays exactly the cost, and each source can pay
    its part with one of its options, one mana per symbol."""
    total = Counter()
    for c in way.values():
        total += c
    if total != Counter(instances(cost)):
        return False
    srcs = dict(units_of(sources, pool))
    for name, c in way.items():
        if name not in srcs:
            return False
        syms = list(c.elements())
        ok = False
        for opt in srcs[name]:
            if len(syms) > len(opt):
                continue
            for perm in itertools.permutations(range(len(opt)), len(syms)):
                if all(fits(sy, opt[k][0], opt[k][1], as_any) for sy, k in zip(syms, perm)):
                    ok = True
                    break
            if ok:
                break
        if not ok:
            return False
    return True


def brute_force(cost, sources, pool, as_any) -> set:
    """All ways by brute force: every option choice, every injective assignment of cost
    symbols to mana; a way is what each source pays (a multiset)."""
    srcs = units_of(sources, pool)
    inst = instances(cost)
    ways = set()
    for choice in itertools.product(*[range(len(opts)) for _, opts in srcs]):
        units = [(name, u) for (name, opts), ci in zip(srcs, choice) for u in opts[ci]]
        for perm in itertools.permutations(range(len(units)), len(inst)):
            if all(fits(sy, units[k][1][0], units[k][1][1], as_any) for sy, k in zip(inst, perm)):
                way = Counter()
                for sy, k in zip(inst, perm):
                    way[(units[k][0], sy)] += 1
                ways.add(frozenset(way.items()))
    return ways


def scenario(order, sources, pool, as_any) -> str:
    tail = {"ready": "", "tapped": ", tapped", "sick": ", which came under her control this turn"}
    lines = [f"    Alice controls {NAMES[i]}{tail[sources[i][3]]}.\n" for i in order]
    if pool:
        types, snow = pool
        lines.append(f"    Alice has {''.join('{' + t.upper() + '}' for t in types)} in her mana pool"
                     f"{' from a snow source' if snow else ''}.\n")
    if as_any:
        lines.append("    Alice may spend mana as though it were mana of any type.\n")
    return 'scenario "random board"\n  given:\n' + "".join(lines)


def as_ways(result) -> set:
    out = set()
    for w in result.ways:
        c = Counter()
        for p in w["pays"]:
            c[(p["source"], p["symbol"].strip("{}"))] += 1
        out.add(frozenset(c.items()))
    return out


def _run(board, order=None):
    sources, cost, pool, as_any = board
    order = list(range(len(sources))) if order is None else order
    return pay(scenario(order, sources, pool, as_any), cost, extra=faces_for(sources), limit=10_000)


# each example is one or two payment solves (about 0.3 s each): 50 of them (500 under
# MTGKB_HYPOTHESIS=deep)
SETTINGS = settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(board_st)
def test_every_listed_way_is_legal(board):
    sources, cost, pool, as_any = board
    r = _run(board)
    assert not r.truncated
    for w in as_ways(r):
        way: dict[str, Counter] = {}
        for (src, sy), n in w:
            way.setdefault(src, Counter())[sy] += n
        assert legal(way, cost, sources, pool, as_any), (w, board)


@SETTINGS
@given(board_st)
def test_count_equals_brute_force(board):
    sources, cost, pool, as_any = board
    r = _run(board)
    expected = brute_force(cost, sources, pool, as_any)
    event("unpayable" if not expected else ("1 way" if len(expected) == 1 else
                                            "2-9 ways" if len(expected) < 10 else "10+ ways"))
    assert r.count == len(expected), (board, as_ways(r) ^ expected)
    assert as_ways(r) == expected
    assert r.payable == bool(expected)


@SETTINGS
@given(board_st, st.randoms(use_true_random=False))
def test_permuting_the_board_changes_nothing(board, rnd):
    order = list(range(len(board[0])))
    rnd.shuffle(order)
    a, b = _run(board), _run(board, order)
    assert (a.payable, a.count, as_ways(a)) == (b.payable, b.count, as_ways(b))
    assert a.ways == b.ways  # byte-for-byte the same listing


def test_checker_rejects_illegal_ways():
    sources = [("fixed", ("g", "g"), False, "ready"), ("fixed", ("u", "u"), True, "ready"),
               ("fixed", ("u", "u"), True, "tapped")]
    assert not legal({"Gamma Rock": Counter({"S": 1})}, ["S"], sources, None, False)   # tapped
    assert legal({"Beta Rock": Counter({"S": 1})}, ["S"], sources, None, False)
    assert not legal({"Alpha Rock": Counter({"S": 1})}, ["S"], sources, None, False)
    assert not legal({"Alpha Rock": Counter({"S": 1})}, ["S"], sources, None, True)   # 107.4h
    assert legal({"Alpha Rock": Counter({"U": 1})}, ["U"], sources, None, True)
    assert not legal({"Beta Rock": Counter({"1": 2})}, ["2"], sources, None, False)   # one mana only
