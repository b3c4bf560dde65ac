""""If it was kicked, <part> instead." in a permanent's own enters trigger (CR 702.33d, 608.2c;
mtgkb/rules/meaning_kicked_permanent.lp, kicked_permanent.lp): the part replaces the sentence before it when the
spell the permanent was had its kicker paid (Desolation Giant)."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

BOARD = ("It is Alice's turn.", "Bob controls Hill Giant.", "Alice controls Grizzly Bears.")
GIANT = ("Desolation Giant's triggered ability resolves.",)

CASES = [
    case("entering-without-being-cast-is-not-kicked", BOARD + ("Desolation Giant enters under Alice's control.",) + GIANT,
         ("Grizzly Bears is in Alice's graveyard.", "Hill Giant is on the battlefield.",
          "Desolation Giant is on the battlefield."), ("holds", "holds", "holds")),
    case("cast-without-kicker", BOARD + (
        "Alice has {R}{R}{R}{R} in her mana pool.", "Alice casts Desolation Giant, paying from her mana pool.",
        "Desolation Giant resolves.") + GIANT,
         ("Grizzly Bears is in Alice's graveyard.", "Hill Giant is on the battlefield."), ("holds", "holds")),
    case("cast-with-kicker-destroys-every-other-creature", BOARD + (
        "Alice has {R}{R}{R}{R}{W}{W} in her mana pool.",
        "Alice casts Desolation Giant with kicker, paying from her mana pool.", "Desolation Giant resolves.") + GIANT,
         ("Grizzly Bears is in Alice's graveyard.", "Hill Giant is in Bob's graveyard.",
          "Desolation Giant is on the battlefield."), ("holds", "holds", "holds")),
]

test_kicked_permanent, test_case_ids_differ = case_tests(CASES)


def test_desolation_triggers_are_applied(tmp_path):
    """The honesty bench's reading: the trigger with its kicked alternative is applied."""
    assert parse_applied(tmp_path, "Desolation Giant {2}{R}{R}\nCreature — Giant\nKicker {W}{W}\nWhen Desolation Giant "
                         "enters the battlefield, destroy all other creatures you control. If it was kicked, destroy "
                         "all other creatures instead.\n3/3\n") == [True, True]
