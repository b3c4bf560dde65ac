"""Golden tests of the composed effects' readings (mtgkb/rules/meaning_tokens.lp, meaning_amounts.lp,
meaning_conditions.lp, and the combat references of meaning_refs.lp): what rules.lp derives for one
ability line, and that a part it does not understand leaves the whole sentence unread."""

from __future__ import annotations

import pytest
from clingo import Function, Number, String

from mtgkb import facts, mana
from oracle_support import derive_ability
from mtgkb.parser.oracle import parse_ability_line

OUT = frozenset({"tl_step", "tl_token_desc", "tl_token_name", "tl_xbind", "tl_slot", "applied", "unread", "tl_eff"})


def meaning(text: str, name: str = "Test Card") -> set[str]:
    A = Function("ab", [String(name), Number(1)])
    ab = parse_ability_line(text, name)
    fs = [facts.atom("printed", String("F"), Function("ability", [A]))]
    fs += facts.ability_facts(A, ab) + mana.ability_mana_facts(A, ab)
    return {str(x).replace(f'ab("{name}",1)', "A") for x in derive_ability(fs, OUT)}


def test_token_with_two_keywords():
    got = meaning("When Test Card enters, create four 1/1 green Insect creature tokens with flying and deathtouch.")
    assert "applied(A)" in got
    assert "tl_token_desc(A,(1,1,0),ability(kw(flying)))" in got
    assert "tl_token_desc(A,(1,1,0),ability(kw(deathtouch)))" in got
    assert "tl_step(A,(1,1,0),create(4))" in got


def test_token_with_a_keyword_not_applied_is_unread():
    got = meaning("When Test Card enters, create a 1/1 white Spirit creature token with ward {1}.")
    assert "unread(A)" in got and not any(x.startswith("tl_step(") for x in got)


def test_token_with_two_subtypes_is_named_after_both():
    got = meaning("When Test Card dies, create two 2/2 green and white Elf Knight creature tokens with vigilance.")
    assert "tl_token_name(A,(1,1,0),\"Elf\",\"Knight\")" in got
    assert {"tl_token_desc(A,(1,1,0),color(g))", "tl_token_desc(A,(1,1,0),color(w))"} <= got


def test_life_for_each():
    got = meaning("When Test Card enters, you gain 2 life for each creature you control with flying.")
    assert "applied(A)" in got
    step = [x for x in got if x.startswith("tl_step(")]
    assert len(step) == 1 and "life(you,1,cnt(2,each(t(desc(none,types(group(creature)),where(you_control," in step[0]


def test_pump_for_each_and_it_in_an_attack_trigger():
    got = meaning("Whenever Test Card attacks, it gets +1/+1 until end of turn for each land you control.")
    assert "applied(A)" in got
    assert any(x.startswith("tl_step(A,(1,1,0),cont(self,modify_pt(cnt(1,each(") for x in got)


def test_where_x_binds_x():
    got = meaning("When Test Card enters, target creature gets +X/+0 until end of turn, where X is the number of "
                  "creature cards in your graveyard.")
    assert "applied(A)" in got
    assert any(x.startswith("tl_xbind(A,cnt(1,each(t(desc(none,types(group(creature,card))") for x in got)
    assert any("modify_pt(xs(1),0)" in x for x in got)


@pytest.mark.parametrize("text", [
    # an amount rules.lp does not count: the whole sentence stays unread
    "When Test Card enters, draw cards equal to the number of cards in target opponent's hand.",
    "When Test Card enters, target creature an opponent controls gets -X/-X until end of turn, where X is your "
    "devotion to black and red.",   # devotion to one color is read (meaning_devotion.lp), to two colors is not
    # "defending player" outside a "Whenever ~ attacks" trigger
    "When Test Card enters, tap target creature defending player controls.",
])
def test_not_understood_stays_unread(text):
    got = meaning(text)
    assert "unread(A)" in got and "applied(A)" not in got
    assert not any(x.startswith(("tl_step(", "tl_xbind(")) for x in got)


def test_defending_player_in_an_attack_trigger():
    got = meaning("Whenever Test Card attacks, it deals 1 damage to defending player.")
    assert "tl_step(A,(1,1,0),damage(self,1,defending_player))" in got


