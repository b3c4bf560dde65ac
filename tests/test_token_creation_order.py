"""Tokens a step of a resolution created are objects for its later steps (CR 608.2c, 111.1, 111.3, 613, 611.2c;
mtgkb/rules/order_new_tokens.lp, mtgkb/engine/resolution.py): the resolution is asked in parts, the steps after a
creation once the tokens exist.  A later count, group effect or "destroy each" sees them; a group effect applied
before the creation does not reach them; what stays open is undetermined with the order as its reason."""

from __future__ import annotations

from test_turn_structure import run as run_with_cards

CARDS = """
card:
  Rally Test {2}{W}
  Sorcery
  Create a 1/1 white Soldier creature token. Creatures you control get +1/+1 until end of turn.

card:
  Pump Then Make Test {2}{W}
  Sorcery
  Creatures you control get +1/+1 until end of turn. Create a 1/1 white Soldier creature token. Destroy each creature with power 1 or less.

card:
  Count Test {2}{W}
  Sorcery
  Create two 1/1 white Soldier creature tokens. You gain 1 life for each creature you control.

card:
  Count Again Test {2}{W}
  Sorcery
  Create X 1/1 white Soldier creature tokens, where X is the number of creatures you control. You gain X life.

card:
  Target Rally Test {2}{W}
  Sorcery
  Tap target creature. Create a 1/1 white Soldier creature token. You gain 1 life for each creature you control.

card:
  Trigger Rally Test {2}{W}
  Creature — Human
  When Trigger Rally Test enters the battlefield, create a 1/1 white Soldier creature token. Creatures you control get +1/+0 until end of turn.
  2/2
"""


def _verdicts(session, tmp_path, given: list[str], expect: list[str]) -> list:
    body = 'ruling "case"\n  given:\n' + "".join(f"    {x}\n" for x in given) + "  expect:\n" + \
        "".join(f"    {x}\n" for x in expect)
    rr, _ = run_with_cards(session, tmp_path, body, cards=CARDS)
    return [c.verdict for c in rr.claims], [c.message for c in rr.claims]


def _cast(card: str) -> list[str]:
    return ["Alice has {W}{W}{W} in her mana pool.", f"Alice casts {card}.", f"{card} resolves."]


# CR 608.2c, 111.1, 107.1: a count after the creation counts the new tokens (Grizzly Bears and two Soldiers)
def test_a_count_after_a_creation_counts_the_tokens(session, tmp_path):
    v, _ = _verdicts(session, tmp_path, ["Alice controls Grizzly Bears."] + _cast("Count Test"),
                     ["Alice has 23 life.", "Alice controls 2 permanents named Soldier Token."])
    assert v == ["holds", "holds"]


# CR 613.4c, 611.2c, 608.2c: a change to "creatures you control" after the creation reaches the new token (Rally Test);
# a change made before the creation does not, and "destroy each" after it sees the token (Pump Then Make Test: the
# Soldier has power 1 and is destroyed, as is Bob's 1/1 token; Grizzly Bears, 3/3 by then, stays)
def test_order_matters_both_ways(session, tmp_path):
    v, _ = _verdicts(session, tmp_path, ["Alice controls Grizzly Bears."] + _cast("Rally Test"),
                     ["Grizzly Bears is 3/3.", "Alice controls 1 permanent named Soldier Token."])
    assert v == ["holds", "holds"]
    given = ["Alice controls Grizzly Bears.", "Bob controls a 1/1 white Soldier creature token called \"Bob Soldier\"."]
    v, _ = _verdicts(session, tmp_path, given + _cast("Pump Then Make Test"),
                     ["Grizzly Bears is 3/3.", "Alice controls 0 permanents named Soldier Token.",
                      "Bob controls 0 permanents named Bob Soldier."])
    assert v == ["holds", "holds", "holds"]


# CR 603.2, 608.2c: an enters trigger of the same form; its source is one of the creatures it pumps
def test_an_enters_trigger_that_creates_then_pumps(session, tmp_path):
    given = ["Alice controls Grizzly Bears.", "Alice has {W}{W}{W} in her mana pool.", "Alice casts Trigger Rally Test.",
             "Trigger Rally Test resolves.", "Trigger Rally Test's triggered ability resolves."]
    v, _ = _verdicts(session, tmp_path, given, ["Grizzly Bears is 3/2.", "Trigger Rally Test is 3/2.",
                                                "Alice controls 1 permanent named Soldier Token."])
    assert v == ["holds", "holds", "holds"]


# CR 608.2h, 107.3a: an amount "where X is <a count>" that a step before the creation and a step after it both use
# would be counted again with the tokens: not followed; undetermined, with the order (not unread text) as the reason
def test_an_amount_used_across_the_creation_stays_open(session, tmp_path):
    v, why = _verdicts(session, tmp_path, ["Alice controls Grizzly Bears."] + _cast("Count Again Test"),
                       ["Alice has 21 life."])
    assert v == ["undetermined"], why
    assert "the order of the steps of" in why[0] and "does not understand" not in why[0], why


# CR 608.2c: text that is not read stays unread: Leyline Invocation's "Put X +1/+1 counters on it" after the creation
def test_unread_text_after_a_creation_stays_undetermined(session, tmp_path):
    given = ["Alice controls Forest.", "Alice has {C}{C}{C}{C}{G}{G} in her mana pool.",
             "Alice casts Leyline Invocation, paying from her mana pool.", "Leyline Invocation resolves."]
    v, why = _verdicts(session, tmp_path, given, ["Alice has 20 life."])
    assert v == ["undetermined"], why
    assert "does not understand" in why[0], why


# CR 702.12b, 608.2c, 111.1: Gideon's Phalanx with spell mastery: its tokens exist when its creatures gain
# indestructible (before, the look after the creation left the resolution undetermined)
def test_gideons_phalanx_with_spell_mastery(session, tmp_path):
    given = ["Alice controls Grizzly Bears.", "Lightning Bolt is in Alice's graveyard.", "Shock is in Alice's graveyard.",
             "Alice has {C}{C}{C}{C}{C}{W}{W} in her mana pool.",
             "Alice casts Gideon's Phalanx, paying from her mana pool.", "Gideon's Phalanx resolves."]
    v, why = _verdicts(session, tmp_path, given, ["Grizzly Bears has indestructible.",
                                                  "Alice controls 4 permanents named Knight Token."])
    assert v == ["holds", "holds"], why


# CR 608.2b: the targets are checked once, as the resolution begins: with its only target gone the spell does nothing
# (no part after the creation either); with it legal, the later part counts the token (Grizzly Bears and the Soldier)
def test_targets_are_checked_once(session, tmp_path):
    given = ["Alice controls Grizzly Bears.", "Bob controls Hill Giant.", "Alice has {W}{W}{W} in her mana pool.",
             "Alice casts Target Rally Test targeting Hill Giant."]
    v, why = _verdicts(session, tmp_path, given + ["Hill Giant leaves the battlefield.", "Target Rally Test resolves."],
                       ["Alice has 20 life.", "Alice controls 0 permanents named Soldier Token."])
    assert v == ["holds", "holds"], why
    v, why = _verdicts(session, tmp_path, given + ["Target Rally Test resolves."], ["Alice has 22 life.",
                                                                                    "Hill Giant is tapped."])
    assert v == ["holds", "holds"], why
