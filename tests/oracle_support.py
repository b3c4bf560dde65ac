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
