"""Mana abilities as facts: the Oracle grammar's mana terms (what an ability adds, its
costs, its riders) as the facts rules.lp's mana section reads (106, 605), and the
scenario's mana sentences ("Alice has {G}{G} in her mana pool ...") as facts."""

from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol

from mtgkb.parser.card_ast import Ability, CardFace
from mtgkb.parser.terms import Fn, Term

from .symbols import sym

COLORS = ("w", "u", "b", "r", "g")
TYPES = COLORS + ("c",)

# ----------------------------------------------------------------------------- Oracle terms

def _walk(t):
    yield t
    if isinstance(t, Fn):
        for a in t.args:
            yield from _walk(a)


def _names(t) -> set[str]:
    return {x.name for x in _walk(t) if isinstance(x, Fn)}


def _strings(t) -> set[str]:
    return {x for x in _walk(t) if isinstance(x, str)}


def _find(t, names: set[str]) -> Fn | None:
    for x in _walk(t):
        if isinstance(x, Fn) and x.name in names:
            return x
    return None


def _int(t, default=1) -> int:
    if isinstance(t, int):
        return t
    if isinstance(t, Fn) and t.args and isinstance(t.args[0], int):
        return t.args[0]
    return default


def _mana_types(m: Fn) -> list[str] | None:
    """mana(g, g) (what an effect adds) -> ['g', 'g']; None when not understood."""
    out: list[str] = []
    for a in m.args:
        if isinstance(a, Fn) and not a.args and a.name in TYPES:
            out.append(a.name)
        elif isinstance(a, Fn) and a.name == "colored" and a.args and isinstance(a.args[0], Fn):
            out.append(a.args[0].name)
        elif isinstance(a, Fn) and a.name == "colorless":
            out.append("c")
        elif isinstance(a, Fn) and a.name == "generic" and a.args:
            out += ["c"] * int(a.args[0])  # 106.10
        elif isinstance(a, Fn) and a.name in ("snow", "s"):
            out.append("c")  # 106.11
        else:
            return None
    return out


def _scope(np) -> str | None:
    names = _names(np)
    if names & {"an_opponent_controls", "opponent_controls", "opponents_control"} or "opponent" in str(np):
        return "lands_opp"
    if names & {"you_control"} or "you_control" in str(np):
        return "lands_you"
    return None


def _options(out: Term) -> list[list[Fn]] | None:
    """What an `add` effect adds -> options, each a list of unit specs (terms)."""
    t = lambda x: Fn("t", (Fn(x),))  # noqa: E731
    if not isinstance(out, Fn):
        return None
    n, a = out.name, out.args
    if n == "mana":
        types = _mana_types(out)
        return None if types is None else [[t(x) for x in types]]
    if n == "one_of":
        opts = []
        for o in a:
            sub = _options(o)
            if sub is None:
                return None
            opts += sub
        return opts
    if n == "any_color":
        return [[Fn("any_color")] * _int(a[0] if a else 1)]
    if n == "any_one_color":
        k = _int(a[0] if a else 1)
        return [[t(c)] * k for c in COLORS]
    if n == "any_type":
        return [[Fn("any_type")] * _int(a[0] if a else 1)]
    if n in ("any_type_could_produce", "any_color_could_produce"):
        sc = _scope(a[1] if len(a) > 1 else a)
        if sc is None:
            return None
        f = "type" if n == "any_type_could_produce" else "color"
        return [[Fn("could", (Fn(sc), Fn(f)))] * _int(a[0] if a else 1)]
    if n in ("any_type_produced", "additional_any_type_produced", "that_type"):
        return [[Fn("produced")] * _int(a[0] if a else 1)]
    if n in ("commander_identity", "any_combination_identity"):
        return [[Fn("undefined")]]  # 106.5: no commander, no type
    return None


