"""Last known information of a trigger's source that left the battlefield (CR 603.10a, 608.2h), with made-up
cards (mtgkb/rules/meaning_lki.lp, lki.lp, engine/lki.py)."""

from __future__ import annotations

import pytest

from test_combat import case
from test_turn_structure import Case, assert_case
from test_turn_structure import run as run_with_cards

CARDS = """
card:
  Fading Healer {1}{W}
  Creature — Human Cleric
  When Fading Healer leaves the battlefield, you gain life equal to its toughness.
  1/3

card:
  Keen Sentinel {1}{W}
  Creature — Human Soldier
  Whenever Keen Sentinel attacks, you gain life equal to its power.
  2/2

card:
  Hollow Hangar {2}
  Artifact Creature — Construct
  When Hollow Hangar dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on Hollow Hangar.
  0/0

card:
  Quiet Relic Keeper {2}
  Artifact Creature — Golem
  When Quiet Relic Keeper dies, if it had no -1/-1 counters on it, you gain 2 life.
  3/3
"""



BOARD = ("It is Alice's turn.", "Bob controls Hill Giant.")
CASES = [
    case("toughness-as-it-left-with-counters", BOARD + (
        "Alice controls Fading Healer with a -1/-1 counter.", "Fading Healer is returned to its owner's hand.",
        "Fading Healer's triggered ability resolves."), ("Alice has 22 life.",), ("holds",)),
    case("power-while-on-the-battlefield", BOARD + (
        "Alice controls Keen Sentinel with a +1/+1 counter.", "Alice attacks with Keen Sentinel.",
        "Keen Sentinel's triggered ability resolves."), ("Alice has 23 life.",), ("holds",)),
    case("power-of-a-source-gone-before-it-resolves-is-not-followed", BOARD + (
        "Alice controls Keen Sentinel.", "Alice attacks with Keen Sentinel.", "Keen Sentinel dies.",
        "Keen Sentinel's triggered ability resolves."), ("Alice has 22 life.",), ("undetermined",)),
    case("no-counter-of-that-kind-triggers", BOARD + (
        "Alice controls Quiet Relic Keeper with a +1/+1 counter.", "Quiet Relic Keeper dies.",
        "Quiet Relic Keeper's triggered ability resolves."),
        ("Quiet Relic Keeper's triggered ability triggers.", "Alice has 22 life."), ("holds", "holds")),
    # "for each +1/+1 counter on ~": the counters the source had as it last existed (603.10a)
    case("tokens-for-each-counter-on-the-named-source", BOARD + (
        "Alice controls Hollow Hangar with three +1/+1 counters.", "Hollow Hangar dies.",
        "Hollow Hangar's triggered ability resolves."),
        ("Alice controls 3 permanents named Thopter Token.", "Alice controls 2 permanents named Thopter Token."),
        ("holds", "fails")),
    case("a-counter-of-that-kind-does-not", BOARD + (
        "Alice controls Quiet Relic Keeper with a -1/-1 counter.", "Quiet Relic Keeper dies."),
        ("Quiet Relic Keeper's triggered ability triggers.", "Alice has 20 life."), ("fails", "holds")),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_lki(case: Case, session, tmp_path):
    assert_case(case, *run_with_cards(session, tmp_path, case.body, cards=CARDS))


def test_every_case_checks_something():
    assert len({c.id for c in CASES}) == len(CASES)
