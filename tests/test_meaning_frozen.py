"""A frozen copy of mtgkb/timeline_meaning.py as it was before card meaning moved into
mtgkb/rules/meaning.lp: the Python reader of the Oracle terms (sets of term names, shape by
shape matchers).  Kept only as the reference of tests/test_meaning_rules.py, which compares
what it produced with what meaning.lp derives.  No tests here; do not extend it.
"""

from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol

from mtgkb.parser.card_ast import Ability, CardFace
from mtgkb.parser.terms import Fn, Term

from mtgkb.symbols import atom

# ----------------------------------------------------------------------------- meaning of abilities

def _walk(t):
    yield t
    if isinstance(t, Fn):
        for a in t.args:
            yield from _walk(a)
    elif isinstance(t, tuple):
        for a in t:
            yield from _walk(a)


def _names(t) -> set[str]:
    return {x.name for x in _walk(t) if isinstance(x, Fn)}


def _is_target(t) -> bool:
    return any(isinstance(x, Fn) and x.name == "" and any(isinstance(a, Fn) and a.name == "target" for a in x.args)
               for x in _walk(t))


def _target_kind(t) -> str | None:
    """'target creature' / 'target permanent' -> the card type a target must have."""
    if not _is_target(t):
        return None
    for x in _walk(t):
        if isinstance(x, Fn) and x.name == "desc" and len(x.args) >= 2 and _is_target(x.args[0]):
            kinds = [g.args[0].name for g in _walk(x.args[1]) if isinstance(g, Fn) and g.name == "group" and g.args
                     and isinstance(g.args[0], Fn)]
            for k in kinds:
                if k in ("creature", "permanent", "artifact", "enchantment", "land", "planeswalker"):
                    return k
    return None


_CARD_TYPES = {"instant", "sorcery", "creature", "artifact", "enchantment", "planeswalker", "land", "battle"}
_CREATE_COPY_WORDS = {"create", "some", "a", "desc", "none", "types", "group", "token", "where", "thats", "copy_of",
                      "all_of", "", "target", "permanent", "creature", "equipped", "those", "one_of", "the",
                      "exactly", "one", "of", "that", "them", "permanents", "n_of_those"}


def _trigger(t: Term):
    """Oracle trigger term -> (tl_on pattern, extra facts) or None if not read."""
    if not isinstance(t, Fn) or not t.args:
        return None
    ev = t.args[0]
    if t.name == "at_beginning" and isinstance(ev, Fn):
        step = {"upkeep": "upkeep", "draw_step": "draw", "end_step": "end"}.get(ev.name)
        if ev.name == "combat_your_turn":
            return Function("step", [Function("combat"), Function("yours")]), []
        if ev.name == "each_combat":
            return Function("step", [Function("combat"), Function("each")]), []
        if step and ev.args and isinstance(ev.args[0], Fn) and ev.args[0].name in ("yours", "each"):
            return Function("step", [Function(step), Function(ev.args[0].name)]), []
        return None
    if t.name not in ("when", "whenever") or not isinstance(ev, Fn):
        return None
    if ev.name == "either" and ev.args:
        # "When ~ enters the battlefield or is turned face up": either event triggers it
        parts = [_trigger(Fn(t.name, (a,))) for a in ev.args]
        if any(p is None or p[1] for p in parts):
            return None
        return [p[0] for p in parts], []
    self_only = len(ev.args) >= 1 and ev.args[0] == Fn("self")
    if ev.name == "enters" and self_only and len(ev.args) == 1:
        return Function("enters_self"), []
    if ev.name == "dies" and self_only:
        return Function("dies_self"), []
    if ev.name == "leaves" and self_only:
        return Function("leaves_self"), []
    if ev.name == "turned_face_up" and self_only:
        return Function("turned_face_up_self"), []
    if ev.name == "counter_removed" and t.name == "whenever" and \
            ev.args == (Fn("named_counter", ("time",)), Fn("self"), Fn("in_zone", (Fn("exile_zone"),))):
        # "Whenever a time counter is removed from ~ while it's exiled" (suspend cards, 702.62a)
        return Function("time_counter_removed_self"), []
    if ev.name == "casts" and len(ev.args) == 2 and ev.args[0] == Fn("you"):
        kinds = sorted({g.args[0].name for g in _walk(ev.args[1]) if isinstance(g, Fn) and g.name == "group"
                        and g.args and isinstance(g.args[0], Fn) and g.args[0].name in _CARD_TYPES})
        rest = _names(ev.args[1]) - _CARD_TYPES - {"some", "a", "desc", "none", "types", "group", "spell", "where"}
        if rest:
            return None
        return Function("cast_you"), kinds
    if ev.name == "causes_discard" and len(ev.args) == 3 and ev.args[1] == Fn("you") and ev.args[2] == Fn("self") \
            and "an_opponent_controls" in _names(ev.args[0]):
        return Function("discarded_by_opponent"), []
    return None