def test_if_you_do_after_one_step():
    A_text = "When Test Card enters, you may sacrifice a creature. If you do, draw a card."
    got = meaning(A_text)
    assert "applied(A)" in got
    assert any(x.startswith("tl_step(A,(2,1,0),if_did((1,1,0),zone(draw(you,1))))") for x in got)


def test_if_you_do_after_a_step_not_seen_done_is_unread():
    # tapping a chosen creature as an effect is not a step rules.lp applies: the "if you do"
    # sentence has nothing to follow
    got = meaning("When Test Card dies, you may tap an untapped creature you control. If you do, draw a card.")
    assert "unread(A)" in got and "applied(A)" not in got


def test_if_you_do_after_paying_mana_on_resolution():
    # an optional mana payment as the ability resolves is a step (118.12); drawing follows it
    got = meaning("When Test Card dies, you may pay {1}{U}. If you do, draw a card.")
    assert "applied(A)" in got
    assert "tl_step(A,(1,1,0),may(pay_mana(mana(generic(1),colored(u)))))" in got
    assert "tl_step(A,(2,1,0),if_did((1,1,0),zone(draw(you,1))))" in got


def test_dies_trigger_returns_its_card():
    got = meaning("When Test Card dies, return it to its owner's hand.")
    assert "tl_step(A,(1,1,0),move(self_card,hand))" in got
    # in an enters trigger "it" is the permanent itself (moved as the source, 400.7)
    got = meaning("When Test Card enters, return it to its owner's hand.")
    assert "tl_step(A,(1,1,0),move(self,hand))" in got


def test_unless_you_sacrifice():
    got = meaning("When Test Card enters, sacrifice it unless you sacrifice a Forest.")
    assert "applied(A)" in got
    assert "tl_step(A,(1,1,1),unless_main(sac_self))" in got
    assert any(x.startswith("tl_step(A,(1,1,2),unless_alt(sacrifice(you,t(desc(none,types(group(subtype(\"Forest\")))")
               for x in got)


def test_unless_with_a_payment_not_read_stays_unread():
    # "unless you pay {2}" is read (meaning_unless_you_pay.lp); a payment of {X} is not
    got = meaning("When Test Card enters, sacrifice it unless you pay {X}.")
    assert "unread(A)" in got and "applied(A)" not in got


def test_cant_block_this_turn_is_a_restriction():
    got = meaning("When Test Card enters, target creature can't block this turn.")
    assert "applied(A)" in got
    assert "tl_step(A,(1,1,0),cont(slot(1),restrict(cant_block),end_of_turn))" in got


def test_another_in_a_chosen_sacrifice():
    got = meaning("Whenever Test Card attacks, sacrifice another creature.")
    assert any(x.startswith("tl_step(A,(1,1,0),sacrifice(you,t(desc((other,),types(group(creature)),where),none)))")
               for x in got)


def test_energy_get_and_pay():
    got = meaning("When Test Card enters, you get {E}{E}.")
    assert "applied(A)" in got and "tl_step(A,(1,1,0),energy(you,2))" in got
    got = meaning("Whenever Test Card attacks, you may pay {E}{E}. If you do, put a +1/+1 counter on it.")
    assert "applied(A)" in got
    assert "tl_step(A,(1,1,0),may(pay_energy(you,2)))" in got
    assert "tl_step(A,(2,1,0),if_did((1,1,0),counters(self,\"+1/+1\",1)))" in got


def test_may_over_a_sentence_of_parts_is_one_choice():
    got = meaning("When Test Card enters, you may search your library for a basic land card, reveal it, put it into "
                  "your hand, then shuffle.")
    assert "applied(A)" in got
    assert "tl_step(A,(1,1,0),in_may((1,1,0),zone(search(you,basic_land,hand))))" in got
    assert "tl_step(A,(1,4,0),in_may((1,1,0),zone(shuffle(you))))" in got


def test_search_for_a_card_named_self():
    got = meaning("When Test Card enters, you may search your library for a card named Test Card, reveal it, put it "
                  "into your hand, then shuffle.")
    assert "tl_step(A,(1,1,0),in_may((1,1,0),zone(search(you,named_self,hand))))" in got
