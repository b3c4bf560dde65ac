"""`mtgkb check`: every ruling checked in a worker process, under one budget.

Each ruling block is one task: its file is parsed (once per worker), its events
stepped through, grounded and solved in a worker process with a wall-clock deadline
(`--timeout`, per ruling) and an address-space limit (`--memory`, set with
`resource.setrlimit(RLIMIT_AS)` in the worker).  A worker past its deadline is
killed and replaced; its ruling is `undetermined`, with the reason ("time limit of
10 s reached while grounding"); a worker out of memory reports it and is replaced
the same way.  The other rulings are unaffected.  This holds for every `--jobs`,
`--jobs 1` included (one worker process).

The pool is ours (no `multiprocessing.Pool`, which cannot kill one task): worker
processes forked from this one after it loads what they need (else spawned: _start_context),
each with a pipe.  A worker builds its `KnowledgeBase` once, says it is ready, then
takes one task at a time; the deadline starts when a task is handed to it.  Files
are first read in the workers too (one task per file: its ruling blocks and titles,
or its parse error), so that reading a file is also under a budget: `--timeout`
times the number of rulings in it.  A worker that must read a ruling's file again
does so under that budget, then the ruling has its own.

Results come back as plain data (dicts) and are put together in the order of the
files and blocks: the output is the same, byte for byte, for every `--jobs`.

`select` (`-k`) keeps the rulings whose title contains the text (case-insensitive);
`stop_on_failure` (`-x`) stops at the first failed or erroneous ruling (or file
that cannot be read) in that order, whatever the number of jobs; the report's
`not_run` counts the rulings not checked.  Progress goes to stderr when it is a
terminal.

Ctrl-C: the workers ignore SIGINT; the parent kills every worker at once and
re-raises (the command line exits with 130).
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import multiprocessing.connection
import os
import re
import signal
import sys
import threading
import time
from dataclasses import dataclass

from mtgkb.parser.errors import ParseError

from .budget import DEFAULT_MEMORY, Budget, OverBudget, memory_text
from .task_order import next_task
from .warm_up import warm_up as _warm_up
from .results import CheckReport, ClaimResult, RulingResult

CONTEXT = "spawn"

GRACE_SECONDS = 0.5                     # past the deadline, before the worker is killed
START_SECONDS = 120.0                   # a worker not ready by then is an internal error
LOST_JOIN_SECONDS = 5.0                 # a worker whose pipe closed: how long to wait for its exit code

PHASES = ("parsing", "stepping through the events", "grounding", "solving")


def default_jobs() -> int:
    """The number of cores (at least 1)."""
    return max(1, os.cpu_count() or 1)


def run_call(name: str, args: dict, budget: Budget, reading: float):
    """One command's evaluation, `mtgkb.worker_calls.WORKER_CALLS[name](kb, args,
    started)`, in a worker process of a Pool of one: reading its input under `reading`
    seconds, then (from the call's `started(seconds)`) the evaluation under `seconds`
    (default `budget.timeout`), all of it under `budget.memory`.  Returns what the call
    returns; raises the call's ParseError (bad input), RecursionError, or OverBudget
    past a limit.  Ctrl-C kills the worker at once (KeyboardInterrupt)."""
    with Pool(1, budget) as pool:   # one worker: it loads what its call needs itself
        ((kind, data),) = pool.run([("call", name, args, reading)])
    if kind == "ok":
        return data
    if kind == "error":
        raise ParseError(**data)
    if kind == "recursion":
        raise RecursionError("the input nests too deeply")
    raise OverBudget(data["reason"])


@dataclass
class BudgetReport(CheckReport):
    """A check report that also says how many selected rulings were not checked
    (after the first failure under `stop_on_failure`)."""
    not_run: int = 0
    cited: list | None = None           # with `cited`: each result's CitedReport (mtgkb.cited)


def check(kb, paths: list[str], jobs: int, *, strict: bool = False, select: str | None = None,
          stop_on_failure: bool = False, memory: int = DEFAULT_MEMORY, cited: bool = False,
          progress: bool | None = None) -> tuple[BudgetReport, list[ParseError]]:
    """What `kb.check(paths, strict=strict)` returns (rulings restricted to the titles
    containing `select`), each ruling checked in a worker under `kb.timeout` seconds
    and `memory` bytes, in at most `jobs` worker processes.  With `cited`, the report's
    `cited` is the `check --cited` comparison of each result (mtgkb.cited), each made in
    a worker under the same budget as a ruling."""
    from .check import display_name
    from .sources import scan_paths

    files, problems, bad_names = scan_paths(paths)
    if not strict:  # as KnowledgeBase.check: warnings, or errors under --strict
        for p in problems:
            print(str(p).replace(": error: ", ": warning: ", 1), file=sys.stderr)
    errors: list[ParseError] = bad_names + (problems if strict else [])
    if stop_on_failure and errors:
        return BudgetReport([], not_run=0, cited=[] if cited else None), errors
    budget = Budget(kb.timeout, memory)
    show = sys.stderr.isatty() if progress is None else progress
    at_most = sum(_count_rulings(f, select) for f in files)   # the rulings to check, or more
    with Pool(jobs, budget, tasks=at_most) as pool:
        named = [(f, display_name(f)) for f in files]
        reading = {f: budget.timeout * max(1, _count_rulings(f)) for f, _ in named}
        files_read = pool.run([("file", f, d, reading[f]) for f, d in named], progress="reading" if show else None)
        items: list[tuple] = []     # in order: ("error", ParseError) or ("ruling", task)
        summary: dict = {}          # task -> its ruling's title, place and claims
        for (path, display), (kind, data) in zip(named, files_read):
            if kind == "error":
                items.append(("error", ParseError(**data)))
            elif kind == "budget":
                items.append(("error", ParseError(data["reason"], display, 1, 1,
                                                  expected=("a file that can be read within the limits",))))
            else:
                # the file's errors (its blocks without one still run), then its rulings
                items += [("error", ParseError(**e)) for e in data["errors"]]
                for ruling in data["rulings"]:
                    if select is None or select.casefold() in ruling["title"].casefold():
                        task = ("block", path, display, ruling["block"], reading[path])
                        items.append(("ruling", task))
                        summary[task] = ruling
        stop = len(items)
        if stop_on_failure:   # a file that cannot be read stops the check where it stands
            stop = next((n for n, (k, _) in enumerate(items) if k == "error"), stop)
        tasks = [(n, t) for n, (k, t) in enumerate(items[:stop]) if k == "ruling"]

        def failed(answer) -> bool:
            kind, data = answer
            return kind == "error" or (kind == "ok" and _ruling_result(data).status in ("failed", "error"))

        answers = pool.run([t for _, t in tasks], stop_on=failed if stop_on_failure else None,
                           progress="checking" if show else None)
        results: list[RulingResult] = []
        ran: list[tuple] = []       # the task of each result
        by_item = {n: a for (n, _), a in zip(tasks, answers)}
        last = stop
        for n, a in sorted(by_item.items()):
            if a is not None and stop_on_failure and failed(a):
                last = min(last, n)
                break
        kept = items[: last + 1] if last < len(items) else items
        not_run = 0
        for n, (k, t) in enumerate(items):
            if n >= len(kept):
                not_run += k == "ruling"
                continue
            if k == "error":
                errors.append(t)
                continue
            kind, data = by_item[n]
            if kind == "error":
                errors.append(ParseError(**data))
                continue
            results.append(_over_budget(summary[t], data["reason"]) if kind == "budget" else _ruling_result(data))
            ran.append(t)
        compared = _cited(pool, results, ran, show) if cited else None
    return BudgetReport(results, not_run=not_run, cited=compared), errors


def _cited(pool: "Pool", results: list[RulingResult], ran: list[tuple], show: bool) -> list:
    """check --cited: each result's CitedReport, made in the pool's workers (one task per
    ruling, under the budget of a ruling); one past it, or whose file cannot be read
    again, gets a note instead."""
    from .cited import CitedReport

    tasks = [("cited", path, display, i, dataclasses.asdict(rr), limit)
             for rr, (_, path, display, i, limit) in zip(results, ran)]
    out = []
    for kind, data in pool.run(tasks, progress="comparing citations" if show else None):
        if kind == "ok":
            out.append(CitedReport(**data))
        elif kind == "budget":
            out.append(CitedReport(note=f"not compared: {data['reason']}"))
        else:
            out.append(CitedReport(note=f"not compared: {data['message']}"))
    return out


_RULING_LINE = re.compile(rb"^[ \t]*ruling[ \t].*", re.MULTILINE)


def _count_rulings(path: str, select: str | None = None) -> int:
    """About how many rulings a file holds (lines that start a ruling block): reading
    the file gets that many rulings' time.  With `select`, only the lines that hold it
    (case-insensitive; a ruling whose title holds it is on such a line: at least the
    rulings `-k` keeps).  0 when it cannot be read (the worker says why)."""
    from .sources import read_bytes

    try:
        lines = _RULING_LINE.findall(read_bytes(path))
    except ParseError:
        return 0
    if select is None:
        return len(lines)
    want = select.casefold()
    return sum(want in line.decode("utf-8", "replace").casefold() for line in lines)


def _over_budget(d: dict, reason: str) -> RulingResult:
    """A ruling whose worker was stopped: every claim undetermined, with the reason."""
    claims = [ClaimResult(text, line, "undetermined", reason) for text, line in d["claims"]]
    return RulingResult(title=d["title"], about=d["about"], cites=list(d["cites"]), file=d["file"],
                        line=d["line"], kind=d.get("kind", "ruling"), claims=claims)


def _ruling_result(d: dict) -> RulingResult:
    d = dict(d)
    claims = [ClaimResult(**c) for c in d.pop("claims")]
    return RulingResult(**d, claims=claims)


# ----------------------------------------------------------------------------- the pool

class _Worker:
    def __init__(self, ctx, budget: Budget) -> None:
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_worker_main, args=(child, budget.timeout, budget.memory), daemon=True)
        with _sigint_ignored():   # started with SIGINT ignored (the handler is inherited across exec)
            self.proc.start()
        child.close()
        self.ready = False
        self.task: int | None = None
        self.file = None                # the file of its tasks (mtgkb.task_order)
        self.from_end = False           # it takes that file's tasks from the end
        self.limit = budget.timeout     # seconds of the task at hand (reading a file, or a ruling)
        self.reading = False
        self.started = 0.0
        self.phase = "parsing"
        self.born = time.monotonic()

    def kill(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join()
        self.conn.close()


class Pool:
    """At most `jobs` worker processes, each task under `budget`; a worker killed
    (past its deadline) or lost (out of memory) is replaced.  `tasks`: how many tasks
    the pool may run at most (None: unknown); it says whether more than one worker is
    to start, which is when loading what every worker needs here first pays
    (`_start_context`)."""

    def __init__(self, jobs: int, budget: Budget, tasks: int | None = None) -> None:
        self.jobs = max(1, jobs)
        self.budget = budget
        self.workers: list[_Worker] = []
        self._several = self.jobs > 1 and (tasks is None or tasks > 1)

    def __enter__(self) -> "Pool":
        return self

    def __exit__(self, *exc) -> None:
        self.close(kill=exc[0] is not None)

    def close(self, kill: bool = False) -> None:
        workers, self.workers = self.workers, []
        for w in workers:
            if not kill:
                with contextlib.suppress(OSError):
                    w.conn.send(None)
        for w in workers:
            if not kill:
                w.proc.join(timeout=5)
            w.kill()

    def run(self, tasks: list[tuple], *, stop_on=None, progress: str | None = None) -> list:
        """The answer of each task, in task order: ("ok", data), ("error", ParseError
        fields), ("budget", {"reason": ..., ...}), or None for a task not run because an
        earlier one answered `stop_on(answer)` true."""
        answers: list = [None] * len(tasks)
        bound = len(tasks)          # tasks from this index on are not run
        todo = list(range(len(tasks)))    # the tasks not handed out yet, in order
        done = 0
        try:
            while True:
                running = [w for w in self.workers if w.task is not None]
                todo = [i for i in todo if i < bound]
                if not todo and not running:
                    break
                self._grow(min(self.jobs, len(todo) + len(running)))
                for w in self.workers:
                    if w.ready and w.task is None and todo:
                        i = next_task(todo, tasks, w, self.workers)
                        todo.remove(i)
                        w.task, w.started, w.phase = i, time.monotonic(), "parsing"
                        w.limit, w.reading = tasks[i][-1], True
                        w.conn.send(tasks[i])
                for w, answer in self._wait():
                    i, w.task = w.task, None
                    answers[i] = answer
                    done += 1
                    if progress:
                        _show_progress(progress, done, min(bound, len(tasks)))
                    if stop_on is not None and stop_on(answer) and i + 1 < bound:
                        bound = i + 1
                        answers[bound:] = [None] * (len(tasks) - bound)
                        for v in list(self.workers):
                            if v.task is not None and v.task >= bound:
                                self._replace(v)
        finally:
            if progress:
                _show_progress(None, 0, 0)
        return answers

    def _grow(self, want: int) -> None:
        while len(self.workers) < want:
            warm = self._several or bool(self.workers)   # not the only worker: loaded once, here
            self.workers.append(_Worker(_start_context(self.budget, warm), self.budget))

    def _replace(self, w: _Worker) -> None:
        w.kill()
        self.workers.remove(w)

    def _wait(self):
        """Wait for a message, a worker's end or a deadline; the (worker, answer) pairs
        of the tasks that ended."""
        now = time.monotonic()
        waits = [w.started + w.limit + GRACE_SECONDS - now for w in self.workers if w.task is not None]
        waits += [w.born + START_SECONDS - now for w in self.workers if not w.ready]
        timeout = max(min(waits), 0.0) if waits else None
        ready = multiprocessing.connection.wait([w.conn for w in self.workers], timeout=timeout)
        ended = []
        for w in list(self.workers):
            if w.conn in ready:
                while True:
                    try:
                        msg = w.conn.recv()
                    except (EOFError, OSError):   # the worker is gone (killed by the system?)
                        if w.task is not None:
                            ended.append((w, ("budget", self._lost(w, None))))
                        elif not w.ready:
                            raise RuntimeError("a worker process could not start") from None
                        self._replace(w)
                        break
                    kind, data = msg
                    if kind == "ready":
                        w.ready = True
                    elif kind == "phase":
                        w.phase = data
                    elif kind == "start":   # its file is read (within its budget): the ruling's own starts
                        w.started, w.reading = time.monotonic(), False
                        w.limit = self.budget.timeout if data is None else data
                    elif kind == "memory" and not w.ready:
                        raise ParseError(f"a worker process cannot start within the memory limit of "
                                         f"{memory_text(self.budget.memory)}", "--memory", 1, 1,
                                         expected=("a larger memory limit",))
                    elif kind == "memory":   # it reported running out of memory, and ends
                        ended.append((w, ("budget", self._lost(w, "memory"))))
                        self._replace(w)
                        break
                    elif kind == "crash":
                        raise RuntimeError(f"in a worker process: {data}")
                    else:
                        ended.append((w, (kind, data)))
                    if not w.conn.poll():
                        break
        now = time.monotonic()
        answered = {id(w) for w, _ in ended}
        for w in list(self.workers):
            if w.task is not None and id(w) not in answered and now - w.started > w.limit + GRACE_SECONDS:
                ended.append((w, ("budget", self._lost(w, "time"))))
                self._replace(w)
            elif not w.ready and now - w.born > START_SECONDS:
                raise RuntimeError("a worker process did not start in time")
        return ended

    def _lost(self, w: _Worker, why: str | None) -> dict:
        if why == "time":
            reason = f"time limit of {w.limit:g} s reached while {'reading the file' if w.reading else w.phase}"
        elif why == "memory":
            reason = f"memory limit of {memory_text(self.budget.memory)} reached while {w.phase}"
        else:   # its pipe closed as it ended: wait for its exit code (the system's OOM killer is SIGKILL)
            w.proc.join(timeout=LOST_JOIN_SECONDS)
            code = w.proc.exitcode
            how = ("no exit code" if code is None else f"killed by {_signal_name(-code)}" if code < 0
                   else f"exit code {code}")
            reason = (f"the checking process ended while {w.phase} ({how}; "
                      f"the memory limit is {memory_text(self.budget.memory)})")
        return {"reason": reason}


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _show_progress(what: str | None, done: int, total: int) -> None:
    if what is None:
        sys.stderr.write("\r\x1b[K")
    else:
        sys.stderr.write(f"\rmtgkb: {what} {done}/{total}")
    sys.stderr.flush()


def _start_context(budget: Budget, warm: bool = True):
    """The multiprocessing context a new worker starts in.  On Linux, when this
    process can fork safely (it has one thread, this one), `fork`: with `warm`, what
    every worker loads first (a KnowledgeBase, the card names, both grammars' tables:
    `_warm_up`) is loaded here once, so that each worker starts with it in memory
    instead of starting a new interpreter that imports and loads it all again; without
    (the only worker of a pool), nothing: the worker loads what its tasks need, the
    Oracle grammar only when they read Oracle text.  Otherwise (another
    platform, or other threads that a fork could catch holding a lock) `spawn`: a
    fresh interpreter that loads everything itself.  Either way the worker runs the
    same `_worker_main`, under the same budget."""
    if not (sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()
            and threading.current_thread() is threading.main_thread() and threading.active_count() == 1):
        return multiprocessing.get_context(CONTEXT)
    try:
        if len(os.listdir("/proc/self/task")) != 1:   # threads of native code (none of Python's)
            return multiprocessing.get_context(CONTEXT)
    except OSError:
        return multiprocessing.get_context(CONTEXT)
    if warm:
        from .api import KnowledgeBase

        _warm_up(KnowledgeBase(timeout=budget.timeout))   # after the first time: all in memory, a few ms
    for stream in (sys.stdout, sys.stderr):   # a forked worker flushes its copy of their buffers when it ends
        with contextlib.suppress(Exception):
            stream.flush()
    return multiprocessing.get_context("fork")


@contextlib.contextmanager
def _sigint_ignored():
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old if old is not None else signal.default_int_handler)


# ----------------------------------------------------------------------------- in the worker

def _limit_memory(limit: int) -> None:
    """RLIMIT_AS of this process: `limit` bytes (at most the hard limit)."""
    try:
        import resource
    except ImportError:   # not POSIX: the time limit still holds
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _out_of_memory(e: BaseException) -> bool:
    return isinstance(e, MemoryError) or (isinstance(e, RuntimeError) and "bad_alloc" in str(e))


def _worker_main(conn, timeout: float, memory: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the parent decides when to stop
    _limit_memory(memory)
    from . import solver
    from .api import KnowledgeBase

    try:
        kb = KnowledgeBase(timeout=timeout)
        _warm_up(kb, oracle=False)   # the Oracle grammar: when a task first reads Oracle text
    except BaseException as e:  # noqa: BLE001 - reported to the parent, which decides
        conn.send(("memory", None) if _out_of_memory(e) else ("crash", f"{type(e).__name__}: {e}"))
        return
    files: dict = {}
    conn.send(("ready", None))
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        solver.start_budget(task[-1], lambda name: conn.send(("phase", name)))

        def started(seconds: float | None = None) -> None:   # the file is read: the ruling's budget starts now
            conn.send(("start", seconds))
            solver.start_budget(timeout if seconds is None else seconds, lambda name: conn.send(("phase", name)))

        try:
            answer = _run_task(kb, files, task, started)
        except ParseError as e:   # bad input found by a command (show, ask, why, pay)
            answer = "error", {f.name: getattr(e, f.name) for f in dataclasses.fields(e)}
        except BaseException as e:  # noqa: BLE001 - reported to the parent, which decides
            if _out_of_memory(e):
                files.clear()
                conn.send(("memory", None))
                return
            conn.send(("crash", f"{type(e).__name__}: {e}"))
            return
        finally:
            solver.start_budget(None)
        conn.send(answer)


def _run_task(kb, files: dict, task: tuple, started) -> tuple[str, dict]:
    """What `task` gives (its kind and data); input that nests too deeply for Python is
    bad input (as on the command line): an error at the ruling's block, or of the file."""
    try:
        return _answer(kb, files, task, started)
    except RecursionError:
        if task[0] == "call":
            return "recursion", None
        sf = files.get(task[1])
        line = sf.blocks[task[3]].pos.line if sf is not None and task[0] in ("block", "cited") else 1
        e = ParseError("the input nests too deeply to be checked", task[2], line, 1,
                       expected=("input with less nesting",))
        return "error", {f.name: getattr(e, f.name) for f in dataclasses.fields(e)}


def _answer(kb, files: dict, task: tuple, started) -> tuple[str, dict]:
    from .check import check_block, checked_blocks
    from .solver import phase

    if task[0] == "call":   # a command's evaluation (mtgkb.commands_budgeted)
        from .worker_calls import WORKER_CALLS

        _, name, args, _ = task
        files.clear()
        phase("parsing")
        return "ok", WORKER_CALLS[name](kb, args, started)
    if task[0] == "cited":   # check --cited: a checked ruling's citations against its proofs
        from .cited import cited_report

        _, path, display, i, rr, _ = task
        sf = files.get(path)
        if sf is None:
            files.clear()
            phase("parsing")
            sf = files[path] = kb.session.load(path, display=display)
        started()
        phase("stepping through the events")
        return "ok", dataclasses.asdict(cited_report(kb.session, sf, sf.blocks[i], _ruling_result(rr),
                                                     timeout=kb.timeout))
    if task[0] == "file":
        _, path, display, _ = task
        files.clear()   # one file at a time is kept (the rulings of a file come in order)
        phase("parsing")
        try:
            sf = files[path] = kb.session.load(path, display=display)
        except ParseError as err:
            return "error", {f.name: getattr(err, f.name) for f in dataclasses.fields(err)}
        return "ok", {"errors": [{f.name: getattr(e, f.name) for f in dataclasses.fields(e)} for e in sf.errors],
                      "rulings": [
            {"block": i, "title": b.title, "about": b.about, "cites": list(b.cites), "file": sf.path,
             "line": b.pos.line, "kind": b.kind, "claims": [(c.text, c.pos.line) for c in b.expect]}
            for i, b in ((i, sf.blocks[i]) for i in checked_blocks(sf))]}
    _, path, display, i, _ = task
    sf = files.get(path)
    fresh = sf is None
    if fresh:
        files.clear()
        phase("parsing")
        sf = files[path] = kb.session.load(path, display=display)
    started()
    phase("stepping through the events")
    if fresh:   # the cards of the file's rulings, their meaning at once (this worker takes its next rulings)
        from .engine.meaning_facts import file_meaning
        from .program import program_text

        file_meaning(kb.session, sf, program_text())
    rr, err = check_block(kb.session, sf, sf.blocks[i], kb._explain_failures)
    if err is not None:
        return "error", {f.name: getattr(err, f.name) for f in dataclasses.fields(err)}
    return "ok", dataclasses.asdict(rr)
