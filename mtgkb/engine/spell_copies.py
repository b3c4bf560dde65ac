"""Effects on spells on the stack as a spell or ability resolves: a copy of a spell put onto the stack
(707.10) and the targets of a spell chosen anew or changed (707.10c, 115.7).  rules.lp decides (the
steps of mtgkb/rules/spell_targets.lp: tl_apply(I, copy_spell(O)), tl_apply(I, retarget(O)) and the
final targets tl_new_target/5); this module changes the stack as it says."""

from __future__ import annotations

from clingo import Function, String

from ..symbols import obj
from .ask import pick
from .mana_state import NO_MANA
from .state import Item, State, item_sym


def _target_of(T):
    return T.string if T.type.name == "String" else T.arguments[0].number


def _new_targets(m, it: Item, W) -> tuple:
    """The targets of item `it` after the change rules.lp chose for W (in their slots, in order)."""
    new = {(v.arguments[2], _target_of(v.arguments[3])): _target_of(v.arguments[4])
           for v in pick(m, "tl_new_target") if v.arguments[1] == W}
    if not new:
        return it.targets
    return tuple(new.get((sl, t), t) for sl, t in zip(it.slots, it.targets))


def apply_stack_effects(st: State, it: Item, m, effects: list) -> list:
    """Apply the copies and target changes of resolving item `it`; returns the events they are (a copy
    put onto the stack: copy(I, O, P), for the triggers that watch copies)."""
    events = []
    for e in effects:
        oid = e.arguments[0].arguments[0].number
        orig = st.item_of(next((x.id for x in st.stack if x.kind == "spell" and x.source == oid), -1))
        if orig is None:
            continue
        if e.name == "retarget":
            # CR 115.7a, 115.7d: the spell keeps its slots; each target is the one chosen for it
            targets = _new_targets(m, orig, Function("spell", [obj(oid)]))
            if targets != orig.targets:
                orig.targets = targets
                names = ", ".join(st.name_of(t) for t in targets)
                st.choices.append(f"{orig.label} now targets {names}")
                st.log.append(("115.7", f"  {orig.label}'s targets are now {names}"))
            else:
                st.log.append(("115.7", f"  {orig.label}'s targets are unchanged"))
            continue
        # CR 707.10: the copy is owned and controlled by the player who puts it onto the stack, with the
        # original's choices (modes, targets, X, kicker); it was not cast, and no mana was spent to cast it
        src = st.objects[oid]
        p = it.controller
        base = f"copy of {src.handle}"
        new = st.new_obj(st.fresh_handle(base), card=src.card, zone="stack", owner=p, controller=p)
        new.spell_copy = True
        st.next_item += 1
        # CR 707.10c: the new targets chosen for it (or the original's)
        targets = _new_targets(m, orig, Function("copy", [obj(oid)]))
        cp = Item(id=st.next_item, kind="spell", source=new.id, source_handle=new.handle, controller=p,
                  abilities=orig.abilities, targets=targets, slots=orig.slots, x=orig.x,
                  label=new.handle, kicked=orig.kicked, spent=NO_MANA, division=orig.division)
        st.stack.append(cp)
        st.spent_log[new.handle] = NO_MANA
        tg = f" targeting {', '.join(st.name_of(t) for t in targets)}" if targets else ""
        if targets != orig.targets:
            st.choices.append(f"{new.handle}{tg}")
        st.log.append(("707.10, 707.10c", f"  {p} puts a copy of {src.handle} onto the stack ({new.handle}{tg}); "
                                          "it is not cast"))
        events.append(Function("copy", [item_sym(cp.id), obj(new.id), String(p)]))
    return events
