"""Goad (CR 701.15; mtgkb/rules/meaning_goad.lp, goad.lp): until the goading player's next turn, the goaded
creature attacks each combat if able (508.1d) and attacks a player other than the goading player if able (with
two players there is none).  Real cards: Jeering Homunculus ("you may goad target creature")."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import Case, case_tests

GOADED = ("It is Alice's turn.", "Bob controls Hill Giant.", "Bob controls Grizzly Bears.",
          "Jeering Homunculus enters under Alice's control.",
          "Jeering Homunculus's triggered ability resolves, choosing Hill Giant.")
CASES = [
    case("nothing-else-changes", GOADED,
         ("Hill Giant is 3/3.", "Hill Giant is untapped.", "Alice has 20 life."), ("holds", "holds", "holds")),
    case("it-must-attack-on-its-controllers-turn", GOADED + ("The game proceeds to Bob's turn.",
                                                             "Bob attacks with Grizzly Bears."),
         ("Grizzly Bears is attacking.",), error=("508.1d",), at="Bob attacks with Grizzly Bears."),
    case("it-attacks", GOADED + ("The game proceeds to Bob's turn.", "Bob attacks with Hill Giant.",
                                 "Combat damage is dealt."),
         ("Alice has 17 life.",), ("holds",)),
    case("the-goad-ends-as-the-goaders-next-turn-begins", GOADED + (
        "The game proceeds to Bob's turn.", "Bob attacks with Hill Giant.", "The game proceeds to Alice's turn.",
        "The game proceeds to Bob's turn.", "Bob attacks with Grizzly Bears.", "Combat damage is dealt."),
         ("Alice has 15 life.",), ("holds",)),
]
CASES = [Case(c.id, c.body, c.verdicts, c.error, (c.at[0], 1)) if c.at else c for c in CASES]


test_goad, test_case_ids_differ = case_tests(CASES)


def test_every_case_checks_something():
    assert all((c.verdicts is None) != (c.error is None) for c in CASES)


def test_goad_is_applied(tmp_path):
    assert parse_applied(tmp_path, "Goblin Racketeer {3}{R}\nCreature — Goblin Rogue\nWhenever Goblin Racketeer "
                         "attacks, you may goad target creature defending player controls.\n4/2\n") == [True]
    # "a goaded creature" (the adjective) is not read
    assert parse_applied(tmp_path, "Odd Ancestor {2}{R}\nCreature — Spirit\nWhenever a goaded creature attacks, "
                         "it deals 1 damage to its controller.\n2/2\n") == [False]
