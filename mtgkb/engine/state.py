"""The game state the stepper keeps, and its one encoder as facts (clingo symbols).

Objects with zone, owner, controller, timestamp, status, counters, copy effects and
token values; continuous effects with timestamps; the stack.  A zone change makes a new
object (400.7): a handle follows the card to its newest object."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from functools import lru_cache

from clingo import Function, Number, String, Symbol

from ..symbols import atom, obj
from .mana_state import ADDED_GROUP_BASE, Spent, pool_facts, spent_facts, spent_log_facts
from .turn_facts import turn_facts
from .zone_state import Zones, zone_facts


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
    copy_effects: list = field(default_factory=list)   # (source id, ts, face name, copied values)
    entered: bool = False            # entered the battlefield during the timeline
    spell_x: int | None = None       # X of the spell that became it (107.3m)
    face_down: bool = False          # CR 708.2
    special_x: int | None = None     # X chosen as a special action was taken with it (107.3d, 702.37f)
    chosen: tuple = ()               # choices made as it entered (614.12): symbols
    damage: int = 0                  # damage marked on it (120.3e, 120.6); a new object has none (400.7)
    deathtouch_damage: bool = False  # dealt damage by a source with deathtouch since state-based actions were last checked (704.5h)
    spell_copy: bool = False         # a copy of a spell on the stack (707.10): not a card, ceases to exist off the stack
    unknown: bool = False            # an unknown card: no sentence knows its name (engine/zone_state.py)
    cast: tuple = ()                 # the spell it was, if it was cast (601.2a, 608.3): (caster, zone it was cast
                                     # from, kicked (702.33d), mana spent (Spent, 601.2h)); () when it was not cast


@dataclass
class Item:
    id: int
    kind: str                         # spell | triggered | activated
    source: int                       # object id (the spell itself for a spell)
    source_handle: str
    controller: str
    abilities: tuple                  # ability symbols ab(F, i)
    targets: tuple = ()               # object ids (int) or player names (str)
    slots: tuple = ()                 # the target slot of each target (symbols sl(A, K), 115.3), once chosen
    x: int | None = None
    ref_spell: int | None = None      # the item of the spell that made it trigger
    ref_targets: tuple | None = None  # that spell's targets when it left the stack
    chosen: int | None = None
    value: tuple | None = None        # a value chosen as it resolves, as the scenario names it: (kind, value) (608.2d)
    label: str = ""
    lki: tuple = ()                   # counters on the source as it last existed: (kind, n) (603.10a)
    lki_keywords: tuple | None = None  # damage keywords of the source as it last existed (608.2h), if known
    lki_pt: tuple | None = None        # (power, toughness) of the source as it left the battlefield, () if it had
                                      # none; None: it did not trigger on its source leaving (603.10a, 608.2h)
    cast_from: str | None = None      # the zone a spell was cast from (601.2a); None: not cast (a copy, 707.10)
    free: bool = False                # cast without paying its mana cost (118.9)
    kicked: bool = False              # its kicker cost was paid (702.33d)
    spent: Spent | None = None        # the mana spent to cast it (601.2h); a copy spent none (707.10)
    target_watched: bool = False      # a trigger may watch its targets being chosen (603.3d, triggers.lp)
    division: tuple = ()              # damage divided among the targets, in their order (601.2d), if named
    exile_leaving: bool = False       # cast with flashback or jump-start: exiled as it leaves the stack (702.34a)
    cost_paid: tuple = ()             # (sacrifice | discard | reveal, object id) that paid its additional cost (601.2h)
    cast_seen: tuple = ()             # what was true as it was cast, symbols (tl_cast_seen/2: cost_several.lp)
    paid: tuple | None = None         # the costs its controller chose to pay as it resolves, ((A, N), ...) (118.12,
                                      # 608.2d); None: not decided yet (mtgkb/rules/may_pay.lp)
    resumed: tuple | None = None      # (St, carried): the steps up to St are done, resolving in parts (608.2c, 111.1:
                                      # mtgkb/rules/order_new_tokens.lp); None: it has not begun to resolve


@dataclass
class State:
    objects: dict = field(default_factory=dict)     # id -> Obj (objects that exist now)
    handles: dict = field(default_factory=dict)     # handle -> id of its newest object
    gone: dict = field(default_factory=dict)        # id -> handle, objects that left (last known handle)
    became: dict = field(default_factory=dict)      # id -> id of the new object it became (400.7e)
    conts: list = field(default_factory=list)       # (ts, id, effect symbol, duration): duration is
                                                    # "end_of_turn" (514.2), "end_of_combat" (511.2)
                                                    # or "indefinite" (611.2a)
    stack: list = field(default_factory=list)       # Items, bottom first
    players: list = field(default_factory=list)
    active: str | None = None
    step: str | None = None                         # the current step or phase (500.1), when a sentence said it
    static_facts: list = field(default_factory=list)
    ts: int = 0
    next_obj: int = 0
    next_item: int = 0
    log: list = field(default_factory=list)         # (CR, text) lines for `mtgkb show`
    trig_log: list = field(default_factory=list)    # (handle, ability symbol)
    resolved: list = field(default_factory=list)    # reference symbols in order
    resolved_items: list = field(default_factory=list)  # the stack items that resolved, in order (608.2)
    named: list = field(default_factory=list)       # ids of the resolved items a resolve sentence has named
    copies: list = field(default_factory=list)      # (token id, handle of what it copies)
    copy_cards: dict = field(default_factory=dict)  # handle of a token copy -> the card whose abilities it has
    tokens: list = field(default_factory=list)      # token ids created
    unsure: list = field(default_factory=list)      # abilities that may have done something unread
    choices: list = field(default_factory=list)     # what this branch chose
    pending: list = field(default_factory=list)     # triggered, not yet on the stack (603.3)
    origins: dict = field(default_factory=dict)     # timestamp -> (line, sentence) of a scenario effect
    sba_log: list = field(default_factory=list)     # (handle, CR rule) of each state-based action performed
    life: dict = field(default_factory=dict)        # player -> life total (119.1); STARTING_LIFE unless set
    poison: dict = field(default_factory=dict)      # player -> poison counters (122.1f)
    energy: dict = field(default_factory=dict)      # player -> energy counters (107.14, 122.1)
    lost: list = field(default_factory=list)        # players who have lost the game (104.3, 704.5a, 704.5c)
    to_gy: list = field(default_factory=list)       # handles of permanents an effect put into a graveyard (700.4, 701.21a)
    pool: list = field(default_factory=list)        # PoolMana: each player's mana pool (106.4)
    next_group: int = ADDED_GROUP_BASE              # the group number of the next mana added (mana_state)
    spent_log: dict = field(default_factory=dict)   # handle of a spell cast -> Spent (601.2h), for claims
    cost_moves: list = field(default_factory=list)  # (sacrifice | discard, object id) a payment still has to make
    died: list = field(default_factory=list)        # (object id, subtype symbol or `creature`) of creatures that
                                                    # died this turn (700.4)
    life_lost: list = field(default_factory=list)   # players who lost life this turn (119.3)
    shields: list = field(default_factory=list)     # prevention shields (615.7): [number, to(T), amount left, turn]
    regen: list = field(default_factory=list)       # regeneration shields (701.19a): [number, object id, turn, used]
    history_known: bool = False                     # died / life_lost hold the whole turn so far: the turn began
                                                    # in the scenario, or it says nothing happened before it
    spells_cast: int = 0                            # spells cast this turn (601.2i; storm, 702.40a)
    spells_cast_by: dict = field(default_factory=dict)   # player -> spells they cast this turn (601.2i)
    # turn structure and combat (mtgkb/engine/turn.py, combat.py; encoded by turn_facts.py)
    turn: int = 1                                   # the turn number (500.1)
    attacking: dict = field(default_factory=dict)   # attacking creature id -> the player it attacks (508.1)
    blocking: dict = field(default_factory=dict)    # blocking creature id -> the attacker it blocks (509.1)
    blocked: list = field(default_factory=list)     # attackers that became blocked this combat (509.1h)
    open_blocks: list = field(default_factory=list) # (blocker id, attacker id): the declaration being said (509.1)
    combat: dict = field(default_factory=dict)      # this combat's progress: "attackers_declared",
                                                    # "blocks_declared", "first_strike" (ids in the first
                                                    # combat damage step, 702.7b), "damage_done"
    cleanup_again: bool = False                     # 514.3a: another cleanup step follows this one
    extra_turns: list = field(default_factory=list) # players of the extra turns added after this one, the next
                                                    # first (500.7: the most recently created is taken first)
    turn_base: str | None = None                    # the player of the last turn that was not an extra one
    delayed: list = field(default_factory=list)     # delayed triggered abilities not yet triggered (603.7):
                                                    # (number, ability symbol dl(A, I), step, controller, source id)
    delayed_objs: dict = field(default_factory=dict)  # the objects a delayed triggered ability acts on, fixed
                                                    # as it was made (603.7c): number -> (object ids, follow:
                                                    # the permanents those cards became, 400.7)
    zones: Zones = field(default_factory=Zones)     # libraries in order, stated hands (engine/zone_state.py)

    def clone(self) -> "State":
        return copy.deepcopy(self)

    # -- objects
    def fresh_handle(self, base: str) -> str:
        """A handle no object has had: `base`, then `base #2`, `base #3`, ... (tokens and copies a sentence
        names by their handle)."""
        n = sum(1 for h in list(self.handles) + list(self.gone.values()) if h == base or h.startswith(base + " #"))
        return base if n == 0 else f"{base} #{n + 1}"

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
                if it.exile_leaving:
                    # CR 702.34a, 702.133a: rules.lp said (tl_cast_exiled/1) it is exiled instead of going anywhere else
                    zone = "exile"
                for other in self.stack:
                    if other.ref_spell == it.id and other.ref_targets is None:
                        other.ref_targets = it.targets
        if o.token and zone != "battlefield":
            self.handles.pop(o.handle, None)
            return None
        if o.spell_copy and zone != "battlefield":
            # CR 707.10a, 704.5e: a copy of a spell that leaves the stack ceases to exist
            self.handles.pop(o.handle, None)
            return None
        # CR 608.3f, 707.10f: a copy of a permanent spell that resolves becomes a token
        new = self.new_obj(o.handle, card=o.card, zone=zone, owner=o.owner, controller=controller,
                           token=o.token or o.spell_copy, token_values=o.token_values,
                           token_copy_of_card=o.token_copy_of_card or (o.card if o.spell_copy else None),
                           unknown=o.unknown)
        self.became[oid] = new.id
        return new

    def name_of(self, oid) -> str:
        if isinstance(oid, str):
            return oid
        if oid in self.objects:
            return self.objects[oid].handle
        return self.gone.get(oid, f"object {oid}") + " (gone)"

    def item_of(self, iid: int) -> Item | None:
        return next((it for it in self.stack if it.id == iid), None)

    def bore(self, handle: str) -> set:
        """The ids of the objects that have borne this handle: the card's objects across its zone
        changes (400.7), never another object of the same name (it has a handle of its own)."""
        return {i for i, h in self.gone.items() if h == handle} | ({self.handles[handle]} if handle in self.handles else set())


# CR 103.4: each player begins a (two-player) game with 20 life; a scenario that does not say
# a player's life total means this one
STARTING_LIFE = 20


def item_sym(i: int) -> Symbol:
    """The stack item i(N)."""
    return Function("i", [Number(i)])


def target_sym(t) -> Symbol:
    """A target: an object id, or a player's name."""
    return String(t) if isinstance(t, str) else obj(t)


