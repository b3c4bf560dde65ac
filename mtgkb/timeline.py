"""The timeline stepper (issue 6): a scenario's events happen in order.

State transitions are applied here; every rules decision is asked of rules.lp (its
"timeline" section): for each event (`tl_event/1`) which abilities trigger (603.2,
603.4), who controls them (603.3a), in which order they go on the stack (603.3b) and
with which targets (603.3d); for each resolution (`tl_resolving/1`) whether targets
are still legal (608.2b), whether an intervening "if" still holds (603.4), and what the
effect does (tokens that are copies take `cv/2`, 707.2).  Every answer set is one
outcome of the open choices; the stepper branches on them (at most MAX_BRANCHES; past
that, every verdict is `undetermined`).

A zone change makes a new object (400.7): a handle follows the card to its newest
object; the old object id is kept only where the rules look back (targets as they
were, 603.10, 608.2h).  The final state of every branch is solved with the claims; a
plain claim must hold in every branch, `may` in some, `cannot` in none.
"""

from __future__ import annotations

import copy
import re
import time
from dataclasses import dataclass, field, replace

import clingo
from clingo import Function, Number, String, Symbol

from mtgkb.parser.card_ast import Ability, CardFace
from mtgkb.parser.scenario_ast import Block, Claim, Sentence
from mtgkb.parser.scenario_timeline import TIMELINE_KINDS
from mtgkb.parser.terms import Fn, Term

from . import mana
from .facts import Encoded, FactError, atom, face_facts, obj, sym
from .solver import SolveResult, Solver, program_text

MAX_BRANCHES = 64
_STEP_NAMES = {"upkeep": "upkeep", "draw": "draw step", "combat": "beginning of combat step", "end": "end step"}


def is_timeline(block: Block) -> bool:
    """Events of the timeline, or claims about triggers and their outcomes."""
    return any(s.kind in TIMELINE_KINDS for s in block.given) or any(
        isinstance(q, Fn) and q.name.startswith("tl_") for c in block.expect for q in c.queries)


# ----------------------------------------------------------------------------- state

@dataclass
class Obj:
    id: int
    handle: str
    card: str | None
    zone: str
    owner: str
    controller: str | None
    ts: int
    token: bool = False
    token_values: tuple = ()          # symbols (111.3)
    token_copy_of_card: str | None = None
    tapped: bool = False
    counters: dict = field(default_factory=dict)
    attached: int | None = None
    came_this_turn: bool = False
    copy_effects: list = field(default_factory=list)   # (source id, ts, face name)
    entered: bool = False            # entered the battlefield during the timeline
    spell_x: int | None = None       # X of the spell that became it (107.3m)
    face_down: bool = False          # CR 708.2
    special_x: int | None = None     # X chosen as a special action was taken with it (107.3d, 702.37f)


@dataclass
class Item:
    id: int
    kind: str                         # spell | triggered | activated
    source: int                       # object id (the spell itself for a spell)
    source_handle: str
    controller: str
    abilities: tuple                  # ability symbols ab(F, i)
    targets: tuple = ()               # object ids (int) or player names (str)
    x: int | None = None
    ref_spell: int | None = None      # the item of the spell that made it trigger
    ref_targets: tuple | None = None  # that spell's targets when it left the stack
    chosen: int | None = None
    label: str = ""
    lki: tuple = ()                   # counters on the source as it last existed: (kind, n) (603.10a)


@dataclass
class State:
    objects: dict = field(default_factory=dict)     # id -> Obj (objects that exist now)
    handles: dict = field(default_factory=dict)     # handle -> id of its newest object
    gone: dict = field(default_factory=dict)        # id -> handle, objects that left (last known handle)
    conts: list = field(default_factory=list)       # (ts, id, effect symbol)
    stack: list = field(default_factory=list)       # Items, bottom first
    players: list = field(default_factory=list)
    active: str | None = None
    static_facts: list = field(default_factory=list)
    ts: int = 0
    next_obj: int = 0
    next_item: int = 0
    log: list = field(default_factory=list)         # (CR, text) lines for `mtgkb show`
    trig_log: list = field(default_factory=list)    # (handle, ability symbol)
    resolved: list = field(default_factory=list)    # reference symbols in order
    copies: list = field(default_factory=list)      # (token id, handle of what it copies)
    copy_cards: dict = field(default_factory=dict)  # handle of a token copy -> the card whose abilities it has
    tokens: list = field(default_factory=list)      # token ids created
    unsure: list = field(default_factory=list)      # abilities that may have done something unread
    choices: list = field(default_factory=list)     # what this branch chose
    pending: list = field(default_factory=list)     # triggered, not yet on the stack (603.3)

    def clone(self) -> "State":
        return copy.deepcopy(self)

    # -- objects
    def new_obj(self, handle: str, **kw) -> Obj:
        self.next_obj += 1
        self.ts += 1
        o = Obj(id=self.next_obj, handle=handle, ts=self.ts, **kw)
        self.objects[o.id] = o
        self.handles[handle] = o.id
        return o

    def move(self, oid: int, zone: str, controller: str | None = None) -> Obj | None:
        """CR 400.7: the object moves and becomes a new object.  A token that leaves the
        battlefield ceases to exist in its new zone (111.7, 704.5d)."""
        o = self.objects.pop(oid)
        self.gone[oid] = o.handle
        if o.zone == "stack":
            # CR 400.7, 608.2b (Orvar ruling): a spell that leaves the stack; abilities about it keep
            # the targets it had when it left
            it = next((x for x in self.stack if x.kind == "spell" and x.source == oid), None)
            if it is not None:
                self.stack.remove(it)
                for other in self.stack:
                    if other.ref_spell == it.id and other.ref_targets is None:
                        other.ref_targets = it.targets
        if o.token and zone != "battlefield":
            self.handles.pop(o.handle, None)
            return None
        return self.new_obj(o.handle, card=o.card, zone=zone, owner=o.owner, controller=controller,
                            token=o.token, token_values=o.token_values, token_copy_of_card=o.token_copy_of_card)

    def name_of(self, oid) -> str:
        if isinstance(oid, str):
            return oid
        if oid in self.objects:
            return self.objects[oid].handle
        return self.gone.get(oid, f"object {oid}") + " (gone)"

    def item_of(self, iid: int) -> Item | None:
        return next((it for it in self.stack if it.id == iid), None)


