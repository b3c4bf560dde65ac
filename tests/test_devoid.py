"""Devoid (mtgkb/rules/devoid.lp; 702.114a, 604.3, 613.3): the object is colorless; the keyword is applied."""

from __future__ import annotations

from casting_support import applied, check, verdicts

CAST = "Bob controls Hill Giant.\nIt is Alice's turn.\nAlice has {C}{C}{B} in her mana pool.\n"


def test_devoid_is_applied(tmp_path, capsys):
    assert applied("Complete Disregard", tmp_path, capsys) == [True, True]


def test_a_devoid_spell_is_colorless(tmp_path):
    r = check(tmp_path, CAST + "Alice casts Complete Disregard targeting Hill Giant.",
              "Complete Disregard is colorless.\nComplete Disregard is black.")
    assert verdicts(r) == ["holds", "fails"]


def test_without_devoid_the_cost_gives_the_color(tmp_path):
    r = check(tmp_path, CAST.replace("{C}{C}{B}", "{C}{B}") + "Alice casts Terror targeting Hill Giant.",
              "Terror is colorless.\nTerror is black.")
    assert verdicts(r) == ["fails", "holds"]
