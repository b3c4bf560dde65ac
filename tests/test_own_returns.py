"""Returning a permanent of a described kind one controls, chosen as the ability resolves (CR 608.2d, 105.2;
mtgkb/rules/meaning_own_returns.lp): "return a white or blue creature you control to its owner's hand" (Silver
Drake, Doomsday Specter) and the alternative of an "unless" ("sacrifice it unless you return an untapped Island you
control to its owner's hand", Coral Atoll; 118.12a).  Real cards of the card database; before, each of these
lines was unread.  A kind with an adjective descriptions do not know stays unread."""

from __future__ import annotations

from clingo import Function, Number, String

from test_combat import case
from test_turn_structure import case_tests

CASES = [
    # CR 608.2d: the only white or blue creature Alice controls is Silver Drake itself
    case("silver-drake-returns-itself", ("It is Alice's turn.", "Alice controls Grizzly Bears.",
                                         "Silver Drake enters under Alice's control.",
                                         "Silver Drake's triggered ability resolves."),
         ("Silver Drake is in Alice's hand.", "Grizzly Bears is on the battlefield."), ("holds", "holds")),
    # CR 608.2d: a choice between two that fit: an outcome each
    case("silver-drake-chooses", ("It is Alice's turn.", "Alice controls Serra Angel.",
                                  "Silver Drake enters under Alice's control.",
                                  "Silver Drake's triggered ability resolves."),
         ("May Serra Angel is in Alice's hand.", "May Silver Drake is in Alice's hand.",
          "May Serra Angel is on the battlefield."), ("holds", "holds", "holds")),
    # CR 108.4, 109.4: "you control": a blue creature of the opponent is not chosen
    case("doomsday-specter-not-the-opponents", ("It is Alice's turn.", "Bob controls Wind Drake.",
                                                "Doomsday Specter enters under Alice's control.",
                                                "Doomsday Specter's triggered ability resolves."),
         ("Wind Drake is on the battlefield.", "Doomsday Specter is in Alice's hand."), ("holds", "holds")),
    # CR 118.12a: no untapped Island to return: the land is sacrificed
    case("coral-atoll-without-an-untapped-island", ("It is Alice's turn.", "Alice controls Island.", "Island is tapped.",
                                                    "Coral Atoll enters under Alice's control.",
                                                    "Coral Atoll's triggered ability resolves."),
         ("Coral Atoll is in Alice's graveyard.", "Island is on the battlefield."), ("holds", "holds")),
    case("coral-atoll-with-an-untapped-island", ("It is Alice's turn.", "Alice controls Island.",
                                                 "Coral Atoll enters under Alice's control.",
                                                 "Coral Atoll's triggered ability resolves."),
         ("May Coral Atoll is in Alice's graveyard.", "May Island is in Alice's hand.",
          "May Coral Atoll is on the battlefield."), ("holds", "holds", "holds")),
]

test_own_returns, test_own_returns_ids = case_tests(CASES)


def _unread(line: str, name: str) -> bool:
    from mtgkb import facts, mana
    from mtgkb.coverage import derive_from_facts
    from mtgkb.parser.oracle import parse_ability_line

    ab = parse_ability_line(line, name)
    A = Function("ab", [String(name), Number(2)])
    fs = [facts.atom("printed", String("F"), Function("ability", [A]))]
    fs += facts.ability_facts(A, ab) + mana.ability_mana_facts(A, ab)
    return f"unread({A})" in {str(x) for x in derive_from_facts(fs, frozenset({"unread"}))}


def test_unknown_adjective_and_target_stay_unread():
    assert not _unread("When Silver Drake enters the battlefield, return a white or blue creature you control to its "
                       "owner's hand.", "Silver Drake")
    assert _unread("When Foo enters the battlefield, return a foo creature you control to its owner's hand.", "Foo")
    assert _unread("When Foo enters the battlefield, return another blue creature you control to its owner's hand.",
                   "Foo")
