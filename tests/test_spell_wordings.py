"""Small spell wordings read in their own meaning files: becoming a color (meaning_colors.lp), "one or more
target" (meaning_target_counts.lp), damage a creature deals to itself (meaning_self_damage.lp), a copy of a
target creature you control (meaning_copy_yours.lp)."""

from __future__ import annotations

import pytest

from casting_support import applied, check, verdicts


def _all_applied(cards, tmp_path, capsys) -> None:
    for card in cards:
        assert all(applied(card, tmp_path, capsys)), card


def test_the_wordings_are_applied(tmp_path, capsys):
    for card in ("Dwarven Song", "Repentance", "Quasiduplicate"):
        assert applied(card, tmp_path, capsys)[0] is True, card
    assert applied("Viridescent Wisps", tmp_path, capsys) == [True, True]


def test_one_or_more_targets_takes_at_least_one(tmp_path):
    # no target named: every legal choice is an outcome; with one creature on the board it is the one chosen
    r = check(tmp_path, "Alice controls Grizzly Bears.\nIt is Alice's turn.\nAlice has {R} in her mana pool.\n"
              "Alice casts Dwarven Song, paying from her mana pool.\nDwarven Song resolves.", "Grizzly Bears is red.")
    assert verdicts(r) == ["holds"]


def test_the_copied_creature_is_the_casters(tmp_path):
    r = check(tmp_path, "Bob controls Hill Giant.\nIt is Alice's turn.\nAlice has {C}{U}{U} in her mana pool.\n"
              "Alice casts Quasiduplicate targeting Hill Giant, paying from her mana pool.", "Alice has 20 life.")
    assert r.status == "error" and "illegal target" in r.error


def test_a_creature_damaging_itself_is_the_source(tmp_path):
    # lifelink on the creature: its controller gains the life (702.15b: the creature is the source)
    r = check(tmp_path, "Bob controls Vampire Nighthawk.\nIt is Alice's turn.\nAlice has {C}{C}{W} in her mana pool.\n"
              "Alice casts Repentance targeting Vampire Nighthawk, paying from her mana pool.\nRepentance resolves.",
              "Bob has 22 life.\nVampire Nighthawk is in Bob's graveyard.")
    assert verdicts(r) == ["holds", "holds"]


def test_the_next_turns_upkeep_draw(tmp_path, capsys):
    assert applied("Soul Rend", tmp_path, capsys) == [True, True]
    given = ("Bob controls Serra Angel.\nIt is Alice's turn.\nAlice's library has 10 cards.\nAlice has no cards in hand.\n"
             "Alice has {C}{B} in her mana pool.\nAlice casts Soul Rend targeting Serra Angel, paying from her mana pool.\n"
             "Soul Rend resolves.\n")
    r = check(tmp_path, given, "Alice has no cards in hand.\nSerra Angel is in Bob's graveyard.")
    assert verdicts(r) == ["holds", "holds"]
    r = check(tmp_path, given + "The turn ends.\nBob's upkeep begins.\nSoul Rend's delayed triggered ability resolves.",
              "Alice has 1 card in hand.")
    assert verdicts(r) == ["holds"]


def test_amounts_of_an_objects_characteristics(tmp_path, capsys):
    for card in ("Swords to Plowshares", "Chastise", "Condemn", "Feed the Swarm"):
        assert applied(card, tmp_path, capsys)[0] is True, card
    r = check(tmp_path, "Bob controls Hill Giant.\nIt is Alice's turn.\nAlice has {C}{B} in her mana pool.\n"
              "Alice casts Feed the Swarm targeting Hill Giant, paying from her mana pool.\nFeed the Swarm resolves.",
              "Alice has 16 life.", timeout=60)
    assert verdicts(r) == ["holds"]   # Hill Giant's mana value is 4 (202.3)


def test_tokens_created_tapped(tmp_path, capsys):
    from mtgkb.cli import main

    assert applied("Army of the Damned", tmp_path, capsys) == [True, True]
    f = tmp_path / "army.mtg"
    f.write_text('ruling "army"\n  given:\n    It is Alice\'s turn.\n    Alice has {C}{C}{C}{C}{C}{B}{B}{B} in her '
                 'mana pool.\n    Alice casts Army of the Damned, paying from her mana pool.\n    Army of the Damned '
                 'resolves.\n  expect:\n    Alice controls 13 permanents named Zombie Token.\n', encoding="utf-8")
    main(["show", "--timeout", "120", str(f)])
    out = capsys.readouterr().out
    lines = [ln for ln in out.splitlines() if ln.strip().startswith("Zombie Token") and "[battlefield" in ln]
    assert len(lines) == 13 and all(ln.rstrip().endswith("tapped") for ln in lines), lines


