"""Losing a keyword (CR 613.1f) and skipping the next untap step (502.3) as effects of resolving abilities, with
made-up cards (mtgkb/rules/meaning_lose_untap.lp, lose_untap.lp)."""

from __future__ import annotations

from test_turn_structure import run as run_with_cards

CARDS = """
card:
  Net Caster {1}{U}
  Creature — Merfolk
  When Net Caster enters, target creature loses flying until end of turn.
  1/1

card:
  Sky Pair {2}{W}
  Creature — Bird
  Flying, vigilance
  2/2

card:
  Sky Single {2}{W}
  Creature — Bird
  Flying
  2/2
"""


def _verdicts(session, tmp_path, target: str, claims) -> list[str]:
    text = f"""ruling "case"
  given:
    It is Alice's turn.
    Bob controls {target}.
    Net Caster enters under Alice's control.
    Net Caster's triggered ability resolves, choosing {target}.
  expect:
""" + "".join(f"    {c}\n" for c in claims)
    rr, _ = run_with_cards(session, tmp_path, text, cards=CARDS)
    return [c.verdict for c in rr.claims]


def test_a_keyword_ability_alone_is_lost(session, tmp_path):
    assert _verdicts(session, tmp_path, "Sky Single", ("Sky Single does not have flying.", "Sky Single is 2/2.")) \
        == ["holds", "holds"]


def test_a_keyword_on_a_line_of_several_is_not_split(session, tmp_path):
    # one ability here for "Flying, vigilance": what is left of it is not settled
    assert _verdicts(session, tmp_path, "Sky Pair", ("Sky Pair does not have flying.",)) == ["undetermined"]
