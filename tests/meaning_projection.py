"""One vocabulary for two readers of card meaning: the frozen Python reader
(tests/test_meaning_frozen.py, exact term shapes, one target per ability) and meaning.lp
(steps over references, numbered target slots).  Each fact of either is projected onto the
same canonical words, so that tests/test_meaning_rules.py can say where they read one shape
the same way and where meaning.lp reads more (or less).

The projection is only a renaming: "target creature gets +3/+3 until end of turn" is
pump(3,3) + tl_target_spec(creature) for the frozen reader and
cont(slot(1),modify_pt(3,3),end_of_turn) + tl_slot(1, target creature, 1, 1) for meaning.lp;
both become cont(target,modify_pt(3,3),end_of_turn) and spec(creature).  A reference or a test
the frozen reader had no word for keeps its meaning.lp spelling (so it can never equal an old
fact).
"""

from __future__ import annotations

from clingo import Symbol, SymbolType

TARGET_WORDS = {"creature", "permanent", "artifact", "enchantment", "land", "planeswalker"}
EOT = "end_of_turn"


def _s(x: Symbol) -> str:
    return str(x)


def _fn(x: Symbol, name: str, arity: int | None = None) -> bool:
    return x.type == SymbolType.Function and x.name == name and (arity is None or len(x.arguments) == arity)


# ----------------------------------------------------------------------------- the frozen reader

def old_fact(f: Symbol) -> str:
    """A fact of the frozen reader in the canonical words (its ability argument dropped)."""
    a = f.arguments
    if f.name == "tl_target_spec":
        return f"spec({_s(a[1])})"
    if f.name == "tl_token_desc":
        return f"token({_s(a[1])})"
    if f.name != "tl_eff":
        return f"{f.name}({','.join(_s(x) for x in a[1:])})"
    return _old_eff(a[1])


def _old_eff(e: Symbol) -> str:
    a = e.arguments
    if _fn(e, "pump"):
        return f"cont(target,modify_pt({a[0]},{a[1]}),{EOT})"
    if _fn(e, "target_cont"):
        return f"cont(target,{a[0]},{EOT})"
    if _fn(e, "each_all"):
        m = a[1]
        if _fn(m, "modify_pt_x"):
            m = f"modify_pt(xs({m.arguments[0]}),xs({m.arguments[1]}))"
        return f"cont(each({a[0]}),{m},{EOT})"
    if _fn(e, "each_yours"):
        what = "set_pt(x,x)" if _fn(a[1], "set_pt_x") else _s(a[1])
        return f"cont(each_yours({a[0]}),{what},{EOT})"
    if _fn(e, "self_cont"):
        return f"cont(self,{a[0]},{EOT})"
    if _fn(e, "discard"):
        return "discard(target)"
    if _fn(e, "untracked") and a[0].name in ("draw", "scry"):
        return a[0].name
    if _fn(e, "create_n"):
        return f"create({a[0]})"
    if _fn(e, "create_x"):
        return "create(x)"
    if _fn(e, "tokens_per_counter"):
        return f"create(lki({a[0]}))"
    if _fn(e, "choose"):
        return "choose"
    if _fn(e, "become_copy_of_chosen"):
        return "become_copy(target)"
    if _fn(e, "counters_self"):
        return f"counters(self,{a[0]},{a[1]})"
    if _fn(e, "counters_target"):
        return f"counters(target,{a[0]},{a[1]})"
    return _s(e)   # unread, untracked(gain_life), copy_token(W), token_gains(K): the same words


# ----------------------------------------------------------------------------- meaning.lp

def new_fact(f: Symbol) -> str:
    """A fact of meaning.lp in the canonical words (its ability argument dropped)."""
    a = f.arguments
    if f.name == "tl_slot":
        return f"spec({_slot_kind(a[2], a[3], a[4])})"
    if f.name == "tl_token_desc":
        return f"token({_s(a[2])})"
    if f.name == "tl_step":
        return _new_eff(a[2])
    if f.name == "tl_eff":
        return _s(a[1])
    return f"{f.name}({','.join(_s(x) for x in a[1:])})"


def _slot_kind(test: Symbol, lo: Symbol, hi: Symbol) -> str:
    d = test.arguments[0]
    if (lo.number, hi.number) == (1, 1) and test.arguments[1].name == "none" and _s(d.arguments[0]) == "(target,)" \
            and _s(d.arguments[2]) == "where" and len(d.arguments[1].arguments) == 1:
        g = d.arguments[1].arguments[0]
        if len(g.arguments) == 1 and g.arguments[0].type == SymbolType.Function and g.arguments[0].name in TARGET_WORDS:
            return g.arguments[0].name
    return f"slot({test},{lo},{hi})"


def _ref(r: Symbol) -> str:
    if _fn(r, "slot"):
        return "target"
    if _fn(r, "each", 1):
        d, z = r.arguments[0].arguments
        if z.name == "none" and _s(d.arguments[0]) == "none" and len(d.arguments[1].arguments) == 1:
            g = d.arguments[1].arguments[0]
            if len(g.arguments) == 1 and g.arguments[0].type == SymbolType.Function and not g.arguments[0].arguments:
                k = g.arguments[0].name
                if _s(d.arguments[2]) == "where":
                    return f"each({k})"
                if _s(d.arguments[2]) == "where(you_control)":
                    return f"each_yours({k})"
    return _s(r)


def _new_eff(e: Symbol) -> str:
    a = e.arguments
    if _fn(e, "cont"):
        return f"cont({_ref(a[0])},{a[1]},{a[2]})"
    if _fn(e, "discard") and _fn(a[0], "slot"):
        return "discard(target)"
    if _fn(e, "draw") or _fn(e, "scry"):
        return e.name
    if _fn(e, "copy_token"):
        w = {"equipped_by_self": "equipped", "those_targets": "those"}.get(_s(a[0]), _ref(a[0]))
        return f"copy_token({w})"
    if _fn(e, "create"):
        n = a[0]
        return f"create(lki({n.arguments[0]}))" if _fn(n, "lki_counters") else f"create({n})"
    if _fn(e, "choose"):
        return "choose"
    if _fn(e, "become_copy"):
        return f"become_copy({_ref(a[0])})"
    if _fn(e, "counters"):
        return f"counters({_ref(a[0])},{a[1]},{a[2]})"
    return _s(e)
