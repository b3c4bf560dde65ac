"""The vocabulary of the Oracle grammar: every term name it emits over a card database,
with the first (short) line that produces it.  docs/oracle-meaning.md's appendix is this
table; `python -m mtgkb.vocabulary docs/oracle-meaning.md` rewrites it from the embedded
database, and tests/test_oracle_vocabulary.py checks that no emitted name is missing."""

from __future__ import annotations

import re
import sys
from importlib.resources import as_file
from typing import Iterable, Iterator

from .parser.card_ast import Ability, Card
from .parser.terms import Fn

APPENDIX_HEAD = "## 11. Appendix: every term name the grammar emits"
_REMINDER = re.compile(r"\s*\([^()]*\)")   # reminder text (the grammar drops it too)
SHORT_LINE = 110   # the example line of a name: the first one at most this long, else the first


def ability_parts(ab: Ability) -> list[tuple[str, object]]:
    """(part, term) for every top-level term of an understood ability, in the order trigger,
    condition, costs, effects, riders (what `mtgkb parse --terms` prints)."""
    return (([("trigger", ab.trigger)] if ab.trigger is not None else [])
            + ([("condition", ab.condition)] if ab.condition is not None else [])
            + [("costs", t) for t in ab.costs] + [("effects", t) for t in ab.effects]
            + [("riders", t) for t in ab.riders])


def term_names(t) -> Iterator[str]:
    if isinstance(t, Fn):
        if t.name:
            yield t.name
        for a in t.args:
            yield from term_names(a)


def vocabulary(cards: Iterable[Card]) -> dict[str, str]:
    """term name -> the first line producing it (the first of at most SHORT_LINE characters
    when there is one), in database order."""
    first: dict[str, str] = {}
    short: dict[str, str] = {}
    for card in cards:
        for face in card.faces:
            for ab in face.abilities:
                if not ab.understood:
                    continue
                text = _REMINDER.sub("", ab.text).strip()
                for _, t in ability_parts(ab):
                    for n in term_names(t):
                        first.setdefault(n, text)
                        if len(text) <= SHORT_LINE:
                            short.setdefault(n, text)
    return {n: short.get(n, first[n]) for n in sorted(first)}


def documented_names(doc: str) -> set[str]:
    """The term names of the appendix table of docs/oracle-meaning.md."""
    i = doc.find(APPENDIX_HEAD)
    return set(re.findall(r"^\| `([^`]+)` \|", doc[i:], re.M)) if i >= 0 else set()


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def rewrite_appendix(doc: str, names: dict[str, str]) -> str:
    """The doc with a row added to its appendix for each name it lacks (rows it has are
    kept as they are: their example lines stay stable), sorted by name."""
    i = doc.index(APPENDIX_HEAD)
    j = doc.index("| term |", i)
    rows = dict(re.findall(r"^\| `([^`]+)` \| (.*) \|$", doc[j:], re.M))
    for n, line in names.items():
        rows.setdefault(n, _cell(line))
    table = "".join(f"| `{n}` | {rows[n]} |\n" for n in sorted(rows))
    return doc[:j] + "| term | first line producing it |\n|---|---|\n" + table


def database_cards() -> list[Card]:
    """Every card of the embedded database, in its order (every face)."""
    from .cardfiles import load_cards
    from .paths import card_database

    with as_file(card_database()) as path:
        return load_cards(str(path))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m mtgkb.vocabulary docs/oracle-meaning.md", file=sys.stderr)
        return 2
    cards = database_cards()
    with open(argv[0], encoding="utf-8") as f:
        doc = f.read()
    with open(argv[0], "w", encoding="utf-8") as f:
        f.write(rewrite_appendix(doc, vocabulary(cards)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
