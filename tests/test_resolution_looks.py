"""What a later step of a resolution sees of what earlier steps did (608.2c; mtgkb/rules/order_looks.lp): "each <D>"
and the conditions of steps ("if you control ...", "if you have N or more life", "if that creature has ..."),
"other" in a spell's text, and unread mode lines of a modal spell (mtgkb/rules/modes_unread.lp)."""

from __future__ import annotations

from casting_support import cast_given, check, verdicts

BOARD = "Alice controls Grizzly Bears and Elvish Warrior.\nIt is Alice's turn.\n"


def test_a_bonus_does_not_change_a_later_each(tmp_path):
    r = check(tmp_path, BOARD + "Alice has {C}{C}{C}{W} in her mana pool.\nAlice casts Rush of Battle, paying from her "
              "mana pool.\nRush of Battle resolves.", "Elvish Warrior has lifelink.\nGrizzly Bears is 4/3.")
    assert verdicts(r) == ["holds", "holds"]


RIFT = ("Alice controls Grizzly Bears.\nBob controls Mountain, Hill Giant and Serra Angel.\nIt is Alice's turn.\n"
        "Alice has {C}{C}{C}{R} in her mana pool.\nAlice casts Tectonic Rift targeting Mountain, paying from her mana "
        "pool.\nTectonic Rift resolves.\nAlice attacks with Grizzly Bears.\n")


def test_a_permanent_destroyed_first_is_not_one_a_later_each_finds(tmp_path):
    # the land destroyed was no creature: "creatures without flying" are the same before and after (400.7)
    r = check(tmp_path, RIFT + "Bob blocks Grizzly Bears with Serra Angel.", "Grizzly Bears is blocked.")
    assert verdicts(r) == ["holds"]
    r = check(tmp_path, RIFT + "Bob blocks Grizzly Bears with Hill Giant.", "Grizzly Bears is blocked.")
    assert r.status == "error" and "cannot block (Hill Giant) (CR 509.1b)" in r.error


SURGE = """  card:
    Test Surge {G}
    Instant
    Target creature gets +3/+3 until end of turn. If you control a creature with power 4 or greater, you gain 5 life.
"""


def test_a_condition_is_checked_after_the_earlier_steps(tmp_path):
    # the bonus makes the condition true as it is checked; judged on the board before the resolution it would be
    # false (and the step not done): not followed, so undetermined, never "Alice has 20 life" (608.2c)
    given = cast_given("Alice controls Grizzly Bears.", "{G}", "Test Surge", "Grizzly Bears")
    r = check(tmp_path, given, "Alice has 25 life.\nAlice has 20 life.", SURGE)
    assert verdicts(r) == ["undetermined", "undetermined"]


def test_a_condition_on_a_description_a_sacrifice_cannot_change(tmp_path):
    # the creature sacrificed was no Liliana planeswalker of Alice's: the condition is false before and after
    given = cast_given("Bob controls Hill Giant.\nBob has Lightning Bolt and 0 unknown cards in hand.", "{C}{B}",
                       "Liliana's Triumph")
    r = check(tmp_path, given, "Hill Giant is in Bob's graveyard.\nBob has 1 card in hand.")
    assert verdicts(r) == ["holds", "holds"]


VIGOR = """  card:
    Test Vigor {W}
    Instant
    You gain 5 life. If you have 25 or more life, draw a card.
"""


def test_a_life_condition_after_life_gained(tmp_path):
    given = cast_given("Alice's library is Island and 20 unknown cards.\nAlice has no cards in hand.", "{W}", "Test Vigor")
    r = check(tmp_path, given, "Alice has 1 card in hand.\nAlice has no cards in hand.", VIGOR)
    assert verdicts(r) == ["undetermined", "undetermined"]


MARK = """  card:
    Test Mark {G}
    Instant
    Put a +1/+1 counter on target creature. You gain 3 life if that creature has a +1/+1 counter on it.
"""


def test_an_object_condition_after_a_change_to_that_object(tmp_path):
    given = cast_given("Alice controls Grizzly Bears.", "{G}", "Test Mark", "Grizzly Bears")
    r = check(tmp_path, given, "Alice has 23 life.\nAlice has 20 life.", MARK)
    assert verdicts(r) == ["undetermined", "undetermined"]


def test_other_in_a_spell_means_other_than_its_target(tmp_path):
    # "Other creatures you control" after a target means other than the target, not other than the spell
    # (109.4, 608.2c): the target gets the counters only, every other creature of Alice's the +1/+1
    r = check(tmp_path, BOARD + "Alice controls Llanowar Elves.\nBob controls Hill Giant.\nAlice has {B}{C}{C}{W} in her mana pool.\n"
              "Alice casts Exhilarating Elocution targeting Grizzly Bears, paying from her mana pool.\n"
              "Exhilarating Elocution resolves.",
              "Grizzly Bears is 4/4.\nLlanowar Elves is 2/2.\nHill Giant is 3/3.")
    assert verdicts(r) == ["holds", "holds", "holds"]
    r = check(tmp_path, BOARD + "Alice controls Llanowar Elves.\nBob controls Hill Giant.\nAlice has {B}{C}{C}{W} in her mana pool.\n"
              "Alice casts Exhilarating Elocution targeting Llanowar Elves, paying from her mana pool.\n"
              "Exhilarating Elocution resolves.", "Grizzly Bears is 3/3.\nLlanowar Elves is 3/3.")
    assert verdicts(r) == ["holds", "holds"]


def test_an_unread_mode_not_chosen_does_nothing(tmp_path):
    given = ("Bob controls Hill Giant.\nIt is Alice's turn.\nAlice has {C}{R} in her mana pool.\n"
             "Alice casts Fury Charm choosing mode {k} targeting Hill Giant, paying from her mana pool.\n"
             "Fury Charm resolves.")
    # mode 2 is read; mode 3 ("Remove two time counters from target permanent or suspended card") is not
    r = check(tmp_path, given.replace("{k}", "2"), "Hill Giant is 4/4.\nHill Giant has trample.")
    assert verdicts(r) == ["holds", "holds"]
    r = check(tmp_path, given.replace("{k}", "3"), "Hill Giant is 3/3.")
    assert verdicts(r) == ["undetermined"]
