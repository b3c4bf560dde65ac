"""Suspend (CR 702.62) in the Oracle grammar: the keyword line with a number or X,
"X can't be 0." after it (107.3), and the time-counter triggers of suspend cards
(docs/oracle-meaning.md, "Suspend")."""

from __future__ import annotations

import pytest

from mtgkb.carddb import default_database
from mtgkb.parser.oracle import parse_ability_line
from mtgkb.parser.terms import Fn, fn, render


def face(name: str):
    f = default_database().face(name)
    assert f is not None, name
    return f


def suspend_line(name: str):
    lines = [a for a in face(name).abilities if a.text.startswith("Suspend")]
    assert len(lines) == 1, name
    return lines[0]


def trigger_line(name: str):
    lines = [a for a in face(name).abilities if "time counter is removed" in a.text]
    assert len(lines) == 1, name
    return lines[0]


def mana(*syms: Fn) -> Fn:
    return fn("mana", *syms)


R, W = fn("colored", fn("r")), fn("colored", fn("w"))
X = Fn("x")
IN_EXILE = fn("in_zone", fn("exile_zone"))
TIME = fn("named_counter", "time")


# ---- the keyword line ----------------------------------------------------------------

@pytest.mark.parametrize("name,effects", [
    ("Rift Bolt", (fn("keyword", fn("suspend", 1, mana(R))),)),
    ("Lotus Bloom", (fn("keyword", fn("suspend", 3, mana(fn("generic", 0)))),)),
    ("Detritivore", (fn("keyword", fn("suspend", X, mana(X, fn("generic", 3), R))), Fn("x_not_zero"))),
    ("Benalish Commander", (fn("keyword", fn("suspend", X, mana(X, W, W))), Fn("x_not_zero"))),
])
def test_suspend_keyword_line(name, effects):
    ab = suspend_line(name)
    assert ab.understood and ab.kind == "keyword", ab.reason
    assert ab.effects == effects
    assert ab.costs == () and ab.trigger is None and ab.riders == ()


def test_suspend_n_is_an_int_and_x_is_the_mana_x():
    (kw,) = suspend_line("Rift Bolt").effects
    n = kw.args[0].args[0]
    assert isinstance(n, int) and not isinstance(n, bool) and n == 1
    kw, nz = suspend_line("Detritivore").effects
    n, cost = kw.args[0].args
    assert n == X and n in cost.args  # the same term as {X} of the cost (107.3)
    assert nz == Fn("x_not_zero") and nz.args == ()


def test_suspend_cost_is_the_cost_keyword_mana_term():
    # the cost is built like any other keyword cost: Morph {X}{X}{R} (Warbreak Trumpeter)
    morph = parse_ability_line("Morph {X}{X}{R}", "Test Card").effects[0]
    assert morph == fn("keyword", fn("morph", mana(X, X, R)))
    susp = parse_ability_line("Suspend 2—{X}{X}{R}. X can't be 0.", "Test Card").effects
    assert susp == (fn("keyword", fn("suspend", 2, mana(X, X, R))), Fn("x_not_zero"))


def test_reminder_text_is_ignored():
    a = parse_ability_line("Suspend 1—{R} (Rather than cast this card from your hand, you may pay {R} "
                           "and exile it with a time counter on it.)", "Rift Bolt")
    b = parse_ability_line("Suspend 1—{R}", "Rift Bolt")
    assert a.effects == b.effects and a.understood


@pytest.mark.parametrize("line", [
    "Suspend 3—{R}. X can't be 0.",      # no X in the keyword
    "Suspend X—{X}{R}. X can't be 1.",   # only 0
])
def test_x_not_zero_only_after_a_keyword_with_x(line):
    ab = parse_ability_line(line, "Test Card")
    assert not ab.understood and ab.kind == "unsupported"


# ---- the time-counter triggers ---------------------------------------------------------

@pytest.mark.parametrize("name,effect", [
    ("Detritivore", "destroy(all_of(desc((target,non(non(basic))),types(group(land)),where)))"),
    ("Benalish Commander",
     'create(some(a,desc((pt(pt(1,1)),colored(w)),types(group(subtype("Soldier"),creature,token)),where)))'),
    ("Aeon Chronicler", "draw(some(a,desc(none,types(group(card)),where)))"),
])
def test_time_counter_removed_trigger(name, effect):
    ab = trigger_line(name)
    assert ab.understood and ab.kind == "triggered", ab.reason
    assert ab.trigger == fn("whenever", fn("counter_removed", TIME, fn("self"), IN_EXILE))
    assert ab.condition is None
    assert [render(e) for e in ab.effects] == [effect]


def test_last_time_counter_trigger():
    ab = [a for a in face("Veiling Oddity").abilities if a.text.startswith("When the last")][0]
    assert ab.understood and ab.kind == "triggered"
    assert ab.trigger == fn("when", fn("last_counter_removed", TIME, fn("self"), IN_EXILE))


def test_counter_removed_without_zone():
    ab = parse_ability_line("Whenever a +1/+1 counter is removed from Test Card, draw a card.", "Test Card")
    assert ab.trigger == fn("whenever", fn("counter_removed", fn("pt_counter", fn("pt", 1, 1)), fn("self")))


def test_one_or_more_counters_removed_is_not_guessed():
    ab = parse_ability_line("Whenever one or more time counters are removed from Test Card, draw a card.",
                            "Test Card")
    assert not ab.understood


# ---- whole cards -------------------------------------------------------------------

def test_detritivore_characteristic_defining_ability():
    ab = face("Detritivore").abilities[0]
    assert ab.understood and ab.kind == "static"
    assert render(ab.effects[0]) == (
        "cda_pt(self,count(all_of(desc((non(non(basic)),),types(group(land,card)),"
        "where(in_zone(graveyard(your_opponents)))))))")


@pytest.mark.parametrize("name", ["Detritivore", "Benalish Commander", "Rift Bolt", "Lotus Bloom",
                                  "Aeon Chronicler", "Fungal Behemoth"])
def test_suspend_cards_fully_understood(name):
    assert all(a.understood for a in face(name).abilities), [a.text for a in face(name).abilities
                                                             if not a.understood]
