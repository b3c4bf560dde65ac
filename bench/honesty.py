"""Honesty of the engine: is any claim about a card with unread text settled by it?

    python bench/honesty.py                 # 120 spells + 120 enters-triggers, seed 1
    python bench/honesty.py -n 40 --seed 7  # other sample size / seed
    python bench/honesty.py --list          # also one line per card (verdict counts, unread abilities)
    python bench/honesty.py --stats         # also wall time (otherwise the output is deterministic)
    python bench/honesty.py --scenario "Wild Swing"   # print the ruling written for one card and exit

With a fixed seed it samples N random instants/sorceries and N random creatures with an
"When ~ enters (the battlefield)" trigger from the embedded card database (single-faced
cards only), skipping cards that cannot be cast in the scenario language at all (a target
the small board has no object for, modes other than "Choose one —", ...; the reasons are counted).
A "Choose one —" spell is cast choosing its first mode the board can target (`choosing mode K`).  For
each card it writes one ruling on a fixed board:

    Alice controls Grizzly Bears and Forest.  Bob controls Hill Giant.  It is Alice's turn.
    spell:    Alice has <S's cost> in her mana pool.  Alice casts S [targeting T...] [with X = 2][, sacrificing G], paying
              from her mana pool.  S resolves.
    creature: C enters under Alice's control.  C's [n-th] triggered ability resolves[, choosing T].
    attacks:  Alice controls C.  [Alice's beginning of combat step begins.  C's n-th triggered ability
              resolves (each read "At the beginning of combat" trigger of C, 500.2).]  Alice attacks with C.
              C's n-th triggered ability resolves.
              (the resolve sentence is dropped when the engine says the ability is not on the stack)

and claims the card's effect could change: each creature's printed P/T, that each object is
on the battlefield, has no +1/+1 counters and is untapped, who controls each creature, its
color, a few keywords it does not have, "No token is created.", "No permanent is put into
a graveyard.", where the spell went, whether the trigger triggers.
The rulings run in one process through `mtgkb.check.check_paths` on temp files with a
per-ruling wall-clock limit.  Each claim is settled (holds/fails), undetermined or error.
A ruling the rules forbid -- the engine answers that the scenario breaks a rule, naming the
violations (violated/2): an additional cost to sacrifice with nothing to sacrifice (601.2h), a
creature that enters 0/0 without its counters and is gone (704.5f) before it is declared as an
attacker (508.1a) -- is unwritable too (its reason names the violations), and the next writable
card of the shuffle takes its place.

Whether the card's abilities are read comes from `mtgkb parse --json` (run in-process on
a JSON Lines file of the sampled cards): the `applied` key of an ability when the engine
reports it, else `understood`; the summary says which (`reading`).  A claim is *settled on
unread text* when it is settled while the card under test has an ability that is not read
and could change it (`could_influence`: every unread spell, triggered, static, replacement
or unparsed line; not an activated or mana ability, which no ruling here activates, nor a
keyword line of only combat, damage, timing or activated keywords, which no claim here asks
about, nor protection/hexproof/shroud/ward in a ruling where nothing is targeted, nor hexproof,
ward or protection from colors the card does not have anywhere (only the card's own abilities
target or deal damage here, 702.11b, 702.21a, 702.16b), nor a
trigger on an event the ruling cannot have: the beginning of an upkeep, draw step or end
step, or the card's own entering in a dies or attacks ruling, or a spell being cast in a ruling
in which none is (enters, dies, attacks), nor an unparsed "<cost>:
<effect>" line (an activated ability), nor, in an attacks ruling in which the card is still
attacking, its own dies or leaves trigger).  An honest engine has 0.

Prints one JSON document (schema mtgkb.honesty/1).  Exit status 0 whatever the figures.
The sampler (`candidates`, `write_ruling`, `sample`) and the runner (`run_card`) are
shared with tests/test_honesty_property.py.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import io
import itertools
import json
import random
import re
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

# --------------------------------------------------------------------------- board

BOARD = ("Alice controls Grizzly Bears and Forest.", "Bob controls Hill Giant.",
         "Alice's library has 30 cards.", "Bob's library has 30 cards.",
         "Alice has no cards in hand.", "Bob has no cards in hand.", "It is Alice's turn.")
# `--library known`: the same board, but the top five cards of each library are named basic lands (still
# 30 cards).  A card milled, surveilled, drawn or revealed from the top is then a known card; with the
# libraries unknown, every claim after such a move stays rightly open, since an unknown card put into a
# public zone may have an ability of its own that acts there (603.6, 603.10).
KNOWN_TOP = "Island, Mountain, Plains, Swamp, Wastes and 25 unknown cards"  # no name of the battlefield
BOARDS = {
    "unknown": BOARD,
    "known": tuple(f"{p}'s library is {KNOWN_TOP}." if s == f"{p}'s library has 30 cards." else s
                   for s in BOARD for p in [s.split("'")[0]]),
}
BOARD_NAMES = ("Grizzly Bears", "Forest", "Hill Giant")
# (handle, printed P/T or None for a non-creature)
BOARD_OBJECTS = (("Grizzly Bears", "2/2"), ("Hill Giant", "3/3"), ("Forest", None))

KEYWORD_LINE = re.compile(
    r"^(Flashback|Cycling|\w+cycling|Kicker|Multikicker|Buyback|Entwine|Splice|Overload|Escape|Madness|"
    r"Retrace|Rebound|Storm|Split second|Convoke|Delve|Affinity|Jump-start|Replicate|Cascade|Suspend|"
    r"Foretell|Miracle|Aftermath|Epic|Conspire|Cipher|Fuse|Awaken|Surge|Spectacle|Emerge|Improvise|"
    r"Assist|Undaunted|Demonstrate|Casualty|Blitz|Ninjutsu|Transmute|Forecast|Echo|Evoke|Morph|Megamorph|"
    r"Dash|Prowl|Bestow|Unearth|Embalm|Eternalize|Encore|Mutate|Disturb|Channel|Hideaway|Ward|Flash|"
    r"Flying|Haste|Trample|Vigilance|Reach|Deathtouch|Lifelink|Menace|Defender|Hexproof|Indestructible|"
    r"Devoid|Changeling|Strive|Spree)\b")
TRIGGER_LINE = re.compile(r"^\s*(When|Whenever|At)\b")
# CR 507.1, 603.2b: an ability that triggers as the beginning of combat step begins (before attackers are declared)
BEGIN_COMBAT = re.compile(r"^\s*At the beginning of (?:each combat|combat)\b")
MODAL = re.compile(r"\bchoose (one|two|three|one or more|one or both|any number)\b|•", re.I)


@dataclass
class Ruling:
    card: str
    kind: str  # "spell" | "creature" (an enters trigger) | "dies" | "attacks"
    text: str  # the ruling block
    claims: list[str]
    without_resolve: str | None = None  # creature: the same ruling without the resolve sentence
    notes: list[str] = field(default_factory=list)
    mode: int | None = None  # spell: the mode the cast sentence chooses (700.2a); the others are never carried
    own_line: str | None = None  # creature, dies, attacks: the text of the trigger under test
    trigger_claim: str | None = None  # ... and the claim that it triggers
    # the card's other triggered abilities: {claim that it triggers: its text}; asked, not counted (run_card)
    other_triggers: dict = field(default_factory=dict)
    colors: tuple | None = None  # the card's colors (W, U, B, R, G): the only source that targets in its ruling



# --------------------------------------------------------------------------- the card database

def _db_lines():
    from mtgkb import paths

    with paths.card_database().open("rb") as fh, gzip.open(fh, "rt", encoding="utf-8") as lines:
        for line in lines:
            yield json.loads(line)


def _possessive(name: str) -> str:
    """The possessive of a card name in a ruling: a name with an apostrophe of its own is written in double quotes
    (docs/language.md: any handle may be; "Telim'Tor's" does not parse, '"Telim'Tor"'s' does)."""
    return f'"{name}"\'s' if "'" in name else f"{name}'s"


def _short_name(name: str) -> str:
    return name.split(",")[0]


_OWN_EVENT = {"creature": r"enters( the battlefield)?", "dies": r"dies", "attacks": r"attacks"}


def own_trigger_line(d: dict, kind: str = "creature") -> int | None:
    """Index (in oracle_text lines) of the card's own "When ~ enters" ("dies", "attacks")
    trigger, or None."""
    name = d["name"]
    pat = re.compile(r"^When(ever)? (" + re.escape(name) + "|" + re.escape(_short_name(name))
                     + r") " + _OWN_EVENT[kind] + r"\b")
    for i, line in enumerate((d.get("oracle_text") or "").split("\n")):
        if pat.match(line):
            return i
    return None


def etb_line(d: dict) -> int | None:
    """Index (in oracle_text lines) of the card's own "When ~ enters" trigger, or None."""
    return own_trigger_line(d, "creature")


@lru_cache(maxsize=1)
def candidates() -> dict[str, tuple[dict, ...]]:
    """Single-faced instants/sorceries and creatures with an enters (dies, attacks) trigger of
    their own, sorted by name: {"spell": (...), "creature": (...), "dies": (...), "attacks": (...)}
    of raw card JSON objects ("creature" is the enters kind)."""
    spells, creatures, dies, attacks = [], [], [], []
    for d in _db_lines():
        if d.get("layout") != "normal" or d.get("face_name") or d["name"] in BOARD_NAMES:
            continue
        types = set(d.get("types") or ())
        if not d.get("oracle_text"):
            continue
        if types & {"Instant", "Sorcery"} and not types & {"Creature", "Land"}:
            spells.append(d)
        elif "Creature" in types:
            if etb_line(d) is not None:
                creatures.append(d)
            if own_trigger_line(d, "dies") is not None:
                dies.append(d)
            if own_trigger_line(d, "attacks") is not None:
                attacks.append(d)
    key = lambda d: d["name"]  # noqa: E731
    return {"spell": tuple(sorted(spells, key=key)), "creature": tuple(sorted(creatures, key=key)),
            "dies": tuple(sorted(dies, key=key)), "attacks": tuple(sorted(attacks, key=key))}


# --------------------------------------------------------------------------- targets

class Unwritable(Exception):
    """The card cannot be cast (or entered and resolved) in the scenario language on the board."""


_COUNT = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _strip(text: str, name: str) -> str:
    text = re.sub(r"\([^)]*\)", "", text)
    # a quoted ability (a token's, one granted) targets when it is activated or triggers, not now (113.2)
    text = re.sub(r'"[^"]*"', "", text)
    return text.replace(name, "~").replace(_short_name(name), "~")


def target_phrases(text: str) -> list[tuple[int, str]]:
    """(how many to name, phrase after 'target') for each target declaration, in order."""
    out = []
    words = [m for m in re.finditer(r"[A-Za-z'’-]+", text)]
    for i, m in enumerate(words):
        if m.group(0).lower() == "targets" and " among " in text[max(0, m.start() - 40):m.start()]:
            out.append((1, "any"))  # "divided as you choose among any number of targets": one, dealt all of it (601.2d)
            continue
        if m.group(0).lower() != "target":
            continue
        prev = words[i - 1].group(0).lower() if i else ""
        prev2 = words[i - 2].group(0).lower() if i > 1 else ""
        if prev in ("the", "new", "a", "its", "that", "single", "same"):
            continue  # "becomes the target of", "choose new targets", "a single target"
        rest = re.split(r"[.;:]| and (?=target)| or (?=target)", text[m.end():], maxsplit=1)[0]
        rest = " ".join(rest.replace(",", " ").lower().split()[:8])
        if prev == "any" and prev2 not in ("of",):
            out.append((1, "any"))
            continue
        n = 1
        if prev in _COUNT and prev2 != "to":  # "two target creatures" (not "up to two")
            n = _COUNT[prev]
        out.append((n, rest))
    return out


# the printed values of the board's creatures (Grizzly Bears {1}{G} 2/2, Hill Giant {3}{R} 3/3)
_BOARD_VALUES = {"Grizzly Bears": {"mana value": 2, "power": 2, "toughness": 2},
                 "Hill Giant": {"mana value": 4, "power": 3, "toughness": 3}}


def _choose_objects(phrase: str, n: int, used: set[str]) -> list[str]:
    p = " " + phrase + " "
    first = phrase.split()[:4]
    if phrase == "any" or p.startswith(" player") or p.startswith(" opponent"):
        prefs = ["Hill Giant", "Grizzly Bears"] if phrase == "any" else ["Bob", "Alice"]
    elif any(w.startswith(("spell", "abilit", "activated", "triggered")) for w in first) or " spell " in p:
        if not re.search(r"\bspells?\b", " ".join(first)):
            raise Unwritable("target ability (no ability on the stack)")
        # a spell Bob cast before (STACK_SPELLS): a flash creature for a creature spell, else an instant
        prefs = ["Ambush Viper" if re.search(r"(?<!non)creature spell", p) else "Lightning Bolt"]
    elif " card" in " " + " ".join(first) or re.search(r" cards? ", p):
        raise Unwritable("target card (not on the battlefield)")
    elif first and first[0] in ("aura", "auras", "equipment"):
        raise Unwritable(f"target {first[0]} (no such object on the board)")   # not the creature it is attached to
    elif any(w in p for w in (" attacking ", " blocking ", " tapped ", " blocked ", " unblocked ")):
        raise Unwritable("target attacking/blocking/tapped creature (no combat, nothing tapped)")
    elif " noncreature permanent" in p or " land or noncreature" in p:
        prefs = ["Forest"]
    elif " creature" in p or " permanent" in p:
        if " land " in p and " nonland" not in p and " creature" not in p:
            prefs = ["Forest"]
        elif "you control" in p and "don't" not in p:
            prefs = ["Grizzly Bears"]
        elif "don't control" in p or "opponent controls" in p or "opponent control" in p:
            prefs = ["Hill Giant"]
        elif re.search(r"(?<!non)green", p) or "nonred" in p:
            prefs = ["Grizzly Bears", "Hill Giant"]
        else:
            prefs = ["Hill Giant", "Grizzly Bears"]
        if " permanent" in p and " nonland" not in p and " creature" not in p:
            prefs = prefs + ["Forest"]
    elif p.startswith(" land") or p.startswith(" basic land") or p.startswith(" forest"):
        prefs = ["Forest"]
    else:
        raise Unwritable(f"target {' '.join(phrase.split()[:2]) or '?'} (no such object on the board)")
    # "with mana value 3 or less", "with power 4 or greater": the board objects whose value fits
    for what, k, how in re.findall(r"(mana value|power|toughness) (\d+) or (less|greater)", p):
        prefs = [x for x in prefs if x in _BOARD_VALUES and (_BOARD_VALUES[x][what] <= int(k) if how == "less"
                                                             else _BOARD_VALUES[x][what] >= int(k))]
    got = [x for x in prefs if x not in used][:n]
    if len(got) < n:
        raise Unwritable("more targets than the board has")
    used.update(got)
    return got


# CR 117.1a, 601.2: a spell of Bob's on the stack for a card that targets a spell, cast from a pool that pays it
# (Ambush Viper has flash, 702.8a, so Bob may cast it in Alice's turn)
STACK_SPELLS = {
    "Lightning Bolt": ["Bob has {R} in his mana pool.",
                       "Bob casts Lightning Bolt targeting Grizzly Bears, paying from his mana pool."],
    "Ambush Viper": ["Bob has {G}{G} in his mana pool.", "Bob casts Ambush Viper, paying from his mana pool."],
}


def stack_setup(targets: list[str]) -> tuple[list[str], list[str]]:
    """The sentences that put the targeted spell of Bob's on the stack, and the claim where it ends."""
    given, claims = [], []
    for t in targets:
        if t in STACK_SPELLS:
            given += STACK_SPELLS[t]
            claims.append(f"{t} is in Bob's graveyard.")
    return given, claims


def targets_of(text: str) -> list[str]:
    used: set[str] = set()
    out: list[str] = []
    for n, phrase in target_phrases(text):
        out += _choose_objects(phrase, n, used)
    return out


# --------------------------------------------------------------------------- rulings

def _pt(d: dict) -> str | None:
    p, t = d.get("power"), d.get("toughness")
    if p is None or t is None or not (p.isdigit() and t.isdigit()):
        return None
    return f"{p}/{t}"


def _object_claims(handle: str, pt: str | None, creature: bool) -> list[str]:
    out = []
    if pt:
        out.append(f"{handle} is {pt}.")
    out.append(f"{handle} is on the battlefield.")
    if creature:
        out.append(f"{handle} has no +1/+1 counters.")
    out.append(f"{handle} is untapped.")
    return out


def _block(title: str, given: list[str], claims: list[str]) -> str:
    return (f'ruling "{title}"\n  given:\n' + "".join(f"    {s}\n" for s in given)
            + "  expect:\n" + "".join(f"    {c}\n" for c in claims))


def _board_claims() -> list[str]:
    out = []
    for h, pt in BOARD_OBJECTS:
        out += _object_claims(h, pt, pt is not None)
    # control (gain control effects), colors (color changes), keywords (gains ...)
    out += ["Alice controls 1 permanent named Grizzly Bears.", "Bob controls 1 permanent named Hill Giant.",
            "Grizzly Bears is green.", "Hill Giant is red.",
            "Grizzly Bears does not have flying.", "Hill Giant does not have trample.",
            "Hill Giant does not have haste."]
    out += ["Alice has 20 life.", "Bob has 20 life.",
            "Alice has no cards in hand.", "Bob has no cards in hand.",
            "Alice's library has 30 cards.", "Bob's library has 30 cards."]
    return out + ["No token is created.", "No permanent is put into a graveyard."]


_EVENT_WORD = {"creature": "enters", "dies": "dies", "attacks": "attacks"}


_ORDINALS = ["first", "second", "third", "fourth", "fifth"]


def _triggered(d: dict) -> list:
    """The face's triggered abilities, in order (an unread line counts as triggered when it starts with
    When/Whenever/At)."""
    from mtgkb.carddb import default_database
    from mtgkb.parser.oracle import is_mode_line

    face = default_database().face(d["name"])
    return [a for a in face.abilities
            if not is_mode_line(a) and (a.kind == "triggered" if a.understood else bool(TRIGGER_LINE.match(a.text)))]


def _other_triggers(d: dict, own: str) -> dict:
    """{"C's <ordinal> triggered ability triggers.": its text} for each parsed triggered ability of the card
    other than the one under test (the scenario can name the first five)."""
    trig = _triggered(d)
    if len(trig) < 2:
        return {}
    return {f"{_possessive(d['name'])} {_ORDINALS[i]} triggered ability triggers.": a.text.strip()
            for i, a in enumerate(trig[:5]) if a.text.strip() != own and a.understood}


def _trigger_ordinal(d: dict, kind: str = "creature") -> str:
    """How the scenario names the enters (dies, attacks) trigger: among the face's triggered
    abilities (an unread line counts as triggered when it starts with When/Whenever/At)."""
    target_line = (d.get("oracle_text") or "").split("\n")[own_trigger_line(d, kind)].strip()
    trig = _triggered(d)
    idx = next((i for i, a in enumerate(trig) if a.text.strip() == target_line), None)
    if idx is None:
        raise Unwritable(f"the {_EVENT_WORD[kind]} trigger is not one of the parsed triggered abilities")
    if len(trig) == 1:
        return "triggered ability"
    if idx >= 5:
        raise Unwritable(f"the {_EVENT_WORD[kind]} trigger is the sixth triggered ability or later (no ordinal for it)")
    return _ORDINALS[idx] + " triggered ability"


def write_ruling(d: dict, kind: str, board: tuple[str, ...] = BOARD) -> Ruling:
    """The ruling for one card on `board` (one of BOARDS), or Unwritable(reason)."""
    name = d["name"]
    if '"' in name or "#" in name:
        raise Unwritable("name the scenario lexer cannot quote")
    text = d.get("oracle_text") or ""
    if kind == "spell":
        mode = ""
        lines = [ln for ln in text.split("\n") if not KEYWORD_LINE.match(ln) and not TRIGGER_LINE.match(ln)]
        if MODAL.search(text):
            lines, k = _one_mode(lines, name)
            mode = f" choosing mode {k}"
        tg = targets_of(_strip("\n".join(lines), name))
        # "X target ...": the X announced is the number of targets named (one, 601.2b-c, 107.3)
        x = 1 if re.search(r"\bX target", _strip("\n".join(lines), name)) else 2
        x, tg, paid = _several_cost(text, x, tg)
        cast = f"Alice casts {name}{mode}"
        if tg:
            cast += " targeting " + _join(tg)
        if "{X}" in (d.get("mana_cost") or "") or (SEVERAL_COST.search(text) or [""] * 4)[3] == "X":
            cast += f" with X = {x}"
        cast += paid
        # the cost is paid from a pool that holds it (601.2h), so the board's Forest stays untapped
        pool = pool_sentences(d.get("mana_cost") or "", x)
        stack, stack_claims = stack_setup(tg)
        given = list(board) + stack + pool + [cast + (", paying from her mana pool." if pool else "."),
                                              f"{name} resolves."]
        claims = _board_claims() + [f"{name} is in Alice's graveyard."] + stack_claims
        return Ruling(name, kind, _block(f"honesty: {name}", given, claims), claims,
                      mode=int(mode.split()[-1]) if mode else None, colors=tuple(d.get("colors") or ()))
    # a creature with an enters (dies, attacks) trigger of its own
    line = text.split("\n")[own_trigger_line(d, kind)]
    if MODAL.search(line):
        raise Unwritable("modes (no sentence chooses a mode)")
    tg = targets_of(_strip(line, name))
    stack, stack_claims = stack_setup(tg)
    if stack and kind != "creature":
        raise Unwritable("target spell (a dies or attacks ruling has no spell on the stack)")
    notes = []
    ordinal = _trigger_ordinal(d, kind)
    resolve = f"{_possessive(name)} {ordinal} resolves"
    if len(tg) == 1 and tg[0] not in ("Alice", "Bob"):
        resolve += f", choosing {tg[0]}"
    elif tg:
        notes.append("trigger targets not named (a resolve sentence names one object only)")
    if kind == "attacks":
        # it has been under Alice's control since her turn began (no summoning sickness, 302.6)
        events = [f"Alice attacks with {name}."]
        setup = [f"Alice controls {name}."] + _combat_begins(d)
        own = [f"{name} is attacking."]
    elif kind == "dies":
        # it was on the battlefield since the turn began; it dies (700.4): its dies trigger looks back
        events = [f"{name} dies."]
        setup = [f"Alice controls {name}."]
        own = [f"{name} is in Alice's graveyard."]
    else:
        events = [f"{name} enters under Alice's control."]
        setup = stack
        own = _object_claims(name, _pt(d), True) + stack_claims
    claims = _board_claims() + own + [f"{_possessive(name)} {ordinal} triggers."]
    given = list(board) + setup + events + [resolve + "."]
    # the card's other triggered abilities: whether each triggers is asked too (not counted: run_card)
    others = _other_triggers(d, line.strip())
    asked = claims + list(others)
    without = _block(f"honesty: {name}", list(board) + setup + events, asked)
    return Ruling(name, kind, _block(f"honesty: {name}", given, asked), claims, without, notes,
                  own_line=line.strip(), trigger_claim=f"{_possessive(name)} {ordinal} triggers.",
                  other_triggers=others,
                  colors=tuple(d.get("colors") or ()))


SEVERAL_COST = re.compile(r"As an additional cost to cast this spell, (you may )?(sacrifice|discard|pay) (X|any number of) "
                          r"(\w+)")


def _several_cost(text: str, x: int, tg: list[str]) -> tuple[int, list[str], str]:
    """An additional cost of X or any number of objects (118.8, 601.2b, 601.2h) on the board: discarding or
    sacrificing X is paid with X = 0 (the hands are empty; "X target" then targets none), and "sacrifice any
    number of creatures" names Alice's Grizzly Bears when it is not a target.  (X, targets, the cast's tail.)"""
    m = SEVERAL_COST.search(text)
    if m is None:
        return x, tg, ""
    if m[3] == "X" and m[2] != "pay":
        only_x = len(re.findall(r"\btarget", text)) == len(re.findall(r"\bX target", text))
        return 0, [] if only_x else tg, ""
    if m[3] == "any number of" and m[2] == "sacrifice" and m[4] == "creatures" and "Grizzly Bears" not in tg:
        return x, tg, ", sacrificing Grizzly Bears"
    return x, tg, ""


def _combat_begins(d: dict) -> list[str]:
    """The sentences that take an attack ruling through the beginning of combat step when the card has
    read abilities that trigger then (Goblin Rabblemaster): the step begins (507.1, 603.2b) and each of
    them resolves, since the step ends only with the stack empty (500.2).  None: no such ability."""
    trig = _triggered(d)
    at = [i for i, a in enumerate(trig) if a.understood and BEGIN_COMBAT.match(a.text)]
    if not at:
        return []
    if at[-1] >= 5:
        raise Unwritable("a beginning of combat trigger is the sixth triggered ability or later (no ordinal for it)")
    return ["Alice's beginning of combat step begins."] + [
        f"{_possessive(d['name'])} {_ORDINALS[i] + ' ' if len(trig) > 1 else ''}triggered ability resolves."
        for i in at]


def _one_mode(lines: list[str], name: str) -> tuple[list[str], int]:
    """A "Choose one —" spell: its lines with the first mode the board can target (the others
    dropped) and that mode's number (700.2a: the cast sentence names it), or Unwritable."""
    heads = [i for i, ln in enumerate(lines) if MODAL.search(ln) and not ln.lstrip().startswith("•")]
    if len(heads) != 1 or lines[heads[0]].strip() != "Choose one —":
        raise Unwritable("modes other than \"Choose one —\" (one ruling names one mode)")
    modes = [i for i, ln in enumerate(lines) if ln.lstrip().startswith("•")]
    for k, i in enumerate(modes, 1):
        rest = [ln for j, ln in enumerate(lines) if j not in modes or j == i]
        try:
            targets_of(_strip("\n".join(rest), name))
        except Unwritable:
            continue
        return rest, k
    raise Unwritable("no mode the board can target")


def pool_sentences(cost: str, x: int = 2) -> list[str]:
    """Mana that pays `cost` exactly (generic and {X} as {C}, a hybrid or Phyrexian symbol as its first
    color, {S} from a snow source), as pool sentences."""
    plain, snow = [], []
    for s in re.findall(r"\{([^}]+)\}", cost):
        if s.isdigit():
            plain += ["C"] * int(s)
        elif s == "X":
            plain += ["C"] * x
        elif s == "S":
            snow.append("C")
        elif "/" in s:
            plain.append(next(c for c in s.split("/") if c in "WUBRG"))
        else:
            plain.append(s)
    out = [f"Alice has {''.join('{' + c + '}' for c in plain)} in her mana pool."] if plain else []
    return out + ([f"Alice has {''.join('{' + c + '}' for c in snow)} in her mana pool from a snow source."]
                  if snow else [])


def _join(xs: list[str]) -> str:
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]


