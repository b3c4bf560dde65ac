"""Shared fixtures: one Session for the run, the ruling cases of kb/rulings, a CLI runner."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import hypothesis
import pytest

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
RULINGS_DIR = REPO / "kb" / "rulings"

# Names a scenario sentence may use in the parser-only golden tests.
SMALL_NAMES = ("Grizzly Bears", "Forest", "Snow-Covered Forest", "Glittering Frost",
               "Orvar, the All-Form", "Llanowar Elves")


def ruling_cases() -> list[tuple[str, int, str]]:
    """(file relative to the repo, line, title) of every ruling block in kb/rulings."""
    out = []
    for path in sorted(RULINGS_DIR.rglob("*.mtg")):
        text = path.read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), start=1):
            m = re.match(r'^ruling\s+"([^"]*)"', line)
            if m:
                out.append((path.relative_to(REPO).as_posix(), n, m.group(1)))
    return out


# Property tests (hypothesis): by default each runs the example count it names
# (`examples(n)`, chosen so that the suite stays short and still finds what the test is for),
# under hypothesis' own profile ("default", or "ci" when $CI is set: derandomized).
# MTGKB_HYPOTHESIS=deep runs ten times as many, and 1000 where a test names no count
# (docs/pytest.md, "mtgkb's own tests").
HYPOTHESIS_DEPTHS = {"suite": 1, "deep": 10}
HYPOTHESIS_DEPTH = os.environ.get("MTGKB_HYPOTHESIS") or "suite"
if HYPOTHESIS_DEPTH not in HYPOTHESIS_DEPTHS:
    raise pytest.UsageError(f"MTGKB_HYPOTHESIS={HYPOTHESIS_DEPTH!r}: one of {', '.join(HYPOTHESIS_DEPTHS)}")
if HYPOTHESIS_DEPTH == "deep":
    hypothesis.settings.register_profile("mtgkb-deep", hypothesis.settings.get_profile(
        hypothesis.settings.get_current_profile_name()), max_examples=1000, deadline=None)
    hypothesis.settings.load_profile("mtgkb-deep")


def examples(n: int) -> int:
    """A property test's number of examples: `n`, ten times `n` under MTGKB_HYPOTHESIS=deep."""
    return n * HYPOTHESIS_DEPTHS[HYPOTHESIS_DEPTH]


# Fixtures computed once and shared by several tests (session: the embedded check; module:
# a module's own runs, wheels, databases).  Under pytest-xdist (`-n`, `--dist loadgroup` in
# the pyproject's addopts) the tests of one such fixture run in one worker, so that it is
# computed once, not once in each worker that happens to get one of its tests.
SHARED_SESSION_FIXTURES = ("embedded_check", "kb_reports")
GROUPS_FILE = "xdist-groups-{}.json"


def xdist_group_of(item) -> str | None:
    """The worker group of a test: "embedded-check" for the tests of the shared embedded
    check, its module's name for a test that uses a module- or class-scoped fixture, else None
    (the test goes to any worker)."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    if any(f in info.name2fixturedefs for f in SHARED_SESSION_FIXTURES):
        return "embedded-check"
    for defs in info.name2fixturedefs.values():
        if any(d.scope in ("module", "class", "package") for d in defs):
            return item.nodeid.split("::")[0]
    return None


def pytest_collection_modifyitems(config, items):
    """In an xdist worker: hand the groups of the tests it collected to the controller's
    scheduler (a file in the run's temporary folder; every worker collects the same tests).
    xdist's own loadgroup reads `xdist_group` marks through the node id, which pytest 9.2
    no longer lets a plugin change: the scheduler below reads the groups from here instead."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None:
        return
    groups = {item.nodeid: g for item in items if (g := xdist_group_of(item)) is not None}
    folder = config._tmp_path_factory.getbasetemp().parent      # the controller's basetemp
    tmp = folder / (GROUPS_FILE.format(workerinput["workerid"]) + ".tmp")
    tmp.write_text(json.dumps(groups), encoding="utf-8")
    tmp.replace(folder / GROUPS_FILE.format(workerinput["workerid"]))


class _GroupScheduler:
    """The controller's scheduler under `--dist loadgroup` (registered only where xdist is)."""

    @staticmethod
    def pytest_xdist_make_scheduler(config, log):
        """Load balancing, the tests of one group (xdist_group_of) one unit of work."""
        if config.getvalue("dist") != "loadgroup":
            return None
        from xdist.scheduler import LoadGroupScheduling

        class SharedFixtureScheduling(LoadGroupScheduling):
            groups: dict | None = None

            def _split_scope(self, nodeid: str) -> str:
                if self.groups is None:   # read once every worker has collected (schedule())
                    self.groups = {}
                    for f in sorted(config._tmp_path_factory.getbasetemp().glob(GROUPS_FILE.format("*"))):
                        self.groups.update(json.loads(f.read_text(encoding="utf-8")))
                g = self.groups.get(nodeid)
                return "group:" + g if g is not None else super()._split_scope(nodeid)

        return SharedFixtureScheduling(config, log)


def pytest_configure(config):
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_GroupScheduler(), "mtgkb-tests-group-scheduler")