def state_facts(st: State, stack: bool = True) -> list[Symbol]:
    """The state as facts (`stack=False`: without the items on the stack)."""
    out = list(st.static_facts)
    for p in st.players:
        out.append(atom("player", String(p)))
        out.append(atom("life_total", String(p), Number(st.life.get(p, STARTING_LIFE))))
        if st.poison.get(p, 0) > 0:
            out.append(atom("poison", String(p), Number(st.poison[p])))
        if st.energy.get(p, 0) > 0:
            out.append(atom("energy", String(p), Number(st.energy[p])))
        if p in st.lost:
            out.append(atom("lost_game", String(p)))
    if st.players:
        out.append(atom("active_player", String(st.active or st.players[0])))
    if st.step is not None:
        out.append(atom("current_step", Function(st.step)))
    out += pool_facts(st.pool)
    # CR 400.7e: the new object an object that moved became (while that one still exists)
    out += [_became(a, b) for a, b in sorted(st.became.items()) if b in st.objects]
    for o in st.objects.values():
        out += object_facts(st, o)
    for ts, oid, e, _duration in st.conts:
        if oid in st.objects:
            out.append(atom("cont", Number(ts), obj(oid), e))
    out += turn_facts(st)
    out += [atom("died_this_turn", obj(o), x) for o, x in st.died]
    out += [atom("lost_life_this_turn", String(p)) for p in st.life_lost]
    # CR 615.7: a shield not used up (mtgkb/rules/prevention_shields.lp)
    out += [atom("prevention_shield", Number(n), f, Number(left), Number(t)) for n, f, left, t in st.shields if left > 0]
    # CR 701.19a: a regeneration shield not used, on the object it was made for (mtgkb/rules/regeneration.lp)
    out += [atom("regeneration_shield", Number(n), obj(o), Number(t)) for n, o, t, used in st.regen
            if not used and o in st.objects]
    if st.history_known:
        out.append(atom("turn_history_known"))   # CR 500.1: what happened this turn is all known
    if stack:
        for it in st.stack:
            out += item_facts(st, it)
    return out + zone_facts(st)


