"""Triggers on attacking alone (CR 506.5) and on attacking without being blocked (509.1h), with made-up
cards (mtgkb/rules/meaning_combat_triggers.lp, combat_triggers.lp; the declaration of no blockers:
mtgkb/engine/combat.py)."""

from __future__ import annotations

import pytest

from test_combat import case
from test_turn_structure import Case, assert_case
from test_turn_structure import run as run_with_cards

CARDS = """
card:
  Lone Raider {2}{R}
  Creature — Human Warrior
  Whenever Lone Raider attacks alone, it gets +2/+0 until end of turn.
  2/2

card:
  Sly Courier {1}{U}
  Creature — Human Rogue
  Whenever Sly Courier attacks and isn't blocked, you gain 3 life.
  1/1

card:
  Honor Guard {1}{W}
  Creature — Human Samurai
  Bushido 1
  2/2

card:
  Grim Skirmisher {1}{B}
  Creature — Zombie
  Afflict 2
  Renown 1
  2/2

card:
  Gate Warden {1}{W}
  Creature — Human Soldier
  Whenever Gate Warden enters or attacks, you gain 1 life.
  2/2
"""



BOARD = ("It is Alice's turn.", "Bob controls Hill Giant.")
CASES = [
    case("alone-triggers", BOARD + ("Alice controls Lone Raider.", "Alice attacks with Lone Raider.",
                                    "Lone Raider's triggered ability resolves."),
         ("Lone Raider's triggered ability triggers.", "Lone Raider is 4/2."), ("holds", "holds")),
    case("not-alone", BOARD + ("Alice controls Lone Raider and Grizzly Bears.",
                               "Alice attacks with Lone Raider and Grizzly Bears."),
         ("Lone Raider's triggered ability triggers.", "Lone Raider is 2/2."), ("fails", "holds")),
    case("unblocked-not-yet-as-attackers-are-declared", BOARD + ("Alice controls Sly Courier.",
                                                                 "Alice attacks with Sly Courier."),
         ("Sly Courier's triggered ability triggers.", "Alice has 20 life."), ("fails", "holds")),
    case("unblocked-when-no-blocker-is-declared", BOARD + (
        "Alice controls Sly Courier.", "Alice attacks with Sly Courier.", "Alice's declare blockers step begins.",
        "Sly Courier's triggered ability resolves."),
        ("Sly Courier's triggered ability triggers.", "Alice has 23 life.", "Sly Courier is unblocked."),
        ("holds", "holds", "holds")),
    case("unblocked-beside-a-blocked-attacker", BOARD + (
        "Alice controls Sly Courier and Grizzly Bears.", "Alice attacks with Sly Courier and Grizzly Bears.",
        "Bob blocks Grizzly Bears with Hill Giant.", "Sly Courier's triggered ability resolves."),
        ("Alice has 23 life.", "Grizzly Bears is blocked."), ("holds", "holds")),
    case("blocked-does-not-trigger", BOARD + (
        "Alice controls Sly Courier.", "Alice attacks with Sly Courier.", "Bob blocks Sly Courier with Hill Giant."),
        ("Sly Courier's triggered ability triggers.", "Sly Courier is blocked."), ("fails", "holds")),
    case("the-step-does-not-end-with-the-trigger-on-the-stack", BOARD + (
        "Alice controls Sly Courier.", "Alice attacks with Sly Courier.", "Combat damage is dealt."),
        ("Bob has 19 life.",), error=("500.2", "Sly Courier"), at="Combat damage is dealt."),
    case("resolved-then-combat-damage", BOARD + (
        "Alice controls Sly Courier.", "Alice attacks with Sly Courier.", "Alice's declare blockers step begins.",
        "Sly Courier's triggered ability resolves.", "Combat damage is dealt."),
        ("Bob has 19 life.", "Alice has 23 life."), ("holds", "holds")),
    # CR 702.45a, 702.130a, 702.112a: unread keywords that trigger on blocks or on combat damage only
    case("bushido-does-not-trigger-on-attacking", BOARD + ("Alice controls Honor Guard.", "Alice attacks with Honor Guard."),
         ("Honor Guard is attacking.", "Hill Giant is 3/3."), ("holds", "holds")),
    case("bushido-may-trigger-on-blocks", BOARD + ("Alice controls Honor Guard.", "Alice attacks with Honor Guard.",
                                                   "Bob blocks Honor Guard with Hill Giant."),
         ("Honor Guard is 2/2.",), ("undetermined",)),
    case("afflict-and-renown-not-on-attacking", BOARD + ("Alice controls Grim Skirmisher.",
                                                         "Alice attacks with Grim Skirmisher."),
         ("Bob has 20 life.", "Grim Skirmisher has no +1/+1 counters."), ("holds", "holds")),
    case("renown-may-trigger-on-combat-damage", BOARD + ("Alice controls Grim Skirmisher.",
                                                         "Alice attacks with Grim Skirmisher.", "Combat damage is dealt."),
         ("Grim Skirmisher has no +1/+1 counters.",), ("undetermined",)),
    case("enters-or-attacks-on-entering", BOARD + ("Gate Warden enters under Alice's control.",
                                                   "Gate Warden's triggered ability resolves."),
         ("Alice has 21 life.",), ("holds",)),
    case("enters-or-attacks-on-attacking", BOARD + ("Alice controls Gate Warden.", "Alice attacks with Gate Warden.",
                                                    "Gate Warden's triggered ability resolves."),
         ("Alice has 21 life.",), ("holds",)),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_combat_triggers(case: Case, session, tmp_path):
    assert_case(case, *run_with_cards(session, tmp_path, case.body, cards=CARDS))


def test_every_case_checks_something():
    assert len({c.id for c in CASES}) == len(CASES)
    assert all((c.verdicts is None) != (c.error is None) and (c.error is None) == (c.at is None) for c in CASES)
