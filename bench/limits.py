"""Time and peak memory of large boards under `mtgkb check`'s default limits.

    python bench/limits.py                                # 1k/5k/10k/20k permanents, 50/100/200/400 triggers
    python bench/limits.py --permanents 100 500 --triggers 5 10 --timeout 10 --memory 2G

Each size is one ruling in a temporary file, checked by a fresh interpreter
(`python -m mtgkb.cli check --format json --jobs 1 ...`, so one worker process under
the budget: `--timeout` seconds per ruling, `--memory` per worker):

- permanents: N permanents, `Alice controls <N-1> Forests.` and a Grizzly Bears whose
  power is claimed (10,000 is the board size limit: 20,000 is bad input at the count,
  exit 2, without any work);
- triggers: N copies of an ad-hoc creature with a targeting "whenever you cast a spell"
  trigger, and a spell cast (every copy triggers and needs a target).

Prints one JSON document: per size, the wall seconds of the whole command, the peak
resident memory of its processes (`getrusage(RUSAGE_CHILDREN).ru_maxrss` of a
process that runs only that command: the largest of the command and its worker),
the exit code and the ruling's status with its reason (or the error, such as the
board size limit).  Figures depend on the machine and its load (printed with them).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

WATCHER = """card:
  Spell Watcher {1}{G}
  Creature \u2014 Elf
  Whenever you cast a spell, target creature gets +1/+1 until end of turn.
  1/1

"""


def ruling(kind: str, n: int) -> str:
    if kind == "permanents":
        return (f'ruling "{n} permanents"\n  given:\n    Alice controls {n - 1} Forests.\n'
                "    Alice controls Grizzly Bears.\n  expect:\n    Grizzly Bears is 2/2.\n")
    return (WATCHER + f'ruling "{n} triggers"\n  given:\n    Alice controls {n} Spell Watchers.\n'
            "    Alice controls Grizzly Bears.\n    Alice casts Giant Growth targeting Grizzly Bears.\n"
            "  expect:\n    Giant Growth is in Alice's graveyard.\n")


def measure(kind: str, n: int, timeout: str, memory: str) -> dict:
    """One size, in a child interpreter that runs the command and reports its children's peak."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, f"{kind}-{n}.mtg")
        with open(path, "w", encoding="utf-8") as f:
            f.write(ruling(kind, n))
        probe = ("import json, resource, subprocess, sys, time\n"
                 "t = time.perf_counter()\n"
                 "p = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
                 "print(json.dumps({'seconds': round(time.perf_counter() - t, 2), 'rc': p.returncode,\n"
                 "  'peak_rss_mib': round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1),\n"
                 "  'out': p.stdout, 'err': p.stderr}))\n")
        cmd = [sys.executable, "-c", probe, sys.executable, "-m", "mtgkb.cli", "check", "--format", "json",
               "--jobs", "1", "--timeout", timeout, "--memory", memory, path]
        got = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
    row = {"kind": kind, "n": n, "seconds": got["seconds"], "peak_rss_mib": got["peak_rss_mib"], "exit": got["rc"]}
    try:
        doc = json.loads(got["out"])
    except ValueError:
        doc = {}
    if doc.get("results"):
        r = doc["results"][0]
        row["status"] = r["status"]
        reasons = sorted({c["message"] for c in r["claims"] if c["verdict"] != "holds" and c["message"]})
        if reasons:
            row["reason"] = "; ".join(reasons)
    else:
        row["status"] = "error"
        row["reason"] = got["err"].strip().splitlines()[0] if got["err"].strip() else "no output"
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--permanents", type=int, nargs="*", default=[1000, 5000, 10000, 20000])
    ap.add_argument("--triggers", type=int, nargs="*", default=[50, 100, 200, 400])
    ap.add_argument("--timeout", default="10", help="--timeout of the check (default 10, the default)")
    ap.add_argument("--memory", default="2G", help="--memory of the check (default 2G, the default)")
    a = ap.parse_args(argv)
    load_before = os.getloadavg()
    rows = []
    for kind, sizes in (("permanents", a.permanents), ("triggers", a.triggers)):
        for n in sizes:
            t = time.perf_counter()
            rows.append(measure(kind, n, a.timeout, a.memory))
            print(f"{kind} {n}: {time.perf_counter() - t:.1f} s", file=sys.stderr)
    print(json.dumps({"schema": "mtgkb.bench.limits/1", "timeout": a.timeout, "memory": a.memory,
                      "cores": os.cpu_count(), "load_before": [round(x, 2) for x in load_before],
                      "load_after": [round(x, 2) for x in os.getloadavg()], "sizes": rows}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
