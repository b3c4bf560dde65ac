"""The card frame: name, mana cost, type line, P/T and loyalty (CR 201-209).

Frames come either from a text block (language.md section 1) or from the fields
of a JSON card object; both end in the same `CardFace`.  Ability lines are handed
to `oracle.parse_abilities`.
"""

from __future__ import annotations

import re

from .card_ast import Card, CardFace, ManaCost
from .errors import ParseError
from . import oracle

SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host")  # 205.4a (+ Un-set)
CARD_TYPES = (
    "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant",
    "Kindred", "Tribal", "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme",
    "Sorcery", "Vanguard", "Summon", "Eaturecray", "Hero", "Emblem",
)  # 205.2a; Tribal is Kindred's older name, Summon an old creature wording.

_SYMBOL = re.compile(r"\{([^{}]+)\}")
_COST_AT_END = re.compile(r"^(?P<name>.*?)\s+(?P<cost>(?:\{[^{}]+\})+)\s*$")
_PT = re.compile(r"^(?P<p>[-+*0-9.XxY²½∞?]+(?:[+-][*0-9]+)?)\s*/\s*(?P<t>[-+*0-9.XxY²½∞?]+(?:[+-][*0-9]+)?)$")
_LOYALTY = re.compile(r"^(?:Loyalty:?\s*)?(?P<l>\d+|X|\*)$")
_DASHES = ("—", "--", " - ")

VALID_SYMBOL = re.compile(
    r"^(?:\d+|[WUBRGCSXYZ]|[WUBRG]/[WUBRGP]|2/[WUBRG]|C/[WUBRG]|[WUBRG]/[WUBRG]/P|H[WUBRG]|½|∞|T|Q|E|P|A|TK|D|L|CHAOS|PW)$"
)


def parse_mana_cost(text: str | None, *, file: str = "<text>", line: int = 1, column: int = 1) -> ManaCost | None:
    """'{2}{G/U}{S}' -> ManaCost(('2','G/U','S')); '' or None -> None (no cost)."""
    if text is None or text.strip() == "":
        return None
    text = text.strip()
    symbols = []
    pos = 0
    for m in _SYMBOL.finditer(text):
        if m.start() != pos and text[pos:m.start()].strip() not in ("", "//"):
            raise ParseError(
                f"unexpected text {text[pos:m.start()]!r} in a mana cost",
                file, line, column + pos, expected=("a mana symbol such as {2}, {G}, {G/U}, {S}",),
                source_line=text,
            )
        sym = m.group(1).upper()
        if not VALID_SYMBOL.match(sym):
            raise ParseError(f"unknown mana symbol {{{sym}}}", file, line, column + m.start(),
                             expected=("{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{S}", "{X}", "{N}", "{G/U}", "{2/W}", "{G/P}"),
                             source_line=text)
        symbols.append(sym)
        pos = m.end()
    if text[pos:].strip():
        raise ParseError(f"unexpected text {text[pos:]!r} after the mana cost", file, line, column + pos,
                         expected=("a mana symbol",), source_line=text)
    return ManaCost(tuple(symbols))


def split_type_line(type_line: str, *, file: str = "<text>", line: int = 1) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """'Legendary Snow Creature — Shapeshifter' -> supertypes, card types, subtypes (205.1)."""
    left, right = type_line, ""
    for dash in _DASHES:
        if dash in type_line:
            left, right = type_line.split(dash, 1)
            break
    supers, types = [], []
    for i, word in enumerate(left.split()):
        w = word.capitalize()
        if w in SUPERTYPES and not types:
            supers.append(w)
        elif w in CARD_TYPES:
            types.append("Kindred" if w == "Tribal" else w)
        else:
            col = type_line.find(word) + 1
            raise ParseError(
                f"{word!r} is not a supertype or card type",
                file, line, col,
                expected=tuple(s.lower() for s in SUPERTYPES[:5]) + tuple(t.lower() for t in CARD_TYPES[:15]),
                source_line=type_line,
            )
    if not types and not supers:
        raise ParseError("the type line names no card type", file, line, 1,
                         expected=("a card type such as Creature or Land",), source_line=type_line)
    subtypes = _split_subtypes(right.strip())
    return tuple(supers), tuple(types), subtypes


