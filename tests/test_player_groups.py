"""Groups of permanents a target player controls (109.4, 115.1, 601.2c, 608.2b; mtgkb/rules/meaning_player_groups.lp,
player_groups.lp): "each creature target opponent controls" is a target slot for the player, in reading order with
the others, and every permanent of the group that player controls as the spell resolves; "that player" names the
ability's one target player.  Counted: "for each creature target player controls".  Real cards (Simoon, Seismic Wave, Tempest Caller,
Radiating Lightning, Divine Congregation, Borrowing 100,000 Arrows) and a made-up one."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

CARDS = """
card:
  Pump Them {G}
  Instant
  Creatures target player controls get +1/+1 until end of turn.
"""

BOARD = ("It is Alice's turn.", "Alice controls Llanowar Elves.", "Bob controls Grizzly Bears, Hill Giant and Forest.")


def cast(card: str, pool: str, targets: str) -> tuple[str, ...]:
    return BOARD + (f"Alice has {pool} in her mana pool.", f"Alice casts {card} targeting {targets}, paying from her "
                    "mana pool.", f"{card} resolves.")


CASES = [
    case("simoon", cast("Simoon", "{R}{G}", "Bob"),
         ("Grizzly Bears has 1 damage marked.", "Hill Giant has 1 damage marked.", "Llanowar Elves is on the battlefield.",
          "Bob has 20 life."), ("holds",) * 4),
    # 115.1: "target opponent": Alice is not one
    case("simoon-not-an-opponent", cast("Simoon", "{R}{G}", "Alice"), ("Alice has 20 life.",),
         error=("illegal target", "601.2c"),
         at="Alice casts Simoon targeting Alice, paying from her mana pool."),
    # 601.2c: the targets fill the slots in reading order: any target first, the opponent second
    case("seismic-wave-order", cast("Seismic Wave", "{C}{C}{R}", "Grizzly Bears and Bob"),
         ("Grizzly Bears is in Bob's graveyard.", "Hill Giant has 1 damage marked.", "Llanowar Elves is on the battlefield."),
         ("holds",) * 3),
    case("radiating-lightning-that-player", cast("Radiating Lightning", "{C}{C}{C}{R}", "Bob"),
         ("Bob has 17 life.", "Grizzly Bears has 1 damage marked.", "Llanowar Elves is on the battlefield.",
          "Alice has 20 life."), ("holds",) * 4),
    case("pump-own-creatures", cast("Pump Them", "{G}", "Alice"),
         ("Llanowar Elves is 2/2.", "Grizzly Bears is 2/2."), ("holds", "holds")),
    # 701.26a: only creatures; only that player's
    case("tempest-caller", BOARD + ("Tempest Caller enters under Alice's control.",
                                    "Tempest Caller's triggered ability resolves."),
         ("Grizzly Bears is tapped.", "Hill Giant is tapped.", "Forest is untapped.", "Llanowar Elves is untapped."),
         ("holds",) * 4),
    # 107.1: "for each creature target player controls": counted as it resolves
    case("divine-congregation", ("It is Alice's turn.", "Alice has 10 life.", "Alice controls Llanowar Elves.",
                                 "Bob controls Grizzly Bears and Hill Giant.", "Alice has {C}{C}{C}{W} in her mana pool.",
                                 "Alice casts Divine Congregation targeting Bob, paying from her mana pool.",
                                 "Divine Congregation resolves."), ("Alice has 14 life.",), ("holds",)),
    case("arrows-tapped-only", ("It is Alice's turn.", "Alice's library has 10 cards.", "Alice has no cards in hand.",
                                "Bob controls Grizzly Bears, tapped.", "Bob controls Hill Giant.",
                                "Alice has {C}{C}{U} in her mana pool.",
                                "Alice casts Borrowing 100,000 Arrows targeting Bob, paying from her mana pool.",
                                "Borrowing 100,000 Arrows resolves."), ("Alice has 1 card in hand.",), ("holds",)),
]


test_player_groups, test_every_case_checks_something = case_tests(CASES, CARDS)


def test_groups_of_a_target_player_are_applied(tmp_path):
    assert parse_applied(tmp_path, "Tapper\nInstant\nTap all creatures target player controls.\n") == [True]
    # "that player" with no target player before it (a player the trigger names) is not read here
    assert parse_applied(tmp_path, "Hitter {1}\nCreature — Elf\nWhenever Hitter deals combat damage to a player, "
                         "destroy all lands that player controls.\n1/1\n") == [False]