@lru_cache(maxsize=8192)
def _became(a: int, b: int) -> Symbol:
    return atom("became", obj(a), obj(b))


_object_facts_kept: dict = {}
OBJECT_FACTS_KEPT = 50_000   # encodings remembered before the table starts again


def _frozen(v):
    if type(v) is dict:
        return tuple(sorted(v.items()))
    if type(v) is list:
        return tuple(v)
    return v


def object_facts(st: State, o: Obj) -> tuple:
    """The facts of one object.  They are a function of its fields (and of whether what it is
    attached to still exists), so they are encoded once and read back: a state's objects are
    encoded again at every step of a timeline, most of them unchanged."""
    key = (o.attached is not None and o.attached in st.objects,) + tuple(_frozen(v) for v in vars(o).values())
    got = _object_facts_kept.get(key)
    if got is None:
        if len(_object_facts_kept) > OBJECT_FACTS_KEPT:
            _object_facts_kept.clear()
        got = _object_facts_kept[key] = tuple(_encode_object(st, o))
    return got


def _encode_object(st: State, o: Obj) -> list[Symbol]:
    out: list[Symbol] = []
    O = obj(o.id)
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
        out.append(atom("attached", O, obj(o.attached)))
    if o.came_this_turn:
        out.append(atom("came_under_control_this_turn", O))
    for src, ts, face, values in o.copy_effects:
        # CR 707.2b: the values copied were locked in as the copy effect began
        out.append(atom("copy_effect", O, obj(src), Number(ts)))
        out += [atom("copied_value", O, Number(ts), v) for v in values]
    if o.entered:
        out.append(atom("tl_entered", O))
    if o.spell_x is not None:
        out.append(atom("tl_spell_x", O, Number(o.spell_x)))
    if o.face_down and o.zone == "battlefield":
        out.append(atom("face_down", O))
    if o.special_x is not None:
        out.append(atom("tl_special_x", O, Number(o.special_x)))
    out += [atom("chosen", O, v) for v in o.chosen]
    if o.damage > 0 and o.zone == "battlefield":
        out.append(atom("damage_marked", O, Number(o.damage)))
    if o.deathtouch_damage and o.zone == "battlefield":
        out.append(atom("deathtouch_damaged", O))
    if o.spell_copy:
        out.append(atom("spell_copy", O))
    if o.cast and o.zone == "battlefield":
        out += cast_record_facts(O, *o.cast)
    return out