def _effect_text(eff: Symbol) -> str:
    """A continuous effect, in words (for `mtgkb show`)."""
    a = eff.arguments
    if eff.name == "modify_pt":
        return f"gets {a[0].number:+d}/{a[1].number:+d} (613.4c)"
    if eff.name == "set_pt":
        return f"has base power and toughness {a[0]}/{a[1]} (613.4b)"
    words = {"all_creature_types": "is every creature type (613.1d)",
             "lose_all_creature_types": "loses all creature types (613.1d)",
             "lose_all_abilities": "loses all abilities (613.1f)"}
    if eff.name in words:
        return words[eff.name]
    if eff.name == "set_colors":
        return f"becomes {a[0]} (613.1e)"
    if eff.name == "set_creature_types":
        return f"becomes the creature type {a[0].string} (613.1d)"
    if eff.name == "add_type":
        return f"gains the type {a[0]} (613.1d)"
    if eff.name == "gain_keyword":
        return f"gains {a[0]} (613.1f)"
    return f"gets the effect {eff}"


_SBA_TEXT = {"704.5f": "has toughness 0 or less and is put into its owner's graveyard",
             "704.5j": "is put into its owner's graveyard by the legend rule"}


def _O(i: int) -> Symbol:
    return obj(i)


def _I(i: int) -> Symbol:
    return Function("i", [Number(i)])


def _tgt(t) -> Symbol:
    return String(t) if isinstance(t, str) else _O(t)


def state_facts(st: State) -> list[Symbol]:
    out = list(st.static_facts)
    for p in st.players:
        out.append(atom("player", String(p)))
    if st.players:
        out.append(atom("active_player", String(st.active or st.players[0])))
    for o in st.objects.values():
        O = _O(o.id)
        out += [atom("object", O), atom("handle", O, String(o.handle)), atom("zone", O, Function(o.zone)),
                atom("owner", O, String(o.owner)), atom("timestamp", O, Number(o.ts))]
        if o.controller is not None:
            out.append(atom("controller", O, String(o.controller)))
        if o.token:
            out.append(atom("token", O))
            for v in o.token_values:
                out.append(atom("token_value", O, v))
            if o.token_copy_of_card:
                out.append(atom("token_copy_of_card", O, String(o.token_copy_of_card)))
        elif o.card is not None:
            out.append(atom("from_card", O, String(o.card)))
        if o.tapped and o.zone == "battlefield":
            out.append(atom("tapped", O))
        for k, n in o.counters.items():
            if n > 0 and o.zone in ("battlefield", "exile"):
                out.append(atom("counter", O, String(k), Number(n)))
        if o.attached is not None and o.attached in st.objects:
            out.append(atom("attached", O, _O(o.attached)))
        if o.came_this_turn:
            out.append(atom("came_under_control_this_turn", O))
        for src, ts, face in o.copy_effects:
            if src in st.objects or True:
                out.append(atom("copy_effect", O, _O(src), Number(ts)))
        if o.entered:
            out.append(atom("tl_entered", O))
        if o.spell_x is not None:
            out.append(atom("tl_spell_x", O, Number(o.spell_x)))
        if o.face_down and o.zone == "battlefield":
            out.append(atom("face_down", O))
        if o.special_x is not None:
            out.append(atom("tl_special_x", O, Number(o.special_x)))
    for ts, oid, e in st.conts:
        if oid in st.objects:
            out.append(atom("cont", Number(ts), _O(oid), e))
    for it in st.stack:
        out += item_facts(st, it)
    return out


def item_facts(st: State, it: Item) -> list[Symbol]:
    I = _I(it.id)
    out = [atom("tl_item", I, Function(it.kind), _O(it.source), String(it.controller))]
    out += [atom("tl_item_ab", I, A) for A in it.abilities]
    out += [atom("tl_target", I, _tgt(t)) for t in it.targets]
    if it.x is not None:
        out.append(atom("tl_item_x", I, Number(it.x)))
    if it.ref_spell is not None:
        spell = st.item_of(it.ref_spell)
        # Orvar ruling: the spell's targets now, or as they were when it left the stack
        tg = spell.targets if spell is not None else (it.ref_targets or ())
        out += [atom("tl_ref_target", I, _tgt(t)) for t in tg if not isinstance(t, str)]
    if it.chosen is not None:
        out.append(atom("tl_chosen", I, _O(it.chosen)))
    out += [atom("tl_item_lki", I, String(k), Number(n)) for k, n in it.lki]
    return out


# ----------------------------------------------------------------------------- solving

class Bound(Exception):
    """More outcomes than MAX_BRANCHES, or the time limit: verdicts are undetermined."""


class Unsettled(Bound):
    """The events depend on card text mtgkb does not understand: verdicts are undetermined."""


@dataclass
class Ask:
    program: str
    timeout: float
    messages: list = field(default_factory=list)
    solves: int = 0

    def __call__(self, facts: list[Symbol], limit: int = MAX_BRANCHES) -> list[frozenset]:
        self.solves += 1
        msgs = self.messages
        ctl = clingo.Control(["--project=show", "-t1"], logger=lambda c, m: msgs.append(f"{c.name}: {m.strip()}"),
                             message_limit=50)
        ctl.add("base", [], self.program)
        with ctl.backend() as b:
            for f in facts:
                b.add_rule([b.add_atom(f)])
        ctl.ground([("base", [])])
        ctl.configuration.solve.models = limit + 1
        models: list[frozenset] = []
        with ctl.solve(on_model=lambda m: models.append(frozenset(m.symbols(shown=True))), async_=True) as h:
            if not h.wait(self.timeout):
                h.cancel()
                raise Bound("the time limit was reached while stepping through the events")
        if len(models) > limit:
            raise Bound(f"more than {limit} outcomes")
        return sorted(models, key=lambda m: sorted(str(s) for s in m))


