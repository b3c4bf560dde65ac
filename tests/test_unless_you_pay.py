"""A cost its own controller may pay as an ability resolves: "<main> unless you pay <mana>" (CR 118.12, 118.3,
608.2d, 107.1; mtgkb/rules/meaning_unless_you_pay.lp, applied by unless_pays.lp): "At the beginning of your upkeep,
sacrifice Darba unless you pay {G}{G}", "When Megatherium enters the battlefield, sacrifice it unless you pay {1}
for each card in your hand".  Real cards of the card database; before, each of these lines was unread.  {X} and
hybrid symbols stay unread."""

from __future__ import annotations

from test_combat import case
from test_own_returns import _unread
from test_turn_structure import case_tests

CASES = [
    # CR 118.3: one Forest cannot pay {G}{G}: sacrificed
    case("darba-cannot-pay", ("It is Alice's turn.", "Alice controls Darba and Forest.", "Alice's upkeep begins.",
                              "Darba's triggered ability resolves."),
         ("Darba is in Alice's graveyard.", "Forest is untapped."), ("holds", "holds")),
    # CR 118.12: payable: the controller chooses (an outcome each)
    case("phantasmal-forces-may-pay", ("It is Alice's turn.", "Alice controls Phantasmal Forces and Island.",
                                       "Alice's upkeep begins.", "Phantasmal Forces's triggered ability resolves."),
         ("May Phantasmal Forces is on the battlefield.", "May Phantasmal Forces is in Alice's graveyard.",
          "May Island is tapped."), ("holds", "holds", "holds")),
    # CR 107.1, 402.1: two cards in hand make {2}; one Forest cannot pay it
    case("megatherium-two-cards", ("It is Alice's turn.", "Alice controls Forest.",
                                   "Alice has Lightning Bolt and Shock in hand.",
                                   "Megatherium enters under Alice's control.",
                                   "Megatherium's triggered ability resolves."),
         ("Megatherium is in Alice's graveyard.",), ("holds",)),
    # CR 402.3: a hand not given: how much to pay is not known
    case("megatherium-hand-unknown", ("It is Alice's turn.", "Alice controls Forest.",
                                      "Megatherium enters under Alice's control.",
                                      "Megatherium's triggered ability resolves."),
         ("Megatherium is on the battlefield.",), ("undetermined",)),
]

test_unless_you_pay, test_unless_you_pay_ids = case_tests(CASES)


def test_x_and_hybrid_stay_unread():
    assert not _unread("At the beginning of your upkeep, sacrifice Darba unless you pay {G}{G}.", "Darba")
    assert _unread("When Foo enters the battlefield, sacrifice it unless you pay {X}.", "Foo")
    assert _unread("When Foo enters the battlefield, sacrifice it unless you pay {W/U}.", "Foo")
