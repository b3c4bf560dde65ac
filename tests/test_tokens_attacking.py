"""Tokens put onto the battlefield tapped and attacking (508.4, 506.3b): in combat, under the attacking player's
control, they attack the defending player and deal combat damage; outside combat they only enter tapped; when the
defending player controls a planeswalker, what they attack is a choice no sentence makes (undetermined)."""

from __future__ import annotations

import pytest

from test_turn_structure import run

CARDS = """
card:
  Hawk Caller {2}{W}
  Creature — Human Soldier
  When Hawk Caller enters the battlefield, create a 1/1 white Bird creature token with flying that's tapped and attacking.
  1/1

card:
  Raid Leader {2}{R}
  Creature — Goblin
  Whenever Raid Leader attacks, create two 1/1 red Goblin creature tokens that are tapped and attacking.
  2/2

card:
  Test Walker {2}{U}
  Legendary Planeswalker — Jace
  +1: Draw a card.
  3
"""


def body(given: str, expect: str) -> str:
    return ('ruling "tokens attacking"\n  given:\n' + "".join(f"    {ln}\n" for ln in given.splitlines())
            + "  expect:\n" + "".join(f"    {ln}\n" for ln in expect.splitlines()))


CASES = [
    # 508.4, 510.1: two Goblins attack Bob beside the Leader: 2 + 1 + 1
    ("in-combat", "It is Alice's turn.\nBob has 20 life.\nAlice controls Raid Leader.\nAlice attacks with Raid Leader.\n"
     "Raid Leader's triggered ability resolves.\nCombat damage is dealt.",
     "Bob has 16 life.\nAlice controls 2 permanents named Goblin Token.", ["holds", "holds"]),
    # 506.3b, 506.2: outside combat there is no attacking player: the Bird enters tapped, not attacking
    ("outside-combat", "It is Alice's turn.\nBob has 20 life.\nHawk Caller enters under Alice's control.\n"
     "Hawk Caller's triggered ability resolves.",
     "Alice controls 1 permanent named Bird Token.\nBob has 20 life.", ["holds", "holds"]),
    # 508.4: Bob's planeswalker could be attacked instead: which one is a choice the scenario does not make
    ("a-planeswalker-to-choose", "It is Alice's turn.\nAlice controls Raid Leader.\nBob controls Test Walker.\n"
     "Alice attacks with Raid Leader.\nRaid Leader's triggered ability resolves.\nCombat damage is dealt.",
     "Bob has 16 life.", ["undetermined"]),
    # 508.3a: the tokens were never declared as attackers: the Leader's own trigger does not trigger again
    ("not-declared", "It is Alice's turn.\nBob has 20 life.\nAlice controls Raid Leader.\nAlice attacks with Raid Leader.\n"
     "Raid Leader's triggered ability resolves.",
     "Alice controls 2 permanents named Goblin Token.", ["holds"]),
]


@pytest.mark.parametrize("name,given,expect,verdicts", CASES, ids=[c[0] for c in CASES])
def test_tokens_put_onto_the_battlefield_attacking(session, tmp_path, name, given, expect, verdicts):
    rr, _ = run(session, tmp_path, body(given, expect), cards=CARDS)
    assert [c.verdict for c in rr.claims] == verdicts, rr.claims
