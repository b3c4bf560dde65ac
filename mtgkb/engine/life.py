"""Life totals, damage and destruction as a resolution applies them (119, 120, 701.8):
what rules.lp decided (tl_apply/2 terms of its section "119, 120, 704.5a/g/h") done to the
state, in words for `mtgkb show`.  Used by the stepper's resolution and state-based actions."""

from __future__ import annotations

from clingo import Function, Symbol, SymbolType

from .ask import pick
from .state import STARTING_LIFE, State

LIFE_AND_DAMAGE = {"damage", "deathtouch", "life", "destroy", "prevention_shield", "shield_use", "regen_shield",
                   "regenerated"}

# claims whose first argument is a player: a player they name is in the game
PLAYER_QUERIES = {"life_is", "poison_is", "lost", "hand_count", "library_count", "top_card", "in_hand"}

SBA_LIFE_TEXT = {"704.5a": "has 0 or less life and loses the game",
                 "704.5b": "attempted to draw a card from an empty library and loses the game",
                 "704.5c": "has ten or more poison counters and loses the game"}


def apply_life_and_damage(st: State, e: Symbol) -> list[int]:
    """Apply one tl_apply term; the objects destroyed (they leave in an event of their own)."""
    a = e.arguments
    if e.name == "damage":
        o = st.objects[a[0].arguments[0].number]
        o.damage += a[1].number
        st.log.append(("120.3e", f"  {a[1].number} damage is marked on {o.handle} ({o.damage} in all)"))
    elif e.name == "deathtouch":
        o = st.objects[a[0].arguments[0].number]
        o.deathtouch_damage = True
        st.log.append(("702.2b", f"  the damage dealt to {o.handle} is from a source with deathtouch"))
    elif e.name == "life":
        p, d = a[0].string, a[1].number
        before = st.life.get(p, STARTING_LIFE)
        st.life[p] = before + d
        if d < 0 and p not in st.life_lost:
            st.life_lost.append(p)   # CR 119.3: it lost life this turn (mtgkb/rules/life_lost.lp)
        what = f"gains {d} life" if d >= 0 else f"loses {-d} life"
        st.log.append(("119.3, 120.3a", f"  {p} {what} ({before} -> {st.life[p]})"))
    elif e.name == "died":
        # CR 700.4: a creature that died this turn, with a subtype an amount counts (mtgkb/rules/died_this_turn.lp)
        st.died.append((a[0].arguments[0].number, a[1]))   # a subtype (a string) or `creature` (any creature)
    elif e.name == "counter":
        # CR 122.1c: a shield counter removed as the damage it stopped would have been dealt (keyword_counters.lp)
        change_counters(st, e, "122.1c")
    elif e.name in ("prevention_shield", "shield_use"):
        shield_change(st, e)
    elif e.name == "regen_shield":
        # CR 701.19a: a regeneration shield on the permanent (mtgkb/rules/regeneration.lp)
        oid = a[0].arguments[0].number
        st.regen.append([len(st.regen) + 1, oid, st.turn, False])
        st.log.append(("701.19a", f"  the next time {st.name_of(oid)} would be destroyed this turn, it is regenerated"))
    elif e.name == "regenerated":
        regenerate(st, a[0].arguments[0].number, a[1].number)   # its tapping is a tap(O) of its own
    elif e.name == "destroy":
        oid = a[0].arguments[0].number
        st.log.append(("701.8a", f"  {st.name_of(oid)} is destroyed (put into its owner's graveyard)"))
        return [oid]
    return []


def shield_change(st: State, e: Symbol) -> None:
    """CR 615.7: a prevention shield made (prevention_shield(to(T), N)) or lowered by the damage it prevented
    (shield_use(Number, M)); rules.lp decided both (mtgkb/rules/prevention_shields.lp)."""
    a = e.arguments
    if e.name == "prevention_shield":
        t = a[0].arguments[0]
        who = t.string if t.type == SymbolType.String else st.name_of(t.arguments[0].number)
        st.shields.append([len(st.shields) + 1, a[0], a[1].number, st.turn])
        by = " by a source of its controller's choice (609.7a)" if a[0].name == "to_from" else ""
        st.log.append(("615.7", f"  the next {a[1].number} damage that would be dealt to {who} this turn{by} is prevented"))
        return
    sh = st.shields[a[0].number - 1]
    sh[2] = max(0, sh[2] - a[1].number)
    st.log.append(("615.7", f"  {a[1].number} damage is prevented by a shield ({sh[2]} left of it)"))


