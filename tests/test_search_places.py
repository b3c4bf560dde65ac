"""Where a searched-for card goes, what a search looks for and whose library it searches (701.23a, 701.23b,
701.23d, 701.24a, 401.1), and the top cards of a library revealed (701.20a): mtgkb/rules/meaning_search_places.lp,
search_places.lp, meaning_search_target.lp, the "any number" and "N cards" searches of search_n.lp,
meaning_reveal_top.lp, library_reveals.lp and mtgkb/engine/zones.py (a card found put into a graveyard, into exile,
on top of the shuffled library, or onto the battlefield under the searcher's control)."""

from __future__ import annotations

import pytest
from casting_support import cast_given, check, verdicts
from mtgkb.carddb import default_database
from mtgkb.coverage import derive
from test_search_n import steps


@pytest.fixture(scope="module")
def db():
    return default_database()


# the places, the kinds, the libraries searched, and the reveals of the top cards
READ = [
    ("Worldly Tutor", "(1,1,0),zone(search(you,type(creature),top))"),
    ("Vampiric Tutor", "(1,1,0),zone(search(you,card,top))"),
    ("Flamekin Harbinger", "(1,1,0),in_may((1,1,0),zone(search(you,sub(\"Elemental\"),top)))"),
    ("Entomb", "(1,1,0),zone(search(you,card,graveyard))"),
    ("Buried Alive", "(1,1,0),zone(search_n(you,type(creature),graveyard,3))"),
    ("Selective Memory", "(1,1,0),zone(search_n(you,nonland,exile,any))"),
    ("Legion Conquistador", "(1,1,0),in_may((1,1,0),zone(search_n(you,named_self,hand,any)))"),
    ("Quandrix Cultivator", "(1,1,0),in_may((1,1,0),zone(search(you,basic_either_sub(\"Forest\",\"Island\"),battlefield)))"),
    ("Open the Armory", "(1,1,0),zone(search(you,either_sub(\"Aura\",\"Equipment\"),hand))"),
    ("Gamble", "(1,4,0),zone(shuffle(you))"),
    ("Wargate", "(1,1,0),zone(search(you,mvq(permanent_card,le(x)),battlefield))"),
    ("Treasure Mage", "(1,1,0),in_may((1,1,0),zone(search(you,mvq(type(artifact),ge(6)),hand)))"),
    ("Spellseeker", "(1,1,0),in_may((1,1,0),zone(search(you,mvq(either_type(instant,sorcery),le(2)),hand)))"),
    ("Extract", "(1,1,0),zone(search(slot(1),card,exile))"),
    ("Extract", "(2,1,0),zone(shuffle(slot(1)))"),
    ("Bribery", "(1,1,0),zone(search(slot(1),type(creature),battlefield_yours))"),
    ("Denying Wind", "(1,1,0),zone(search_n(slot(1),card,exile,7))"),
    ("Manipulate Fate", "(1,1,0),zone(search_n(you,card,exile,exactly(3)))"),
    ("Grave Defiler", "(1,1,0),zone(reveal_all(you,4,sub(\"Zombie\"),bottom))"),
    ("Mulch", "(1,1,0),zone(reveal_all(you,4,type(land),graveyard))"),
    ("Satyr Wayfinder", "(1,1,0),zone(look_pick(you,4,type(land),graveyard,2))"),
    ("Courageous Outrider", "(1,1,0),zone(look_pick(you,4,sub(\"Human\"),bottom,2))"),
]


@pytest.mark.parametrize("name, step", READ)
def test_the_search_or_reveal_is_read(db, name, step):
    got = steps(db, name)
    assert "applied" in got and step in got, sorted(got)


# the kinds that range over the subtype tables (one subtype, two subtypes, a basic land type or two)
TABLE_KINDS = {"sub", "either_sub", "basic_sub", "basic_either_sub"}


def _kinds(db, *names):
    got, _ = derive([db.face(n) for n in names], frozenset({"m_zn_q", "m_lp_take"}))
    return [a for a in got if a.name == "m_lp_take" or a.arguments[1].name in TABLE_KINDS]