def writable(kind: str, seed: int, skipped: dict[str, int], board: tuple[str, ...] = BOARD):
    """The writable cards of the kind, (card, ruling), in a seeded shuffle; skip reasons counted in `skipped`."""
    pool = list(candidates()[kind])
    random.Random(f"{seed}:{kind}").shuffle(pool)
    for d in pool:
        try:
            r = write_ruling(d, kind, board)
        except Unwritable as e:
            skipped[str(e)] = skipped.get(str(e), 0) + 1
            continue
        yield d, r


def sample(kind: str, n: int, seed: int) -> tuple[list[tuple[dict, Ruling]], dict[str, int]]:
    """The first n writable cards of the kind in a seeded shuffle; skip reasons counted."""
    skipped: dict[str, int] = {}
    return list(itertools.islice(writable(kind, seed, skipped), n)), skipped


# --------------------------------------------------------------------------- reading (parse --json)

def reading(cards: list[dict]) -> dict[str, list[dict]]:
    """{card name: [{"text", "kind", "read", "key"}]} from `mtgkb parse --json`, run
    in-process on a JSON Lines file of the cards; "key" is "applied" or "understood"."""
    from mtgkb.cli import main

    with tempfile.TemporaryDirectory() as tmp:
        p = Path(tmp) / "cards.jsonl"
        p.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in cards), encoding="utf-8")
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            rc = main(["parse", str(p), "--json"])
        if rc not in (0, None):
            raise RuntimeError(f"mtgkb parse --json exited {rc}")
    out: dict[str, list[dict]] = {}
    for c in json.loads(buf.getvalue())["cards"]:
        abil = []
        for a in c["abilities"]:
            key = "applied" if "applied" in a else "understood"
            abil.append({"text": a["text"], "kind": a["kind"], "read": bool(a[key]), "key": key})
        out.setdefault(c["name"], abil)
    return out


