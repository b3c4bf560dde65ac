"""The stepper: a scenario's sentences happen in order.

State transitions are applied here; every rules decision is asked of rules.lp: for each event (`tl_event/1`)
what triggers (603.2, 603.4), who controls it (603.3a), the order on the stack (603.3b) and targets (603.3d,
601.2c); for each resolution (`tl_resolving/1`) what happens (608.2); whenever a player would receive priority,
the state-based actions (704.3).  Every answer set is one outcome; the stepper branches on them (at most the
step limit; past that every verdict is `undetermined`)."""

from __future__ import annotations

import re
import time

import clingo
from clingo import Function, Number, String, Symbol

from mtgkb.parser.card_ast import Ability, CardFace
from mtgkb.parser.oracle import is_mode_line
from mtgkb.parser.scenario_ast import Block, Sentence
from mtgkb.parser.terms import Fn

from .. import mana
from ..facts import FactError, face_facts
from ..program import Base, Facts, analysed, program_text
from ..symbols import atom, obj, sym
from .actions import Actions
from .casting import Casting
from .meaning_facts import block_meaning, split
from .life import (PLAYER_QUERIES, apply_life_and_damage, player_loses, sba_any, sba_checked, sba_counters,
                   sba_regenerations)
from .lki import last_known
from . import ask as asking
from .ask import Ask, Bound, ScenarioError, pick
from .board_limits import check_board_size
from .combat import Combat
from .entry import apply_entry
from .outcome_keys import OutcomeKeys
from .present import SBA_TEXT
from .resolution import Resolution
from .state import Item, State, item_sym, resolve_handle, state_facts, target_sym
from .turn import TurnStructure
from .zones import ZoneSteps

# CR 702.62a, 702.147a: keywords that stand for a triggered ability, the scenario's word for it and its symbol
KEYWORD_TRIGGERS = {"suspend": "suspend_upkeep", "decayed": "decayed_attack"}


def _is_keyword(e, kind: str) -> bool:
    """A keyword(...) term of that keyword (suspend(N, C) or the bare decayed)."""
    if not (isinstance(e, Fn) and e.name == "keyword" and e.args):
        return False
    k = e.args[0]
    return (isinstance(k, Fn) and k.name == kind) or k == kind or str(k) == kind


def _target_of(T: Symbol):
    """A target symbol -> an object id or a player's name."""
    return T.arguments[0].number if T.type == clingo.SymbolType.Function else T.string


