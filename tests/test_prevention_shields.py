"""Prevention shields (615.7): meaning_prevention.lp reads "Prevent the next N damage that would be dealt to <one> this
turn"; prevention_shields.lp cuts the damage at every place it is dealt (an effect, divided damage, a fight, combat, a
damage event) and the stepper keeps what is left of the shield until the turn's cleanup step (514.2)."""

from __future__ import annotations

import pytest

from casting_support import applied, cast_given, check, verdicts
from mtgkb.check import check_paths


@pytest.mark.parametrize("name", ["Mending Hands", "Shieldmate's Blessing", "Festival of the Guildpact", "Dawnfluke",
                                  "Abuna Acolyte", "Hold at Bay"])
def test_read(name, tmp_path, capsys):
    assert all(applied(name, tmp_path, capsys)[-2 if name == "Abuna Acolyte" else -1:])


def test_the_ruling_checks():
    report, errors = check_paths(["kb/rulings/prevention-shields.mtg"])
    assert errors == []
    assert [r.status for r in report.results] == ["passed"] * len(report.results) and len(report.results) >= 5


def test_an_x_shield(tmp_path):
    # Festival of the Guildpact with X = 2: 2 of the 3 damage is prevented
    given = cast_given("Bob controls Hill Giant.", "{C}{C}{W}", "Festival of the Guildpact", how=" with X = 2")
    r = check(tmp_path, given + "\nHill Giant deals 3 damage to Alice.", "Alice has 19 life.")
    assert verdicts(r) == ["holds"]


COMBAT = ("Bob controls Hill Giant and Grizzly Bears.\nIt is Bob's turn.\nBob attacks with Hill Giant and Grizzly Bears.\n"
          "Alice has {mana} in her mana pool.\nAlice casts {spell} targeting Alice, paying from her mana pool.\n"
          "{spell} resolves.\nCombat damage is dealt.")


@pytest.mark.parametrize("mana, spell, expect, verdict", [
    # 615.7: 5 combat damage from two attackers and a shield of 4: Alice chooses which damage it prevents
    ("{W}", "Mending Hands", "Alice has 19 life.", "undetermined"),
    # Hold at Bay (7) covers the 5 combat damage of both attackers: no choice, all of it is prevented
    ("{C}{W}", "Hold at Bay", "Alice has 20 life.", "holds")], ids=["a-choice", "covered"])
def test_two_attackers(mana, spell, expect, verdict, tmp_path):
    r = check(tmp_path, COMBAT.format(mana=mana, spell=spell), expect)
    assert verdicts(r) == [verdict]


def test_another_prevention_effect_on_the_same_damage(tmp_path):
    # 616.1: Riot Control and a shield on Alice: the order she applies them decides whether the shield is used
    given = cast_given("Bob controls Hill Giant.", "{C}{C}{W}", "Riot Control") + (
        "\nAlice has {W} in her mana pool.\nAlice casts Mending Hands targeting Alice, paying from her mana pool.\n"
        "Mending Hands resolves.\nHill Giant deals 3 damage to Alice.\nHill Giant deals 3 damage to Alice.")
    r = check(tmp_path, given, "Alice has 21 life.")
    assert verdicts(r) == ["undetermined"]


@pytest.mark.parametrize("name", ["Healing Grace", "Pay No Heed"])
def test_a_source_of_your_choice_is_read(name, tmp_path, capsys):
    assert applied(name, tmp_path, capsys)[0]


def test_a_source_of_your_choice_leaves_the_damage_undetermined(tmp_path):
    # 609.7a: Healing Grace's source is chosen as it resolves; the scenario does not say which: Hill Giant's damage to
    # Alice may be the one prevented (undetermined), the life she gains is not in doubt
    given = cast_given("Bob controls Hill Giant.", "{W}", "Healing Grace", "Alice")
    r = check(tmp_path, given, "Alice has 23 life.")
    assert verdicts(r) == ["holds"]
    r = check(tmp_path, given + "\nHill Giant deals 3 damage to Alice.", "Alice has 20 life.")
    assert verdicts(r) == ["undetermined"]


def test_all_damage_of_a_chosen_source(tmp_path):
    # Pay No Heed: whether Hill Giant is the source chosen is not said: undetermined; with no damage dealt, settled
    given = cast_given("Bob controls Hill Giant.", "{W}", "Pay No Heed")
    r = check(tmp_path, given, "Alice has 20 life.")
    assert verdicts(r) == ["holds"]
    r = check(tmp_path, given + "\nHill Giant deals 3 damage to Alice.", "Alice has 17 life.")
    assert verdicts(r) == ["undetermined"]
