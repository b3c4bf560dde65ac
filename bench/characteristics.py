"""Benchmark: deriving characteristics on large boards.

Boards of 250, 500, 1,000 and 2,000 permanents (a mix of real cards: vanilla
creatures, changelings, basic and snow lands, an Aura) with one continuous effect
per ten permanents ("becomes a Zombie", "gets +1/+1", "loses all abilities",
"becomes an artifact in addition to its other types").  Each board is parsed,
encoded, grounded and solved through the normal pipeline; the median of several
runs is printed with the growth ratio per doubling (goal: at most 2.2).

    python bench/characteristics.py [--runs 3] [--sizes 250,500,1000,2000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
import tracemalloc

from mtgkb.check import Session

CARDS = ["Grizzly Bears", "Changeling Outcast", "Forest", "Snow-Covered Island", "Llanowar Elves",
         "Mirror Entity", "Hill Giant", "Mountain"]
# With --legendary, every eighth permanent is Orvar, the All-Form: hundreds of copies of
# one legendary card make the legend rule (704.5j) an open choice with as many outcomes,
# which measures enumeration of outcomes rather than the derivation of characteristics.
LEGENDARY = "Orvar, the All-Form"
EFFECTS = ["becomes a Zombie", "gets +1/+1 until end of turn", "loses all abilities",
           "becomes an artifact in addition to its other types"]


def board(n: int, legendary: bool = False) -> str:
    lines = ['ruling "board"', "  given:"]
    handles = []
    counts: dict[str, int] = {}
    cards = CARDS[:5] + [LEGENDARY] + CARDS[6:] if legendary else CARDS
    for i in range(n):
        c = cards[i % len(cards)]
        counts[c] = counts.get(c, 0) + 1
        h = c if counts[c] == 1 else f"{c} #{counts[c]}"
        lines.append(f"    Alice controls {h}.")
        handles.append(h)
    for j in range(n // 10):
        h = handles[(j * 7) % n]
        lines.append(f"    {h} {EFFECTS[j % len(EFFECTS)]}.")
    lines.append("  expect:")
    lines.append("    Grizzly Bears is a creature.")
    lines.append("    Changeling Outcast is an Elf.")
    return "\n".join(lines) + "\n"


def run(n: int, session: Session, legendary: bool = False) -> tuple[float, int, dict]:
    with tempfile.NamedTemporaryFile("w", suffix=".mtg", delete=False) as fh:
        fh.write(board(n, legendary))
        path = fh.name
    sf = session.load(path)
    tracemalloc.start()
    t0 = time.perf_counter()
    rr, enc, res = session.evaluate(sf, sf.blocks[0])
    dt = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert res is not None and res.satisfiable, rr.error
    return dt, peak, res.stats


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--sizes", default="250,500,1000,2000")
    ap.add_argument("--legendary", action="store_true", help="make every eighth permanent the same legendary card")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    session = Session(timeout=600)
    run(20, session)  # warm-up: card database index, grammars, reference facts
    out = []
    prev = None
    for n in sizes:
        times, peaks, stats = [], [], {}
        for _ in range(args.runs):
            dt, peak, stats = run(n, session, args.legendary)
            times.append(dt)
            peaks.append(peak)
        med = statistics.median(times)
        row = {"permanents": n, "effects": n // 10, "median_seconds": round(med, 4),
               "runs": [round(t, 4) for t in times], "python_peak_mib": round(max(peaks) / 2**20, 1),
               "atoms": stats.get("atoms"), "rules": stats.get("rules")}
        if prev is not None:
            row["ratio_per_doubling"] = round(med / prev, 2)
        prev = med
        out.append(row)
        print(json.dumps(row), flush=True)
    ratios = [r["ratio_per_doubling"] for r in out if "ratio_per_doubling" in r]
    print(json.dumps({"benchmark": "characteristics", "legendary": args.legendary,
                      "max_ratio_per_doubling": max(ratios) if ratios else None, "goal": 2.2}))


if __name__ == "__main__":
    main()
