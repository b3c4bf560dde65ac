"""A tiny term language for the *meaning* of card text.

The grammar's transformers build `Fn` trees; `mtgkb.facts` maps them one to one
onto clingo symbols (Fn -> Function, str -> String, int -> Number).  Keeping the
AST free of clingo lets the parser be used and tested on its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

Term = Union["Fn", str, int]


@dataclass(frozen=True, slots=True)
class Fn:
    """A compound term ``name(args...)``; with no args, a constant ``name``."""

    name: str
    args: tuple[Term, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.name
        return f"{self.name}({','.join(render(a) for a in self.args)})"


def fn(name: str, *args: Term) -> Fn:
    return Fn(name, tuple(args))


def tup(*args: Term) -> Fn:
    """A tuple term (a function with an empty name, as in clingo)."""
    return Fn("", tuple(args))


def render(t: Term) -> str:
    if isinstance(t, Fn):
        if t.name == "":
            inner = ",".join(render(a) for a in t.args)
            return f"({inner},)" if len(t.args) == 1 else f"({inner})"
        return str(t)
    if isinstance(t, str):
        return '"' + t.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    return str(t)