# --------------------------------------------------------------------------- running

class _TimeUp(Exception):
    pass


def _alarm(signum, frame):  # noqa: ARG001
    raise _TimeUp()


def _check(session, text: str, limit: float):
    """[(claim text, verdict, message)], the ruling error of one ruling file and the rules'
    violations (violated/2) the engine named when the rules forbid the scenario."""
    from mtgkb.check import check_paths

    with tempfile.TemporaryDirectory() as tmp:
        p = Path(tmp) / "ruling.mtg"
        p.write_text(text, encoding="utf-8")
        timed = threading.current_thread() is threading.main_thread()  # signals: main thread only
        if timed:
            old = signal.signal(signal.SIGALRM, _alarm)
            signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            report, errors = check_paths([str(p)], session=session)
        except _TimeUp:
            return None, f"time limit of {limit:g} s reached", ()
        except Exception as e:  # the engine crashed on it: every claim is an error
            return [], f"{type(e).__name__}: {e}", ()
        finally:
            if timed:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, old)
    if errors:
        return [], f"does not parse: {errors[0]}", ()
    (rr,) = report.results
    return [(c.text, c.verdict, c.message) for c in rr.claims], rr.error, rr.violated


# Keywords whose whole meaning bears on combat, damage, timing or an activation: the claims
# written here ask about none of them and no ruling here attacks, deals damage or activates.
_INERT_KEYWORDS = {
    "flying", "reach", "trample", "menace", "vigilance", "first strike", "double strike", "defender",
    "deathtouch", "lifelink", "haste", "flash", "horsemanship", "shadow", "fear", "intimidate", "skulk",
    "flanking", "banding", "infect", "wither", "indestructible", "prowess",
}
_ACTIVATED_KEYWORDS = ("equip", "cycling", "ninjutsu", "unearth", "reinforce", "transmute", "channel",
                       "forecast", "scavenge", "embalm", "eternalize", "outlast", "level up", "fortify",
                       "reconfigure", "boast", "crew", "landcycling", "typecycling")


