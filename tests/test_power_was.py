"""'If its power was N or greater' in a leaves-the-battlefield trigger (CR 603.4, 603.10a; mtgkb/rules/meaning_lki.lp,
lki.lp): its power as it last existed on the battlefield (Deathknell Berserker)."""

from __future__ import annotations

from test_combat import case
from test_turn_structure import case_tests

BOARD = ("It is Alice's turn.", "Bob controls Hill Giant.")

CASES = [
    case("power-2-does-not-trigger", BOARD + ("Alice controls Deathknell Berserker.", "Deathknell Berserker dies."),
         ("Deathknell Berserker's triggered ability triggers.", "No token is created."), ("fails", "holds")),
    case("power-3-with-a-counter-triggers", BOARD + (
        "Alice controls Deathknell Berserker with a +1/+1 counter.", "Deathknell Berserker dies.",
        "Deathknell Berserker's triggered ability resolves."),
         ("Alice controls 1 permanent named Zombie Berserker Token.", "Deathknell Berserker is in Alice's graveyard."),
         ("holds", "holds")),
    case("power-raised-until-end-of-turn-counts", BOARD + (
        "Alice controls Deathknell Berserker.", "Alice has {R} in her mana pool.",
        "Alice casts Brute Force targeting Deathknell Berserker, paying from her mana pool.", "Brute Force resolves.",
        "Deathknell Berserker dies."), ("Deathknell Berserker's triggered ability triggers.",), ("holds",)),
]

test_power_was, test_case_ids_differ = case_tests(CASES)
