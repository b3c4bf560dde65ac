"""Casting a card from its owner's graveyard: flashback, retrace, jump-start (mtgkb/rules/meaning_zone_casting.lp,
zone_casting.lp; 601.3, 702.34a, 702.81a, 702.133a, 118.9, 119.4)."""

from __future__ import annotations

from casting_support import applied, bad_input, check, verdicts

GEISTFLAME = ("Bob controls Hill Giant.\nIt is Alice's turn.\nGeistflame is in Alice's graveyard.\n"
              "Alice has {C}{C}{C}{R} in her mana pool.\n")


def test_the_keywords_are_applied(tmp_path, capsys):
    assert applied("Geistflame", tmp_path, capsys) == [True, True]
    assert applied("Deep Analysis", tmp_path, capsys) == [True, True]
    assert applied("Monstrify", tmp_path, capsys) == [True, True]


def test_flashback_from_the_graveyard_is_exiled(tmp_path):
    r = check(tmp_path, GEISTFLAME + "Alice casts Geistflame targeting Hill Giant, paying from her mana pool.\n"
              "Geistflame resolves.", "Geistflame is in Alice's exile.\nHill Giant has 1 damage marked.\n"
              "Alice has no mana in her mana pool.")
    assert verdicts(r) == ["holds", "holds", "holds"]


def test_flashback_pays_its_own_cost_not_the_mana_cost(tmp_path):
    given = GEISTFLAME.replace("{C}{C}{C}{R}", "{R}")
    e = bad_input(tmp_path, given + "Alice casts Geistflame targeting Hill Giant, paying from her mana pool.")
    assert "601.2h" in str(e)
    r = check(tmp_path, given, "Alice can cast Geistflame.")
    assert verdicts(r) == ["fails"]


def test_a_free_flashback_cast_is_refused(tmp_path):
    e = bad_input(tmp_path, GEISTFLAME + "Alice casts Geistflame without paying its mana cost targeting Hill Giant.")
    assert "118.9a" in str(e) or "alternative" in str(e)


def test_a_flashback_cost_with_more_than_mana_and_life_is_open(tmp_path):
    r = check(tmp_path, "It is Alice's turn.\nAlice controls Mountain and Mountain #2.\nFirecat Blitz is in Alice's "
              "graveyard.\nAlice has {R}{R} in her mana pool.\nAlice casts Firecat Blitz with X = 1, paying from her "
              "mana pool.", "Mountain is on the battlefield.")
    assert verdicts(r) == ["undetermined"]


def test_retrace_discards_a_land_card(tmp_path):
    given = ("Alice controls Grizzly Bears.\nIt is Alice's turn.\nMonstrify is in Alice's graveyard.\n"
             "Lightning Bolt is in Alice's hand.\nAlice has {C}{C}{C}{G} in her mana pool.\n")
    e = bad_input(tmp_path, given + "Alice casts Monstrify targeting Grizzly Bears, discarding Lightning Bolt, "
                  "paying from her mana pool.")
    assert "702.81a" in str(e)
    # an unnamed discard: what the payment did is not settled
    r = check(tmp_path, given + "Alice casts Monstrify targeting Grizzly Bears, paying from her mana pool.\n"
              "Monstrify resolves.", "Grizzly Bears is 6/6.")
    assert verdicts(r) == ["undetermined"]


def test_can_cast_from_the_graveyard_needs_a_target(tmp_path):
    r = check(tmp_path, "It is Alice's turn.\nGeistflame is in Alice's graveyard.\nAlice has {C}{C}{C}{R} in her "
              "mana pool.", "Alice can cast Geistflame.")
    assert verdicts(r) == ["holds"]   # any target: a player is always there
    r = check(tmp_path, "It is Alice's turn.\nMonstrify is in Alice's graveyard.\nForest is in Alice's hand.\n"
              "Alice has {C}{C}{C}{G} in her mana pool.", "Alice can cast Monstrify.")
    assert verdicts(r) == ["fails"]   # no creature to target


def test_another_players_graveyard_is_not_allowed(tmp_path):
    e = bad_input(tmp_path, "Bob controls Hill Giant.\nIt is Bob's turn.\nGeistflame is in Alice's graveyard.\n"
                  "Bob has {C}{C}{C}{R} in his mana pool.\nBob casts Geistflame targeting Hill Giant, paying from "
                  "his mana pool.")
    assert "601.3" in str(e)


def test_madness_and_miracle_leave_their_discard_and_draw_open(tmp_path, capsys):
    assert applied("Fiery Temper", tmp_path, capsys) == [True, True]
    assert applied("Entreat the Angels", tmp_path, capsys) == [True, True]
    r = check(tmp_path, "It is Alice's turn.\nFiery Temper is in Alice's hand.\nAlice has {C}{R} in her mana pool.\n"
              "Alice casts Tormenting Voice, discarding Fiery Temper.", "Fiery Temper is in Alice's graveyard.")
    assert verdicts(r) == ["undetermined"]   # 702.35a: discarded into exile, and its trigger may cast it
    r = check(tmp_path, "It is Alice's turn.\nFiery Temper is in Alice's exile.\nBob controls Hill Giant.\n"
              "Alice has {R} in her mana pool.\nAlice casts Fiery Temper targeting Hill Giant, paying from her mana pool.",
              "Hill Giant is on the battlefield.")
    assert verdicts(r) == ["undetermined"]   # a madness cast from exile is not refused (601.3), and not settled
    r = check(tmp_path, "It is Alice's turn.\nThe top card of Alice's library is Entreat the Angels.\n"
              "Alice has {C}{C}{U} in her mana pool.\nAlice casts Divination, paying from her mana pool.\n"
              "Divination resolves.", "Alice has 20 life.")
    assert verdicts(r) == ["undetermined"]   # 702.94a: drawn, it may be cast for its miracle cost


def test_rebound_exiles_and_its_next_upkeep_cast_is_open(tmp_path, capsys):
    assert applied("Distortion Strike", tmp_path, capsys) == [True, True]
    given = ("Alice controls Grizzly Bears.\nIt is Alice's turn.\nAlice has {U} in her mana pool.\n"
             "Alice casts Distortion Strike targeting Grizzly Bears, paying from her mana pool.\nDistortion Strike resolves.\n")
    r = check(tmp_path, given, "Distortion Strike is in Alice's exile.")
    assert verdicts(r) == ["holds"]
    r = check(tmp_path, given + "The turn ends.\nBob's upkeep begins.\nThe turn ends.\nAlice's upkeep begins.\n"
              "Distortion Strike's delayed triggered ability resolves.", "Grizzly Bears is 2/2.")
    assert verdicts(r) == ["undetermined"]   # 702.88a: she may cast it again: not followed
    # cast from the graveyard (flashback-less): not allowed; from exile: not allowed either (no permission)
    r = check(tmp_path, "Alice controls Grizzly Bears.\nIt is Alice's turn.\nDistortion Strike is in Alice's exile.\n"
              "Alice has {U} in her mana pool.", "Alice can cast Distortion Strike.")
    assert verdicts(r) == ["fails"]
