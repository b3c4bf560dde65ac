"""How much of a card database the Oracle grammar understands, and how much of it
rules.lp applies.

`coverage(cards)` returns the `mtgkb.coverage/1` document:

    {"schema": "mtgkb.coverage/1", "cards": N, "fully_understood": N,
     "abilities": N, "understood_abilities": N,
     "unsupported_top": [{"text": S, "count": N}, ...],
     "categories": {"changeling": {...}, "snow": {...}, "copy": {...}},
     "mana_abilities": {"lines": N, "understood": N},
     "by_kind": {"mana": N, ...},
     "applied": {"abilities": N, "cards_fully_applied": N, "by_kind": {K: {"abilities": N,
                 "understood": N, "applied": N}}, "chunks": N, "timed_out_chunks": N, "seconds": S}}

`applied` (only with `applied=True`) comes from rules.lp itself: the faces' facts are
grounded with the whole program (rules.lp + mtgkb/rules/*.lp) in chunks of faces, each
solved with a time limit, and an ability is applied when the program derives applied(A)
(mtgkb/rules/meaning.lp); every other ability is unread.  A chunk that runs out of time
counts its abilities as unread.

An ability is understood when the grammar turned it into structured terms; a card
is fully understood when every ability of every face is.  Unsupported lines are
grouped by a *template*: the line with numbers, mana symbols and the card's own
name replaced by placeholders, so that one missing form counts once per card.

The category classifiers work on the card text itself, not on the parse, so a
line the grammar fails on still counts against its category.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from typing import Iterable

from clingo import Function, Number, String, Symbol

from mtgkb.parser.card_ast import Ability, Card, CardFace

from . import facts, mana, paths
from .program import ground_all, load, new_control
from .reference import reference_facts

SCHEMA = "mtgkb.coverage/1"

_REMINDER = re.compile(r"\s*\([^()]*\)")
_COPY = re.compile(r"as a copy of|that's a copy of|becomes a copy of", re.I)


def _raw_text(card: Card) -> str:
    return "\n".join(a.text for f in card.faces for a in f.abilities)


def is_changeling(card: Card) -> bool:
    """Changeling (702.73) or "every creature type" anywhere in its text."""
    t = _raw_text(card)
    return bool(re.search(r"\bchangeling\b|every creature type", t, re.I))


def is_snow(card: Card) -> bool:
    """Snow supertype, {S} in its cost or text, or the word "snow" in its text (205.4g, 107.4h)."""
    for f in card.faces:
        if "Snow" in f.supertypes:
            return True
        if f.mana_cost is not None and "S" in f.mana_cost.symbols:
            return True
    t = _raw_text(card)
    return bool(re.search(r"\{S\}|\bsnow\b", t, re.I))


def is_copy(card: Card) -> bool:
    """Cards that make copies of permanents (707): "as a copy of", "that's a copy of",
    "becomes a copy of" (reminder text included)."""
    return bool(_COPY.search(_raw_text(card)))


_MANA_ADD = re.compile(r"\badds?\b", re.I)


def is_mana_ability_line(text: str) -> bool:
    """A line that is a mana ability by CR 605.1, judged from its text alone:
    an activated ability ("cost: effect", not a loyalty ability) whose effect could
    add mana and has no target (605.1a), or a triggered ability that triggers from
    a mana ability ("tapped for mana", "taps ... for mana") and adds mana (605.1b)."""
    t = _REMINDER.sub("", text).strip()
    if t.startswith("["):
        return False
    head, sep, effect = _split_cost(t)
    if sep and _MANA_ADD.search(effect) and "target" not in effect.lower():
        return True
    if re.match(r"(When|Whenever)\b", t) and re.search(r"for mana", t) and _MANA_ADD.search(t.split(",", 1)[-1]) \
            and "target" not in t.lower():
        return True
    return False


def _split_cost(t: str) -> tuple[str, bool, str]:
    quoted = False
    for i, ch in enumerate(t):
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted:
            return t[:i], True, t[i + 1:]
        elif ch == "." and not quoted:
            break
    return t, False, ""


def _template(ab: Ability, face: CardFace) -> str:
    """The unsupported line as a template: reminder text gone, the card's name "~",
    numbers "N", mana symbols "{M}"."""
    from mtgkb.parser.oracle import normalise
    t = normalise(ab.text, face.name, face.supertypes)
    t = re.sub(r"\{[^}]+\}", "{M}", t)
    t = re.sub(r"(?<![\w])[+-]?\d+(?![\w])", "N", t)
    return t


def fully_understood(card: Card) -> bool:
    return all(a.understood for f in card.faces for a in f.abilities)


def coverage(cards: Iterable[Card], *, top: int = 25, applied: bool = False) -> dict:
    cards = list(cards)
    n_cards = n_full = n_ab = n_und = 0
    unsupported: Counter[str] = Counter()
    cats = {name: [0, 0] for name in ("changeling", "snow", "copy")}
    mana_lines = mana_und = 0
    by_kind: Counter[str] = Counter()
    for card in cards:
        n_cards += 1
        full = fully_understood(card)
        n_full += full
        seen: set[str] = set()
        for face in card.faces:
            for ab in face.abilities:
                n_ab += 1
                n_und += ab.understood
                by_kind[ab.kind] += 1
                if is_mana_ability_line(ab.text):
                    mana_lines += 1
                    mana_und += ab.understood
                if not ab.understood:
                    t = _template(ab, face)
                    if t not in seen:
                        seen.add(t)
                        unsupported[t] += 1
        for name, pred in (("changeling", is_changeling), ("snow", is_snow), ("copy", is_copy)):
            if pred(card):
                cats[name][0] += 1
                cats[name][1] += full
    doc = {
        "schema": SCHEMA,
        "cards": n_cards,
        "fully_understood": n_full,
        "abilities": n_ab,
        "understood_abilities": n_und,
        "unsupported_top": [{"text": t, "count": c}
                            for t, c in sorted(unsupported.items(), key=lambda kv: (-kv[1], kv[0]))[:top]],
        "categories": {k: {"cards": v[0], "fully_understood": v[1],
                           "percent": round(100.0 * v[1] / v[0], 2) if v[0] else 100.0}
                       for k, v in cats.items()},
        "mana_abilities": {"lines": mana_lines, "understood": mana_und,
                           "percent": round(100.0 * mana_und / mana_lines, 2) if mana_lines else 100.0},
        "by_kind": dict(sorted(by_kind.items())),
    }
    if applied:
        doc["applied"] = applied_summary(cards)
    return doc


# ----------------------------------------------------------------------------- applied (rules.lp)

CHUNK = 400          # faces grounded together
CHUNK_TIMEOUT = 60.0  # seconds for the solve of one chunk


def ability_symbol(face: CardFace, i: int) -> Symbol:
    """ab(Face, I): the I-th ability of a face, as facts.py names it."""
    return Function("ab", [String(face.name), Number(i)])


def derive(faces: Iterable[CardFace], names: frozenset[str], *, chunk: int = CHUNK,
           timeout: float = CHUNK_TIMEOUT, program: str | None = None) -> tuple[set[Symbol], dict]:
    """The atoms named `names` that the whole program (rules.lp + mtgkb/rules/*.lp) derives
    from the faces' facts (face_facts, face_mana_facts, reference_facts), and statistics
    {"chunks", "timed_out_chunks", "seconds"}.  Faces are grounded in fixed chunks in the
    order given, so the result is deterministic."""
    program = program if program is not None else paths.rules_text()
    reference = reference_facts()
    faces = list(faces)
    out: set[Symbol] = set()
    stats = {"chunks": 0, "timed_out_chunks": 0}
    t0 = time.perf_counter()
    for start in range(0, len(faces), chunk):
        by_name: dict[str, CardFace] = {}
        fs: list[Symbol] = []
        for f in faces[start:start + chunk]:
            if f.name in by_name:  # one face per name in a chunk (ability ids are by face name)
                continue
            by_name[f.name] = f
            fs += facts.face_facts(f)
        fs += mana.face_mana_facts(by_name)
        stats["chunks"] += 1
        found = _solve(program, reference + fs, names, timeout)
        if found is None:
            stats["timed_out_chunks"] += 1
            continue
        out |= found
    stats["seconds"] = round(time.perf_counter() - t0, 2)
    return out, stats


def applied_abilities(faces: Iterable[CardFace], **kw) -> tuple[set[Symbol], dict]:
    """The abilities rules.lp applies (applied/1 of mtgkb/rules/meaning.lp) among the faces'."""
    atoms, stats = derive(faces, frozenset({"applied"}), **kw)
    return {a.arguments[0] for a in atoms if len(a.arguments) == 1}, stats


def derive_from_facts(fs: list[Symbol], names: frozenset[str], *, timeout: float = CHUNK_TIMEOUT,
                      program: str | None = None) -> set[Symbol] | None:
    """The atoms named `names` the whole program derives from the facts `fs` (the reference
    facts are added); None when the solve runs out of time."""
    program = program if program is not None else paths.rules_text()
    return _solve(program, reference_facts() + list(fs), names, timeout)


def _solve(program: str, fs: list[Symbol], names: frozenset[str], timeout: float) -> set[Symbol] | None:
    ctl = new_control(["--warn=none", "-t1"])
    load(ctl, program)
    with ctl.backend() as b:
        for f in fs:
            b.add_rule([b.add_atom(f)])
    ground_all(ctl)
    found: set[Symbol] = set()

    def on_model(m) -> bool:
        found.update(a for a in m.symbols(atoms=True) if a.name in names)
        return False  # the first model: card meaning does not depend on choices

    with ctl.solve(on_model=on_model, async_=True) as h:
        if not h.wait(timeout):
            h.cancel()
            return None
    return found


def applied_summary(cards: list[Card], **kw) -> dict:
    """The `applied` part of the coverage document."""
    faces = [f for c in cards for f in c.faces]
    applied, stats = applied_abilities(faces, **kw)
    by_kind: dict[str, list[int]] = {}
    n_ab = n_app = full = 0
    for card in cards:
        all_applied = True
        for face in card.faces:
            for i, ab in enumerate(face.abilities, start=1):
                a = ability_symbol(face, i) in applied
                k = by_kind.setdefault(ab.kind, [0, 0, 0])
                k[0] += 1
                k[1] += ab.understood
                k[2] += a
                n_ab += 1
                n_app += a
                all_applied &= a
        full += all_applied
    return {"abilities": n_ab, "applied_abilities": n_app, "cards_fully_applied": full,
            "by_kind": {k: {"abilities": v[0], "understood": v[1], "applied": v[2]}
                        for k, v in sorted(by_kind.items())},
            **stats}