def test_one_verb_over_two_objects(tmp_path, capsys):
    _all_applied(("Rite of Undoing", "Churning Eddy", "Grip of Desolation", "Spiteful Blow"), tmp_path, capsys)
    # the first target must be the caster's (Rite of Undoing: "you control")
    r = check(tmp_path, "Alice controls Grizzly Bears.\nBob controls Hill Giant.\nIt is Alice's turn.\n"
              "Alice has {C}{C}{C}{C}{U} in her mana pool.\nAlice casts Rite of Undoing targeting Hill Giant and "
              "Grizzly Bears, paying from her mana pool.", "Alice has 20 life.")
    assert r.status == "error" and "illegal target" in r.error
    r = check(tmp_path, "Alice controls Grizzly Bears.\nBob controls Hill Giant.\nIt is Alice's turn.\n"
              "Alice has {C}{C}{C}{C}{U} in her mana pool.\nAlice casts Rite of Undoing targeting Grizzly Bears and "
              "Hill Giant, paying from her mana pool.\nRite of Undoing resolves.",
              "Grizzly Bears is in Alice's hand.\nHill Giant is in Bob's hand.")
    assert verdicts(r) == ["holds", "holds"]


def test_adjectives_of_two_alternatives(tmp_path, capsys):
    _all_applied(("Deathmark", "Celestial Purge", "Arrows of Justice"), tmp_path, capsys)
    r = check(tmp_path, "Bob controls Hill Giant.\nIt is Alice's turn.\nAlice has {C}{W} in her mana pool.\n"
              "Alice casts Celestial Purge targeting Hill Giant, paying from her mana pool.\nCelestial Purge resolves.",
              "Hill Giant is in Bob's exile.")
    assert verdicts(r) == ["holds"]   # red: one of the two colors
    r = check(tmp_path, "Bob controls Hill Giant.\nIt is Alice's turn.\nAlice has {C}{C}{W} in her mana pool.\n"
              "Alice casts Arrows of Justice targeting Hill Giant, paying from her mana pool.", "Alice has 20 life.")
    assert r.status == "error" and "illegal target" in r.error   # not in combat


def test_two_colors_after_the_noun(tmp_path, capsys):
    # "target creature or planeswalker that's green or white" (105.2): the same test as "green or white creature"
    _all_applied(("Noxious Grasp", "Fry"), tmp_path, capsys)
    given = "Alice controls Grizzly Bears.\nBob controls Hill Giant.\nIt is Alice's turn.\nAlice has {B}{C} in her mana pool.\n"
    r = check(tmp_path, given + "Alice casts Noxious Grasp targeting Grizzly Bears, paying from her mana pool.\n"
              "Noxious Grasp resolves.", "Grizzly Bears is in Alice's graveyard.\nAlice has 21 life.")
    assert verdicts(r) == ["holds", "holds"]
    r = check(tmp_path, given + "Alice casts Noxious Grasp targeting Hill Giant, paying from her mana pool.",
              "Alice has 20 life.")
    assert r.status == "error" and "illegal target" in r.error   # red


def test_an_unread_trigger_line_of_a_sorcery_leaves_its_resolution_open(tmp_path):
    # Ondu Rising: "Whenever a creature attacks this turn, ..." is filed as a triggered ability of the card; it is what
    # the spell sets up as it resolves (603.7c): not read, so nothing the resolution could change is settled
    r = check(tmp_path, "Alice controls Grizzly Bears.\nIt is Alice's turn.\nAlice has {C}{W} in her mana pool.\n"
              "Alice casts Ondu Rising, paying from her mana pool.\nOndu Rising resolves.", "Grizzly Bears is 2/2.")
    assert verdicts(r) == ["undetermined"]