_TARGETING_KEYWORDS = ("protection from", "hexproof", "shroud", "ward")
# keywords that stand for a triggered ability or replacement of one kind of event (mtgkb/rules/keyword_events.lp):
# a trigger on attacking, blocking or combat damage (no combat but in an attacks ruling), a replacement or trigger
# on the card's own entering (it does not enter in a dies or attacks ruling), a trigger at the beginning of an
# upkeep (no ruling here has one); its own death: see run_card
_COMBAT_TRIGGER_KEYWORDS = ("mentor", "exalted", "battle cry", "provoke", "annihilator", "myriad", "melee", "training",
                            "dethrone")
# keywords that trigger only on blocks (702.45a bushido, 702.130a afflict, 702.23a rampage) or only on combat damage
# to a player (702.112a renown, 702.115a ingest): no ruling here has either (an attack ruling stops as attackers are
# declared)
_BLOCK_OR_DAMAGE_KEYWORDS = ("bushido", "afflict", "rampage", "renown", "ingest")
_OWN_ENTERING_KEYWORDS = ("riot", "devour", "sunburst", "amplify", "bloodthirst", "tribute", "exploit", "fabricate",
                          "backup")
_UPKEEP_KEYWORDS = ("echo", "cumulative upkeep")
_OWN_DEATH_KEYWORDS = ("persist", "undying", "soulshift")


