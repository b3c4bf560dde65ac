"""Counterspells: "counter target spell unless its controller pays <mana>" (CR 118.12, 608.2d, 118.3: the target's
controller pays from their own pool or lands, or cannot), "if that spell is countered this way, <put it elsewhere>
instead" (701.6a, 614.1a), and a spell's mana value as a target condition (202.3, 601.2c).  Real cards (Mana Leak,
Spell Pierce, Clash of Wills, Countervailing Winds, Dissipate, Remand, Memory Lapse, Thoughtbind) and made-up ones
(mtgkb/rules/meaning_unless_pays.lp, unless_pays.lp, meaning_counter_instead.lp, counter_instead.lp)."""

from __future__ import annotations

import pytest

from test_turn_structure import run as run_with_cards

CARDS = """
card:
  Toll Query {U}
  Instant
  Counter target spell unless its controller pays {1}{R}.
"""


def ruling(*lines: str, claims: tuple[str, ...]) -> str:
    body = "\n".join(f"    {x}" for x in ("Alice controls Grizzly Bears.", "It is Alice's turn.") + lines)
    return f'ruling "case"\n  given:\n{body}\n  expect:\n' + "\n".join(f"    {c}" for c in claims) + "\n"


def verdicts(session, tmp_path, text):
    rr, _ = run_with_cards(session, tmp_path, text, cards=CARDS)
    return [c.verdict for c in rr.claims]


def bolt(pool: str = "{R}") -> tuple[str, ...]:
    return (f"Bob has {pool} in his mana pool.", "Bob casts Lightning Bolt targeting Grizzly Bears, spending {R}.")


def counter(card: str, pool: str, *, x: str = "") -> tuple[str, ...]:
    return (f"Alice has {pool} in her mana pool.", f"Alice casts {card}{x} targeting Lightning Bolt, paying from her "
            "mana pool.", f"{card} resolves.")


def test_mana_leak_without_mana_counters(session, tmp_path):
    text = ruling(*bolt(), *counter("Mana Leak", "{C}{U}"),
                  claims=("Lightning Bolt is in Bob's graveyard.", "Grizzly Bears is on the battlefield."))
    assert verdicts(session, tmp_path, text) == ["holds", "holds"]


def test_mana_leak_its_controller_may_pay_from_his_pool(session, tmp_path):
    text = ruling(*bolt("{R}{C}{C}{C}"), *counter("Mana Leak", "{C}{U}"),
                  claims=("May Lightning Bolt is in Bob's graveyard.", "May Bob has no mana in his mana pool.",
                          "May Bob has {C}{C}{C} in his mana pool.", "Lightning Bolt is in Bob's graveyard."))
    assert verdicts(session, tmp_path, text) == ["holds", "holds", "holds", "fails"]


def test_the_payer_taps_his_own_lands_never_the_caster_s(session, tmp_path):
    text = ruling("Alice controls Island, Island #2 and Island #3.", "Bob controls Mountain and Mountain #2.",
                  *bolt(), *counter("Toll Query", "{U}"),
                  claims=("May Mountain is tapped.", "May Lightning Bolt is in Bob's graveyard.", "Island is untapped.",
                          "Island #3 is untapped."))
    assert verdicts(session, tmp_path, text) == ["holds"] * 4


def test_colored_cost_the_payer_cannot_make_is_not_paid(session, tmp_path):
    # {1}{R}: two Islands of Bob's cannot pay the {R}
    text = ruling("Bob controls Island #4 and Island #5.", *bolt(), *counter("Toll Query", "{U}"),
                  claims=("Lightning Bolt is in Bob's graveyard.", "Island #4 is untapped."))
    assert verdicts(session, tmp_path, text) == ["holds", "holds"]


@pytest.mark.parametrize("x, pool, outcome", [(" with X = 2", "{C}{C}{U}", "May Bob has no mana in his mana pool."),
                                              (" with X = 3", "{C}{C}{C}{U}", "Lightning Bolt is in Bob's graveyard.")])
