"""Prevention effects that last this turn (615.1a, 514.2): meaning_prevention.lp reads "Prevent all [combat] damage that
would be dealt this turn" and the same to or by fixed objects and players; prevention.lp keeps that damage from being
dealt (to or by a group: judged each time damage would be dealt) -- in combat, by an effect, in a fight, by a sentence's damage event -- until the turn's cleanup step."""

from __future__ import annotations

import pytest

from casting_support import applied, cast_given, check, verdicts


@pytest.mark.parametrize("name", ["Fog", "Holy Day", "Fend Off", "Indestructible Aura", "Redeem", "Djeru's Resolve",
                                  "Warning"])
def test_read(name, tmp_path, capsys):
    assert applied(name, tmp_path, capsys)[0]   # (a cycling line after it is another matter)


@pytest.mark.parametrize("name", ["Forfend", "Divine Light", "Repel the Abominable"])
def test_a_group_decided_as_damage_would_be_dealt_is_read(name, tmp_path, capsys):
    # "to creatures [you control]", "by non-Human sources": which objects is decided each time damage would be dealt
    # (prevention.lp's to_each / by_each), not as it resolves
    assert applied(name, tmp_path, capsys)[0]


GROUP_CASES = [
    # Divine Light: a creature Alice controls only after it resolved is protected too (judged as damage is dealt)
    ("Bob controls Hill Giant.", "Divine Light", "Alice has {G}{G} in her mana pool.\nAlice casts Grizzly Bears, paying "
     "from her mana pool.\nGrizzly Bears resolves.\nHill Giant deals 3 damage to Grizzly Bears.\nHill Giant deals 3 "
     "damage to Alice.", "Grizzly Bears has no damage marked.\nAlice has 17 life."),
    # Repel the Abominable: a Human's damage is dealt, a non-Human's is not
    ("Bob controls Hill Giant.\nBob controls Elite Vanguard.", "Repel the Abominable", "Hill Giant deals 3 damage to "
     "Alice.\nElite Vanguard deals 2 damage to Alice.", "Alice has 18 life."),
]


@pytest.mark.parametrize("board, spell, after, expect", GROUP_CASES, ids=["joins-later", "by-non-humans"])
def test_a_group_judged_as_damage_would_be_dealt(board, spell, after, expect, tmp_path):
    r = check(tmp_path, cast_given(board, "{W}{W}", spell) + "\n" + after, expect)
    assert set(verdicts(r)) == {"holds"}


def test_a_damage_event_to_the_protected_creature(tmp_path):
    given = cast_given("Alice controls Grizzly Bears.\nBob controls Hill Giant.", "{W}", "Indestructible Aura",
                       "Grizzly Bears") + "\nHill Giant deals 3 damage to Grizzly Bears."
    r = check(tmp_path, given, "Grizzly Bears is on the battlefield.\nGrizzly Bears has no damage marked.")
    assert verdicts(r) == ["holds", "holds"]


def test_a_fight_with_the_protected_creature(tmp_path):
    # Prey Upon: each deals damage equal to its power to the other; the damage to Grizzly Bears is prevented
    given = (cast_given("Alice controls Grizzly Bears.\nBob controls Hill Giant.", "{W}", "Indestructible Aura",
                        "Grizzly Bears") + "\nAlice has {G} in her mana pool.\nAlice casts Prey Upon targeting Grizzly "
             "Bears and Hill Giant, paying from her mana pool.\nPrey Upon resolves.")
    r = check(tmp_path, given, "Grizzly Bears has no damage marked.\nHill Giant has 2 damage marked.")
    assert verdicts(r) == ["holds", "holds"]


def test_damage_to_the_player_only(tmp_path):
    # "Prevent all damage that would be dealt to you this turn" (Riot Control): Alice, not her creature
    given = cast_given("Alice controls Grizzly Bears.\nBob controls Hill Giant.", "{C}{C}{W}", "Riot Control")
    given += "\nHill Giant deals 3 damage to Alice.\nHill Giant deals 3 damage to Grizzly Bears."
    r = check(tmp_path, given, "Alice has 21 life.\nGrizzly Bears is in Alice's graveyard.")
    assert verdicts(r) == ["holds", "holds"]
