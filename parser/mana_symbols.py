"""Mana symbols as terms (107.4): the one reading of "{G}", "{2/W}", "{U/P}", ... that
card text, scenario sentences and `mtgkb pay` share.  A leaf."""

from __future__ import annotations

from .terms import Fn, fn


def mana_symbol_term(sym: str) -> Fn:
    """A cost symbol without braces -> its term (107.4)."""
    s = sym.upper()
    if s.isdigit():
        return fn("generic", int(s))
    if s in ("W", "U", "B", "R", "G"):
        return fn("colored", fn(s.lower()))
    if s == "C":
        return fn("colorless")
    if s == "S":
        return fn("snow")
    if s == "X":
        return fn("x")
    a, _, b = s.partition("/")
    if b == "P":
        return fn("phyrexian", fn(a.lower()))
    if a == "2":
        return fn("twobrid", fn(b.lower()))
    if b:
        return fn("hybrid", fn(a.lower()), fn(b.lower()))
    return fn("symbol", s)
