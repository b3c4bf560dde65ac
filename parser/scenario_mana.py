"""Mana sentences of the scenario language.

given:  "Alice has {G}{G} in her mana pool from a snow source."
        "Alice may spend mana as though it were mana of any type."
        "Spells Alice casts cost {1} less to cast."  "Abilities Alice activates cost {1} more."
expect: "Forest could produce {G}." / "... could produce only {W} and {U}." / "... no mana."
        "Tapping Forest for mana adds {G} and one mana of any color."
        "Mana from Forest is snow mana."  "Mana from tapping Forest is snow mana."
        "Alice can pay {S}{1} with Snow-Covered Forest and Forest."
        "There are 2 ways for Alice to pay {S}{1} with ..."
        "Alice can spend at most 2 {S} on {S}{S}{1}."
        "Alice can activate Llanowar Elves's mana ability."  "Alice cannot cast Icehide Golem."

Payment questions become one query term `req(Player, cost(Symbols...), X, With, Purpose)`
that mtgkb/mana_pay.py answers with its own solve.
"""

from __future__ import annotations

import re

from lark import Token, Tree

from .mana_symbols import mana_symbol_term
from .scenario_words import NUMBER_WORDS, ORDINALS, handle_term
from .terms import fn

_TYPES = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c"}


def _symbols(tok) -> list[str]:
    return [s.upper() for s in re.findall(r"\{([^}]+)\}", str(tok))]


def _col(b, ln, tok) -> int:
    return (tok.column - ln.indent) if isinstance(tok, Token) else 1


def _cost(b, ln, tok):
    out = []
    for s in _symbols(tok):
        if not re.fullmatch(r"\d+|[WUBRGCSX]|[WUBRG]/[WUBRGP]|2/[WUBRG]", s):
            raise b.error(f"{{{s}}} is not a mana symbol", ln, _col(b, ln, tok),
                          expected=("{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{S}", "{1}", "{X}", "{G/U}", "{2/G}", "{G/P}"))
        if s == "0":
            continue
        out.append(mana_symbol_term(s))
    return fn("cost", *out)


def _types(b, ln, tok) -> list[str]:
    out = []
    for s in _symbols(tok):
        if s not in _TYPES:
            raise b.error(f"{{{s}}} is not a type of mana (106.1b)", ln, _col(b, ln, tok),
                          expected=("{W}", "{U}", "{B}", "{R}", "{G}", "{C}"))
        out.append(_TYPES[s])
    return out


def _count(x) -> int:
    if isinstance(x, Tree):  # count_a
        return 1
    s = str(x).lower()
    return int(s) if s.isdigit() else NUMBER_WORDS[s]


def _trees(ch, name):
    return [c for c in ch if isinstance(c, Tree) and c.data == name]


def _tokens(ch, type_):
    return [c for c in ch if isinstance(c, Token) and c.type == type_]


def _obj(b, ln, node) -> str:
    tok = node.children[0]
    return b.resolve(str(tok), ln, tok)


# ----------------------------------------------------------------------------- given

def _given_pool(b, ch, ln):
    tok = _tokens(ch, "MANA_SYMBOLS")[0]
    return "mana_pool", {"player": str(ch[0]), "types": tuple(_types(b, ln, tok)), "snow": bool(_trees(ch, "pool_from"))}


def _given_spend(b, ch, ln):
    return "spend_as_any", {"player": str(ch[0]), "what": "type" if ch[1].data == "any_type_w" else "color"}


def _cost_change(kind):
    def handler(b, ch, ln):
        tok = _tokens(ch, "MANA_SYMBOLS")[0]
        syms = _symbols(tok)
        if not all(s.isdigit() for s in syms):
            raise b.error("a cost increase or reduction here is generic mana such as {1}", ln, _col(b, ln, tok),
                          expected=("{1}", "{2}"))
        n = sum(int(s) for s in syms)
        sign = 1 if _trees(ch, "more") else -1
        return "cost_change", {"player": str(ch[0]), "for": kind, "amount": sign * n}
    return handler


# `given` forms: grammar rule name -> handler(builder, children, line) -> (kind, arguments)
GIVEN = {
    "mana_pool": _given_pool,
    "spend_as_any": _given_spend,
    "cost_change_cast": _cost_change("cast"),
    "cost_change_activate": _cost_change("activate"),
}


# ----------------------------------------------------------------------------- claims

def _negated(ch) -> bool:
    cw = _trees(ch, "can") + _trees(ch, "cannot")
    return bool(cw) and cw[0].data == "cannot"


def _x(ch):
    xs = _trees(ch, "x_is")
    return int(str(xs[0].children[0])) if xs else fn("none")


def _with(b, ln, ch):
    ws = _trees(ch, "with_sources")
    if not ws:
        return fn("all")
    return fn("with", *(handle_term(_obj(b, ln, o)) for o in ws[0].children if isinstance(o, Tree)))


