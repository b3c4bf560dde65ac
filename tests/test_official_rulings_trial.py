"""The trial of official rulings (bench/official_rulings.py): no written ruling of randomly
drawn cards fails or is an error -- each passes or is undetermined -- unless the sample
records it as a known failure with its diagnosis.

The sample file is checked whole (every ruling categorised, every written one pointing at
blocks that exist, every block belonging to one ruling); the blocks of the topics below are
checked by the engine (the whole set is `python bench/official_rulings.py`)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

_BENCH = Path(__file__).resolve().parent.parent / "bench" / "official_rulings.py"
_spec = importlib.util.spec_from_file_location("mtgkb_bench_official_rulings", _BENCH)
trial = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = trial
_spec.loader.exec_module(trial)

# The topics the engine checks here (the others run in the benchmark): the ones whose blocks
# settle most claims, so that a regression shows.
CHECKED_TOPICS = ("mana", "zones")


def _titles(path: Path) -> list[str]:
    return re.findall(r'^ruling "(.*)"', path.read_text(encoding="utf-8"), re.M)


def test_sample_is_whole():
    sample = trial.load_sample()
    rulings = sample["rulings"]
    assert len(rulings) >= 120
    per_card: dict[str, int] = {}
    for r in rulings:
        per_card[r["card"]] = per_card.get(r["card"], 0) + 1
        assert r["category"] in trial.CATEGORIES, r
        assert r["summary"] and r["date"], r
        if r["category"] == "written":
            assert r["blocks"] and r["file"].endswith(".mtg"), r
        elif r["category"] == "not expressible":
            assert r["missing"], r
        else:
            assert r["reason"], r
    assert max(per_card.values()) <= 2
    blocks = [t for r in rulings if r["category"] == "written" for t in r["blocks"]]
    assert len(blocks) == len(set(blocks)), "a block belongs to one ruling"
    in_files = {t: f.name for f in trial.topic_files() for t in _titles(f)}
    assert set(blocks) == set(in_files), "every written ruling has its blocks, and every block a ruling"
    for r in rulings:
        for t in r.get("blocks", ()):
            assert in_files[t] == r["file"], (t, r["file"])


def test_every_block_names_its_card_and_date():
    sample = trial.load_sample()
    by_title = {t: r for r in sample["rulings"] for t in r.get("blocks", ())}
    for f in trial.topic_files():
        text = f.read_text(encoding="utf-8")
        for m in re.finditer(r'^ruling "(.*)"\n  about: (.*)\n', text, re.M):
            r = by_title[m.group(1)]
            assert m.group(2) == f"{r['card'].split(' // ')[0]}, {r['date']}", m.group(0)


@pytest.fixture(scope="module")
def checked():
    return trial.run_blocks(trial.topic_files(list(CHECKED_TOPICS)), timeout=60.0)


def test_no_trial_ruling_fails(checked):
    doc = trial.measure(trial.load_sample(), checked)
    assert doc["written"]["rulings"] == sum(
        1 for r in trial.load_sample()["rulings"]
        if r["category"] == "written" and Path(r["file"]).stem in CHECKED_TOPICS)
    assert doc["failures"] == [], doc["failures"]
    # the instrument can fail: a ruling stated the other way round is a failure it reports
    flipped = {t: r for t, r in checked.items()}
    title, rr = next((t, r) for t, r in flipped.items() if r.status == "passed")
    claim = rr.claims[0]
    bad = type(claim)(claim.text, claim.line, "fails", "stated the other way round")
    flipped[title] = type(rr)(rr.title, rr.about, rr.cites, rr.file, rr.line, claims=[bad])
    doc2 = trial.measure(trial.load_sample(), flipped)
    assert [f["first_failing_claim"]["block"] for f in doc2["failures"]] == [title]


def test_known_failures_are_diagnosed():
    for r in trial.load_sample()["rulings"]:
        if "known_failure" in r:
            assert r["category"] == "written" and len(r["known_failure"]) > 20, r
