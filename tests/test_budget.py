"""`mtgkb check` under one budget per ruling: a ruling past its time limit is killed
in its worker and reported `undetermined` with the reason while the others are
checked as usual (with any --jobs, 1 included); `--memory`, `-k` and `-x`; board
size limits; `pay`'s number ranges."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import DATA, REPO, interrupt_when_workers_run, pid_running, run_main_captured

from mtgkb import parallel
from mtgkb.budget import MEMORY_MIN, parse_memory

THREE = """ruling "bears are 2/2"
  given:
    Alice controls Grizzly Bears.
  expect:
    Grizzly Bears is 2/2.

ruling "bears are wrongly 3/3"
  given:
    Alice controls Grizzly Bears.
  expect:
    Grizzly Bears is 3/3.

ruling "Elves are 1/1"
  given:
    Alice controls Llanowar Elves.
  expect:
    Llanowar Elves is 1/1.
"""

# The middle ruling puts two hundred targeting triggers on the stack at once: its timeline
# branches on every target and order, far more than LIMIT seconds of work (about a minute).
SLOW = """card:
  Spell Watcher {1}{G}
  Creature \u2014 Elf
  Whenever you cast a spell, target creature gets +1/+1 until end of turn.
  1/1

ruling "bears first"
  given:
    Alice controls Grizzly Bears.
  expect:
    Grizzly Bears is 2/2.

ruling "two hundred triggers"
  given:
    Alice controls 200 Spell Watchers.
    Alice controls Grizzly Bears.
    Alice has {G} in her mana pool.
    Alice casts Giant Growth targeting Grizzly Bears.
  expect:
    Grizzly Bears is 2/2.
    Spell Watcher #2 is a creature.

ruling "elves last"
  given:
    Alice controls Llanowar Elves.
  expect:
    Llanowar Elves is 1/1.