@pytest.fixture
def private_cache_home(tmp_path, monkeypatch):
    """A new per-user cache base ($XDG_CACHE_HOME) for one test, its warnings not yet given."""
    from mtgkb.parser import cache_files

    h = tmp_path / "xdg"
    h.mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(h))
    monkeypatch.setattr(cache_files, "_warned", set())
    return h


@pytest.fixture(scope="session")
def session():
    """One `Session` (card database + solver) for the whole test run."""
    from mtgkb.check import Session

    return Session()


def run_main_captured(argv: list[str]) -> tuple[int, str, str]:
    """`mtgkb.cli.main(argv)` in-process, outside any test: (exit code, stdout, stderr)."""
    import contextlib
    import io

    from mtgkb.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main(list(argv))
        except SystemExit as e:
            rc = e.code
    return rc, out.getvalue(), err.getvalue()


def embedded_check_run(jobs: int, compute=None, paths: tuple[str, ...] = ()) -> dict:
    """`mtgkb check --jobs N [PATHS]` (default: the embedded rulings), in-process, with the
    rulings checked once: the first command computes (`compute(kb, paths, jobs)`, by default
    what `cmd_check` calls), and the same command in the other formats renders that
    computation again.  {"result": (report, errors), "text"|"json"|"junit": (rc, out, err)}."""
    import copy
    from unittest import mock

    import mtgkb.parallel as par

    compute = compute or par.check
    memo = {}

    def once(kb, paths, jobs_, **options):
        if "result" not in memo:
            memo["result"] = compute(kb, paths, jobs_, **options)
        report, errors = memo["result"]
        return copy.deepcopy(report), list(errors)

    out = {}
    with mock.patch.object(par, "check", once):
        for fmt in ("json", "text", "junit"):
            # a time limit no ruling reaches by accident on a loaded machine: a ruling past
            # it would be undetermined in one run and not in the other
            out[fmt] = run_main_captured(["check", "--jobs", str(jobs), "--timeout", "600", "--format", fmt,
                                          *paths])
    from mtgkb.cli import _embedded_name

    report, errors = once(None, None, None)
    for r in report.results if not paths else ():   # file names as printed: kb/rulings/...
        r.file = _embedded_name(r.file)
    out["result"] = (report, errors)
    return out


@pytest.fixture(scope="session")
def embedded_check(session):
    """The whole embedded check, once per test run (in-process, `--jobs 1`, on the shared
    `session`): its (report, errors), the output of `mtgkb check` in each format, and the
    clingo messages of each ruling's solves ({(file, line): (solved, error, messages)})."""
    from mtgkb.check import check_paths
    from mtgkb.sources import expand_paths

    messages = {}
    real = session.evaluate

    def evaluate(sf, block, **kw):
        rr, enc, res = real(sf, block, **kw)
        key = (Path(sf.path).resolve().relative_to(REPO).as_posix(), block.pos.line)
        messages[key] = (res is not None, rr.error, list(res.messages) if res is not None else None)
        return rr, enc, res

    def compute(kb, paths, jobs):   # what kb.check(paths) does, on the shared session
        return check_paths(expand_paths(paths), session=session, explain=kb._explain_failures)

    session.evaluate = evaluate
    try:
        out = embedded_check_run(1, compute)
    finally:
        del session.evaluate
    out["messages"] = messages
    return out


