"""Golden tests of the zone families' readings and their application: predefined tokens (111.10,
mtgkb/rules/meaning_predefined_tokens.lp, tokens_predefined.lp), looking at the top cards of a library
(401.1, meaning_looks.lp, library_looks.lp), and exiling and returning (400.7, 610.3,
meaning_exile_links.lp, exile_links.lp).  A part not understood leaves the whole sentence unread."""

from __future__ import annotations

import pytest
from casting_support import check, verdicts
from clingo import Function, Number, String

from mtgkb import facts, mana
from oracle_support import derive_ability
from mtgkb.parser.oracle import parse_ability_line

OUT = frozenset({"tl_step", "tl_token_desc", "applied", "unread", "tl_eff"})


def meaning(text: str, name: str = "Test Card") -> set[str]:
    A = Function("ab", [String(name), Number(1)])
    ab = parse_ability_line(text, name)
    fs = [facts.atom("printed", String("F"), Function("ability", [A]))]
    fs += facts.ability_facts(A, ab) + mana.ability_mana_facts(A, ab)
    return {str(x).replace(f'ab("{name}",1)', "A") for x in derive_ability(fs, OUT)}


def steps(got: set[str]) -> list[str]:
    return sorted(x for x in got if x.startswith("tl_step("))


def ruling_verdicts(tmp_path, given: str, expect: str):
    """The verdicts of a one-ruling file made of the given sentences and claims (also used by
    tests/test_counters.py)."""
    return verdicts(check(tmp_path, given.strip(), expect.strip()))


# ----------------------------------------------------------------------------- 111.10 predefined tokens

@pytest.mark.parametrize("sub,kind", [("Treasure", "artifact"), ("Food", "artifact"), ("Clue", "artifact"),
                                      ("Blood", "artifact"), ("Gold", "artifact"), ("Shard", "enchantment")])
def test_predefined_token_reading(sub, kind):
    got = meaning(f"When Test Card enters, create a {sub} token.")
    assert "applied(A)" in got
    assert steps(got) == ["tl_step(A,(1,1,0),create(1))"]
    assert {f"tl_token_desc(A,(1,1,0),card_type({kind}))", f'tl_token_desc(A,(1,1,0),subtype("{sub}"))',
            f'tl_token_desc(A,(1,1,0),name("{sub} Token"))',
            f'tl_token_desc(A,(1,1,0),ability(predef("{sub}")))'} <= got
    assert not any("color(" in x for x in got)   # 111.10: colorless


def test_predefined_tokens_counted():
    assert "tl_step(A,(1,1,0),create(2))" in meaning("When Test Card dies, create two Treasure tokens.")
    assert "tl_step(A,(1,1,0),create(x))" in meaning("When Test Card enters, create X Food tokens.")


def test_a_token_that_is_not_predefined_stays_unread():
    got = meaning("When Test Card enters, create a Powerstone token tapped.")
    assert "unread(A)" in got and not steps(got)
    got = meaning("When Test Card enters, create a Walker token.")
    assert "unread(A)" in got and not steps(got)


def test_treasure_token_is_made_and_its_mana_ability_is_read(tmp_path):
    v = ruling_verdicts(tmp_path, """
Alice controls Dire Fleet Hoarder.
Dire Fleet Hoarder dies.
Dire Fleet Hoarder's triggered ability resolves.""", """
Alice controls 1 permanent named Treasure Token.
No token is created.""")
    assert v == ["holds", "fails"]
    from mtgkb.program import ground_all, load, new_control
    ctl = new_control()
    load(ctl)
    T = Function("predef", [String("Treasure")])
    ctl.add("base", [], "")
    with ctl.backend() as b:
        b.add_rule([b.add_atom(Function("token_value", [Function("o", [Number(9)]), Function("ability", [T])]))])
    ground_all(ctl)
    shown = set()
    ctl.solve(on_model=lambda m: shown.update(str(s) for s in m.symbols(atoms=True)
                                              if s.name in ("unread", "unread_kind", "mana_unread")))
    # its mana ability is applied (tokens_predefined.lp: a payment taps and sacrifices it); Powerstone's is not
    assert not {'unread(predef("Treasure"))', 'unread_kind(predef("Treasure"),mana)',
                'mana_unread(predef("Treasure"))'} & shown
    assert 'mana_unread(predef("Powerstone"))' in shown


# ----------------------------------------------------------------------------- 401.1 library looks

def test_look_put_one_into_hand_other_on_bottom():
    got = meaning("When Test Card enters, look at the top two cards of your library. Put one of them into your "
                  "hand and the other on the bottom of your library.")
    assert "applied(A)" in got
    assert steps(got) == ["tl_step(A,(1,1,0),zone(look(you,2,1,bottom)))", "tl_step(A,(2,1,0),looked_cards)"]


def test_look_rest_into_graveyard_and_any_order():
    got = meaning("When Test Card enters, look at the top three cards of your library. Put one of them into "
                  "your hand and the rest into your graveyard.")
    assert "tl_step(A,(1,1,0),zone(look(you,3,1,graveyard)))" in got
    got = meaning("When Test Card enters, look at the top four cards of your library. Put one of them into "
                  "your hand and the rest on the bottom of your library in any order.")
    assert "tl_step(A,(1,1,0),zone(look(you,4,1,bottom)))" in got