def _pick(m, name: str) -> list[Symbol]:
    return sorted((s for s in m if s.name == name), key=str)


# ----------------------------------------------------------------------------- the stepper

@dataclass
class Branch:
    state: State
    error: str | None = None


class ScenarioError(Exception):
    def __init__(self, message: str, sentence: Sentence | None = None) -> None:
        super().__init__(message)
        self.sentence = sentence


class Stepper:
    def __init__(self, block: Block, find_face, reference: list[Symbol], *, timeout: float = 10.0) -> None:
        self.block = block
        self.find_face = find_face
        self.reference = reference
        self.faces: dict[str, CardFace] = {}
        self.ask = Ask(program_text(), timeout)
        self._sba_free: set[int] = set()   # states in which no state-based action applies (704.3)
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

    def base_facts(self) -> list[Symbol]:
        if getattr(self, "_face_facts", None) is None:
            ff = []
            for f in self.faces.values():
                ff += face_facts(f)
            ff += mana.face_mana_facts(self.faces)
            self._face_facts = ff
        return self.reference + self._face_facts

    def facts(self, st: State, extra=()) -> list[Symbol]:
        return self.base_facts() + state_facts(st) + list(extra)

    # -- run
    def run(self) -> list[State]:
        branches = [State()]
        for s in self.block.given:
            nxt = []
            for st in branches:
                nxt += self.apply(st, s)
            if len(nxt) > MAX_BRANCHES:
                raise Bound(f"more than {MAX_BRANCHES} outcomes")
            if time.perf_counter() > self.deadline:
                raise Bound("the time limit was reached while stepping through the events")
            branches = nxt
        return branches

    def apply(self, st: State, s: Sentence) -> list[State]:
        k, a = s.kind, s.args
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
            self._player(st, a["player"])
            st.active = a["player"]
            return [st]
        if k in mana.MANA_SENTENCES:
            self._player(st, a["player"])
            st.static_facts += mana.sentence_facts(s)
            return [st]
        if k == "effect":
            st.ts += 1
            oid = st.handles[a["object"]]
            for e in a["effects"]:
                st.conts.append((st.ts, oid, sym(e)))
            st.log.append(("611.2, 613", f"{s.text}"))
            return [st]
        if k == "enters":
            return self._enters_sentence(st, s)
        if k == "tl_cast":
            return self._cast(st, s)
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
            # ability resolve at once, without the stack (the mana pool is asked by payment claims, issue 5)
            self._player(st, a["player"])
            o = st.objects[st.handles[a["object"]]]
            if o.zone != "battlefield" or o.tapped:
                raise ScenarioError(f"{o.handle} is not an untapped permanent, so it cannot be tapped for mana (107.5)", s)
            o.tapped = True
            st.log.append(("605.3a, 605.4a", f"{a['player']} taps {o.handle} for mana (a mana ability: no stack)"))
            return [st]
        if k == "tl_special":
            return self._special(st, s)
        if k == "tl_step":
            st.log.append(("603.2b", f"{a['player']}'s {_STEP_NAMES.get(a['step'], a['step'])} begins"))
            outs = self.event(st, Function("step", [Function(a["step"]), String(a["player"])]))
            return [b for o in outs for b in self.put_triggers(o)]
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

    def _enters_sentence(self, st: State, s: Sentence) -> list[State]:
        a = s.args
        self._player(st, a["player"])
        face = self.face(a["card"], s.pos)
        if a["object"] in st.handles:
            st.move(st.handles[a["object"]], "battlefield", a["player"])
            o = st.objects[st.handles[a["object"]]]
        else:
            o = st.new_obj(a["object"], card=a["card"], zone="battlefield", owner=a["player"], controller=a["player"])
        o.entered = True
        if a["copy_of"] is not None:
            o.copy_effects.append((st.handles[a["copy_of"]], o.ts, face.name))
            st.static_facts += [atom("copy_ability", _O(o.id), Function("ab", [String(face.name), Number(i)]))
                                for i in range(1, len(face.abilities) + 1)]
        st.log.append(("603.6a, 614.1c", s.text))
        outs = self.event(st, Function("enters", [_O(o.id)]))
        return [b for x in outs for b in self.put_triggers(x)]

    # -- events: what triggers (603.2) and putting it on the stack (603.3)
    def _state_key(self, st: State) -> int:
        return hash(tuple(sorted(map(str, state_facts(st)))))

    def _note_sba(self, st: State, models) -> None:
        """Remember a state in which no state-based action applies (sba_to_graveyard/2 is shown
        by every solve and does not depend on the event asked about): state_based() need not
        solve it again."""
        if not any(_pick(m, "sba_to_graveyard") for m in models):
            self._sba_free.add(self._state_key(st))

    def event(self, st: State, ev: Symbol, *more: Symbol) -> list[State]:
        """What triggers on an event (several events that happen at once: `more`)."""
        models = self.ask(self.facts(st, [atom("tl_event", e) for e in (ev, *more)]))
        self._note_sba(st, models)
        if not models:
            raise ScenarioError("the event is impossible under the rules (no outcome)")
        out = []
        for m in models:
            b = st.clone() if len(models) > 1 else st
            trigs = _pick(m, "tl_trig")
            pos = {(s.arguments[0], s.arguments[1]): s.arguments[2].number for s in _pick(m, "tl_pos")}
            rank = {s.arguments[0].string: s.arguments[1].number for s in _pick(m, "tl_rank")}
            picks = {(s.arguments[0], s.arguments[1]): s.arguments[2] for s in _pick(m, "tl_pick")}
            dropped = {(s.arguments[0], s.arguments[1]) for s in _pick(m, "tl_no_target")}
            for c in _pick(m, "tl_paid"):
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
            for u in _pick(m, "tl_unsure"):
                b.unsure.append(u.arguments[1])
                b.log.append(("603.2", f"{b.name_of(u.arguments[0].arguments[0].number)}: "
                                       f"{self._ab_text(u.arguments[1])} may trigger (its text or its rule is not read)"))
            order = sorted(trigs, key=lambda t: (rank.get(t.arguments[2].string, 1), pos.get((t.arguments[0], t.arguments[1]), 0)))
            for t in order:
                S, A, P = t.arguments
                sid = S.arguments[0].number
                h = b.name_of(sid)
                b.trig_log.append((b.objects[sid].handle if sid in b.objects else h, A))
                b.log.append(("603.2, 603.3a", f"{self._label(A, h)} triggers (controlled by {P.string})"))
                if (S, A) in dropped:
                    b.log.append(("603.3d", "  it has no legal target and is removed from the stack"))
                    continue
                ref = None
                ref_targets = None
                if ev.name == "cast":
                    ref = ev.arguments[0].arguments[0].number
                tg = ()
                if (S, A) in picks:
                    T = picks[(S, A)]
                    tg = (T.arguments[0].number,) if T.type == clingo.SymbolType.Function else (T.string,)
                    b.choices.append(f"target of {self._ab_text(A)}: {b.name_of(tg[0])}")
                lki = tuple(sorted((x.arguments[1].string, x.arguments[2].number) for x in _pick(m, "tl_lki_counters")
                                   if x.arguments[0] == S))
                x = next((v.arguments[2].number for v in _pick(m, "tl_trig_x") if (v.arguments[0], v.arguments[1]) == (S, A)),
                         None)
                b.pending.append(Item(id=0, kind="triggered", source=sid, source_handle=h, controller=P.string,
                                      abilities=(A,), targets=tg, ref_spell=ref, ref_targets=ref_targets,
                                      label=self._label(A, h), lki=lki, x=x))
            out.append(b)
        return out

    def state_based(self, st: State) -> list[State]:
        """CR 704.3: whenever a player would receive priority, every state-based action that
        applies is performed at once, and again until none applies; what dies triggers
        (603.10a).  Each open choice (which legendary permanent to keep, 704.5j) is a branch."""
        work, done = [st], []
        for _ in range(MAX_BRANCHES):
            nxt = []
            for b in work:
                if self._state_key(b) in self._sba_free:
                    done.append(b)
                    continue
                models = self.ask(self.facts(b))
                if not models:
                    raise ScenarioError("the state is impossible under the rules (no outcome)")
                self._note_sba(b, models)
                if not any(_pick(m, "sba_to_graveyard") for m in models):
                    done.append(b)
                    continue
                for m in models:
                    bb = b.clone() if len(models) > 1 else b
                    sbas = [(v.arguments[0], v.arguments[1].string) for v in _pick(m, "sba_to_graveyard")]
                    for O, why in sbas:
                        what = _SBA_TEXT.get(why, "is put into its owner's graveyard")
                        bb.log.append((why, f"{bb.name_of(O.arguments[0].number)} {what} (a state-based action)"))
                    for u in _pick(m, "tl_sba_unsure"):
                        bb.unsure.append(u.arguments[1])
                    for x in self.event(bb, *[Function("leaves", [O, Function("graveyard")]) for O, _ in sbas]):
                        for O, _ in sbas:
                            if O.arguments[0].number in x.objects:
                                x.move(O.arguments[0].number, "graveyard", None)
                        nxt.append(x)
            if len(nxt) + len(done) > MAX_BRANCHES:
                raise Bound(f"more than {MAX_BRANCHES} outcomes")
            work = nxt
            if not work:
                return done
        raise Bound("state-based actions kept applying")

    def put_triggers(self, st: State) -> list[State]:
        """CR 603.3b, 704.3: the next time a player would receive priority, state-based actions
        are performed, then triggered abilities go on the stack, the active player's first (the
        order came from the solve)."""
        return [b for x in self.state_based(st) for b in self._stack_pending(x)]

    def _stack_pending(self, st: State) -> list[State]:
        pend = st.pending
        for it in pend:
            st.next_item += 1
            it.id = st.next_item
            st.stack.append(it)
            st.log.append(("603.3b", f"  on the stack: {it.label}" + (
                f" targeting {', '.join(st.name_of(t) for t in it.targets)}" if it.targets else "")))
        st.pending = []
        return [st]

    def _label(self, A: Symbol, h: str) -> str:
        t = self._ab_text(A)
        if A.name == "suspend_upkeep":
            return t
        return t if A.name == "ab" and A.arguments[0].string == h else f"{t} (of {h})"

    def _ab_text(self, A: Symbol) -> str:
        if A.name == "suspend_upkeep":
            return f"{A.arguments[0].arguments[0].string}'s suspend ability (remove a time counter, 702.62a)"
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

    # -- casting (601), activating (602)
    def _targets(self, st: State, tg) -> tuple:
        return tuple(t[1] if t[0] == "player" else st.handles[t[1]] for t in tg)

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
        src = st.objects[oid]
        # CR 601.2a: the card moves to the stack (a new object, 400.7)
        sp = st.move(oid, "stack", p)
        abil = tuple(Function("ab", [String(face.name), Number(i)]) for i, ab in enumerate(face.abilities, 1)
                     if ab.kind in ("spell", "unsupported") or not ab.understood)
        st.next_item += 1
        it = Item(id=st.next_item, kind="spell", source=sp.id, source_handle=sp.handle, controller=p, abilities=abil,
                  targets=self._targets(st, a["targets"]), x=a["x"], label=sp.handle,
                  chosen=st.handles[a["choosing"]] if a["choosing"] else None)
        st.stack.append(it)
        tg = f" targeting {', '.join(st.name_of(t) for t in it.targets)}" if it.targets else ""
        st.log.append(("601.2, 601.2i", f"{p} casts {sp.handle}{tg}" + (f" with X = {a['x']}" if a["x"] is not None else "")))
        outs = self.event(st, Function("cast", [_I(it.id), _O(sp.id), String(p)]))
        return [b for o in outs for b in self.put_triggers(o)]

    def _activate(self, st: State, s: Sentence) -> list[State]:
        a = s.args
        p = a["player"]
        self._player(st, p)
        _, h, kind, n = a["ability"]
        oid = st.handles[h]
        o = st.objects[oid]
        face = self.face(o.card or h, s.pos) if o.card else None
        A = self._ability_symbol(face, kind, n, s) if face else None
        ab = face.abilities[A.arguments[1].number - 1] if A is not None else None
        if ab is not None and ab.kind == "mana":
            # CR 605.3a, 605.3b: a mana ability does not use the stack; it resolves at once
            st.log.append(("605.3a", f"{p} activates {self._ab_text(A)} (a mana ability: it does not use the stack)"))
            return [st]
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
        outs = self.event(st, Function("activate", [_I(it.id), _O(oid), String(p)]))
        return [b for o2 in outs for b in self.put_triggers(o2)]

    # -- special actions (116)
    def _special(self, st: State, s: Sentence) -> list[State]:
        """CR 116.2b, 702.37e: turning a face-down permanent face up is a special action: it
        does not use the stack; the X of its cost is chosen just before paying (107.3d) and
        its other abilities that refer to X use that value (702.37f)."""
        a = s.args
        p = a["player"]
        self._player(st, p)
        o = st.objects[st.handles[a["object"]]]
        if a["action"] == "suspend":
            return self._suspend(st, s, o)
        if o.zone != "battlefield" or not o.face_down or o.controller != p:
            raise ScenarioError(f"{o.handle} is not a face-down permanent {p} controls, so {p} cannot turn it "
                                f"face up (702.37e)", s)
        models = self._special_models(st, s, Function("turn_face_up", [_O(o.id)]), f"turn {o.handle} face up")
        o.face_down = False
        o.special_x = a["x"]
        st.log.append(("116.2b, 702.37e", f"{p} turns {o.handle} face up (a special action: it does not use the "
                                          f"stack, and it is not entering the battlefield)"
                       + (f"; X = {a['x']} was chosen just before paying (107.3d)" if a["x"] is not None else "")))
        counters = sorted({(v.arguments[1].string, v.arguments[2].number) for m in models
                           for v in _pick(m, "tl_face_up_counters")})
        for k, n in counters:
            o.counters[k] = o.counters.get(k, 0) + n
            st.log.append(("614.1e, 702.37b", f"  as it is turned face up, {o.handle} gets {n} {k} counter(s)"))
        outs = self.event(st, Function("turned_face_up", [_O(o.id)]))
        return [b for x in outs for b in self.put_triggers(x)]

    def _special_models(self, st: State, s: Sentence, action: Symbol, what: str) -> list:
        """Ask rules.lp whether the special action can be taken (tl_special_illegal/2 says why
        not, with its rule) and what it does; an action that cannot be taken is an error."""
        models = self.ask(self.facts(st, [atom("tl_special_check", action)]))
        why = sorted({v.arguments[1].string for m in models for v in _pick(m, "tl_special_illegal")})
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
        models = self._special_models(st, s, Function("suspend", [_O(o.id), x]), f"suspend {o.handle}")
        n = next(v.arguments[1].number for m in models for v in _pick(m, "tl_suspend_counters"))
        new = st.move(o.id, "exile", None)
        new.counters["time"] = n
        st.log.append(("116.2f, 702.62a", f"{p} suspends {o.handle} (a special action): it is exiled with {n} time "
                                          f"counter(s)" + (f"; X = {a['x']} was chosen just before paying (107.3d)"
                                                           if a["x"] is not None else "")))
        return self.put_triggers(st)

    def _ability_symbol(self, face: CardFace, kind: str, n: int, s: Sentence) -> Symbol:
        if kind == "suspend":
            # CR 702.62a: the upkeep ability that suspend stands for
            for i, ab in enumerate(face.abilities, 1):
                if ab.kind == "keyword" and any(isinstance(e, Fn) and e.name == "keyword" and e.args
                                                and isinstance(e.args[0], Fn) and e.args[0].name == "suspend"
                                                for e in ab.effects):
                    return Function("suspend_upkeep", [Function("ab", [String(face.name), Number(i)])])
            raise FactError(f"{face.name} has no suspend", s.pos)

        def kind_of(ab: Ability) -> str:
            if not ab.understood:
                return "triggered" if re.match(r"\s*(When|Whenever|At)\b", ab.text) else "unsupported"
            return ab.kind
        cands = [i for i, ab in enumerate(face.abilities, 1)
                 if (kind == "any" and kind_of(ab) != "keyword") or kind_of(ab) == kind
                 or (kind == "activated" and kind_of(ab) == "mana")]
        if n == 0 and len(cands) >= 1 and (len(cands) == 1 or kind != "any"):
            n = 1
        if not (1 <= n <= len(cands)):
            raise FactError(f"{face.name} has no such ability ({kind}, {n or 'the only one'})", s.pos)
        return Function("ab", [String(face.name), Number(cands[n - 1])])

    # -- resolving (608)
    def _find_item(self, st: State, ref: tuple, s: Sentence) -> Item | None:
        if ref[0] == "obj":
            oid = st.handles.get(ref[1])
            return next((it for it in st.stack if it.kind == "spell" and it.source == oid), None)
        _, h, kind, n = ref
        face = self.face(self._card_of(st, h), s.pos)
        A = self._ability_symbol(face, kind, n, s)
        return next((it for it in reversed(st.stack) if A in it.abilities and it.source_handle == h), None)

    def _already_resolved(self, st: State, ref: tuple, s: Sentence) -> bool:
        if ref[0] == "obj":
            key = Function("obj", [String(ref[1])])
        else:
            face = self.face(self._card_of(st, ref[1]), s.pos)
            key = Function("ab", [String(ref[1]), self._ability_symbol(face, ref[2], ref[3], s)])
        return key in st.resolved

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

    def _resolve_sentence(self, st: State, s: Sentence) -> list[State]:
        a = s.args
        target = self._find_item(st, a["item"], s)
        if target is None and self._already_resolved(st, a["item"], s):
            # In this outcome it has already resolved (an earlier resolution went past it, 405.5)
            return [st]
        if target is None and st.unsure and a["item"][0] == "ab":
            raise Unsettled(f"{s.text!r}: whether that ability triggered depends on text mtgkb does not understand")
        if target is None:
            raise ScenarioError(f"{s.text!r}: that is not on the stack", s)
        if a["choosing"] is not None:
            target.chosen = st.handles[a["choosing"]]
        done: list[State] = []
        work = [st]
        # CR 405.5, 608.1: the top of the stack resolves first, until this one has
        while work:
            b = work.pop(0)
            if b.item_of(target.id) is None:
                done.append(b)
                continue
            top = b.stack[-1]
            work += self.resolve_top(b, top, a if top.id == target.id else None)
            if len(work) + len(done) > MAX_BRANCHES:
                raise Bound(f"more than {MAX_BRANCHES} outcomes")
        return done

    def resolve_top(self, st: State, it: Item, sentence_args) -> list[State]:
        facts = self.facts(st, [atom("tl_resolving", _I(it.id))])
        models = self.ask(facts)
        self._note_sba(st, models)
        if not models:
            raise ScenarioError(f"{it.label} cannot resolve as the scenario says (no outcome under the rules)")
        out = []
        for m in models:
            b = st.clone() if len(models) > 1 else st
            out += self._apply_resolution(b, b.item_of(it.id), m, sentence_args)
        return out

    def _apply_resolution(self, st: State, it: Item, m, sentence_args) -> list[State]:
        st.stack.remove(it)
        ref = (Function("obj", [String(it.source_handle)]) if it.kind == "spell"
               else Function("ab", [String(it.source_handle), it.abilities[0] if it.abilities else Function("none")]))
        st.resolved.append(ref)
        nothing = any(True for _ in _pick(m, "tl_does_nothing"))
        if _pick(m, "tl_fizzles"):
            st.log.append(("608.2b", f"{it.label} tries to resolve: all its targets are illegal; it does nothing"))
        elif _pick(m, "tl_if_fails"):
            st.log.append(("603.4, 608.2b", f"{it.label} resolves: its \"if\" is false now; it does nothing"))
        else:
            st.log.append(("608.2", f"{it.label} resolves"))
        for u in _pick(m, "tl_unsure_res"):
            st.unsure.append(u.arguments[1])
            st.log.append(("608.2c", f"  its effect is not understood: {self._ab_text(u.arguments[1])}"))
        if _pick(m, "tl_discard_due") and not (sentence_args and sentence_args.get("discard")):
            A = _pick(m, "tl_discard_due")[0].arguments[1]
            st.unsure.append(A)
            st.log.append(("701.9b", "  a player discards, and the scenario does not say which card"))
        entered: list[int] = []
        removed: list[tuple[int, str]] = []   # counters removed: an event of their own (702.62a)
        if not nothing:
            for ap in _pick(m, "tl_apply"):
                e = ap.arguments[1]
                if e.name == "cont":
                    st.ts += 1
                    st.conts.append((st.ts, e.arguments[0].arguments[0].number, e.arguments[1]))
                    st.log.append(("611.2, 613", f"  {st.name_of(e.arguments[0].arguments[0].number)} "
                                                 f"{_effect_text(e.arguments[1])}"))
                elif e.name == "copy":
                    # CR 707.2, 613.2: "becomes a copy" -- a copy effect in layer 1 from now on
                    o = st.objects[e.arguments[0].arguments[0].number]
                    st.ts += 1
                    o.copy_effects.append((e.arguments[1].arguments[0].number, st.ts, None))
                    st.log.append(("707.2, 613.2", f"  {o.handle} becomes a copy of {st.name_of(e.arguments[1].arguments[0].number)}"))
                    st.choices.append(f"{it.label} chooses {st.name_of(e.arguments[1].arguments[0].number)}")
                elif e.name == "counter":
                    o = st.objects[e.arguments[0].arguments[0].number]
                    k = e.arguments[1].string
                    n = e.arguments[2].number
                    o.counters[k] = max(0, o.counters.get(k, 0) + n)
                    if n >= 0:
                        st.log.append(("122.1", f"  {o.handle} gets {n} {k} counter(s)"))
                    else:
                        st.log.append(("122.1, 702.62a", f"  {-n} {k} counter(s) removed from {o.handle} "
                                                          f"({o.counters[k]} left)"))
                        removed.append((o.id, k))
            for mk in _pick(m, "tl_make_tokens"):
                vals = tuple(v.arguments[1] for v in _pick(m, "tl_new_token_value"))
                base = next((v.arguments[0].string for v in vals if v.name == "name"), "Token")
                made = []
                for _ in range(mk.arguments[1].number):
                    k = sum(1 for h in list(st.handles) + list(st.gone.values()) if h == base or h.startswith(base + " #"))
                    handle = base if k == 0 else f"{base} #{k + 1}"
                    tok = st.new_obj(handle, card=None, zone="battlefield", owner=it.controller,
                                     controller=it.controller, token=True, token_values=vals)
                    tok.entered = True
                    st.tokens.append(tok.id)
                    entered.append(tok.id)
                    made.append(handle)
                per_counter = any(e.arguments[1].name == "tokens_per_counter" for e in _pick(m, "tl_do"))
                st.log.append(("111.3, 603.10a, 608.2h" if per_counter else "111.2, 111.3",
                               f"  {it.controller} creates {len(made)} {base}(s)"
                               + (" (one for each counter it had as it last existed)" if per_counter else
                                  f" (X = {it.x})" if it.x is not None else "")))
            copies = _pick(m, "tl_copy")
            if copies:
                T = copies[0].arguments[1].arguments[0].number
                vals = tuple(v.arguments[1] for v in _pick(m, "tl_token_value"))
                base = f"Token copy of {st.name_of(T)}"
                n = sum(1 for h in list(st.handles) + list(st.gone.values()) if h == base or h.startswith(base + " #"))
                handle = base if n == 0 else f"{base} #{n + 1}"
                tok = st.new_obj(handle, card=None, zone="battlefield", owner=it.controller, controller=it.controller,
                                 token=True, token_values=vals)
                tok.entered = True
                st.tokens.append(tok.id)
                st.copies.append((tok.id, st.name_of(T)))
                st.copy_cards[handle] = self._card_of(st, st.name_of(T))
                for g in _pick(m, "tl_token_gains"):
                    st.ts += 1
                    st.conts.append((st.ts, tok.id, Function("gain_keyword", [g.arguments[1]])))
                st.log.append(("707.2, 111.3", f"  {it.controller} creates {handle}, a token that is a copy of {st.name_of(T)}"))
                if sum(1 for x in _pick(m, "tl_copy")):
                    st.choices.append(f"{it.label} copies {st.name_of(T)}")
                entered.append(tok.id)
        # CR 608.2n, 608.3: where the spell goes
        if it.kind == "spell" and it.source in st.objects:
            sp = st.objects[it.source]
            face = self.faces.get(sp.card or "")
            is_perm = face is not None and any(t.lower() in ("creature", "artifact", "enchantment", "land", "planeswalker", "battle")
                                               for t in face.types)
            if is_perm and not _pick(m, "tl_fizzles"):
                new = st.move(sp.id, "battlefield", it.controller)
                new.entered = True
                new.spell_x = it.x
                st.log.append(("608.3", f"  {new.handle} enters the battlefield under {it.controller}'s control"
                                        + (f" (the spell's X was {it.x}, 107.3m)" if it.x is not None else "")))
                entered.append(new.id)
            else:
                st.move(sp.id, "graveyard", None)
                st.log.append(("608.2n", f"  {sp.handle} is put into its owner's graveyard"))
        # The Orvar rule: an ability about "the spell" keeps the targets it had when it left the stack
        for other in st.stack:
            if other.ref_spell == it.id and other.ref_targets is None:
                other.ref_targets = it.targets
        branches = [st]
        if sentence_args is not None and sentence_args.get("discard"):
            p, h = sentence_args["discard"]
            branches = [x for b in branches for x in self._discard(b, None, p, h, it.controller)]
        for oid in entered:
            nb = []
            for b in branches:
                nb += self.event(b, Function("enters", [_O(oid)])) if oid in b.objects else [b]
            branches = nb
        for oid, k in removed:
            branches = [x for b in branches
                        for x in (self.event(b, Function("counter_removed", [_O(oid), String(k)]))
                                  if oid in b.objects else [b])]
        # CR 117.3b, 704.3, 603.3b: after it resolves, the active player would receive priority
        return [y for b in branches for y in self.put_triggers(b)]

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
            outs = self.event(st, Function("leaves", [_O(oid), Function(to)]))
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
        models = self.ask(self.facts(st, [atom("tl_event", Function("discard", [_O(oid), String(player), by]))]))
        to_bf = any(_pick(m, "tl_discard_to") for m in models)
        outs = self.event(st, Function("discard", [_O(oid), String(player), by]))
        res = []
        for b in outs:
            if to_bf:
                # CR 614.6: the replacement puts it onto the battlefield instead
                new = b.move(b.handles[handle], "battlefield", player)
                new.entered = True
                b.log.append(("614.1a, 614.6", f"  instead of the graveyard, {handle} is put onto the battlefield"))
                for x in self.event(b, Function("enters", [_O(new.id)])):
                    res += self.put_triggers(x)
            else:
                b.move(b.handles[handle], "graveyard", None)
                res += self.put_triggers(b)
        return res