def test_a_kind_over_the_subtypes_is_read_only_where_a_text_asks_for_it(db):
    # the meaning of a card that searches nothing holds none of them (every pair of some 360 subtypes, each as a
    # look's take, was some 400,000 atoms grounded in every meaning solve: 3 s for a Grizzly Bears)
    assert _kinds(db, "Grizzly Bears", "Forest") == []
    # a text that asks for one: only the kinds it asks for
    assert sorted(str(a) for a in _kinds(db, "Open the Armory", "Grave Defiler")) == [
        'm_zn_q(desc(none,types(group(subtype("Aura"),card),group(subtype("Equipment"),card)),where),'
        'either_sub("Aura","Equipment"))',
        'm_zn_q(desc(none,types(group(subtype("Zombie"),card)),where),sub("Zombie"))']


def test_an_exile_beside_another_ability_is_not_read(db):
    # Kaho's activated ability casts the cards "exiled with" it: which cards the search exiled is not tracked
    assert "applied" not in steps(db, "Kaho, Minamo Historian")


def test_worldly_tutor_puts_the_creature_found_on_top(tmp_path):
    given = cast_given("Alice's library is Forest, Hill Giant and Island.\nAlice has no cards in hand.", "{G}",
                       "Worldly Tutor")
    r = check(tmp_path, given, "May the top card of Alice's library is Hill Giant.\nAlice's library has 3 cards.\n"
              "Alice has no cards in hand.\nThe top card of Alice's library is Forest.")
    # 701.23b: the creature card may be left where it is; the library is shuffled all the same, and it is never
    # the Forest on top by the search (a shuffled library's top card is unknown: undetermined, not holds)
    assert verdicts(r)[:3] == ["holds", "holds", "holds"]
    assert verdicts(r)[3] != "holds"


def test_a_tutor_on_unknown_cards_keeps_hand_and_library_sizes(tmp_path):
    given = cast_given("Alice's library has 30 cards.\nAlice has no cards in hand.", "{G}", "Worldly Tutor")
    r = check(tmp_path, given, "Alice's library has 30 cards.\nAlice has no cards in hand.\n"
              "Worldly Tutor is in Alice's graveyard.")
    assert verdicts(r) == ["holds", "holds", "holds"]


def test_gamble_finds_a_card_and_discards_one_at_random(tmp_path):
    given = cast_given("Alice's library is Forest and Island.\nAlice has no cards in hand.", "{R}", "Gamble")
    r = check(tmp_path, given, "Alice has no cards in hand.\nAlice's library has 1 card.\n"
              "May Forest is in Alice's graveyard.\nMay Island is in Alice's graveyard.")
    assert verdicts(r) == ["holds", "holds", "holds", "holds"]


def test_entomb_puts_the_card_into_the_graveyard(tmp_path):
    given = cast_given("Alice's library is Forest.", "{B}", "Entomb")
    r = check(tmp_path, given, "Forest is in Alice's graveyard.\nAlice's library has 0 cards.")
    # 701.23d: a search for "a card" finds one when there is one
    assert verdicts(r) == ["holds", "holds"]


def test_an_unknown_card_put_into_a_graveyard_unsettles_what_follows(tmp_path):
    given = cast_given("Alice's library has 30 cards.", "{B}", "Entomb")
    r = check(tmp_path, given, "Alice's library has 29 cards.\nAlice has 20 life.")
    # the unknown card in the graveyard may have an ability that works there (as for a mill): nothing after it is
    # settled
    assert verdicts(r) == ["undetermined", "undetermined"]


def test_selective_memory_exiles_any_number_of_nonland_cards(tmp_path):
    given = cast_given("Alice's library is Forest, Hill Giant and Lightning Bolt.", "{C}{C}{C}{U}",
                       "Selective Memory")
    r = check(tmp_path, given, "Forest is in Alice's library.\nMay Hill Giant is in Alice's exile.\n"
              "May Alice's library has 1 card.\nMay Alice's library has 3 cards.\nAlice's library has 0 cards.")
    assert verdicts(r) == ["holds", "holds", "holds", "holds", "fails"]


def test_quandrix_cultivator_finds_a_basic_forest_or_island(tmp_path):
    given = ("Alice's library is Swamp, Island and Mountain.\nIt is Alice's turn.\n"
             "Quandrix Cultivator enters under Alice's control.\nQuandrix Cultivator's triggered ability resolves.")
    r = check(tmp_path, given, "Swamp is in Alice's library.\nMountain is in Alice's library.\n"
              "May Island is on the battlefield.\nMay Island is in Alice's library.")
    assert verdicts(r) == ["holds", "holds", "holds", "holds"]


