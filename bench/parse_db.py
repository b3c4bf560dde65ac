"""Parse the whole card database and print figures as JSON.

    python bench/parse_db.py [PATH] [--coverage] [--top=N]
    python bench/parse_db.py [PATH] --compare [--runs=N]

Prints {"cards": N, "seconds": S, "cards_per_second": R} and, with --coverage,
the mtgkb.coverage/1 document as well.

--compare parses the whole database with the Oracle lexer as it was before the
phrase index and the word memo (every phrase tried at every token whose word
starts a phrase: `reference_merge_phrases` below, the same algorithm the test
tests/test_performance_lexer.py keeps; every word tokenized at each occurrence,
through the same tuple form, so "before" pays a few extra tuples) and as it is
now (the memo emptied before each run), alternately, N times each
(default 3), in this one process, and prints the median CPU seconds (and wall
seconds) and cards per CPU second of each, their ratio, and whether the two gave the same abilities.  The parse cache
of normalised lines is emptied before every run, so every run parses every line.

A benchmark, not a timed test.
"""

from __future__ import annotations

import gzip
import json
import statistics
import sys
import time


def reference_merge_phrases(toks):
    """The Oracle lexer's `_merge_phrases` before the phrase index, unchanged."""
    from mtgkb.parser.oracle_lexer import PHRASES, Tok

    first = {p[0] for p in PHRASES}
    out = []
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        if t.kind == "lit" and t.value in first:
            for p in PHRASES:
                k = len(p)
                if k > 1 and i + k <= n and all(
                    (toks[i + j].kind == "lit" and toks[i + j].value == p[j])
                    or (p[j] == "a" and toks[i + j].kind == "lit" and toks[i + j].value == "an")
                    for j in range(k)
                ):
                    out.append(Tok("lit", "_".join(p), t.column))
                    i += k
                    break
            else:
                out.append(t)
                i += 1
            continue
        out.append(t)
        i += 1
    return out


def _parse_all(lines: list[str], path: str) -> tuple[float, float, list]:
    """(CPU seconds, wall seconds, cards) of parsing every line, the line cache empty."""
    from mtgkb.parser import oracle
    from mtgkb.parser.cardjson import card_from_json

    oracle._parse_normalised.cache_clear()
    c, t = time.process_time(), time.perf_counter()
    cards = [card_from_json(json.loads(line), file=path, line=n) for n, line in enumerate(lines, start=1)]
    return time.process_time() - c, time.perf_counter() - t, cards


def compare(lines: list[str], path: str, runs: int) -> dict:
    from mtgkb.parser import oracle_lexer

    new_merge, new_shape = oracle_lexer._merge_phrases, oracle_lexer._word_shape

    def unmemoised_shape(word):  # every occurrence of a word tokenized again, as before the memo
        return tuple((t.kind, t.value, t.column, t.orig) for t in oracle_lexer._word_tokens(word, 0))

    times: dict[str, list[float]] = {"before": [], "after": []}
    walls: dict[str, list[float]] = {"before": [], "after": []}
    results = {}
    try:
        for _ in range(runs):
            for label, merge, shape in (("before", reference_merge_phrases, unmemoised_shape),
                                        ("after", new_merge, new_shape)):
                oracle_lexer._merge_phrases, oracle_lexer._word_shape = merge, shape
                new_shape.cache_clear()
                cpu, wall, cards = _parse_all(lines, path)
                times[label].append(cpu)
                walls[label].append(wall)
                results[label] = [(f.name, [(a.kind, a.understood, repr(a.effects)) for a in f.abilities])
                                  for c in cards for f in c.faces]
    finally:
        oracle_lexer._merge_phrases, oracle_lexer._word_shape = new_merge, new_shape
    out = {"cards": len(lines), "runs": runs}
    for label, ts in times.items():
        med = statistics.median(ts)
        out[label] = {"median_cpu_seconds": round(med, 3), "cpu_seconds": [round(x, 3) for x in ts],
                      "median_wall_seconds": round(statistics.median(walls[label]), 3),
                      "cards_per_cpu_second": round(len(lines) / med, 1)}
    out["speedup_cpu"] = round(out["before"]["median_cpu_seconds"] / out["after"]["median_cpu_seconds"], 2)
    out["identical_abilities"] = results["before"] == results["after"]
    return out


def main(argv: list[str]) -> int:
    from mtgkb import paths
    from mtgkb.parser.oracle import _parser

    args = [a for a in argv if not a.startswith("--")]
    path = args[0] if args else str(paths.card_database())
    t0 = time.perf_counter()
    _parser()
    t_grammar = time.perf_counter() - t0
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        lines = list(fh)
    if "--compare" in argv:
        runs = int(next((a.split("=")[1] for a in argv if a.startswith("--runs=")), 3))
        out = {"grammar_seconds": round(t_grammar, 3), **compare(lines, path, runs)}
        print(json.dumps(out, indent=2))
        return 0 if out["identical_abilities"] else 1
    cpu, secs, cards = _parse_all(lines, path)
    out = {"cards": len(cards), "grammar_seconds": round(t_grammar, 3), "seconds": round(secs, 3),
           "cpu_seconds": round(cpu, 3), "cards_per_second": round(len(cards) / secs, 1) if secs else None}
    if "--coverage" in argv:
        from mtgkb.coverage import coverage

        out["coverage"] = coverage(cards, top=int(next((a.split("=")[1] for a in argv if a.startswith("--top=")), 25)))
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
