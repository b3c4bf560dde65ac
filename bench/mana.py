"""Mana benchmarks.  One command:

    python bench/mana.py [--seed 1] [--runs 3] [--quick]

prints JSON figures for

(a) payable or not, for boards of 50, 200 and 500 mana sources against a cost of half
    as many symbols (colored, {C}, {S}, generic): mtgkb's payment question as `mtgkb pay`
    asks it (`mtgkb_s`: the board's rules and the payment rules of rules.lp grounded over
    the board's facts, the options read, the max-flow), against a max-flow check of the
    same question with networkx (symbol kinds -> mana -> sink), graph building included,
    which is handed the board's mana already worked out.  Both must agree; `ratio` is
    end to end for that question (the board solve included; the goal: within 3x at 500
    sources).  Also printed: the facts of the board's state built from its sentences
    (`mtgkb_state_s`: the stepper, state-based actions, mana facts), which the networkx
    side does not do at all, and the same question grounded whole in one step, without
    the exact path (`mtgkb_clingo_s`: clingo's search for a payment);
(b) counting every way to pay {S}{G}{1}{1}{1}, for boards of 8 to 500 sources, against an
    exact counter in plain Python (a dynamic program over what each source can pay,
    handed the board's mana already worked out: `counter_s`); both counts must agree.
    At 8 to 12 sources a brute-force enumeration (every assignment of symbols to mana,
    projected onto what each source pays) checks both;
(c) "could produce" (106.7) on 200 lands of which a third are Reflecting Pool-style
    lands whose reflections form cycles, as the main solve of `mtgkb show` runs it.

(d) end to end, whole processes on the same scenario file of real cards (500 sources
    by default; the board is derived by each: mtgkb by rules.lp, the reference scripts
    by a table of what each card gives), run in turn (A B A B ...):
    - deciding: `mtgkb pay COST FILE --count --limit 1` (half as many symbols as
      sources) against a networkx max-flow script (`ratio_decide`, goal <= 3);
    - counting: `mtgkb pay {S}{G} FILE --count --limit 1000000` against an exact
      dynamic-programming counter script (`ratio_count`, goal <= 5), with the peak
      resident memory of each process (goal: mtgkb < 200 MiB).
    Medians of --runs runs of CPU seconds (user + system of the whole process, from its
    rusage: the headline, as the machine is shared) and of wall seconds; the answers
    must agree.

Each case runs in a child process so that its peak resident memory (ru_maxrss of the
child, MiB) is its own.  Median of --runs runs.  A benchmark that prints figures, not a
timed test; nothing is written.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
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


def exact_count(srcs, cost) -> int:
    """The exact counter (COUNTER) on a board of this module: each source as its mana."""
    return count_ways([[("".join(sorted(t)), snow) for t, snow in units(src)] for src in srcs], cost,
                      lambda sym, types, snow: fits(sym, set(types), snow))  # noqa: F821 - defined by exec


# ----------------------------------------------------------------------------- cases (run in a child)

def _cpu(f):
    """(result, CPU seconds of this process) of f()."""
    t0 = time.process_time()
    out = f()
    return out, time.process_time() - t0


def case_payable(n: int, seed: int, runs: int) -> dict:
    from unittest import mock

    from mtgkb import pay_exact
    from mtgkb.mana import solve_request

    srcs = board(n, seed)
    cost = cost_for(n // 2, seed)
    R = request(cost)
    encoded(srcs)                # warm-up: grammars, program analysis, reference facts
    solve_request(encoded(srcs).facts, R)
    maxflow_payable(srcs, cost)  # warm-up: networkx imported
    t_kb, t_mf, t_state, t_clingo = [], [], [], []
    for _ in range(runs):
        enc, t = _cpu(lambda: encoded(srcs))
        t_state.append(t)
        res, t = _cpu(lambda: solve_request(enc.facts, R, timeout=300))
        t_kb.append(t)
        with mock.patch.object(pay_exact, "extract", lambda ctl, R: None):
            alone, t = _cpu(lambda: solve_request(enc.facts, R, timeout=300))
        t_clingo.append(t)
        mf, t = _cpu(lambda: maxflow_payable(srcs, cost))
        t_mf.append(t)
    assert res.payable == mf == alone.payable, (res.payable, mf, alone.payable)
    kb, ref, st, cl = (statistics.median(x) for x in (t_kb, t_mf, t_state, t_clingo))
    return {"sources": n, "symbols": len(cost), "payable": mf, "mtgkb_s": round(kb, 4), "maxflow_s": round(ref, 4),
            "ratio": round(kb / ref, 1), "mtgkb_state_s": round(st, 4), "mtgkb_clingo_s": round(cl, 4),
            "ratio_clingo": round(cl / ref, 1)}


def case_count(n: int, seed: int, runs: int) -> dict:
    from mtgkb.mana import solve_request

    srcs = board(n, seed)
    cost = ["S", "G", "1", "1", "1"]
    enc = encoded(srcs)
    R = request(cost)
    solve_request(enc.facts, R)
    t_kb, t_dp = [], []
    for _ in range(runs):
        res, t = _cpu(lambda: solve_request(enc.facts, R, count=True, limit=10 ** 18, timeout=300))
        t_kb.append(t)
        dp, t = _cpu(lambda: exact_count(srcs, cost))
        t_dp.append(t)
    assert res.count == dp and not res.truncated, (res.count, dp)
    if n <= 12:
        assert brute_force_count(srcs, cost) == dp
    kb, ref = statistics.median(t_kb), statistics.median(t_dp)
    return {"sources": n, "cost": "".join("{" + s + "}" for s in cost), "ways": dp, "mtgkb_s": round(kb, 4),
            "counter_s": round(ref, 4), "ratio": round(kb / ref, 1), "brute_force_checked": n <= 12}


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
    from mtgkb.solve_memo import CLAIMS

    times = []
    for _ in range(runs):
        CLAIMS.clear()   # each run solves (the process keeps the answers of identical solves)
        res, t = _cpu(lambda: solver.solve(ref + enc.facts))
        times.append(t)
    verdicts = Counter(claim_verdict(c, Id, res, enc.handles).verdict for c, Id in enc.claims)
    assert verdicts == Counter({"holds": pools}), verdicts
    return {"lands": n, "reflecting_pools": pools, "claims_hold": verdicts["holds"],
            "mtgkb_s": round(statistics.median(times), 4)}


# ----------------------------------------------------------------------------- end to end (d)

BASIC = {"w": "Plains", "u": "Island", "b": "Swamp", "r": "Mountain", "g": "Forest", "c": "Wastes"}


def card_board(n: int, seed: int) -> list[str]:
    """board() as real cards: basics (snow ones where the type has one), Birds of Paradise
    for any color, Sol Ring for two mana."""
    out = []
    for kind, t, snow in board(n, seed):
        if kind == "fixed":
            out.append(("Snow-Covered " if snow and t != "c" else "") + BASIC[t])
        else:
            out.append("Birds of Paradise" if kind == "any_color" else "Sol Ring")
    return out


def board_file(names: list[str], path: Path) -> None:
    counts = Counter(names)
    plural = lambda s: s if s.endswith("s") or s == "Birds of Paradise" else s + "s"  # noqa: E731
    lines = [f"    Alice controls {name}.\n" if k == 1 else f"    Alice controls {k} {plural(name)}.\n"
             for name, k in sorted(counts.items())]
    path.write_text('scenario "bench"\n  given:\n' + "".join(lines))


# what each card gives, for the reference scripts: one entry per mana (types, snow)
REFERENCE_PRELUDE = r"""
import re, sys
from collections import Counter
GIVES = {"Birds of Paradise": [("wubrg", False)], "Sol Ring": [("c", False), ("c", False)], "Wastes": [("c", False)]}
for t, n in zip("wubrg", ["Plains", "Island", "Swamp", "Mountain", "Forest"]):
    GIVES[n] = [(t, False)]
    GIVES["Snow-Covered " + n] = [(t, True)]
