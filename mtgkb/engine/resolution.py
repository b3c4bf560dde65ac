"""Resolving the stack (405.5, 608): targets checked again, the effect applied, where the
spell goes.  A mixin of the Stepper."""

from __future__ import annotations

import clingo
from clingo import Function, Number, String

from mtgkb.parser.scenario_ast import Sentence

from ..facts import FactError
from ..symbols import atom, obj
from .ask import Bound, ScenarioError, Unsettled, pick
from .control import change_control
from .present import effect_text
from .life import LIFE_AND_DAMAGE, apply_life_and_damage, change_counters
from .may_pay import may_pay_branches
from .spell_copies import apply_stack_effects
from .state import Item, State, item_sym
from .zone_state import place, shuffled


def prevention_text(st: State, e) -> str:
    """A prevention effect of this turn (rules.lp: tl_apply(I, prevention(C, F))), in words."""
    what = "all combat damage" if e.arguments[0].name == "combat" else "all damage"
    f = e.arguments[1]
    if f.name == "all":
        return f"{what} is prevented this turn"
    if f.name == "by_chosen":   # 609.7a: a source chosen as it resolved (prevention_shields.lp)
        return f"{what} that would be dealt by a source of its controller's choice is prevented this turn"
    if f.name in ("to_each", "by_each"):   # a group, judged as damage would be dealt (prevention.lp)
        return f"{what} that would be dealt {'to' if f.name == 'to_each' else 'by'} a member of a group is prevented this turn"
    t = f.arguments[0]
    who = t.string if t.type == clingo.SymbolType.String else st.name_of(t.arguments[0].number)
    if f.name == "to_by_chosen":
        return f"{what} that would be dealt to {who} by a source of its controller's choice is prevented this turn"
    return f"{what} that would be dealt {'to' if f.name == 'to' else 'by'} {who} is prevented this turn"