def _keyword_parts(text: str) -> list[str]:
    text = re.sub(r"\s*\([^()]*\)", "", text).strip().lower()
    return [p.strip() for p in re.split(r",|;", text) if p.strip()]


def _event_inert(p: str, ruling_kind: str | None) -> bool:
    """Whether keyword part p stands for an ability whose event a ruling of this kind does not have."""
    if ruling_kind is None:
        return False
    return (p.startswith(_UPKEEP_KEYWORDS) or p.startswith(_BLOCK_OR_DAMAGE_KEYWORDS)
            or (ruling_kind != "attacks" and p.startswith(_COMBAT_TRIGGER_KEYWORDS))
            or (ruling_kind in ("dies", "attacks") and p.startswith(_OWN_ENTERING_KEYWORDS)))


def _own_death_line(ability: dict) -> bool:
    """A keyword line of only its own death's keywords (and inert ones): like its own dies trigger."""
    parts = _keyword_parts(ability["text"]) if ability["kind"] == "keyword" else []
    return bool(parts) and any(p.startswith(_OWN_DEATH_KEYWORDS) for p in parts) and all(
        p.startswith(_OWN_DEATH_KEYWORDS) or p in _INERT_KEYWORDS for p in parts)


# CR 702.29e: "<type>cycling" (Wizardcycling, Swampcycling, basic landcycling, ...) is cycling, an activated
# ability (702.29a)
_TYPECYCLING = re.compile(r"^(basic )?[a-z]+cycling\b")


