"""Delayed triggered abilities that act on objects the ability that made them named (603.7a, 603.7c):
meaning_delayed_objects.lp binds "it" / "them" / "that token" of the delayed clause to the tokens the ability
created or to its target on the battlefield; delayed_objects.lp fixes those objects as it resolves, and the
stepper keeps them (State.delayed_objs) while the delayed ability waits and is on the stack."""

from __future__ import annotations

import pytest

from casting_support import applied, cast_given, check, verdicts


@pytest.mark.parametrize("name, line", [("Firecat Blitz", 0), ("Thatcher Revolt", 0), ("Slave of Bolas", 0),
                                        ("Cogwork Assembler", 0), ("Nemesis Trap", 1)])
def test_read(name, line, tmp_path, capsys):
    assert applied(name, tmp_path, capsys)[line]


@pytest.mark.parametrize("name", ["Goryo's Vengeance", "Kami of Industry"])
def test_a_card_returned_and_named_again_before_is_not_read(name, tmp_path, capsys):
    # "That creature gains haste" between the return and the delayed clause would name the card, not the permanent
    # it became (400.7): not read
    assert not applied(name, tmp_path, capsys)[0]


def test_a_card_returned_to_the_battlefield_is_followed(tmp_path):
    # Footsteps of the Goryo: the delayed ability sacrifices the permanent the target card became
    given = cast_given("Hill Giant is in Alice's graveyard.", "{B}{B}{B}", "Footsteps of the Goryo", "Hill Giant")
    r = check(tmp_path, given + "\nAlice's end step begins.\nFootsteps of the Goryo's delayed triggered ability resolves.",
              "Hill Giant is in Alice's graveyard.")
    assert verdicts(r) == ["holds"]


def test_the_tokens_are_exiled_at_the_next_end_step(tmp_path):
    given = cast_given("Alice controls Forest.", "{R}{R}{R}{R}", "Firecat Blitz", how=" with X = 2")
    r = check(tmp_path, given + "\nAlice's end step begins.\nFirecat Blitz's delayed triggered ability resolves.",
              "Alice controls 0 permanents named Elemental Cat Token.\nForest is on the battlefield.")
    assert verdicts(r) == ["holds", "holds"]