def _req(player, cost, x, with_, purpose):
    return fn("req", player, cost, x, with_, purpose)


def _can_pay(b, ch, ln):
    cost = _cost(b, ln, _tokens(ch, "MANA_SYMBOLS")[0])
    return [fn("payable", _req(str(ch[0]), cost, _x(ch), _with(b, ln, ch), fn("plain")))], _negated(ch)


def _can_activate(b, ch, ln):
    ref = _trees(ch, "ability_ref")[0]
    h = _obj(b, ln, ref.children[0])
    ords = _tokens(ref.children, "ORDINAL")
    kinds = [c.data for c in ref.children if isinstance(c, Tree) and c.data in ("ab_mana", "ab_activated")]
    kind = {"ab_mana": "mana", "ab_activated": "activated"}.get(kinds[0] if kinds else "", "any")
    n = ORDINALS[str(ords[0]).lower()] if ords else 0
    purpose = fn("act", handle_term(h), fn(kind), n)
    return [fn("payable", _req(str(ch[0]), fn("cost"), _x(ch), fn("all"), purpose))], _negated(ch)


def _can_cast(b, ch, ln):
    h = _obj(b, ln, _trees(ch, "object")[0])
    return [fn("payable", _req(str(ch[0]), fn("cost"), _x(ch), fn("all"), fn("cast", handle_term(h))))], _negated(ch)


def _snow_max(b, ch, ln):
    n = _count(ch[1])
    syms = _tokens(ch, "MANA_SYMBOLS")
    if _symbols(syms[0]) != ["S"]:
        raise b.error("only {S} can be counted this way", ln, _col(b, ln, syms[0]), expected=("{S}",))
    cost = _cost(b, ln, syms[1])
    return [fn("snow_max", _req(str(ch[0]), cost, fn("none"), _with(b, ln, ch), fn("plain")), n)], False


def _ways(b, ch, ln):
    counts = [c for c in ch if not (isinstance(c, Tree) and c.data in ("be_word", "way_word", "with_sources"))
              and not (isinstance(c, Token) and c.type in ("PLAYER", "MANA_SYMBOLS"))]
    n = _count(counts[0])
    player = _tokens(ch, "PLAYER")[0]
    cost = _cost(b, ln, _tokens(ch, "MANA_SYMBOLS")[0])
    return [fn("ways", _req(str(player), cost, fn("none"), _with(b, ln, ch), fn("plain")), n)], False


def _tap_for(b, ln, node):
    if node.data == "tap_for_any":
        return fn("any")
    types = _types(b, ln, node.children[0])
    if len(types) != 1:
        raise b.error("name one type of mana, such as {G}", ln, _col(b, ln, node.children[0]), expected=("{G}",))
    return fn("t", fn(types[0]))


def _tapping_adds(b, ch, ln):
    h = handle_term(_obj(b, ln, ch[0]))
    f = _tap_for(b, ln, ch[1])
    counts: dict = {}
    for piece in ch[2].children:
        if piece.data == "piece_syms":
            for t in _types(b, ln, piece.children[0]):
                counts[fn("t", fn(t))] = counts.get(fn("t", fn(t)), 0) + 1
        else:
            k = fn("any_color" if piece.data == "piece_any_color" else "any_type")
            counts[k] = counts.get(k, 0) + _count(piece.children[0])
    qs = [fn("tap_adds", h, f, k, n) for k, n in counts.items()]
    qs.append(fn("tap_total", h, f, sum(counts.values())))
    return qs, False


def _from_snow(b, ch, ln):
    h = handle_term(_obj(b, ln, ch[0]))
    return [fn("snow_mana", h)], bool(_trees(ch, "not_word"))


def _from_tapping_snow(b, ch, ln):
    h = handle_term(_obj(b, ln, ch[0]))
    return [fn("tap_snow", h, fn("any"))], bool(_trees(ch, "not_word"))


# claim forms: grammar rule name -> handler(builder, children, line) -> (queries, negated)
CLAIMS = {
    "mana_can_pay": _can_pay,
    "mana_can_activate": _can_activate,
    "mana_can_cast": _can_cast,
    "mana_snow_max": _snow_max,
    "mana_ways": _ways,
    "mana_tapping_adds": _tapping_adds,
    "mana_from_snow": _from_snow,
    "mana_from_tapping_snow": _from_tapping_snow,
}


def _could_produce(b, ch, o, ln):
    what = ch[0]
    if what.data == "produce_none":
        return [fn("could_produce_none", o)]
    types: list[str] = []
    for tok in what.children[0].children:
        for t in _types(b, ln, tok):
            if t not in types:
                types.append(t)
    qs = [fn("could_produce", o, fn(t)) for t in types]
    if what.data == "produce_only":
        qs.append(fn("could_produce_only", o, len(types)))
    return qs


# "<object> <predicate>" forms: rule name -> handler(builder, children, object term, line) -> queries
OBJECT_CLAIMS = {"could_produce": _could_produce}