# triggers on an event no ruling here has: the start of an upkeep, draw step or end step (the rulings
# pass through no step but, for an attack, the beginning of combat and declare attackers)
_NO_SUCH_STEP = re.compile(r"^At the beginning of (your|each|each player's|each opponent's|the next) "
                           r"(upkeep|draw step|end step)\b")
# ... and its own entering, in a ruling in which the card under test does not enter (it dies or attacks)
def _enters_self(text: str, card: str) -> bool:
    names = "|".join(re.escape(n) for n in {card, _short_name(card), "this creature"})
    return re.match(rf"^When(ever)? ({names}) enters\b(?! or)", text) is not None


# ... and a spell being cast, in a ruling in which no spell is cast (an enters, dies or attacks ruling:
# the creature enters, dies or attacks without being cast; Bloodvial Purveyor's "Whenever an opponent
# casts a spell" in its attacks ruling)
_CAST_TRIGGER = re.compile(r"^Whenever [^.,:]*\bcasts?\b")
_NO_CAST_KINDS = ("creature", "dies", "attacks")


# "<costs>: <effect>" -- a cost may be words alone (Keldon Battlewagon's "Tap an untapped creature you control:")
_ACTIVATED_LINE = re.compile(r"^(?!When|Whenever|At |As |If |Each |Enchant|Equip)[^.:\"]*:")


def _enters_with_self(ability: dict, card: str) -> bool:
    """A replacement line "~ enters [the battlefield] with <counters>" (one sentence; reminder text aside)."""
    names = "|".join(re.escape(n) for n in {card, _short_name(card), "this creature"})
    text = re.sub(r"\s*\([^()]*\)", "", ability["text"]).strip()
    return ability["kind"] == "replacement" and re.fullmatch(
        rf"({names}) enters( the battlefield)? with [^.]*counters? on it[^.]*\.", text) is not None


def _dies_self(text: str, card: str) -> bool:
    names = "|".join(re.escape(n) for n in {card, _short_name(card), "this creature"})
    return re.match(rf"^When(ever)? ({names}) (dies|leaves the battlefield)\b(?! or)", text) is not None


_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_PROTECTION_FROM_COLORS = re.compile(r"^protection from ((?:white|blue|black|red|green)(?:(?:,| and|, and) from "
                                     r"(?:white|blue|black|red|green))*)$")


def _targeted_by_own_only_inert(p: str, colors: tuple | None) -> bool:
    """In these rulings the only spell or ability that targets (or deals damage) is the card's own, controlled
    by Alice, who controls the card: hexproof and ward act on an opponent's targeting only (702.11b, 702.21a),
    and protection from colors only against a source of one of those colors (702.16b, 702.16e), so it is inert
    when the card itself has none of them.  colors None: not known, nothing is inert this way."""
    if colors is None:
        return False
    if p == "hexproof" or p.startswith(("hexproof from", "ward")):
        return True
    m = _PROTECTION_FROM_COLORS.match(p)
    return m is not None and not {_COLOR_WORDS[w] for w in re.findall(r"white|blue|black|red|green", m.group(1))} \
        & set(colors)


