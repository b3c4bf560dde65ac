"""Libraries and hands as the scenario's sentences and the effects change them: drawing
(121), milling (701.17), scrying (701.22), searching (701.23), shuffling (701.24),
surveilling (701.25), exploring (701.44) and discarding (701.9).  A mixin of the Stepper.

Every rules question is asked of rules.lp (mtgkb/rules/zones.lp): for one action
(`tl_zone_do/1`) which cards it takes from the top of the library, where each goes, what a
search finds, which cards are discarded; each answer set is one outcome.  This module moves
the cards as an answer set says, and emits the events triggers read (`draw(P, O)` for each
card drawn, `milled(P, O)`, `discard(O, P, Cause)`, `zone_action(Act)`)."""

from __future__ import annotations

from clingo import Function, Number, String, Symbol

from mtgkb.parser.scenario_ast import Sentence

from ..facts import FactError
from ..symbols import atom, obj
from .ask import ScenarioError, pick
from .reveal_until import apply_reveal_until
from .search_pool import search_candidates
from .state import State
from .zone_state import library, new_unknown, parts, shuffled, unknown_public

SEARCH_WORDS = {"battlefield": "onto the battlefield", "hand": "into their hand", "graveyard": "into their graveyard",
                "exile": "into exile"}
ZONE_WORDS = {"hand": "into their hand", "graveyard": "into their graveyard", "top": "on top of their library",
              "bottom": "on the bottom of their library", "exile": "into exile"}