# Subtypes that are two words long (205.3m Time Lord; planar types are irrelevant here).
_TWO_WORD_SUBTYPES = ("Time Lord",)


def _split_subtypes(text: str) -> tuple[str, ...]:
    if not text:
        return ()
    out: list[str] = []
    words = text.split()
    i = 0
    while i < len(words):
        pair = " ".join(words[i:i + 2])
        if pair in _TWO_WORD_SUBTYPES:
            out.append(pair)
            i += 2
        else:
            out.append(words[i])
            i += 1
    return tuple(out)


def face_from_fields(
    *, name: str, mana_cost: str | None, type_line: str, oracle_text: str,
    power: str | None = None, toughness: str | None = None, loyalty: str | None = None,
    colors: tuple[str, ...] | None = None, file: str = "<json>", line: int = 1,
) -> CardFace:
    supers, types, subs = split_type_line(type_line, file=file, line=line)
    abilities = oracle.parse_abilities(oracle_text or "", name, file=file, first_line=line, supertypes=supers,
                                       types=types)
    return CardFace(
        name=name,
        mana_cost=parse_mana_cost(mana_cost, file=file, line=line),
        supertypes=supers, types=types, subtypes=subs,
        abilities=abilities,
        power=power, toughness=toughness, loyalty=loyalty,
        color_indicator=colors, source=file, line=line,
    )


def parse_card_block(text: str, *, file: str = "<text>", line: int = 1) -> Card:
    """One card in the text form of language.md section 1:

        Name {cost}
        [supertypes] types [— subtypes]
        ability lines ...
        [P/T or loyalty]
    """
    lines = [l.rstrip() for l in text.splitlines()]
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) < 2:
        raise ParseError("a card needs at least a name line and a type line", file, line + max(len(lines) - 1, 0),
                         1, expected=("a type line such as 'Creature — Bear'",),
                         source_line=lines[0] if lines else "")
    first = lines[0].strip()
    m = _COST_AT_END.match(first)
    if m:
        name, cost_text = m.group("name").strip(), m.group("cost")
        cost = parse_mana_cost(cost_text, file=file, line=line, column=first.find(cost_text) + 1)
    else:
        name, cost = first, None
    if not name:
        raise ParseError("the card has no name", file, line, 1, expected=("a card name",), source_line=lines[0])
    supers, types, subs = split_type_line(lines[1].strip(), file=file, line=line + 1)
    body = lines[2:]
    power = toughness = loyalty = None
    if body:
        last = body[-1].strip()
        pt = _PT.match(last)
        lo = _LOYALTY.match(last)
        if pt:
            power, toughness = pt.group("p"), pt.group("t")
            body = body[:-1]
        elif lo and "Planeswalker" in types:
            loyalty = lo.group("l")
            body = body[:-1]
    abilities = oracle.parse_abilities("\n".join(body), name, file=file, first_line=line + 2, supertypes=supers,
                                       types=types)
    face = CardFace(name=name, mana_cost=cost, supertypes=supers, types=types, subtypes=subs,
                    abilities=abilities, power=power, toughness=toughness, loyalty=loyalty,
                    source=file, line=line)
    return Card(name=name, faces=(face,))


def parse_card_text(text: str, *, file: str = "<text>", first_line: int = 1) -> list[Card]:
    """Cards separated by blank lines."""
    cards: list[Card] = []
    block: list[str] = []
    start = first_line
    for i, raw in enumerate(text.splitlines() + [""], start=first_line):
        if raw.strip() == "":
            if block:
                cards.append(parse_card_block("\n".join(block), file=file, line=start))
                block = []
            continue
        if not block:
            start = i
        block.append(raw)
    return cards
