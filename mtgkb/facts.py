"""AST -> facts as clingo symbols.  User text (names, handles, ability text) only
ever becomes clingo String symbols: it is never program text."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from clingo import Function, Number, String, Symbol

from mtgkb.parser.card_ast import Ability, CardFace
from mtgkb.parser.scenario_ast import Block, Claim, ObjectSpec, Sentence
from mtgkb.parser.terms import Fn, Term

from . import mana, paths
from .symbols import atom, obj, sym

COLOR_LETTERS = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g"}


# ----------------------------------------------------------------------------- cards

def _int_or_star(v: str | None):
    if v is None:
        return None
    v = v.strip()
    if re.fullmatch(r"-?\d+", v):
        return int(v)
    return None  # '*', 'X', '1+*': defined by a CDA or 0 off the stack (208.2)


def face_facts(face: CardFace) -> list[Symbol]:
    """printed(F, V) and ability structure for one face (707.2)."""
    F = String(face.name)
    out = [atom("printed", F, Function("name", [String(face.name)]))]
    for s in face.supertypes:
        out.append(atom("printed", F, Function("supertype", [Function(s.lower())])))
    for t in face.types:
        out.append(atom("printed", F, Function("card_type", [Function(t.lower())])))
    for s in face.subtypes:
        out.append(atom("printed", F, Function("subtype", [String(s)])))
    colors = face.color_indicator
    if colors is None:  # CR 202.2: colors come from the mana cost
        colors = tuple(sorted({c for s in (face.mana_cost.symbols if face.mana_cost else ()) for c in s.split("/")
                               if c in COLOR_LETTERS}))
    for c in colors:
        if c in COLOR_LETTERS:
            out.append(atom("printed", F, Function("color", [Function(COLOR_LETTERS[c])])))
    if face.mana_cost is not None:
        from mtgkb.parser.oracle import mana_symbol_term
        for i, s in enumerate(face.mana_cost.symbols, start=1):
            out.append(atom("printed", F, Function("mana_cost", [Number(i), sym(mana_symbol_term(s))])))
    p, t = _int_or_star(face.power), _int_or_star(face.toughness)
    if face.power is not None:
        out.append(atom("printed", F, Function("power", [Number(p if p is not None else 0)])))
    if face.toughness is not None:
        out.append(atom("printed", F, Function("toughness", [Number(t if t is not None else 0)])))
    lo = _int_or_star(face.loyalty)
    if lo is not None:
        out.append(atom("printed", F, Function("loyalty", [Number(lo)])))
    for i, ab in enumerate(face.abilities, start=1):
        A = Function("ab", [F, Number(i)])
        out.append(atom("printed", F, Function("ability", [A])))
        out += ability_facts(A, ab)
    return out


def guess_kind(text: str) -> str:
    """For unsupported lines: a guess at the kind, so that text we cannot read
    unsettles only what it could affect."""
    t = text.strip()
    if re.match(r"(When|Whenever|At)\b", t):
        return "triggered"
    head = t.split(".")[0]
    if ":" in head and re.match(r"^(\{|[A-Z][^:]{0,80}:)", t) and not t.lower().startswith("as long as"):
        return "activated"
    return "unknown"


_EVENT_HINTS = [
    (re.compile(r"^(When|Whenever) you cast\b", re.I), "cast_you"),
    (re.compile(r"^(When|Whenever)\b[^,]*\bcast\b", re.I), "cast"),
    (re.compile(r"^(When|Whenever)\b[^,]*\b(enters|enter)\b", re.I), "enters"),
    (re.compile(r"^(When|Whenever)\b[^,]*\b(dies|die|leaves|leave)\b", re.I), "leaves"),
    (re.compile(r"^(When|Whenever)\b[^,]*\bdiscard", re.I), "discard"),
    (re.compile(r"^(When|Whenever)\b[^,]*\bactivate", re.I), "activate"),
    (re.compile(r"^At the beginning of\b", re.I), "step"),
    (re.compile(r"^(When|Whenever)\b[^,]*\bturned face up\b", re.I), "face_up"),
]


def guess_event(text: str) -> str | None:
    """For a When/Whenever/At line: a guess at the kind of event its text names, so that a
    trigger rules.lp does not read unsettles only what it could react to (else: any)."""
    t = text.strip()
    if not re.match(r"(When|Whenever|At)\b", t):
        return None
    return next((k for rx, k in _EVENT_HINTS if rx.search(t)), "any")


def ability_facts(A: Symbol, ab: Ability) -> list[Symbol]:
    out = [atom("ability_kind", A, Function(ab.kind)), atom("ability_text", A, String(ab.text))]
    hint = guess_event(ab.text)
    if hint is not None:
        out.append(atom("ability_event_hint", A, Function(hint)))
    if not ab.understood:
        out.append(atom("ability_unsupported", A, Function(guess_kind(ab.text))))
        return out
    for i, c in enumerate(ab.costs, start=1):
        out.append(atom("ability_cost", A, Number(i), sym(c)))
    for i, e in enumerate(ab.effects, start=1):
        out.append(atom("ability_effect", A, Number(i), sym(e)))
    for i, r in enumerate(ab.riders, start=1):
        out.append(atom("ability_rider", A, Number(i), sym(r)))
    if ab.trigger is not None:
        out.append(atom("ability_trigger", A, sym(ab.trigger)))
    if ab.condition is not None:
        out.append(atom("ability_condition", A, sym(ab.condition)))
    out += exception_facts(A, ab.effects)
    return out


def exception_facts(A: Symbol, effects) -> list[Symbol]:
    """Copy exceptions (707.9) come as one `exceptions(item, ...)` term of any length;
    rules.lp reads them one by one as exception_item(A, I, Item)."""
    out: list[Symbol] = []

    def walk(t) -> None:
        if isinstance(t, Fn):
            if t.name == "exceptions":
                for i, item in enumerate(t.args, start=1):
                    out.append(atom("exception_item", A, Number(i), sym(item)))
                return
            for a in t.args:
                walk(a)

    for e in effects:
        walk(e)
    return out


# ----------------------------------------------------------------------------- reference

def _read_list(name: str) -> list[str]:
    text = paths.reference(name).read_text(encoding="utf-8")
    return [l.strip() for l in text.splitlines() if l.strip() and not l.startswith("#")]


def reference_facts() -> list[Symbol]:
    out = []
    for fname, pred in (("creature-types.txt", "creature_type"), ("artifact-types.txt", "artifact_type"),
                        ("enchantment-types.txt", "enchantment_type"), ("land-types.txt", "land_type")):
        out += [atom(pred, String(s)) for s in _read_list(fname)]
        if pred != "land_type":  # CR 111.4: a token's name is its subtypes plus "Token"
            out += [atom("token_name", String(s), String(s + " Token")) for s in _read_list(fname)]
    return out


# ----------------------------------------------------------------------------- scenarios

class FactError(Exception):
    """A scenario that names something the knowledge base does not have."""

    def __init__(self, message: str, pos) -> None:
        super().__init__(message)
        self.pos = pos


@dataclass
class Encoded:
    """Facts of one block plus the tables to read results back."""

    facts: list[Symbol]
    objects: dict[str, Symbol]           # handle -> o(N)
    handles: dict[Symbol, str]           # o(N) -> handle
    claims: list[tuple[Claim, Symbol]]   # claim and its id
    faces: dict[str, CardFace] = field(default_factory=dict)
    origins: dict[int, tuple[int, str]] = field(default_factory=dict)  # timestamp -> (line, sentence)


def encode_block(block: Block, find_face) -> Encoded:
    """`find_face(name)` returns a CardFace or None."""
    facts: list[Symbol] = []
    objects: dict[str, Symbol] = {}
    faces: dict[str, CardFace] = {}
    players: list[str] = []
    active = None
    ts = 0

    def need_face(name: str, pos) -> CardFace:
        if name in faces:
            return faces[name]
        face = find_face(name)
        if face is None:
            raise FactError(f"unknown card {name!r}: not in this file nor in the card database", pos)
        faces[name] = face
        return face

    def add_player(p: str) -> None:
        if p not in players:
            players.append(p)

    def new_object(handle: str) -> Symbol:
        O = obj(len(objects) + 1)
        objects[handle] = O
        facts.append(atom("object", O))
        facts.append(atom("handle", O, String(handle)))
        return O

    origins: dict[int, tuple[int, str]] = {}
    for s in block.given:
        if s.kind == "controls":
            p = s.args["player"]
            add_player(p)
            for spec in s.args["objects"]:
                ts += 1
                O = new_object(spec.handle)
                facts += _object_facts(O, spec, p, ts, need_face, objects)
        elif s.kind == "in_zone":
            p = s.args["player"]
            add_player(p)
            handle = s.args["object"]
            if handle in objects:
                raise FactError(f"{handle!r} is already in the game; moving objects is an event", s.pos)
            ts += 1
            O = new_object(handle)
            need_face(s.args["card"], s.pos)
            facts += [atom("from_card", O, String(s.args["card"])), atom("zone", O, Function(s.args["zone"])),
                      atom("owner", O, String(p)), atom("timestamp", O, Number(ts))]
        elif s.kind == "status":
            O = objects[s.args["object"]]
            if s.args["tapped"]:
                facts.append(atom("tapped", O))
            else:
                facts = [f for f in facts if not (f.name == "tapped" and f.arguments[0] == O)]
        elif s.kind == "turn":
            add_player(s.args["player"])
            active = s.args["player"]
        elif s.kind == "enters":
            p = s.args["player"]
            add_player(p)
            ts += 1
            handle = s.args["object"]
            face = need_face(s.args["card"], s.pos)
            if s.args["moved"]:
                # CR 400.7: a new object; the handle follows the card
                O = objects[handle]
                facts = [f for f in facts if not (f.name in ("zone", "owner", "timestamp", "controller")
                                                  and f.arguments[0] == O)]
            else:
                O = new_object(handle)
                facts.append(atom("from_card", O, String(s.args["card"])))
            facts += [atom("zone", O, Function("battlefield")), atom("controller", O, String(p)),
                      atom("owner", O, String(p)), atom("timestamp", O, Number(ts))]
            for v in s.args.get("choices", ()):
                facts.append(atom("chosen", O, sym(v)))  # 614.12: a choice made as it entered
            if s.args["copy_of"] is not None:
                src = objects[s.args["copy_of"]]
                facts.append(atom("copy_effect", O, src, Number(ts)))
                for i in range(1, len(face.abilities) + 1):
                    facts.append(atom("copy_ability", O, Function("ab", [String(face.name), Number(i)])))
        elif s.kind == "effect":
            ts += 1
            origins[ts] = (s.pos.line, s.text)
            O = objects[s.args["object"]]
            for e in s.args["effects"]:
                facts.append(atom("cont", Number(ts), O, sym(e)))
        elif s.kind in mana.MANA_SENTENCES:
            add_player(s.args["player"])
            facts += mana.sentence_facts(s)
        else:
            raise FactError(f"sentence kind {s.kind!r} has no facts yet", s.pos)

    for p in players:
        facts.append(atom("player", String(p)))
    if players:
        facts.append(atom("active_player", String(active or players[0])))
    for name, face in faces.items():
        facts += face_facts(face)

    claims = []
    for i, c in enumerate(block.expect, start=1):
        Id = Number(i)
        about = set()
        for q in c.queries:
            s_q = _resolve_handles(q, objects, about)
            facts.append(atom("claim", Id, s_q))
        for O in sorted(about):
            facts.append(atom("claim_about", Id, O))
        claims.append((c, Id))
    facts += mana.block_facts(facts, faces)
    facts += entered_facts(block, objects, faces)
    return Encoded(facts=facts, objects=objects, handles={v: k for k, v in objects.items()}, claims=claims,
                   faces=faces, origins=origins)


def _resolve_handles(q: Term, objects: dict[str, Symbol], about: set) -> Symbol:
    if isinstance(q, Fn) and q.name == "h" and len(q.args) == 1:
        O = objects[q.args[0]]
        about.add(O)
        return O
    if isinstance(q, Fn):
        return Function(q.name, [_resolve_handles(a, objects, about) for a in q.args])
    return sym(q)


def _object_facts(O: Symbol, spec: ObjectSpec, player: str, ts: int, need_face, objects) -> list[Symbol]:
    out = [atom("zone", O, Function("battlefield")), atom("controller", O, String(player)),
           atom("owner", O, String(player)), atom("timestamp", O, Number(ts))]
    if spec.card is not None:
        need_face(spec.card, spec.pos)
        if spec.token:
            out.append(atom("token_copy_of_card", O, String(spec.card)))
        else:
            out.append(atom("from_card", O, String(spec.card)))
    if spec.token:
        out.append(atom("token", O))
        for v in spec.token_values:
            out.append(atom("token_value", O, sym(v)))
    for kind, n in spec.counters:
        if n > 0:
            out.append(atom("counter", O, String(kind), Number(n)))
    if spec.attached_to is not None:
        out.append(atom("attached", O, objects[spec.attached_to]))
    if spec.came_this_turn:
        out.append(atom("came_under_control_this_turn", O))
    if spec.tapped:
        out.append(atom("tapped", O))
    if spec.face_down:
        out.append(atom("face_down", O))
    return out


# ----------------------------------------------------------------------------- timeline (issue 6)

def entered_facts(block: Block, objects: dict[str, Symbol], faces: dict[str, CardFace]) -> list[Symbol]:
    """Objects that entered the battlefield by an `enters` sentence (tl_entered/1), so that
    "enters with" replacements (614.1c) apply to them also in a block without timeline events."""
    return [atom("tl_entered", objects[s.args["object"]]) for s in block.given if s.kind == "enters"]

