"""A dying creature's own card put into its owner's library by its "When ~ dies" trigger (CR 400.7e, 603.10a,
701.24a, 701.24c; mtgkb/rules/meaning_self_library.lp, self_library.lp, meaning_effects.lp): the card the
creature became in the graveyard goes there only while it is still in the graveyard; a card gone from it before
the shuffle leaves whose library is shuffled unfollowed (not settled).  Real cards of the card database."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

BOARD = ("It is Alice's turn.", "Bob controls Hill Giant.", "Alice's library has 10 cards.",
         "Alice has no cards in hand.")


def dies(card: str, *more: str, ordinal: str = "") -> tuple[str, ...]:
    return BOARD + (f"Alice controls {card}.", f"{card} dies.") + more + (
        f"{card}'s {ordinal}triggered ability resolves.",)


CASES = [
    case("put-on-top-goes-to-the-library", dies("Dark Revenant"),
         ("Dark Revenant is in Alice's library.", "Dark Revenant is in Alice's graveyard.",
          "Alice's library has 11 cards.", "Alice has no cards in hand."), ("holds", "fails", "holds", "holds")),
    case("undying-beast-likewise", dies("Undying Beast"),
         ("Undying Beast is in Alice's library.", "Alice's library has 11 cards."), ("holds", "holds")),
    case("a-card-exiled-first-stays-in-exile", dies("Dark Revenant", "Dark Revenant is exiled."),
         ("Dark Revenant is in Alice's library.", "Alice's library has 10 cards."), ("fails", "holds")),
    case("shuffled-into-the-library", dies("Alabaster Dragon"),
         ("Alabaster Dragon is in Alice's library.", "Alice's library has 11 cards.", "No token is created."),
         ("holds", "holds", "holds")),
    # CR 701.24c: the library is shuffled even with the card gone; whose library that is is not followed here
    case("shuffle-with-the-card-gone-is-not-settled", dies("Alabaster Dragon", "Alabaster Dragon is exiled."),
         ("Alice's library has 10 cards.",), ("undetermined",)),
    # CR 608.2d: "you may shuffle it into ...": one choice for the move and the shuffle (an outcome each)
    case("may-shuffle-is-one-choice", dies("Angel of Fury"),
         ("Angel of Fury is in Alice's library.", "Angel of Fury is in Alice's graveyard.",
          "Alice's library has 10 cards.", "Hill Giant is 3/3."), ("fails", "fails", "fails", "holds")),
    case("may-put-on-top", dies("Avenging Angel"),
         ("Avenging Angel is in Alice's library.", "Avenging Angel is in Alice's graveyard."), ("fails", "fails")),
    # the card's unread "When ~ enters" trigger (a read trigger) does not unsettle the move into the library
    case("shuffle-then-scry", dies("Cavalier of Gales", ordinal="second "),
         ("Cavalier of Gales is in Alice's library.", "Alice's library has 11 cards.", "Hill Giant is 3/3.",
          "Alice has no cards in hand."), ("holds", "holds", "holds", "holds")),
]


test_self_library, test_every_case_checks_something = case_tests(CASES)


def test_the_dies_triggers_are_applied(tmp_path):
    assert parse_applied(tmp_path, "Dark Revenant {3}{B}\nCreature — Spirit\nFlying\nWhen Dark Revenant dies, put "
                         "it on top of its owner's library.\n2/2\n") == [True, True]
    assert parse_applied(tmp_path, "Alabaster Dragon {4}{W}{W}\nCreature — Dragon\nFlying\nWhen Alabaster Dragon "
                         "dies, shuffle it into its owner's library.\n4/4\n") == [True, True]
    # only a dies trigger's "it" is the card in the graveyard: an enters trigger's is not read
    assert parse_applied(tmp_path, "Odd Drake {3}{U}\nCreature — Drake\nWhen Odd Drake enters, shuffle it into "
                         "its owner's library.\n2/2\n") == [False]