PLURAL = {k + "s": k for k in GIVES if not k.endswith("s")}
srcs = []
for line in open(sys.argv[1]):
    m = re.match(r"\s*Alice controls (?:(\d+) )?(.+)\.$", line)
    if m:
        k, name = int(m.group(1) or 1), m.group(2)
        srcs += [GIVES[PLURAL.get(name, name)]] * k
cost = re.findall(r"\{([^}]+)\}", sys.argv[2])
def fits(sym, types, snow):
    return sym.isdigit() or (snow if sym == "S" else sym.lower() in types)
"""

MAXFLOW_SCRIPT = REFERENCE_PRELUDE + r"""
import networkx as nx
g = nx.DiGraph()
need = Counter(cost)
for k, n in need.items():
    g.add_edge("s", ("k", k), capacity=n)
for i, units in enumerate(srcs):
    for j, (types, snow) in enumerate(units):
        g.add_edge(("u", i, j), "t", capacity=1)
        for k in need:
            if fits(k, types, snow):
                g.add_edge(("k", k), ("u", i, j), capacity=1)
ok = "t" in g and nx.maximum_flow_value(g, "s", "t") == len(cost)
print("payable" if ok else "not payable")
"""

# the exact counter (also run in process by case_count): a way is what each source pays (a
# multiset of symbols); it counts the tuples of per-source multisets summing to the cost,
# sources with the same mana grouped
COUNTER = r"""
def count_ways(srcs, cost, fits):
    syms = sorted(set(cost))
    need = tuple(cost.count(s) for s in syms)
    def vectors(units):
        reach = {(0,) * len(syms)}
        for types, snow in units:
            reach |= {v[:i] + (v[i] + 1,) + v[i + 1:] for v in reach for i, s in enumerate(syms)
                      if fits(s, types, snow) and v[i] < need[i]}
        return reach
    table = {(0,) * len(syms): 1}
    for units, m in Counter(map(tuple, srcs)).items():
        vs = vectors(units)
        for _ in range(m):
            nxt = Counter()
            for w, c in table.items():
                for v in vs:
                    x = tuple(a + b for a, b in zip(w, v))
                    if all(a <= n for a, n in zip(x, need)):
                        nxt[x] += c
            table = nxt
    return table.get(need, 0)
