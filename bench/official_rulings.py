"""Official rulings of randomly drawn cards: how often does the engine settle them, and is it
ever confidently wrong?

    python bench/official_rulings.py             # the whole trial set: one JSON document
    python bench/official_rulings.py --stats     # also wall time per topic (else deterministic)
    python bench/official_rulings.py --timeout 60 zones.mtg   # another time limit; only some topics

The sample (`bench/official_rulings/sample.json`, schema mtgkb.official_rulings_sample/1) is a
seeded draw of official rulings of cards drawn at random from MTGJSON set files (the draw rule
is in the file).  Each ruling has one category:

- **written**: its claim is said in the scenario language as one or more `ruling` blocks of
  `bench/official_rulings/<topic>.mtg` (`blocks`: their titles), claims that the ruling says
  hold;
- **not expressible**: the language cannot say the situation or the claim (`missing`: what);
- **not a rules claim**: a reading note, a reminder, a printing or tournament note.

The written blocks are checked in this process (`mtgkb.check.check_paths`, like
bench/honesty.py), each under the time limit.  A written ruling **passes** when each of its
blocks passes, **fails** when a block has a claim that fails (the engine says the opposite of
the official ruling: a defect), is an **error** when a block is, and is **undetermined**
otherwise.  A ruling may carry `known_failure` (the diagnosis of a defect not fixed yet): it is
still counted and listed, under `known_failures`, so that nothing is hidden;
tests/test_official_rulings_trial.py requires every other written ruling to pass or be
undetermined.

Prints one JSON document (schema mtgkb.official_rulings/1): counts per category, the pass /
undetermined / fail / error figures of the written rulings, per topic, the failures with
their first failing claim, why the undetermined claims are undetermined (counted by kind), and
what the not expressible ones miss (counted).  Exit status 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent / "official_rulings"
SAMPLE = HERE / "sample.json"
CATEGORIES = ("written", "not expressible", "not a rules claim")
OUTCOMES = ("pass", "undetermined", "fail", "error")
_BLOCK_OUTCOME = {"passed": "pass", "undetermined": "undetermined", "failed": "fail", "error": "error"}


def load_sample(path: Path = SAMPLE) -> dict:
    doc = json.loads(path.read_text(encoding="utf-8"))
    if doc.get("schema") != "mtgkb.official_rulings_sample/1":
        raise SystemExit(f"{path}: not an mtgkb.official_rulings_sample/1 document")
    return doc


def topic_files(topics: list[str] | None = None) -> list[Path]:
    files = sorted(HERE.glob("*.mtg"))
    if topics:
        want = {t if t.endswith(".mtg") else t + ".mtg" for t in topics}
        files = [f for f in files if f.name in want]
    return files


def run_blocks(files: list[Path], timeout: float, session=None, stats: dict | None = None) -> dict:
    """{title: RulingResult} of every block of the files, checked in this process."""
    from mtgkb.check import Session, check_paths

    session = session or Session(timeout=timeout)
    out = {}
    for f in files:
        t0 = time.perf_counter()
        report, errors = check_paths([str(f)], session=session)
        if errors:  # a trial file that does not read is a defect of the file, reported as such
            raise SystemExit(f"{f}: {errors[0]}")
        for rr in report.results:
            out[rr.title] = rr
        if stats is not None:
            stats[f.stem] = round(time.perf_counter() - t0, 2)
    return out


def undetermined_kind(message: str | None) -> str:
    """Why a claim is undetermined, as a kind (for counting)."""
    m = message or ""
    if "time limit" in m:
        return "time limit"
    if "what the scenario does not say" in m:
        return "hidden information"
    if "timeline was not settled" in m:
        return "unread text in the timeline"
    if "does not understand" in m:
        return "unread card text"
    if "outcomes" in m:
        return "too many outcomes"
    return "other"


def ruling_outcome(results: list) -> str:
    got = {_BLOCK_OUTCOME[r.status] for r in results}
    for o in ("error", "fail", "undetermined"):
        if o in got:
            return o
    return "pass"


def first_failing_claim(results: list) -> dict | None:
    for r in results:
        for c in r.claims:
            if c.verdict in ("fails", "error"):
                return {"block": r.title, "line": c.line, "claim": c.text, "verdict": c.verdict,
                        "message": c.message}
        if r.error is not None:
            return {"block": r.title, "line": r.line, "claim": None, "verdict": "error", "message": r.error}
    return None


def measure(sample: dict, blocks: dict) -> dict:
    rulings = sample["rulings"]
    cats = Counter(r["category"] for r in rulings)
    written = Counter()
    per_topic: dict[str, Counter] = {}
    failures, known, missing, undet = [], [], Counter(), Counter()
    claims = Counter()
    for r in rulings:
        if r["category"] == "not expressible":
            missing.update(r["missing"])
        if r["category"] != "written":
            continue
        res = [blocks[t] for t in r["blocks"] if t in blocks]
        if len(res) != len(r["blocks"]):
            continue  # its topic was not run
        outcome = ruling_outcome(res)
        written[outcome] += 1
        topic = Path(r["file"]).stem
        per_topic.setdefault(topic, Counter())[outcome] += 1
        for b in res:
            for c in b.claims:
                claims[c.verdict] += 1
                if c.verdict == "undetermined":
                    undet[undetermined_kind(c.message)] += 1
        if outcome in ("fail", "error"):
            entry = {"card": r["card"], "date": r["date"], "file": r["file"], "outcome": outcome,
                     "first_failing_claim": first_failing_claim(res)}
            if r.get("known_failure"):
                entry["known_failure"] = r["known_failure"]
                known.append(entry)
            else:
                failures.append(entry)
    ran = sum(written.values())
    return {
        "schema": "mtgkb.official_rulings/1",
        "sample": {"size": len(rulings), "seed": sample["draw"]["seed"],
                   "cards": len({r["card"] for r in rulings})},
        "categories": {c: cats.get(c, 0) for c in CATEGORIES},
        "written": {"rulings": ran, **{o: written.get(o, 0) for o in OUTCOMES},
                    "percent_pass": round(100.0 * written.get("pass", 0) / ran, 1) if ran else None},
        "claims": {v: claims.get(v, 0) for v in ("holds", "undetermined", "fails", "error")},
        "undetermined_claims_by_kind": dict(sorted(undet.items(), key=lambda kv: (-kv[1], kv[0]))),
        "per_topic": {t: {o: c.get(o, 0) for o in OUTCOMES} for t, c in sorted(per_topic.items())},
        "failures": failures,
        "known_failures": known,
        "not_expressible_missing": dict(sorted(missing.items(), key=lambda kv: (-kv[1], kv[0]))),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("topics", nargs="*", help="topic files of bench/official_rulings/ (default: all)")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="seconds per solve (default 60: generous, so that a loaded machine gives the same figures)")
    ap.add_argument("--stats", action="store_true", help="also wall time per topic (not deterministic)")
    a = ap.parse_args(argv)
    stats: dict | None = {} if a.stats else None
    t0 = time.perf_counter()
    blocks = run_blocks(topic_files(a.topics), a.timeout, stats=stats)
    doc = measure(load_sample(), blocks)
    if stats is not None:
        doc["stats"] = {"seconds_per_topic": stats, "seconds": round(time.perf_counter() - t0, 2)}
    json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
