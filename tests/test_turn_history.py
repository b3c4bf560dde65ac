"""What happened earlier in the turn (CR 500.1, 119.3, 700.4): a scenario that begins in the middle of a turn does not
know it, unless it says "Nothing happened earlier this turn." or the turn begins in it (turn_history_known;
mtgkb/rules/life_lost.lp, died_this_turn.lp)."""

from __future__ import annotations

from test_turn_structure import run as run_with_cards


def _verdict(session, tmp_path, lines, claim) -> str:
    body = "\n".join(f"    {x}" for x in lines)
    rr, _ = run_with_cards(session, tmp_path, f'ruling "case"\n  given:\n{body}\n  expect:\n    {claim}\n', cards="")
    return rr.claims[0].verdict


ENTERS = ("Bob controls Hill Giant.", "It is Alice's turn.", "Famished Foragers enters under Alice's control.")
CLAIM = "Famished Foragers's triggered ability does not trigger."


def test_an_opponent_may_have_lost_life_before_the_scenario(session, tmp_path):
    # CR 603.4, 119.3: "if an opponent lost life this turn": Bob may have lost life before the scenario began
    assert _verdict(session, tmp_path, ENTERS, CLAIM) == "undetermined"


def test_nothing_happened_earlier_this_turn(session, tmp_path):
    # the scenario says the turn so far is its given state: nobody lost life, the ability does not trigger
    assert _verdict(session, tmp_path, ("Nothing happened earlier this turn.",) + ENTERS, CLAIM) == "holds"


def test_a_turn_that_begins_in_the_scenario_is_known(session, tmp_path):
    # CR 500.1: the turn that begins in the scenario is known from its start
    lines = ("Bob controls Hill Giant.", "It is Bob's turn.", "The game proceeds to Alice's turn.",
             "Famished Foragers enters under Alice's control.")
    assert _verdict(session, tmp_path, lines, CLAIM) == "holds"


def test_a_known_loss_settles_it_without_the_rest(session, tmp_path):
    # CR 119.3, 120.3a: damage dealt to Bob in the scenario is life he lost this turn: it triggers, whatever came
    # before
    lines = ("Alice controls Vampire Nighthawk.", "Bob controls Hill Giant.", "It is Alice's turn.",
             "Alice attacks with Vampire Nighthawk.", "Combat damage is dealt.", "Alice's postcombat main phase begins.",
             "Famished Foragers enters under Alice's control.")
    assert _verdict(session, tmp_path, lines, "Famished Foragers's triggered ability triggers.") == "holds"