_ORVAR_IF = {"targets", "it", "some", "at_least", "desc", "", "other", "types", "group", "permanent", "where",
             "you_control"}
_BALOTH = {"if_then", "causes_you_to_discard", "some", "a", "desc", "none", "types", "group", "spell", "ability",
           "where", "an_opponent_controls", "self", "instead_of_putting_into", "put_onto_battlefield", "it",
           "graveyard", "your"}
_SHARE_IF = {"_post", "you_control", "some", "at_least", "desc", "", "none", "share_a_type", "types", "group",
             "creature", "where"}


def _condition(c: Term):
    """Intervening 'if' (603.4) -> condition symbol ('unread' when not understood)."""
    n = _names(c)
    if isinstance(c, Fn) and c.name == "targets" and n == _ORVAR_IF and c.args[0] == Fn("it"):
        # "if it targets one or more other permanents you control"
        return Function("targets_other_yours")
    if isinstance(c, Fn) and n <= _SHARE_IF and {"share_a_type", "at_least", "creature", "you_control"} <= n:
        # "if you control N or more creatures that share a creature type"
        k = next(x.args[0] for x in _walk(c) if isinstance(x, Fn) and x.name == "at_least")
        if isinstance(k, int):
            return Function("control_sharing", [Number(k)])
    return Function("unread")


def _counter_n(t) -> int | str | None:
    for x in _walk(t):
        if isinstance(x, Fn) and x.name == "exactly" and x.args:
            a = x.args[0]
            return a if isinstance(a, int) else ("x" if isinstance(a, Fn) and a.name == "x" else None)
        if isinstance(x, Fn) and x.name == "a" and not x.args:
            return 1
    return None


def _token_desc(t) -> list[Symbol] | None:
    """'a 1/1 green Snake creature token' -> the token's characteristics (111.3), with the
    name its subtypes give it (111.4); None when not understood."""
    if not (isinstance(t, Fn) and t.name == "some" and len(t.args) == 2 and isinstance(t.args[1], Fn)
            and t.args[1].name == "desc"):
        return None
    n = _names(t)
    if n - {"some", "a", "desc", "", "pt", "colored", "types", "group", "subtype", "token", "where", "creature",
            "artifact", "enchantment", "w", "u", "b", "r", "g"} or "token" not in n:
        return None
    vals: list[Symbol] = []
    subs = []
    for x in _walk(t):
        if isinstance(x, Fn) and x.name == "pt" and len(x.args) == 2 and all(isinstance(v, int) for v in x.args):
            vals += [Function("power", [Number(x.args[0])]), Function("toughness", [Number(x.args[1])])]
        elif isinstance(x, Fn) and x.name == "colored" and x.args and isinstance(x.args[0], Fn):
            vals.append(Function("color", [Function(x.args[0].name)]))
        elif isinstance(x, Fn) and x.name == "subtype" and x.args and isinstance(x.args[0], str):
            vals.append(Function("subtype", [String(x.args[0])]))
            subs.append(x.args[0])
        elif isinstance(x, Fn) and x.name == "group":
            for g in x.args:
                if isinstance(g, Fn) and g.name in ("creature", "artifact", "enchantment"):
                    vals.append(Function("card_type", [Function(g.name)]))
    vals.append(Function("name", [String(" ".join(subs + ["Token"]))]))
    return sorted(set(vals), key=str)


_COLOR_WORDS = {"w", "u", "b", "r", "g"}


