"""Casting a spell (601), paying for it and for activated abilities (601.2f-h, 602.2b),
copies of spells (707.10) and the mana pool (106.4): a mixin of the Stepper.

Every rules question is asked of rules.lp (mtgkb/rules/casting.lp and part `pay`): the
cast event is asked together with its payment request, so one solve says whether the
cast is legal (timing, zone, targets), every legal way to pay it (each answer set an
outcome, projected on what the payment changes: permanents tapped or sacrificed, mana
taken from the pool or left in it, the mana spent), and what triggers.  Python applies
the answers."""

from __future__ import annotations

from collections import Counter

from clingo import Function, Number, String, Symbol

from mtgkb.parser.scenario_ast import Sentence

from ..facts import FactError
from ..mana_pay import request_facts
from ..symbols import atom, obj
from .ask import ScenarioError, Unsettled, pick
from .mana_state import NO_MANA, PoolMana, Spent, pool_text
from .modes import chosen_abilities
from .present import ability_words
from .state import STARTING_LIFE, Item, State, item_sym

# violations of a cast or an activation that make its sentence bad input (the rules forbid it)
CAST_VIOLATIONS = {"not_during_a_main_phase_of_its_controller", "the_stack_is_not_empty", "not_from_hand",
                   "not_in_own_hand", "unpayable_additional_cost", "cannot_pay_with", "not_as_a_sorcery", "no_kicker",
                   "summoning_sick", "not_its_controller", "not_a_land_card", "two_alternative_costs", "no_mana_cost"}


