"""Cold start of a one-ruling check, next to `python -c pass`, as JSON.

    python bench/cold_start.py [--runs=N] [--file=RULINGS] [--select=TEXT] [--baseline=PYTHON ...]

Runs, interleaved, N times each (default 9) after one unmeasured warm-up run
each (the warm-up builds the per-user caches: LALR tables, the card index, and
the modules' bytecode):

- `python -c pass` (this interpreter),
- `python -P -m mtgkb.cli check RULINGS -k TEXT` with this interpreter (this
  checkout): the command as a user runs it, its ruling in a worker process,
- the same work in one process, without a worker (`in one process`: imports, the
  knowledge base, the grammars, the file, the ruling), so that the difference is
  what the worker costs, and
- the check with every --baseline interpreter (say, the venv of an older checkout),
- and floors, what any one-ruling check of this design does at least: `import clingo`;
  the imports of clingo, lark and mtgkb's API; clingo parsing, grounding and solving the
  whole of rules.lp once without facts (a ruling's solve grounds a slice of it),

and prints, for each, the median CPU seconds (user + system of the process and of
the processes it waited for, from the child's rusage), the median wall seconds and
the median peak RSS, and the ratio of each median to `python -c pass`'s.  The
in-one-process runs also give the median CPU seconds of each phase.  RULINGS
defaults to kb/rulings/foundation.mtg and TEXT to one of its titles (one ruling).
CPU time is the headline figure: wall time on a shared machine measures the
neighbours too.

PYTHONDONTWRITEBYTECODE is removed from the children's environment: an installed
package has its bytecode, and a run that compiles every module each time measures
the compiler, not mtgkb.

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

# The steps of a one-ruling check, in one process, each timed (CPU) and printed as JSON.
_IN_ONE_PROCESS = """
import json, sys, time
t = [time.process_time()]
out = {}
def lap(name):
    now = time.process_time(); out[name] = now - t[0]; t[0] = now
from mtgkb import check, parallel
from mtgkb.api import KnowledgeBase
lap("imports")
kb = KnowledgeBase(timeout=10)
kb.session.db._index()
lap("card index")
kb.session.db.name_table()
lap("card-name table")
parallel._warm_up(kb, oracle=False)   # as the only worker of a check: the Oracle grammar when read
lap("scenario grammar, program analysis (warm-up)")
path, select = sys.argv[1], sys.argv[2].casefold()
sf = kb.session.load(path, display=path)
lap("file")
for b in [b for b in sf.blocks if select in b.title.casefold()]:
    check.check_block(kb.session, sf, b, kb._explain_failures)
lap("ruling")
print(json.dumps(out))
"""


# clingo alone on the whole program, no facts (a lower bound of a ruling's own solve)
_RULES_ONCE = """
import clingo
from mtgkb import paths
ctl = clingo.Control(["-t1"], logger=lambda code, message: None)
ctl.add("base", [], paths.rules_text())
ctl.ground([("base", [])])
ctl.solve()
"""


def _once(argv: list[str], env: dict) -> tuple[float, float, int, int, str]:
    """(CPU seconds, wall seconds, peak RSS KiB, exit code, stdout) of one run."""
    t = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=REPO, env=env)
    out = p.stdout.read().decode("utf-8", "replace")
    p.stdout.close()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    return ru.ru_utime + ru.ru_stime, wall, ru.ru_maxrss, p.returncode, out


def main(argv: list[str]) -> int:
    def opt(name: str, default: str) -> str:
        return next((a.split("=", 1)[1] for a in argv if a.startswith(f"--{name}=")), default)

    runs = int(opt("runs", "9"))
    rulings = opt("file", "kb/rulings/foundation.mtg")
    select = opt("select", "Grizzly Bears with two")
    baselines = [a.split("=", 1)[1] for a in argv if a.startswith("--baseline=")]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    check = ["check", rulings, "-k", select]
    cases = {"python -c pass": [sys.executable, "-c", "pass"],
             "check (this checkout)": [sys.executable, "-P", "-m", "mtgkb.cli", *check],
             "in one process (this checkout)": [sys.executable, "-P", "-c", _IN_ONE_PROCESS, rulings, select]}
    for b in baselines:  # -P: the package comes from that interpreter's install, not from the working directory
        cases[f"check ({b})"] = [b, "-P", "-m", "mtgkb.cli", *check]
    cases["floor: import clingo"] = [sys.executable, "-c", "import clingo"]
    cases["floor: import clingo, lark, mtgkb.api"] = [sys.executable, "-P", "-c", "import clingo, lark, mtgkb.api"]
    cases["floor: rules.lp parsed, grounded, solved"] = [sys.executable, "-P", "-c", _RULES_ONCE]
    samples: dict[str, list[tuple[float, float, int]]] = {k: [] for k in cases}
    phases: list[dict] = []
    codes = {}
    for name, cmd in cases.items():  # warm-up: caches built, not measured
        codes[name] = _once(cmd, env)[3]
    for _ in range(runs):
        for name, cmd in cases.items():
            cpu, wall, rss, code, out = _once(cmd, env)
            samples[name].append((cpu, wall, rss))
            codes[name] = code
            if name.startswith("in one process") and code == 0:
                phases.append(json.loads(out))
    result: dict = {"runs": runs, "file": rulings, "select": select, "results": {}}
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
        result["results"][name] = r
    if phases:
        result["in_one_process_phases_median_cpu_seconds"] = {
            k: round(statistics.median(p[k] for p in phases), 4) for k in phases[0]}
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
