"""The parts an event sentence may end with (`tl_tail` in scenario.lark), shared by the
timeline and casting families: targets, X, a choice, and how a spell is cast and paid.

    "... targeting Grizzly Bears and Bob"   "... with X = 3"   "..., choosing Hill Giant"
    "... choosing mode 2"   "..., dividing 3 and 1"
    "..., paying with Snow-Covered Mountain and Mountain"   "..., paying from her mana pool"   "..., spending {S}{S}{R}"
    "... with kicker"   "... without paying its mana cost"   "..., sacrificing Grizzly Bears [and Hill Giant]"
    "..., discarding Orvar, the All-Form [and Forest]"   "..., revealing Shivan Dragon"   "... called \\"Fumarole Copy\\""
"""

from __future__ import annotations

import re

from lark import Token, Tree

from .scenario_words import COLORS

MANA_TYPES = ("W", "U", "B", "R", "G", "C")
CAST_DEFAULTS = {"paying_with": None, "spending": None, "kicked": False, "free": False, "sacrificing": None,
                 "discarding": None, "revealing": None, "called": None}
# the words of each part, for an error where a sentence does not take it
_PART_WORDS = {"paying_with": "paying with", "spending": "spending", "kicked": "with kicker",
               "free": "without paying its mana cost", "sacrificing": "sacrificing", "discarding": "discarding",
               "revealing": "revealing", "called": "called"}


def col(ln, tok) -> int:
    return (tok.column - ln.indent) if isinstance(tok, Token) else 1


def _obj(b, ln, node) -> str:
    tok = node.children[0] if isinstance(node, Tree) else node
    return b.resolve(str(tok), ln, tok)


def _objs(b, ln, nodes) -> tuple[str, ...]:
    return tuple(_obj(b, ln, c) for c in nodes if isinstance(c, Tree) and c.data == "object")


def spending(b, ln, tok) -> tuple[str, ...]:
    """'{S}{S}{R}' -> ('S', 'S', 'R'): one entry per mana spent."""
    out = []
    for s in re.findall(r"\{([^}]+)\}", str(tok)):
        s = s.upper()
        if s not in MANA_TYPES and s != "S":
            raise b.error(f"{{{s}}} is not a mana spent: name each mana as {{W}}, {{U}}, {{B}}, {{R}}, {{G}}, {{C}} "
                          f"or {{S}} (mana from a snow source)", ln, col(ln, tok),
                          expected=("{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{S}"))
        out.append(s)
    return tuple(out)


def _cast_part(b, ln, t: Tree, out: dict) -> None:
    d = t.data
    if d == "cast_paying_with":
        out["paying_with"] = _objs(b, ln, t.children)
    elif d == "cast_paying_from_pool":
        out["paying_with"] = ()   # no permanent: the pool alone
    elif d == "cast_spending":
        tok = next(c for c in t.children if isinstance(c, Token) and c.type == "MANA_SYMBOLS")
        out["spending"] = spending(b, ln, tok)
    elif d == "cast_kicked":
        out["kicked"] = True
    elif d == "cast_free":
        out["free"] = True
    elif d == "cast_sacrificing":
        out["sacrificing"] = _objs(b, ln, t.children)   # CR 601.2h: each permanent the cost sacrifices
    elif d == "cast_discarding":
        out["discarding"] = _objs(b, ln, t.children)
    elif d == "cast_revealing":
        out["revealing"] = _objs(b, ln, t.children)[0]   # CR 118.8, 701.20a: the card a cost reveals
    elif d == "cast_called":
        out["called"] = str(next(c for c in t.children if isinstance(c, Token)))[1:-1]


# CR 608.2d: a value chosen as a spell or ability resolves, named by the sentence ("..., choosing white",
# "..., choosing the creature type Elf"): (kind, value), a color's letter (105.1) or a creature type (205.3m)
CHOSEN_VALUE_FORMS = ("tl_choosing_color", "tl_choosing_type")


def chosen_value(t) -> tuple:
    word = str(t.children[-1])
    if t.data == "tl_choosing_color":
        return ("color", COLORS[word.lower()])
    return ("creature_type", word)


def read_tails(b, ln, tails) -> dict:
    """The parts of an event sentence -> its arguments (every key present, with its default)."""
    out = {"targets": (), "x": None, "choosing": None, "value": None, "modes": (), "division": (), **CAST_DEFAULTS}
    for t in tails:
        if t.data == "tl_tail":  # the choosing and casting forms, unwrapped
            t = t.children[0]
        if t.data == "tl_targets":
            tg = []
            for c in t.children:
                if not isinstance(c, Tree):
                    continue
                if c.data == "tl_target_player":
                    tg.append(("player", str(c.children[0])))
                else:
                    tg.append(("obj", _obj(b, ln, c.children[0])))
            out["targets"] = tuple(tg)
        elif t.data == "tl_x":
            out["x"] = int(str(t.children[0].children[-1]))
        elif t.data == "tl_choosing":
            out["choosing"] = _obj(b, ln, t.children[-1])
        elif t.data in CHOSEN_VALUE_FORMS:
            out["value"] = chosen_value(t)
        elif t.data == "tl_division":
            # CR 601.2d: the damage each target is dealt, in the order the targets are named
            out["division"] = tuple(int(str(c)) for c in t.children if not isinstance(c, Tree))
        elif t.data == "tl_modes":
            # CR 700.2a, 601.2b: the modes chosen, by their number among the card's modes (1 = the first)
            out["modes"] = tuple(int(str(c)) for c in t.children if not isinstance(c, Tree))
        else:
            _cast_part(b, ln, t, out)
    return out


def refuse_parts(b, ln, args: dict, allowed: set[str], what: str) -> None:
    """A casting part that this sentence does not take is bad input."""
    for k, default in CAST_DEFAULTS.items():
        if k not in allowed and args.get(k, default) != default:
            raise b.error(f"'{_PART_WORDS[k]}' does not belong to {what}", ln, 1,
                          expected=tuple(_PART_WORDS[a] for a in CAST_DEFAULTS if a in allowed) or ("'.'",))
