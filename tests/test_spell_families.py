"""Spell families read by rules.lp (kb/rulings/spell-families.mtg has the passing checks): the costs that
follow the modes or the targets chosen are paid in full or the cast is refused (601.2f-h), and a part
that stays unread (a non-mana entwine cost) leaves the outcome undetermined."""

from __future__ import annotations

from casting_support import bad_input, check, verdicts


def test_escalate_cost_is_required_for_the_second_mode(tmp_path):
    e = bad_input(tmp_path, "Alice controls Grizzly Bears.\nIt is Alice's turn.\nAlice has {R} in her mana pool.\n"
                  "Alice casts Borrowed Hostility choosing mode 1 and mode 2 targeting Grizzly Bears and Grizzly Bears,"
                  " paying from her mana pool.")
    assert "601.2h" in e.message


def test_target_cost_reduction_needs_a_target_that_fits(tmp_path):
    e = bad_input(tmp_path, "Bob controls Hill Giant.\nIt is Alice's turn.\nAlice has {B} in her mana pool.\n"
                  "Alice casts Whack targeting Hill Giant, paying from her mana pool.")
    assert "601.2h" in e.message


def test_entwine_cost_other_than_mana_leaves_the_outcome_undetermined(tmp_path):
    r = check(tmp_path, "Alice controls Grizzly Bears, Forest and Plains.\nBob controls Hill Giant.\nIt is Alice's turn.\n"
              "Alice has {C}{C}{C}{C}{W}{W} in her mana pool.\n"
              "Alice casts Solar Tide choosing mode 1 and mode 2, paying from her mana pool.\nSolar Tide resolves.",
              "Hill Giant is in Bob's graveyard.")
    assert verdicts(r) == ["undetermined"]


def test_bolster_ties_are_each_an_outcome(tmp_path):
    r = check(tmp_path, "Alice controls Grizzly Bears and Runeclaw Bear.\nIt is Alice's turn.\n"
              "Alice has {C}{C}{W} in her mana pool.\nAlice casts Honor's Reward.\nHonor's Reward resolves.",
              "Alice has 24 life.\nRuneclaw Bear has no +1/+1 counters.\nGrizzly Bears has no +1/+1 counters.")
    assert verdicts(r) == ["holds", "fails", "fails"]
