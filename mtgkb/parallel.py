"""`mtgkb check --jobs N`: ruling blocks checked in worker processes.

The parent parses every file (so that a file's parse error is reported where `--jobs 1`
reports it), then hands out one task per ruling block to a pool of worker processes
(the `spawn` context: no state is inherited, the same on every platform).  Each worker
builds its own `KnowledgeBase` (card database, solver) once, parses each file it is
given once, and runs the same per-block step as the in-process path
(`mtgkb.check.check_block`, with the knowledge base's explanations of failing claims).
Results come back as plain data (dicts), in task order, and are put together in the
order of `--jobs 1`: the output is the same, byte for byte.

Ctrl-C: the workers ignore SIGINT; the parent terminates the pool and re-raises.
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import os
import signal
import sys
import threading

from mtgkb.parser.errors import ParseError

from .results import CheckReport, ClaimResult, RulingResult

CONTEXT = "spawn"


def default_jobs() -> int:
    """The number of cores (at least 1)."""
    return max(1, os.cpu_count() or 1)


def check(kb, paths: list[str], jobs: int, *, strict: bool = False) -> tuple[CheckReport, list[ParseError]]:
    """What `kb.check(paths, strict=strict)` returns, with the ruling blocks run in `jobs` processes."""
    if jobs <= 1:
        return kb.check(paths, strict=strict)
    from .check import checked_blocks, display_name
    from .sources import scan_paths

    files, problems, bad_names = scan_paths(paths)
    plan: list[tuple[str, ParseError | list[int]]] = []   # per file: its parse error, or its ruling blocks
    tasks: list[tuple[str, str, int]] = []
    for path in files:
        display = display_name(path)
        try:
            sf = kb.session.load(path, display=display)
        except ParseError as e:
            plan.append((path, e))
            continue
        plan += [(path, e) for e in sf.errors]   # the file's errors (the blocks with none still run)
        idx = checked_blocks(sf)
        plan.append((path, idx))
        tasks += [(path, display, i) for i in idx]
    if len(tasks) <= 1:   # nothing to share out: no pool
        return kb.check(paths, strict=strict)
    if not strict:  # as KnowledgeBase.check: warnings, or errors under --strict
        for p in problems:
            print(str(p).replace(": error: ", ": warning: ", 1), file=sys.stderr)
    first = bad_names + (problems if strict else [])

    done = run_tasks(tasks, jobs=min(jobs, len(tasks)), timeout=kb.timeout)
    results: list[RulingResult] = []
    errors: list[ParseError] = list(first)
    it = iter(done)
    for _, item in plan:
        if isinstance(item, ParseError):
            errors.append(item)
            continue
        for _ in item:
            kind, data = next(it)
            if kind == "error":
                errors.append(ParseError(**data))
            else:
                results.append(_ruling_result(data))
    return CheckReport(results), errors


def run_tasks(tasks: list[tuple[str, str, int]], *, jobs: int, timeout: float) -> list[tuple[str, dict]]:
    """Each task (path, display name, block index) in a worker; the answers in task order."""
    ctx = multiprocessing.get_context(CONTEXT)
    pool = None
    try:
        with _sigint_ignored():   # the workers start with SIGINT ignored (inherited across exec)
            pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(timeout,))
        out = list(pool.imap(_run_task, tasks, chunksize=1))
    except BaseException:   # KeyboardInterrupt included: stop the workers now
        if pool is not None:
            pool.terminate()
            pool.join()
        raise
    pool.close()
    pool.join()
    return out


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

_worker: dict = {}


def _init_worker(timeout: float) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the parent decides when to stop
    from .api import KnowledgeBase

    _worker["kb"] = KnowledgeBase(timeout=timeout)
    _worker["files"] = {}


def _run_task(task: tuple[str, str, int]) -> tuple[str, dict]:
    from .check import check_block

    path, display, i = task
    kb = _worker["kb"]
    files = _worker["files"]
    sf = files.get(path)
    if sf is None:
        sf = files[path] = kb.session.load(path, display=display)
    rr, err = check_block(kb.session, sf, sf.blocks[i], kb._explain_failures)
    if err is not None:
        return "error", {f.name: getattr(err, f.name) for f in dataclasses.fields(err)}
    return "ok", dataclasses.asdict(rr)


def _ruling_result(d: dict) -> RulingResult:
    d = dict(d)
    claims = [ClaimResult(**c) for c in d.pop("claims")]
    return RulingResult(**d, claims=claims)
