"""Revealing cards from the top of a library until cards of a kind are revealed (701.20a, 401.1, 400.3, 701.24a;
mtgkb/rules/reveal_until.lp, meaning_reveal_until.lp): a known top gives one exact outcome; unknown cards give an
outcome for each place the first card of the kind may be (or none at all); a library of unknown size gives no
bound, so undetermined."""

from __future__ import annotations

from casting_support import cast_given, check, verdicts


def _hunt(library: str) -> str:
    return cast_given(f"{library}\nAlice has no cards in hand.", "{C}{U}", "Treasure Hunt")


def test_treasure_hunt_known_top_takes_the_lands_and_the_first_nonland(tmp_path):
    r = check(tmp_path, _hunt("Alice's library is Forest, Island, Lightning Bolt, Swamp and 20 unknown cards."),
              "Alice has 3 cards in hand.\nAlice has Lightning Bolt in hand.\nAlice's library has 21 cards.\n"
              "The top card of Alice's library is Swamp.\nTreasure Hunt is in Alice's graveyard.")
    assert verdicts(r) == ["holds"] * 5


def test_treasure_hunt_unknown_library_is_an_outcome_per_place(tmp_path):
    # 5 unknown cards: the first nonland card may be any of them, or none is (all five go to the hand)
    r = check(tmp_path, _hunt("Alice's library has 5 cards."),
              "Alice has no cards in hand.\nAlice has 1 card in hand.\nAlice's library has 5 cards.\n"
              "Treasure Hunt is in Alice's graveyard.", timeout=60)
    # none in hand and 5 in the library in no outcome; 1 card in hand in one outcome only
    assert verdicts(r) == ["fails", "fails", "fails", "holds"]
    assert "some outcomes but not all" in (r.claims[1].message or "")


def test_treasure_hunt_library_of_unknown_size_is_undetermined(tmp_path):
    r = check(tmp_path, _hunt("Alice controls Forest."), "Alice has 1 card in hand.\nForest is untapped.")
    assert verdicts(r) == ["undetermined", "undetermined"]
    # ... unless its known top holds the card of the kind
    r = check(tmp_path, _hunt("The top card of Alice's library is Lightning Bolt."), "Alice has Lightning Bolt in hand.")
    assert verdicts(r) == ["holds"]


FUNERAL = "Alice casts Mind Funeral targeting Bob"


def test_mind_funeral_stops_at_the_fourth_land(tmp_path):
    given = cast_given("Bob's library is Forest, Lightning Bolt, Island, Swamp, Grizzly Bears, Mountain, Plains and "
                       "10 unknown cards.", "{C}{U}{B}", "Mind Funeral", "Bob")
    r = check(tmp_path, given, "Bob's library has 11 cards.\nGrizzly Bears is in Bob's graveyard.\n"
              "Mountain is in Bob's graveyard.\nThe top card of Bob's library is Plains.")
    assert verdicts(r) == ["holds"] * 4


def test_mind_funeral_reveals_the_whole_library_when_it_has_fewer_lands(tmp_path):
    given = cast_given("Bob's library is Forest, Lightning Bolt, Island.", "{C}{U}{B}", "Mind Funeral", "Bob")
    r = check(tmp_path, given, "Bob's library has 0 cards.\nLightning Bolt is in Bob's graveyard.\nBob has 20 life.")
    assert verdicts(r) == ["holds"] * 3


def test_mind_funeral_unknown_cards_in_a_graveyard_leave_the_board_open(tmp_path):
    # unknown cards put into a graveyard may have abilities of their own there (603.6, 603.10)
    given = cast_given("Bob's library has 8 cards.", "{C}{U}{B}", "Mind Funeral", "Bob")
    r = check(tmp_path, given, "Bob has 20 life.", timeout=60)
    assert verdicts(r) == ["undetermined"]


def test_polymorph_known_library(tmp_path):
    given = cast_given("Bob controls Hill Giant.\nBob's library is Forest, Serra Angel, Island and 5 unknown cards.",
                       "{C}{C}{C}{U}", "Polymorph", "Hill Giant")
    r = check(tmp_path, given, "Hill Giant is in Bob's graveyard.\nBob controls 1 permanent named Serra Angel.\n"
              "Serra Angel has flying.\nBob's library has 7 cards.\nThe top card of Bob's library is Forest.")
    # the revealed Forest is shuffled back: the top card is no longer known (701.24a)
    assert verdicts(r) == ["holds", "holds", "holds", "holds", "undetermined"]


def test_polymorph_unknown_library_puts_an_unknown_permanent(tmp_path):
    given = cast_given("Bob controls Hill Giant.\nBob's library has 6 cards.", "{C}{C}{C}{U}", "Polymorph",
                       "Hill Giant")
    r = check(tmp_path, given, "Bob has 20 life.\nBob's library has 6 cards.", timeout=60)
    assert verdicts(r) == ["undetermined", "undetermined"]


NEST = """  card:
    Test Nest {2}{G}
    Sorcery
    Reveal cards from the top of your library until you reveal a creature card. Put that card onto the battlefield and the rest on the bottom of your library in a random order.
"""


def test_the_rest_on_the_bottom_in_a_random_order(tmp_path):
    given = cast_given("Alice's library is Forest, Island, Grizzly Bears, Swamp and 3 unknown cards.", "{C}{C}{G}",
                       "Test Nest")
    r = check(tmp_path, given, "Alice controls 1 permanent named Grizzly Bears.\nAlice's library has 6 cards.\n"
              "The top card of Alice's library is Swamp.\nForest is on the battlefield.", NEST)
    assert verdicts(r) == ["holds", "holds", "holds", "fails"]


def test_a_revealed_card_with_an_unread_graveyard_trigger_leaves_the_claims_open(tmp_path):
    # Kozilek's "put into a graveyard from anywhere" ability is not read: what it does there stays undetermined
    given = cast_given("Bob's library is Kozilek, Butcher of Truth, Forest, Island, Swamp, Mountain and 5 unknown "
                       "cards.", "{C}{U}{B}", "Mind Funeral", "Bob")
    r = check(tmp_path, given, "Bob's library has 5 cards.\nKozilek, Butcher of Truth is in Bob's graveyard.")
    assert verdicts(r) == ["undetermined", "undetermined"]