# ----------------------------------------------------------------------------- claims over branches

def _claim_terms(q: Term, st: State, stepper: Stepper, about: set) -> Symbol:
    """Claim query -> symbol for the final solve of a branch."""
    if isinstance(q, Fn):
        if q.name == "h" and len(q.args) == 1:
            oid = st.handles.get(resolve_handle(st, q.args[0]))
            if oid is None:
                return Function("gone", [String(q.args[0])])
            about.add(_O(oid))
            return _O(oid)
        if q.name == "ab_ref":
            h = resolve_handle(st, q.args[0].args[0])
            face = stepper.face(stepper._card_of(st, h), stepper.block.pos)
            A = stepper._ability_symbol(face, q.args[1].name, q.args[2], stepper.block)
            return Function("ab", [String(h), A])
        if q.name == "obj_ref":
            return Function("obj", [String(q.args[0].args[0])])
        if q.name == "tl_triggered":
            r = _claim_terms(q.args[0], st, stepper, about)
            return Function("tl_triggered", [r.arguments[0], r.arguments[1]])
        if q.name == "tl_token_copy":
            return Function("tl_token_copy", [String(q.args[0]), String(q.args[1].args[0])])
        return Function(q.name, [_claim_terms(a, st, stepper, about) for a in q.args])
    return sym(q)