def regenerate(st: State, oid: int, shield: int, tap: bool = False) -> None:
    """CR 701.19a, 614.8: instead of being destroyed, the permanent's damage is removed (and the deathtouch mark,
    704.5h), it is tapped (tap: here; a resolution taps it with tap(O)) and removed from combat (506.4); the
    shield is used (rules.lp said which: mtgkb/rules/regeneration.lp)."""
    o = st.objects[oid]
    st.regen[shield - 1][3] = True
    o.damage, o.deathtouch_damage = 0, False
    if tap:
        o.tapped = True
    fought = oid in st.attacking or oid in st.blocking
    st.attacking.pop(oid, None)
    st.blocking.pop(oid, None)
    st.blocked = [x for x in st.blocked if x != oid]
    st.log.append(("701.19a", f"  {o.handle} would be destroyed and is regenerated instead: its damage is removed, "
                              f"it is tapped{' and removed from combat' if fought else ''}"))


def sba_regenerations(st: State, m) -> list[Symbol]:
    """CR 704.5g, 704.5h, 701.19a: a state-based action would destroy a permanent and a shield regenerates it
    (rules.lp: sba_regenerate/2); the events of its tapping (for triggers)."""
    out = []
    for v in pick(m, "sba_regenerate"):
        oid = v.arguments[0].arguments[0].number
        if oid in st.objects and not st.regen[v.arguments[1].number - 1][3]:
            was = st.objects[oid].tapped
            st.log.append(("704.3", f"{st.name_of(oid)} would be destroyed (a state-based action)"))
            regenerate(st, oid, v.arguments[1].number, tap=True)
            if not was:
                out.append(Function("tapped", [v.arguments[0]]))
    return out


def player_loses(st: State, p: str, why: str) -> None:
    """CR 704.5a, 704.5c, 104.3: a player loses the game (a state-based action)."""
    if p not in st.lost:
        st.lost.append(p)
        st.log.append((why, f"{p} {SBA_LIFE_TEXT.get(why, 'loses the game')} (a state-based action)"))


def sba_checked(st: State) -> None:
    """CR 704.5h: "since the last time state-based actions were checked": the mark of deathtouch
    damage is cleared once they have been."""
    for o in st.objects.values():
        o.deathtouch_damage = False
    st.zones.drew_empty.clear()  # CR 704.5b: "since the last time state-based actions were checked"


# what rules.lp shows when a state-based action applies (704.3): permanents to graveyards, players who
# lose, +1/+1 and -1/-1 counters removed (704.5q: mtgkb/rules/counters.lp)
SBA_SHOWN = ("sba_to_graveyard", "sba_loses", "sba_annihilate", "sba_regenerate")


def sba_any(m) -> bool:
    """CR 704.3: does any state-based action apply in this answer set?"""
    return any(pick(m, p) for p in SBA_SHOWN)


def change_counters(st: State, e: Symbol, removed_rule: str) -> tuple:
    """CR 122.1: counter(O, Kind, N) puts N counters of the kind on O, or removes -N of them (never below
    none); logged, a removal under `removed_rule`.  (object, kind, N)"""
    o = st.objects[e.arguments[0].arguments[0].number]
    k, n = e.arguments[1].string, e.arguments[2].number
    o.counters[k] = max(0, o.counters.get(k, 0) + n)
    if n >= 0:
        st.log.append(("122.1", f"  {o.handle} gets {n} {k} counter(s)"))
    else:
        st.log.append((removed_rule, f"  {-n} {k} counter(s) removed from {o.handle} ({o.counters[k]} left)"))
    return o, k, n


def sba_counters(st: State, m) -> None:
    """CR 704.5q: N +1/+1 and N -1/-1 counters are removed from a permanent with both (rules.lp says N)."""
    for v in pick(m, "sba_annihilate"):
        o = st.objects.get(v.arguments[0].arguments[0].number)
        if o is None:
            continue
        n = v.arguments[1].number
        for k in ("+1/+1", "-1/-1"):
            o.counters[k] = max(0, o.counters.get(k, 0) - n)
        st.log.append(("704.5q", f"{o.handle}: {n} +1/+1 and {n} -1/-1 counter(s) removed (a state-based action)"))
