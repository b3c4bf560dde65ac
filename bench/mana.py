"""Mana benchmarks.  One command:

    python bench/mana.py [--seed 1] [--runs 3] [--quick]

prints JSON figures for

(a) payable or not, for boards of 50, 200 and 500 mana sources against a cost of half
    as many symbols (colored, {C}, {S}, generic): mtgkb's payment solve (the payment
    rules of rules.lp over the board as rules.lp derived it, `mtgkb_payment_s`) against
    a max-flow check of the same question with networkx (symbol kinds -> mana -> sink),
    graph building included, which is handed the board's mana already worked out.  Both
    must agree; the ratio is printed (the goal: within 3x at 500 sources).
    Also printed: deriving the board itself (`mtgkb_board_s`: the whole of rules.lp
    without a payment, shared by all the questions of a scenario) and the single-stage
    solve of everything at once (`mtgkb_total_s`, `ratio_total`);
(b) counting every way to pay, for boards of 8 to 16 sources, against a brute-force
    enumeration in plain Python (every assignment of cost symbols to mana, projected
    onto what each source pays); both counts must agree; the speed-up is printed;
(c) "could produce" (106.7) on 200 lands of which a third are Reflecting Pool-style
    lands whose reflections form cycles, as the main solve of `mtgkb show` runs it.

Each case runs in a child process so that its peak resident memory (ru_maxrss of the
child, MiB) is its own.  Median of --runs runs.  A benchmark that prints figures, not a
timed test; nothing is written.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

TYPES = "wubrgc"
COLORS = "wubrg"


# ----------------------------------------------------------------------------- boards

def board(n: int, seed: int):
    """n sources: (kind, type, snow); kinds: fixed one type (70%), any color (20%),
    two mana of one type (10%)."""
    rnd = random.Random(seed * 1000 + n)
    out = []
    for _ in range(n):
        x = rnd.random()
        kind = "fixed" if x < 0.7 else ("any_color" if x < 0.9 else "pair")
        out.append((kind, rnd.choice(TYPES), rnd.random() < 0.3))
    return out


def cost_for(n_symbols: int, seed: int):
    rnd = random.Random(seed * 7919 + n_symbols)
    return [rnd.choice(["W", "U", "B", "R", "G", "C", "S", "1", "1", "1"]) for _ in range(n_symbols)]


def units(src):
    kind, t, snow = src
    if kind == "fixed":
        return [({t}, snow)]
    if kind == "pair":
        return [({t}, snow), ({t}, snow)]
    return [(set(COLORS), snow)]


def fits(symbol, types, snow):
    if symbol == "1":
        return True
    if symbol == "S":
        return snow
    return symbol.lower() in types


# ----------------------------------------------------------------------------- mtgkb side

NAME = "Bench Rock {:04d}"


def encoded(srcs):
    from mana_support import ability, face, fn, mana

    from mtgkb.engine.outcomes import encode_block
    from mtgkb.parser.scenario import parse_scenario

    faces = {}
    lines = []
    for i, (kind, t, snow) in enumerate(srcs):
        name = NAME.format(i)
        eff = {"fixed": mana(t), "pair": mana(t, t), "any_color": fn("any_color", 1)}[kind]
        faces[name] = face(name, ability(eff, fn("tap")), supertypes=("Snow",) if snow else ())
        lines.append(f"    Alice controls {name}.\n")
    sf = parse_scenario('scenario "bench"\n  given:\n' + "".join(lines), known_names=lambda: list(faces))
    return encode_block(sf.blocks[0], faces.get)


def request(cost):
    from clingo import Function, String

    from mtgkb.symbols import sym
    from mtgkb.parser.oracle import mana_symbol_term

    C = Function("cost", [sym(mana_symbol_term(s)) for s in cost])
    return Function("req", [String("Alice"), C, Function("none", []), Function("all", []), Function("plain", [])])


# ----------------------------------------------------------------------------- reference algorithms

def maxflow_payable(srcs, cost) -> bool:
    import networkx as nx

    g = nx.DiGraph()
    need = Counter(s for s in cost)
    for k, n in need.items():
        g.add_edge("s", ("k", k), capacity=n)
    for i, src in enumerate(srcs):
        for j, (types, snow) in enumerate(units(src)):
            u = ("u", i, j)
            g.add_edge(u, "t", capacity=1)
            for k in need:
                if fits(k, types, snow):
                    g.add_edge(("k", k), u, capacity=1)
    if "t" not in g:
        return not cost
    value = nx.maximum_flow_value(g, "s", "t")
    return value == len(cost)


def brute_force_count(srcs, cost) -> int:
    us = [(i, types, snow) for i, src in enumerate(srcs) for types, snow in units(src)]
    ways = set()
    for perm in itertools.permutations(range(len(us)), len(cost)):
        if all(fits(sy, us[k][1], us[k][2]) for sy, k in zip(cost, perm)):
            ways.add(frozenset(Counter((us[k][0], sy) for sy, k in zip(cost, perm)).items()))
    return len(ways)


# ----------------------------------------------------------------------------- cases (run in a child)

def case_payable(n: int, seed: int, runs: int) -> dict:
    from mtgkb.mana import solve_request, stage_one

    srcs = board(n, seed)
    cost = cost_for(n // 2, seed)
    enc = encoded(srcs)
    R = request(cost)
    solve_request(enc.facts, R)  # warm-up: program text and reference facts are cached
    maxflow_payable(srcs, cost)  # warm-up: networkx imported
    t_kb, t_mf, t_s1, t_whole = [], [], [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        s1 = stage_one(enc.facts, [R], timeout=300)
        t_s1.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        res = solve_request(enc.facts, R, timeout=300, stage1=s1)
        t_kb.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        whole = solve_request(enc.facts, R, timeout=300, stage1=None)
        t_whole.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        mf = maxflow_payable(srcs, cost)
        t_mf.append(time.perf_counter() - t0)
    assert res.payable == mf == whole.payable, (res.payable, mf, whole.payable)
    kb, ref, s1t, wt = (statistics.median(x) for x in (t_kb, t_mf, t_s1, t_whole))
    return {"sources": n, "symbols": len(cost), "payable": mf,
            "mtgkb_payment_s": round(kb, 4), "maxflow_s": round(ref, 4), "ratio": round(kb / ref, 1),
            "mtgkb_board_s": round(s1t, 4), "mtgkb_total_s": round(wt, 4), "ratio_total": round(wt / ref, 1)}


def case_count(n: int, seed: int, runs: int) -> dict:
    from mtgkb.mana import solve_request

    srcs = board(n, seed)
    cost = ["S", "G", "1", "1", "1"]
    enc = encoded(srcs)
    R = request(cost)
    solve_request(enc.facts, R)
    t_kb, t_bf = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        res = solve_request(enc.facts, R, count=True, limit=10 ** 7, timeout=300)
        t_kb.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    bf = brute_force_count(srcs, cost)
    t_bf.append(time.perf_counter() - t0)
    assert res.count == bf and not res.truncated, (res.count, bf)
    kb, ref = statistics.median(t_kb), statistics.median(t_bf)
    return {"sources": n, "cost": "".join("{" + s + "}" for s in cost), "ways": bf, "mtgkb_s": round(kb, 4),
            "brute_force_s": round(ref, 4), "speedup": round(ref / kb, 1)}


def case_could_produce(n: int, seed: int, runs: int) -> dict:
    from mana_support import CARDS

    from mtgkb.engine.outcomes import encode_block
    from mtgkb.reference import reference_facts
    from mtgkb.parser.scenario import parse_scenario
    from mtgkb.solver import Solver
    from mtgkb.verdicts import claim_verdict

    rnd = random.Random(seed)
    basics = ["Forest", "Island", "Plains", "Swamp", "Mountain"]
    lines = []
    for i in range(n):
        if i % 3 == 0:
            lines.append("    Alice controls Reflecting Pool.\n")
        else:
            lines.append(f"    Alice controls {rnd.choice(basics)}.\n")
    pools = n // 3 + (1 if n % 3 else 0)
    expect = [f"    Reflecting Pool{'' if k == 1 else f' #{k}'} could produce only {{W}}, {{U}}, {{B}}, {{R}} and {{G}}.\n"
              for k in range(1, pools + 1)]
    text = 'scenario "pools"\n  given:\n' + "".join(lines) + "  expect:\n" + "".join(expect)
    sf = parse_scenario(text, known_names=lambda: list(CARDS))
    enc = encode_block(sf.blocks[0], CARDS.get)
    ref = reference_facts()
    solver = Solver(timeout=300)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        res = solver.solve(ref + enc.facts)
        times.append(time.perf_counter() - t0)
    verdicts = Counter(claim_verdict(c, Id, res, enc.handles).verdict for c, Id in enc.claims)
    assert verdicts == Counter({"holds": pools}), verdicts
    return {"lands": n, "reflecting_pools": pools, "claims_hold": verdicts["holds"],
            "mtgkb_s": round(statistics.median(times), 4)}


CASES = {"payable": case_payable, "count": case_count, "could_produce": case_could_produce}


def child(name: str, n: int, seed: int, runs: int) -> None:
    doc = CASES[name](n, seed, runs)
    doc["peak_rss_mib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(json.dumps(doc))


def run_child(name: str, n: int, seed: int, runs: int) -> dict:
    p = subprocess.run([sys.executable, __file__, "--child", name, str(n), "--seed", str(seed), "--runs", str(runs)],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return {"case": name, "n": n, "error": p.stderr.strip().splitlines()[-1:]}
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="smaller boards (a smoke run)")
    ap.add_argument("--child", nargs=2, metavar=("CASE", "N"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), args.seed, args.runs)
        return
    sizes_a = (50, 200) if args.quick else (50, 200, 500)
    sizes_b = (8, 10) if args.quick else (8, 10, 12, 14, 16)
    out = {"schema": "mtgkb.bench.mana/1", "seed": args.seed, "runs": args.runs,
           "payable_vs_maxflow": [run_child("payable", n, args.seed, args.runs) for n in sizes_a],
           "count_vs_brute_force": [run_child("count", n, args.seed, args.runs) for n in sizes_b],
           "could_produce_cycles": [run_child("could_produce", 200 if not args.quick else 60, args.seed, args.runs)]}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
