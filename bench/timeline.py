"""Timeline benchmark: scenarios of 25, 50, 100 and 200 events with a trigger on
every event; prints the time per scenario and the growth ratio.

Every event is a cast of Giant Growth targeting Alice's Grizzly Bears while Alice
controls Orvar, the All-Form (without paying its mana cost, 118.9: a cast needs its cost
paid, and a pool of mana for every cast would make the benchmark about payments): each cast makes Orvar's first ability trigger (603.2,
603.4), so the stack grows by two items per event and every step asks rules.lp about
a larger state.  A second family resolves everything: each cast is followed by its
resolution (Orvar's trigger resolves first and makes a token copy, 608.2, 707.2).
CPU seconds of this process are the headline (the machine may be shared) and the
growth ratio is of CPU time; the answers kept from one scenario are dropped before
the next (mtgkb.solve_memo), so a longer one does not read back the shorter one's.

Run: python bench/timeline.py [--sizes 25,50,100,200]  (each size twice the last: growth per doubling)
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time


def scenario(n: int, resolve: bool) -> str:
    lines = ['ruling "bench"', "  about: Orvar, the All-Form", "  given:",
             "    Alice controls Orvar, the All-Form.", "    Alice controls Grizzly Bears."]
    casts = n // 2 if resolve else n
    for k in range(1, casts + 1):
        h = "Giant Growth" if k == 1 else f"Giant Growth #{k}"
        lines.append(f"    Alice casts {h} targeting Grizzly Bears without paying its mana cost.")
        if resolve:
            lines.append(f"    {h} resolves.")
    lines += ["  expect:", "    Orvar, the All-Form's first triggered ability triggers."]
    return "\n".join(lines) + "\n"


def run(n: int, resolve: bool, session) -> tuple[float, float, str, dict]:
    """(CPU seconds, wall seconds, status, stats) of checking one scenario of n events.
    The answers kept from the previous scenario are dropped first (a longer scenario
    starts with the events of the shorter one: its solves would be read back)."""
    from mtgkb import solve_memo
    from mtgkb.check import check_paths

    for memo in (solve_memo.STEPS, solve_memo.CLAIMS, solve_memo.PAYMENTS):
        memo.clear()

    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, f"bench_{n}.mtg")
        with open(p, "w", encoding="utf-8") as f:
            f.write(scenario(n, resolve))
        t0, c0 = time.perf_counter(), time.process_time()
        report, errors = check_paths([p], session=session)
        dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    assert not errors, errors
    rr = report.results[0]
    return cpu, dt, rr.status, rr.stats


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="25,50,100,200")
    ap.add_argument("--timeout", type=float, default=120.0)
    a = ap.parse_args(argv)
    sizes = [int(x) for x in a.sizes.split(",")]
    from mtgkb.check import Session

    session = Session(timeout=a.timeout)
    run(2, False, session)  # warm up: card database, grammar
    for resolve in (False, True):
        family = "cast + resolve (each event triggers or resolves a trigger)" if resolve else \
            "casts only (a trigger on every event)"
        print(f"family: {family}")
        prev = None
        for n in sizes:
            cpu, dt, status, stats = run(n, resolve, session)
            growth = "" if prev is None else f"  CPU growth x{cpu / prev[1]:.2f} for x{n / prev[0]:.1f} events"
            print(f"  {n:4d} events: {cpu:7.2f} s CPU, {dt:7.2f} s wall  ({cpu / n * 1000:6.1f} ms CPU/event, "
                  f"{stats.get('step_solves', '?')} solves, status {status}){growth}")
            prev = (n, cpu)
    return 0


if __name__ == "__main__":
    sys.exit(main())