def test_wargate_finds_a_permanent_card_of_mana_value_x_or_less(tmp_path):
    given = cast_given("Alice's library is Hill Giant, Lightning Bolt and Grizzly Bears.", "{C}{C}{G}{W}{U}",
                       "Wargate", how=" with X = 2")
    r = check(tmp_path, given, "Hill Giant is in Alice's library.\nLightning Bolt is in Alice's library.\n"
              "May Grizzly Bears is on the battlefield.\nMay Grizzly Bears is in Alice's library.")
    # 701.23b: Grizzly Bears (mana value 2) may be found or not; Hill Giant (4) and Lightning Bolt (an instant) not
    assert verdicts(r) == ["holds", "holds", "holds", "holds"]


def test_extract_exiles_a_card_of_the_target_players_library(tmp_path):
    given = cast_given("Bob's library is Forest and Island.", "{U}", "Extract", target="Bob")
    r = check(tmp_path, given, "Bob's library has 1 card.\nMay Forest is in Bob's exile.\nMay Island is in Bob's exile."
              "\nAlice has 20 life.")
    # 701.23d: "a card" is found when there is one
    assert verdicts(r) == ["holds", "holds", "holds", "holds"]


def test_bribery_puts_the_creature_onto_the_battlefield_under_the_searchers_control(tmp_path):
    given = cast_given("Bob's library is Forest and Hill Giant.", "{C}{C}{C}{U}{U}", "Bribery", target="Bob")
    r = check(tmp_path, given, "Forest is in Bob's library.\nAlice may control 1 permanent named Hill Giant.\n"
              "May Hill Giant is in Bob's library.\nBob may control 1 permanent named Hill Giant.")
    assert verdicts(r) == ["holds", "holds", "holds", "fails"]


def test_mulch_puts_the_lands_revealed_into_the_hand_and_the_rest_into_the_graveyard(tmp_path):
    given = cast_given("Alice's library is Forest, Lightning Bolt, Island, Hill Giant and Swamp.\n"
                       "Alice has no cards in hand.", "{C}{G}", "Mulch")
    r = check(tmp_path, given, "Alice has 2 cards in hand.\nForest is in Alice's hand.\nIsland is in Alice's hand.\n"
              "Lightning Bolt is in Alice's graveyard.\nHill Giant is in Alice's graveyard.\n"
              "The top card of Alice's library is Swamp.")
    assert verdicts(r) == ["holds"] * 6


def test_grave_defiler_on_unknown_cards_leaves_the_hand_size_open(tmp_path):
    given = ("Alice's library has 30 cards.\nAlice has no cards in hand.\nIt is Alice's turn.\n"
             "Grave Defiler enters under Alice's control.\nGrave Defiler's triggered ability resolves.")
    r = check(tmp_path, given, "May Alice's library has 26 cards.\nMay Alice's library has 30 cards.\n"
              "May Alice has no cards in hand.\nMay Alice has 4 cards in hand.\nAlice has 5 cards in hand.")
    assert verdicts(r) == ["holds", "holds", "holds", "holds", "fails"]


def test_a_search_for_n_cards_finds_n_when_there_are_n(tmp_path):
    # 701.23d: "three cards" is no stated quality: three are found when the library has them
    given = cast_given("Alice's library is Forest, Island, Swamp and Mountain.\nAlice has no cards in hand.", "{C}{U}",
                       "Manipulate Fate")
    r = check(tmp_path, given, "Alice's library has 0 cards.\nAlice has 1 card in hand.")
    assert verdicts(r) == ["holds", "holds"]


def test_a_look_for_a_card_of_a_creature_type_takes_only_one_of_that_type(tmp_path):
    # 205.3, 608.2d: "you may reveal a Human card from among them": Elite Vanguard (a Human) may be taken, Grizzly
    # Bears (a Bear) may not; the rest go on the bottom (the kinds a search checks, zones.lp zn_match/2)
    given = ("Alice's library is Grizzly Bears, Elite Vanguard, Forest, Island and Swamp.\nAlice has no cards in hand."
             "\nIt is Alice's turn.\nCourageous Outrider enters under Alice's control.\n"
             "Courageous Outrider's triggered ability resolves.")
    r = check(tmp_path, given, "May Alice has Elite Vanguard in hand.\nMay Alice has no cards in hand.\n"
              "Alice does not have Grizzly Bears in hand.\nThe top card of Alice's library is Swamp.\n"
              "Alice has 2 cards in hand.")
    assert verdicts(r) == ["holds", "holds", "holds", "holds", "fails"]