def test_look_with_the_other_but_more_cards_is_unread():
    # "the other" is one card: with three looked at, the sentence does not say where the third goes
    got = meaning("When Test Card enters, look at the top three cards of your library. Put one of them into "
                  "your hand and the other on the bottom of your library.")
    assert "unread(A)" in got and not steps(got)


def test_look_alone_is_unread():
    got = meaning("When Test Card enters, look at the top two cards of your library.")
    assert "unread(A)" in got and not steps(got)


def test_look_outcomes_on_a_known_library(tmp_path):
    v = ruling_verdicts(tmp_path, """
Alice's library is Forest, Island and Mountain.
Alice has no cards in hand.
Alice has {C}{C}{U} in her mana pool.
Alice casts Sea Gate Oracle.
Sea Gate Oracle resolves.
Sea Gate Oracle's triggered ability resolves.""", """
Alice has 1 card in hand.
Alice's library has 2 cards.
Alice may have Forest in hand.
Alice may have Island in hand.
Alice may have Mountain in hand.
The top card of Alice's library is Mountain.""")
    assert v == ["holds", "holds", "holds", "holds", "fails", "holds"]


# ----------------------------------------------------------------------------- 400.7, 610.3 exile and return

def test_blink_reading():
    got = meaning("When Test Card enters, exile target creature you control, then return that card to the "
                  "battlefield under your control.")
    assert "applied(A)" in got
    assert steps(got) == ["tl_step(A,(1,1,0),move(slot(1),exile))", "tl_step(A,(1,2,0),blink_return(slot(1),you))"]
    got = meaning("When Test Card enters, exile target creature you control, then return it to the "
                  "battlefield under its owner's control.")
    assert "tl_step(A,(1,2,0),blink_return(slot(1),owner))" in got


def test_return_without_an_exile_before_is_unread():
    got = meaning("When Test Card enters, return target creature card to the battlefield under its "
                  "owner's control.")
    assert "unread(A)" in got


def test_exile_until_reading():
    got = meaning("When Test Card enters, exile target creature an opponent controls until Test Card leaves the "
                  "battlefield.")
    assert "applied(A)" in got
    assert steps(got) == ["tl_step(A,(1,1,0),exile_until(slot(1)))"]


def test_when_the_source_leaves_the_return_is_undetermined(tmp_path):
    v = ruling_verdicts(tmp_path, """
Bob controls Hill Giant.
Banisher Priest enters under Alice's control.
Banisher Priest's triggered ability resolves.
Banisher Priest dies.""", """
Hill Giant is on the battlefield.""")
    assert v == ["undetermined"]


def test_investigate_is_a_clue():
    got = meaning("When Test Card enters, investigate.")
    assert "applied(A)" in got
    assert {"tl_step(A,(1,1,0),create(1))", 'tl_token_desc(A,(1,1,0),subtype("Clue"))'} <= got


def test_look_then_may_take_a_kind_then_the_rest():
    got = meaning("When Test Card dies, look at the top five cards of your library. You may reveal a creature card "
                  "from among them and put it into your hand. Put the rest on the bottom of your library in a "
                  "random order.")
    assert "applied(A)" in got
    assert "tl_step(A,(1,1,0),zone(look_pick(you,5,type(creature),bottom,2)))" in got
    assert {"tl_step(A,(2,1,0),in_may((2,1,0),looked_cards))", "tl_step(A,(2,2,0),in_may((2,1,0),looked_cards))",
            "tl_step(A,(3,1,0),looked_cards)"} <= got


def test_look_then_may_take_an_unknown_kind_is_unread():
    got = meaning("When Test Card dies, look at the top five cards of your library. You may reveal a legendary "
                  "card from among them and put it into your hand. Put the rest on the bottom of your library "
                  "in a random order.")
    assert "unread(A)" in got and not steps(got)


def test_look_then_may_take_either_of_two_types():
    # meaning_card_kinds.lp: "a creature or land card"
    got = meaning("When Test Card dies, look at the top five cards of your library. You may reveal a creature or "
                  "land card from among them and put it into your hand. Put the rest on the bottom of your library "
                  "in a random order.")
    assert "tl_step(A,(1,1,0),zone(look_pick(you,5,either_type(creature,land),bottom,2)))" in got


def test_look_pick_the_player_may_decline(tmp_path):
    v = ruling_verdicts(tmp_path, """
Alice's library is Forest, Grizzly Bears and Island.
Alice has no cards in hand.
Alice controls Brazen Upstart.
Brazen Upstart dies.
Brazen Upstart's triggered ability resolves.""", """
Alice may have Grizzly Bears in hand.
Alice has Grizzly Bears in hand.
Alice does not have Forest in hand.
Alice's library has 2 cards.""")
    assert v == ["holds", "fails", "holds", "fails"]


def test_xx_token_reading():
    got = meaning("When Test Card dies, create an X/X green Elemental creature token, where X is the number of "
                  "creature cards in your graveyard.")
    assert "applied(A)" in got
    assert {"tl_token_desc(A,(1,1,0),power(x))", "tl_token_desc(A,(1,1,0),toughness(x))"} <= got


def test_xx_token_with_x_zero_dies(tmp_path):
    v = ruling_verdicts(tmp_path, """
Alice has {G} in her mana pool.
Alice casts Slime Molding with X = 0.
Slime Molding resolves.""", """
Alice controls 0 permanents named Ooze Token.
No permanent is put into a graveyard.""")
    assert v == ["holds", "fails"]