def could_influence(ability: dict, targets: bool = True, ruling_kind: str | None = None, card: str = "",
                    colors: tuple | None = None) -> bool:
    """Whether an ability of the card under test could change a claim of its ruling: it acts
    without being activated (a spell's text, a trigger, a static or replacement ability, a
    line nobody read); activated and mana abilities are never activated in these rulings,
    and a keyword line of only combat, damage, timing or activated keywords changes nothing
    they ask; a trigger on an event the ruling does not have (an upkeep, draw step or end step;
    the card entering, in a dies or attacks ruling; a spell being cast, in an enters, dies or
    attacks ruling) never triggers in it."""
    kind = ability["kind"]
    if kind in ("activated", "mana", "loyalty"):
        return False
    if kind in ("triggered", "unsupported") and ruling_kind is not None:
        # an ability word ("Delirium — At the beginning of ...", 207.2c) changes nothing
        text = re.sub(r"^[A-Z][\w' -]* — ", "", ability["text"].strip())
        if _NO_SUCH_STEP.match(text) or (ruling_kind in ("dies", "attacks") and _enters_self(text, card)):
            return False
        if ruling_kind in _NO_CAST_KINDS and _CAST_TRIGGER.match(text):
            return False
    # an unparsed line of the form "<cost>: <effect>" is an activated ability (602.1), never activated here
    if kind == "unsupported" and _ACTIVATED_LINE.match(ability["text"].strip()):
        return False
    if kind == "keyword":
        parts = _keyword_parts(ability["text"])
        # protection, hexproof, shroud and ward bear on targets (and combat, damage, attaching):
        # inert in a ruling in which nothing is targeted
        return not all(p in _INERT_KEYWORDS or p.startswith(_ACTIVATED_KEYWORDS) or _TYPECYCLING.match(p)
                       or _event_inert(p, ruling_kind) or (not targets and p.startswith(_TARGETING_KEYWORDS))
                       or _targeted_by_own_only_inert(p, colors) for p in parts)
    return True


def run_card(session, ruling: Ruling, abilities: list[dict], limit: float = 30.0) -> dict:
    """Run one card's ruling; the per-card record."""
    res, err, violated = _check(session, ruling.text, limit)
    used_resolve = True
    if ruling.without_resolve and err and "not on the stack" in err:
        res, err, violated = _check(session, ruling.without_resolve, limit)  # it did not trigger
        used_resolve = False
    # reminder text is not rules text: protection's "can't be ... targeted" targets nothing
    targets = any("target" in re.sub(r"\([^()]*\)", "", a["text"]).lower() for a in abilities) \
        or "targeting" in ruling.text \
        or "choosing" in ruling.text
    if ruling.mode is not None:
        # CR 700.2a, 601.2b: a mode not chosen is not part of the spell on the stack
        modes = [a for a in abilities if a["text"].lstrip().startswith("•")]
        abilities = [a for a in abilities if a not in modes or a is modes[ruling.mode - 1]]
    unread_ab = [a for a in abilities if not a["read"] and could_influence(a, targets, ruling.kind, ruling.card,
                                                                                  ruling.colors)]
    unread_all = [a["text"] for a in abilities if not a["read"]]
    verdicts = {}
    claims = []
    if res is None:  # time limit: nothing settled
        claims = [(c, "undetermined", err) for c in ruling.claims]
    elif not res:
        claims = [(c, "error", err) for c in ruling.claims]
    else:
        claims = list(res)
    # the card's other triggered abilities: a claim that one triggers is not counted; the engine settling that it
    # did not trigger (CR 603.2: its event did not happen) is used below
    others = {c: v for c, v, _ in claims if c in ruling.other_triggers}
    claims = [x for x in claims if x[0] not in ruling.other_triggers]
    for _, v, _ in claims:
        verdicts[v] = verdicts.get(v, 0) + 1
    # CR 506.4, 400.7: an attacking creature that is still attacking never left the battlefield (a new object is
    # not attacking): its own dies or leaves trigger did not trigger
    still = {"attacks": f"{ruling.card} is attacking.", "creature": f"{ruling.card} is on the battlefield."}
    if ruling.kind in still and any(c == still[ruling.kind] and v == "holds" for c, v, _ in claims):
        # its own death's keywords (persist, undying) likewise, and in an enters ruling in which it is still on the
        # battlefield its own dies or leaves trigger too (Iname as One)
        unread_ab = [a for a in unread_ab if not _own_death_line(a) and not _dies_self(a["text"].strip(), ruling.card)]
    # CR 614.1c, 614.12: a replacement on the card's own entering ("~ enters with <counters>") modifies that event
    # alone; in a dies ruling in which the card ends in the graveyard, or an attacks ruling in which it is still
    # attacking (the same object, 400.7, 506.4), it did not enter (Wingshield Agent, Boss's Chauffeur)
    gone = {"dies": f"{ruling.card} is in Alice's graveyard.", "attacks": f"{ruling.card} is attacking."}
    if ruling.kind in gone and any(c == gone[ruling.kind] and v == "holds" for c, v, _ in claims):
        unread_ab = [a for a in unread_ab if not _enters_with_self(a, ruling.card)]
    # CR 603.4: the trigger under test did not trigger (the engine read its trigger and its intervening "if" and
    # settled that it does not): what it would do is never done (Attendant of Vraska with no Vraska)
    if ruling.trigger_claim and any(c == ruling.trigger_claim and v == "fails" for c, v, _ in claims):
        unread_ab = [a for a in unread_ab if a["text"].strip() != ruling.own_line]
    # ... and likewise another triggered ability of the card the engine settles did not trigger (its event, read,
    # did not happen: Omnath, Locus of the Roil's landfall trigger when Omnath itself enters)
    quiet = {ruling.other_triggers[c] for c, v in others.items() if v == "fails"}
    unread_ab = [a for a in unread_ab if a["text"].strip() not in quiet]
    unread = [a["text"] for a in unread_ab]
    settled = [(c, v) for c, v, _ in claims if v in ("holds", "fails")]
    return {
        "card": ruling.card, "kind": ruling.kind, "verdicts": verdicts, "error": err,
        "timeout": res is None, "resolved_trigger": used_resolve if ruling.kind != "spell" else None,
        "unread": unread, "unread_inert": [t for t in unread_all if t not in unread], "reading": sorted({a["key"] for a in abilities}) or ["understood"],
        "settled_on_unread": settled if unread else [], "notes": ruling.notes, "claims": claims,
        "forbidden": forbidden(violated),
    }


def forbidden(violated) -> str | None:
    """The skip reason of a ruling the rules forbid -- the engine's answer named the rules' violations
    (violated/2: an additional cost with nothing to pay it, 601.2h; a creature that is not on the
    battlefield any more, 704.5f, declared as an attacker, 508.1a) -- or None.  Such a card cannot be
    written on this board: it is counted among the unwritable ones, not as an error."""
    return f"the rules forbid the ruling ({', '.join(sorted(violated))})" if violated else None


KINDS = ("spell", "creature", "dies", "attacks")


