""""The player or planeswalker it's attacking" in an attack trigger (CR 506.2, 508.1b, 508.5;
mtgkb/rules/meaning_attacked_player.lp): the player the source attacks as the ability resolves; a source no
longer attacking leaves the resolution unsettled.  Real card: Scorch Spitter."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

ATTACK = ("It is Alice's turn.", "Bob controls Hill Giant.", "Alice controls Scorch Spitter.",
          "Alice attacks with Scorch Spitter.")
CASES = [
    case("the-attacked-player-is-dealt-damage", ATTACK + ("Scorch Spitter's triggered ability resolves.",),
         ("Bob has 19 life.", "Alice has 20 life."), ("holds", "holds")),
    case("a-source-gone-is-not-settled", ATTACK + ("Scorch Spitter dies.", "Scorch Spitter's triggered ability resolves."),
         ("Bob has 19 life.",), ("undetermined",)),
]


test_attacked_player, test_every_case_checks_something = case_tests(CASES)


def test_it_is_applied(tmp_path):
    assert parse_applied(tmp_path, "Odd Spitter {R}\nCreature — Lizard\nWhenever Odd Spitter attacks, it deals 1 "
                         "damage to the player or planeswalker it's attacking.\n1/1\n") == [True]