def resolve_handle(st: State, h: str) -> str:
    """A handle, or the pseudo-handle of "the token that is a copy of X" -> the handle of
    that token in this outcome (the latest such token still on the battlefield)."""
    m = re.fullmatch("\u27e8token copy of (.*)\u27e9", h)
    if not m:
        return h
    for t, copied in reversed(st.copies):  # the latest such token
        if copied == m.group(1) and t in st.objects:
            return st.objects[t].handle
    for t, copied in reversed(st.copies):  # one that has ceased to exist (111.7): its last handle
        if copied == m.group(1) and t in st.gone:
            return st.gone[t]
    return h


def log_facts(st: State) -> list[Symbol]:
    out = [atom("tl_log_trig", String(h), A) for h, A in st.trig_log]
    out += [atom("tl_log_resolved", r, Number(n)) for n, r in enumerate(st.resolved, 1)]
    out += [atom("tl_log_copy", _O(t), String(h)) for t, h in st.copies if t in st.objects]
    out += [atom("tl_log_token", _O(t)) for t in st.tokens]
    out += [atom("tl_unsure_any", A) for A in sorted(set(st.unsure), key=str)]
    return out


def may_claims(claims: list[Claim]) -> list[Claim]:
    """"Alice may control ..." -> a `may` claim (the modal word follows the subject)."""
    out = []
    for c in claims:
        if c.queries and all(isinstance(q, Fn) and q.name == "tl_may" for q in c.queries):
            c = replace(c, modality="may", queries=tuple(q.args[0] for q in c.queries))
        out.append(c)
    return out