@pytest.fixture(scope="session")
def kb_reports(embedded_check):
    """The embedded check's results by file of kb/rulings: {file: (report, errors)}."""
    from mtgkb.results import CheckReport

    report, errors = embedded_check["result"]
    out = {}
    for path in sorted(RULINGS_DIR.rglob("*.mtg")):
        f = path.relative_to(REPO).as_posix()
        out[f] = (CheckReport([r for r in report.results if r.file == f]),
                  [e for e in errors if Path(e.file).resolve() == path.resolve()])
    return out


@pytest.fixture
def cli(capsys):
    """Run `mtgkb.cli.main` in-process: returns (exit code, stdout, stderr)."""
    from mtgkb.cli import main

    def run(*argv: str) -> tuple[int, str, str]:
        try:
            rc = main(list(argv))
        except SystemExit as e:  # argparse usage errors
            rc = e.code
        out, err = capsys.readouterr()
        return rc, out, err

    return run


def run_mtgkb(*argv: str, cwd: str | os.PathLike | None = None, env: dict | None = None,
              timeout: float = 600) -> subprocess.CompletedProcess:
    """`python -m mtgkb.cli ...` in a fresh interpreter (cold start, real exit code)."""
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "mtgkb.cli", *argv], cwd=cwd, env=e,
                          capture_output=True, text=True, timeout=timeout)


def seed_grammar_tables(cache_home: str | os.PathLike) -> None:
    """Copy the grammars' LALR tables of this checkout from the per-user cache of the test
    run into the cache folder under `cache_home` (the XDG_CACHE_HOME a test gives a fresh
    process), so that the process loads them instead of building both grammars again (about
    a minute on a loaded machine).  For tests about another cache or data folder (the card
    index, a card database); tests/test_grammar_cache.py tests building the tables.  A table
    that is not in the run's own cache is not copied: the process builds it, as without this."""
    import shutil
    from importlib.resources import files

    from mtgkb.parser.grammar_cache import FOLDER, lark_cache_file

    folder = Path(cache_home) / FOLDER
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    for name in ("oracle", "scenario"):
        src = lark_cache_file(name, files("mtgkb.parser").joinpath(name + ".lark").read_text(encoding="utf-8"))
        if src and os.path.isfile(src):
            dst = folder / os.path.basename(src)
            shutil.copyfile(src, dst)
            os.chmod(dst, 0o600)


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """Run the test with the temporary directory as the working directory."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _proc_stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state, parent, ...), or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def child_pids(pid: int) -> set[int]:
    """The processes whose parent is `pid` (Linux: /proc)."""
    out = set()
    for d in os.listdir("/proc"):
        if d.isdigit():
            st = _proc_stat(int(d))
            if st is not None and st[1] == str(pid):
                out.add(int(d))
    return out


def pid_running(pid: int) -> bool:
    """The process exists and is not a zombie."""
    st = _proc_stat(pid)
    return st is not None and st[0] != "Z"


def interrupt_when_workers_run(argv: list[str], cwd, *, workers: int, start_within: float
                               ) -> tuple[int, str, float, set[int]]:
    """Run `python -m mtgkb.cli ARGV` in its own process group, wait until it has `workers`
    child processes and 3 s more, then send SIGINT to the group (what a terminal's Ctrl-C
    does).  Returns (exit code, stderr, seconds from SIGINT to exit, the workers seen)."""
    import signal
    import time

    p = subprocess.Popen([sys.executable, "-m", "mtgkb.cli", *argv], cwd=cwd, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        kids: set[int] = set()
        deadline = time.monotonic() + start_within
        while time.monotonic() < deadline and len(kids) < workers and p.poll() is None:
            time.sleep(0.5)
            kids = child_pids(p.pid)
        assert len(kids) >= workers, "the workers did not start"
        time.sleep(3)   # the workers are at work
        t = time.monotonic()
        os.killpg(p.pid, signal.SIGINT)
        _, err = p.communicate(timeout=60)
        return p.returncode, err, time.monotonic() - t, kids
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()

