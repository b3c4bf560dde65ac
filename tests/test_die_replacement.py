"""'If <it> would die this turn, exile it instead' (mtgkb/rules/meaning_die_exile.lp, die_replacement.lp;
614.1a, 700.4): the spell's sentence is read, and what would die is exiled instead."""

from __future__ import annotations

import pytest

from casting_support import applied, check, verdicts

BOARD = "Alice controls Grizzly Bears.\nBob controls Hill Giant.\nIt is Alice's turn.\n"


@pytest.mark.parametrize("card", ["Lava Coil", "Bleed Dry", "Anger of the Gods", "Scorching Dragonfire",
                                  "Annihilating Fire"])
def test_the_sentence_is_read(card, tmp_path, capsys):
    assert all(applied(card, tmp_path, capsys))


def test_every_creature_is_not_read(tmp_path, capsys):
    # "If a creature would die this turn" names creatures that are not on the battlefield yet too
    assert applied("Malicious Malfunction", tmp_path, capsys) == [False]


def test_lethal_damage_exiles(tmp_path):
    r = check(tmp_path, BOARD + "Alice has {C}{R} in her mana pool.\nAlice casts Lava Coil targeting Hill Giant.\n"
              "Lava Coil resolves.",
              "Hill Giant is in Bob's exile.\nHill Giant is in Bob's graveyard.\nNo permanent is put into a graveyard.\n"
              "Grizzly Bears is on the battlefield.")
    assert verdicts(r) == ["holds", "fails", "holds", "holds"]


def test_without_the_replacement_it_dies(tmp_path):
    r = check(tmp_path, BOARD + "Alice has {R} in her mana pool.\nAlice casts Lightning Bolt targeting Hill Giant.\n"
              "Lightning Bolt resolves.",
              "Hill Giant is in Bob's exile.\nHill Giant is in Bob's graveyard.")
    assert verdicts(r) == ["fails", "holds"]


def test_only_what_it_names(tmp_path):
    # Magma Spray's effect is on Hill Giant; Grizzly Bears dies normally later in the turn
    r = check(tmp_path, BOARD + "Alice has {R}{R} in her mana pool.\nAlice casts Magma Spray targeting Hill Giant.\n"
              "Magma Spray resolves.\nAlice casts Shock targeting Grizzly Bears.\nShock resolves.",
              "Grizzly Bears is in Alice's graveyard.\nHill Giant is on the battlefield.\nHill Giant has 2 damage marked.")
    assert verdicts(r) == ["holds", "holds", "holds"]


def test_a_creature_dealt_no_damage_is_not_exiled(tmp_path):
    # Annihilating Fire dealt damage to Bob only: Hill Giant destroyed later goes to the graveyard
    r = check(tmp_path, BOARD + "Alice has {C}{R}{R} in her mana pool.\nAlice casts Annihilating Fire targeting Bob.\n"
              "Annihilating Fire resolves.\nAlice has {C}{B} in her mana pool.\nAlice casts Terror targeting Hill Giant.\nTerror resolves.",
              "Hill Giant is in Bob's graveyard.\nBob has 17 life.")
    assert verdicts(r) == ["holds", "holds"]
