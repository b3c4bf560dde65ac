"""Storm (702.40a): meaning_storm.lp applies the keyword; storm.lp counts the spells cast before the spell this turn
(tl_cast_before/2, kept by the stepper): with none it copies nothing, with some the copies are not followed and what
follows is undetermined."""

from __future__ import annotations

from casting_support import applied, cast_given, check, verdicts


def test_read(tmp_path, capsys):
    assert all(applied("Grapeshot", tmp_path, capsys))


def test_first_spell_of_the_turn(tmp_path):
    r = check(tmp_path, cast_given("Bob controls Hill Giant.", "{C}{R}", "Grapeshot", "Hill Giant"),
              "Hill Giant has 1 damage marked.")
    assert verdicts(r) == ["holds"]


def test_after_another_spell_the_copies_are_not_followed(tmp_path):
    given = (cast_given("Bob controls Hill Giant.", "{R}", "Lightning Bolt", "Bob") + "\n"
             + "\n".join(cast_given("", "{C}{R}", "Grapeshot", "Hill Giant").splitlines()[2:]))
    r = check(tmp_path, given, "Hill Giant has 1 damage marked.")
    assert verdicts(r) == ["undetermined"] and "Grapeshot" in r.claims[0].message