"""


# A time limit that these checks of three one-permanent rulings cannot reach by accident
# (the default 10 s can be, on a loaded machine: a ruling past it is undetermined)
NO_LIMIT = ("--timeout", "600")


@pytest.fixture
def three(tmp_path):
    f = tmp_path / "three.mtg"
    f.write_text(THREE, encoding="utf-8")
    return str(f)


# ----------------------------------------------------------------------------- --memory

@pytest.mark.parametrize("text, n", [("2G", 2 * 1024 ** 3), ("512M", 512 * 1024 ** 2), ("1.5g", 3 * 1024 ** 3 // 2),
                                     ("268435456", 268435456), ("1T", 1024 ** 4)])
def test_memory_sizes(text, n):
    assert parse_memory(text) == n


@pytest.mark.parametrize("text", ["", "G", "2X", "-1G", "1e9", "2 G B", "12", "255M", "2T", "nan", "9" * 40])
def test_bad_memory_sizes_are_refused(text):
    with pytest.raises(ValueError):
        parse_memory(text)


def test_memory_option_is_a_usage_error_when_out_of_range(three):
    rc, out, err = run_main_captured(["check", "--memory", "12M", three])
    assert rc == 2 and out == ""
    assert "--memory" in err and "out of range" in err and "256M" in err
    assert MEMORY_MIN == 256 * 1024 ** 2


# ----------------------------------------------------------------------------- -k and -x

def test_k_selects_rulings_by_title_case_insensitively(three):
    rc, out, err = run_main_captured(["check", *NO_LIMIT, "--jobs", "1", "-k", "ELVES", three])
    assert rc == 0, err
    assert "Elves are 1/1" in out and "bears" not in out
    assert out.rstrip().endswith("1 rulings: 1 passed, 0 failed, 0 undetermined, 0 errors")
    rc, out, _ = run_main_captured(["check", *NO_LIMIT, "--jobs", "1", "-k", "no such title", three])
    assert rc == 0 and "0 rulings" in out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_x_stops_at_the_first_failure_and_says_how_many_were_not_run(three, jobs):
    rc, out, err = run_main_captured(["check", *NO_LIMIT, "--jobs", jobs, "-x", "--format", "json", three])
    assert rc == 1
    doc = json.loads(out)
    assert [r["title"] for r in doc["results"]] == ["bears are 2/2", "bears are wrongly 3/3"]
    assert [r["status"] for r in doc["results"]] == ["passed", "failed"]
    assert "stopped at the first failure (-x): 1 ruling not run" in err


def test_x_without_failures_runs_everything(three):
    rc, out, err = run_main_captured(["check", *NO_LIMIT, "--jobs", "1", "-x", "-k", "2/2", three])
    assert rc == 0 and "1 rulings: 1 passed" in out and err == ""


def test_x_stops_at_a_file_that_cannot_be_read(three):
    files = [str(DATA / "bad_sentence.mtg"), three]
    rc, out, err = run_main_captured(["check", *NO_LIMIT, "--jobs", "1", "-x", *files])
    assert rc == 2
    assert "0 rulings" in out and "bad_sentence.mtg:" in err
    assert "3 rulings not run" in err


# ----------------------------------------------------------------------------- the time limit

# The time limit of the runs below: some hundred times what the two small rulings take on
# an idle machine (so that a loaded machine cannot make them reach it by accident: a ruling
# past it would read "undetermined"), and a sixth of what the trigger pile takes.
LIMIT = "10"


@pytest.fixture(scope="module")
def slow_runs(tmp_path_factory):
    """`mtgkb check --jobs 1` and `--jobs 2` on SLOW under LIMIT, the two run side by side
    (each waits for its limit on the middle ruling)."""
    d = tmp_path_factory.mktemp("slow")
    f = d / "slow.mtg"
    f.write_text(SLOW, encoding="utf-8")
    procs = {jobs: subprocess.Popen([sys.executable, "-m", "mtgkb.cli", "check", "--format", "json", "--jobs", jobs,
                                     "--timeout", LIMIT, str(f)], cwd=d, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True)
             for jobs in ("1", "2")}
    out = {}
    for jobs, p in procs.items():
        stdout, stderr = p.communicate(timeout=600)
        out[jobs] = subprocess.CompletedProcess(p.args, p.returncode, stdout, stderr)
    return out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_ruling_past_its_time_limit_is_undetermined_and_the_others_are_checked(slow_runs, jobs):
    p = slow_runs[jobs]
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    doc = json.loads(p.stdout)
    assert [r["status"] for r in doc["results"]] == ["passed", "undetermined", "passed"]
    slow = doc["results"][1]
    assert [c["verdict"] for c in slow["claims"]] == ["undetermined", "undetermined"]
    assert [c["line"] for c in slow["claims"]] == [20, 21]
    message = slow["claims"][0]["message"]
    assert message.startswith(f"time limit of {LIMIT} s reached while "), message
    assert message.split(" while ")[1] in parallel.PHASES


def test_the_time_limit_gives_the_same_output_for_any_jobs(slow_runs):
    one, two = json.loads(slow_runs["1"].stdout), json.loads(slow_runs["2"].stdout)
    for doc in (one, two):   # the phase the worker was in may differ between runs
        for c in doc["results"][1]["claims"]:
            c["message"] = c["message"].split(" while ")[0]
    assert one == two


def test_the_memory_limit_holds_in_a_worker_process():
    """What a worker does first: its address space is limited, and running out of it is
    told apart from other errors (the parent then reports the ruling as undetermined)."""
    code = ("from mtgkb.parallel import _limit_memory, _out_of_memory\n"
            "_limit_memory(400 * 1024 ** 2)\n"
            "try:\n    b = bytearray(600 * 1024 ** 2)\n    print('not limited')\n"
            "except MemoryError as e:\n    print('limited', _out_of_memory(e))\n"
            "b = bytearray(50 * 1024 ** 2)\nprint('small ok')\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.stdout.split("\n")[:2] == ["limited True", "small ok"], p.stderr
    assert not parallel._out_of_memory(RuntimeError("other"))
    assert parallel._out_of_memory(RuntimeError("std::bad_alloc"))


def test_progress_is_written_only_when_asked(three, capsys):
    from mtgkb.api import KnowledgeBase

    kb = KnowledgeBase(timeout=600)   # a limit the ruling cannot reach by accident
    report, errors = parallel.check(kb, [three], 1, select="elves", progress=True)
    err = capsys.readouterr().err
    assert "mtgkb: checking 1/1" in err and err.endswith("\r\x1b[K")
    assert [r.status for r in report.results] == ["passed"] and errors == []
    parallel.check(kb, [three], 1, select="elves", progress=False)
    assert capsys.readouterr().err == ""


# ----------------------------------------------------------------------------- board size

def test_too_many_objects_is_bad_input_at_the_sentence(monkeypatch, tmp_path):
    from mtgkb.check import Session
    from mtgkb.engine import board_limits
    from mtgkb.parser.errors import ParseError

    monkeypatch.setattr(board_limits, "MAX_OBJECTS", 5)
    f = tmp_path / "board.mtg"
    f.write_text('ruling "board"\n  given:\n    Alice controls 3 Forests.\n    Alice controls Grizzly Bears.\n'
                 "    Bob controls two Islands.\n  expect:\n    Grizzly Bears is 2/2.\n", encoding="utf-8")
    s = Session()
    sf = s.load(str(f))
    with pytest.raises(ParseError) as e:
        s.evaluate(sf, sf.blocks[0])
    assert (e.value.line, e.value.column) == (5, 5)
    assert "at most 5 objects" in str(e.value) and "brings it to 6" in str(e.value)
    monkeypatch.setattr(board_limits, "MAX_OBJECTS", 6)
    rr, _, _ = s.evaluate(sf, sf.blocks[0])
    assert rr.status == "passed"


def test_the_board_limit_is_documented():
    from mtgkb.engine.board_limits import MAX_OBJECTS

    text = (REPO / "docs" / "engine.md").read_text(encoding="utf-8")
    assert f"{MAX_OBJECTS:,}" in text.split("## Limits")[1]


# ----------------------------------------------------------------------------- pay numbers

def test_pay_generic_mana_out_of_range_is_bad_input():
    f = str(REPO / "kb" / "rulings" / "foundation.mtg")
    for cost in ("{2147483648}", "{99999999999999999999}", "{999999}{2}"):
        rc, out, err = run_main_captured(["pay", cost, f])
        assert rc == 2 and out == "", (cost, err)
        assert "out of range" in err and "1,000,000" in err and "internal error" not in err
    rc, out, err = run_main_captured(["pay", "--limit", "99999999999999999999", "{1}", f])
    assert rc == 2 and "out of range" in err


def test_pay_within_range_still_answers():
    from mtgkb.mana_pay import GENERIC_MAX, parse_cost

    assert parse_cost("{1000000}") == ("1000000",)
    assert parse_cost("{2}{G}") == ("2", "G")
    with pytest.raises(ValueError):
        parse_cost("{%d}" % (GENERIC_MAX + 1))


# ----------------------------------------------------------------------------- Ctrl-C

@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_with_one_job_kills_the_worker_at_once(tmp_path):
    """--jobs 1 is a worker process too: SIGINT to the process group while it steps a
    large trigger pile stops everything at once (exit 130, no traceback, no worker left)."""
    import time

    f = tmp_path / "slow.mtg"
    f.write_text(SLOW, encoding="utf-8")
    code, err, seconds, kids = interrupt_when_workers_run(["check", "--jobs", "1", "--timeout", "600", str(f)],
                                                          tmp_path, workers=1, start_within=120)
    assert seconds < 20
    assert code == 130, err
    assert "Traceback" not in err
    time.sleep(0.5)
    assert [k for k in kids if pid_running(k)] == []
