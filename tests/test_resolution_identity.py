"""A resolve sentence names one stack item (405.5, 608.1): when an earlier resolution went past
it, the item is found by identity -- its source object and ability, not yet named by another
sentence -- never by the name of its source (mtgkb/engine/resolution.py, `_already_resolved`).
Two objects of the same name each have their own triggers; an earlier trigger of the same
source is not a later one.  Ad-hoc cards keep the cases independent of the card database."""

from __future__ import annotations

from test_combat import case
from test_turn_structure import Case, case_tests

CARDS = """
card:
  Quiet Warden {W}
  Creature — Human Cleric
  Whenever another creature enters, you gain 1 life.
  1/1
"""

TWO = ("It is Alice's turn.", "Alice controls two Quiet Wardens.", "Grizzly Bears enters under Bob's control.")
CASES = [
    case("two-same-named-sources-resolve-independently", TWO + (
        "Quiet Warden's triggered ability resolves.", "Quiet Warden #2's triggered ability resolves."),
        ("Alice has 22 life.", "Quiet Warden's triggered ability triggers."), ("holds", "holds")),
    case("the-second-object-resolving-first-is-still-its-own", TWO + (
        "Quiet Warden #2's triggered ability resolves.", "Quiet Warden's triggered ability resolves."),
        ("Alice has 22 life.",), ("holds",)),
    # the second sentence names Quiet Warden's trigger again: it was named already, and the trigger of
    # the other object of that name is not it
    case("a-trigger-named-twice-is-an-error", TWO + (
        "Quiet Warden's triggered ability resolves.", "Quiet Warden's triggered ability resolves."),
        ("Alice has 22 life.",), error=("that is not on the stack",),
        at="Quiet Warden's triggered ability resolves."),
    # an earlier trigger of the same source that resolved is not the one a later sentence names
    case("an-earlier-trigger-of-the-source-is-not-a-later-one", (
        "It is Alice's turn.", "Alice controls Quiet Warden.", "Grizzly Bears enters under Bob's control.",
        "Quiet Warden's triggered ability resolves.", "Quiet Warden dies.", "Hill Giant enters under Bob's control.",
        "Quiet Warden's triggered ability resolves."),
        ("Alice has 21 life.",), error=("that is not on the stack",),
        at="Quiet Warden's triggered ability resolves."),
    # two triggers of one source: each sentence names one of them
    case("two-triggers-of-one-source-one-per-sentence", (
        "It is Alice's turn.", "Alice controls Quiet Warden.", "Grizzly Bears enters under Bob's control.",
        "Hill Giant enters under Bob's control.", "Quiet Warden's triggered ability resolves.",
        "Quiet Warden's triggered ability resolves."),
        ("Alice has 22 life.",), ("holds",)),
]


def _at_second(c: Case) -> Case:
    """The error is at the second sentence of that text."""
    return Case(c.id, c.body, c.verdicts, c.error, (c.at[0], 2)) if c.at else c


CASES = [_at_second(c) for c in CASES]


test_resolution_identity, test_case_ids_differ = case_tests(CASES, cards=CARDS)


def test_every_case_checks_something():
    assert all((c.verdicts is None) != (c.error is None) for c in CASES)