def test_conditions_about_the_controller_and_the_turn(tmp_path, capsys):
    _all_applied(("Liliana's Triumph", "Huatli's Spurring", "Blot Out the Sky", "Barrage of Boulders"), tmp_path, capsys)
    # X of 6: the destruction happens too (Ornithopter is a noncreature? no: an artifact creature stays)
    given = ("Alice controls Forest.\nBob controls Ornithopter and Howling Mine.\nIt is Alice's turn.\n"
             "Alice has {C}{C}{C}{C}{C}{C}{C}{C}{C}{C}{C}{C}{W}{B} in her mana pool.\n"
             "Alice casts Blot Out the Sky with X = 6, paying from her mana pool.\nBlot Out the Sky resolves.\n")
    # the destruction looks at the board after the Inklings were created (608.2c, 111.1: order_new_tokens.lp asks it
    # once they exist): they are creatures, so they stay; Howling Mine is destroyed
    r = check(tmp_path, given, "Howling Mine is in Bob's graveyard.\nForest is on the battlefield.\n"
              "Alice controls 6 permanents named Inkling Token.", timeout=60)
    assert verdicts(r) == ["holds", "holds", "holds"]
    # X below 6: the condition is false and its step does nothing (nothing looks after the creation)
    r = check(tmp_path, given.replace("X = 6", "X = 2").replace("{C}{C}{C}{C}{W}", "{W}"),
              "Howling Mine is on the battlefield.\nOrnithopter is on the battlefield.", timeout=60)
    assert verdicts(r) == ["holds", "holds"]


def test_two_amounts_two_recipients(tmp_path, capsys):
    _all_applied(("Char", "Chandra's Outrage", "Stand Together", "Lunge"), tmp_path, capsys)
    r = check(tmp_path, "It is Alice's turn.\nAlice has {C}{C}{R} in her mana pool.\nAlice casts Char targeting Alice, "
              "paying from her mana pool.\nChar resolves.", "Alice has 14 life.")
    assert verdicts(r) == ["holds"]


def test_player_references_and_several_sacrifices(tmp_path, capsys):
    _all_applied(("Secret Rendezvous", "Skull Rend", "Barter in Blood", "Perilous Voyage", "Oblivion's Hunger"), tmp_path, capsys)
    # each player sacrifices two creatures: with three, which two is a choice (an outcome each)
    r = check(tmp_path, "Bob controls Hill Giant, Serra Angel and Phantom Warrior.\nIt is Alice's turn.\n"
              "Alice has {C}{C}{B}{B} in her mana pool.\nAlice casts Barter in Blood, paying from her mana pool.\n"
              "Barter in Blood resolves.", "Hill Giant is in Bob's graveyard.")
    assert verdicts(r) == ["fails"]   # true in some outcomes only


def test_a_spell_exiling_itself_and_tokens_for_another_player(tmp_path, capsys):
    _all_applied(("Treasured Find", "Beast Within", "Pongify"), tmp_path, capsys)
    r = check(tmp_path, "Bob controls Hill Giant.\nIt is Alice's turn.\nAlice has {U} in her mana pool.\n"
              "Alice casts Pongify targeting Hill Giant, paying from her mana pool.\nPongify resolves.",
              "Bob controls 1 permanent named Ape Token.\nHill Giant is in Bob's graveyard.")
    assert verdicts(r) == ["holds", "holds"]


ALICE_CASTS = "It is Alice's turn.\nAlice has {} in her mana pool.\nAlice casts {}, paying from her mana pool.\n{} resolves."

SPELL_CASES = [
    # "Shuffle ~ into its owner's library." (608.2n, 701.24a): the Beacons and the Zeniths
    (("Beacon of Destruction", "Beacon of Creation", "Black Sun's Zenith", "Blue Sun's Zenith"),
     "Alice's library has 5 cards.", ("{C}{C}{C}{R}{R}", "Beacon of Destruction targeting Bob", "Beacon of Destruction"),
     "Beacon of Destruction is in Alice's library.\nAlice's library has 6 cards.\nBob has 15 life."),
    # 701.19c: no regeneration shield exists here, so "They can't be regenerated." changes nothing whichever they are
    (("Wrath of God", "Damnation"), "Alice controls Grizzly Bears.\nBob controls Hill Giant.",
     ("{C}{C}{W}{W}", "Wrath of God", "Wrath of God"), "Hill Giant is in Bob's graveyard.\nGrizzly Bears is in Alice's graveyard."),
    # "Draw a card for each <description>" (121.1, 107.1), counted as it resolves
    (("Flow of Ideas", "Mass Appeal", "Grim Flowering", "Keep Watch"),
     "Grizzly Bears is in Alice's graveyard.\nHill Giant is in Alice's graveyard.\nAlice's library has 10 cards.\n"
     "Alice has no cards in hand.", ("{C}{C}{C}{C}{C}{G}", "Grim Flowering", "Grim Flowering"),
     "Alice has 2 cards in hand.\nAlice's library has 8 cards."),
    # "<players> shuffle their graveyard into their library" (701.24a, 400.7)
    (("Reminisce", "Clear the Mind", "Mnemonic Nexus", "Archangel's Light"),
     "Grizzly Bears is in Bob's graveyard.\nBob's library has 5 cards.", ("{C}{C}{U}", "Reminisce targeting Bob", "Reminisce"),
     "Bob's library has 6 cards.\nGrizzly Bears is in Bob's library."),
]


