"""Tokens created with an ability in quotation marks (CR 111.3, 113.1): the quoted ability is an ability of its
own (mtgkb/quoted_facts.py, mtgkb/rules/meaning_quoted_tokens.lp), read like a printed one or unread."""

from __future__ import annotations

from mtgkb.carddb import default_database
from mtgkb.check import Session
from mtgkb.engine.meaning_facts import block_meaning
from mtgkb.facts import face_facts
from mtgkb.program import program_text

from test_turn_structure import run as run_with_cards


def _meaning(name: str) -> set[str]:
    face = default_database().face(name)
    return {str(a) for a in block_meaning([face], Session().reference, program_text())}


def test_a_quoted_static_ability_is_read_and_given_to_the_token():
    face = default_database().face("Heroes of the Revel")
    facts = {str(f) for f in face_facts(face)}
    q = 'q(ab("Heroes of the Revel",1),1)'
    assert f"ability_kind({q},static)" in facts
    assert f"ability_effect({q},1,statement(self,cant(cant_block)))" in facts
    m = _meaning("Heroes of the Revel")
    assert f"applied({q})" in m and f"unread({q})" not in m
    assert any(a.startswith('tl_token_desc(ab("Heroes of the Revel",1),') and a.endswith(f"ability({q}))") for a in m)


def test_a_quoted_ability_not_read_is_unread():
    m = _meaning("Mesmerizing Benthid")
    assert 'unread(q(ab("Mesmerizing Benthid",1),1))' in m


CARDS = """
card:
  Rally Drummer {2}{R}
  Creature — Goblin
  When Rally Drummer enters, create a 1/1 red Goblin creature token with "This creature can't block."
  1/1

card:
  Odd Drummer {2}{R}
  Creature — Goblin
  When Odd Drummer enters, create a 1/1 red Goblin creature token with "Creatures your opponents control can't block unless they pay {1}."
  1/1
"""


def _verdicts(session, tmp_path, card: str, cards: str = CARDS, event: str = "{card} enters under Alice's control.",
              token: str = "Goblin Token") -> list[str]:
    """The verdicts of "Alice controls 1 permanent named <token>." and "Hill Giant is 3/3." after the event and
    the resolution of the card's triggered ability."""
    event = event.format(card=card)
    text = f"""ruling "case"
  given:
    It is Bob's turn.
    Bob controls Hill Giant.
    {event}
    {card}'s triggered ability resolves.
  expect:
    Alice controls 1 permanent named {token}.
    Hill Giant is 3/3.
"""
    rr, _ = run_with_cards(session, tmp_path, text, cards=cards)
    return [c.verdict for c in rr.claims]


def test_a_token_with_a_read_quoted_ability_leaves_the_board_settled(session, tmp_path):
    assert _verdicts(session, tmp_path, "Rally Drummer") == ["holds", "holds"]


def test_a_token_with_an_unread_quoted_ability_leaves_the_board_undetermined(session, tmp_path):
    assert _verdicts(session, tmp_path, "Odd Drummer") == ["undetermined", "undetermined"]


# CR 111.3, 113.1: "Create <tokens>. It has / They have "<ability>"." -- the sentence after the creation gives the
# tokens the quoted ability, as "with" does (meaning_quoted_tokens.lp)
def test_a_quoted_ability_in_the_next_sentence_is_given_to_the_tokens():
    for name, n in (("Blisterpod", 2), ("Mitotic Slime", 1)):
        m = _meaning(name)
        q = f'q(ab("{name}",{n}),1)'
        assert any(a.startswith(f'tl_token_desc(ab("{name}",{n}),') and a.endswith(f"ability({q}))") for a in m), name
        assert f'tl_eff(ab("{name}",{n}),unread)' not in m, name


NEXT_SENTENCE = """
card:
  Ooze Sprout {1}{G}
  Creature — Ooze
  When Ooze Sprout dies, create a 1/1 green Ooze creature token. It has "This creature can't block."
  1/1

card:
  Odd Sprout {1}{G}
  Creature — Ooze
  When Odd Sprout dies, create a 1/1 green Ooze creature token. It has "Creatures your opponents control can't block unless they pay {1}."
  1/1
"""


def _dies_verdicts(session, tmp_path, card: str) -> list[str]:
    return _verdicts(session, tmp_path, card, NEXT_SENTENCE, "Alice controls {card}.\n    {card} dies.", "Ooze Token")


def test_a_token_given_a_read_quoted_ability_by_the_next_sentence_leaves_the_board_settled(session, tmp_path):
    assert _dies_verdicts(session, tmp_path, "Ooze Sprout") == ["holds", "holds"]


def test_a_token_given_an_unread_quoted_ability_by_the_next_sentence_leaves_the_board_undetermined(session, tmp_path):
    assert _dies_verdicts(session, tmp_path, "Odd Sprout") == ["undetermined", "undetermined"]