def _self_animation(effects) -> list[Symbol] | None:
    """Mutavault, Mishra's Factory: '~ becomes a P/T [subtypes] <types> [with all creature
    types] until end of turn. It's still a land.' -> continuous effects on the source
    (205.1a-b, 613.1d, 613.4b); None for any other shape."""
    if len(effects) != 2:
        return None
    first, second = effects
    still = second if isinstance(second, Fn) and second.name == "is" and len(second.args) == 1 \
        and isinstance(second.args[0], Fn) and second.args[0].name == "still_a" else None
    if still is None or not (isinstance(first, Fn) and first.name == "statement" and len(first.args) == 2
                             and first.args[0] == Fn("self")):
        return None
    kept = [g for g in _walk(still) if isinstance(g, Fn) and g.name == "group"]
    what = first.args[1]
    if not (isinstance(what, Fn) and what.name == "lasting" and len(what.args) == 2
            and what.args[1] == Fn("until_end_of_turn") and isinstance(what.args[0], Fn)
            and what.args[0].name == "becomes" and len(what.args[0].args) == 1):
        return None
    a_type = what.args[0].args[0]
    if not (isinstance(a_type, Fn) and a_type.name == "a_type" and len(a_type.args) == 1):
        return None
    d = a_type.args[0]
    if not (isinstance(d, Fn) and d.name == "desc" and len(d.args) == 3):
        return None
    mods, types, where = d.args
    effs: list[Symbol] = []
    for m in (mods.args if isinstance(mods, Fn) and mods.name == "" else ()):
        if isinstance(m, Fn) and m.name == "pt" and len(m.args) == 1 and isinstance(m.args[0], Fn) \
                and all(isinstance(v, int) for v in m.args[0].args):
            effs.append(Function("set_pt", [Number(m.args[0].args[0]), Number(m.args[0].args[1])]))
        else:
            return None
    groups = [g for g in _walk(types) if isinstance(g, Fn) and g.name == "group"]
    if len(groups) != 1 or len(kept) != 1:
        return None
    for t in groups[0].args:
        if isinstance(t, Fn) and t.name == "subtype" and len(t.args) == 1 and isinstance(t.args[0], str):
            effs.append(Function("add_type", [Function("subtype", [String(t.args[0])])]))
        elif isinstance(t, Fn) and not t.args and t.name in _CARD_TYPES:
            # "It's still a land": the new card types are in addition to the old ones (205.1b)
            effs.append(Function("add_type", [Function("card_type", [Function(t.name)])]))
        else:
            return None
    if where != Fn("where"):
        if where == Fn("where", (Fn("with", (Fn("abilities", (Fn("abilities", (Fn("all_creature_types"),)),)),)),)):
            effs.append(Function("all_creature_types"))
        else:
            return None
    return effs or None


def _target_changes(who: Term, what: Term) -> list[Symbol] | None:
    """'target creature loses all abilities and becomes a blue Frog with base power and
    toughness 1/1' -> the continuous effects on the target (613.1d-f, 613.4b), or None
    when any part is not one of these forms."""
    if not _target_kind(who):
        return None
    parts = what.args if isinstance(what, Fn) and what.name == "and" else (what,)
    effs: list[Symbol] = []
    for w in parts:
        if w in (Fn("loses_all_abilities"), Fn("lose_all_abilities")):
            effs.append(Function("lose_all_abilities"))
            continue
        if not (isinstance(w, Fn) and w.name == "becomes" and len(w.args) == 1 and isinstance(w.args[0], Fn)
                and w.args[0].name == "a_type" and len(w.args[0].args) == 1):
            return None
        d = w.args[0].args[0]
        if not (isinstance(d, Fn) and d.name == "desc" and len(d.args) == 3):
            return None
        mods, types, where = d.args
        for m in (mods.args if isinstance(mods, Fn) and mods.name == "" else () if mods == Fn("none") else None) or ():
            if isinstance(m, Fn) and m.name == "colored" and len(m.args) == 1 and isinstance(m.args[0], Fn) \
                    and m.args[0].name in _COLOR_WORDS:
                effs.append(Function("set_colors", [Function(m.args[0].name)]))
            else:
                return None
        if mods != Fn("none") and not (isinstance(mods, Fn) and mods.name == ""):
            return None
        groups = [g for g in _walk(types) if isinstance(g, Fn) and g.name == "group"]
        if len(groups) != 1:
            return None
        for t in groups[0].args:
            if isinstance(t, Fn) and t.name == "subtype" and len(t.args) == 1 and isinstance(t.args[0], str):
                effs.append(Function("set_creature_types", [String(t.args[0])]))
            else:
                return None
        if where == Fn("where"):
            continue
        if isinstance(where, Fn) and where.name == "where" and len(where.args) == 1:
            wb = where.args[0]
            if isinstance(wb, Fn) and wb.name == "with" and len(wb.args) == 1 and isinstance(wb.args[0], Fn) \
                    and wb.args[0].name == "base_pt" and isinstance(wb.args[0].args[0], Fn) \
                    and all(isinstance(v, int) for v in wb.args[0].args[0].args):
                p, t = wb.args[0].args[0].args
                effs.append(Function("set_pt", [Number(p), Number(t)]))
                continue
        return None
    return effs or None


