"""Triggered abilities a spell creates for the rest of the turn (CR 603.7a-d): "Whenever a creature dies this
turn, ..." (Death Frenzy), "When that creature dies this turn, ..." (the spell's target, fixed as it resolves),
"Whenever a creature enters the battlefield under your control this turn, ..."
(mtgkb/rules/meaning_turn_triggers.lp, turn_triggers.lp)."""

from __future__ import annotations

from test_turn_structure import run as run_with_cards

CARDS = """
card:
  Mourning Rite {1}{B}
  Sorcery
  Whenever a creature dies this turn, you gain 2 life.

card:
  Marked Doom {B}
  Instant
  Target creature gets -1/-1 until end of turn. When that creature dies this turn, you gain 3 life.

card:
  Blocking Tax {B}
  Sorcery
  Whenever a creature dies this turn, its controller loses 1 life.
"""


def _verdict(session, tmp_path, lines, claim) -> str:
    body = "\n".join(f"    {x}" for x in lines)
    rr, _ = run_with_cards(session, tmp_path, f'ruling "case"\n  given:\n{body}\n  expect:\n    {claim}\n', cards=CARDS)
    return rr.claims[0].verdict


BASE = ("Alice controls Grizzly Bears and Swamp.", "Bob controls Llanowar Elves and Hill Giant.", "It is Alice's turn.")


def test_each_creature_that_dies_this_turn_triggers_it(session, tmp_path):
    # CR 603.7b, 700.4: two deaths, two triggers, both the caster's (603.7d)
    lines = BASE + ("Alice has {B}{B} in her mana pool.", "Alice casts Mourning Rite, paying from her mana pool.",
                    "Mourning Rite resolves.", "Grizzly Bears dies.", "Mourning Rite's delayed triggered ability resolves.",
                    "Llanowar Elves dies.", "Mourning Rite's delayed triggered ability resolves.")
    assert _verdict(session, tmp_path, lines, "Alice has 24 life.") == "holds"
    assert _verdict(session, tmp_path, lines, "Bob has 20 life.") == "holds"


def test_it_ends_with_the_turn(session, tmp_path):
    # CR 603.7b, 500.4: "this turn": a death in the next turn does not trigger it
    lines = BASE + ("Alice has {B}{B} in her mana pool.", "Alice casts Mourning Rite, paying from her mana pool.",
                    "Mourning Rite resolves.", "The game proceeds to Bob's turn.", "Grizzly Bears dies.")
    assert _verdict(session, tmp_path, lines, "Alice has 20 life.") == "holds"


def test_that_creature_is_the_target_only(session, tmp_path):
    # CR 603.7c: the creature the spell targeted, fixed as it resolved: Llanowar Elves (1/1 -> 0/0) dies and
    # triggers it; Grizzly Bears dying does not
    cast = ("Alice has {B} in her mana pool.", "Alice casts Marked Doom targeting Llanowar Elves, paying from her mana pool.",
            "Marked Doom resolves.")
    assert _verdict(session, tmp_path, BASE + cast + ("Marked Doom's delayed triggered ability resolves.",),
                    "Alice has 23 life.") == "holds"
    cast_bears = ("Alice has {B} in her mana pool.", "Alice casts Marked Doom targeting Hill Giant, paying from her mana pool.",
                  "Marked Doom resolves.", "Grizzly Bears dies.")
    assert _verdict(session, tmp_path, BASE + cast_bears, "Alice has 20 life.") == "holds"


def test_an_effect_on_the_object_of_the_event_is_not_read(session, tmp_path):
    # CR 608.2c: "its controller" names the creature that died: not read, so what follows the death is open
    lines = BASE + ("Alice has {B} in her mana pool.", "Alice casts Blocking Tax, paying from her mana pool.",
                    "Blocking Tax resolves.", "Llanowar Elves dies.")
    assert _verdict(session, tmp_path, lines, "Bob has 20 life.") == "undetermined"
