"""Typed AST of card text: a card is one or more faces, a face has a frame
(name, cost, type line, P/T, loyalty) and abilities in printed order."""

from __future__ import annotations

from dataclasses import dataclass, field

from .terms import Term

# Ability kinds (CR 113.3): spell abilities, activated (mana abilities are the
# activated ones of 605.1a, kept apart because the mana rules need them),
# triggered, static; keyword lines and replacement effects (614) are kept as their
# own kinds because the rules treat them specially.
ABILITY_KINDS = (
    "keyword",
    "mana",
    "activated",
    "triggered",
    "static",
    "replacement",
    "spell",
    "loyalty",
    "unsupported",
)


@dataclass(frozen=True)
class Ability:
    """One ability line of a face.

    `understood` is true when the grammar turned the line into structured meaning
    (costs, trigger, condition, effects, riders); an unsupported line keeps its text
    and position and nothing else.
    """

    kind: str
    text: str
    line: int
    column: int = 1
    understood: bool = True
    costs: tuple[Term, ...] = ()
    trigger: Term | None = None
    condition: Term | None = None
    effects: tuple[Term, ...] = ()
    riders: tuple[Term, ...] = ()
    reason: str | None = None  # why it is unsupported: what the grammar expected


@dataclass(frozen=True)
class ManaCost:
    """A mana cost as its symbols in printed order: "2", "G", "G/U", "2/W", "G/P",
    "X", "S", "C".  `None` on a face means no mana cost at all (lands), which is
    different from an empty cost {0}."""

    symbols: tuple[str, ...]

    def __str__(self) -> str:
        return "".join("{" + s + "}" for s in self.symbols)


@dataclass(frozen=True)
class CardFace:
    name: str
    mana_cost: ManaCost | None
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    abilities: tuple[Ability, ...] = ()
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    color_indicator: tuple[str, ...] | None = None  # colors given by an indicator or the data source
    source: str = "<text>"
    line: int = 1

    @property
    def unsupported(self) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if not a.understood)


@dataclass(frozen=True)
class Card:
    """A card: its faces (one for most cards) under its full name."""

    name: str
    faces: tuple[CardFace, ...]
    layout: str = "normal"