class Casting:
    # -- 601: casting a spell
    def _cast(self, st: State, s: Sentence) -> list[State]:
        a = s.args
        p = a["player"]
        self._player(st, p)
        face = self.face(a["card"], s.pos)
        for t in a["targets"]:
            if t[0] == "player":
                self._player(st, t[1])
        if a["object"] not in st.handles:
            st.new_obj(a["object"], card=a["card"], zone="hand", owner=p, controller=None)
        oid = st.handles[a["object"]]
        origin = st.objects[oid].zone
        x = a["x"]
        cost = face.mana_cost.symbols if face.mana_cost is not None else ()
        if a["free"] and x is None and "X" in cost:
            x = 0  # CR 107.3b: cast without paying its mana cost, X is 0
        # CR 601.2a: the card moves to the stack (a new object, 400.7)
        sp = st.move(oid, "stack", p)
        abil = tuple(Function("ab", [String(face.name), Number(i)]) for i, ab in enumerate(face.abilities, 1)
                     if ab.kind in ("spell", "unsupported") or not ab.understood)
        abil = chosen_abilities(face, abil, a.get("modes", ()), s)   # CR 700.2a, 601.2b
        st.next_item += 1
        it = Item(id=st.next_item, kind="spell", source=sp.id, source_handle=sp.handle, controller=p, abilities=abil,
                  targets=self._targets(st, a["targets"]), x=x, label=sp.handle,
                  chosen=st.handles[a["choosing"]] if a["choosing"] else None, value=a.get("value"),
                  cast_from=origin, free=a["free"], kicked=a["kicked"], division=a.get("division", ()))
        st.stack.append(it)
        tg = f" targeting {', '.join(st.name_of(t) for t in it.targets)}" if it.targets else ""
        how = (" without paying its mana cost" if it.free else "") + (" with kicker" if it.kicked else "")
        st.log.append(("601.2, 601.2i", f"{p} casts {sp.handle}{tg}" + (f" with X = {x}" if x is not None else "")
                       + how))
        I = item_sym(it.id)
        extra = self._payment_facts(st, s, p, Function("spell", [I, obj(sp.id)]), x)
        # CR 702.40a: the spells cast before it this turn (storm.lp)
        extra.append(atom("tl_cast_before", I, Number(st.spells_cast)))
        st.spells_cast += 1
        # CR 601.2i: the spells its caster cast before it this turn ("your second spell each turn": cast_count.lp)
        extra.append(atom("tl_cast_before_by", I, Number(st.spells_cast_by.get(p, 0))))
        st.spells_cast_by[p] = st.spells_cast_by.get(p, 0) + 1
        # CR 601.2h, 118.8: the permanents sacrificed and the cards discarded to pay its additional cost
        extra += [atom("tl_cast_sac", I, obj(st.handles[h])) for h in a["sacrificing"] or ()]
        extra += [atom("tl_cast_discard", I, obj(st.handles[h])) for h in a["discarding"] or ()]
        if a.get("revealing"):
            extra.append(atom("tl_cast_reveal", I, obj(st.handles[a["revealing"]])))
        ev = Function("cast", [I, obj(sp.id), String(p)])
        try:
            outs = self.event(st, ev, extra=extra)
        except ScenarioError as e:
            total = ("no mana cost" if it.free else "".join("{" + c + "}" for c in cost) or "{0}")
            raise self._refused(e, st, s, ev, extra, f"{p} cannot cast {sp.handle}",
                                f"the total cost of {sp.handle} ({total}{' plus its kicker cost' if it.kicked else ''}"
                                f"{f', X = {x}' if x is not None else ''})") from None
        return [c for b in outs for c in self._pay_other_costs(b, p)]

    def _payment_facts(self, st: State, s: Sentence, p: str, purpose: Symbol, x) -> list[Symbol]:
        """The payment request of a cast or activation (rules.lp's part `pay`): its sources, and
        what the sentence says about the payment (paying with, spending)."""
        a = s.args
        X = Number(x) if x is not None else Function("none")
        named = a.get("paying_with")
        with_ = Function("with", [obj(st.handles[h]) for h in named]) if named else Function("all")
        R = Function("req", [String(p), Function("cost", []), X, with_, purpose])
        facts = request_facts(R) + [Function("pay_request", [R, String(p)])]
        if named:
            facts.append(Function("pay_with_each", [R]))
        elif named == ():    # "paying from her mana pool"
            facts.append(Function("pay_from_pool", [R]))
        if a.get("spending"):
            for d, n in sorted(Counter(a["spending"]).items()):
                D = Function("snow") if d == "S" else Function("t", [Function(d.lower())])
                facts.append(Function("pay_spend", [R, D, Number(n)]))
        return facts

    def _refused(self, e: ScenarioError, st: State, s: Sentence, ev: Symbol, extra: list[Symbol], what: str,
                 cost: str) -> Exception:
        """The error of a cast or activation the rules do not allow: the rule it breaks (bad
        input, at the sentence), or 601.2h when its total cost cannot be paid."""
        if not e.violations:
            # the payment's own constraints leave no outcome even with the violations relaxed: ask
            # again without the payment, for the rules the event itself breaks
            bare = [f for f in extra if f.name not in ("pay_request", "pay_who") and not f.name.startswith("pay_")]
            facts = self.facts(st, [atom("tl_event", ev)] + bare)
            # an event the rules allow without the payment: the payment is what fails (a relaxed
            # outcome could name a violation that another choice, of the targets' slots, avoids)
            e2 = ScenarioError(what) if self.ask(facts) else self._why_impossible(st, facts, what)
            if not e2.violations:
                open_ = self._payment_open(st, bare, extra)
                if open_:
                    # CR 601.2g-h, 605.1a: a mana ability mtgkb does not read might pay it: not an input error
                    raise Unsettled(f"{s.text!r}: whether {cost} can be paid depends on text mtgkb does not "
                                    f"understand ({'; '.join(open_)})")
                p = s.args["player"]
                how = ""
                if s.args.get("paying_with"):
                    how = f", paying with {' and '.join(s.args['paying_with'])}"
                elif s.args.get("paying_with") == ():
                    how = ", paying from the mana pool"
                elif s.args.get("spending"):
                    how = ", spending " + "".join("{" + c + "}" for c in s.args["spending"])
                return FactError(f"{what}: {p} cannot pay {cost}{how} (CR 601.2h: a cost is paid in full or not at "
                                 f"all); {p}'s mana pool holds {pool_text(st.pool, p)}", s.pos,
                                 expected=("a payment the board and the mana pool allow (say the mana: "
                                           f"'{p} has {{R}} in their mana pool.')",))
            e = e2
        if set(e.violations) & CAST_VIOLATIONS:
            why = str(e).split(": ", 1)[-1]
            return FactError(f"{what}: {why}", s.pos, expected=("a cast or activation the rules allow at this point",),
                             violations=e.violations)
        return e

    def _payment_open(self, st: State, bare: list[Symbol], extra: list[Symbol]) -> list[str]:
        """The unread text (rules.lp's tl_pay_unsure/2: pay_open) that leaves the payment the rules found
        impossible open: the request's sources asked about without its payment solved (no pay_request),
        so that a source whose mana ability is unread -- and so never pays -- is still named.  A payment
        from the mana pool alone asks no source."""
        if any(f.name == "pay_from_pool" for f in extra):
            return []
        keep = ("pay_who", "pay_with", "pay_cast", "pay_spell", "pay_ability", "pay_act_ref", "pay_sym", "pay_x")
        facts = self.facts(st, [f for f in extra if f.name in keep] + bare)
        return sorted({ability_words(u.arguments[1]) for m in self.ask(facts)[:1] for u in pick(m, "tl_pay_unsure")})

    # -- 707.10: copies of spells
    def _copy_spell(self, st: State, s: Sentence) -> list[State]:
        """CR 707.10: a copy of a spell is put onto the stack with the spell's copiable values and
        the choices made for it (targets, X, kicker); it was not cast (no mana was spent on it) and
        its controller may choose new targets when the copying effect says so (707.10c)."""
        a = s.args
        p = a["player"]
        self._player(st, p)
        for t in a["targets"]:
            if t[0] == "player":
                self._player(st, t[1])
        oid = st.handles[a["original"]]
        orig = st.objects.get(oid)
        it0 = next((x for x in st.stack if x.kind == "spell" and x.source == oid), None)
        if orig is None or it0 is None:
            raise FactError(f"{a['original']} is not a spell on the stack, so it cannot be copied (707.10)", s.pos,
                            expected=("a spell on the stack",))
        # CR 707.10: the copy is owned and controlled by the player who puts it onto the stack
        new = st.new_obj(a["object"], card=orig.card, zone="stack", owner=p, controller=p)
        new.spell_copy = True
        st.next_item += 1
        it = Item(id=st.next_item, kind="spell", source=new.id, source_handle=new.handle, controller=p,
                  abilities=it0.abilities, targets=self._targets(st, a["targets"]) if a["targets"] else it0.targets,
                  slots=() if a["targets"] else it0.slots, x=it0.x, chosen=it0.chosen, label=new.handle, kicked=it0.kicked, spent=NO_MANA)
        st.stack.append(it)
        st.spent_log[new.handle] = NO_MANA
        tg = f" targeting {', '.join(st.name_of(t) for t in it.targets)}" if it.targets else ""
        st.log.append(("707.10", f"{p} puts a copy of {orig.handle} onto the stack ({new.handle}{tg}); it is not "
                                 f"cast, and no mana was spent to cast it"))
        # CR 707.10c: new targets are named in order and put in the copy's slots as the event is asked
        ev = Function("copy", [item_sym(it.id), obj(new.id), String(p)])
        outs = self.event(st, ev)
        return [b for o in outs for b in self.put_triggers(o)]

    # -- 601.2g-h, 602.2b: applying a payment (called for each outcome of an event)
    def _apply_payment(self, st: State, m, several: bool) -> None:
        paid = []
        for v in pick(m, "tl_pay_status"):
            o = st.objects[v.arguments[1].arguments[0].number]
            o.tapped = v.arguments[2].name == "tapped"
            paid.append(o.handle)
            st.log.append(("605.3a, 601.2h", f"  {o.handle} is {v.arguments[2].name} to pay"))
        for v in pick(m, "tl_pay_sac"):
            st.cost_moves.append(("sacrifice", v.arguments[1].arguments[0].number))
        items = {v.arguments[0] for v in m if v.name.startswith("tl_pay_")}
        for I in sorted(items, key=str):
            it = st.item_of(I.arguments[0].number)
            if it is None:
                continue
            self._pay_pool(st, it, m, I, paid)
            if it.kind == "spell":
                types = tuple(sorted((v.arguments[1].name, v.arguments[2].number) for v in pick(m, "tl_pay_spent")
                                     if v.arguments[0] == I))
                open_ = sum(v.arguments[1].number for v in pick(m, "tl_pay_spent_open") if v.arguments[0] == I)
                snow = sum(v.arguments[1].number for v in pick(m, "tl_pay_spent_snow") if v.arguments[0] == I)
                it.spent = Spent(types=types, open=open_, snow=snow)
                st.spent_log[it.source_handle] = it.spent
                st.log.append(("601.2h, 106.3", f"  spent to cast {it.label}: {it.spent.text()}"))
            for v in pick(m, "tl_pay_life"):
                if v.arguments[0] == I:
                    n = v.arguments[1].number
                    st.life[it.controller] = st.life.get(it.controller, STARTING_LIFE) - n
                    if n > 0 and it.controller not in st.life_lost:
                        st.life_lost.append(it.controller)   # CR 119.4, 119.3: paying life is losing it
                    st.log.append(("107.4f, 119.4", f"  {it.controller} pays {n} life"))
        for v in pick(m, "tl_cast_exiled"):
            it = st.item_of(v.arguments[0].arguments[0].number)
            if it is not None:   # CR 702.34a, 702.133a: exiled as it leaves the stack
                it.exile_leaving = True
        for v in pick(m, "tl_pay_unsure") + pick(m, "tl_cast_unsure"):
            st.unsure.append(v.arguments[1])
            st.log.append(("601.2h", f"  how it is paid depends on text mtgkb does not read: {self._ab_text(v.arguments[1])}"))
        for v in pick(m, "tl_storm_open"):
            st.unsure.append(v.arguments[1])
            st.log.append(("702.40a", f"  storm copies it for the spells cast before it this turn, which is not followed: "
                                      f"{self._ab_text(v.arguments[1])}"))
        for v in pick(m, "tl_cast_pays"):
            what = v.arguments[1].name
            st.cost_moves.append((what, v.arguments[2].arguments[0].number))
            it = st.item_of(v.arguments[0].arguments[0].number)
            if it is not None:   # CR 608.2c: "for each creature sacrificed this way" counts them as it resolves
                it.cost_paid += ((what, v.arguments[2].arguments[0].number),)
            paid.append(st.name_of(v.arguments[2].arguments[0].number))
        for v in pick(m, "tl_cast_seen"):
            it = st.item_of(v.arguments[0].arguments[0].number)
            if it is not None:   # CR 601.2, 608.2c: what was true as it was cast ("controlled a Dragon as you cast")
                it.cast_seen += (v.arguments[1],)
        if several and paid:
            st.choices.append("paid with " + ", ".join(sorted(paid)))

    def _pay_pool(self, st: State, it: Item, m, I: Symbol, paid: list) -> None:
        """CR 106.4, 601.2h: mana spent from the pool leaves it; mana made while paying and not
        spent stays in it (106.4a).  The pool is the payer's: the item's controller, or the player who pays
        as it resolves (tl_pay_payer/2, 118.12)."""
        p = next((v.arguments[1].string for v in pick(m, "tl_pay_payer") if v.arguments[0] == I), it.controller)
        for v in pick(m, "tl_pay_pool"):
            if v.arguments[0] != I:
                continue
            J, T, n = v.arguments[1].number, v.arguments[2].name, v.arguments[3].number
            for _ in range(n):
                k = next(i for i, x in enumerate(st.pool) if (x.player, x.group, x.type) == (p, J, T))
                st.pool.pop(k)
            paid.append("mana pool")
        for v in pick(m, "tl_pay_left"):
            if v.arguments[0] != I:
                continue
            T, snow, n = v.arguments[1].name, v.arguments[2].name == "yes", v.arguments[3].number
            st.next_group += 1
            st.pool += [PoolMana(p, st.next_group, T, snow)] * n
            st.log.append(("106.4a", f"  {n} {{{T.upper()}}} not spent stays in {p}'s mana pool"))

    def _pay_other_costs(self, st: State, p: str) -> list[State]:
        """CR 601.2h, 118.8: the costs that move objects (sacrifice, discard) are paid with the
        rest; what leaves the battlefield this way dies (603.10a); then the player would receive
        priority (601.2i, 117.3c)."""
        moves, st.cost_moves = st.cost_moves, []
        branches = [st]
        sacs = [Function("sacrifice", [String(p), obj(o)]) for what, o in moves if what == "sacrifice"]
        if sacs:
            branches = [b for x in branches for b, _ in self._effect_moves(x, sacs, p)]
        for what, o in moves:
            if what == "discard":
                h = st.name_of(o)
                branches = [c for b in branches for c in self._discard(b, None, p, h, None)]
        return [c for b in branches for c in self.put_triggers(b)]

    # -- 106.12, 605.3a: tapping a permanent for mana (no stack)
    def _tap_sentence(self, st: State, s: Sentence) -> list[State]:
        """"Alice taps Forest [for {G}]." (106.12): tapped for mana of that type, or for any mana."""
        a = s.args
        F = Function("t", [Function(a["for"])]) if a.get("for") else Function("any")
        what = f"for {{{a['for'].upper()}}}" if a.get("for") else "for mana"
        return self._tap_for_mana(st, s, st.handles[a["object"]], F, what)

    def _tap_for_mana(self, st: State, s: Sentence, oid: int, F: Symbol, what: str,
                      only_tap: bool = False) -> list[State] | None:
        """CR 106.12, 605.3a, 106.4: the permanent is tapped for mana: one of its {T} mana abilities
        (and options) is activated and resolves at once; the mana goes into its player's pool (an
        outcome per ability, option and color chosen).  `only_tap`: None when rules.lp finds no such
        {T} ability (a mana ability activated by name that does not tap)."""
        p = s.args["player"]
        o = st.objects[oid]
        models = self.ask(self.facts(st, [atom("tl_tap_event", obj(oid), F)])) if o.zone == "battlefield" else []
        if only_tap and models and all(pick(m, "tl_tap_none") for m in models):
            return None
        if o.zone != "battlefield" or o.tapped:
            raise ScenarioError(f"{o.handle} is not an untapped permanent, so it cannot be tapped for mana (107.5)", s)
        if any(pick(m, "tl_tap_prohibited") for m in models):
            # CR 602.5, 701.35a: rules.lp (mtgkb/rules/detain.lp) says its activated abilities can't be activated
            raise ScenarioError(f"{o.handle}'s activated abilities can't be activated (602.5), so it cannot be tapped "
                                f"for mana", s, violations=("activation_prohibited",))
        if any(pick(m, "tl_tap_sick") for m in models):
            raise FactError(f"{p} cannot tap {o.handle} for mana: a creature that came under its controller's control "
                            f"this turn can't use {{T}} abilities unless it has haste (CR 302.6)", s.pos,
                            expected=("a permanent that can be tapped for mana",))
        if not models or all(pick(m, "tl_tap_none") for m in models):
            raise FactError(f"{p} cannot tap {o.handle} {what}: it has no {{T}} mana ability that adds it (CR 106.12, "
                            f"605.1a)", s.pos, expected=("a permanent with a {T} mana ability",))
        out = []
        for m in models:
            b = st.clone() if len(models) > 1 else st
            b.objects[oid].tapped = True
            mana = Counter((v.arguments[2].name, v.arguments[3].name == "yes") for v in pick(m, "tl_tap_mana"))
            added = ""
            for (T, snow), n in sorted(mana.items()):
                b.next_group += 1
                b.pool += [PoolMana(p, b.next_group, T, snow)] * n
                added += ("{" + T.upper() + "}") * n
            for u in pick(m, "tl_tap_unsure"):
                b.unsure.append(u.arguments[1])
            b.log.append(("605.3a, 106.12, 106.4", f"{p} taps {o.handle} {what} (a mana ability: no stack); "
                                                   f"{p} adds {added or 'no mana'}"))
            if len(models) > 1:
                b.choices.append(f"{o.handle} adds {added or 'no mana'}")
            # CR 603.2e: it becomes tapped, an event triggered abilities see (they do use the stack)
            out += [x for e in self.event(b, Function("tapped", [obj(oid)])) for x in self.put_triggers(e)]
        return out

    # -- 106.4: the mana pool
    def _pool_sentence(self, st: State, s: Sentence) -> None:
        """"Alice has {G}{G} in her mana pool [from a snow source]." -- one group of mana (its line)."""
        a = s.args
        self._player(st, a["player"])
        st.pool += [PoolMana(a["player"], s.pos.line, t, a["snow"]) for t in a["types"]]

    def _add_mana(self, st: State, e: Symbol) -> None:
        """CR 106.4: an effect adds mana to its player's pool (tl_apply(I, add_mana(P, T, N, Keep, Snow)))."""
        p, T, n, keep, snow = (e.arguments[0].string, e.arguments[1].name, e.arguments[2].number,
                               e.arguments[3].name, e.arguments[4].name == "yes")
        st.next_group += 1
        st.pool += [PoolMana(p, st.next_group, T, snow, "end_of_turn" if keep == "end_of_turn" else "")] * n
        st.log.append(("106.4", f"  {p} adds {('{' + T.upper() + '}') * n}"
                                + (" (kept until end of turn)" if keep == "end_of_turn" else "")))

    def _pools_empty(self, st: State) -> None:
        """CR 106.4, 500.4: as a step or phase ends, each player's unspent mana is lost, except mana
        an effect says is kept until end of turn (514.2: that effect has ended once the cleanup step
        ends)."""
        lost = [m for m in st.pool if not m.keep or st.step == "cleanup"]
        if lost:
            st.pool = [m for m in st.pool if m not in lost]
            for p in sorted({m.player for m in lost}):
                st.log.append(("106.4", f"  {p}'s unspent mana empties from the pool; left: {pool_text(st.pool, p)}"))