def _group_all(t) -> str | None:
    """'all creatures' -> 'creature'; None for any other subject."""
    if isinstance(t, Fn) and t.name == "some" and len(t.args) == 2 and t.args[0] == Fn("all") \
            and isinstance(t.args[1], Fn) and t.args[1].name == "desc" and len(t.args[1].args) == 3:
        mods, types, where = t.args[1].args
        groups = [g for g in _walk(types) if isinstance(g, Fn) and g.name == "group"]
        if mods == Fn("none") and where == Fn("where") and len(groups) == 1 and len(groups[0].args) == 1 \
                and isinstance(groups[0].args[0], Fn) and groups[0].args[0].name in _CARD_TYPES \
                and not groups[0].args[0].args:
            return groups[0].args[0].name
    return None


def _pt_mod(pt) -> Symbol | None:
    """pt(3, -3) -> modify_pt(3, -3); pt('-X', '-X') -> modify_pt_x(-1, -1) (X times the sign)."""
    if not (isinstance(pt, Fn) and pt.name == "pt" and len(pt.args) == 2):
        return None
    if all(isinstance(v, int) for v in pt.args):
        return Function("modify_pt", [Number(pt.args[0]), Number(pt.args[1])])
    signs = {"+X": 1, "X": 1, "-X": -1}
    if all(isinstance(v, str) and v.upper() in signs for v in pt.args):
        return Function("modify_pt_x", [Number(signs[pt.args[0].upper()]), Number(signs[pt.args[1].upper()])])
    return None


