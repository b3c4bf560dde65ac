"""A library search for up to N cards of a kind (701.23a, 701.23b): mtgkb/rules/meaning_search_n.lp, search_n.lp
and mtgkb/engine/zones.py (the cards found go where the spell says, together)."""

from __future__ import annotations

import pytest
from clingo import Function, Number, String

from casting_support import cast_given, check, verdicts
from mtgkb.carddb import default_database
from mtgkb.coverage import derive


@pytest.fixture(scope="module")
def db():
    return default_database()


def steps(db, name: str) -> set[str]:
    face = db.face(name)
    A = Function("ab", [String(face.name), Number(1)])
    new, _ = derive([face], frozenset({"tl_step", "applied"}))
    return {",".join(str(a) for a in x.arguments[1:]) or x.name for x in new if x.arguments[0] == A}


@pytest.mark.parametrize("name, step", [
    ("Seek the Horizon", "(1,1,0),zone(search_n(you,basic_land,hand,3))"),
    ("Plea for Guidance", "(1,1,0),zone(search_n(you,type(enchantment),hand,2))"),
    ("Explosive Vegetation", "(1,1,0),zone(search_n(you,basic_land,battlefield_tapped,2))"),
    ("Diabolic Revelation", "(1,1,0),zone(search_n(you,card,hand,x))"),   # "up to X cards, put those cards ..."
])
def test_the_search_is_read(db, name, step):
    got = steps(db, name)
    assert "applied" in got and step in got


def test_unknown_cards_may_be_of_the_kind_or_not(tmp_path):
    # 30 unknown cards: from none to three basic lands are found (701.23b), never four
    given = cast_given("Alice's library has 30 cards.\nAlice has no cards in hand.", "{C}{C}{C}{G}", "Seek the Horizon")
    r = check(tmp_path, given, "Seek the Horizon is in Alice's graveyard.\nAlice has 3 cards in hand.\n"
              "Alice has no cards in hand.\nAlice has 4 cards in hand.", timeout=60)
    assert verdicts(r) == ["holds", "fails", "fails", "fails"]
    assert "false in every outcome" in r.claims[3].message
    assert "some outcomes" in r.claims[1].message and "some outcomes" in r.claims[2].message


def test_known_cards_of_another_kind_are_not_found(tmp_path):
    given = cast_given("Alice's library is Lightning Bolt, Forest and Island.\nAlice has no cards in hand.",
                       "{C}{C}{C}{C}{C}{W}", "Plea for Guidance")
    r = check(tmp_path, given, "Alice has no cards in hand.\nAlice's library has 3 cards.")
    assert verdicts(r) == ["holds", "holds"]


def test_lands_found_enter_tapped(tmp_path):
    given = cast_given("Alice's library is Forest.", "{C}{C}{C}{G}", "Explosive Vegetation")
    r = check(tmp_path, given, "Alice may control 1 permanent named Forest.\nAlice may control 0 permanents named "
              "Forest.\nForest is untapped.")
    # the Forest is found (then it is tapped) or left in the library: "untapped" is true in no outcome
    assert verdicts(r) == ["holds", "holds", "fails"]
    assert "false in every outcome" in r.claims[2].message


def test_up_to_x_finds_no_more_than_x(tmp_path):
    given = cast_given("Alice's library is Forest, Lightning Bolt and Island.\nAlice has no cards in hand.",
                       "{C}{C}{C}{C}{C}{B}{B}", "Diabolic Revelation", how=" with X = 2")
    r = check(tmp_path, given, "Alice may have Island in hand.\nAlice has 3 cards in hand.", timeout=60)
    assert verdicts(r) == ["holds", "fails"]
    assert "false in every outcome" in r.claims[1].message
