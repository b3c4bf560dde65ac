""""The player or planeswalker it's attacking" in an attack trigger (CR 506.2, 508.1b, 508.5;
mtgkb/rules/meaning_attacked_player.lp): the player the source attacks as the ability resolves; a source no
longer attacking leaves the resolution unsettled.  Real card: Scorch Spitter."""

from __future__ import annotations

import pytest

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import Case, assert_case
from test_turn_structure import run as run_with_cards

ATTACK = ("It is Alice's turn.", "Bob controls Hill Giant.", "Alice controls Scorch Spitter.",
          "Alice attacks with Scorch Spitter.")
CASES = [
    case("the-attacked-player-is-dealt-damage", ATTACK + ("Scorch Spitter's triggered ability resolves.",),
         ("Bob has 19 life.", "Alice has 20 life."), ("holds", "holds")),
    case("a-source-gone-is-not-settled", ATTACK + ("Scorch Spitter dies.", "Scorch Spitter's triggered ability resolves."),
         ("Bob has 19 life.",), ("undetermined",)),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_attacked_player(case: Case, session, tmp_path):
    assert_case(case, *run_with_cards(session, tmp_path, case.body, cards=""))


def test_every_case_checks_something():
    assert len({c.id for c in CASES}) == len(CASES)


def test_it_is_applied(tmp_path):
    assert parse_applied(tmp_path, "Odd Spitter {R}\nCreature — Lizard\nWhenever Odd Spitter attacks, it deals 1 "
                         "damage to the player or planeswalker it's attacking.\n1/1\n") == [True]
