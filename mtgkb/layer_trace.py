"""Each characteristic of an object through layers 1-7 (613.1), with the effect and the
timestamp that changed it: `mtgkb show --layers`.

Read from one answer set's derivations (mtgkb.explain): the values after each layer
(`lv(L, O, V)`), the effects applied in it (`effect(L, O, V, K, Op)`, K = (0 for a
characteristic-defining ability | 1, timestamp)), and for layer 7 the base power and
toughness (7b) and their modifications (7c).  Nothing is decided here: the rows are
what the program derived, in words."""

from __future__ import annotations

from clingo import Number, Symbol, SymbolType

from .explain import Explainer
from .proof import Words, rule_titles

# layer -> the CR rule naming it
LAYER_RULES = {1: "613.1a", 2: "613.1b", 3: "613.1c", 4: "613.1d", 5: "613.1e", 6: "613.1f", 7: "613.1g"}


def layer_trace(ex: Explainer, enc, O: Symbol) -> list[dict]:
    """Rows {"layer", "rule", "title", "values"|"changes", ...} for object O: layer 1's
    copiable values, then each layer that changed something, then 7b, 7c and the result."""
    words = Words(enc.handles, getattr(enc, "faces", {}))
    rows: list[dict] = []
    prev: set = set()
    for L in range(1, 8):
        vals = {h.arguments[2] for h in ex.derived("lv", Number(L)) if h.arguments[1] == O}
        if L == 1:
            copies = [h.arguments[1] for h in ex.derived("copy_of", O)]
            how = f"copy of {words(copies[0])}" if copies else "token" if _has(ex, enc, "token", O) else "printed"
            rows.append(_row("1", LAYER_RULES[1], values=[words.value(v) for v in sorted(vals, key=_value_order)],
                             source=how))
        else:
            effects = [h for h in ex.derived("effect", Number(L)) if h.arguments[1] == O]
            added, removed = sorted(vals - prev, key=str), sorted(prev - vals, key=str)
            if added or removed or effects:
                rows.append(_row(str(L), LAYER_RULES[L], changes=[f"+ {words.value(v)}" for v in added]
                                 + [f"- {words.value(v)}" for v in removed],
                                 effects=[_effect(ex, enc, words, e) for e in effects]))
        prev = vals
    base = ex.derived("base_power", O) + ex.derived("base_toughness", O)
    if base:
        settings = [h for h in ex.derived("pt_setting", O)]
        rows.append(_row("7b", "613.4b", changes=[f"{h.name.replace('_', ' ')} {words(h.arguments[1])}" for h in base],
                         effects=[_keyed(enc, words, h.arguments[1], f"sets {words(h.arguments[2])}/{words(h.arguments[3])}",
                                         ex, h) for h in settings]))
        deltas = ex.derived("pt_delta", O)
        if deltas:
            rows.append(_row("7c", "613.4c", changes=[f"{_signed(h.arguments[2])} {words(h.arguments[1])} from "
                                                      f"{_delta_source(enc, words, h.arguments[3])}" for h in deltas]))
        result = [f"{h.name} {words(h.arguments[1])}" for h in ex.derived("power", O) + ex.derived("toughness", O)]
        if result:
            rows.append(_row("=", "613.4", changes=result))
    return rows


VALUE_ORDER = ("name", "supertype", "card_type", "subtype", "all_creature_types", "color", "mana_cost", "power",
               "toughness", "loyalty", "ability")


def _value_order(v: Symbol):
    name = v.name if v.type == SymbolType.Function else ""
    return (VALUE_ORDER.index(name) if name in VALUE_ORDER else len(VALUE_ORDER), str(v))


def render_trace(rows: list[dict], indent: str = "      ") -> list[str]:
    out = []
    for r in rows:
        what = "; ".join(r.get("values") or r.get("changes") or []) or "(no change)"
        src = f"({r['source']}) " if r.get("source") else ""
        head = "result   " if r["layer"] == "=" else f"layer {r['layer']:<3}"
        out.append(f"{indent}{head} {r['rule']:<7} {src}{what}")
        for e in r.get("effects", []):
            out.append(f"{indent}    effect: {e}")
    return out


def _row(layer: str, rule: str, **kw) -> dict:
    titles = rule_titles(rule)
    return {"layer": layer, "rule": rule, "title": titles[0]["title"] if titles else "", **kw}


def _has(ex: Explainer, enc, pred: str, O: Symbol) -> bool:
    return bool(ex.derived(pred, O)) or any(f.name == pred and f.arguments and f.arguments[0] == O for f in enc.facts)


def _signed(n: Symbol) -> str:
    return f"{n.number:+d}" if n.type == SymbolType.Number else str(n)


def _timestamp(K: Symbol) -> int | None:
    """An order key (0|1, T) -> T."""
    if K.type == SymbolType.Function and len(K.arguments) == 2 and K.arguments[1].type == SymbolType.Number:
        return K.arguments[1].number
    return None


def _keyed(enc, words: Words, K: Symbol, what: str, ex: Explainer, atom: Symbol) -> str:
    T = _timestamp(K)
    cda = K.type == SymbolType.Function and K.arguments and K.arguments[0] == Number(0)
    parts = [what]
    if cda:
        parts.append("a characteristic-defining ability (first in its layer, 613.3)")
    elif T is not None:
        parts.append(f"timestamp {T}")
    origin = _origin(ex, enc, words, atom, T)
    if origin:
        parts.append(origin)
    options = ex.by_head.get(atom)
    if options:
        parts.append(f"CR {options[0][0]}")
    return "; ".join(parts)


def _effect(ex: Explainer, enc, words: Words, e: Symbol) -> str:
    _, _, V, K, op = e.arguments
    verb = "adds" if op.type == SymbolType.Function and op.name == "add" else "removes"
    return _keyed(enc, words, K, f"{verb} {words.value(V)}", ex, e)


def _delta_source(enc, words: Words, src: Symbol) -> str:
    if src.type == SymbolType.Function and src.name == "mod" and src.arguments:
        T = _timestamp(src.arguments[0])
        line = enc.origins.get(T) if T is not None and getattr(enc, "origins", None) else None
        return f"an effect (timestamp {T}" + (f", line {line[0]}: {line[1]}" if line else "") + ")" \
            if T is not None else "an effect"
    return words(src)


def _origin(ex: Explainer, enc, words: Words, atom: Symbol, T: int | None) -> str | None:
    """Where an effect comes from: a sentence of the scenario (by its timestamp) or the
    ability of a permanent that functions."""
    origins = getattr(enc, "origins", None) or {}
    if T is not None and T in origins:
        line, text = origins[T]
        return f"line {line}: {text}"
    todo, seen = [ex.tree(atom, depth=8)], 0
    while todo and seen < 200:
        node = todo.pop(0)
        seen += 1
        a = node.atom
        if a.type == SymbolType.Function and a.name == "functioning" and len(a.arguments) == 2:
            return f"an ability of {words(a.arguments[0])}"
        todo.extend(node.children)
    return None
