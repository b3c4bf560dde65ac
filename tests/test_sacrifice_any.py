""""Sacrifice any number of <kind>. ~ deals that much damage to <recipient>." (701.21a, 107.1, 608.2c;
mtgkb/rules/meaning_sacrifice_any.lp, sacrifice_any.lp): each choice of the player's permanents of that kind, none
included, is an outcome; the damage is the number sacrificed.  "you may tap any number of untapped creatures you
control. ~ gets +1/+1 until end of turn for each creature tapped this way" (701.26a, 608.2c) likewise.  Real cards
(Landslide, Last-Ditch Effort, Siege Striker)."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests


def landslide(board: str, resolve: str = "Landslide resolves.") -> tuple[str, ...]:
    return ("It is Alice's turn.", board, "Alice has {R} in her mana pool.",
            "Alice casts Landslide targeting Bob, paying from her mana pool.", resolve)


CASES = [
    # 107.1: no Mountain: none sacrificed, 0 damage
    case("no-mountain", landslide("Alice controls Forest."), ("Bob has 20 life.", "Forest is on the battlefield."),
         ("holds", "holds")),
    # 701.21a: any number of the two Mountains: four outcomes; the Forest is never one
    case("a-choice", landslide("Alice controls Mountain, Mountain #2 and Forest."),
         ("Forest is on the battlefield.", "Bob has 18 life.", "Mountain is on the battlefield."),
         ("holds", "fails", "fails")),
    # 608.2d: the Mountain the sentence names is one of them
    case("choosing", landslide("Alice controls Mountain and Forest.", "Landslide resolves, choosing Mountain."),
         ("Bob has 19 life.", "Mountain is in Alice's graveyard."), ("holds", "holds")),
    case("last-ditch-effort", ("It is Alice's turn.", "Alice controls Grizzly Bears.", "Bob controls Hill Giant.",
                               "Alice has {R} in her mana pool.",
                               "Alice casts Last-Ditch Effort targeting Bob, paying from her mana pool.",
                               "Last-Ditch Effort resolves, choosing Grizzly Bears."),
         ("Bob has 19 life.", "Grizzly Bears is in Alice's graveyard.", "Hill Giant is on the battlefield."),
         ("holds",) * 3),
    # 701.26a, 608.2c: the Bears tapped this way: +1/+1 for one creature
    case("siege-striker", ("It is Alice's turn.", "Bob controls Hill Giant.", "Alice controls Siege Striker and Grizzly Bears.",
                           "Alice attacks with Siege Striker.",
                           "Siege Striker's triggered ability resolves, choosing Grizzly Bears."),
         ("Grizzly Bears is tapped.", "Siege Striker is 2/2."), ("holds", "holds")),
]


test_sacrifice_any, test_every_case_checks_something = case_tests(CASES)


def test_sacrifice_any_number_is_applied(tmp_path):
    assert parse_applied(tmp_path, "Slide {R}\nSorcery\nSacrifice any number of Mountains. Slide deals that much damage "
                         "to any target.\n") == [True]
    assert parse_applied(tmp_path, "Striker {2}{W}\nCreature — Human Soldier\nWhenever Striker attacks, you may tap any "
                         "number of untapped creatures you control. Striker gets +1/+1 until end of turn for each "
                         "creature tapped this way.\n1/1\n") == [True]
    # as an additional cost it is not read here
    assert parse_applied(tmp_path, "Betray {B}\nSorcery\nAs an additional cost to cast this spell, sacrifice any number "
                         "of creatures.\nDraw a card.\n") == [False, True]
