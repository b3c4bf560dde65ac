"""Conditions on an object as a spell resolves (meaning_object_conditions.lp, object_conditions.lp; 608.2c)."""

from __future__ import annotations

from casting_support import applied, check, verdicts


def test_the_conditions_are_applied(tmp_path, capsys):
    assert applied("Ray of Enfeeblement", tmp_path, capsys) == [True]
    assert applied("Pyroblast", tmp_path, capsys) == [True, True, True]
    assert applied("Electrostatic Bolt", tmp_path, capsys) == [True]


def _ray(tmp_path, creature: str, expect: str):
    return check(tmp_path, f"Bob controls {creature}.\nIt is Alice's turn.\nAlice has {{B}} in her mana pool.\n"
                 f"Alice casts Ray of Enfeeblement targeting {creature}, paying from her mana pool.\n"
                 "Ray of Enfeeblement resolves.", expect)


def test_instead_happens_only_when_the_quality_holds(tmp_path):
    assert verdicts(_ray(tmp_path, "Hill Giant", "Hill Giant is on the battlefield.")) == ["holds"]
    assert verdicts(_ray(tmp_path, "Serra Angel", "Serra Angel is in Bob's graveyard.")) == ["holds"]


def test_an_only_if_on_a_spell_target(tmp_path):
    r = check(tmp_path, "It is Alice's turn.\nAlice has {R}{R} in her mana pool.\nAlice casts Shock targeting Bob, "
              "paying from her mana pool.\nAlice casts Pyroblast choosing mode 1 targeting Shock.\nPyroblast resolves.",
              "Shock is not in Alice's graveyard.\nBob has 20 life.")
    assert verdicts(r) == ["holds", "holds"]   # red: not countered, still on the stack