def measure(n: int, seed: int, limit: float, session=None, kinds=KINDS,
            board: tuple[str, ...] = BOARD) -> tuple[dict, list[dict], float]:
    from mtgkb.check import Session

    t0 = time.perf_counter()
    session = session or Session(timeout=limit)
    skipped: dict[str, dict[str, int]] = {k: {} for k in kinds}
    pools = {k: writable(k, seed, skipped[k], board) for k in kinds}
    kept: dict[str, list[dict]] = {k: [] for k in kinds}
    batch = {k: list(itertools.islice(pools[k], n)) for k in kinds}
    while any(batch.values()):
        read = reading([d for kind in kinds for d, _ in batch[kind]])
        for kind in kinds:
            for d, r in batch[kind]:
                rec = run_card(session, r, read.get(d["name"], []), limit)
                if rec["forbidden"]:  # unwritable: the next writable card of the sample takes its place
                    skipped[kind][rec["forbidden"]] = skipped[kind].get(rec["forbidden"], 0) + 1
                else:
                    kept[kind].append(rec)
        batch = {k: list(itertools.islice(pools[k], n - len(kept[k]))) for k in kinds}
    records = [r for k in kinds for r in kept[k]]
    return summarize(records, skipped, n, seed, kinds), records, time.perf_counter() - t0


def card_settles(r: dict) -> bool:
    """A card settles when every claim of its ruling is settled (holds or fails) and none is
    settled on unread text: its effect was applied and the board claims follow from it."""
    return (not r["settled_on_unread"] and bool(r["claims"])
            and all(v in ("holds", "fails") for _, v, _ in r["claims"]))


def summarize(records: list[dict], skipped: dict, n: int, seed: int, kinds=("spell", "creature")) -> dict:
    def counts(rs):
        c = {"holds": 0, "fails": 0, "undetermined": 0, "error": 0}
        for r in rs:
            for v, k in r["verdicts"].items():
                c[v] = c.get(v, 0) + k
        c["settled"] = c["holds"] + c["fails"]
        c["total"] = c["settled"] + c["undetermined"] + c["error"]
        return c

    keys = sorted({k for r in records for k in r["reading"]})
    doc = {
        "schema": "mtgkb.honesty/1", "seed": seed, "n": n,
        "reading": keys[0] if len(keys) == 1 else "mixed: " + ", ".join(keys),
        "cards_tried": len(records),
        "skipped_unwritable": {k: dict(sorted(v.items(), key=lambda kv: (-kv[1], kv[0]))) for k, v in skipped.items()},
        "rulings": len(records),
        "rulings_with_error": sum(1 for r in records if r["error"] and not r["timeout"]),
        "rulings_timed_out": sum(1 for r in records if r["timeout"]),
        "claims": counts(records),
        "trigger_not_on_the_stack": sum(1 for r in records if r["resolved_trigger"] is False),
        "trigger_targets_not_named": sum(1 for r in records if r["notes"]),
        "cards_with_unread_ability": sum(1 for r in records if r["unread"]),
        "settled_on_unread": {
            "claims": sum(len(r["settled_on_unread"]) for r in records),
            "cards": sorted({r["card"] for r in records if r["settled_on_unread"]}),
        },
        "by_kind": {},
    }

    def cards(rs, kind_list):
        written = len(rs)
        unwritable = sum(sum(skipped.get(k, {}).values()) for k in kind_list)
        settled = sum(1 for r in rs if card_settles(r))
        return {"written": written, "unwritable": unwritable, "settled": settled,
                "percent_of_written": round(100 * settled / written, 1) if written else 0.0,
                "percent_of_sampled": round(100 * settled / (written + unwritable), 1) if written + unwritable else 0.0}

    doc["cards_settled"] = cards(records, kinds)
    for kind in kinds:
        rs = [r for r in records if r["kind"] == kind]
        doc["by_kind"][kind] = {
            "cards": len(rs), "cards_settled": cards(rs, [kind]), "claims": counts(rs),
            "cards_with_unread_ability": sum(1 for r in rs if r["unread"]),
            "settled_on_unread_claims": sum(len(r["settled_on_unread"]) for r in rs),
            "settled_on_unread_cards": sum(1 for r in rs if r["settled_on_unread"]),
        }
    return doc


def _line(r: dict) -> str:
    v = r["verdicts"]
    mark = (" SETTLED-ON-UNREAD (" + " | ".join(t[:70] for t in r["unread"]) + ")") if r["settled_on_unread"] else ""
    err = f" error: {r['error'][:120]}" if r["error"] else ""
    return (f"{r['kind']:8} {r['card']}: holds {v.get('holds', 0)}, fails {v.get('fails', 0)}, "
            f"undetermined {v.get('undetermined', 0)}, error {v.get('error', 0)}; "
            f"unread {len(r['unread'])}{mark}{err}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=120, help="cards of each kind (default 120)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=float, default=30.0, help="seconds per ruling (default 30)")
    ap.add_argument("--list", action="store_true", help="also print one line per card after the JSON")
    ap.add_argument("--stats", action="store_true", help="add wall time to the summary")
    ap.add_argument("--scenario", metavar="CARD", help="print the ruling written for CARD and exit")
    ap.add_argument("--library", choices=sorted(BOARDS), default="unknown",
                    help="the board's libraries: 30 unknown cards each (default), or the top five named (known)")
    ap.add_argument("--kinds", default=",".join(KINDS),
                    help=f"comma-separated kinds of cards to sample (default {','.join(KINDS)}; also attacks)")
    args = ap.parse_args(argv)
    if args.scenario:
        # the first kind (of --kinds, in that order) the card is sampled as
        for kind in (k for k in args.kinds.split(",") if k in KINDS):
            for d in candidates()[kind]:
                if d["name"].casefold() == args.scenario.casefold():
                    try:
                        print(write_ruling(d, kind, BOARDS[args.library]).text, end="")
                    except Unwritable as e:
                        print(f"cannot be written: {e}", file=sys.stderr)
                        return 2
                    return 0
        print(f"not a sampled kind of card: {args.scenario}", file=sys.stderr)
        return 2
    kinds = tuple(k for k in args.kinds.split(",") if k)
    bad = [k for k in kinds if k not in ("spell", "creature", "dies", "attacks")]
    if bad:
        print(f"unknown kind: {', '.join(bad)}", file=sys.stderr)
        return 2
    doc, records, secs = measure(args.n, args.seed, args.limit, kinds=kinds, board=BOARDS[args.library])
    doc["library"] = args.library
    if args.stats:
        doc["seconds"] = round(secs, 1)
    print(json.dumps(doc, indent=2, ensure_ascii=False))
    if args.list:
        for r in records:
            print(_line(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
