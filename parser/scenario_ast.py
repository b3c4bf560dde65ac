"""Typed AST of scenario files (.mtg): blocks, state and event sentences, claims."""

from __future__ import annotations

from dataclasses import dataclass, field

from .card_ast import Card
from .terms import Term


@dataclass(frozen=True)
class Pos:
    file: str
    line: int
    column: int = 1


@dataclass(frozen=True)
class ObjectSpec:
    """One object a state sentence puts into the game."""

    handle: str                      # how the scenario refers to it
    card: str | None                 # card name in the database / file, None for a described token
    pos: Pos
    token: bool = False
    token_values: tuple[Term, ...] = ()   # characteristics stated by the creating effect (111.3)
    counters: tuple[tuple[str, int], ...] = ()
    attached_to: str | None = None
    came_this_turn: bool = False
    tapped: bool = False
    face_down: bool = False          # CR 708.2


@dataclass(frozen=True)
class Sentence:
    """A `given` sentence: `kind` names it, `args` carry its parts."""

    kind: str
    pos: Pos
    text: str
    args: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Claim:
    """An `expect` sentence.  `queries` are conjoined (all must be true in the same
    outcome); `modality` is must|may|cannot; `negated` flips the whole claim."""

    text: str
    pos: Pos
    queries: tuple[Term, ...]
    modality: str = "must"
    negated: bool = False


@dataclass
class Block:
    kind: str                         # ruling | scenario
    title: str
    pos: Pos
    about: str | None = None
    cites: tuple[str, ...] = ()
    given: list[Sentence] = field(default_factory=list)
    expect: list[Claim] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    last_line: int | None = None      # the block's last line (its head's when it has no body)


@dataclass
class ScenarioFile:
    path: str
    blocks: list[Block]
    cards: list[Card]                 # card blocks at file level, visible to every block
    errors: list = field(default_factory=list)   # ParseErrors; a block with an error is not in `blocks`
    lines: list[str] = field(default_factory=list, repr=False)   # the source lines (for caret lines)
