"""Helpers of the golden-term tests of the Oracle grammar: a face's effects, rendered."""

from __future__ import annotations

from functools import lru_cache

from mtgkb.parser.terms import render


def effects(db, name: str, index: int) -> list[str]:
    """The rendered effect terms of ability `index` (0-based) of the face `name`; it must be understood."""
    ab = db.face(name).abilities[index]
    assert ab.understood, ab.reason
    return [render(e) for e in ab.effects]


@lru_cache(maxsize=1)
def database_cards() -> tuple:
    """Every card of the embedded database, parsed once per test run (whole-database scans)."""
    from mtgkb.vocabulary import database_cards as load

    return tuple(load())


def all_terms(ab) -> str:
    """Every term of an ability rendered and joined: effects, riders, costs, trigger, condition."""
    parts = [render(e) for e in ab.effects] + [render(r) for r in ab.riders] + [render(c) for c in ab.costs]
    if ab.trigger is not None:
        parts.append(render(ab.trigger))
    if ab.condition is not None:
        parts.append(render(ab.condition))
    return " ".join(parts)


def applied_golden(db, golden) -> list[tuple[str, int, str]]:
    """The rows (face, ability index (0-based), term) of a golden list whose ability rules.lp
    applies (a breadth pass's new terms must leave their abilities unread: this stays empty)."""
    from mtgkb.coverage import derive

    names = sorted({n for n, _, _ in golden})
    atoms, _ = derive([db.face(n) for n in names], frozenset({"applied"}))
    applied = {str(a.arguments[0]) for a in atoms if a.name == "applied"}
    return [(n, i, t) for n, i, t in golden if f'ab("{n}",{i + 1})' in applied]


def parse_applied(tmp_path, text: str) -> list[bool]:
    """`mtgkb parse --json` of a cards file: whether each ability is applied (in order)."""
    import contextlib
    import io
    import json

    from mtgkb.cli import main

    f = tmp_path / "cards.txt"
    f.write_text(text, encoding="utf-8")
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        main(["parse", "--json", str(f)])
    return [a["applied"] for c in json.loads(buf.getvalue())["cards"] for a in c["abilities"]]


def derive_ability(fs: list, names) -> list:
    """What the whole program derives (`names`) from one ability's facts `fs`, without the atoms of the
    predefined tokens' own abilities (tokens_predefined.lp derives those whatever the facts)."""
    from mtgkb.coverage import derive_from_facts

    return [x for x in derive_from_facts(fs, names) if not str(x).split("(", 1)[-1].startswith("predef(")]
