"""The benchmark of checking rulings and parsing cards.  One command:

    python bench/run.py [--runs 5] [--rulings 200] [--seed 1]

prints JSON figures:

- cold_start: `mtgkb check FILE` on a file with one ruling, each run a fresh
  interpreter (`python -m mtgkb.cli`); median and all runs in seconds, and the peak
  resident memory of those child processes (getrusage RUSAGE_CHILDREN, MiB);
- generated: a temporary .mtg file of N rulings over varied boards of real cards
  from the card database (vanilla creatures with counters, tapped lands, tokens,
  cards in hands and graveyards), checked in-process with `KnowledgeBase`'s session:
  parse time of the file, per-ruling cost (median, mean, max, total), the verdicts,
  and peak memory of this process (ru_maxrss, MiB); with --tracemalloc also the
  peak of Python allocations during load and checks (MiB; slows the timings);
- embedded: the embedded knowledge base's own rulings, whole processes
  (`python -m mtgkb.cli check`): one ruling (`-k` its title) and all of them with
  `--jobs 1`, all of them with `--jobs 2`, --embedded-runs times each, interleaved:
  median CPU seconds (user + system of the command and its workers, from
  wait4's rusage), median wall seconds and peak resident memory (MiB) of each; the
  marginal CPU of one ruling ((all - one) / (rulings - 1), from the medians) and
  the ratio of the `--jobs 2` wall time to the `--jobs 1` one (the machine is
  shared: the CPU figures are the headline, the wall ratio needs an idle machine).
  `--embedded-runs 0` leaves it out.

A benchmark that prints figures, not a timed test.  Nothing in the repository is
written; the generated file lives in a temporary directory.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc

# One ruling whose cards have Oracle text, so the cold start includes building the
# Oracle grammar as well as the scenario grammar, the card index and rules.lp.
ONE_RULING = """ruling "Grizzly Bears with two +1/+1 counters is 4/4"
  about: Grizzly Bears
  cites: 613.4c, 122.1a
  given:
    Alice controls Grizzly Bears with two +1/+1 counters.
    Alice controls Llanowar Elves, Forest and Snow-Covered Forest.
  expect:
    Grizzly Bears is 4/4.
    Grizzly Bears is a Bear.
    Llanowar Elves is 1/1.
    Snow-Covered Forest is a basic snow land and a Forest.
"""

_SAFE_NAME = re.compile(r"^[A-Z][A-Za-z' -]*[a-z]$")
_SAFE_SUBTYPE = re.compile(r"^[A-Z][a-z]+$")
NUMBER_WORDS = ["no", "one", "two", "three", "four", "five"]


def _mib(kib: int) -> float:
    # ru_maxrss is KiB on Linux (bytes on macOS)
    return round(kib / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def cold_start(runs: int, tmp: str) -> dict:
    path = os.path.join(tmp, "one.mtg")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(ONE_RULING)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.run([sys.executable, "-m", "mtgkb.cli", "check", path], cwd=tmp, capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
        if p.returncode not in (0, 1):
            raise SystemExit(f"mtgkb check failed (exit {p.returncode}):\n{p.stderr}")
    return {"runs": runs, "median_seconds": round(statistics.median(times), 3),
            "all_seconds": [round(t, 3) for t in times], "exit_code": p.returncode,
            "peak_rss_mib": _mib(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)}


def _measured(cmd: list[str]) -> dict:
    """Run `cmd` to its end: exit code, CPU seconds (user + system of it and of the
    processes it waited for), wall seconds, peak resident memory (MiB), stdout."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    p.stdout.close()
    return {"rc": p.returncode, "cpu": ru.ru_utime + ru.ru_stime, "wall": time.perf_counter() - t0,
            "rss": _mib(ru.ru_maxrss), "out": out}


ONE_TITLE = "Grizzly Bears with two +1/+1 counters is 4/4"     # one ruling of kb/rulings/foundation.mtg