def _effect(e: Term, out: list, A: Symbol) -> bool:
    """One effect term -> facts; False when not understood."""
    if not isinstance(e, Fn):
        return False
    n = _names(e)
    if e.name == "with_exceptions" and e.args and isinstance(e.args[0], Fn) and e.args[0].name == "create":
        ok = _effect(e.args[0], out, A)
        exc = e.args[1] if len(e.args) > 1 else None
        if ok and exc is not None:
            en = _names(exc)
            if "is_not" in en and "legendary" in en and not (en - {"except", "only_if", "some", "the", "desc", "none",
                                                                    "types", "group", "token", "where", "is_not",
                                                                    "supertypes", "supertype_list", "legendary",
                                                                    "is", "equipped", "creature"}):
                out.append(atom("tl_eff_except", A, Function("nonlegendary")))
                return True
            return False
        return ok
    if e.name == "create" and "copy_of" in n:
        cp = next(x for x in _walk(e) if isinstance(x, Fn) and x.name == "copy_of")
        # Only the forms read below; any other qualifier ("you control", "nonland") is not read
        if n - _CREATE_COPY_WORDS:
            return False
        if _is_target(cp):
            k = _target_kind(cp)
            if k is None:
                return False
            out.append(atom("tl_target_spec", A, Function(k)))
            out.append(atom("tl_eff", A, Function("copy_token", [Function("target")])))
            return True
        if "equipped" in _names(cp):
            out.append(atom("tl_eff", A, Function("copy_token", [Function("equipped")])))
            return True
        if _names(cp) & {"those", "one_of", "n_of_those"}:
            out.append(atom("tl_eff", A, Function("copy_token", [Function("those")])))
            return True
        return False
    if e.name == "create" and len(e.args) == 1 and "copy_of" not in n:
        # "create X 1/1 red Goblin creature tokens" / "create a 1/1 white Soldier creature token" (111.2)
        some = e.args[0]
        if not (isinstance(some, Fn) and some.name == "some" and len(some.args) == 2):
            return False
        k = _counter_n(Fn("some", (some.args[0],)))
        vals = _token_desc(Fn("some", (Fn("a"), some.args[1])))
        if vals is None or k is None:
            return False
        out.append(atom("tl_eff", A, Function("create_x") if k == "x" else Function("create_n", [Number(k)])))
        out += [atom("tl_token_desc", A, v) for v in vals]
        return True
    if e.name in ("characteristic", "statement") and len(e.args) == 2 and _target_kind(e.args[0]) \
            and isinstance(e.args[1], Fn) and e.args[1].name == "all":
        # "Target creature gets +3/-3 and loses all creature types until end of turn." (Nameless
        # Inversion): each part a continuous effect on the target (611.2a, 613.1d, 613.4c)
        effs = []
        for part in e.args[1].args:
            if isinstance(part, Fn) and part.name == "lasting" and len(part.args) == 2 \
                    and part.args[1] == Fn("until_end_of_turn"):
                part = part.args[0]
            if isinstance(part, Fn) and part.name == "modify_pt" and all(isinstance(v, int) for v in part.args):
                effs.append(Function("modify_pt", [Number(part.args[0]), Number(part.args[1])]))
            elif part == Fn("loses", (Fn("abilities", (Fn("all_creature_types"),)),)):
                effs.append(Function("lose_all_creature_types"))
            else:
                return False
        out.append(atom("tl_target_spec", A, Function(_target_kind(e.args[0]))))
        out += [atom("tl_eff", A, Function("target_cont", [x])) for x in effs]
        return True
    if e.name == "statement" and len(e.args) == 2 and _group_all(e.args[0]) is not None:
        # "all creatures get -X/-X until end of turn" (Bane of the Living), "+N/+N" (611.2c, 613.4c)
        what = e.args[1]
        if isinstance(what, Fn) and what.name == "lasting" and len(what.args) == 2 \
                and what.args[1] == Fn("until_end_of_turn") and isinstance(what.args[0], Fn) \
                and what.args[0].name == "gets" and len(what.args[0].args) == 1:
            pt = what.args[0].args[0]
            mod = _pt_mod(pt)
            if mod is not None:
                out.append(atom("tl_eff", A, Function("each_all", [Function(_group_all(e.args[0])), mod])))
                return True
        return False
    if e.name == "statement" and len(e.args) == 2:
        subj, what = e.args
        if isinstance(what, Fn) and what.name == "gains" and "token" in _names(subj) and "that" in _names(subj):
            kws = [x.args[0].name for x in _walk(what) if isinstance(x, Fn) and x.name == "keyword" and x.args]
            if kws and _names(what) <= {"gains", "abilities", "keyword"} | set(kws):
                for k in kws:
                    out.append(atom("tl_eff", A, Function("token_gains", [Function(k)])))
                return True
        if subj == Fn("you") and isinstance(what, Fn) and what.name in ("gain_life", "lose_life"):
            out.append(atom("tl_eff", A, Function("untracked", [Function(what.name)])))  # life totals: not modelled
            return True
    if e.name in ("draw", "scry") or (e.name == "and" and all(isinstance(a, Fn) for a in e.args)):
        if e.name == "and":
            return all(_effect(a, out, A) for a in e.args)
        out.append(atom("tl_eff", A, Function("untracked", [Function(e.name)])))  # libraries: not modelled
        return True
    if e.name in ("characteristic", "statement") and len(e.args) == 2:
        who, what = e.args
        if isinstance(what, Fn) and what.name == "lasting" and what.args and isinstance(what.args[0], Fn) \
                and what.args[0].name == "gets" and _target_kind(who):
            pt = what.args[0].args[0]
            if isinstance(pt, Fn) and pt.name == "pt" and all(isinstance(v, int) for v in pt.args):
                out.append(atom("tl_target_spec", A, Function(_target_kind(who))))
                out.append(atom("tl_eff", A, Function("pump", [Number(pt.args[0]), Number(pt.args[1])])))
                return True
        if isinstance(what, Fn) and what.name == "discard" and _is_target(who):
            out.append(atom("tl_eff", A, Function("discard")))  # which card: said by the scenario sentence
            return True
    if e.name == "create_for_each_counter" and len(e.args) == 3 and e.args[2] == Fn("it"):
        vals = _token_desc(e.args[0])
        pt = next((x for x in _walk(e.args[1]) if isinstance(x, Fn) and x.name == "pt"), None)
        if vals is None or pt is None or _names(e.args[1]) - {"counters", "some", "pt_counter", "pt"}:
            return False
        kind = f"{pt.args[0]:+d}/{pt.args[1]:+d}"
        out.append(atom("tl_eff", A, Function("tokens_per_counter", [String(kind)])))
        out += [atom("tl_token_desc", A, v) for v in vals]
        return True
    if e.name == "lasting_prefix" and len(e.args) == 2 and e.args[0] == Fn("until_end_of_turn") \
            and isinstance(e.args[1], Fn) and e.args[1].name == "statement" and len(e.args[1].args) == 2:
        who, what = e.args[1].args
        frog = _target_changes(who, what)
        if frog is not None:
            # "Until end of turn, target creature loses all abilities and becomes a blue Frog
            # with base power and toughness 1/1" (Turn to Frog)
            out.append(atom("tl_target_spec", A, Function(_target_kind(who))))
            for x in frog:
                out.append(atom("tl_eff", A, Function("target_cont", [x])))
            return True
        if _names(who) == {"all_of", "desc", "none", "types", "group", "creature", "where", "you_control"}:
            parts = what.args if isinstance(what, Fn) and what.name == "and" else (what,)
            effs = []
            for w in parts:
                if w == Fn("base_pt", (Fn("pt", ("X", "X")),)):
                    effs.append(Function("set_pt_x"))
                elif w in (Fn("gains_all_creature_types"), Fn("gains", (Fn("abilities", (Fn("all_creature_types"),)),))):
                    effs.append(Function("all_creature_types"))
                else:
                    return False
            # "Until end of turn, creatures you control have base power and toughness X/X and ..."
            for x in effs:
                out.append(atom("tl_eff", A, Function("each_yours", [Function("creature"), x])))
            return True
        return False
    if e.name == "choose" and n <= {"choose", "some", "a", "desc", "", "non", "legendary", "types", "group", "creature",
                                    "where", "on_battlefield"} and "legendary" in n:
        # "Choose a nonlegendary creature on the battlefield."
        out.append(atom("tl_eff", A, Function("choose", [Function("nonlegendary_creature")])))
        return True
    if e.name in ("characteristic", "statement") and len(e.args) == 2 and _target_kind(e.args[0]) and \
            _names(e.args[1]) <= {"lasting", "becomes", "copy_of", "that", "desc", "none", "types", "group", "creature",
                                  "where", "until_end_of_turn"} and "copy_of" in _names(e.args[1]):
        # "Target creature becomes a copy of that creature until end of turn."
        out.append(atom("tl_target_spec", A, Function(_target_kind(e.args[0]))))
        out.append(atom("tl_eff", A, Function("become_copy_of_chosen")))
        return True
    if e.name == "put_counters" and len(e.args) == 2 and "pt_counter" in _names(e.args[0]):
        k = _counter_n(e.args[0])
        pt = next(x for x in _walk(e.args[0]) if isinstance(x, Fn) and x.name == "pt")
        kind = f"{pt.args[0]:+d}/{pt.args[1]:+d}"
        if not isinstance(k, int):
            return False
        if e.args[1] == Fn("self"):
            out.append(atom("tl_eff", A, Function("counters_self", [String(kind), Number(k)])))
            return True
        tk = _target_kind(e.args[1])
        if tk:
            out.append(atom("tl_target_spec", A, Function(tk)))
            out.append(atom("tl_eff", A, Function("counters_target", [String(kind), Number(k)])))
            return True
    return False


