"""A spell's own alternative cost written in its text (118.9): mtgkb/rules/meaning_alt_costs.lp reads the sentence
as a way to cast the spell that no cast sentence takes -- no step of its resolution -- and "can cast" stays open."""

from __future__ import annotations

import pytest

from casting_support import applied, cast_given, check, verdicts


@pytest.mark.parametrize("name", [
    "Snapback",          # you may exile a blue card from your hand rather than pay ...
    "Mine Collapse",     # If it's your turn, you may sacrifice a Mountain rather than pay ...
    "Angelic Favor",     # If you control a Plains, you may tap an untapped creature you control rather than pay ...
    "Refreshing Rain",   # If an opponent controls a Swamp and you control a Forest, you may cast ~ without paying ...
    "Fireblast",         # You may sacrifice two Mountains rather than pay ...
])
def test_the_alternative_cost_is_read(name, tmp_path, capsys):
    assert applied(name, tmp_path, capsys)[0]


def test_a_you_may_that_is_no_cost_is_still_a_step(tmp_path, capsys):
    # Force Away's "you may draw a card" (after a condition) is no alternative cost: not read by this file
    assert not applied("Force Away", tmp_path, capsys)[1]


def test_cast_for_its_mana_cost_the_option_is_not_taken(tmp_path):
    given = cast_given("Alice controls Mountain.\nBob controls Hill Giant.", "{C}{C}{C}{R}", "Mine Collapse",
                       "Hill Giant")
    r = check(tmp_path, given, "Hill Giant is in Bob's graveyard.\nMountain is on the battlefield.")
    assert verdicts(r) == ["holds", "holds"]


def test_can_cast_stays_open(tmp_path):
    # the Mountain cannot pay {3}{R}, but sacrificing it on Alice's turn could pay instead (118.9)
    r = check(tmp_path, "Alice controls Mountain.\nIt is Alice's turn.\nAlice has Mine Collapse in hand.",
              "Alice can cast Mine Collapse.")
    assert verdicts(r) == ["undetermined"]