@dataclass
class TimelineResult:
    branches: list[State]
    result: SolveResult
    claims: list[tuple[Claim, Symbol]]
    handles: dict
    bound: str | None = None
    solves: int = 0
    messages: list = field(default_factory=list)


def evaluate(block: Block, find_face, reference: list[Symbol], solver: Solver, *, characteristics: bool = False
             ) -> TimelineResult:
    """Step through the block's events and solve its claims in every branch."""
    stepper = Stepper(block, find_face, reference, timeout=solver.timeout)
    claims = may_claims(block.expect)
    try:
        branches = stepper.run()
    except Bound as e:
        return TimelineResult([], SolveResult(satisfiable=None, timed_out=True), [(c, Number(i)) for i, c in
                                                                                  enumerate(claims, 1)], {}, bound=str(e),
                              solves=stepper.ask.solves, messages=stepper.ask.messages)
    brave: set = set()
    cautious: set | None = None
    timed_out = False
    msgs = list(stepper.ask.messages)
    stats = {"branches": len(branches), "step_solves": stepper.ask.solves}
    handles: dict = {}
    ids = [(c, Number(i)) for i, c in enumerate(claims, 1)]
    for st in branches:
        facts = stepper.facts(st) + log_facts(st)
        for c, Id in ids:
            about: set = set()
            for q in c.queries:
                facts.append(atom("claim", Id, _claim_terms(q, st, stepper, about)))
            for O in sorted(about):
                facts.append(atom("claim_about", Id, O))
        facts += mana.block_facts(facts, stepper.faces)
        res = solver.solve(facts, characteristics=characteristics)
        msgs += res.messages
        handles.update({_O(o.id): o.handle for o in st.objects.values()})
        if res.timed_out or res.satisfiable is None:
            timed_out = True
            continue
        if res.satisfiable is False:
            return TimelineResult(branches, SolveResult(satisfiable=False, messages=msgs), ids, handles,
                                  solves=stepper.ask.solves, messages=msgs)
        brave |= set(res.brave)
        cautious = set(res.cautious) if cautious is None else cautious & set(res.cautious)
        st.final = res
    merged = SolveResult(satisfiable=None if timed_out else True, brave=frozenset(brave),
                         cautious=frozenset(cautious or ()), timed_out=timed_out, stats=stats, messages=msgs)
    tr = TimelineResult(branches, merged, ids, handles, solves=stepper.ask.solves, messages=msgs)
    tr.faces = dict(stepper.faces)
    return tr


