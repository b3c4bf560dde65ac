"""Conditions behind ability words (207.2c, 608.2c; mtgkb/rules/meaning_zone_conditions.lp, zone_conditions.lp and
meaning_controller_conditions.lp): threshold, spell mastery, delirium, hellbent and metalcraft as a spell resolves,
the "... instead" paragraph that replaces the one before it, and what leaves such a condition undetermined: a card
in the graveyard whose name nobody knows, a hand no sentence gave, an earlier step that moves cards of that zone."""

from __future__ import annotations

from casting_support import cast_given, check, verdicts

GY2 = "Lightning Bolt is in Alice's graveyard.\nDivination is in Alice's graveyard."


def test_delirium_counts_card_types_not_cards(tmp_path, session):
    four = "\n".join(f"{c} is in Alice's graveyard." for c in ("Lightning Bolt", "Mountain", "Ornithopter",
                                                               "Llanowar Elves"))
    r = check(tmp_path, cast_given(f"Alice controls Forest.\n{four}", "{C}{C}{C}{C}{W}{W}", "Descend upon the Sinful"),
              "Alice controls 1 permanent named Angel Token.", session=session)
    assert verdicts(r) == ["holds"], r.claims
    two = "Lightning Bolt is in Alice's graveyard.\nShock is in Alice's graveyard.\nMountain is in Alice's graveyard."
    r = check(tmp_path, cast_given(f"Alice controls Forest.\n{two}", "{C}{C}{C}{C}{W}{W}", "Descend upon the Sinful"),
              "No token is created.", session=session)
    assert verdicts(r) == ["holds"], r.claims


def test_an_unknown_card_in_the_graveyard_leaves_delirium_undetermined(tmp_path, session):
    given = ("Alice controls Forest.\nAlice's library has 30 cards.\nAlice mills a card.\n"
             "Lightning Bolt is in Alice's graveyard.\nMountain is in Alice's graveyard.\n"
             "Llanowar Elves is in Alice's graveyard.")
    r = check(tmp_path, cast_given(given, "{C}{C}{C}{C}{W}{W}", "Descend upon the Sinful"), "No token is created.",
              session=session)
    assert verdicts(r) == ["undetermined"], r.claims
    assert "graveyard" in r.claims[0].message, r.claims


def test_threshold_paragraph_replaces_the_one_before(tmp_path, session):
    six = "\n".join(f"{c} is in Alice's graveyard." for c in ("Forest #2", "Island", "Swamp", "Mountain", "Plains",
                                                              "Lightning Bolt"))
    for extra, bears in (("", 2), ("\nDivination is in Alice's graveyard.", 4)):
        r = check(tmp_path, cast_given(f"Alice controls Forest.\n{six}{extra}", "{C}{C}{C}{G}{G}", "Grizzly Fate"),
                  f"Alice controls {bears} permanents named Bear Token.", session=session)
        assert verdicts(r) == ["holds"], (bears, r.claims)


def test_spell_mastery_counts_instant_and_sorcery_cards(tmp_path, session):
    # Unholy Hunger: "Destroy target creature. Spell mastery — If ..., you gain 2 life."  (Gideon's Phalanx, which
    # creates tokens before its spell-mastery sentence looks at creatures: test_token_creation_order.py)
    for gy, life in ((GY2, 22), ("Lightning Bolt is in Alice's graveyard.\nForest is in Alice's graveyard.", 20)):
        r = check(tmp_path, cast_given(f"Bob controls Hill Giant.\n{gy}", "{C}{C}{C}{B}{B}", "Unholy Hunger", "Hill Giant"),
                  f"Alice has {life} life.\nHill Giant is in Bob's graveyard.", session=session)
        assert verdicts(r) == ["holds", "holds"], (gy, r.claims)


def test_deals_more_damage_instead(tmp_path, session):
    r = check(tmp_path, cast_given(f"Bob controls Hill Giant.\n{GY2}", "{R}", "Fiery Impulse", "Hill Giant"),
              "Hill Giant is in Bob's graveyard.", session=session)
    assert verdicts(r) == ["holds"], r.claims
    r = check(tmp_path, cast_given("Bob controls Hill Giant.", "{R}", "Fiery Impulse", "Hill Giant"),
              "Hill Giant is on the battlefield.", session=session)
    assert verdicts(r) == ["holds"], r.claims


def test_hellbent_reads_the_hand_and_an_unknown_hand_is_undetermined(tmp_path, session):
    for hand, life, verdict in (("Alice has no cards in hand.", 15, "holds"), ("Alice has Forest in hand.", 17, "holds"),
                                ("", 17, "undetermined")):
        r = check(tmp_path, cast_given(f"Alice controls Mountain.\n{hand}".strip(), "{C}{C}{C}{R}", "Cackling Flames",
                                       "Bob"), f"Bob has {life} life.", session=session)
        assert verdicts(r) == [verdict], (hand, r.claims)


