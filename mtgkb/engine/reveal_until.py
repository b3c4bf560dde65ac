"""Revealing cards from the top of a library until cards of a kind are revealed (701.20a, 401.1): one
outcome of the action reveal_until(P, Q, N, Found, Rest), as rules.lp (mtgkb/rules/reveal_until.lp) answered
it, applied to the state.  Called by ZoneSteps._apply_zone (mtgkb/engine/zones.py)."""

from __future__ import annotations

from clingo import Function, String, Symbol

from ..symbols import obj
from .ask import Bound, pick
from .state import State
from .zone_state import library, new_unknown, shuffled, unknown_public

_WHERE = {"hand": "into their hand", "graveyard": "into their graveyard", "battlefield": "onto the battlefield",
          "shuffle": "shuffled into their library",
          "bottom": "on the bottom of their library"}


def apply_reveal_until(steps, st: State, act: Symbol, m) -> list[State]:
    """Move the cards the answer set `m` says: the cards revealed leave the library (zones.lp zn_took,
    zn_took_unknown); each goes where ru_put says (an unknown card becomes an unknown card object there); those
    put back ("shuffle") return to the library, which is then shuffled (701.24a)."""
    p = act.arguments[0].string
    if pick(m, "ru_endless"):
        # CR 401.2: rules.lp says the cards of the kind may lie deeper in a library of unknown size than any bound
        raise Bound(f"{p}'s library has no known size: the cards revealed until one of the kind have no bound")
    lib = library(st, p)
    for t in pick(m, "zn_took"):
        lib.top = lib.top[t.arguments[1].number:]
        lib.bottom = lib.bottom[t.arguments[2].number:]
    for u in pick(m, "zn_took_unknown"):
        lib.unknown_loose = max(0, lib.unknown_loose - u.arguments[1].number)
    puts = sorted((x.arguments[0].name, x.arguments[1].number, x.arguments[2]) for x in pick(m, "ru_put"))
    moved: dict[str, list] = {}
    entered = []
    hidden_public: set = set()
    for d, _, E in puts:
        oid = E.arguments[0].number if E.name == "o" else None
        if d == "bottom":
            # CR 401.1: below the cards already there, in the order rules.lp gave (a known card never left the library)
            lib.bottom.append(oid)
            moved.setdefault(d, []).append(oid)
            continue
        if d == "shuffle":
            # CR 400.3, 701.24a: back into the library (a known card never left it), shuffled below
            if oid is None:
                lib.unknown_loose += 1
            moved.setdefault(d, []).append(oid)
            continue
        if oid is None:
            o = new_unknown(st, d, p)
            if d != "hand":
                hidden_public.add(d)
        else:
            o = st.move(oid, d, p if d == "battlefield" else None)
        if d == "battlefield":
            o.entered = True
            entered.append(o)
        moved.setdefault(d, []).append(o.id)
    st.log.append(("701.20a, 401.1, 400.3", f"{p} reveals {len(puts)} card(s): " + "; ".join(
        f"{len(v)} {_WHERE[d]}" + (" (" + ", ".join(st.name_of(x) for x in v if x is not None) + ")"
                                    if any(x is not None for x in v) else "") for d, v in sorted(moved.items()))))
    for d in sorted(hidden_public):
        # an unknown card put into a public zone from the library: what it could do there is rules'
        # (mtgkb/rules/public_unknowns.lp, CR 113.6)
        st.unsure.append(unknown_public(p, d))
    if "shuffle" in moved:
        shuffled(st, p)
        st.log.append(("701.24a", f"{p} shuffles their library"))
    branches = steps.event(st, Function("zone_action", [act]))
    if entered:
        # CR 603.2, 603.6a: the permanents put onto the battlefield at once enter in one event
        branches = [x for b in branches for x in steps.event(b, *[Function("enters", [obj(o.id)]) for o in entered])]
    return branches
