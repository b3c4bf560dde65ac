"""Control changes (CR 613.1b) done to the state, as rules.lp decides them: a resolving
control-changing effect (rules.lp `tl_apply(I, cont(O, control(P, Prev), Dur))`,
mtgkb/rules/control.lp) and the controller an object has again when such effects end
(`tl_control_returns(O, P)`).  A leaf: it imports no engine module."""

from __future__ import annotations


def change_control(st, oid: int, player: str) -> None:
    """Object oid is now controlled by player; an object that changes controller has not been
    under its new controller's control continuously since their most recent turn began (302.6)."""
    o = st.objects[oid]
    if o.controller == player:
        return
    old = o.controller
    o.controller = player
    o.came_this_turn = True
    st.log.append(("613.1b", f"  {player} controls {o.handle} (it was {old}'s)"))
