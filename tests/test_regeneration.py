"""Regeneration (701.19, 614.8): meaning_regeneration.lp reads "Regenerate <permanent>" and "can't be regenerated";
regeneration.lp makes the shield, which the stepper keeps until it is used or the turn's cleanup step (514.2), and
uses it the next time the permanent would be destroyed, by an effect (effects.lp) or by lethal or deathtouch damage
(704.5g, 704.5h)."""

from __future__ import annotations

import pytest

from casting_support import applied, check, verdicts
from mtgkb.check import check_paths

BOA = ("Alice controls River Boa.\nIt is Bob's turn.\nAlice has {G} in her mana pool.\n"
       "Alice activates River Boa's ability, paying from her mana pool.\nRiver Boa's ability resolves.")


def bob_casts(spell: str, mana: str, target: str = "River Boa") -> str:
    aim = f" targeting {target}" if target else ""
    return f"\nBob has {mana} in his mana pool.\nBob casts {spell}{aim}, paying from his mana pool.\n{spell} resolves."


@pytest.mark.parametrize("name", ["River Boa", "Seedling Charm", "Wrath of God", "Terror", "Incinerate",
                                  "Hurr Jackal", "Flamebreak", "Regeneration"])
def test_read(name, tmp_path, capsys):
    assert all(applied(name, tmp_path, capsys)[-1:])


def test_the_ruling_checks():
    report, errors = check_paths(["kb/rulings/regeneration.mtg"])
    assert errors == []
    assert [r.status for r in report.results] == ["passed"] * len(report.results) and len(report.results) >= 10


@pytest.mark.parametrize("more, expect", [
    # 701.19a: the shield replaces the destruction: still on the battlefield, tapped
    (bob_casts("Doom Blade", "{C}{B}"), "River Boa is on the battlefield.\nRiver Boa is tapped."),
    # 704.5h, 701.19a: deathtouch damage: the state-based action is replaced too
    ("\nBob controls Vampire Nighthawk.\nVampire Nighthawk deals 1 damage to River Boa.",
     "River Boa is on the battlefield.\nRiver Boa has no damage marked."),
    # 701.19c, 611.2a: Hurr Jackal's "can't be regenerated this turn" keeps the shield from being used
    ("\nBob controls Hurr Jackal.\nBob activates Hurr Jackal's ability targeting River Boa.\n"
     "Hurr Jackal's ability resolves." + bob_casts("Lightning Bolt", "{R}"), "River Boa is in Alice's graveyard."),
    # 701.19c: Terror's "It can't be regenerated."
    (bob_casts("Terror", "{C}{B}"), "River Boa is in Alice's graveyard."),
    # 704.5f: 0 toughness is not destruction
    ("\nBob has {B} in his mana pool.\nBob casts Disfigure targeting River Boa, paying from his mana pool.\n"
     "Disfigure resolves.", "River Boa is in Alice's graveyard."),
], ids=["destroy", "deathtouch", "cant-this-turn", "terror", "toughness-0"])
def test_the_shield(more, expect, tmp_path):
    r = check(tmp_path, BOA + more, expect)
    assert set(verdicts(r)) == {"holds"}


def test_without_a_shield_the_creature_is_destroyed(tmp_path):
    given = "Alice controls River Boa.\nIt is Bob's turn." + bob_casts("Doom Blade", "{C}{B}")
    assert verdicts(check(tmp_path, given, "River Boa is in Alice's graveyard.")) == ["holds"]


def test_a_shield_counter_beside_a_shield_is_unsettled(tmp_path):
    # 616.1: a shield counter (122.1c) and a regeneration shield on one destruction: its controller chooses the order
    given = BOA.replace("Alice controls River Boa.", "Alice controls River Boa with a shield counter.")
    r = check(tmp_path, given + bob_casts("Doom Blade", "{C}{B}"), "River Boa is untapped.")
    assert verdicts(r) == ["undetermined"]


def test_an_aura_gone_before_its_ability_resolves_is_unsettled(tmp_path):
    # 113.7a: "enchanted creature" of an Aura no longer on the battlefield is the creature it last enchanted: not followed
    given = ("Alice controls Grizzly Bears.\nAlice controls Regeneration attached to Grizzly Bears.\nIt is Bob's turn.\n"
             "Alice has {G} in her mana pool.\nAlice activates Regeneration's ability, paying from her mana pool.\n"
             "Bob has {C}{G} in his mana pool.\nBob casts Naturalize targeting Regeneration, paying from his mana pool.\n"
             "Naturalize resolves.\nRegeneration's ability resolves." + bob_casts("Doom Blade", "{C}{B}", "Grizzly Bears"))
    r = check(tmp_path, given, "Grizzly Bears is on the battlefield.")
    assert verdicts(r) == ["undetermined"]
