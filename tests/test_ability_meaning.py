"""The meaning the engine reads from the Oracle grammar's terms (mtgkb/rules/meaning.lp).

These pin the contract between docs/oracle-meaning.md and meaning.lp: the seed
cards' triggered abilities must be read, and anything else must be `unread` (so that a
verdict that depends on it is `undetermined`, never `holds`)."""

from __future__ import annotations

import pytest
from clingo import Function, Number, String

from mtgkb import facts, mana
from oracle_support import derive_ability
from mtgkb.parser.card_ast import Ability
from mtgkb.parser.terms import fn

TL = frozenset({"tl_on", "tl_on_type", "tl_if", "tl_eff", "tl_step", "tl_slot", "tl_token_desc", "tl_eff_except",
                "tl_cost", "tl_repl", "tl_enters_with_x", "tl_enters_with_n", "tl_as_face_up", "tl_unread"})


def ability_facts(A, ab: Ability) -> list:
    """What mtgkb/rules/meaning.lp derives about one ability A (its tl_* facts)."""
    fs = [facts.atom("printed", String("F"), Function("ability", [A]))]
    fs += facts.ability_facts(A, ab) + mana.ability_mana_facts(A, ab)
    return sorted(derive_ability(fs, TL), key=str)


def meaning(db_face, i: int) -> set[str]:
    A = Function("ab", [String(db_face.name), Number(i)])
    return {str(f).replace(str(A), "A") for f in ability_facts(A, db_face.abilities[i - 1])}


@pytest.fixture(scope="module")
def db():
    from mtgkb.carddb import default_database

    return default_database()


EXPECTED = [
    ("Orvar, the All-Form", 2, {"tl_on(A,cast_you)", "tl_on_type(A,instant)", "tl_on_type(A,sorcery)",
                                "tl_if(A,targets_other_yours)", "tl_step(A,(1,1,0),copy_token(those_targets))"}),
    ("Orvar, the All-Form", 3, {"tl_on(A,discarded_by_opponent)",
                                "tl_slot(A,1,t(desc((target,),types(group(permanent)),where),none),1,1)",
                                "tl_step(A,(1,1,0),copy_token(slot(1)))"}),
    ("Helm of the Host", 1, {"tl_on(A,step(combat,yours))", "tl_step(A,(1,1,0),copy_token(equipped_by_self))",
                             "tl_eff_except(A,nonlegendary)", "tl_step(A,(2,1,0),token_gains(haste))"}),
    ("Obstinate Baloth", 2, {"tl_repl(A,opp_discard_to_battlefield)"}),
    ("Littjara Kinseekers", 2, {"tl_on(A,enters_self)", "tl_if(A,control_sharing(3))",
                                'tl_step(A,(1,1,0),counters(self,"+1/+1",1))', "tl_step(A,(1,2,0),zone(scry(you,1)))"}),
    ("Hooded Hydra", 1, {'tl_enters_with_x(A,"+1/+1")'}),
    ("Littjara Glade-Warden", 2, {"tl_cost(A,tap)", "tl_cost(A,exile_gy(creature))",
                                  "tl_slot(A,1,t(desc((target,),types(group(creature)),where),none),1,1)",
                                  'tl_step(A,(1,1,0),counters(slot(1),"+1/+1",2))'}),
    ("Giant Growth", 1, {"tl_slot(A,1,t(desc((target,),types(group(creature)),where),none),1,1)",
                         "tl_step(A,(1,1,0),cont(slot(1),modify_pt(3,3),end_of_turn))"}),
    ("Mirror Entity", 2, {"tl_step(A,(1,1,1),cont(each(t(desc(none,types(group(creature)),where(you_control)),none)),"
                          "set_pt(x,x),end_of_turn))",
                          "tl_step(A,(1,1,2),cont(each(t(desc(none,types(group(creature)),where(you_control)),none)),"
                          "all_creature_types,end_of_turn))"}),
]


@pytest.mark.parametrize("card,i,facts", EXPECTED, ids=[f"{c} {i}" for c, i, _ in EXPECTED])
def test_seed_card_meaning(db, card, i, facts):
    got = meaning(db.face(card), i)
    assert facts <= got, sorted(got)
    assert not any("unread" in g for g in got), sorted(got)


def test_a_condition_that_is_not_understood_is_unread():
    ab = Ability(kind="triggered", text="When ~ enters, if you have many friends, draw a card.", line=1,
                 trigger=fn("when", fn("enters", fn("self"))), condition=fn("have_friends", fn("you")),
                 effects=(fn("draw", fn("some", fn("a"), fn("desc", fn("none"), fn("types", fn("group", fn("card"))),
                                                            fn("where")))),))
    got = {str(f) for f in ability_facts(Function("x"), ab)}
    assert "tl_if(x,unread)" in got


def test_an_effect_that_is_not_understood_is_unread():
    ab = Ability(kind="triggered", text="When ~ enters, frobnicate.", line=1,
                 trigger=fn("when", fn("enters", fn("self"))), effects=(fn("frobnicate"),))
    got = {str(f) for f in ability_facts(Function("x"), ab)}
    assert "tl_on(x,enters_self)" in got and "tl_eff(x,unread)" in got


def test_a_copy_with_a_qualifier_not_read_is_unread():
    # "a copy of target permanent you control": the restriction is not read, so nothing is claimed
    from mtgkb.parser.oracle import parse_ability_line

    ab = parse_ability_line("When Grizzly Bears enters the battlefield, create a token that's a copy of target "
                            "nonland permanent you control.", "Grizzly Bears")
    if not ab.understood:
        pytest.skip("the grammar does not read this line")
    got = {str(f) for f in ability_facts(Function("x"), ab)}
    assert "tl_eff(x,unread)" in got


def test_trigger_text_not_understood_is_unread_with_its_kind():
    ab = Ability(kind="unsupported", text="Whenever you cast a spell, do something odd.", line=1, understood=False)
    assert {str(f) for f in ability_facts(Function("x"), ab)} == {"tl_unread(x,cast_you)"}
    ab = Ability(kind="unsupported", text="At the beginning of your upkeep, do something odd.", line=1, understood=False)
    assert {str(f) for f in ability_facts(Function("x"), ab)} == {"tl_unread(x,step)"}