class Stepper(OutcomeKeys, Casting, Actions, Resolution, ZoneSteps, TurnStructure, Combat):
    def __init__(self, block: Block, find_face, reference: list[Symbol], *, timeout: float = 10.0) -> None:
        self.block = block
        self.find_face = find_face
        self.reference = reference
        self.faces: dict[str, CardFace] = {}
        # card meaning is derived once per face (meaning_facts); the solves use the rest of the program
        self.program = program_text()
        self.ask = Ask(split(self.program)[0], timeout, limit=asking.MAX_BRANCHES)   # read now: tests bound it
        self._sba_free: set[frozenset] = set()   # states in which no state-based action applies (704.3)
        analysed(self.ask.program)
        # every solve has the time limit; the whole timeline gets it once per ten sentences, at least six times
        self.deadline = time.perf_counter() + timeout * max(6, len(block.given) // 10 + 1)

    # -- faces
    def face(self, name: str, pos) -> CardFace:
        if name not in self.faces:
            f = self.find_face(name)
            if f is None:
                raise FactError(f"unknown card {name!r}: not in this file nor in the card database", pos)
            self.faces[name] = f
            self._face_facts = None
        return self.faces[name]

    def base(self) -> Base:
        """The facts every solve starts with: the reference tables, the faces' facts and meaning."""
        if getattr(self, "_face_facts", None) is None:
            ff = list(self.reference)
            for f in self.faces.values():
                ff += face_facts(f)
            ff += mana.face_mana_facts(self.faces)
            ff += block_meaning(self.faces.values(), self.reference, self.program)
            self._face_facts = Base(ff)
        return self._face_facts

    def base_facts(self) -> list[Symbol]:
        return list(self.base().facts)

    def facts(self, st: State, extra=()) -> Facts:
        out = Facts(self.base(), state_facts(st))
        out += extra
        return out

    # -- run
    def _players_named(self) -> list[str]:
        """The players of the game: those the block's sentences name, in order (given, then
        claims about life totals): "each opponent" is each of the others (102.3)."""
        out: list[str] = []
        for s in self.block.given:
            names = [s.args.get("player")] + [t[1] for t in s.args.get("targets", ()) if t[0] == "player"]
            out += [p for p in names if isinstance(p, str) and p not in out]
        for c in self.block.expect:
            for q in c.queries:
                if isinstance(q, Fn) and q.name in PLAYER_QUERIES and q.args[0] not in out:
                    out.append(q.args[0])
        return out

    def run(self) -> list[State]:
        branches = [State(players=self._players_named())]
        for s in self.block.given:
            nxt = []
            for st in branches:
                try:
                    nxt += self.apply(st, s)
                except ScenarioError as e:
                    if e.sentence is None:  # the sentence that made the step impossible
                        e.sentence = s
                    raise
            nxt = self._distinct(nxt)
            if not nxt:
                # CR 603.3d: the choice the sentence names was made in no outcome
                raise ScenarioError(f"{s.text!r}: no outcome is as the sentence says (the target it names "
                                    f"was chosen in none, 603.3d)", s)
            if len(nxt) > self.ask.limit:
                raise Bound(f"more than {self.ask.limit} outcomes")
            if time.perf_counter() > self.deadline:
                raise Bound("the time limit was reached while stepping through the events")
            branches = nxt
        # CR 509.1: a declaration of blockers the last sentences said is made
        branches = [b for st in branches for b in (self.close_blocks(st) if self.blocks_pending(st) else [st])]
        # CR 704.3, 117.5: the claims are read when a player would next receive priority, so
        # state-based actions are performed first (also for a scenario without events)
        branches = self._distinct([b for st in branches for b in self.put_triggers(st)])
        if len(branches) > self.ask.limit:
            raise Bound(f"more than {self.ask.limit} outcomes")
        return branches

    def _why_impossible(self, st: State, facts: list[Symbol], what: str) -> ScenarioError:
        """The error of an impossible step: the rules it breaks (violated/2, asked again with
        `relax`), in words."""
        relaxed = self.ask(facts, relax=True)

        def words(v: Symbol) -> str:
            if v.type != clingo.SymbolType.Function:
                return str(v)
            if v.name == "o" and len(v.arguments) == 1:
                return st.name_of(v.arguments[0].number)
            if v.name == "i" and len(v.arguments) == 1:
                it = st.item_of(v.arguments[0].number)
                return it.label if it is not None else "it"
            args = ", ".join(words(a) for a in v.arguments)
            return v.name.replace("_", " ") + (f" ({args})" if args else "")

        found = [v for m in relaxed[:1] for v in pick(m, "violated")]
        why = sorted({f"{words(v.arguments[1])} (CR {v.arguments[0].string})" for v in found})
        names = tuple(sorted({v.arguments[1].name for v in found if v.arguments[1].type == clingo.SymbolType.Function}))
        return ScenarioError(f"{what}: " + ("; ".join(why) if why else "no outcome"), violations=names)

    def apply(self, st: State, s: Sentence) -> list[State]:
        k, a = s.kind, s.args
        check_board_size(st, s)
        if k != "tl_blocks" and self.blocks_pending(st):
            # CR 509.1: the blockers said so far are declared before anything else happens
            return [b for x in self.close_blocks(st) for b in self.apply(x, s)]
        if k == "controls":
            self._player(st, a["player"])
            for spec in a["objects"]:
                self._controls(st, spec, a["player"])
            return [st]
        if k == "in_zone":
            self._player(st, a["player"])
            if a["object"] in st.handles:
                raise FactError(f"{a['object']!r} is already in the game; moving objects is an event", s.pos)
            self.face(a["card"], s.pos)
            st.new_obj(a["object"], card=a["card"], zone=a["zone"], owner=a["player"], controller=None)
            return [st]
        if k == "status":
            st.objects[st.handles[a["object"]]].tapped = a["tapped"]
            return [st]
        if k == "turn":
            # CR 500.1, 505.1: "It is Alice's turn.": her precombat main phase (unless a step sentence says)
            self._player(st, a["player"])
            st.active = a["player"]
            st.step = "precombat_main"
            return [st]
        if k == "mana_pool":
            self._pool_sentence(st, s)   # CR 106.4: mana in the pool is part of the state
            return [st]
        if k in mana.MANA_SENTENCES:
            self._player(st, a["player"])
            st.static_facts += mana.sentence_facts(s)
            return [st]
        if k in ("life", "poison"):
            # CR 119.1, 122.1f: a player's life total or poison counters, as the scenario says
            self._player(st, a["player"])
            (st.life if k == "life" else st.poison)[a["player"]] = a[k]
            return [st]
        if k == "damage":
            o = st.objects[st.handles[a["object"]]]
            if o.zone != "battlefield":
                raise FactError(f"{o.handle} is not on the battlefield: damage is marked on permanents (120.6)", s.pos)
            o.damage = a["damage"]
            return [st]
        if k == "tl_damage":
            return self._damage_event(st, s)
        if k == "effect":
            st.ts += 1
            oid = st.handles[a["object"]]
            for e in a["effects"]:
                st.conts.append((st.ts, oid, sym(e), a.get("duration", "indefinite")))
            st.origins[st.ts] = (s.pos.line, s.text)
            st.log.append(("611.2, 613", f"{s.text}"))
            return [st]
        if k == "enters":
            return self._enters_sentence(st, s)
        if k == "tl_cast":
            return self._cast(st, s)
        if k == "tl_copy":
            return self._copy_spell(st, s)
        if k == "tl_activate":
            return self._activate(st, s)
        if k == "tl_resolve":
            return self._resolve_sentence(st, s)
        if k == "tl_zone":
            return self._zone(st, s)
        if k == "tl_discard":
            return self._discard(st, s, a["player"], a["object"], None)
        if k == "tl_tap":
            # CR 106.12, 605.3a, 605.4a: tapping for mana activates a mana ability; it and any triggered mana
            # ability resolve at once, without the stack (engine/casting.py)
            self._player(st, a["player"])
            return self._tap_sentence(st, s)
        if k == "tl_special":
            return self._special(st, s)
        if k.startswith("zn_"):
            return self.zone_sentence(st, s)
        if k == "tl_step":
            return self._step_sentence(st, s)      # 500.1, 603.2b (engine/turn.py)
        if k == "history_known":
            st.history_known = True   # "Nothing happened earlier this turn." (mtgkb/rules/died_this_turn.lp)
            return [st]
        if k == "tl_turn_ends":
            return self._turn_ends(st, s)
        if k == "tl_proceeds":
            return self._proceeds(st, s)
        if k == "tl_attacks":
            return self._attacks(st, s)            # 508 (engine/combat.py)
        if k == "tl_blocks":
            return self._blocks(st, s)             # 509
        if k == "tl_combat_damage":
            return self._combat_damage_sentence(st, s)   # 510
        raise FactError(f"sentence kind {k!r} has no meaning in a timeline yet", s.pos)

    def _player(self, st: State, p: str) -> None:
        if p not in st.players:
            st.players.append(p)

    def _controls(self, st: State, spec, player: str) -> None:
        if spec.card is not None:
            self.face(spec.card, spec.pos)
        o = st.new_obj(spec.handle, card=None if spec.token else spec.card, zone="battlefield", owner=player,
                       controller=player, token=spec.token, token_values=tuple(sym(v) for v in spec.token_values),
                       token_copy_of_card=spec.card if spec.token else None, tapped=spec.tapped,
                       counters={k: n for k, n in spec.counters}, came_this_turn=spec.came_this_turn,
                       face_down=spec.face_down)
        if spec.attached_to is not None:
            o.attached = st.handles[spec.attached_to]
        if spec.token and spec.card is not None:  # 707.2: its abilities are the card's, after it is gone too
            st.copy_cards[spec.handle] = spec.card

    def _enters_sentence(self, st: State, s: Sentence) -> list[State]:
        a = s.args
        self._player(st, a["player"])
        face = self.face(a["card"], s.pos)
        copied = None
        if a["copy_of"] is not None:
            src = st.objects.get(st.handles[a["copy_of"]])
            if src is None or src.zone != "battlefield":
                raise ScenarioError(f"{a['copy_of']} is not on the battlefield, so nothing can enter as a copy "
                                    f"of it (707.5, 614.1c)", s)
            copied = (src.id, self.copiable_values(st, src.id))
        if a["object"] in st.handles:
            st.move(st.handles[a["object"]], "battlefield", a["player"])
            o = st.objects[st.handles[a["object"]]]
        else:
            o = st.new_obj(a["object"], card=a["card"], zone="battlefield", owner=a["player"], controller=a["player"])
        o.entered = True
        o.chosen = tuple(sym(v) for v in a.get("choices", ()))  # 614.12: a choice made as it entered
        if a["copy_of"] is not None:
            o.copy_effects.append((copied[0], o.ts, face.name, copied[1]))
            st.static_facts += [atom("copy_ability", obj(o.id), Function("ab", [String(face.name), Number(i)]))
                                for i in range(1, len(face.abilities) + 1)]
        st.log.append(("603.6a, 614.1c", s.text))
        outs = self.event(st, Function("enters", [obj(o.id)]))
        return [b for x in outs for b in self.put_triggers(x)]

    def _damage_event(self, st: State, s: Sentence) -> list[State]:
        """CR 120.1, 120.3: "<source> deals N damage to <object or player>": what the damage does is
        asked of rules.lp (tl_ev_apply/1); then state-based actions and triggers as after any event."""
        a = s.args
        src = st.objects.get(st.handles[a["source"]])
        kind, who = a["targets"][0]
        if kind == "player":
            self._player(st, who)
            T = String(who)
        else:
            T = obj(st.handles[who])
        st.log.append(("120.1", s.text))
        outs = self.event(st, Function("deals_damage", [obj(src.id), T, Number(a["amount"])]))
        return [b for o in outs for b in self.put_triggers(o)]

    def copiable_values(self, st: State, oid: int) -> tuple:
        """CR 707.2, 707.2b: the copiable values of an object now, as a copy effect that
        begins now locks them in (asked of rules.lp: cv/2)."""
        models = self.ask(self.facts(st, [atom("tl_snapshot", obj(oid))]))
        if not models:
            raise ScenarioError("the state is impossible under the rules (no outcome)")
        return tuple(sorted((v.arguments[1] for v in models[0] if v.name == "tl_cv"), key=str))

    # -- events: what triggers (603.2) and putting it on the stack (603.3)
    def event(self, st: State, ev: Symbol, *more: Symbol, extra=()) -> list[State]:
        """What triggers on an event (several events that happen at once: `more`; facts the event
        carries: `extra`, such as a cast's or an activation's payment request, engine/casting.py)."""
        facts = self.facts(st, [atom("tl_event", e) for e in (ev, *more)] + list(extra))
        models = self.ask(facts)
        self._note_sba(st, models)
        if not models:
            raise self._why_impossible(st, facts, "the event is impossible under the rules")
        out = []
        for m in models:
            b = st.clone() if len(models) > 1 else st
            trigs = pick(m, "tl_trig")
            pos = {(s.arguments[0], s.arguments[1]): s.arguments[2].number for s in pick(m, "tl_pos")}
            rank = {s.arguments[0].string: s.arguments[1].number for s in pick(m, "tl_rank")}
            picks: dict = {}
            for s in pick(m, "tl_pick"):
                picks.setdefault((s.arguments[0], s.arguments[1]), []).append((s.arguments[2], s.arguments[3]))
            dropped = {(s.arguments[0], s.arguments[1]) for s in pick(m, "tl_no_target")}
            self._announce_targets(b, m)
            for c in pick(m, "tl_paid"):
                # CR 602.2b, 601.2h: the costs are paid before any player can act
                what, thing = c.arguments[1], c.arguments[2].arguments[0].number
                if what.name == "tap":
                    b.objects[thing].tapped = True
                    b.log.append(("602.2b, 601.2h", f"  cost paid: {b.name_of(thing)} is tapped"))
                elif what.name == "exile":
                    h = b.name_of(thing)
                    b.move(thing, "exile", None)
                    b.choices.append(f"exiled to pay: {h}")
                    b.log.append(("602.2b, 601.2h", f"  cost paid: {h} is exiled from the graveyard"))
            # CR 601.2g-h, 602.2b: how this outcome pays for the spell or ability (engine/casting.py)
            self._apply_payment(b, m, len(models) > 1)
            apply_entry(b, m, len(models) > 1)   # CR 614.1c, 614.12: how a permanent entered
            for ap in pick(m, "tl_ev_apply"):
                # CR 120.3: what damage dealt in a scenario event does (no destroy: an event deals damage only)
                apply_life_and_damage(b, ap.arguments[0])
            for u in pick(m, "tl_unsure"):
                b.unsure.append(u.arguments[1])
                b.log.append(("603.2", f"{b.name_of(u.arguments[0].arguments[0].number)}: "
                                       f"{self._ab_text(u.arguments[1])} may trigger (its text or its rule is not read)"))
            order = sorted(trigs, key=lambda t: (rank.get(t.arguments[2].string, 1), pos.get((t.arguments[0], t.arguments[1]), 0)))
            for t in order:
                S, key, P = t.arguments
                # CR 603.2c: occ(A, J) is the J-th occurrence of A on this event (mtgkb/rules/triggers.lp)
                A = key.arguments[0] if key.name == "occ" else key
                sid = S.arguments[0].number
                h = b.name_of(sid)
                b.trig_log.append((b.objects[sid].handle if sid in b.objects else h, A))
                b.log.append(("603.2, 603.3a", f"{self._label(A, h)} triggers (controlled by {P.string})"))
                if (S, key) in dropped:
                    b.log.append(("603.3d", "  it has no legal target and is removed from the stack"))
                    continue
                ref = None
                ref_targets = None
                if ev.name == "cast":
                    ref = ev.arguments[0].arguments[0].number
                tg, slots = (), ()
                if (S, key) in picks:
                    # CR 603.3d: the targets chosen as it goes on the stack, slot by slot (the slots of A
                    # also for its later occurrences occ(A, J), targets.lp)
                    slots = tuple(sl for sl, _ in picks[(S, key)])
                    tg = tuple(_target_of(T) for _, T in picks[(S, key)])
                    b.choices.append(f"target of {self._ab_text(A)}: {', '.join(b.name_of(t) for t in tg)}")
                x = next((v.arguments[2].number for v in pick(m, "tl_trig_x") if (v.arguments[0], v.arguments[1]) == (S, key)),
                         None)
                # CR 603.10a, 608.2h, 113.7a: a source that is leaving, as it last existed (engine/lki.py)
                leaving = any(e.name == "leaves" and e.arguments[0] == S for e in (ev, *more))
                lki, lki_pt = last_known(m, S, leaving)
                lki_kw = (tuple(sorted(str(k.arguments[1]) for k in pick(m, "tl_lki_keyword") if k.arguments[0] == S))
                          if leaving and not any(u.arguments[0] == S for u in pick(m, "tl_lki_unsure")) else None)
                b.pending.append(Item(id=0, kind="triggered", source=sid, source_handle=h, controller=P.string,
                                      abilities=(A,), targets=tg, slots=slots, ref_spell=ref,
                                      ref_targets=ref_targets,
                                      label=self._label(A, h), lki=lki, x=x, lki_keywords=lki_kw, lki_pt=lki_pt,
                                      target_watched=bool(pick(m, "tl_target_watch"))))
            out.append(b)
        return out

    def _announce_targets(self, b: State, m) -> None:
        """CR 601.2c, 602.2b: the targets of a spell cast or an ability activated: the named ones in
        their slots (tl_fill/3), or, when none is named, the ones chosen in this outcome (tl_spell_pick/3)."""
        fills: dict = {}
        for f in pick(m, "tl_fill"):
            fills.setdefault(f.arguments[0].arguments[0].number, {})[f.arguments[1].number] = f.arguments[2]
        for iid, by_pos in fills.items():
            it = b.item_of(iid)
            it.slots = tuple(by_pos[n] for n in range(1, len(it.targets) + 1))
        chosen: dict = {}
        for p in pick(m, "tl_spell_pick"):
            chosen.setdefault(p.arguments[0].arguments[0].number, []).append((p.arguments[1], p.arguments[2]))
        for iid, got in chosen.items():
            it = b.item_of(iid)
            it.slots = tuple(sl for sl, _ in got)
            it.targets = tuple(_target_of(T) for _, T in got)
            names = ", ".join(b.name_of(t) for t in it.targets)
            b.choices.append(f"targets of {it.label}: {names}")
            b.log.append(("601.2c", f"  {it.label} targets {names}"))

    def state_based(self, st: State) -> list[State]:
        """CR 704.3: whenever a player would receive priority, every state-based action that
        applies is performed at once, and again until none applies; what dies triggers
        (603.10a).  Each open choice (which legendary permanent to keep, 704.5j) is a branch."""
        work, done = [st], []
        for _ in range(self.ask.limit):
            nxt = []
            for b in work:
                key = self._sba_key(b)
                if key in self._sba_free:
                    sba_checked(b)
                    done.append(b)
                    continue
                models = self.ask(self.facts(b))
                if not models:
                    raise ScenarioError("the state is impossible under the rules (no outcome)")
                self._note_sba(b, models, key)   # b is as it was asked: its key is the same
                if not any(sba_any(m) for m in models):
                    sba_checked(b)
                    done.append(b)
                    continue
                for m in models:
                    bb = b.clone() if len(models) > 1 else b
                    sba_checked(bb)
                    for v in pick(m, "sba_loses"):
                        player_loses(bb, v.arguments[0].string, v.arguments[1].string)
                    sba_counters(bb, m)
                    taps = sba_regenerations(bb, m)   # CR 701.19a (engine/life.py)
                    sbas, seen = [], set()
                    for v in pick(m, "sba_to_graveyard"):
                        if v.arguments[0] not in seen:  # one object, one move (two rules may apply to it)
                            seen.add(v.arguments[0])
                            sbas.append((v.arguments[0], v.arguments[1].string))
                    # CR 614.1a, 700.4: a replacement effect exiles instead one that would die (rules.lp: dies_instead/2)
                    exiled = {v.arguments[0] for v in pick(m, "dies_instead")}
                    for O, why in sbas:
                        name, out = bb.name_of(O.arguments[0].number), O in exiled
                        bb.sba_log.append((name, "614.1a" if out else why))
                        what = f"would die ({why}, a state-based action) and is exiled instead" if out else \
                            SBA_TEXT.get(why, "is put into its owner's graveyard") + " (a state-based action)"
                        bb.log.append(("614.1a" if out else why, f"{name} {what}"))
                    for u in pick(m, "tl_sba_unsure"):
                        bb.unsure.append(u.arguments[1])
                    if not sbas and not taps:  # only players lost the game
                        nxt.append(bb)
                        continue
                    to = {O: "exile" if O in exiled else "graveyard" for O, _ in sbas}
                    for x in self.event(bb, *[Function("leaves", [O, Function(to[O])]) for O, _ in sbas], *taps):
                        for O, _ in sbas:
                            if O.arguments[0].number in x.objects:
                                x.move(O.arguments[0].number, to[O], None)
                        nxt.append(x)
            if len(nxt) + len(done) > self.ask.limit:
                raise Bound(f"more than {self.ask.limit} outcomes")
            work = nxt
            if not work:
                return done
        raise Bound("state-based actions kept applying")

    def put_triggers(self, st: State) -> list[State]:
        """CR 603.3b, 704.3: the next time a player would receive priority, state-based actions
        are performed, then triggered abilities go on the stack, the active player's first (the
        order came from the solve)."""
        return [b for x in self.state_based(st) for b in self._stack_pending(x)]

    def _stack_pending(self, st: State, depth: int = 0) -> list[State]:
        pend = st.pending
        for it in pend:
            st.next_item += 1
            it.id = st.next_item
            st.stack.append(it)
            st.log.append(("603.3b", f"  on the stack: {it.label}" + (
                f" targeting {', '.join(st.name_of(t) for t in it.targets)}" if it.targets else "")))
        st.pending = []
        # CR 603.3d, 115.1: the targets chosen as they go on the stack become targets: an event of its own;
        # what triggers on it goes on the stack the next time a player would receive priority
        targeted = [Function("becomes_target", [target_sym(t), item_sym(it.id)]) for it in pend if it.target_watched
                    for t in it.targets]
        if not targeted:
            return [st]
        if depth >= self.ask.limit:
            raise Bound("triggered abilities kept triggering on their own targets")
        return [y for b in self.event(st, *targeted)
                for x in (self.state_based(b) if b.pending else [b]) for y in self._stack_pending(x, depth + 1)]

    def _label(self, A: Symbol, h: str) -> str:
        t = self._ab_text(A)
        if A.name == "suspend_upkeep":
            return t
        return t if A.name == "ab" and A.arguments[0].string == h else f"{t} (of {h})"

    def _ab_text(self, A: Symbol) -> str:
        if A.name == "delayed":   # CR 603.7: delayed(N, dl(ability, sentence))
            return f"the delayed triggered ability of {self._ab_text(A.arguments[1].arguments[0])}"
        if A.name == "suspend_upkeep":
            return f"{A.arguments[0].arguments[0].string}'s suspend ability (remove a time counter, 702.62a)"
        if A.name == "decayed_attack":
            return "its decayed ability (sacrifice it at end of combat, 702.147a)"
        if A.name == "ab" and len(A.arguments) == 2:
            face = self.faces.get(A.arguments[0].string)
            i = A.arguments[1].number
            if face is not None and 0 < i <= len(face.abilities):
                def kind_of(x: Ability) -> str:
                    k = x.kind if x.understood else ("triggered" if re.match(r"\s*(When|Whenever|At)\b", x.text) else x.kind)
                    return "activated" if k == "mana" else k  # CR 605.1a: mana abilities are activated abilities
                kind = kind_of(face.abilities[i - 1]) if face.abilities[i - 1].understood else "triggered"
                same = [j for j, x in enumerate(face.abilities, 1) if kind_of(x) == kind]
                nth = same.index(i) + 1 if i in same else i
                ordn = ["first", "second", "third", "fourth", "fifth"][nth - 1] if nth <= 5 else f"#{nth}"
                return f"{face.name}'s {ordn} {kind} ability"
        return str(A)


    def _ability_symbol(self, face: CardFace, kind: str, n: int, s: Sentence) -> Symbol:
        if kind in KEYWORD_TRIGGERS:
            # CR 702.62a, 702.147a: the triggered ability a keyword stands for (suspend's upkeep ability, decayed's
            # attack ability: mtgkb/rules/decayed.lp)
            for i, ab in enumerate(face.abilities, 1):
                if ab.kind == "keyword" and any(_is_keyword(e, kind) for e in ab.effects):
                    return Function(KEYWORD_TRIGGERS[kind], [Function("ab", [String(face.name), Number(i)])])
            raise FactError(f"{face.name} has no {kind}", s.pos)

        def kind_of(ab: Ability) -> str:
            if is_mode_line(ab):
                return "mode"  # CR 700.2: a mode is part of its header's ability, not an ability of its own
            if not ab.understood:
                if re.match(r"\s*(When|Whenever|At)\b", ab.text):
                    return "triggered"
                # CR 602.1: "[Cost]: [Effect.]" (a colon outside quotes) is an activated ability
                return "activated" if re.match(r'[^"]*?:\s', ab.text) else "unsupported"
            if ab.kind == "mana" and re.match(r"\s*(When|Whenever)\b", ab.text):
                return "triggered"  # CR 605.1b: a triggered mana ability is a triggered ability
            return ab.kind
        # CR 605.1a, 606.3: mana abilities with a cost and loyalty abilities are activated abilities
        cands = [i for i, ab in enumerate(face.abilities, 1)
                 if (kind == "any" and kind_of(ab) not in ("keyword", "mode")) or kind_of(ab) == kind
                 or (kind == "activated" and kind_of(ab) in ("mana", "loyalty"))]
        if n == 0 and len(cands) >= 1 and (len(cands) == 1 or kind != "any"):
            n = 1
        if not (1 <= n <= len(cands)):
            raise FactError(f"{face.name} has no such ability ({kind}, {n or 'the only one'})", s.pos)
        return Function("ab", [String(face.name), Number(cands[n - 1])])


    def _card_of(self, st: State, h: str) -> str:
        """The card whose abilities the handle's object has: its own, or (707.2) the card it
        copies -- through copy effects and the values of a token that is a copy."""
        h = resolve_handle(st, h)
        if h not in st.handles and h in st.copy_cards:  # a token copy that has ceased to exist
            return st.copy_cards[h]
        oid = st.handles.get(h)
        seen = set()
        while oid is not None and oid in st.objects and oid not in seen:
            seen.add(oid)
            o = st.objects[oid]
            if o.copy_effects:
                for v in o.copy_effects[-1][3]:  # the abilities it copied (707.2b)
                    if v.name == "ability" and v.arguments[0].name == "ab":
                        return v.arguments[0].arguments[0].string
                oid = o.copy_effects[-1][0]
                continue
            if o.token:
                for v in o.token_values:
                    if v.name == "ability" and v.arguments[0].name == "ab":
                        return v.arguments[0].arguments[0].string
                return o.token_copy_of_card or h
            if o.card:
                return o.card
            break
        return re.sub(r"\s+#\d+$", "", h)


