"""The turn-structure and combat part of the state as facts (one encoder: state.state_facts
calls this).  A leaf: it reads the state's fields and imports no engine module.

- `turn_number(N)` (500.1);
- `cont_duration(TS, Dur)`: how long the continuous effect of timestamp TS lasts (611.2a):
  end_of_turn (514.2), end_of_combat (511.2), indefinite, next_turn_of(P) (701.35a: a symbol);
- `attacking(O, P)` (508.1: O attacks player P), `blocking(B, O)` (509.1), `blocked(O)` (509.1h);
  an object that left the battlefield is a new object and is not in combat (400.7, 506.4);
- `blockers_declared` (509.1 happened this combat), `first_strike_step_done` and
  `in_first_strike_step(O)` (702.7b, 702.4b), `combat_damage_done` (510);
- `delayed_trigger(N, D, Step, P, S)`: the delayed triggered ability N does what D = dl(A, I) says,
  triggers when Step next begins, is controlled by P; S is the source of the ability that made it (603.7);
  `delayed_obj(N, O)`: an object it acts on, fixed as it was made, while O is still that object (603.7c).
"""

from __future__ import annotations

from clingo import Function, Number, String, Symbol

from ..symbols import atom, obj


def turn_facts(st) -> list[Symbol]:
    out = [atom("turn_number", Number(st.turn))]
    for ts, oid, _e, dur in st.conts:
        if oid in st.objects:
            out.append(atom("cont_duration", Number(ts), dur if isinstance(dur, Symbol) else Function(dur)))
    for oid, p in st.attacking.items():
        if oid in st.objects:
            out.append(atom("attacking", obj(oid), String(p)))
    for b, a in st.blocking.items():
        if b in st.objects:
            out.append(atom("blocking", obj(b), obj(a)))
    out += [atom("blocked", obj(a)) for a in st.blocked if a in st.objects]
    if st.combat.get("blocks_declared"):
        out.append(atom("blockers_declared"))
    if "first_strike" in st.combat:
        out.append(atom("first_strike_step_done"))
        out += [atom("in_first_strike_step", obj(o)) for o in st.combat["first_strike"] if o in st.objects]
    if st.combat.get("damage_done"):
        out.append(atom("combat_damage_done"))
    if st.spells_cast:
        out.append(atom("spells_cast_this_turn", Number(st.spells_cast)))   # CR 601.2i, 702.40a
    # CR 500.7: the extra turns to come, the next first
    out += [atom("extra_turn", Number(k), String(p)) for k, p in enumerate(st.extra_turns, 1)]
    if st.turn_base is not None:
        out.append(atom("turn_base", String(st.turn_base)))
    for n, D, step, p, src in st.delayed:
        out.append(atom("delayed_trigger", Number(n), D, Function(step), String(p), obj(src)))
    # CR 603.7c: the objects a delayed ability waiting or on the stack acts on, while each is still the object
    # it was (400.7)
    live = {d[0] for d in st.delayed} | {it.abilities[0].arguments[0].number for it in st.stack
                                         if it.abilities and it.abilities[0].name == "delayed"}
    for n, (objs, follow) in sorted(st.delayed_objs.items()):
        # (a card put onto the battlefield by the ability that made it: the permanent it became, one move on)
        objs = [st.became.get(o) for o in objs] if follow else objs
        out += [atom("delayed_obj", Number(n), obj(o)) for o in objs if n in live and o in st.objects
                and (not follow or st.objects[o].zone == "battlefield")]
    return out