_UNREAD_KIND = [
    (re.compile(r"^(When|Whenever) you cast\b", re.I), "cast_you"),
    (re.compile(r"^(When|Whenever)\b[^,]*\bcast\b", re.I), "cast"),
    (re.compile(r"^(When|Whenever)\b[^,]*\b(enters|enter)\b", re.I), "enters"),
    (re.compile(r"^(When|Whenever)\b[^,]*\b(dies|die|leaves|leave)\b", re.I), "leaves"),
    (re.compile(r"^(When|Whenever)\b[^,]*\bdiscard", re.I), "discard"),
    (re.compile(r"^(When|Whenever)\b[^,]*\bactivate", re.I), "activate"),
    (re.compile(r"^At the beginning of\b", re.I), "step"),
    (re.compile(r"^(When|Whenever)\b[^,]*\bturned face up\b", re.I), "face_up"),
]


def _unread_kind(text: str) -> str:
    """For a triggered ability the grammar does not read: which kind of event its
    trigger names, so that only matching events are unsettled by it (else: any)."""
    for rx, k in _UNREAD_KIND:
        if rx.search(text.strip()):
            return k
    return "any"


def ability_facts(A: Symbol, ab: Ability) -> list[Symbol]:
    """The timeline meaning of one ability: tl_on/tl_if/tl_eff/... facts."""
    out: list[Symbol] = []
    if not ab.understood:
        if re.match(r"\s*(When|Whenever|At)\b", ab.text):
            out.append(atom("tl_unread", A, Function(_unread_kind(ab.text))))
        return out
    if ab.kind == "triggered":
        tr = _trigger(ab.trigger)
        if tr is None:
            out.append(atom("tl_unread", A, Function(_unread_kind(ab.text))))
            return out
        pat, kinds = tr
        out += [atom("tl_on", A, x) for x in (pat if isinstance(pat, list) else [pat])]
        for k in kinds:
            out.append(atom("tl_on_type", A, Function(k)))
        if ab.condition is not None:
            out.append(atom("tl_if", A, _condition(ab.condition)))
    if ab.kind == "activated":
        # CR 602.2b, 601.2h: the costs paid as the ability is activated
        for c in ab.costs:
            if c == Fn("tap"):
                out.append(atom("tl_cost", A, Function("tap")))
            elif isinstance(c, Fn) and c.name == "exile" and _names(c) <= {"exile", "some", "a", "desc", "none", "types",
                                                                          "group", "card", "where", "from", "graveyard",
                                                                          "your"} | _CARD_TYPES:
                kinds = [g for g in _names(c) if g in _CARD_TYPES]
                out.append(atom("tl_cost", A, Function("exile_gy", [Function(kinds[0] if kinds else "card")])))
    animation = _self_animation(ab.effects) if ab.kind == "activated" else None
    if animation is not None:
        # "~ becomes a 2/2 creature with all creature types until end of turn. It's still a land."
        for x in animation:
            out.append(atom("tl_eff", A, Function("self_cont", [x])))
    elif ab.kind in ("triggered", "spell", "activated"):
        for e in ab.effects:
            if not _effect(e, out, A):
                out.append(atom("tl_eff", A, Function("unread")))
    if ab.kind in ("replacement", "static"):
        for e in ab.effects:
            if isinstance(e, Fn) and e.name == "as_turned_face_up" and len(e.args) == 2 and e.args[0] == Fn("self") \
                    and isinstance(e.args[1], Fn) and e.args[1].name == "put_counters" and e.args[1].args[1:] == (Fn("it"),) \
                    and _names(e.args[1].args[0]) <= {"counters", "exactly", "a", "pt_counter", "pt"}:
                # "As ~ is turned face up, put five +1/+1 counters on it." (614.1e)
                pt = next(x for x in _walk(e) if isinstance(x, Fn) and x.name == "pt")
                n = _counter_n(e.args[1].args[0])
                if isinstance(n, int):
                    out.append(atom("tl_as_face_up", A, Function("counters", [String(f"{pt.args[0]:+d}/{pt.args[1]:+d}"),
                                                                             Number(n)])))
            if isinstance(e, Fn) and e.name == "if_then" and len(e.args) == 2 and _names(e) == _BALOTH:
                # "If a spell or ability an opponent controls causes you to discard ~, put it onto the
                # battlefield instead of putting it into your graveyard."
                out.append(atom("tl_repl", A, Function("opp_discard_to_battlefield")))
            if isinstance(e, Fn) and e.name in ("characteristic", "statement") and "enters_with" in _names(e) and e.args[0] == Fn("self") \
                    and _names(e) - {"statement"} <= {"characteristic", "self", "enters_with", "with_counters", "counters", "exactly",
                                      "x", "a", "pt_counter", "pt"}:
                pt = next(x for x in _walk(e) if isinstance(x, Fn) and x.name == "pt")
                kind = f"{pt.args[0]:+d}/{pt.args[1]:+d}"
                n = _counter_n(e)
                if n == "x":
                    out.append(atom("tl_enters_with_x", A, String(kind)))
                elif isinstance(n, int):
                    out.append(atom("tl_enters_with_n", A, String(kind), Number(n)))
    return out


def face_timeline_facts(faces: dict[str, CardFace]) -> list[Symbol]:
    out = []
    for name, face in faces.items():
        for i, ab in enumerate(face.abilities, start=1):
            out += ability_facts(Function("ab", [String(face.name), Number(i)]), ab)
    return out
