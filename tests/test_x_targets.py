""""X target <objects>" (601.2b-c, 107.3; mtgkb/rules/meaning_target_counts.lp, targets.lp): the slot takes
exactly the X announced as the spell is cast; another number of targets is an error naming 601.2c; without an
announced X the resolution is undetermined.  Real cards (Gridlock, Glimpse the Sun God)."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

BOARD = ("It is Alice's turn.", "Alice controls Grizzly Bears and Forest.", "Bob controls Hill Giant.")


def cast(x: str, targets: str, pool: str = "{C}{C}{U}") -> tuple[str, ...]:
    tg = f" targeting {targets}" if targets else ""
    return BOARD + (f"Alice has {pool} in her mana pool.",
                    f"Alice casts Gridlock{tg}{x}, paying from her mana pool.", "Gridlock resolves.")


CASES = [
    case("x-one", cast(" with X = 1", "Hill Giant", "{C}{U}"),
         ("Hill Giant is tapped.", "Grizzly Bears is untapped.", "Forest is untapped."), ("holds",) * 3),
    case("x-two", cast(" with X = 2", "Hill Giant and Grizzly Bears"),
         ("Hill Giant is tapped.", "Grizzly Bears is tapped.", "Forest is untapped."), ("holds",) * 3),
    # 601.2c: X = 0 is no target at all: nothing is tapped and the spell still resolves (608.2b needs targets)
    case("x-zero", cast(" with X = 0", "", "{U}"),
         ("Hill Giant is untapped.", "Gridlock is in Alice's graveyard."), ("holds", "holds")),
    # 601.2c: two announced, one named
    case("too-few", cast(" with X = 2", "Hill Giant"), ("Hill Giant is untapped.",),
         error=("wrong number of targets", "601.2c"),
         at="Alice casts Gridlock targeting Hill Giant with X = 2, paying from her mana pool."),
    # 601.2c, 115.1: a land is not a nonland permanent
    case("illegal-land", cast(" with X = 1", "Forest", "{C}{U}"), ("Forest is untapped.",),
         error=("601.2c",),
         at="Alice casts Gridlock targeting Forest with X = 1, paying from her mana pool."),
    # 107.3, 601.2b: no X announced: how many targets it takes is not known
    case("no-x", BOARD + ("Alice has {C}{U} in her mana pool.",
                          "Alice casts Gridlock targeting Hill Giant, paying from her mana pool.", "Gridlock resolves."),
         ("Hill Giant is tapped.",), ("undetermined",)),
    case("glimpse", BOARD + ("Alice has {C}{W} in her mana pool.", "Alice's library has 5 cards.",
                             "Alice casts Glimpse the Sun God targeting Hill Giant with X = 1, paying from her mana pool.",
                             "Glimpse the Sun God resolves."),
         ("Hill Giant is tapped.", "Grizzly Bears is untapped."), ("holds", "holds")),
]


test_x_targets, test_every_case_checks_something = case_tests(CASES)


def test_x_target_is_applied_only_with_an_announced_x(tmp_path):
    assert parse_applied(tmp_path, "Tapper\nSorcery\nTap X target nonland permanents.\n") == [True]
    # an X the text defines is not the announced one; a triggered ability has no announced X
    assert parse_applied(tmp_path, "Tapper\nSorcery\nTap X target creatures, where X is the number of Elves you "
                         "control.\n") == [False]
    assert parse_applied(tmp_path, "Tapper {1}\nCreature — Elf\nWhen Tapper enters the battlefield, tap X target "
                         "creatures.\n1/1\n") == [False]