_item_facts_kept: dict = {}
ITEM_FACTS_KEPT = 20_000   # encodings remembered before the table starts again


def item_facts(st: State, it: Item) -> list[Symbol]:
    """The facts of a stack item.  An item's facts are a function of its fields and of the
    targets of the spell it refers to, so they are encoded once and read back (a state's
    stack is encoded again at every step of a timeline)."""
    spell = st.item_of(it.ref_spell) if it.ref_spell is not None else None
    key = (tuple(vars(it).values()), spell.targets if spell is not None else None)
    got = _item_facts_kept.get(key)
    if got is None:
        if len(_item_facts_kept) > ITEM_FACTS_KEPT:
            _item_facts_kept.clear()
        got = _item_facts_kept[key] = tuple(_encode_item(it, spell))
    return list(got)


def _encode_item(it: Item, spell: Item | None) -> list[Symbol]:
    I = item_sym(it.id)
    out = [atom("tl_item", I, Function(it.kind), obj(it.source), String(it.controller))]
    out += [atom("tl_item_ab", I, A) for A in it.abilities]
    out += [atom("tl_target", I, target_sym(t)) for t in it.targets]
    if it.slots:
        out += [atom("tl_slot_target", I, sl, target_sym(t)) for sl, t in zip(it.slots, it.targets)]
    else:
        # CR 601.2c: the targets a sentence names, in order, until they are put in their slots
        out += [atom("tl_named_target", I, Number(n), target_sym(t)) for n, t in enumerate(it.targets, 1)]
    if it.division:
        # CR 601.2d: the damage each target is dealt, as the cast sentence divides it
        out += [atom("tl_item_division", I, target_sym(t), Number(d)) for t, d in zip(it.targets, it.division)]
        out.append(atom("tl_item_division_parts", I, Number(len(it.division))))
    if it.x is not None:
        out.append(atom("tl_item_x", I, Number(it.x)))
    if it.ref_spell is not None:
        # Orvar ruling: the spell's targets now, or as they were when it left the stack
        tg = spell.targets if spell is not None else (it.ref_targets or ())
        out += [atom("tl_ref_target", I, target_sym(t)) for t in tg if not isinstance(t, str)]
    if it.chosen is not None:
        out.append(atom("tl_chosen", I, obj(it.chosen)))
    if it.value is not None:
        # CR 608.2d: the color (105.1) or creature type (205.3m) the scenario says is chosen as it resolves
        kind, v = it.value
        out.append(atom("tl_chosen_value", I, Function(kind, [Function(v) if kind == "color" else String(v)])))
    out += [atom("tl_item_lki", I, String(k), Number(n)) for k, n in it.lki]
    if it.lki_pt is not None:
        out.append(atom("tl_item_lki_left", I))
        out += [atom("tl_item_lki_pt", I, Number(it.lki_pt[0]), Number(it.lki_pt[1]))] if it.lki_pt else []
    if it.lki_keywords is not None:
        out.append(atom("tl_item_lki_known", I))
        out += [atom("tl_item_lki_kw", I, Function(k)) for k in it.lki_keywords]
    if it.cast_from is not None:
        out.append(atom("tl_cast_from", I, Function(it.cast_from)))
    if it.free:
        out.append(atom("tl_cast_free", I))
    if it.kicked:
        out.append(atom("tl_kicked", I))
    if it.kind == "spell" and it.cast_from is None:
        out.append(atom("tl_spell_copy", I))
    if it.spent is not None:
        out += spent_facts(I, it.spent)
    # CR 601.2h, 608.2c: what paid its additional cost (counted by "for each creature sacrificed this way")
    out += [atom("tl_cast_paid", I, Function(w), obj(o)) for w, o in it.cost_paid]
    out += [atom("tl_cast_seen", I, w) for w in it.cast_seen]
    if it.paid is not None:
        out.append(atom("tl_may_pay_decided", I))
        out += [atom("tl_may_paid", I, A, N) for A, N in it.paid]
    if it.resumed is not None:
        # CR 608.2c, 111.1: a resolution asked in parts: the steps up to St were done (order_new_tokens.lp)
        out.append(atom("tl_steps_after", I, it.resumed[0]))
        out += [atom("tl_carried", I, f) for f in it.resumed[1]]
    return out


