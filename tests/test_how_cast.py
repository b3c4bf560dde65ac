"""How a permanent was cast, read by its own enters trigger's intervening "if" (CR 603.4, 601.2a, 608.3,
702.33d, 601.2h, 707.10), and "Add <mana>." as a triggered ability's effect (106.4), with made-up cards
(mtgkb/rules/meaning_how_cast.lp, how_cast.lp, meaning_mana_effects.lp, mana_effects.lp)."""

from __future__ import annotations

import pytest

from test_combat import case
from test_turn_structure import Case, assert_case
from test_turn_structure import run as run_with_cards

CARDS = """
card:
  Hearth Herald {1}{W}
  Creature — Human Cleric
  When Hearth Herald enters, if you cast it from your hand, you gain 3 life.
  2/2

card:
  Kicked Brute {1}{R}
  Creature — Ogre
  Kicker {2}
  When Kicked Brute enters, if it was kicked, you gain 4 life.
  2/2

card:
  Tidal Sage {2}{U}
  Creature — Merfolk Wizard
  When Tidal Sage enters, if {U} was spent to cast it, you gain 1 life.
  1/3

card:
  Ember Font {1}{R}
  Creature — Elemental
  When Ember Font enters, add {R}{R}.
  1/1
"""



BOARD = ("It is Alice's turn.", "Bob controls Hill Giant.")
CASES = [
    case("cast-from-hand", BOARD + ("Alice has {W}{W} in her mana pool.", "Alice casts Hearth Herald.",
                                    "Hearth Herald resolves.", "Hearth Herald's triggered ability resolves."),
         ("Hearth Herald's triggered ability triggers.", "Alice has 23 life."), ("holds", "holds")),
    case("not-cast", BOARD + ("Hearth Herald enters under Alice's control.",),
         ("Hearth Herald's triggered ability triggers.", "Alice has 20 life."), ("fails", "holds")),
    case("a-copy-of-the-spell-was-not-cast", BOARD + (
        "Alice has {W}{W} in her mana pool.", "Alice casts Hearth Herald.",
        'Alice copies Hearth Herald called "Herald Copy".', "Herald Copy resolves."),
        ("Herald Copy's triggered ability triggers.",), ("fails",)),
    case("kicked", BOARD + ("Alice has {R}{R}{C}{C} in her mana pool.", "Alice casts Kicked Brute with kicker.",
                            "Kicked Brute resolves.", "Kicked Brute's triggered ability resolves."),
         ("Alice has 24 life.",), ("holds",)),
    case("not-kicked", BOARD + ("Alice has {R}{R} in her mana pool.", "Alice casts Kicked Brute.",
                                "Kicked Brute resolves."),
         ("Kicked Brute's triggered ability triggers.",), ("fails",)),
    case("blue-spent", BOARD + ("Alice has {U}{C}{C} in her mana pool.", "Alice casts Tidal Sage.",
                                "Tidal Sage resolves.", "Tidal Sage's triggered ability resolves."),
         ("Alice has 21 life.",), ("holds",)),
    case("mana-added-on-resolution", BOARD + ("Ember Font enters under Alice's control.",
                                              "Ember Font's triggered ability resolves."),
         ("Alice has {R}{R} in her mana pool.",), ("holds",)),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_how_cast(case: Case, session, tmp_path):
    assert_case(case, *run_with_cards(session, tmp_path, case.body, cards=CARDS))


def test_every_case_checks_something():
    assert len({c.id for c in CASES}) == len(CASES)
    assert all((c.verdicts is None) != (c.error is None) and (c.error is None) == (c.at is None) for c in CASES)
