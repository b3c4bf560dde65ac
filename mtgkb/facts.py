"""Card faces and reference lists -> facts as clingo symbols.  User text (names, ability
text) only ever becomes clingo String symbols: it is never program text.  The state of a
scenario is encoded by the engine (mtgkb/engine/state.py), the one encoder of state facts."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from clingo import Function, Number, String, Symbol

from mtgkb.parser.card_ast import Ability, CardFace
from mtgkb.parser.scenario_ast import Claim
from mtgkb.parser.mana_symbols import mana_symbol_term
from mtgkb.parser.terms import Fn

from .quoted_facts import quoted_facts
from .symbols import atom, sym

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
    if t.startswith("•"):
        return "mode"   # CR 700.2: a mode of a modal spell or ability, done only when chosen
    if re.match(r"(When|Whenever|At)\b", t):
        return "triggered"
    # a colon inside quotes (a granted ability, closed or not) is no cost of this one
    head = re.sub(r'"[^"]*(?:"|$)', '""', t).split(".")[0]
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


_CAST_HINTS = [(re.compile(r"\b(costs?|cast|casting|spend|spent|pay|paid|additional|alternative|rather than)\b",
                            re.I), "cost"),
               (re.compile(r"\btargets?\b", re.I), "target")]


def cast_hints(text: str) -> list[str]:
    """What a line's words name of casting: costs (cost) and targets (target), so that such text,
    when rules.lp does not read it, leaves a cast of its card -- or whether it can be cast --
    undetermined (601.3, 601.2c, 601.2f; mtgkb/rules/casting.lp)."""
    t = re.sub(r"\([^)]*\)", "", text)
    return [k for rx, k in _CAST_HINTS if rx.search(t)]


def ability_signature(ab: Ability) -> Symbol:
    """What an understood ability means, as one term: its costs, trigger, condition, effects
    and riders (a spell's text and a static ability's are both "plain": which one a line is
    depends on its card's types).  Two wordings with one meaning have one signature."""
    kind = "plain" if ab.kind in ("spell", "static") else ab.kind
    none = Function("none")
    return Function("sig", [Function(kind), Function("", [sym(c) for c in ab.costs]),
                            sym(ab.trigger) if ab.trigger is not None else none,
                            sym(ab.condition) if ab.condition is not None else none,
                            Function("", [sym(e) for e in ab.effects]), Function("", [sym(r) for r in ab.riders])])


def ability_facts(A: Symbol, ab: Ability) -> list[Symbol]:
    out = [atom("ability_kind", A, Function(ab.kind)), atom("ability_text", A, String(ab.text))]
    hint = guess_event(ab.text)
    if hint is not None:
        out.append(atom("ability_event_hint", A, Function(hint)))
    out += [atom("ability_cast_hint", A, Function(k)) for k in cast_hints(ab.text)]
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
    out.append(atom("ability_sig", A, ability_signature(ab)))
    out += exception_facts(A, ab.effects)
    out += quoted_facts(A, ab.effects)
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


# ----------------------------------------------------------------------------- scenarios

class FactError(Exception):
    """Bad input in a scenario: a name the knowledge base does not have, or a choice that
    nothing in the rules asks for (what was expected is said in `expected`)."""

    def __init__(self, message: str, pos, expected: tuple = ("a card of the database or of a card block",),
                 violations: tuple = ()) -> None:
        super().__init__(message)
        self.pos = pos
        self.expected = expected
        self.violations = tuple(violations)   # the rules' violations (violated/2) it comes from, if any


@dataclass
class Encoded:
    """Facts of one block plus the tables to read results back."""

    facts: list[Symbol]
    objects: dict[str, Symbol]           # handle -> o(N)
    handles: dict[Symbol, str]           # o(N) -> handle
    claims: list[tuple[Claim, Symbol]]   # claim and its id
    faces: dict[str, CardFace] = field(default_factory=dict)
    origins: dict[int, tuple[int, str]] = field(default_factory=dict)  # timestamp -> (line, sentence)