class Resolution:
    # -- resolving (608)
    def _find_item(self, st: State, ref: tuple, s: Sentence) -> Item | None:
        if ref[0] == "obj":
            oid = st.handles.get(ref[1])
            return next((it for it in st.stack if it.kind == "spell" and it.source == oid), None)
        _, h, kind, n = ref
        if kind == "delayed":  # CR 603.7: a delayed triggered ability its source's ability created
            return next((it for it in reversed(st.stack) if it.abilities and it.abilities[0].name == "delayed"
                         and h in (st.name_of(it.source), st.gone.get(it.source))), None)
        face = self.face(self._card_of(st, h), s.pos)
        A = self._ability_symbol(face, kind, n, s)
        return next((it for it in reversed(st.stack) if A in it.abilities and it.source_handle == h), None)

    def _already_resolved(self, st: State, ref: tuple, s: Sentence) -> Item | None:
        """CR 405.5, 608.1: the stack item the sentence names, if an earlier resolution in this outcome
        went past it: one that resolved, whose source is the object the handle names (or an earlier object
        of its card, 400.7), and that no resolve sentence has named yet.  Identity, not name: a second
        object of the same name, another ability of it, or an item an earlier sentence named is not it."""
        ids = st.bore(ref[1])
        if ref[0] == "obj":
            fits = lambda it: it.kind == "spell" and it.source in ids  # noqa: E731
        elif ref[2] == "delayed":  # CR 603.7
            fits = lambda it: bool(it.abilities) and it.abilities[0].name == "delayed" and it.source in ids  # noqa: E731
        else:
            A = self._ability_symbol(self.face(self._card_of(st, ref[1]), s.pos), ref[2], ref[3], s)
            fits = lambda it: A in it.abilities and it.source in ids  # noqa: E731
        return next((it for it in st.resolved_items if it.id not in st.named and fits(it)), None)

    def _resolve_sentence(self, st: State, s: Sentence) -> list[State]:
        a = s.args
        target = self._find_item(st, a["item"], s)
        passed = self._already_resolved(st, a["item"], s) if target is None else None
        if passed is not None:
            # In this outcome it has already resolved (an earlier resolution went past it, 405.5)
            st.named.append(passed.id)
            return [st]
        if target is None and st.unsure and a["item"][0] == "ab":
            raise Unsettled(f"{s.text!r}: whether that ability triggered depends on text mtgkb does not understand")
        if target is None:
            raise ScenarioError(f"{s.text!r}: that is not on the stack", s)
        if a["choosing"] is not None:
            target.chosen = st.handles[a["choosing"]]
        if a.get("value") is not None:
            target.value = a["value"]
        st.named.append(target.id)
        done: list[State] = []
        work = [st]
        # CR 405.5, 608.1: the top of the stack resolves first, until this one has
        while work:
            b = work.pop(0)
            if b.item_of(target.id) is None:
                done.append(b)
                continue
            top = b.stack[-1]
            try:
                work += self.resolve_top(b, top, a if top.id == target.id else None)
            except ScenarioError as e:
                if {"choice_not_asked", "value_not_asked", "not_a_creature_type", "cannot_copy", "cannot_sacrifice", "cannot_choose"} & set(e.violations):
                    # bad input: the sentence names a choice the rules do not ask for here
                    raise FactError(str(e), s.pos, expected=("a choice the resolving spell or ability asks "
                                                              "for (608.2, 707.5, 701.21a)",)) from None
                raise
            if len(work) + len(done) > self.ask.limit:
                raise Bound(f"more than {self.ask.limit} outcomes")
        return done

    def resolve_top(self, st: State, it: Item, sentence_args) -> list[State]:
        facts = self.facts(st, [atom("tl_resolving", item_sym(it.id))])
        models = self.ask(facts)
        self._note_sba(st, models)
        if not models:
            raise self._why_impossible(st, facts, f"{it.label} cannot resolve as the scenario says")
        if all(pick(m, "tl_other_branch") for m in models):
            return []  # 603.3d: this outcome chose another target than the scenario names
        asks = sorted({tuple(a.arguments[1:]) for m in models for a in pick(m, "tl_may_pay_ask")}, key=str)
        if asks and it.paid is None:
            # CR 118.12, 608.2d: a cost its controller may pay as it resolves: an outcome per choice (engine/may_pay.py)
            # ("unless its controller pays": another player pays, tl_may_pay_by/4, mtgkb/rules/unless_pays.lp)
            payers = {tuple(a.arguments[1:3]): a.arguments[3].string for m in models for a in pick(m, "tl_may_pay_by")}
            return [x for b in may_pay_branches(self, st, it, asks, payers)
                    for x in self.resolve_top(b, b.item_of(it.id), sentence_args)]
        out = []
        for m in models:
            b = st.clone() if len(models) > 1 else st
            out += self._apply_resolution(b, b.item_of(it.id), m, sentence_args)
        return out

    def _apply_resolution(self, st: State, it: Item, m, sentence_args) -> list[State]:
        first = it.resumed is None
        end = pick(m, "tl_phase_end")
        if end:
            # CR 608.2c, 111.1: this part ends with a token creation; the steps after it are asked once the tokens
            # exist, with what this part settled (mtgkb/rules/order_new_tokens.lp); the item stays on the stack
            it.resumed = (end[0].arguments[1], tuple(c.arguments[1] for c in pick(m, "ont_carry")))
        else:
            st.stack.remove(it)
            ref = (Function("obj", [String(it.source_handle)]) if it.kind == "spell"
                   else Function("ab", [String(it.source_handle), it.abilities[0] if it.abilities else Function("none")]))
            st.resolved.append(ref)
            st.resolved_items.append(it)
        nothing = any(True for _ in pick(m, "tl_does_nothing"))
        if first and pick(m, "tl_fizzles"):
            st.log.append(("608.2b", f"{it.label} tries to resolve: all its targets are illegal; it does nothing"))
        elif first and pick(m, "tl_if_fails"):
            st.log.append(("603.4, 608.2b", f"{it.label} resolves: its \"if\" is false now; it does nothing"))
        elif first:
            st.log.append(("608.2", f"{it.label} resolves"))
        for u in pick(m, "tl_unsure_res"):
            st.unsure.append(u.arguments[1])
            a = u.arguments[1]
            if a.name == "order":   # CR 608.2c: read, but a later step would see what an earlier one did
                st.log.append(("608.2c", f"  a later step of {self._ab_text(a.arguments[0])} would see what an earlier "
                                         "one did: that order is not followed here"))
            else:
                st.log.append(("608.2c", f"  its effect is not understood: {self._ab_text(a)}"))
        if pick(m, "tl_discard_due") and not (sentence_args and sentence_args.get("discard")):
            A = pick(m, "tl_discard_due")[0].arguments[1]
            st.unsure.append(A)
            st.log.append(("701.9b", "  a player discards, and the scenario does not say which card"))
        for x in pick(m, "tl_may_not"):
            # CR 608.2d: "you may" ("<a player> may": mtgkb/rules/may_other.lp): in this outcome they choose not to
            who = next((c.arguments[1].string for c in pick(m, "tl_may_chooser") if c.arguments[0] == x.arguments[1]),
                       it.controller)
            st.choices.append(f"{who} chooses not to (608.2d)")
            st.log.append(("608.2d", f"  {who} chooses not to do what the ability says they may"))
        entered: list[int] = []
        removed: list[tuple[int, str]] = []   # counters removed: an event of their own (702.62a)
        moves: list = []                      # zone changes the effect makes (701.6a, 701.13a, 701.21a)
        zfx: list = []                        # library and hand actions, in order (engine/zones.py)
        on_stack: list = []                   # copies of spells and new targets (707.10, 115.7)
        if not nothing:
            for ap in pick(m, "tl_apply"):
                e = ap.arguments[1]
                if e.name == "cont":
                    st.ts += 1
                    # CR 611.2a: rules.lp says how long it lasts (cont/3); cont/2 is until end of turn; a
                    # duration with arguments (next_turn_of(P), 701.35a) is kept as rules.lp wrote it
                    d = e.arguments[2] if len(e.arguments) > 2 else Function("end_of_turn")
                    dur = d if d.arguments else d.name
                    st.conts.append((st.ts, e.arguments[0].arguments[0].number, e.arguments[1], dur))
                    if e.arguments[1].name == "control":
                        # CR 613.1b: rules.lp's control-changing effect: the object's controller is now P
                        change_control(st, e.arguments[0].arguments[0].number, e.arguments[1].arguments[0].string)
                    st.log.append(("614.1a, 611.2a" if e.arguments[1].name == "die_to_exile" else "611.2, 613",
                                   f"  {st.name_of(e.arguments[0].arguments[0].number)} "
                                                 f"{effect_text(e.arguments[1])}"))
                elif e.name == "copy":
                    # CR 707.2, 613.2: "becomes a copy" -- a copy effect in layer 1 from now on
                    o = st.objects[e.arguments[0].arguments[0].number]
                    st.ts += 1
                    src = e.arguments[1].arguments[0].number
                    o.copy_effects.append((src, st.ts, None, tuple(
                        v.arguments[1] for v in pick(m, "tl_copied_cv") if v.arguments[0] == e.arguments[1])))
                    st.log.append(("707.2, 613.2", f"  {o.handle} becomes a copy of {st.name_of(e.arguments[1].arguments[0].number)}"))
                    st.choices.append(f"{it.label} chooses {st.name_of(e.arguments[1].arguments[0].number)}")
                elif e.name == "counter":
                    o, k, n = change_counters(st, e, "122.1, 702.62a")   # CR 122.1 (engine/life.py)
                    if n < 0:
                        removed.append((o.id, k))
                elif e.name in LIFE_AND_DAMAGE:
                    # CR 701.8a: what "destroy" destroys moves with the effect's other zone changes
                    moves += [Function("destroyed", [obj(oid)]) for oid in apply_life_and_damage(st, e)]
                elif e.name == "energy":
                    # CR 107.14, 122.1: a player gets (or pays) energy counters
                    p, n = e.arguments[0].string, e.arguments[1].number
                    st.energy[p] = max(0, st.energy.get(p, 0) + n)
                    st.log.append(("107.14", f"  {p} gets {n} energy" if n >= 0 else f"  {p} pays {-n} energy"))
                elif e.name in ("tap", "untap"):
                    # CR 701.26a, 701.26b: status, not a characteristic (110.5)
                    o = st.objects[e.arguments[0].arguments[0].number]
                    o.tapped = e.name == "tap"
                    st.log.append(("701.26a" if o.tapped else "701.26b", f"  {o.handle} becomes {e.name}ped"))
                elif e.name in ("move", "sacrifice", "counter_spell", "return_exiled", "counter_to", "lib_place"):
                    moves.append(e)
                elif e.name == "exile_link":
                    # CR 610.3: exiled until its source leaves the battlefield (mtgkb/rules/exile_links.lp)
                    st.static_facts.append(atom("exiled_until_leaves", e.arguments[0], e.arguments[1]))
                elif e.name == "prevention":
                    # CR 615.1a, 514.2: a prevention effect for this turn (mtgkb/rules/prevention.lp)
                    st.static_facts.append(atom("prevention_this_turn", e.arguments[0], e.arguments[1], Number(st.turn)))
                    st.log.append(("615.1a", "  " + prevention_text(st, e)))
                elif e.name == "rule_change":
                    # CR 611.2c, 514.2: a change of the rules for this turn, its group judged when it applies
                    # (mtgkb/rules/rule_changes.lp)
                    st.static_facts.append(atom("rule_change_this_turn", e.arguments[0], e.arguments[1], Number(st.turn)))
                    st.log.append(("611.2c", f"  this turn, each creature of a group {effect_text(e.arguments[0])}, "
                                             "those that arrive later too"))
                elif e.name == "add_mana":
                    self._add_mana(st, e)   # CR 106.4 (engine/casting.py)
                elif e.name == "delayed":
                    # CR 603.7a, 603.7c (engine/turn.py): with the objects it acts on (rules.lp: tl_dl_obj/3)
                    self.create_delayed(st, it, e, [o.arguments[2].arguments[0].number for o in pick(m, "tl_dl_obj")
                                                    if o.arguments[1] == e.arguments[0]],
                                        any(f.arguments[1] == e.arguments[0] for f in pick(m, "tl_dl_follow")))
                elif e.name == "turn_trigger":
                    # CR 603.7a, 603.7c (engine/turn.py): with the object it watches (rules.lp: tl_tt_obj/3)
                    self.create_turn_trigger(st, it, e.arguments[0], [o.arguments[2].arguments[0].number for o in
                                                                      pick(m, "tl_tt_obj") if o.arguments[1] == e.arguments[0]])
                elif e.name == "extra_turn":
                    self.add_extra_turn(st, e.arguments[0].string)   # CR 500.7 (engine/turn.py)
                elif e.name == "zfx":
                    zfx.append(e)
                elif e.name in ("copy_spell", "retarget"):
                    on_stack.append(e)
            n_tokens = len(st.tokens)
            for mk in pick(m, "tl_make_tokens"):
                vals = tuple(v.arguments[2] for v in pick(m, "tl_new_token_value") if v.arguments[1] == mk.arguments[1])
                # CR 111.4: two subtypes (rules.lp's tl_new_token_name/4): the name is both, then "Token"
                vals += tuple(Function("name", [String(f"{n.arguments[2].string} {n.arguments[3].string} Token")])
                              for n in pick(m, "tl_new_token_name") if n.arguments[1] == mk.arguments[1])
                base = next((v.arguments[0].string for v in vals if v.name == "name"), "Token")
                # CR 110.5, 111.2: created tapped (rules.lp: tl_make_tapped/2)
                tapped = any(t.arguments[1] == mk.arguments[1] for t in pick(m, "tl_make_tapped"))
                # CR 111.2: the player who creates them (rules.lp: tl_token_for/3), else the controller
                maker = next((t.arguments[2].string for t in pick(m, "tl_token_for") if t.arguments[1] == mk.arguments[1]),
                             it.controller)
                # CR 508.4: put onto the battlefield attacking a player (rules.lp: tl_make_attacking/3)
                attacks = next((a.arguments[2].string for a in pick(m, "tl_make_attacking")
                                if a.arguments[1] == mk.arguments[1]), None)
                made = []
                for _ in range(mk.arguments[2].number):
                    tok = st.new_obj(st.fresh_handle(base), card=None, zone="battlefield", owner=maker, controller=maker,
                                     token=True, token_values=vals)
                    tok.entered = True
                    tok.tapped = tapped
                    if attacks is not None:
                        st.attacking[tok.id] = attacks
                    st.tokens.append(tok.id)
                    entered.append(tok.id)
                    made.append(tok.handle)
                per_counter = any(e.arguments[1].name == "create" and e.arguments[1].arguments[0].type ==
                                  clingo.SymbolType.Function and e.arguments[1].arguments[0].name == "lki_counters"
                                  for e in pick(m, "tl_do"))
                st.log.append(("111.3, 603.10a, 608.2h" if per_counter else "111.2, 111.3",
                               f"  {maker} creates {len(made)} {'tapped ' if tapped else ''}{base}(s)"
                               + (f" attacking {attacks}" if attacks is not None else "")
                               + (" (one for each counter it had as it last existed)" if per_counter else
                                  f" (X = {it.x})" if it.x is not None else "")))
            copies = pick(m, "tl_copy")
            if copies:
                T = copies[0].arguments[1].arguments[0].number
                vals = tuple(v.arguments[1] for v in pick(m, "tl_token_value"))
                base = f"Token copy of {st.name_of(T)}"
                tok = st.new_obj(st.fresh_handle(base), card=None, zone="battlefield", owner=it.controller, controller=it.controller,
                                 token=True, token_values=vals)
                tok.entered = True
                st.tokens.append(tok.id)
                st.copies.append((tok.id, st.name_of(T)))
                st.copy_cards[tok.handle] = self._card_of(st, st.name_of(T))
                for g in pick(m, "tl_token_gains"):
                    st.ts += 1
                    st.conts.append((st.ts, tok.id, Function("gain_keyword", [g.arguments[1]]), "indefinite"))
                st.log.append(("707.2, 111.3", f"  {it.controller} creates {tok.handle}, a token that is a copy of {st.name_of(T)}"))
                if sum(1 for x in pick(m, "tl_copy")):
                    st.choices.append(f"{it.label} copies {st.name_of(T)}")
                entered.append(tok.id)
            self.bind_delayed(st, m, st.tokens[n_tokens:])   # CR 603.7c: the tokens it made (engine/turn.py)
        happened = sorted((e.arguments[1] for e in pick(m, "tl_res_event")), key=str)
        # CR 707.10, 115.7 (engine/spell_copies.py): a copy put onto the stack is an event of its own
        happened += apply_stack_effects(st, it, m, on_stack) if on_stack else []
        # CR 603.2, 603.3: what the effect did (life gained or lost, damage dealt, permanents tapped,
        # counters put; mtgkb/rules/triggers.lp) is one event for the triggers that watch it
        branches = self.event(st, *happened) if happened else [st]
        return [y for b in branches for y in self._after_effects(b, it, m, sentence_args, moves, entered, removed, zfx)]

    def _after_effects(self, st: State, it: Item, m, sentence_args, moves: list, entered: list[int],
                       removed: list[tuple[int, str]], zfx: list) -> list[State]:
        if moves:
            # CR 400.7, 603.10a: the objects the effect moves, all at once; then the rest of the resolution
            # CR 614.1a, 700.4: a replacement effect exiles instead one that would die (rules.lp: dies_instead/2)
            exiled = {v.arguments[0].arguments[0].number for v in pick(m, "dies_instead")}
            return [y for b, more in self._effect_moves(st, moves, it.controller, exiled)
                    for y in self.zone_effects(b, it, m, sentence_args, entered + more, removed, zfx)]
        return self.zone_effects(st, it, m, sentence_args, entered, removed, zfx)

    def _effect_moves(self, st: State, moves: list, controller: str,
                      exiled: frozenset | set = frozenset()) -> list[tuple[State, list[int]]]:
        """CR 400.7, 603.6c, 603.10a, 701.6a, 701.13a, 701.21a: the zone changes of one effect happen at
        once.  Permanents leaving the battlefield are one event, asked before they move (leaves-the-
        battlefield and dies abilities look back); each moved object is a new object in its new zone,
        without the counters, status and effects it had (a token ceases to exist, 111.7).  Returns each
        outcome with the objects that entered the battlefield."""
        plan = []   # (object id, zone, rule, text)
        returns = [e for e in moves if e.name == "return_exiled"]
        # CR 401.4: where in its owner's library an object goes (library_places.lp)
        places = {e.arguments[0].arguments[0].number: e.arguments[1] for e in moves if e.name == "lib_place"}
        # CR 614.1a, 701.6a: "if that spell is countered this way, <put it elsewhere> instead" (counter_instead.lp)
        instead = {e.arguments[0].arguments[0].number: e.arguments[1].name for e in moves if e.name == "counter_to"}
        tapped_in: set[int] = set()   # objects put onto the battlefield tapped (move(O, battlefield_tapped))
        for e in moves:
            if e.name in ("return_exiled", "counter_to", "lib_place"):
                continue
            oid = e.arguments[-1].arguments[0].number if e.name != "move" else e.arguments[0].arguments[0].number
            if oid not in st.objects:
                continue
            o = st.objects[oid]
            if e.name == "destroyed":   # logged as it was destroyed (engine/life.py)
                plan.append((oid, "graveyard", "701.8a", ""))
            elif e.name == "sacrifice":
                plan.append((oid, "graveyard", "701.21a", f"  {e.arguments[0].string} sacrifices {o.handle}"))
            elif e.name == "counter_spell" and any(x.exile_leaving for x in st.stack if x.source == oid):
                plan.append((oid, "exile", "701.6a, 702.34a", f"  {o.handle} is countered and exiled instead of being "
                                                              "put into its owner's graveyard"))
            elif e.name == "counter_spell" and oid in instead:
                z = instead[oid]
                where = {"exile": "exiled", "hand": "put into its owner's hand",
                         "library": "put on top of its owner's library"}[z]
                plan.append((oid, z, "701.6a, 614.1a", f"  {o.handle} is countered and {where} instead of into "
                                                       "its owner's graveyard"))
            elif e.name == "counter_spell":
                plan.append((oid, "graveyard", "701.6a", f"  {o.handle} is countered and put into its owner's graveyard"))
            else:
                z = e.arguments[1].name
                if z == "battlefield_tapped":   # CR 110.5b: an effect may say it enters tapped
                    z = "battlefield"
                    tapped_in.add(oid)
                text = {"exile": "is exiled", "hand": "is returned to its owner's hand",
                        "library": "is put into its owner's library (the order of a library is not tracked, 401.4)",
                        "graveyard": "is put into its owner's graveyard",
                        "battlefield": f"is put onto the battlefield under {o.owner}'s control"}[z] + (
                            " tapped" if oid in tapped_in else "")
                plan.append((oid, z, "406.2, 701.13a" if z == "exile" else "400.3, 400.7", f"  {o.handle} {text}"))
        # CR 614.1a, 700.4: a permanent that would die is exiled instead
        plan = [(oid, "exile", "614.1a", f"  {st.objects[oid].handle} would die and is exiled instead")
                if z == "graveyard" and oid in exiled and st.objects[oid].zone == "battlefield" else (oid, z, r, t)
                for oid, z, r, t in plan]
        firsts: dict = {}
        for step in sorted(set(plan)):
            firsts.setdefault(step[0], step)   # an object moves once (400.7: then it is a new object)
        plan = list(firsts.values())
        leaving = [Function("leaves", [obj(oid), Function(z)]) for oid, z, _, _ in plan
                   if st.objects[oid].zone == "battlefield" and z != "battlefield"]
        # CR 701.21a: a sacrifice is also an event of its own (for "whenever you sacrifice ...")
        leaving += [Function("sacrificed", [e.arguments[0], e.arguments[1]]) for e in moves
                    if e.name == "sacrifice" and firsts.get(e.arguments[1].arguments[0].number, (0, 0, ""))[2] == "701.21a"]
        outs = self.event(st, *leaving) if leaving else [st]
        res = []
        for b in outs:
            more = []
            for oid, z, rule, text in plan:
                if oid not in b.objects:
                    continue
                was = b.objects[oid]
                if text:
                    b.log.append((rule, text))
                if rule == "701.21a":
                    b.choices.append(text.strip())
                if z == "graveyard" and was.zone == "battlefield":
                    b.to_gy.append(was.handle)
                # CR 400.3: to its owner's zone; a permanent put onto the battlefield is its owner's
                new = b.move(oid, z, was.owner if z == "battlefield" else None)
                if new is not None and z == "library" and oid in places:
                    at = place(b, new.id, places[oid])
                    if rule == "400.3, 400.7":
                        b.log[-1] = ("401.4, 400.7", f"  {was.handle} is put {at} its owner's library")
                if new is not None and z == "battlefield":
                    new.entered = True
                    if oid in tapped_in:
                        new.tapped = True
                    more.append(new.id)
            more += self._return_exiled(b, returns)
            res.append((b, more))
        return res

    @staticmethod
    def _return_exiled(b: State, returns: list) -> list[int]:
        """CR 400.7, 701.13a: "exile ..., then return that card to the battlefield": the card each exiled
        object became is put onto the battlefield, a new object (a token ceased to exist, 111.7)."""
        back = []
        for e in returns:
            nid = b.became.get(e.arguments[0].arguments[0].number)
            if nid is None or nid not in b.objects or b.objects[nid].zone != "exile":
                continue
            p = e.arguments[1].string
            new = b.move(nid, "battlefield", p)
            new.entered = True
            b.log.append(("400.7, 701.13a", f"  {new.handle} returns to the battlefield under {p}'s control"))
            back.append(new.id)
        return back

    def _finish_resolution(self, st: State, it: Item, m, sentence_args, entered: list[int],
                           removed: list[tuple[int, str]]) -> list[State]:
        if st.item_of(it.id) is not None:
            # CR 608.2c, 111.1, 603.2: a part of the resolution ended with a token creation: the tokens entered
            # (an event now); then the rest of the resolution, asked against this state
            branches = self._entered_events([st], entered, removed)
            return [y for b in branches for y in self.resolve_top(b, b.item_of(it.id), sentence_args)]
        # CR 608.2n, 608.3: where the spell goes
        if it.kind == "spell" and it.source in st.objects:
            sp = st.objects[it.source]
            if pick(m, "tl_permanent_spell") and not pick(m, "tl_fizzles") and not it.exile_leaving:
                new = st.move(sp.id, "battlefield", it.controller)
                new.entered = True
                new.spell_x = it.x
                if it.cast_from is not None:
                    # CR 608.3, 601.2a: the permanent a cast spell became (a copy of a spell was not cast, 707.10)
                    new.cast = (it.controller, it.cast_from, it.kicked, it.spent)
                for ec in pick(m, "tl_enter_copy"):
                    # CR 614.1c, 707.5: it enters as a copy of the chosen object, whose copiable values
                    # are locked in now (707.2b), with the exceptions of its own ability (707.9)
                    A, T = ec.arguments[1], ec.arguments[2]
                    face = A.arguments[0].string
                    vals = tuple(v.arguments[1] for v in pick(m, "tl_enter_copy_cv") if v.arguments[0] == T)
                    new.copy_effects.append((T.arguments[0].number, new.ts, face, vals))
                    n = len(self.faces[face].abilities) if face in self.faces else 0
                    st.static_facts += [atom("copy_ability", obj(new.id), Function("ab", [String(face), Number(i)]))
                                        for i in range(1, n + 1)]
                    st.choices.append(f"{new.handle} enters as a copy of {st.name_of(T.arguments[0].number)}")
                    st.log.append(("614.1c, 707.5", f"  {new.handle} enters as a copy of "
                                                    f"{st.name_of(T.arguments[0].number)}"))
                st.log.append(("608.3", f"  {new.handle} enters the battlefield under {it.controller}'s control"
                                        + (f" (the spell's X was {it.x}, 107.3m)" if it.x is not None else "")))
                entered.append(new.id)
            elif it.exile_leaving:
                st.move(sp.id, "exile", None)
                st.log.append(("608.2n, 702.34a", f"  {sp.handle} is exiled instead of being put into its owner's graveyard"))
            elif pick(m, "tl_self_exile"):
                # CR 608.2n, 406.2: rules.lp (tl_self_exile/1) -- the spell's own "Exile ~"
                st.move(sp.id, "exile", None)
                st.log.append(("608.2n, 406.2", f"  {sp.handle} exiles itself"))
            elif pick(m, "tl_self_shuffle"):
                # CR 608.2n, 701.24a: rules.lp (tl_self_shuffle/1) -- the spell's own "Shuffle ~ into its owner's library"
                owner = sp.owner
                st.move(sp.id, "library", None)
                shuffled(st, owner)
                st.log.append(("608.2n, 701.24a", f"  {sp.handle} is shuffled into {owner}'s library"))
            elif pick(m, "tl_rebound"):
                # CR 702.88a: rules.lp (tl_rebound/2) -- exiled as it resolves, and a delayed triggered ability
                st.move(sp.id, "exile", None)
                st.log.append(("702.88a", f"  {sp.handle} is exiled as it resolves (rebound)"))
                A = pick(m, "tl_rebound")[0].arguments[1]
                self.create_delayed(st, it, Function("delayed", [Function("rebound", [A]), Function("your_upkeep")]))
            else:
                st.move(sp.id, "graveyard", None)
                st.log.append(("608.2n, 707.10a", f"  {sp.handle} leaves the stack and ceases to exist") if sp.spell_copy
                              else ("608.2n", f"  {sp.handle} is put into its owner's graveyard"))
        # The Orvar rule: an ability about "the spell" keeps the targets it had when it left the stack
        for other in st.stack:
            if other.ref_spell == it.id and other.ref_targets is None:
                other.ref_targets = it.targets
        branches = [st]
        if sentence_args is not None and sentence_args.get("discard"):
            p, h = sentence_args["discard"]
            branches = [x for b in branches for x in self._discard(b, None, p, h, it.controller)]
        branches = self._entered_events(branches, entered, removed)
        # CR 117.3b, 704.3, 603.3b: after it resolves, the active player would receive priority
        return [y for b in branches for y in self.put_triggers(b)]

    def _entered_events(self, branches: list[State], entered: list[int], removed: list[tuple[int, str]]) -> list[State]:
        """CR 603.2, 603.6a, 702.62a: each object that entered the battlefield and each counter removal is an event."""
        for oid in entered:
            nb = []
            for b in branches:
                nb += self.event(b, Function("enters", [obj(oid)])) if oid in b.objects else [b]
            branches = nb
        for oid, k in removed:
            branches = [x for b in branches
                        for x in (self.event(b, Function("counter_removed", [obj(oid), String(k)]))
                                  if oid in b.objects else [b])]
        return branches
