"""Copy exceptions (707.9): the `except(...)` part of a copy effect ("except it's a
Spirit in addition to its other types", "except it has this ability") as a flat list
of items that rules.lp reads (see `copy_exception_items`)."""

from __future__ import annotations

from .terms import Fn, Term, fn

_CARD_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery", "battle",
               "kindred"}


def _types_of(desc: Term) -> list[Term]:
    out: list[Term] = []
    if isinstance(desc, Fn) and desc.name == "desc":
        adjs, types = desc.args[0], desc.args[1]
        if isinstance(adjs, Fn) and adjs.name == "":
            for a in adjs.args:
                if isinstance(a, Fn) and a.name == "colored":
                    out.append(fn("color", a.args[0]))
                elif isinstance(a, Fn) and a.name == "colored_both":
                    out.extend(fn("color", x) for x in a.args)
                elif isinstance(a, Fn) and a.name == "pt":
                    out.append(a.args[0])
                elif isinstance(a, Fn) and a.name in ("legendary", "snow", "basic"):
                    out.append(fn("supertype", fn(a.name)))
                else:
                    out.append(fn("other", a))
        if isinstance(types, Fn) and types.name == "types":
            for g in types.args:
                for t in (g.args if isinstance(g, Fn) else ()):
                    if isinstance(t, Fn) and t.name == "subtype":
                        out.append(fn("subtype", t.args[0]))
                    elif isinstance(t, Fn) and t.name in _CARD_TYPES:
                        out.append(fn("card_type", t))
                    else:
                        out.append(fn("other", t))
    return out


def _condition(c: Term) -> Term:
    """"if it's a creature" -> card_type(creature) (707.9f: judged on the copy);
    other conditions are kept as their terms."""
    if isinstance(c, Fn) and c.name == "is" and len(c.args) == 1:
        p = c.args[0]
        if isinstance(p, Fn) and p.name == "a_type":
            ts = _types_of(p.args[0])
            if len(ts) == 1:
                return ts[0]
    return c


def _count(n: Term) -> Term:
    if n == fn("a"):
        return 1
    if isinstance(n, Fn) and n.name == "exactly":
        return n.args[0]
    return n


def _vp_items(v: Term) -> list[Term]:
    """One exception verb phrase -> exception items."""
    if not isinstance(v, Fn):
        return [fn("other", v)]
    if v.name == "is" and len(v.args) == 1:
        p = v.args[0]
        if isinstance(p, Fn):
            added = any(isinstance(x, Fn) and x.name == "in_addition" for x in p.args)
            if p.name == "supertypes":
                sts = p.args[0].args
                return [fn("adds" if True else "sets", fn("supertype", x)) for x in sts]
            if p.name == "a_type":
                items = _types_of(p.args[0])
                op = "adds" if added else "sets"
                return [fn("set_pt", *x.args) if isinstance(x, Fn) and x.name == "pt" else fn(op, x) for x in items]
            if p.name == "pt":
                return [fn("set_pt", *p.args[0].args)]
            if p.name == "pt_types":
                return [fn("other", p)]
    if v.name == "is_not" and len(v.args) == 1:
        p = v.args[0]
        if isinstance(p, Fn) and p.name == "supertypes":
            return [fn("drops", fn("supertype", x)) for x in p.args[0].args]
    if v.name == "has" and v.args:
        return [fn("adds", fn("ability", a)) for a in v.args[0].args]
    if v.name == "enters_with" and v.args:
        m = v.args[0]
        if isinstance(m, Fn) and m.name == "with_counters" and m.args:
            cs = m.args[0]
            if isinstance(cs, Fn) and cs.name in ("additional_counters", "counters") and len(cs.args) == 2:
                kind = cs.args[1]
                if isinstance(kind, Fn) and kind.name == "pt_counter":
                    kind = fn("pt", *kind.args[0].args)
                return [fn("counters", kind, _count(cs.args[0]))]
    if v.name == "and":
        return [i for x in v.args for i in _vp_items(x)]
    if v.name == "doesnt_copy_color":
        return [fn("keeps", fn("color"))]  # Vesuvan Doppelganger: the copy keeps its own color
    if v.name == "loses_other_card_types":
        return [fn("drops", fn("other_card_types"))]
    return [fn("other", v)]


def copy_exception_items(exc: Term) -> list[Term]:
    """except(...) of a copy effect -> a flat list of items (707.9b-f):
    adds(V) / sets(V) / drops(V) with V = supertype(S), card_type(T), subtype("S"),
    color(C), ability(A); keeps(color) ("doesn't copy that creature's color"); set_pt(P, T); set_name(S); counters(Kind, N) (enters with
    additional counters, 707.9e/614.1c); if(Cond, Item) for "if it's a creature" and
    other conditions; other(Term) for a part without a normal form."""
    items: list[Term] = []
    cond: Term | None = None
    for e in (exc.args if isinstance(exc, Fn) else ()):
        new: list[Term]
        c: Term | None = None
        if isinstance(e, Fn) and e.name == "if_then" and len(e.args) == 3:
            c, new = _condition(e.args[0]), _vp_items(e.args[2])
        elif isinstance(e, Fn) and e.name == "only_if" and len(e.args) == 3:
            c, new = _condition(e.args[2]), _vp_items(e.args[1])
        elif isinstance(e, Fn) and e.name == "is_if" and len(e.args) == 2:
            c, new = _condition(e.args[1]), _vp_items(fn("is", e.args[0]))
        elif isinstance(e, Fn) and e.name == "same_subject":
            c, new = cond, _vp_items(e.args[0])  # "... and has changeling": same subject, same condition
        elif isinstance(e, Fn) and e.name == "exception" and len(e.args) == 2:
            new = _vp_items(e.args[1])
        elif isinstance(e, Fn) and e.name == "name_is":
            new = [fn("set_name", e.args[0])]
        else:
            new = _vp_items(e)
        cond = c
        items.extend(fn("if", c, i) if c is not None else i for i in new)
    return items
