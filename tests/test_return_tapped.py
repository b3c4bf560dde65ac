""""return it to the battlefield tapped under its owner's control" in a dies trigger of the card's own (CR 400.7e,
603.10a, 110.5b; mtgkb/rules/meaning_return_tapped.lp, mtgkb/engine/resolution.py): the card the creature became in
its owner's graveyard comes back tapped; in a trigger on another creature's death ("it" is not followed) the verb
phrase stays unread.  Real card: Tenacious Dead."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

DIES = ("Alice controls Tenacious Dead.", "Tenacious Dead dies.", "Tenacious Dead's triggered ability resolves.")
CASES = [
    case("paid-it-returns-tapped", ("Alice has {B}{B} in her mana pool.",) + DIES,
         ("May Tenacious Dead is tapped.", "May Tenacious Dead is untapped.", "May Tenacious Dead is in Alice's graveyard."),
         ("holds", "fails", "holds")),
    case("unpayable-it-stays", ("Alice controls Forest.",) + DIES, ("Tenacious Dead is in Alice's graveyard.",),
         ("holds",)),
]

test_return_tapped, test_case_ids_differ = case_tests(CASES)


def test_read_only_for_the_card_itself(tmp_path):
    text = ("Odd Dead {B}\nCreature — Zombie\nWhen Odd Dead dies, return it to the battlefield tapped under its owner's "
            "control.\n\nOdd Keeper {B}\nCreature — Zombie\nWhenever another creature you control dies, return it to the "
            "battlefield tapped under its owner's control.\n")
    assert parse_applied(tmp_path, text) == [True, False]
