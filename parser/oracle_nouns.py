"""Noun groups of object descriptions (docs/oracle-meaning.md, `types(group(...), ...)`).

In English a list of type words shares the head noun written once after the last of them: "an
artifact or creature spell" is an artifact spell or a creature spell, "an instant or sorcery card"
an instant card or a sorcery card, "a Forest or Plains card" a Forest card or a Plains card
(CR 109.2, 205.2a: the words of one alternative are read together).  The grammar parses the head
noun as part of the last group only; `share_head_noun` gives it to each earlier group that has no
head noun of its own ("target spell or permanent" keeps its two heads).
"""

from __future__ import annotations

from .terms import Fn

HEAD_NOUNS = ("spell", "card", "permanent", "source", "token")


def _heads(group: Fn) -> tuple[Fn, ...]:
    return tuple(w for w in group.args if isinstance(w, Fn) and not w.args and w.name in HEAD_NOUNS)


def share_head_noun(groups: list[Fn]) -> list[Fn]:
    """The groups, each bare one before the last given the last group's head nouns."""
    if len(groups) < 2:
        return groups
    last = _heads(groups[-1])
    if not last:
        return groups
    return [g if _heads(g) else Fn(g.name, g.args + last) for g in groups[:-1]] + [groups[-1]]
