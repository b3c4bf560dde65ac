"""Golden tests of the Oracle grammar: one ability line in, kind and terms out
(docs/oracle-meaning.md is the vocabulary)."""

from __future__ import annotations

import pytest

from mtgkb.parser.oracle import parse_ability_line
from mtgkb.parser.terms import render


def parse(text: str, name: str = "Test Card", supertypes=(), types=("Creature",)):
    return parse_ability_line(text, name, supertypes=supertypes, types=types)


def rendered(ab):
    return {
        "kind": ab.kind,
        "costs": [render(c) for c in ab.costs],
        "trigger": render(ab.trigger) if ab.trigger is not None else None,
        "condition": render(ab.condition) if ab.condition is not None else None,
        "effects": [render(e) for e in ab.effects],
        "riders": [render(r) for r in ab.riders],
    }


GOLDEN = [
    # 605.1a mana abilities
    ("{T}: Add {G}.", {"kind": "mana", "costs": ["tap"], "effects": ["add(mana(g))"]}),
    ("{T}: Add {G} or {U}.", {"kind": "mana", "costs": ["tap"], "effects": ["add(one_of(mana(g),mana(u)))"]}),
    ("{T}: Add {C}{C}.", {"kind": "mana", "costs": ["tap"], "effects": ["add(mana(c,c))"]}),
    ("{T}: Add one mana of any color.", {"kind": "mana", "effects": ["add(any_color(1))"]}),
    # 702 keywords
    ("Flying, haste", {"kind": "keyword", "effects": ["keyword(flying)", "keyword(haste)"]}),
    ("Changeling (This card is every creature type.)", {"kind": "keyword", "effects": ["keyword(changeling)"]}),
    ("Enchant land", {"kind": "keyword", "effects": ["keyword(enchant(land))"]}),
    ("Equip {2}", {"kind": "keyword", "effects": ["keyword(equip(mana(generic(2))))"]}),
    # 604 statics
    ("Enchanted land is snow.", {"kind": "static",
                                 "effects": ["characteristic(enchanted(land),add_supertype(snow))"]}),
    # 603 triggers
    ("When Test Card enters the battlefield, draw a card.",
     {"kind": "triggered", "trigger": "when(enters(self))"}),
]


@pytest.mark.parametrize("text,expected", GOLDEN, ids=[g[0][:40] for g in GOLDEN])
def test_golden(text, expected):
    got = rendered(parse(text))
    for k, v in expected.items():
        assert got[k] == v, (k, got)


def test_enters_wordings_parse_the_same():
    a = parse("When Test Card enters the battlefield, draw a card.")
    b = parse("When Test Card enters, draw a card.")
    assert rendered(a) == rendered(b)


def test_unsupported_line_is_kept_with_position():
    ab = parse("Frobnicate the zorblax thoroughly.")
    assert ab.kind == "unsupported" and not ab.understood
    assert ab.text == "Frobnicate the zorblax thoroughly." and ab.reason


def test_grammar_aliases_do_not_shadow_transformer_methods():
    """A rule alias named like a lark Transformer method ("transform") would call
    that method instead of building a term."""
    import re
    from importlib.resources import files

    from lark import Transformer

    text = files("mtgkb.parser").joinpath("oracle.lark").read_text(encoding="utf-8")
    names = set(re.findall(r"-> (\w+)", text)) | set(re.findall(r"^[?!]?(\w+)\s*:", text, re.M))
    assert not [n for n in names if hasattr(Transformer, n)]


def test_grammar_is_lalr_strict():
    from mtgkb.parser.oracle import _parser

    p = _parser()
    assert p.options.parser == "lalr" and p.options.strict