def render(tr: TimelineResult) -> list[dict]:
    """The timeline of every branch, for `mtgkb show`."""
    out = []
    for n, st in enumerate(tr.branches, 1):
        out.append({"branch": n, "choices": list(st.choices),
                    "events": [{"cr": cr, "text": t} for cr, t in st.log],
                    "stack": [it.label for it in reversed(st.stack)]})
    return out


def evaluate_block(session, sf, block: Block, rr, *, characteristics: bool = False):
    """Session.evaluate for a block with timeline events -> (RulingResult, Encoded | None,
    SolveResult | None).  The Encoded is the first branch's final state (for `show` and
    explanations); `enc.timeline` carries every branch."""
    from .verdicts import claim_verdict
    from .results import ClaimResult

    find = session.finder(sf, block)
    try:
        tr = evaluate(block, find, session.reference, session.solver, characteristics=characteristics)
    except FactError as e:  # bad input, as Session.encode reports it
        from mtgkb.parser.errors import ParseError
        pos = e.pos or block.pos
        raise ParseError(str(e), pos.file, pos.line, pos.column,
                         expected=("a card of the database or of a card block",)) from None
    except ScenarioError as e:
        pos = e.sentence.pos if e.sentence is not None else block.pos
        rr.error = f"{pos.file}:{pos.line}:{pos.column}: the scenario is impossible ({e})"
        rr.claims = [ClaimResult(c.text, c.pos.line, "error", str(e)) for c in block.expect]
        return rr, None, SolveResult(satisfiable=False)
    res = tr.result
    if tr.bound is not None:
        rr.claims = [ClaimResult(c.text, c.pos.line, "undetermined", f"the timeline was not settled: {tr.bound}")
                     for c, _ in tr.claims]
        return rr, None, res
    if res.satisfiable is False:
        rr.error = f"{sf.path}:{block.pos.line}:1: the scenario is impossible (no outcome satisfies the rules)"
    rr.claims = [claim_verdict(c, Id, res, tr.handles) for c, Id in tr.claims]
    rr.stats = dict(res.stats)
    enc = None
    if tr.branches:
        st = tr.branches[0]
        stepper = Stepper(block, find, session.reference)
        stepper.faces = dict(_faces_seen(tr))
        facts = stepper.facts(st) + log_facts(st)
        claims_enc = []
        for c, Id in tr.claims:
            about: set = set()
            for q in c.queries:
                facts.append(atom("claim", Id, _claim_terms(q, st, stepper, about)))
            for O in sorted(about):
                facts.append(atom("claim_about", Id, O))
            claims_enc.append((c, Id))
        facts += mana.block_facts(facts, stepper.faces)
        objects = {o.handle: _O(o.id) for o in st.objects.values()}
        enc = Encoded(facts=facts, objects=objects, handles={v: k for k, v in objects.items()}, claims=claims_enc,
                      faces=dict(stepper.faces))
        enc.timeline = tr
    return rr, enc, res


def _faces_seen(tr: TimelineResult) -> dict:
    return getattr(tr, "faces", {})
