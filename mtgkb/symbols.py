"""Terms as clingo symbols: the leaf every other module builds facts with.

User text (names, handles, ability text) only ever becomes a clingo String symbol;
it is never program text."""

from __future__ import annotations

from clingo import Function, Number, String, Symbol

from mtgkb.parser.terms import Fn, Term


def sym(t: Term) -> Symbol:
    """Term -> clingo symbol, one to one."""
    if isinstance(t, Fn):
        return Function(t.name, [sym(a) for a in t.args])
    if isinstance(t, bool):
        raise TypeError("booleans are not terms")
    if isinstance(t, int):
        return Number(t)
    if isinstance(t, str):
        return String(t)
    raise TypeError(f"not a term: {t!r}")


def atom(name: str, *args) -> Symbol:
    """A fact name(args...); arguments may be symbols or terms."""
    return Function(name, [a if isinstance(a, Symbol) else sym(a) for a in args])


def obj(n: int) -> Symbol:
    """The game object o(N)."""
    return Function("o", [Number(n)])