@pytest.mark.parametrize("names, board, cast, expect", SPELL_CASES, ids=[c[0][0] for c in SPELL_CASES])
def test_more_spell_wordings(names, board, cast, expect, tmp_path, capsys):
    _all_applied(names, tmp_path, capsys)
    r = check(tmp_path, board + "\n" + ALICE_CASTS.format(*cast), expect)
    assert verdicts(r) == ["holds"] * len(expect.splitlines())


def test_cards_drawn_equal_to_an_amount(tmp_path, capsys):
    _all_applied(("Soul's Majesty", "Rush of Knowledge"), tmp_path, capsys)
    r = check(tmp_path, "Alice controls Hill Giant.\nIt is Alice's turn.\nAlice's library has 10 cards.\nAlice has no cards "
              "in hand.\nAlice has {C}{C}{C}{C}{G} in her mana pool.\nAlice casts Soul's Majesty targeting Hill Giant, "
              "paying from her mana pool.\nSoul's Majesty resolves.", "Alice has 3 cards in hand.")
    assert verdicts(r) == ["holds"]


def test_where_x_over_two_clauses(tmp_path, capsys):
    assert all(applied("Tendrils of Corruption", tmp_path, capsys))
    r = check(tmp_path, "Alice controls Swamp and Swamp #2.\nBob controls Hill Giant.\nIt is Alice's turn.\n"
              "Alice has {C}{C}{C}{B} in her mana pool.\nAlice casts Tendrils of Corruption targeting Hill Giant, paying "
              "from her mana pool.\nTendrils of Corruption resolves.", "Hill Giant has 2 damage marked.\nAlice has 22 life.")
    assert verdicts(r) == ["holds", "holds"]


def test_reveal_choose_and_discard(tmp_path, capsys):
    _all_applied(("Coercion", "Duress", "Thoughtseize"), tmp_path, capsys)
    # a hand not given in full may hold a card that fits: not settled
    r = check(tmp_path, "It is Alice's turn.\nAlice has {B} in her mana pool.\nAlice casts Thoughtseize targeting Bob, "
              "paying from her mana pool.\nThoughtseize resolves.", "Bob has 20 life.")
    assert verdicts(r) == ["undetermined"]
    # two cards that fit: an outcome each (which one is discarded is not settled; that one is, is)
    r = check(tmp_path, "It is Alice's turn.\nBob has Lightning Bolt, Shock and 0 unknown cards in hand.\n"
              "Alice has {B} in her mana pool.\nAlice casts Duress targeting Bob, paying from her mana pool.\n"
              "Duress resolves.", "Lightning Bolt is in Bob's graveyard.\nBob has 1 card in hand.")
    assert verdicts(r) == ["fails", "holds"]


def test_reveal_choose_and_discard_more_kinds(tmp_path, capsys):
    # "an <type> or <type> card", "a nonbasic land card", "a nonlegendary, nonland card", "... with mana value N or less"
    _all_applied(("Despise", "Divest", "Encroach", "Lay Bare the Heart", "Inquisition of Kozilek"), tmp_path, capsys)
    # Hill Giant's mana value is 4: above the bound, it is no candidate (nothing is discarded)
    r = check(tmp_path, "It is Alice's turn.\nBob has Hill Giant and 0 unknown cards in hand.\nAlice has {B} in her mana "
              "pool.\nAlice casts Inquisition of Kozilek targeting Bob, paying from her mana pool.\n"
              "Inquisition of Kozilek resolves.", "Hill Giant is in Bob's hand.\nBob has 1 card in hand.")
    assert verdicts(r) == ["holds", "holds"]


def test_a_search_for_a_subtype(tmp_path, capsys):
    _all_applied(("Mwonvuli Acid-Moss", "Cateran Summons"), tmp_path, capsys)
    # an unknown library may hold a Forest: what enters is not known
    r = check(tmp_path, "Bob controls Forest.\nIt is Alice's turn.\nAlice's library has 10 cards.\nAlice has {C}{C}{G}{G} "
              "in her mana pool.\nAlice casts Mwonvuli Acid-Moss targeting Forest, paying from her mana pool.\n"
              "Mwonvuli Acid-Moss resolves.", "Forest is in Bob's graveyard.")
    assert verdicts(r) == ["undetermined"]
