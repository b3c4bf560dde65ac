"""Cold start of a one-ruling check, next to `python -c pass`, as JSON.

    python bench/cold_start.py [--runs=N] [--file=RULINGS] [--baseline=PYTHON ...]

Runs, interleaved, N times each (default 9) after one unmeasured warm-up run
each (the warm-up builds the per-user caches: LALR tables, the card index):

- `python -c pass` (this interpreter),
- `python -P -m mtgkb.cli check RULINGS` with this interpreter (this checkout), and
- the same with every --baseline interpreter (say, the venv of an older checkout),

and prints, for each, the median CPU seconds (user + system, from the child's own
rusage), the median wall seconds and the median peak RSS, and the ratio of each
check's medians to `python -c pass`'s.  RULINGS defaults to
kb/rulings/foundation.mtg.  CPU time is the headline figure: wall time on a shared
machine measures the neighbours too.

A benchmark, not a timed test.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _once(argv: list[str]) -> tuple[float, float, int, int]:
    """(CPU seconds, wall seconds, peak RSS KiB, exit code) of one run."""
    t = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=REPO)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    return ru.ru_utime + ru.ru_stime, wall, ru.ru_maxrss, p.returncode


def main(argv: list[str]) -> int:
    runs = int(next((a.split("=", 1)[1] for a in argv if a.startswith("--runs=")), 9))
    rulings = next((a.split("=", 1)[1] for a in argv if a.startswith("--file=")), "kb/rulings/foundation.mtg")
    baselines = [a.split("=", 1)[1] for a in argv if a.startswith("--baseline=")]
    cases = {"python -c pass": [sys.executable, "-c", "pass"],
             "check (this checkout)": [sys.executable, "-P", "-m", "mtgkb.cli", "check", rulings]}
    for b in baselines:  # -P: the package comes from that interpreter's install, not from the working directory
        cases[f"check ({b})"] = [b, "-P", "-m", "mtgkb.cli", "check", rulings]
    samples: dict[str, list[tuple[float, float, int]]] = {k: [] for k in cases}
    codes = {}
    for name, cmd in cases.items():  # warm-up: caches built, not measured
        codes[name] = _once(cmd)[3]
    for _ in range(runs):
        for name, cmd in cases.items():
            cpu, wall, rss, code = _once(cmd)
            samples[name].append((cpu, wall, rss))
            codes[name] = code
    out: dict = {"runs": runs, "file": rulings, "results": {}}
    base = None
    for name, xs in samples.items():
        cpu = statistics.median(x[0] for x in xs)
        wall = statistics.median(x[1] for x in xs)
        rss = statistics.median(x[2] for x in xs)
        r = {"median_cpu_seconds": round(cpu, 4), "median_wall_seconds": round(wall, 4),
             "median_peak_rss_mib": round(rss / 1024, 1), "exit_code": codes[name],
             "cpu_seconds": [round(x[0], 3) for x in xs]}
        if base is None:
            base = (cpu, wall)
        else:
            r["cpu_ratio_to_python_pass"] = round(cpu / base[0], 1) if base[0] else None
            r["wall_ratio_to_python_pass"] = round(wall / base[1], 1) if base[1] else None
        out["results"][name] = r
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
