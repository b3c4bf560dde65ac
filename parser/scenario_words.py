"""Words every family of scenario sentences reads: supertypes, card types, colors,
number words and ordinals, and how a handle becomes a name or a term.

A leaf: the sentence families (`scenario_state`, `scenario_claims`, `scenario_events`,
`scenario_mana`, `scenario_timeline`) and the builders in `scenario` import it."""

from __future__ import annotations

import re

from .terms import Fn, fn

SUPERTYPES = {"basic", "legendary", "snow", "world", "ongoing"}
CARD_TYPES = {"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land",
              "planeswalker", "sorcery", "tribal"}
COLORS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10, "no": 0}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
DEFAULT_PLAYERS = {"Alice", "Bob", "Carol", "Dave"}


def handle_term(handle: str) -> Fn:
    """The term h("Handle") that names an object of the scenario in a query."""
    return fn("h", handle)


def base_name(handle: str) -> str:
    """"Forest #2" -> "Forest": the card name behind a handle."""
    return re.sub(r"\s+#\d+$", "", handle)


def type_word(s: str) -> str:
    """A card type word as its term name ("tribal" is now "kindred", 205.3m)."""
    s = s.lower()
    return "kindred" if s == "tribal" else s


def count_word(tok) -> int:
    """A number or number word ("two", "a") -> the number."""
    if isinstance(tok, int):
        return tok
    s = str(tok).lower()
    return int(s) if s.isdigit() else NUMBER_WORDS[s]