def embedded(runs: int) -> dict:
    """The embedded rulings, whole processes: one ruling, all with --jobs 1 and --jobs 2."""
    base = [sys.executable, "-m", "mtgkb.cli", "check", "--format", "json"]
    cmds = {"one_ruling_jobs_1": base + ["--jobs", "1", "-k", ONE_TITLE],
            "all_jobs_1": base + ["--jobs", "1"], "all_jobs_2": base + ["--jobs", "2"]}
    got: dict = {k: [] for k in cmds}
    for _ in range(runs):
        for k, cmd in cmds.items():
            got[k].append(_measured(cmd))
    out: dict = {}
    for k, rs in got.items():
        doc = json.loads(rs[0]["out"])
        out[k] = {"rulings": doc["summary"]["rulings"], "passed": doc["summary"]["passed"],
                  "exit_codes": sorted({r["rc"] for r in rs}),
                  "median_cpu_seconds": round(statistics.median(r["cpu"] for r in rs), 3),
                  "median_wall_seconds": round(statistics.median(r["wall"] for r in rs), 3),
                  "median_peak_rss_mib": statistics.median(r["rss"] for r in rs),
                  "cpu_seconds": [round(r["cpu"], 3) for r in rs]}
    n = out["all_jobs_1"]["rulings"]
    marginal = (out["all_jobs_1"]["median_cpu_seconds"] - out["one_ruling_jobs_1"]["median_cpu_seconds"]) / max(n - 1, 1)
    out["marginal_cpu_ms_per_ruling"] = round(1000 * marginal, 1)
    out["jobs_2_to_jobs_1_wall_ratio"] = round(out["all_jobs_2"]["median_wall_seconds"] /
                                               out["all_jobs_1"]["median_wall_seconds"], 3)
    out["same_output_jobs_1_and_2"] = got["all_jobs_1"][0]["out"] == got["all_jobs_2"][0]["out"]
    return out


def _cards():
    """Vanilla creatures and basic-typed lands of the card database, with printed values."""
    from mtgkb import paths

    creatures, lands = [], []
    with paths.card_database().open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            name, tl = d.get("name") or "", d.get("type_line") or ""
            if d.get("face_name") or d.get("layout") != "normal" or not _SAFE_NAME.match(name):
                continue
            if tl.startswith("Creature") and not d.get("oracle_text") and "—" in tl:
                p, t = d.get("power"), d.get("toughness")
                subs = tl.split("—", 1)[1].split()
                if p and t and p.isdigit() and t.isdigit() and all(_SAFE_SUBTYPE.match(s) for s in subs):
                    creatures.append((name, int(p), int(t), subs))
            elif tl.startswith("Basic Land") or tl.startswith("Basic Snow Land"):
                lands.append((name, tl))
    creatures.sort()
    lands.sort()
    return creatures, lands


