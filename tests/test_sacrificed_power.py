"""'where X is the total power of the creatures sacrificed this way' (107.3a, 608.2h;
mtgkb/rules/meaning_sacrificed_power.lp, sacrificed_power.lp): Reign of the Pit's Demon is as big as the powers of
the creatures the sentence before sacrificed."""

from __future__ import annotations

from casting_support import cast_given, check, verdicts


def test_no_power_sacrificed_makes_a_0_0_demon(tmp_path, session):
    given = cast_given("Alice controls Ornithopter.", "{C}{C}{C}{C}{B}{B}", "Reign of the Pit")
    r = check(tmp_path, given, "Alice controls 0 permanents named Demon Token.", session=session)
    assert verdicts(r) == ["holds"], r.claims


def test_the_powers_of_both_players_creatures_add_up(tmp_path, session):
    given = cast_given("Alice controls Hill Giant.\nBob controls Serra Angel.", "{C}{C}{C}{C}{B}{B}",
                       "Reign of the Pit")
    r = check(tmp_path, given, "Alice controls 1 permanent named Demon Token.", session=session)
    assert verdicts(r) == ["holds"], r.claims