"""
COUNTER_SCRIPT = REFERENCE_PRELUDE + COUNTER + "print(count_ways(srcs, cost, fits))\n"
exec(COUNTER)  # count_ways, for case_count


# the children as installed: with their modules' bytecode (a run that compiles every module
# each time measures the compiler, not mtgkb)
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(cmd: list[str]) -> tuple[float, float, float, str]:
    """(CPU seconds, wall seconds, peak RSS MiB, stdout) of one whole process."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=_ENV)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return ru.ru_utime + ru.ru_stime, time.perf_counter() - t0, ru.ru_maxrss / 1024, out


def end_to_end(n: int, seed: int, runs: int) -> dict:
    import tempfile
    mtgkb = [sys.executable, "-P", "-m", "mtgkb.cli", "pay"]  # -P: the package this interpreter installs
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "board.mtg"
        board_file(card_board(n, seed), path)
        decide_cost = "".join("{" + s + "}" for s in cost_for(n // 2, seed))
        mf_script = [sys.executable, "-c", MAXFLOW_SCRIPT, str(path), decide_cost]
        dp_script = [sys.executable, "-c", COUNTER_SCRIPT, str(path), "{S}{G}"]
        rows = {"kb_decide": [], "maxflow": [], "kb_count": [], "counter": []}
        outs = {}
        for _ in range(runs):
            for key, cmd in (("kb_decide", mtgkb + [decide_cost, str(path), "--count", "--limit", "1", "--timeout", "600"]),
                             ("maxflow", mf_script),
                             ("kb_count", mtgkb + ["{S}{G}", str(path), "--count", "--limit", "1000000", "--timeout", "600"]),
                             ("counter", dp_script)):
                cpu, wall, rss, out = timed(cmd)
                rows[key].append((cpu, wall, rss))
                outs[key] = out.strip()
    cpu = {k: statistics.median(r[0] for r in v) for k, v in rows.items()}
    wall = {k: statistics.median(r[1] for r in v) for k, v in rows.items()}
    rss = {k: max(r[2] for r in v) for k, v in rows.items()}
    kb_payable = outs["kb_decide"].split(":")[0].split(" ")[1] == "can"
    assert kb_payable == (outs["maxflow"] == "payable"), outs
    kb_count = int(outs["kb_count"].split(": ")[1].split(" ")[0].rstrip("+"))
    assert kb_count == int(outs["counter"]), outs
    return {"sources": n, "decide_symbols": n // 2, "payable": kb_payable,
            "mtgkb_decide_cpu_s": round(cpu["kb_decide"], 3), "maxflow_script_cpu_s": round(cpu["maxflow"], 3),
            "ratio_decide": round(cpu["kb_decide"] / cpu["maxflow"], 1),
            "count_ways": kb_count, "mtgkb_count_cpu_s": round(cpu["kb_count"], 3),
            "counter_script_cpu_s": round(cpu["counter"], 3), "ratio_count": round(cpu["kb_count"] / cpu["counter"], 1),
            "wall_s": {k: round(v, 3) for k, v in wall.items()},
            "ratio_decide_wall": round(wall["kb_decide"] / wall["maxflow"], 1),
            "ratio_count_wall": round(wall["kb_count"] / wall["counter"], 1),
            "mtgkb_count_peak_rss_mib": round(rss["kb_count"], 1),
            "mtgkb_decide_peak_rss_mib": round(rss["kb_decide"], 1),
            "counter_peak_rss_mib": round(rss["counter"], 1), "maxflow_peak_rss_mib": round(rss["maxflow"], 1)}


CASES = {"end_to_end": end_to_end, "payable": case_payable, "count": case_count, "could_produce": case_could_produce}


def child(name: str, n: int, seed: int, runs: int) -> None:
    doc = CASES[name](n, seed, runs)
    doc["peak_rss_mib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(json.dumps(doc))


def run_child(name: str, n: int, seed: int, runs: int) -> dict:
    p = subprocess.run([sys.executable, __file__, "--child", name, str(n), "--seed", str(seed), "--runs", str(runs)],
                       capture_output=True, text=True, env=_ENV)
    if p.returncode != 0:
        return {"case": name, "n": n, "error": p.stderr.strip().splitlines()[-1:]}
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="smaller boards (a smoke run)")
    ap.add_argument("--child", nargs=2, metavar=("CASE", "N"), help=argparse.SUPPRESS)
    ap.add_argument("--end-to-end", type=int, metavar="N", help="only the whole-process comparison (d) at N sources")
    args = ap.parse_args()
    if args.end_to_end:
        print(json.dumps(end_to_end(args.end_to_end, args.seed, args.runs), indent=2))
        return
    if args.child:
        child(args.child[0], int(args.child[1]), args.seed, args.runs)
        return
    sizes_a = (50, 200) if args.quick else (50, 200, 500)
    sizes_b = (8, 10, 50) if args.quick else (8, 10, 12, 50, 200, 500)
    out = {"schema": "mtgkb.bench.mana/1", "seed": args.seed, "runs": args.runs,
           "payable_vs_maxflow": [run_child("payable", n, args.seed, args.runs) for n in sizes_a],
           "count_vs_exact_counter": [run_child("count", n, args.seed, args.runs) for n in sizes_b],
           "could_produce_cycles": [run_child("could_produce", 200 if not args.quick else 60, args.seed, args.runs)],
           "end_to_end": end_to_end(200 if args.quick else 500, args.seed, args.runs)}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
