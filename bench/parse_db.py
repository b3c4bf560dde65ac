"""Parse the whole card database and print figures as JSON.

    python bench/parse_db.py [PATH] [--coverage]

Prints {"cards": N, "seconds": S, "cards_per_second": R} and, with --coverage,
the mtgkb.coverage/1 document as well.  A benchmark, not a timed test.
"""

from __future__ import annotations

import gzip
import json
import sys
import time


def main(argv: list[str]) -> int:
    from mtgkb import paths
    from mtgkb.coverage import coverage
    from mtgkb.parser.cardjson import card_from_json
    from mtgkb.parser.oracle import _parser

    args = [a for a in argv if not a.startswith("--")]
    path = args[0] if args else str(paths.card_database())
    t0 = time.perf_counter()
    _parser()
    t_grammar = time.perf_counter() - t0
    t1 = time.perf_counter()
    cards = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for n, line in enumerate(fh, start=1):
            cards.append(card_from_json(json.loads(line), file=path, line=n))
    secs = time.perf_counter() - t1
    out = {"cards": len(cards), "grammar_seconds": round(t_grammar, 3), "seconds": round(secs, 3),
           "cards_per_second": round(len(cards) / secs, 1) if secs else None}
    if "--coverage" in argv:
        out["coverage"] = coverage(cards, top=int(next((a.split("=")[1] for a in argv if a.startswith("--top=")), 25)))
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
