"""Activating (602), special actions (116), zone changes and discards (casting: casting.py):
the events a scenario sentence makes happen.  A mixin of the Stepper."""

from __future__ import annotations

from clingo import Function, Number, String, Symbol

from mtgkb.parser.scenario_ast import Sentence

from ..symbols import atom, obj
from .ask import ScenarioError, pick
from .state import Item, Obj, State, item_sym


class Actions:
    # -- casting (601), activating (602)
    def _targets(self, st: State, tg) -> tuple:
        return tuple(t[1] if t[0] == "player" else st.handles[t[1]] for t in tg)

    def _activate(self, st: State, s: Sentence) -> list[State]:
        a = s.args
        p = a["player"]
        self._player(st, p)
        if a.get("modes") or a.get("division"):
            raise ScenarioError("only a spell has modes or a division of damage chosen as it is cast here "
                                "(700.2a, 601.2b, 601.2d)", s)
        _, h, kind, n = a["ability"]
        oid = st.handles[h]
        o = st.objects[oid]
        face = self.face(o.card or h, s.pos) if o.card else None
        A = self._ability_symbol(face, kind, n, s) if face else None
        ab = face.abilities[A.arguments[1].number - 1] if A is not None else None
        if ab is not None and ab.kind == "mana" and (a["targets"] or a.get("choosing")):
            # CR 605.1a: an activated ability with a target is not a mana ability, so a mana ability has none
            raise ScenarioError(f"{self._ab_text(A)} is a mana ability: it has no target and nothing to choose "
                                "(605.1a)", s)
        if ab is not None and ab.kind == "mana":
            # CR 605.3a, 605.3b: a mana ability does not use the stack; it resolves at once.  One with {T}
            # taps its permanent and adds its mana, and its becoming tapped is an event triggered abilities
            # see (603.2e; engine/casting.py); another's mana is not tracked
            outs = self._tap_for_mana(st, s, oid, Function("ab", [A]), f"for mana ({self._ab_text(A)})", only_tap=True)
            if outs is not None:
                return outs
            st.log.append(("605.3a", f"{p} activates {self._ab_text(A)} (a mana ability: it does not use the stack; "
                                     f"the mana it adds is not tracked)"))
            st.unsure.append(A)
            # CR 603.2e: its activation is still an event triggered abilities may see (triggers.lp)
            outs = self.event(st, Function("activate_mana", [obj(oid), A, String(p)]))
            return [x for b in outs for x in self.put_triggers(b)]
        if A is None:
            # CR 602.2, 111.10: an ability of a token (a predefined token's, a token copy's) is not activated here:
            # its cost and effect are not followed, so what it could change is undetermined
            st.log.append(("602.2", f"{p} activates an ability of {h} (a token's ability: not followed here)"))
            st.unsure.append(Function("token_ability", [String(h)]))
        st.next_item += 1
        it = Item(id=st.next_item, kind="activated", source=oid, source_handle=h, controller=p,
                  abilities=(A,) if A is not None else (), targets=self._targets(st, a["targets"]), x=a["x"],
                  label=self._label(A, h) if A is not None else f"an ability of {h}")
        # CR 602.2: once announced, no player acts until it is paid for; it goes on the stack
        st.stack.append(it)
        tg = f" targeting {', '.join(st.name_of(t) for t in it.targets)}" if it.targets else ""
        st.log.append(("602.2", f"{p} activates {it.label}{tg}" + (f" with X = {a['x']}" if a["x"] is not None else "")))
        if a.get("choosing"):
            it.chosen = st.handles[a["choosing"]]
        it.value = a.get("value")
        ev = Function("activate", [item_sym(it.id), obj(oid), String(p)])
        # CR 602.2b, 601.2g-h: its total cost is paid as it is activated (engine/casting.py)
        extra = self._payment_facts(st, s, p, Function("ability", [item_sym(it.id), obj(oid), A]), a["x"]) \
            if A is not None else []
        try:
            outs = self.event(st, ev, extra=extra)
        except ScenarioError as e:
            raise self._refused(e, st, s, ev, extra, f"{p} cannot activate {it.label}",
                                f"the cost of {it.label}" + (f" (X = {a['x']})" if a["x"] is not None else "")) from None
        return [b for o2 in outs for b in self._pay_other_costs(o2, p)]

    # -- special actions (116)
    def _special(self, st: State, s: Sentence) -> list[State]:
        """CR 116.2b, 702.37e: turning a face-down permanent face up is a special action: it
        does not use the stack; the X of its cost is chosen just before paying (107.3d) and
        its other abilities that refer to X use that value (702.37f)."""
        if s.args.get("modes") or s.args.get("division"):
            raise ScenarioError("only a spell has modes or a division of damage chosen as it is cast here "
                                "(700.2a, 601.2b, 601.2d)", s)
        a = s.args
        p = a["player"]
        self._player(st, p)
        o = st.objects[st.handles[a["object"]]]
        if a["action"] == "suspend":
            return self._suspend(st, s, o)
        if o.zone != "battlefield" or not o.face_down or o.controller != p:
            raise ScenarioError(f"{o.handle} is not a face-down permanent {p} controls, so {p} cannot turn it "
                                f"face up (702.37e)", s)
        models = self._special_models(st, s, Function("turn_face_up", [obj(o.id)]), f"turn {o.handle} face up")
        o.face_down = False
        o.special_x = a["x"]
        st.log.append(("116.2b, 702.37e", f"{p} turns {o.handle} face up (a special action: it does not use the "
                                          f"stack, and it is not entering the battlefield)"
                       + (f"; X = {a['x']} was chosen just before paying (107.3d)" if a["x"] is not None else "")))
        counters = sorted({(v.arguments[1].string, v.arguments[2].number) for m in models
                           for v in pick(m, "tl_face_up_counters")})
        for k, n in counters:
            o.counters[k] = o.counters.get(k, 0) + n
            st.log.append(("614.1e, 702.37b", f"  as it is turned face up, {o.handle} gets {n} {k} counter(s)"))
        outs = self.event(st, Function("turned_face_up", [obj(o.id)]))
        return [b for x in outs for b in self.put_triggers(x)]

    def _special_models(self, st: State, s: Sentence, action: Symbol, what: str) -> list:
        """Ask rules.lp whether the special action can be taken (tl_special_illegal/2 says why
        not, with its rule) and what it does; an action that cannot be taken is an error."""
        models = self.ask(self.facts(st, [atom("tl_special_check", action)]))
        why = sorted({v.arguments[1].string for m in models for v in pick(m, "tl_special_illegal")})
        if why:
            raise ScenarioError(f"{s.args['player']} cannot {what}: {'; '.join(why)}", s)
        return models

    def _suspend(self, st: State, s: Sentence, o: Obj) -> list[State]:
        """CR 116.2f, 702.62a: a player who has a card with suspend in their hand may exile it
        with its time counters (X of them for "Suspend X", chosen as the action is taken,
        107.3d).  A special action: no stack; the player receives priority afterward (116.3)."""
        a = s.args
        p = a["player"]
        if o.zone != "hand" or o.owner != p:
            raise ScenarioError(f"{o.handle} is not in {p}'s hand, so {p} cannot suspend it (116.2f)", s)
        x = Number(a["x"]) if a["x"] is not None else Function("none")
        models = self._special_models(st, s, Function("suspend", [obj(o.id), x]), f"suspend {o.handle}")
        n = next(v.arguments[1].number for m in models for v in pick(m, "tl_suspend_counters"))
        new = st.move(o.id, "exile", None)
        new.counters["time"] = n
        st.log.append(("116.2f, 702.62a", f"{p} suspends {o.handle} (a special action): it is exiled with {n} time "
                                          f"counter(s)" + (f"; X = {a['x']} was chosen just before paying (107.3d)"
                                                           if a["x"] is not None else "")))
        return self.put_triggers(st)

    # -- zone changes (400.7, 603.6c, 603.10a) and discards (701.9)
    def _zone(self, st: State, s: Sentence) -> list[State]:
        a = s.args
        oid = st.handles[a["object"]]
        o = st.objects[oid]
        to = a["to"]
        verb = {"graveyard": "dies" if a["dies"] else "is put into its owner's graveyard", "exile": "is exiled",
                "hand": "is returned to its owner's hand"}[to]
        if a.get("countered"):
            verb = "is countered and put into its owner's graveyard"
        st.log.append(("701.6a" if a.get("countered") else "400.7, 603.6c", f"{o.handle} {verb}"))
        # a spell leaving the stack takes its item with it: State.move (400.7, 608.2b)
        if o.zone == "battlefield":
            outs = self.event(st, Function("leaves", [obj(oid), Function(to)]))
        else:
            outs = [st]
        res = []
        for b in outs:
            b.move(b.handles[a["object"]], to, None)
            res += self.put_triggers(b)
        return res

    def _discard(self, st: State, s: Sentence | None, player: str, handle: str, cause: str | None) -> list[State]:
        self._player(st, player)
        oid = st.handles[handle]
        o = st.objects[oid]
        if o.zone != "hand":
            raise ScenarioError(f"{handle} is not in a hand, so it cannot be discarded (701.9a)", s)
        by = Function("by", [String(cause)]) if cause else Function("none")
        st.log.append(("701.9a", f"{player} discards {handle}" + (f" (a spell or ability {cause} controls is the cause)" if cause else "")))
        models = self.ask(self.facts(st, [atom("tl_event", Function("discard", [obj(oid), String(player), by]))]))
        to_bf = any(pick(m, "tl_discard_to") for m in models)
        outs = self.event(st, Function("discard", [obj(oid), String(player), by]))
        res = []
        for b in outs:
            if to_bf:
                # CR 614.6: the replacement puts it onto the battlefield instead
                new = b.move(b.handles[handle], "battlefield", player)
                new.entered = True
                b.log.append(("614.1a, 614.6", f"  instead of the graveyard, {handle} is put onto the battlefield"))
                for x in self.event(b, Function("enters", [obj(new.id)])):
                    res += self.put_triggers(x)
            else:
                b.move(b.handles[handle], "graveyard", None)
                res += self.put_triggers(b)
        return res

