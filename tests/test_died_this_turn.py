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
  Mourning Stalker {2}{G}
  Creature — Cat
  When Mourning Stalker dies, you gain 1 life for each creature that died this turn.
  3/2

card:
  Shapeless One {1}{U}
  Creature — Shapeshifter
  Changeling
  1/1
"""


def _life(session, tmp_path, lines) -> str:
    body = "\n".join(f"    {x}" for x in ("Nothing happened earlier this turn.",) + tuple(lines))
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


def test_every_creature_that_died_counts_for_creature_that_died(session, tmp_path):
    # CR 700.4: "for each creature that died this turn": every creature put into a graveyard from the battlefield
    # this turn, its own death and either player's creatures; a token that died too (Grizzly Bears and Hill Giant
    # and the source: 3)
    def life(lines, claim):
        body = "\n".join(f"    {x}" for x in ("Nothing happened earlier this turn.",) + tuple(lines))
        rr, _ = run_with_cards(session, tmp_path, f'ruling "case"\n  given:\n{body}\n  expect:\n    {claim}\n',
                               cards=CARDS)
        return rr.claims[0].verdict
    base = ("It is Alice's turn.", "Alice controls Mourning Stalker and Grizzly Bears.", "Bob controls Hill Giant.")
    assert life(base + ("Grizzly Bears dies.", "Hill Giant dies.", "Mourning Stalker dies.",
                        "Mourning Stalker's triggered ability resolves."), "Alice has 23 life.") == "holds"
    assert life(base + ("Mourning Stalker dies.", "Mourning Stalker's triggered ability resolves."),
                "Alice has 21 life.") == "holds"
    # the scenario says nothing happened before its events: a creature that is only in a graveyard does not count
    assert life(("It is Alice's turn.", "Alice controls Mourning Stalker.", "Grizzly Bears is in Alice's graveyard.",
                 "Mourning Stalker dies.", "Mourning Stalker's triggered ability resolves."),
                "Alice has 21 life.") == "holds"


def test_deaths_before_a_scenario_that_begins_mid_turn_are_not_known(session, tmp_path):
    # CR 700.4, 500.1: without "Nothing happened earlier this turn.", creatures may have died earlier this turn: the
    # number is not settled; once a turn begins in the scenario, the whole of that turn is known
    def life(lines, claim):
        body = "\n".join(f"    {x}" for x in lines)
        rr, _ = run_with_cards(session, tmp_path, f'ruling "case"\n  given:\n{body}\n  expect:\n    {claim}\n',
                               cards=CARDS)
        return rr.claims[0].verdict
    dies = ("Mourning Stalker dies.", "Mourning Stalker's triggered ability resolves.")
    assert life(("It is Alice's turn.", "Alice controls Mourning Stalker.") + dies, "Alice has 21 life.") == "undetermined"
    assert life(("It is Alice's turn.", "Alice controls Mourning Stalker.", "The game proceeds to Bob's turn.") + dies,
                "Alice has 21 life.") == "holds"
