"""`mtgkb check --jobs N`: rulings checked in worker processes print the same bytes,
in the same order, as `--jobs 1` (text, JSON, JUnit; parse errors included), and
Ctrl-C stops the workers."""

from __future__ import annotations

import os
import sys
import time

import pytest

from conftest import DATA, REPO, embedded_check_run, interrupt_when_workers_run, pid_running, run_main_captured

FORMATS = ("text", "json", "junit")


# Files of the embedded knowledge base with each kind of ruling: characteristics, mana payments,
# timelines with triggers and delayed triggers, casting with costs, hidden library cards (about 70
# rulings; the whole knowledge base takes minutes twice over and adds no kind of work)
EMBEDDED_SPREAD = tuple(str(REPO / "kb" / "rulings" / n) for n in (
    "foundation.mtg", "mana-snow.mtg", "delayed-triggers.mtg", "triggers-orvar.mtg", "casting-costs.mtg",
    "libraries-and-hands.mtg"))


@pytest.fixture(scope="module")
def embedded_spread_runs():
    """`mtgkb check --jobs 1` and `--jobs 2` (worker processes) on EMBEDDED_SPREAD, each computed
    once, rendered in each format."""
    return embedded_check_run(1, paths=EMBEDDED_SPREAD), embedded_check_run(2, paths=EMBEDDED_SPREAD)


@pytest.mark.parametrize("fmt", FORMATS)
def test_jobs_2_prints_what_jobs_1_prints_on_the_embedded_rulings(embedded_spread_runs, fmt):
    one, two = embedded_spread_runs[0][fmt], embedded_spread_runs[1][fmt]
    assert two[0] == one[0] == 0
    assert two[1] == one[1]
    assert two[2] == one[2] == ""
    report, _ = embedded_spread_runs[0]["result"]
    assert len(report.results) > 60


# Parse errors of whole files (bad_*), an error found while evaluating a block (an unknown
# card), failing and undetermined rulings, and a hostile file, in one command.
MIXED = [str(DATA / n) for n in ("verdicts.mtg", "bad_sentence.mtg", "undetermined.mtg", "bad_unknown_card.mtg",
                                 "hostile.mtg", "bad_cites.mtg", "bad_unknown_handle.mtg")] + \
        [str(REPO / "kb" / "rulings" / "foundation.mtg")]


@pytest.fixture(scope="module")
def mixed_runs():
    """`mtgkb check --jobs 1` and `--jobs 2` on MIXED, each computed once, in each format."""
    return embedded_check_run(1, paths=tuple(MIXED)), embedded_check_run(2, paths=tuple(MIXED))


@pytest.mark.parametrize("fmt", FORMATS)
def test_jobs_2_reports_parse_errors_as_jobs_1(mixed_runs, fmt):
    one, two = mixed_runs[0][fmt], mixed_runs[1][fmt]
    assert one[0] == 2 and one[2].count("error:") >= 4
    assert two == one


def test_default_jobs_is_the_number_of_cores():
    from mtgkb.cli import build_parser
    from mtgkb.parallel import default_jobs

    assert build_parser().parse_args(["check"]).jobs is None   # cmd_check: None -> default_jobs()
    assert default_jobs() == max(1, os.cpu_count() or 1)


def test_results_cross_processes_as_plain_data():
    from mtgkb.parallel import _ruling_result
    import dataclasses

    from mtgkb.results import ClaimResult, RulingResult

    rr = RulingResult(title="t", about=None, cites=["1.1"], file="f.mtg", line=3,
                      claims=[ClaimResult("X is 1/1.", 4, "fails", "no", ["because"])], stats={"solves": 2})
    assert _ruling_result(dataclasses.asdict(rr)) == rr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_stops_the_workers(tmp_path):
    """SIGINT to the process group (what a terminal's Ctrl-C sends) while workers run:
    exit code 130, no traceback, and no worker left running."""
    code, err, _, kids = interrupt_when_workers_run(["check", "--jobs", "2"], tmp_path, workers=2, start_within=300)
    assert code == 130, err
    assert "Traceback" not in err
    time.sleep(0.5)
    assert [k for k in kids if pid_running(k)] == []
