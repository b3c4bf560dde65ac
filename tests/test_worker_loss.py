"""A worker that runs out of memory in the middle of a ruling, or ends any other way:
that ruling is `undetermined` with the reason (input that nests too deeply for Python
is bad input, as on the command line), the rulings before and after it in the same
file are checked as usual, and nothing is an internal error.

The ways a worker is lost are made on purpose here, by the ruling's own work in the
worker (`check_block` replaced in the process the workers are forked from); the real
trigger pile that runs out of 256M is in bench/limits.py and the issue's closing note."""

from __future__ import annotations

import os
import signal
import sys

import pytest

from mtgkb import check as check_module
from mtgkb import parallel
from mtgkb.api import KnowledgeBase
from mtgkb.budget import MEMORY_MIN, memory_text

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers forked from this process")

THREE = "".join(f'ruling "{t}"\n  given:\n    Alice controls Grizzly Bears.\n  expect:\n    Grizzly Bears is 2/2.\n\n'
                for t in ("first", "the one that is lost", "last"))


def _grow_until_out_of_memory():
    chunks = []
    while True:   # a ruling's work that keeps growing: RLIMIT_AS of the worker stops it
        chunks.append(bytearray(16 * 1024 * 1024))


LOSSES = {
    "python out of memory": _grow_until_out_of_memory,
    "clingo out of memory": lambda: (_ for _ in ()).throw(RuntimeError("std::bad_alloc")),
    "killed": lambda: os.kill(os.getpid(), signal.SIGKILL),
    "exits": lambda: os._exit(7),
    "nests too deeply": lambda: (_ for _ in ()).throw(RecursionError("maximum recursion depth exceeded")),
}


def _memory_limit() -> int:
    """256M more than this process's address space (a forked worker starts with all of
    it; after many tests it is far above the smallest limit), in whole megabytes."""
    with open("/proc/self/status", encoding="ascii") as f:
        size = next(int(ln.split()[1]) * 1024 for ln in f if ln.startswith("VmSize:"))
    return max(MEMORY_MIN, (size // 1024 ** 2 + 256) * 1024 ** 2)


@pytest.fixture
def lost(monkeypatch, tmp_path):
    real = check_module.check_block

    def run(how: str):
        def check_block(session, sf, block, *args, **kw):
            if block.title == "the one that is lost":
                LOSSES[how]()
            return real(session, sf, block, *args, **kw)

        monkeypatch.setattr(check_module, "check_block", check_block)
        monkeypatch.setattr(parallel, "CONTEXT", "fork")   # the replacement must reach the workers
        f = tmp_path / "three.mtg"
        f.write_text(THREE, encoding="utf-8")
        limit = _memory_limit()
        report, errors = parallel.check(KnowledgeBase(timeout=30), [str(f)], 1, memory=limit)
        return report.results, errors, memory_text(limit)

    return run


@pytest.mark.parametrize("how", ["python out of memory", "clingo out of memory"])
def test_out_of_memory_mid_ruling_is_undetermined_with_the_limit(lost, how):
    results, errors, limit = lost(how)
    assert errors == []
    assert [r.status for r in results] == ["passed", "undetermined", "passed"]
    (claim,) = results[1].claims
    assert claim.verdict == "undetermined"
    assert claim.message == f"memory limit of {limit} reached while stepping through the events"


@pytest.mark.parametrize("how,code", [("killed", "killed by SIGKILL"), ("exits", "exit code 7")])
def test_a_worker_that_ends_mid_ruling_gives_its_exit_code(lost, how, code):
    results, errors, limit = lost(how)
    assert errors == []
    assert [r.status for r in results] == ["passed", "undetermined", "passed"]
    (claim,) = results[1].claims
    assert claim.message == f"the checking process ended while stepping through the events ({code}; the memory limit is {limit})"


def test_a_ruling_that_nests_too_deeply_is_bad_input_at_its_block(lost):
    """As on the command line (exit 2, never an internal error): here in the worker."""
    results, errors, _ = lost("nests too deeply")
    assert [r.title for r in results] == ["first", "last"] and {r.status for r in results} == {"passed"}
    (e,) = errors
    assert (e.line, e.column) == (7, 1) and e.message == "the input nests too deeply to be checked"