def generate(n: int, seed: int) -> tuple[str, int]:
    """N rulings over varied boards; every claim follows from printed values and counters."""
    rng = random.Random(seed)
    creatures, lands = _cards()
    out, claims = [], 0
    for i in range(1, n + 1):
        given, expect = [], []
        board = rng.sample(creatures, rng.randint(1, 4))
        for name, p, t, subs in board:
            k = rng.randint(0, 3)
            who = rng.choice(["Alice", "Bob"])
            given.append(f"{who} controls {name}" + (f" with {NUMBER_WORDS[k]} +1/+1 counter{'s' if k != 1 else ''}"
                                                       if k else "") + ".")
            expect.append(f"{name} is {p + k}/{t + k}.")
            expect.append(f"{name} is a creature and a {rng.choice(subs)}.")
            expect.append(f"{name} has {NUMBER_WORDS[k]} +1/+1 counter{'s' if k != 1 else ''}." if k
                          else f"{name} has no +1/+1 counters.")
            expect.append(f"{name} is not a token.")
        for name, tl in rng.sample(lands, rng.randint(0, 2)):
            given.append(f"Alice controls {name}.")
            if rng.random() < 0.5:
                given.append(f"{name} is tapped.")
                expect.append(f"{name} is tapped.")
            else:
                expect.append(f"{name} is untapped.")
            expect.append(f"{name} is a basic land.")
        if rng.random() < 0.5:
            p, t = rng.randint(1, 4), rng.randint(1, 4)
            given.append(f'Bob controls a {p}/{t} green Elf Warrior creature token called "Token {i}".')
            expect.append(f"Token {i} is {p}/{t}.")
            expect.append(f"Token {i} is a token.")
        if rng.random() < 0.25:   # a card with Oracle text (a mana ability)
            given.append("Alice controls Llanowar Elves, which came under her control this turn.")
            expect.append("Llanowar Elves is a green creature and an Elf.")
        if rng.random() < 0.5:
            name = rng.choice([c for c in creatures if c not in board])[0]
            zone = rng.choice(["hand", "graveyard", "library", "exile"])
            given.append(f"{name} is in Alice's {zone}.")
            expect.append(f"{name} is in Alice's {zone}.")
        claims += len(expect)
        out.append(f'ruling "Generated board {i}"\n  about: {board[0][0]}\n  cites: 613.4c, 122.1a\n  given:\n'
                   + "".join(f"    {s}\n" for s in given) + "  expect:\n" + "".join(f"    {s}\n" for s in expect))
    return "\n".join(out), claims


def in_process(n: int, seed: int, tmp: str, trace: bool = False) -> dict:
    from mtgkb.api import KnowledgeBase

    t_gen = time.perf_counter()
    text, claims = generate(n, seed)
    t_gen = time.perf_counter() - t_gen
    path = os.path.join(tmp, "generated.mtg")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)

    if trace:
        tracemalloc.start()
    t0 = time.perf_counter()
    kb = KnowledgeBase()
    sf = kb.session.load(path)          # includes the card database's name index
    t_load = time.perf_counter() - t0
    per, statuses = [], {}
    for block in sf.blocks:
        t1 = time.perf_counter()
        rr, _, _ = kb.session.evaluate(sf, block)
        per.append(time.perf_counter() - t1)
        statuses[rr.status] = statuses.get(rr.status, 0) + 1
    total = time.perf_counter() - t0
    out_mem = {}
    if trace:
        out_mem["peak_python_alloc_mib"] = round(tracemalloc.get_traced_memory()[1] / 2 ** 20, 1)
        tracemalloc.stop()
    return {"rulings": len(sf.blocks), "claims": claims, "seed": seed,
            "generate_seconds": round(t_gen, 3), "load_and_parse_seconds": round(t_load, 3),
            "check_seconds_total": round(sum(per), 3), "total_seconds": round(total, 3),
            "per_ruling_seconds": {"median": round(statistics.median(per), 4), "mean": round(statistics.mean(per), 4),
                                   "max": round(max(per), 4), "first": round(per[0], 4)},
            "statuses": dict(sorted(statuses.items())),
            "peak_rss_mib": _mib(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss), **out_mem}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="cold-start runs (median reported)")
    ap.add_argument("--rulings", type=int, default=200, help="generated rulings")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--embedded-runs", type=int, default=1,
                    help="runs of each embedded-rulings command (medians; 0 leaves them out)")
    ap.add_argument("--tracemalloc", action="store_true",
                    help="also report the peak of Python allocations (slows the in-process figures down)")
    args = ap.parse_args(argv)
    import mtgkb

    with tempfile.TemporaryDirectory(prefix="mtgkb-bench-") as tmp:
        cold = cold_start(args.runs, tmp)
        gen = in_process(args.rulings, args.seed, tmp, trace=args.tracemalloc)
    doc = {"schema": "mtgkb.bench/1", "mtgkb": mtgkb.__version__, "python": sys.version.split()[0],
           "cold_start": cold, "generated": gen}
    if args.embedded_runs > 0:
        doc["embedded"] = embedded(args.embedded_runs)
    print(json.dumps(doc, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