def cast_record_facts(O: Symbol, caster: str, origin: str, kicked: bool, spent: Spent | None) -> list[Symbol]:
    """How the spell a permanent was had been cast (601.2a, 702.33d, 601.2h): tl_perm_cast(O, Caster, Zone),
    tl_perm_kicked(O), tl_perm_spent_known(O), tl_perm_spent(O, T, N) per settled type,
    tl_perm_spent_open(O, N)."""
    out = [atom("tl_perm_cast", O, String(caster), Function(origin))]
    if kicked:
        out.append(atom("tl_perm_kicked", O))
    if spent is not None:
        out.append(atom("tl_perm_spent_known", O))
        out += [atom("tl_perm_spent", O, Function(t), Number(n)) for t, n in spent.types if n]
        if spent.open:
            out.append(atom("tl_perm_spent_open", O, Number(spent.open)))
    return out


def log_facts(st: State) -> list[Symbol]:
    out = [atom("tl_log_trig", String(h), A) for h, A in st.trig_log]
    out += [atom("tl_log_resolved", r, Number(n)) for n, r in enumerate(st.resolved, 1)]
    # what is still on the stack, bottom first (the top resolves first, 405.5)
    out += [atom("tl_log_stack", Function("obj", [String(it.source_handle)]) if it.kind == "spell" else
                 Function("ab", [String(it.source_handle), it.abilities[0] if it.abilities else Function("none")]),
                 Number(n)) for n, it in enumerate(st.stack, 1)]
    out += [atom("tl_log_copy", obj(t), String(h)) for t, h in st.copies if t in st.objects]
    out += [atom("tl_log_token", obj(t)) for t in st.tokens]
    out += [atom("tl_unsure_any", A) for A in sorted(set(st.unsure), key=str)]
    out += [atom("tl_log_sba", String(h), String(r)) for h, r in st.sba_log]
    out += [atom("tl_log_to_gy", String(h)) for h in st.to_gy]
    for h, spent in sorted(st.spent_log.items()):
        out += spent_log_facts(h, spent)
    return out


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