# Snow and copy templates: one row per template, with the card it comes from.
GOLDEN_CARDS = [
    ('Destroy target land that is snow or could produce {C}.', 'Break the Ice', ('Sorcery',),
     {'kind': 'spell', 'effects': ['destroy(all_of(desc((target,),types(group(land)),where(that_is_or_could_produce(supertypes(supertype_list(snow)),mana(colorless))))))']}),
    ('Prevent all damage that Goblin Furrier would deal to snow creatures.', 'Goblin Furrier', ('Creature',),
     {'kind': 'static', 'effects': ['prevent_all_from_to(damage,self,all_of(desc((snow,),types(group(creature)),where)))']}),
    ('{B}: Withering Wisps deals 1 damage to each creature and each player. Activate no more times each turn than the number of snow Swamps you control.', 'Withering Wisps', ('Enchantment',),
     {'kind': 'activated', 'effects': ['statement(self,deal_damage_both(1,some(each,desc(none,types(group(creature)),where)),some(each,desc(none,types(group(player)),where))))'],
      # 602.5b: the limit is a rider of the ability, not an effect
      'riders': ['activate_at_most_each_turn(count(all_of(desc((snow,),types(group(subtype("Swamp"))),where(you_control)))))']}),
    ('Cumulative upkeep—An opponent gains 1 life.', 'Wall of Shards', ('Creature',),
     {'kind': 'keyword', 'effects': ['keyword(cumulative_upkeep_other(costs(opponent_gains_life(1))))']}),
    ('Saddled Rimestag gets +2/+2 as long as you had another creature enter the battlefield under your control this turn.', 'Saddled Rimestag', ('Creature',),
     {'kind': 'static', 'effects': ['while(statement(self,gets(pt(2,2))),you_had_enter(some(another,desc(none,types(group(creature)),where)),under_your_control,this_turn))']}),
    ('Scry X, where X is the amount of {S} spent to cast this spell, then draw three cards.', 'Graven Lore', ('Instant',),
     {'kind': 'spell', 'effects': ['where_x(and(scry(x),draw(some(exactly(3),desc(none,types(group(card)),where)))),amount_spent(mana(snow)))']}),
    ('Enchanted creature gets +2/+1 and has "{S}: This creature can\'t be blocked this turn except by snow creatures."', 'Rime Transfusion', ('Enchantment',),
     {'kind': 'static', 'effects': ['characteristic(enchanted(creature),all(modify_pt(2,1),add_ability(quoted(ability(activated,costs(mana(snow)),none,effects(statement(self,lasting(cant(cant_be_blocked_except(all_of(desc((snow,),types(group(creature)),where)))),this_turn))))))))']}),
    ("Enchanted creature has first strike as long as it's blocking and you control a snow land.", 'Snow Devil', ('Enchantment',),
     {'kind': 'static', 'effects': ['while(statement(enchanted(creature),has(abilities(keyword(first_strike)))),both_conditions(is(blocking),_post(you_control(some(a,desc((snow,),types(group(land)),where))))))']}),
    ("{1}, {T}: Return Snow Hound and target green or blue creature you control to their owner's hand.", 'Snow Hound', ('Creature',),
     {'kind': 'activated', 'costs': ['mana(generic(1))', 'tap'], 'effects': ['return_both(self,all_of(desc((target,colored_any(g,u)),types(group(creature)),where(you_control))),owners_hand(their))']}),
    ('Populate X times.', 'Full Flowering', ('Sorcery',),
     {'kind': 'spell', 'effects': ['populate_times(x)']}),
    ("Ghired's Belligerence deals X damage divided as you choose among any number of target creatures. Whenever a creature dealt damage this way dies this turn, populate.", "Ghired's Belligerence", ('Sorcery',),
     {'kind': 'spell', 'effects': ['statement(self,deal_damage_divided(x,some(any_number,desc((target,),types(group(creature)),where))))', 'delayed_trigger(dies_this_turn(some(a,desc(none,types(group(creature)),where(dealt_damage_this_way))),this_turn),populate)']}),
    ("When you set this scheme in motion, create a token that's a copy of target permanent an opponent controls.", 'Ignite the Cloneforge!', ('Scheme',),
     {'kind': 'triggered', 'effects': ['create(some(a,desc(none,types(group(token)),where(thats(copy_of(all_of(desc((target,),types(group(permanent)),where)))),an_opponent_controls))))'], 'trigger': 'when(set_in_motion)'}),
    ("When Imperial Mask enters the battlefield, if it's not a token, each of your teammates creates a token that's a copy of Imperial Mask.", 'Imperial Mask', ('Enchantment',),
     {'kind': 'triggered', 'effects': ['statement(each_teammate,create(some(a,desc(none,types(group(token)),where(thats(copy_of(self)))))))'], 'trigger': 'when(enters(self))', 'condition': 'is_not(a_type(desc(none,types(group(token)),where)))'}),
    ("When Life of the Party enters the battlefield, if it's not a token, each opponent creates a token that's a copy of it. The tokens are goaded for the rest of the game.", 'Life of the Party', ('Creature',),
     {'kind': 'triggered', 'effects': ['statement(some(each,desc(none,types(group(opponent)),where)),create(some(a,desc(none,types(group(token)),where(thats(copy_of(it)))))))', 'statement(some(the,desc(none,types(group(token)),where)),is(goaded_rest_of_game))'], 'trigger': 'when(enters(self))', 'condition': 'is_not(a_type(desc(none,types(group(token)),where)))'}),
    ("Tempting offer — Choose target creature you control. Create a token that's a copy of that creature. Each opponent may create a token that's a copy of that creature. For each opponent who does, create a token that's a copy of that creature.", 'Tempt with Reflections', ('Sorcery',),
     {'kind': 'spell', 'effects': ['choose(all_of(desc((target,),types(group(creature)),where(you_control))))', 'create(some(a,desc(none,types(group(token)),where(thats(copy_of(that(desc(none,types(group(creature)),where))))))))', 'may(some(each,desc(none,types(group(opponent)),where)),create(some(a,desc(none,types(group(token)),where(thats(copy_of(that(desc(none,types(group(creature)),where)))))))))', 'for_each_opponent_who_does(create(some(a,desc(none,types(group(token)),where(thats(copy_of(that(desc(none,types(group(creature)),where)))))))))'], 'riders': ['ability_word("tempting offer")']}),
    ("[0]: Draw a card and reveal it. Remove a number of loyalty counters equal to that card's mana value from Jace, Mirror Mage.", 'Jace, Mirror Mage', ('Planeswalker',),
     {'kind': 'loyalty', 'effects': ['and(draw(some(a,desc(none,types(group(card)),where))),reveal(it))', 'remove_counters_equal(loyalty,mana_value_of(that(desc(none,types(group(card)),where))),self)']}),
    ('Whenever Glyph Keeper becomes the target of a spell or ability for the first time each turn, counter that spell or ability.', 'Glyph Keeper', ('Creature',),
     {'kind': 'triggered', 'effects': ['counter(that(desc(none,types(group(spell),group(ability)),where)))'], 'trigger': 'whenever(becomes_target_first_time(self,some(a,desc(none,types(group(spell),group(ability)),where))))'}),
    ("At the beginning of your upkeep, create a token that's a copy of enchanted artifact. Then if you control eight or more artifacts with the same name as one another, you win the game.", 'Mechanized Production', ('Enchantment',),
     {'kind': 'triggered', 'effects': ['create(some(a,desc(none,types(group(token)),where(thats(copy_of(enchanted(artifact)))))))', 'then(if_then(_post(you_control(some(at_least(8),desc(none,types(group(artifact)),where(same_name_as_one_another))))),statement(you,win_game)))'], 'trigger': 'at_beginning(upkeep(yours))'}),
    ('[+1]: The next spell you cast this turn costs {1} less to cast for each artifact you control as you cast it.', 'Saheeli, the Gifted', ('Planeswalker',),
     {'kind': 'loyalty', 'effects': ['statement(next_this_turn(desc(none,types(group(spell)),where(you_cast)),this_turn),costs_less_for_each_as_cast(mana(generic(1)),all_of(desc(none,types(group(artifact)),where(you_control)))))']}),
]


