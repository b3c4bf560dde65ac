"""Wall time of `mtgkb check` with `--jobs 1` against `--jobs N` (default 2).

    python bench/parallel.py                 # the embedded rulings, 3 runs of each, interleaved
    python bench/parallel.py --runs 5 --jobs 2 kb/rulings/foundation.mtg

Each run is a fresh interpreter (`python -m mtgkb.cli check --format json ...`), the
runs of the two settings alternate (1, N, 1, N, ...) so that a change of load on the
machine falls on both, and every run's output must be the same bytes as the first.
Progress (each run's time) goes to stderr as it happens.  Prints JSON: each run's wall seconds, the medians, the ratio median(N) / median(1)
(the target is at most 0.6 for N = 2 on 2 cores), the core count and the load average
before and after (a busy machine makes the ratio worse than it is on an idle one).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def run_once(jobs: int, paths: list[str]) -> tuple[float, bytes, int]:
    cmd = [sys.executable, "-m", "mtgkb.cli", "check", "--format", "json", "--jobs", str(jobs), *paths]
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True)
    return time.perf_counter() - t0, p.stdout, p.returncode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", help="default: the embedded rulings")
    ap.add_argument("--runs", type=int, default=3, help="runs of each setting (default 3)")
    ap.add_argument("--jobs", type=int, default=2, help="the setting compared with --jobs 1 (default 2)")
    a = ap.parse_args(argv)

    load_before = os.getloadavg()
    times: dict[int, list[float]] = {1: [], a.jobs: []}
    reference: bytes | None = None
    codes = set()
    for _ in range(a.runs):
        for jobs in (1, a.jobs):
            dt, out, rc = run_once(jobs, a.paths)
            if reference is None:
                reference = out
            elif out != reference:
                print(json.dumps({"error": f"--jobs {jobs} printed different output"}))
                return 1
            codes.add(rc)
            times[jobs].append(round(dt, 3))
            print(f"--jobs {jobs}: {dt:.2f} s (load {os.getloadavg()[0]:.2f})", file=sys.stderr, flush=True)
    m1, mn = statistics.median(times[1]), statistics.median(times[a.jobs])
    print(json.dumps({
        "benchmark": "check --jobs",
        "paths": a.paths or ["(embedded rulings)"],
        "cores": os.cpu_count(),
        "runs": a.runs,
        "exit_codes": sorted(codes),
        "wall_seconds": {f"jobs_1": times[1], f"jobs_{a.jobs}": times[a.jobs]},
        "median_seconds": {"jobs_1": round(m1, 3), f"jobs_{a.jobs}": round(mn, 3)},
        "ratio": round(mn / m1, 3),
        "target_ratio": 0.6 if a.jobs == 2 else None,
        "identical_output": True,
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in os.getloadavg()],
    }, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
