"""The trigger "When ~ dies or is put into exile from the battlefield" (CR 603.6c, 603.10a, 700.4, 400.7e;
mtgkb/rules/meaning_dies_or_exiled.lp, dies_or_exiled.lp): either event triggers it, and "it" is the card its source
became in the graveyard or in exile; returned to its owner's hand, the creature triggers nothing.  Real cards:
God-Eternal Oketra, Swords to Plowshares, Unsummon."""

from __future__ import annotations

from test_combat import case
from test_turn_structure import case_tests

OKETRA = ("It is Alice's turn.", "Alice controls God-Eternal Oketra.", "Alice's library has 10 cards.")
CASES = [
    case("dies-it-may-go-to-the-library", OKETRA + (
        "God-Eternal Oketra dies.", "God-Eternal Oketra's second triggered ability resolves."),
         ("May Alice's library has 11 cards.", "May God-Eternal Oketra is in Alice's graveyard."), ("holds", "holds")),
    case("exiled-it-may-go-to-the-library", OKETRA + (
        "Alice has {W} in her mana pool.",
        "Alice casts Swords to Plowshares targeting God-Eternal Oketra, paying from her mana pool.",
        "Swords to Plowshares resolves.", "God-Eternal Oketra's second triggered ability resolves."),
         ("May Alice's library has 11 cards.", "May God-Eternal Oketra is in Alice's exile."), ("holds", "holds")),
    case("returned-to-hand-nothing-triggers", OKETRA + (
        "Alice has {U} in her mana pool.",
        "Alice casts Unsummon targeting God-Eternal Oketra, paying from her mana pool.", "Unsummon resolves."),
         ("God-Eternal Oketra's second triggered ability triggers.", "Alice's library has 10 cards."), ("fails", "holds")),
]

test_dies_or_exiled, test_case_ids_differ = case_tests(CASES)