def test_pays_x_is_the_x_announced(session, tmp_path, x, pool, outcome):
    text = ruling(*bolt("{R}{C}{C}"), *counter("Clash of Wills", pool, x=x), claims=(outcome,))
    assert verdicts(session, tmp_path, text) == ["holds"]


def test_pays_for_each_counts_as_it_resolves(session, tmp_path):
    # Countervailing Winds: {1} for each card in Alice's graveyard (two; the spell itself is on the stack)
    text = ruling("Forest is in Alice's graveyard.", "Forest #2 is in Alice's graveyard.", *bolt("{R}{C}"),
                  *counter("Countervailing Winds", "{C}{C}{U}"), claims=("Lightning Bolt is in Bob's graveyard.",))
    assert verdicts(session, tmp_path, text) == ["holds"]


@pytest.mark.parametrize("card, pool, claim", [
    ("Dissipate", "{C}{U}{U}", "Lightning Bolt is in Bob's exile."),
    ("Remand", "{C}{U}", "Lightning Bolt is in Bob's hand."),
    ("Memory Lapse", "{C}{U}", "Bob's library has 11 cards."),
])
def test_countered_this_way_goes_elsewhere(session, tmp_path, card, pool, claim):
    text = ruling("Bob's library has 10 cards.", "Alice's library has 10 cards.", *bolt(), *counter(card, pool),
                  claims=(claim, "Lightning Bolt is not in Bob's graveyard."))
    assert verdicts(session, tmp_path, text) == ["holds", "holds"]


def test_mana_value_target_condition(session, tmp_path):
    text = ruling("It is Bob's turn.", "Bob has {G}{G}{C}{C}{C}{C}{R} in his mana pool.",
                  "Bob casts Craw Wurm, spending {G}{G}{C}{C}{C}{C}.",
                  "Bob casts Lightning Bolt targeting Grizzly Bears, spending {R}.",
                  "Alice has {C}{C}{U} in her mana pool.", "Alice casts Thoughtbind, paying from her mana pool.",
                  "Thoughtbind resolves.", claims=("Lightning Bolt is in Bob's graveyard.",))
    assert verdicts(session, tmp_path, text) == ["holds"]
    from mtgkb.check import check_paths
    bad = tmp_path / "bad.mtg"
    bad.write_text(ruling("It is Bob's turn.", "Bob has {G}{G}{C}{C}{C}{C} in his mana pool.",
                          "Bob casts Craw Wurm, spending {G}{G}{C}{C}{C}{C}.", "Alice has {C}{C}{U} in her mana pool.",
                          "Alice casts Thoughtbind targeting Craw Wurm, paying from her mana pool.",
                          claims=("Craw Wurm is on the battlefield.",)), encoding="utf-8")
    report, errors = check_paths([str(bad)], session=session)
    assert any("601.2c" in str(e) for e in errors) or any("601.2c" in str(getattr(r, "error", "")) for r in report.results)


def test_pays_for_each_card_in_hand_known_or_not(session, tmp_path):
    # Oppressive Will: {1} for each card in Alice's hand; two known cards and Bob's {C}{C}: he may pay
    known = ruling("Alice has Forest and Forest #2 in hand.", *bolt("{R}{C}{C}"),
                   *counter("Oppressive Will", "{C}{C}{U}"),
                   claims=("May Lightning Bolt is in Bob's graveyard.", "May Bob has no mana in his mana pool."))
    assert verdicts(session, tmp_path, known) == ["holds", "holds"]
    # a hand of unknown size: how much is asked is not known
    unknown = ruling(*bolt("{R}{C}{C}"), *counter("Oppressive Will", "{C}{C}{U}"),
                     claims=("Lightning Bolt is in Bob's graveyard.",))
    assert verdicts(session, tmp_path, unknown) == ["undetermined"]
