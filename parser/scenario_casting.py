"""Casting sentences of the scenario language: how a spell is cast and paid, copies of
spells, the mana pool and the mana spent.

given (parts of a cast sentence, after its targets or X):
    "Alice casts Tundra Fumarole targeting Hill Giant, paying with Snow-Covered Mountain and Mountain."
    "..., spending {S}{S}{R}."                   ({S}: mana from a snow source; {R}: red mana from another)
    "Alice casts Vines of Vastwood targeting Grizzly Bears with kicker."        (702.33d)
    "Alice casts Hooded Hydra without paying its mana cost."                   (118.9, 107.3b)
    "Alice casts Bone Splinters targeting Hill Giant, sacrificing Grizzly Bears."  (118.8, 601.2h)
    "Alice casts Tormenting Voice, discarding Orvar, the All-Form."
    "Alice copies Tundra Fumarole called \"Fumarole Copy\"."                   (707.10)
    "Alice copies Tundra Fumarole targeting Grizzly Bears."                    (new targets, 707.10c)
expect:
    "Alice has {C}{C} in her mana pool."   "Alice has no mana in her mana pool."
    "3 mana was spent to cast Tundra Fumarole."   "2 mana from snow sources was spent to cast Tundra Fumarole."
    "No mana was spent to cast Fumarole Copy."

A cast's parts become arguments of the tl_cast sentence (`scenario_timeline`); the copy is
a `tl_copy` sentence; claims become query terms `pool_is(...)` and `spent_is(...)` that
rules.lp (mtgkb/rules/casting.lp) answers.
"""

from __future__ import annotations

import re

from lark import Token, Tree

from .scenario_tails import MANA_TYPES, col, read_tails, refuse_parts
from .scenario_words import NUMBER_WORDS
from .terms import fn

# ----------------------------------------------------------------------------- given

def _copy(b, ch, ln):
    """'Alice copies Tundra Fumarole [targeting ...] [called "..."].'"""
    from_timeline = read_tails(b, ln, ch[2:])
    refuse_parts(b, ln, from_timeline, {"called"}, "a copy of a spell")
    if from_timeline["x"] is not None or from_timeline["choosing"] is not None or from_timeline["value"] is not None:
        raise b.error("a copy has the X and the choices of the spell it copies (707.10)", ln, 1,
                      expected=("targeting …", 'called "…"'))
    player = str(ch[0])
    tok = ch[1].children[0]
    original = b.resolve(str(tok), ln, tok)
    called = from_timeline["called"]
    if called is not None:
        if called in b.ctx.handles:
            raise b.error(f"the handle {called!r} is already taken", ln)
        b.ctx.handles.add(called)
        b.ctx.names.add(called)
        handle = called
    else:
        handle = b.ctx.new_handle(f"copy of {original}")
    return "tl_copy", {"player": player, "original": original, "object": handle,
                       "targets": from_timeline["targets"]}


GIVEN = {"tl_copy_spell": _copy}


# ----------------------------------------------------------------------------- claims

def _count(x) -> int:
    if isinstance(x, Tree):  # count_a
        return 1
    s = str(x).lower()
    return int(s) if s.isdigit() else NUMBER_WORDS[s]


def _pool(b, ch, ln):
    tok = next(c for c in ch if isinstance(c, Token) and c.type == "MANA_SYMBOLS")
    syms = [s.upper() for s in re.findall(r"\{([^}]+)\}", str(tok))]
    for s in syms:
        if s not in MANA_TYPES:
            raise b.error(f"{{{s}}} is not a type of mana (106.1b)", ln, col(ln, tok),
                          expected=("{W}", "{U}", "{B}", "{R}", "{G}", "{C}"))
    counts = [syms.count(t) for t in MANA_TYPES]
    return [fn("pool_is", str(ch[0]), *counts)], False


def _pool_empty(b, ch, ln):
    return [fn("pool_is", str(ch[0]), 0, 0, 0, 0, 0, 0)], False


def _spent_kind(ch) -> str:
    return "snow" if any(isinstance(c, Tree) and c.data == "spent_from" for c in ch) else "total"


def _spent_object(b, ln, ch) -> str:
    node = next(c for c in ch if isinstance(c, Tree) and c.data == "object")
    tok = node.children[0]
    return b.resolve(str(tok), ln, tok)


def _spent(b, ch, ln):
    n = _count(ch[0])
    return [fn("spent_is", _spent_object(b, ln, ch), fn(_spent_kind(ch)), n)], False


def _spent_none(b, ch, ln):
    return [fn("spent_is", _spent_object(b, ln, ch), fn(_spent_kind(ch)), 0)], False


CLAIMS = {
    "pool_claim": _pool,
    "pool_empty_claim": _pool_empty,
    "spent_claim": _spent,
    "spent_none_claim": _spent_none,
}
