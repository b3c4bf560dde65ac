"""Meaning-builder forms of the Oracle grammar's second pass (docs/oracle-meaning.md §10, "Second
pass"): readings that rewrite a parse ("… dealt this turn by X" as "… by X this turn"), check a
verb before reading a rider ("as though they had flash" after "cast" only), or give a zone to
every verb of a list.  `SecondPassForms` is a mixin of the meaning transformer (oracle_meaning)."""

from __future__ import annotations

from .terms import Fn, Term, fn


class Unsupported(Exception):
    """Raised by the meaning builder for a parse it cannot give meaning to."""


class SecondPassForms:
    """Transformer methods (lark calls them by rule alias) of the second pass."""

    def cnt_desc(self, c):
        return self.desc(c)

    def count_all(self, c):
        # "equal to the number of lands you control" in a description: the same amount as
        # "X is the number of lands you control" (`count(all_of(Desc))`)
        return fn("count", fn("all_of", c[0]))

    def lasting_as_though_flash(self, c):
        # "You may cast spells this turn as though they had flash": the permission lasts (611.2a)
        v, dur = c
        if not (isinstance(v, Fn) and v.name == "may_cast" and len(v.args) == 1):
            raise Unsupported("column 1: \"as though they had flash\" follows \"cast\" only")
        return fn("lasting", fn("cast_as_though_flash", v.args[0]), dur)

    def whenever_first_time_each_turn(self, c):
        # "Whenever you gain life for the first time each turn, …"; "becomes the target of … for
        # the first time each turn" keeps its own event term, becomes_target_first_time
        ev = c[0]
        if isinstance(ev, Fn) and ev.name == "becomes_target" and len(ev.args) == 2:
            return fn("whenever", fn("becomes_target_first_time", *ev.args))
        return fn("whenever_first_time_each_turn", ev)

    def by_dur_first(self, c):
        # "… dealt this turn by attacking creatures": the same scope as "… by X this turn"
        return fn("by", c[1], c[0])

    def to_dur_first(self, c):
        # "… dealt this turn to creatures you control": the same scope as "… to X this turn"
        return fn("to", c[1], c[0])

    def prevent_next_dur_first(self, c):
        # "Prevent the next 4 damage that would be dealt this turn to X" (615.7): the same shield
        # as "… dealt to X this turn"
        n, dur, to = c
        return fn("lasting", fn("prevent_next", n, to), dur)

    def lasting_by(self, c):
        # "Prevent the next 3 damage that would be dealt to any target this turn by a source of your choice" (615.7,
        # 609.7a: Healing Grace): a shield on damage from that source only
        v, dur, src = c
        if v.name == "prevent_next":
            return fn("lasting", fn("prevent_next_from", v.args[0], v.args[1], src), dur)
        return fn("lasting_by", v, dur, src)

    def redirect_all_damage_dur_first(self, c):
        # "All damage that would be dealt this turn to X is dealt to Y instead": the same as
        # "… dealt to X this turn …"
        kind, dur, to, new = c
        return fn("redirect_all_damage_lasting", kind, to, dur, new)

    def lasting_as_though_no_defender(self, c):
        # "~ can attack this turn as though it didn't have defender" (702.3b)
        v, dur = c
        if v != fn("can", fn("cant_attack")):
            raise Unsupported("column 1: \"as though it didn't have defender\" follows \"can attack\" only")
        return fn("can_attack_as_though_no_defender_lasting", dur)


def zone_to_every_verb(vs: list[Term]) -> list[Term]:
    """"play lands and cast spells from the top of your library": the zone at the end is where
    every "play"/"cast" verb before it takes its cards from (601.2a, 305.1), so each of them
    gets it: `and(may_play(L, Z), may_cast(S, Z))`."""
    verbs = ("may_play", "may_cast")
    last = vs[-1]
    if not (isinstance(last, Fn) and last.name in verbs + ("cast_free", "cast_free_from") and len(last.args) > 1):
        return vs
    bare = [i for i, v in enumerate(vs[:-1]) if isinstance(v, Fn) and v.name in verbs + ("cast_free",) and len(v.args) == 1]
    if not bare:
        return vs
    if last.name not in verbs or any(vs[i].name not in verbs for i in bare):
        raise Unsupported("column 1: a zone after the last of several \"play\"/\"cast\" verbs would be read on the last one only")
    zone = last.args[1]
    return [fn(v.name, v.args[0], zone) if i in bare else v for i, v in enumerate(vs)]


class BreadthForms:
    """Transformer methods of the fifth breadth pass (docs/oracle-meaning.md §10, "Fifth breadth
    pass"): triggers on either of two events, modes that are triggered abilities."""

    def whenever_cast_or(self, c):
        # "Whenever you cast a black spell or a Swamp enters under your control" (603.2): one
        # trigger on either event, the term "When ~ enters or is turned face up" has
        who, spell, ev = c
        return fn("whenever", fn("either", fn("casts", who, spell), ev))

    def whenever_cycle_or(self, c):
        # "Whenever you cycle ~ or cycle another card …", "When you cycle ~ or it dies" (603.2)
        who, card, ev = c
        return fn("whenever", fn("either", fn("cycles", who, card), ev))

    def when_cycle_or(self, c):
        who, card, ev = c
        return fn("when", fn("either", fn("cycles", who, card), ev))

    def when_dies_or_when(self, c):
        # "When ~ dies or when you discard it" (603.2): either event
        np, ev = c
        return fn("when", fn("either", fn("dies", np), ev))

    def line_mode_triggered(self, c):
        # "• Khans — At the beginning of combat on your turn, …" (a Siege): the mode chosen as the
        # permanent enters is a triggered ability of it (700.2); the mode rider as on any mode line
        d = self.line_triggered(c)
        d["riders"] = tuple(d.get("riders", ())) + (fn("mode"),)
        return d