class ZoneSteps:
    # -- sentences
    def zone_sentence(self, st: State, s: Sentence) -> list[State]:
        k, a = s.kind, s.args
        p = a["player"]
        self._player(st, p)
        if k == "zn_action":
            act = Function(a["action"], [String(p)] + ([Number(a["n"])] if a["action"] != "shuffle" else []))
            outs = self.zone_action(st, act, None, s)
            return [b for x in outs for b in self.put_triggers(x)]
        if k == "zn_library":
            lib = library(st, p)
            top, loose, unk, bottom, stated = parts(st, p)
            if stated or top or loose or unk or bottom:
                raise FactError(f"{p}'s library is already given: a library sentence says the whole library", s.pos,
                                expected=("one sentence for a library, before the cards put into it",))
            lib.top = self._new_cards(st, a["entries"], "library", p, s)
            lib.stated = True
            return [st]
        if k == "zn_library_top":
            return [self._top_card(st, s)]
        if k == "zn_hand":
            if p in st.zones.hands_stated:
                raise FactError(f"{p}'s hand is already given", s.pos, expected=("one sentence for a hand",))
            self._new_cards(st, a["entries"], "hand", p, s)
            st.zones.hands_stated.append(p)
            return [st]
        raise FactError(f"sentence kind {k!r} has no meaning in a timeline yet", s.pos)

    def _new_cards(self, st: State, entries, zone: str, p: str, s: Sentence) -> list:
        """The cards a library or hand sentence names, in order: ids (None for an unknown card in
        a library; an unknown card in a hand is an object)."""
        out: list = []
        for e in entries:
            if e[0] == "card":
                self.face(e[2], s.pos)
                out.append(st.new_obj(e[1], card=e[2], zone=zone, owner=p, controller=None).id)
            elif zone == "library":
                out += [None] * e[1]
            else:
                out += [new_unknown(st, zone, p).id for _ in range(e[1])]
        return out

    def _top_card(self, st: State, s: Sentence) -> State:
        """CR 401.2: "The top card of Alice's library is Forest.": the top card is known (an unknown
        card there becomes this one)."""
        a = s.args
        p = a["player"]
        self.face(a["card"], s.pos)
        lib = library(st, p)
        top, loose, unk, bottom, stated = parts(st, p)
        o = st.new_obj(a["object"], card=a["card"], zone="library", owner=p, controller=None)
        if top and top[0] is None:
            lib.top[0] = o.id
        elif not top and unk > 0:
            lib.unknown_loose -= 1
            lib.top = [o.id]
        elif not stated:
            lib.top.insert(0, o.id)
        else:
            raise FactError(f"the top card of {p}'s library is already known", s.pos,
                            expected=("a library whose top card is an unknown card",))
        return st

    # -- actions (asked of rules.lp, one at a time)
    def zone_action(self, st: State, act: Symbol, cause: str | None, s: Sentence | None,
                    named: tuple = ()) -> list[State]:
        """Perform one action on a library or hand; each answer set of rules.lp is an outcome.
        `cause`: the controller of the spell or ability doing it (for discards, 701.9); `named`:
        the handles the resolve sentence names as discarded."""
        extra = [atom("tl_zone_do", act)]
        p = act.arguments[0].string
        for h in named:
            extra.append(atom("tl_discard_named", String(p), obj(st.handles[h])))
        facts = self.facts(st, extra)
        models = self.ask(facts)
        if not models:
            raise self._why_impossible(st, facts, f"{p} cannot {act.name} as the scenario says")
        out: list[State] = []
        for m in models:
            b = st.clone() if len(models) > 1 else st
            out += self._apply_zone(b, act, m, cause)
        return out

    def _apply_zone(self, st: State, act: Symbol, m, cause: str | None) -> list[State]:
        p = act.arguments[0].string
        P = String(p)
        lib = library(st, p)
        if pick(m, "zn_open") and p not in st.zones.unsure:
            st.zones.unsure.append(p)
        if act.name == "shuffle" or pick(m, "zn_shuffle"):
            return self._shuffle(st, p, act)
        if act.name == "shuffle_graveyard":
            # CR 701.24a, 400.7: every card of the player's graveyard goes into their library, shuffled
            for o in sorted(o.id for o in st.objects.values() if o.zone == "graveyard" and o.owner == p):
                st.move(o, "library")
            return self._shuffle(st, p, act)
        if act.name == "search":
            return self._search(st, p, act, m, cause)
        if act.name == "search_n":
            return self._search_n(st, p, act, m, cause)
        if act.name == "reveal_until":
            # CR 701.20a, 401.1 (mtgkb/rules/reveal_until.lp)
            return apply_reveal_until(self, st, act, m)
        # CR 701.9a (discard_pick: mtgkb/rules/hand_discard.lp; discard_hand: mtgkb/rules/hand_wheels.lp)
        if act.name in ("discard", "discard_pick", "discard_hand"):
            return self._discard_n(st, p, m, cause)
        # the cards taken from the top (121.1, 701.17a, 701.22a, 701.25a)
        for t in pick(m, "zn_took"):
            ntop, nbot = t.arguments[1].number, t.arguments[2].number
            lib.top = lib.top[ntop:]
            lib.bottom = lib.bottom[nbot:]
        for u in pick(m, "zn_took_unknown"):
            lib.unknown_loose = max(0, lib.unknown_loose - u.arguments[1].number)
        puts = sorted(((x.arguments[0].name, x.arguments[1].number, x.arguments[2]) for x in pick(m, "zn_put")),
                      key=lambda x: (list(ZONE_WORDS).index(x[0]), x[1]))
        drawn: list[int] = []
        milled: list[int] = []
        new_top: list = []
        new_bottom: list = []
        hidden_public: set = set()
        for d, _, E in puts:
            oid = E.arguments[0].number if E.name == "o" else None
            if d in ("top", "bottom"):
                (new_top if d == "top" else new_bottom).append(oid)
                continue
            if oid is None:
                o = new_unknown(st, d, p)
                if d != "hand":
                    hidden_public.add(d)
            else:
                o = st.move(oid, d, None)
            (drawn if d == "hand" else milled).append(o.id)
        lib.top = new_top + lib.top
        lib.bottom = lib.bottom + new_bottom
        verb = {"draw": "draws", "mill": "mills", "scry": "scries", "surveil": "surveils", "look": "looks at",
                "look_pick": "looks at", "explore": "reveals", "reveal_all": "reveals"}[act.name]
        rule = {"draw": "121.1, 121.2", "mill": "701.17a", "scry": "701.22a", "surveil": "701.25a",
                "look": "401.1, 400.3", "look_pick": "401.1, 608.2d, 400.3", "explore": "701.44a",
                "reveal_all": "701.20a, 401.1, 400.3"}[act.name]
        how_many = 1 if act.name == "explore" else act.arguments[1].number
        st.log.append((rule, f"{p} {verb} {how_many}: " + "; ".join(
            f"{st.name_of(o)} {ZONE_WORDS[d]}" for d, o in
            [("hand", x) for x in drawn] + [("graveyard", x) for x in milled]) +
            (f"{'; ' if drawn or milled else ''}{len(new_top)} on top, {len(new_bottom)} on the bottom"
             if act.name in ("scry", "surveil", "look", "look_pick", "explore", "reveal_all") else "")))
        counted = self._explore_counter(st, m) if act.name == "explore" else []
        for d in sorted(hidden_public):
            # an unknown card put into a public zone from the library: what it could do there is rules'
            # (mtgkb/rules/public_unknowns.lp, CR 113.6)
            st.unsure.append(unknown_public(p, d))
        if pick(m, "zn_short") and act.name == "draw":
            # CR 121.4: an attempt to draw from an empty library; the player loses at the next check (704.5b)
            st.zones.drew_empty.append(p)
            st.log.append(("121.4, 704.5b", f"  {p} attempts to draw from an empty library"))
        branches = [st]
        for o in drawn if act.name == "draw" else ():
            # CR 121.2, 603.2: the cards are drawn one at a time; each draw is an event
            branches = [x for b in branches for x in self.event(b, Function("draw", [P, obj(o)]))]
        if milled and act.name == "mill":
            branches = [x for b in branches for x in self.event(b, *[Function("milled", [P, obj(o)]) for o in milled])]
        elif act.name != "draw" or not drawn:
            branches = [x for b in branches for x in self.event(b, Function("zone_action", [act]))]
        for o in counted:
            # CR 122.1, 603.2: the counter put on the exploring permanent is an event triggers see
            branches = [x for b in branches for x in self.event(b, Function("counters_put", [obj(o), String("+1/+1"),
                                                                                             Number(1)]))]
        return branches

    def _explore_counter(self, st: State, m) -> list[int]:
        """CR 701.44a: rules.lp (mtgkb/rules/explore.lp) says a +1/+1 counter goes on the exploring permanent."""
        out = []
        for c in pick(m, "zn_expl_counter"):
            o = st.objects[c.arguments[0].arguments[0].number]
            o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + 1
            st.log.append(("701.44a", f"  {o.handle} explores: it gets a +1/+1 counter"))
            out.append(o.id)
        return out

    def _shuffle(self, st: State, p: str, act: Symbol) -> list[State]:
        """CR 701.24a: the library's order becomes unknown: every card is in its loose part."""
        shuffled(st, p)
        st.log.append(("701.24a", f"{p} shuffles their library"))
        return self.event(st, Function("zone_action", [act]))

    def _search(self, st: State, p: str, act: Symbol, m, cause: str | None = None) -> list[State]:
        """CR 701.23a, 701.23b: the card found (an outcome per card that matches, an unknown card,
        or none) goes where the effect says; the library is then shuffled (701.24a)."""
        found = pick(m, "zn_found")
        F, to = found[0].arguments if found else (Function("none"), Function("hand"))
        known = [F.arguments[0].number] if F.name == "o" else []
        return self._found(st, p, to, known, 1 if F.name == "unknown" else 0, cause, act.arguments[1])

    def _search_n(self, st: State, p: str, act: Symbol, m, cause: str | None = None) -> list[State]:
        """CR 701.23a, 701.23b: up to N cards found (mtgkb/rules/search_n.lp): the known ones the answer set
        names and as many unknown ones as it says, all going where the effect says."""
        to = next((t.arguments[0] for t in pick(m, "zn_found_to")), Function("hand"))
        known = sorted(f.arguments[0].arguments[0].number for f in pick(m, "zn_found_n"))
        n_unknown = sum(u.arguments[0].number for u in pick(m, "zn_found_unknown_n"))
        return self._found(st, p, to, known, n_unknown, cause, act.arguments[1])

    def _found(self, st: State, p: str, to: Symbol, known: list[int], n_unknown: int,
               cause: str | None = None, quality: Symbol | None = None, as_card: str | None = None) -> list[State]:
        """The cards a search found (object ids, and a number of unknown cards) moved out of p's library (onto the
        battlefield under p's control, or under the searcher's, `cause`, for battlefield_yours: 108.3, 110.2a).
        One unknown card put onto the battlefield is each card of the database that fits the search's `quality`, an
        outcome each (`as_card`: the one of this outcome; engine/search_pool.py), when rules.lp follows them."""
        if n_unknown == 1 and as_card is None and quality is not None and to.name.startswith("battlefield"):
            cands, why = search_candidates(self.ask, quality)
            if cands:
                for c in cands:   # every face read before any outcome is stepped: the facts every solve starts with
                    self.face(c, None)
                return [x for c in cands for x in self._found(st.clone(), p, to, known, n_unknown, cause, quality, c)]
            st.log.append(("401.2, 701.23a", f"the card found is not followed: {why}"))
        lib = library(st, p)
        names = [st.objects[oid].handle for oid in known] + [as_card or "an unknown card"] * n_unknown
        if to.name == "top":
            return self._found_on_top(st, p, known, n_unknown, names)
        dest = "battlefield" if to.name.startswith("battlefield") else to.name
        ctl = (cause or p) if to.name == "battlefield_yours" else p
        new_objs = []
        for oid in known:
            new_objs.append(st.move(oid, dest, ctl if dest == "battlefield" else None))
        for _ in range(n_unknown):
            top, loose, unk, bottom, stated = parts(st, p)
            if unk > 0:
                lib.unknown_loose -= 1
            elif None in top:
                lib.top.remove(None)
            elif None in bottom:
                lib.bottom.remove(None)
            else:
                if p not in st.zones.unsure:
                    st.zones.unsure.append(p)
            new_objs.append(new_unknown(st, dest, p) if as_card is None else self._found_card(st, dest, p, as_card))
            if dest == "battlefield":
                new_objs[-1].controller = ctl
        new_objs = [o for o in new_objs if o is not None]
        if n_unknown and dest in ("graveyard", "exile"):
            # an unknown card put into a public zone from the library: what it could do there is rules'
            # (mtgkb/rules/public_unknowns.lp, CR 113.6)
            st.unsure.append(unknown_public(p, dest))
        what = ", ".join(names) if names else "nothing"
        for new in new_objs:
            if to.name == "battlefield_tapped":
                new.tapped = True
        st.choices.append(f"{p} finds {what}")
        st.log.append(("701.23a, 701.23b", f"{p} searches their library and finds {what}"
                       + (f", put {SEARCH_WORDS[dest]}"
                          + (" tapped" if to.name == "battlefield_tapped" else "") if new_objs else "")))
        entered = [new for new in new_objs if new.zone == "battlefield"]
        for new in entered:
            new.entered = True
        # CR 603.2, 603.6a: the permanents put onto the battlefield at once enter in one event
        return self.event(st, *[Function("enters", [obj(new.id)]) for new in entered]) if entered else [st]

    def _found_card(self, st: State, dest: str, p: str, name: str):
        """CR 401.2, 701.23a: the card a search found, no sentence naming it: a card of the database (its handle no
        sentence can name; claims read it by its name and characteristics)."""
        self.face(name, None)
        st.zones.unknown_made += 1
        return st.new_obj(f"\u27e8card found {st.zones.unknown_made}: {name}\u27e9", card=name, zone=dest, owner=p,
                          controller=p if dest == "battlefield" else None)

    def _found_on_top(self, st: State, p: str, known: list[int], n_unknown: int, names: list[str]) -> list[State]:
        """CR 701.23a, 701.24a, 401.1: "then shuffle and put that card on top": the library is shuffled and the
        card found (a known one, or an unknown one) is its top card; nothing found: the library is only shuffled."""
        lib = library(st, p)
        shuffled(st, p)
        if known:
            lib.top = [known[0]]
        elif n_unknown:
            lib.unknown_loose = max(0, lib.unknown_loose - 1)
            lib.top = [None]
        what = ", ".join(names) if names else "nothing"
        st.choices.append(f"{p} finds {what}")
        st.log.append(("701.23a, 701.24a", f"{p} searches their library and finds {what}, shuffles it"
                       + (" and puts that card on top" if names else "")))
        return self.event(st, Function("zone_action", [Function("shuffle", [String(p)])]))

    def _discard_n(self, st: State, p: str, m, cause: str | None) -> list[State]:
        """CR 701.9a, 701.9b: the cards the answer set says are discarded, each a discard event."""
        handles = [st.objects[d.arguments[1].arguments[0].number].handle for d in pick(m, "zn_discard")]
        unknown_in_hand = sorted(o.id for o in st.objects.values() if o.zone == "hand" and o.owner == p and o.unknown)
        n_unk = sum(d.arguments[1].number for d in pick(m, "zn_discard_unknown"))
        for i in range(n_unk):
            oid = unknown_in_hand[i] if i < len(unknown_in_hand) else new_unknown(st, "hand", p).id
            handles.append(st.objects[oid].handle)
        if n_unk:
            # an unknown card put into a graveyard may have an ability that works there (a discard trigger)
            st.unsure.append(Function("unknown_card_revealed", [String(p)]))
        if handles:
            st.choices.append(f"{p} discards {', '.join(handles)}")
        branches = [st]
        for h in handles:
            branches = [x for b in branches for x in self._discard(b, None, p, h, cause)]
        return branches

    # -- a resolution's library and hand actions (608.2c: in the order its text says)
    def zone_effects(self, st: State, it, m, sentence_args, entered: list, removed: list, zfx: list) -> list[State]:
        """Apply the resolving item's zone actions (tl_apply zfx(N0, I, J, K, Act)) one at a time, each
        asked of rules.lp against the state the one before left; then finish the resolution.  A
        discard the resolve sentence names ("... resolves and Alice discards X") is one of them."""
        if not zfx:
            return self._finish_resolution(st, it, m, sentence_args, entered, removed)
        acts = [e.arguments[-1] for e in sorted(zfx, key=lambda e: (tuple(a.number for a in e.arguments[:-1]),
                                                                     str(e.arguments[-1])))]
        named_by, named, args = None, (), sentence_args
        said = sentence_args.get("discard") if sentence_args else None
        if said and any(a.name == "discard" and a.arguments[0].string == said[0] for a in acts):
            named_by, named = said[0], (said[1],)
            args = {k: v for k, v in sentence_args.items() if k != "discard"}
        branches = [st]
        for act in acts:
            nm = named if act.name == "discard" and act.arguments[0].string == named_by else ()
            branches = [x for b in branches for x in self.zone_action(b, act, it.controller, None, nm)]
        return [y for b in branches for y in self._finish_resolution(b, it, m, args, entered, removed)]