def test_metalcraft_counts_three_artifacts(tmp_path, session):
    for board, life in (("Ornithopter, Ornithopter #2 and Ornithopter #3", 16), ("Ornithopter and Ornithopter #2", 18)):
        r = check(tmp_path, cast_given(f"Alice controls {board}.", "{R}", "Galvanic Blast", "Bob"),
                  f"Bob has {life} life.", session=session)
        assert verdicts(r) == ["holds"], (board, r.claims)


def test_an_earlier_step_that_fills_your_graveyard_leaves_the_condition_undetermined(tmp_path, session):
    # Unholy Hunger destroys Alice's own creature before spell mastery is checked (608.2c): not followed here
    r = check(tmp_path, cast_given(f"Alice controls Grizzly Bears.\n{GY2}", "{C}{C}{C}{B}{B}", "Unholy Hunger",
                                   "Grizzly Bears"), "Alice has 22 life.", session=session)
    assert verdicts(r) == ["undetermined"], r.claims
    r = check(tmp_path, cast_given(f"Bob controls Hill Giant.\n{GY2}", "{C}{C}{C}{B}{B}", "Unholy Hunger",
                                   "Hill Giant"), "Alice has 22 life.", session=session)
    assert verdicts(r) == ["holds"], r.claims


def test_undergrowth_bounds_the_mana_value_searched_for(tmp_path, session):
    lib = "Alice's library is Vampire Nighthawk, Doom Blade, Gray Merchant of Asphodel.\nAlice has no cards in hand."
    gy = "Llanowar Elves is in Alice's graveyard.\nGrizzly Bears is in Alice's graveyard."
    # two creature cards: Vampire Nighthawk (mana value 3) is too expensive; with a third it may be found
    r = check(tmp_path, cast_given(f"Alice controls Swamp.\n{lib}\n{gy}", "{C}{B}", "Mausoleum Secrets"),
              "Alice does not have Vampire Nighthawk in hand.", session=session)
    assert verdicts(r) == ["holds"], r.claims
    r = check(tmp_path, cast_given(f"Alice controls Swamp.\n{lib}\n{gy}\nHill Giant is in Alice's graveyard.", "{C}{B}",
                                   "Mausoleum Secrets"), "Alice may have Vampire Nighthawk in hand.", session=session)
    assert verdicts(r) == ["holds"], r.claims


def test_a_search_onto_the_battlefield_before_metalcraft_like_counts_is_not_followed(tmp_path, session):
    # Hour of Promise: the Deserts found enter before "if you control three or more Deserts" is checked (608.2c);
    # the stepper performs the search after the other steps, so the count is left undetermined
    given = ("Alice controls Forest and Desert of the Glorified.\n"
             "Alice's library is Desert of the True, Desert of the Fervent, Desert of the Mindful, Forest #2.")
    r = check(tmp_path, cast_given(given, "{C}{C}{C}{C}{G}", "Hour of Promise"), "No token is created.",
              session=session)
    assert verdicts(r) == ["undetermined"], r.claims


def test_cards_with_a_cycling_ability_in_the_graveyard(tmp_path, session):
    gy = "Angelsong is in Alice's graveyard.\nAbsorb Vis is in Alice's graveyard.\nLightning Bolt is in Alice's graveyard."
    r = check(tmp_path, cast_given(gy, "{C}{C}{R}{W}", "Zenith Flare", "Bob"), "Bob has 18 life.", session=session)
    assert verdicts(r) == ["holds"], r.claims
    # a milled card nobody knows may have cycling
    r = check(tmp_path, cast_given(f"Alice's library has 30 cards.\nAlice mills a card.\n{gy}", "{C}{C}{R}{W}",
                                   "Zenith Flare", "Bob"), "Bob has 18 life.", session=session)
    assert verdicts(r) == ["undetermined"], r.claims


def test_intervening_if_on_the_hand_and_the_graveyard(tmp_path, session):
    # Bloodhall Priest (hellbent): triggers only with an empty hand; a hand no sentence gave leaves it open
    r = check(tmp_path, "Alice has Forest in hand.\nBloodhall Priest enters under Alice's control.",
              "Bloodhall Priest's triggered ability does not trigger.", session=session)
    assert verdicts(r) == ["holds"], r.claims
    r = check(tmp_path, "Bloodhall Priest enters under Alice's control.",
              "Bloodhall Priest's triggered ability does not trigger.", session=session)
    assert verdicts(r) == ["undetermined"], r.claims
    # Mournwillow (delirium): two card types are not enough
    gy = "Lightning Bolt is in Alice's graveyard.\nMountain is in Alice's graveyard."
    r = check(tmp_path, f"{gy}\nMournwillow enters under Alice's control.",
              "Mournwillow's triggered ability does not trigger.", session=session)
    assert verdicts(r) == ["holds"], r.claims
    r = check(tmp_path, f"{gy}\nOrnithopter is in Alice's graveyard.\nMournwillow enters under Alice's control.",
              "Mournwillow's triggered ability triggers.", session=session)
    assert verdicts(r) == ["holds"], r.claims