def ability_mana_facts(A: Symbol, ab: Ability) -> list[Symbol]:
    """Normalised mana facts of one ability (see the inputs of rules.lp's mana section)."""
    out: list[Symbol] = []
    text = ab.text or ""
    if not ab.understood:
        if re.search(r"\bmana\b|\badd\b|\{[TQ]\}", text, re.I):
            out.append(Function("mana_unread", [A]))
        return out
    # costs (118, 602.1): every ability, so that activation questions can read them
    for i, c in enumerate(ab.costs, start=1):
        out += _cost_facts(A, i, c)
    for r in ab.riders:
        if isinstance(r, Fn) and r.name == "activate_only" and "sorcery" in str(r):
            out.append(Function("ability_sorcery", [A]))
        elif isinstance(r, Fn) and r.name == "spend_only" and ab.kind == "mana":
            subs = [s for s in _strings(r)] + [x.args[0] for x in _walk(r) if isinstance(x, Fn) and x.name == "subtype"
                                                and x.args and isinstance(x.args[0], str)]
            subs = sorted({s for s in subs if s[:1].isupper()})
            if len(subs) == 1:
                out.append(Function("unit_only", [A, Function("cast_subtype", [String(subs[0])])]))
            else:
                out.append(Function("mana_unread", [A]))
    if re.search(r"spend only mana produced by creatures to cast", text, re.I) and ab.understood:
        out.append(Function("spend_only_creature_mana_ab", [A]))
    if ab.kind != "mana" and not _mentions_double(ab):
        return out
    if _mentions_double(ab):
        out.append(Function("mana_double", [A]))
        return out
    adds = [x for e in ab.effects for x in _walk(e) if isinstance(x, Fn) and x.name in ("add", "add_additional")]
    if len(adds) != 1 or not adds[0].args:
        out.append(Function("mana_unread", [A]))
        return out
    opts = _options(adds[0].args[0])
    if opts is None:
        out.append(Function("mana_unread", [A]))
        return out
    if ab.trigger is not None:
        scope = _trigger_scope(ab.trigger)
        if scope is None:
            out.append(Function("mana_unread", [A]))
            return out
        out.append(Function("mana_trigger", [A, Function(scope)]))
    else:
        out.append(Function("mana_ability", [A]))
    for oi, units in enumerate(opts, start=1):
        out.append(Function("mana_opt", [A, Number(oi)]))
        for k, spec in enumerate(units, start=1):
            out.append(Function("mana_unit", [A, Number(oi), Number(k), sym(spec)]))
    return out


def _mentions_double(ab: Ability) -> bool:
    n = set().union(*(_names(e) for e in ab.effects)) if ab.effects else set()
    return "you_tap_for_mana" in n and ("twice" in str(ab.effects) or "twice" in (ab.text or "").lower())


def _trigger_scope(trig: Term) -> str | None:
    n = _names(trig)
    s = str(trig)
    if "enchanted" in s:
        return "enchanted"
    if "nonland" in s or "non(land)" in s:
        return "nonland_yours"
    if "land" in s:
        return "land_yours" if ("you" in n or "you_tap" in s or "taps_for_mana(you" in s) else "land"
    return None


def _cost_facts(A: Symbol, i: int, c: Term) -> list[Symbol]:
    I = Number(i)
    if isinstance(c, Fn) and c.name == "tap" and not c.args:
        return [Function("cost_part", [A, I, Function("tap")])]
    if isinstance(c, Fn) and c.name == "untap" and not c.args:
        return [Function("cost_part", [A, I, Function("untap")])]
    if isinstance(c, Fn) and c.name == "mana":
        return [Function("cost_part", [A, Number(i * 100 + j), Function("sym", [sym(s)])])
                for j, s in enumerate(c.args, start=1)]
    if isinstance(c, Fn) and c.name == "sacrifice" and _names(c) & {"this", "self", "cardname", "it"}:
        return [Function("cost_part", [A, I, Function("sac_self")])]
    if isinstance(c, Fn) and c.name == "exile" and "graveyard" in str(c) and "creature" in str(c):
        return [Function("cost_part", [A, I, Function("exile_gy", [Function("creature")])])]
    return [Function("cost_part", [A, I, Function("other")])]


def face_mana_facts(faces: dict[str, CardFace]) -> list[Symbol]:
    out: list[Symbol] = []
    for face in faces.values():
        F = String(face.name)
        for i, ab in enumerate(face.abilities, start=1):
            out += ability_mana_facts(Function("ab", [F, Number(i)]), ab)
    return out



# ----------------------------------------------------------------------------- scenario sentences

MANA_SENTENCES = {"mana_pool", "spend_as_any", "cost_change"}


def sentence_facts(s) -> list[Symbol]:
    """Facts of one mana `given` sentence (numbered by its line)."""
    p = String(s.args["player"])
    if s.kind == "mana_pool":
        J = Number(s.pos.line)
        snow = Function("yes" if s.args["snow"] else "no")
        out = []
        for k, t in enumerate(s.args["types"], start=1):
            out.append(Function("pool", [p, J, Number(k), Function(t), snow]))
        return out
    if s.kind == "spend_as_any":
        return [Function("spend_as_any", [p])]
    if s.kind == "cost_change":
        return [Function("cost_change", [p, Function(s.args["for"]), Number(s.args["amount"]), Number(s.pos.line)])]
    raise KeyError(s.kind)
