"""Predefined tokens (CR 111.10) and the sentences that make and use them: the abilities of Treasure, Gold,
Powerstone, Food, Clue and Blood tokens as the grammar reads their text (mtgkb/rules/tokens_predefined.lp), a
Treasure paying a cost (111.10a, 605.3a), "You may sacrifice two Foods. If you do, ... Otherwise, ..." (118.12,
118.3: mtgkb/rules/meaning_otherwise.lp, otherwise.lp), "Investigate, then ... for each Clue you control" (608.2c:
meaning_then_clause.lp, order_new_tokens.lp) and a look after a token was created (111.1, 608.2c: tests/test_token_creation_order.py)."""

from __future__ import annotations

import clingo
from clingo import Function, String

from mtgkb.facts import ability_facts
from mtgkb.mana_abilities import ability_mana_facts
from mtgkb.parser.oracle import parse_ability_line

from test_turn_structure import run as run_with_cards

# the text of each predefined token's ability, as the reminder text of the cards of the database gives it
TEXTS = {
    "Treasure": "{T}, Sacrifice this artifact: Add one mana of any color.",
    "Gold": "Sacrifice this artifact: Add one mana of any color.",
    "Powerstone": "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell.",
    "Food": "{2}, {T}, Sacrifice this artifact: You gain 3 life.",
    "Clue": "{2}, Sacrifice this artifact: Draw a card.",
    "Blood": "{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card.",
}
# facts of the grammar's reading the rules do not read (the text itself, a signature, a hint)
_NOT_RULES = {"ability_text", "ability_sig", "ability_cast_hint"}
_PREDS = ("ability_kind", "ability_cost", "ability_effect", "ability_rider", "mana_ability", "mana_opt", "mana_unit",
          "cost_part", "mana_unread")


def _lp_facts() -> set[str]:
    from importlib.resources import files
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], files("mtgkb").joinpath("rules/tokens_predefined.lp").read_text(encoding="utf-8"))
    ctl.ground([("base", [])])
    return {str(a.symbol) for a in ctl.symbolic_atoms if a.is_fact and a.symbol.name in _PREDS}


def test_the_abilities_are_the_grammars_reading_of_their_text():
    want: set[str] = set()
    for s, text in TEXTS.items():
        ab = parse_ability_line(text, "Token")
        assert ab.understood, s
        A = Function("predef", [String(s)])
        want |= {str(f) for f in ability_facts(A, ab) + ability_mana_facts(A, ab) if f.name not in _NOT_RULES}
    # CR 106.6: Powerstone's restriction on spending its mana is not modelled: its mana is unread
    want.add('mana_unread(predef("Powerstone"))')
    assert _lp_facts() == want


CARDS = """
card:
  Rally Test {2}{W}
  Sorcery
  Create a 1/1 white Soldier creature token. Creatures you control get +1/+1 until end of turn.

card:
  Treasure Rally Test {2}{W}
  Sorcery
  Create a Treasure token. Creatures you control get +1/+1 until end of turn.
"""


def _verdicts(session, tmp_path, given: str, expect: str) -> list[str]:
    body = f'ruling "case"\n  given:\n{given}  expect:\n{expect}'
    rr, _ = run_with_cards(session, tmp_path, body, cards=CARDS)
    return [c.verdict for c in rr.claims]


def _lines(*xs: str) -> str:
    return "".join(f"    {x}\n" for x in xs)


# CR 111.10a, 605.3a, 601.2h: the Treasure a dies trigger made pays the second mana of Grizzly Bears
def test_a_treasure_pays_a_cost(session, tmp_path):
    given = _lines("Alice controls Dire Fleet Hoarder and Forest.", "Grizzly Bears is in Alice's hand.",
                   "Dire Fleet Hoarder dies.", "Dire Fleet Hoarder's triggered ability resolves.")
    assert _verdicts(session, tmp_path, given, _lines("Alice can cast Grizzly Bears.")) == ["holds"]
    given += _lines("Alice casts Grizzly Bears.")
    assert _verdicts(session, tmp_path, given, _lines("Alice controls 0 permanents named Treasure Token.",
                                                      "Forest is tapped.")) == ["holds", "holds"]


# CR 118.12, 118.3, 608.2c: two Foods: an outcome per choice; one Food: it can't be chosen, three Foods are made
def test_may_sacrifice_two_foods_otherwise(session, tmp_path):
    food = "Alice controls a Food artifact token called \"Food {}\"."
    cast = _lines("Alice has {G}{G}{G} in her mana pool.", "Alice casts Giant Opportunity.", "Giant Opportunity resolves.")
    claims = _lines("Alice controls 1 permanent named Giant Token.", "Alice controls 3 permanents named Food Token.",
                    "May Alice controls 1 permanent named Giant Token.", "May Alice controls 3 permanents named Food Token.")
    two = _lines(food.format("A"), food.format("B")) + cast
    assert _verdicts(session, tmp_path, two, claims) == ["fails", "fails", "holds", "holds"]
    one = _lines(food.format("A")) + cast
    assert _verdicts(session, tmp_path, one, claims) == ["fails", "holds", "fails", "holds"]


# CR 701.16a, 608.2c: the Clue investigating made is counted with the Clues Alice had, not Bob's
def test_the_new_clue_is_counted(session, tmp_path):
    given = _lines("Alice controls Grizzly Bears.", "Alice controls a Clue artifact token called \"Old Clue\".",
                   "Bob controls a Clue artifact token called \"Bob's Clue\".", "Alice has {G} in her mana pool.",
                   "Alice casts Confront the Unknown targeting Grizzly Bears.", "Confront the Unknown resolves.")
    assert _verdicts(session, tmp_path, given, _lines("Grizzly Bears is 4/4.")) == ["holds"]


# CR 608.2c, 111.1: a look at creatures after a token was created sees it (the steps after the creation are asked
# once it exists): a Soldier is one of "creatures you control", a Treasure is not; Grizzly Bears gets +1/+1 either way
def test_a_look_after_a_creation(session, tmp_path):
    for card in ("Rally Test", "Treasure Rally Test"):
        given = _lines("Alice controls Grizzly Bears.", "Alice has {W}{W}{W} in her mana pool.", f"Alice casts {card}.",
                       f"{card} resolves.")
        assert _verdicts(session, tmp_path, given, _lines("Grizzly Bears is 3/3.")) == ["holds"], card


# CR 602.2, 111.10: a predefined token's ability is not activated by the stepper (its cost and effect are not
# followed): what it could change is undetermined, never a claim settled as if nothing happened
def test_activating_a_tokens_ability_is_not_followed(session, tmp_path):
    given = _lines("Alice controls a Food artifact token called \"Food A\".", "Alice controls Forest and Mountain.",
                   "Alice has 10 life.", "Alice activates Food A's ability.")
    assert _verdicts(session, tmp_path, given, _lines("Alice has 10 life.", "Food A is on the battlefield.")) == \
        ["undetermined", "undetermined"]
