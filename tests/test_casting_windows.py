""""Cast this spell only during <a time>" (601.3, 307.1): meaning_casting_windows.lp reads the rider,
casting_windows.lp makes a cast outside that time a violation and "Alice can cast X" fail."""

from __future__ import annotations

import pytest

from casting_support import applied, check, verdicts

CARD = "  card:\n    Battle Insight {U}\n    Instant\n    Cast this spell only during combat.\n    Draw a card.\n"


@pytest.mark.parametrize("name", ["Angelic Favor", "Cauldron Dance", "Siren's Call", "Tears of Rage", "Mirror Match",
                                  "Winter's Chill"])
def test_read(name, tmp_path, capsys):
    assert applied(name, tmp_path, capsys)[0 if name != "Angelic Favor" else 1]


def test_a_cast_outside_combat_is_bad_input(tmp_path):
    r = check(tmp_path, "Alice has Battle Insight in her hand.\nAlice has {U} in her mana pool.\nIt is Alice's turn.\n"
              "Alice casts Battle Insight, paying from her mana pool.", "Alice has 20 life.", card=CARD)
    assert r.status == "error" and "not during the time its text allows" in r.error and "601.3" in r.error


@pytest.mark.parametrize("step, verdict", [("", "fails"), ("Alice's beginning of combat step begins.\n", "holds")])
def test_can_cast_in_combat_only(step, verdict, tmp_path):
    r = check(tmp_path, "Alice has Battle Insight in her hand.\nIt is Alice's turn.\n" + step
              + "Alice has {U} in her mana pool.", "Alice can cast Battle Insight.", card=CARD)
    assert verdicts(r) == [verdict]


def test_been_attacked_this_step(tmp_path):
    # Ambush-style rider: the declare attackers step, and a creature attacks its caster
    card = ("  card:\n    Quick Answer {W}\n    Instant\n    Cast this spell only during the declare attackers step "
            "and only if you've been attacked this step.\n    You gain 1 life.\n")
    r = check(tmp_path, "Alice has Quick Answer in her hand.\nBob controls Hill Giant.\nIt is Bob's turn.\n"
              "Bob attacks with Hill Giant.\nAlice has {W} in her mana pool.", "Alice can cast Quick Answer.", card=card)
    assert verdicts(r) == ["holds"]
