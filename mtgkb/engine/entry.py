"""How a permanent enters the battlefield (614.1c, 614.12): what rules.lp decided for an event in
which it entered (mtgkb/rules/entry.lp), done to the state of one outcome."""

from __future__ import annotations

from .ask import pick
from .state import State


def apply_entry(st: State, m, several: bool) -> None:
    """Tap each permanent that enters tapped (tl_enters_tapped/1); name the outcome by whether the
    life of "unless you pay N life" was paid (tl_entry_paid/2; the life itself is a tl_ev_apply)."""
    paid = {p.arguments[0].arguments[0].number for p in pick(m, "tl_entry_paid")}
    for o in sorted({p.arguments[0].arguments[0].number for p in pick(m, "tl_entry_option")}):
        if o in paid:
            st.log.append(("614.12, 119.4", f"  as {st.name_of(o)} enters, its controller pays the life"))
        if several:
            st.choices.append(f"{st.name_of(o)}: life {'paid' if o in paid else 'not paid'} as it entered")
    for t in pick(m, "tl_enters_tapped"):
        o = st.objects[t.arguments[0].arguments[0].number]
        o.tapped = True
        st.log.append(("614.1c", f"  {o.handle} enters tapped"))