@pytest.mark.parametrize("text,name,types,expected", GOLDEN_CARDS, ids=[g[1] for g in GOLDEN_CARDS])
def test_golden_card_lines(text, name, types, expected):
    sup = ("Legendary",) if "," in name else ()
    got = rendered(parse(text, name, supertypes=sup, types=types))
    assert got["kind"] != "unsupported"
    for k, v in expected.items():
        assert got[k] == v, (k, got)


def test_delayed_whenever_only_after_a_sentence():
    """A "Whenever" that starts the line is the line's trigger, not a delayed trigger."""
    ab = parse("Whenever a creature dies, populate.")
    assert ab.kind == "triggered" and rendered(ab)["effects"] == ["populate"]


def test_copy_exception_keeps_color():
    """Vesuvan Doppelganger: "except it doesn't copy that creature's color" -> keeps(color) (707.9b)."""
    ab = parse("You may have Vesuvan Doppelganger enter the battlefield as a copy of any creature on the battlefield, "
               "except it doesn't copy that creature's color and it has \"At the beginning of your upkeep, you may have "
               "this creature become a copy of target creature, except it doesn't copy that creature's color and it has "
               "this ability.\"", "Vesuvan Doppelganger")
    assert ab.kind == "replacement"
    eff = rendered(ab)["effects"][0]
    assert eff.startswith("with_exceptions(may(you,cause(self,enters_with(as_copy(")
    assert eff.endswith("exceptions(keeps(color),adds(ability(this_ability)))))))))))")
    assert "exceptions(keeps(color),adds(ability(quoted(ability(triggered," in eff


def test_for_as_long_as_and_copied_creature():
    """Wall of Stolen Identity's reflexive trigger."""
    ab = parse("When you do, tap the copied creature and it doesn't untap during its controller's untap step "
               "for as long as you control Wall of Stolen Identity.", "Wall of Stolen Identity")
    assert rendered(ab)["effects"] == [
        "when_you_do(both(tap(some(the,desc((copied,),types(group(creature)),where))),"
        "for_as_long_as(statement(it,doesnt_untap(its_controllers)),_post(you_control(self)))))"]
