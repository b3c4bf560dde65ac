"""Oracle ability lines -> `Ability` AST with structured meaning.

Each line of a face's text is one ability (or one keyword line).  A line is first
normalised (reminder text dropped, self-references replaced by "~") and then
parsed by `oracle.lark`.  A line the grammar does not accept becomes an
`unsupported` Ability carrying its text, position and what the grammar expected:
it is reported, never dropped.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib.resources import files

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedInput

from .card_ast import Ability
from .terms import Fn, fn

_REMINDER = re.compile(r"\s*\([^()]*\)")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = files("mtgkb.parser").joinpath("oracle.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", strict=True, propagate_positions=True, maybe_placeholders=False)


def self_names(face_name: str, supertypes: tuple[str, ...] = ()) -> list[str]:
    """Words that mean "this object" on a face (201.5): its name and, for a
    legendary face, the short name before the comma (201.5b)."""
    names = [face_name]
    if "," in face_name:
        names.append(face_name.split(",", 1)[0])
    elif " of the " in face_name and "Legendary" in supertypes:
        names.append(face_name.split(" of the ", 1)[0])
    return sorted(set(names), key=len, reverse=True)


_SELF_PHRASES = re.compile(r"\bthis (?:creature|permanent|card|land|artifact|enchantment|spell|token|planeswalker|Aura|Equipment|Vehicle)\b", re.I)


def normalise(line: str, face_name: str, supertypes: tuple[str, ...] = ()) -> str:
    text = _REMINDER.sub("", line).strip()
    for n in self_names(face_name, supertypes):
        text = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", "~", text)
    text = _SELF_PHRASES.sub("~", text)
    text = text.replace("enters the battlefield", "enters").replace("enter the battlefield", "enter")
    return text


_COLOR = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c"}


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
    return fn("hybrid", fn(a.lower()), fn(b.lower()))


def _strip(tok: Token) -> str:
    return str(tok)[1:-1]


@v_args(inline=True)
class _ToMeaning(Transformer):
    """Parse tree -> a list of partial Ability fields (kind and structure)."""

    def start(self, ability):
        return ability

    # keywords (702)
    def simple_keyword(self, tok):
        return fn("keyword", fn(str(tok).lower().replace(" ", "_")))

    def enchant(self, quality):
        return fn("keyword", fn("enchant", fn(str(quality).lower())))

    def equip(self, *syms):
        return fn("keyword", fn("equip", fn("mana", *(mana_symbol_term(_strip(s)) for s in syms))))

    def keyword_line(self, *kws):
        return {"kind": "keyword", "effects": tuple(kws)}

    # costs (118)
    def cost_tap(self, _):
        return fn("tap")

    def cost_untap(self, _):
        return fn("untap")

    def cost_mana(self, *syms):
        return fn("mana", *(mana_symbol_term(_strip(s)) for s in syms))

    def cost_list(self, *costs):
        return tuple(costs)

    # mana abilities (605, 106)
    def mana_symbols(self, *syms):
        return tuple(fn(_COLOR[_strip(s).upper()]) for s in syms)

    def add_fixed(self, syms):
        return fn("add", fn("mana", *syms))

    def add_choice(self, *options):
        return fn("add", fn("one_of", *(fn("mana", *o) for o in options)))

    def add_any_color(self):
        return fn("add", fn("any_color", 1))

    def mana_ability(self, costs, output):
        return {"kind": "mana", "costs": costs, "effects": (output,)}

    # static abilities (604)
    def enchanted_is_supertype(self, kind, supertype):
        return {"kind": "static", "effects": (fn("characteristic", fn("enchanted", fn(str(kind).lower())),
                                                  fn("add_supertype", fn(str(supertype).lower()))),)}


def parse_ability_line(line: str, face_name: str, *, line_no: int = 1, supertypes: tuple[str, ...] = ()) -> Ability:
    text = normalise(line, face_name, supertypes)
    if not text:
        return Ability(kind="keyword", text=line, line=line_no, effects=())
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as e:
        expected = sorted(getattr(e, "expected", None) or getattr(e, "allowed", None) or ())
        return Ability(kind="unsupported", text=line, line=line_no, column=getattr(e, "column", 1) or 1,
                       understood=False, reason=f"unsupported at column {getattr(e, 'column', '?')}: expected "
                       + (", ".join(expected[:8]) or "end of line"))
    parts = _ToMeaning().transform(tree)
    return Ability(text=line, line=line_no, **parts)


def parse_abilities(oracle_text: str, face_name: str, *, file: str = "<text>", first_line: int = 1,
                    supertypes: tuple[str, ...] = ()) -> tuple[Ability, ...]:
    out = []
    for i, raw in enumerate(oracle_text.splitlines()):
        if not raw.strip():
            continue
        ab = parse_ability_line(raw.strip(), face_name, line_no=first_line + i, supertypes=supertypes)
        if ab.kind == "keyword" and not ab.effects:
            continue  # a line of reminder text only
        out.append(ab)
    return tuple(out)
