"""Extra turns (500.7): meaning_extra_turns.lp reads "Take an extra turn after this one." and "<player> takes an extra
turn after this one." as the step extra_turn(R); extra_turns.lp applies it; the stepper (engine/turn.py) takes the
added turns, the most recent first, before the turn order goes on."""

from __future__ import annotations

import pytest

from casting_support import applied, cast_given, check, verdicts


@pytest.mark.parametrize("name", ["Time Walk", "Temporal Manipulation", "Beacon of Tomorrows"])
def test_read(name, tmp_path, capsys):
    assert all(applied(name, tmp_path, capsys))


def test_the_extra_turn_comes_before_the_next_players(tmp_path):
    given = cast_given("Bob controls Hill Giant.", "{C}{U}", "Time Walk") + "\nThe game proceeds to Bob's turn."
    r = check(tmp_path, given, "It is Bob's turn.\nIt is turn 3.")
    assert verdicts(r) == ["holds", "holds"]


def test_without_it_the_next_turn_is_the_next_players(tmp_path):
    r = check(tmp_path, "Bob controls Hill Giant.\nIt is Alice's turn.\nThe game proceeds to Bob's turn.", "It is turn 2.")
    assert verdicts(r) == ["holds"]


def test_two_extra_turns_the_latest_first(tmp_path):
    # CR 500.7: Alice's Time Walk, then Bob's own extra turn given by Alice's Beacon: Bob's (the later) is taken first
    given = (cast_given("Bob controls Hill Giant.\nAlice's library has 5 cards.", "{C}{U}", "Time Walk") + "\n"
             "Alice has {C}{C}{C}{C}{C}{C}{U}{U} in her mana pool.\nAlice casts Beacon of Tomorrows targeting Bob, "
             "paying from her mana pool.\nBeacon of Tomorrows resolves.\nThe game proceeds to Alice's turn.")
    r = check(tmp_path, given, "It is Alice's turn.\nIt is turn 3.")
    assert verdicts(r) == ["holds", "holds"]
