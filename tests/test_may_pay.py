"""A cost paid as an ability resolves: "You may pay <mana>. If you do, ..." (CR 118.12, 608.2d, 601.2g-h), with
made-up cards (mtgkb/rules/meaning_may_pay.lp, may_pay.lp, engine/may_pay.py)."""

from __future__ import annotations

from test_turn_structure import run as run_with_cards

CARDS = """
card:
  Tithe Keeper {1}{W}
  Creature — Human Cleric
  When Tithe Keeper enters, you may pay {G}. If you do, you gain 3 life.
  2/2

card:
  Costly Sage {1}{U}
  Creature — Human Wizard
  When Costly Sage enters, you may pay {2}{U}. If you do, you gain 5 life.
  1/1
"""


def ruling(*lines: str, claims=("Alice has 20 life.",)) -> str:
    body = "\n".join(f"    {x}" for x in ("It is Alice's turn.", "Bob controls Hill Giant.") + lines)
    return f'ruling "case"\n  given:\n{body}\n  expect:\n' + "\n".join(f"    {c}" for c in claims) + "\n"


def verdicts(session, tmp_path, text):
    rr, _ = run_with_cards(session, tmp_path, text, cards=CARDS)
    return [c.verdict for c in rr.claims]


def test_payable_with_a_land_is_a_choice(session, tmp_path):
    text = ruling("Alice controls Forest.", "Tithe Keeper enters under Alice's control.",
                  "Tithe Keeper's triggered ability resolves.",
                  claims=("May Alice has 23 life.", "May Alice has 20 life.", "May Forest is tapped.",
                          "May Forest is untapped."))
    assert verdicts(session, tmp_path, text) == ["holds"] * 4


def test_not_payable_is_declined(session, tmp_path):
    text = ruling("Alice controls Island.", "Tithe Keeper enters under Alice's control.",
                  "Tithe Keeper's triggered ability resolves.", claims=("Alice has 20 life.", "Island is untapped."))
    assert verdicts(session, tmp_path, text) == ["holds", "holds"]


def test_generic_and_colored_from_lands_and_pool(session, tmp_path):
    text = ruling("Alice controls Island and Forest.", "Alice has {C} in her mana pool.",
                  "Costly Sage enters under Alice's control.", "Costly Sage's triggered ability resolves.",
                  claims=("May Alice has 25 life.", "May Alice has 20 life."))
    assert verdicts(session, tmp_path, text) == ["holds", "holds"]
    short = ruling("Alice controls Island.", "Costly Sage enters under Alice's control.",
                   "Costly Sage's triggered ability resolves.", claims=("Alice has 20 life.",))
    assert verdicts(session, tmp_path, short) == ["holds"]
