"""Creatures of a subtype that died this turn (CR 700.4), counted by "for each <Subtype> that died this turn", with
made-up cards (mtgkb/rules/meaning_died_this_turn.lp, died_this_turn.lp)."""

from __future__ import annotations

from test_turn_structure import run as run_with_cards

CARDS = """
card:
  Paper Zubera {1}{W}
  Creature — Zubera Spirit
  When Paper Zubera dies, you gain 1 life for each Zubera that died this turn.
  1/1

card:
  Shapeless One {1}{U}
  Creature — Shapeshifter
  Changeling
  1/1
"""


def _life(session, tmp_path, lines) -> str:
    body = "\n".join(f"    {x}" for x in lines)
    text = f'ruling "case"\n  given:\n{body}\n  expect:\n    Alice has 22 life.\n'
    rr, _ = run_with_cards(session, tmp_path, text, cards=CARDS)
    return rr.claims[0].verdict


def test_a_changeling_that_died_is_a_zubera_that_died(session, tmp_path):
    # CR 702.73a: a changeling is every creature type, as it last existed on the battlefield
    assert _life(session, tmp_path, ("Alice controls Paper Zubera and Shapeless One.", "Shapeless One dies.",
                                     "Paper Zubera dies.", "Paper Zubera's triggered ability resolves.")) == "holds"


def test_a_noncreature_or_other_creature_does_not_count(session, tmp_path):
    assert _life(session, tmp_path, ("Alice controls Paper Zubera and Grizzly Bears.", "Grizzly Bears dies.",
                                     "Paper Zubera dies.", "Paper Zubera's triggered ability resolves.")) == "fails"
