"""'<creatures> each deal damage equal to their power to <recipient>' (Band Together; 120.1, 208.1;
mtgkb/rules/meaning_fight.lp bite_each, fight.lp): every source deals its own damage, equal amounts included."""

from __future__ import annotations

from casting_support import cast_given, check, verdicts


def test_two_sources_of_equal_power_both_deal_damage(tmp_path, session):
    given = cast_given("Alice controls Grizzly Bears and Runeclaw Bear.\nBob controls Hill Giant.", "{C}{C}{G}",
                       "Band Together", target="Grizzly Bears, Runeclaw Bear and Hill Giant")
    r = check(tmp_path, given, "Hill Giant is in Bob's graveyard.", session=session)
    assert verdicts(r) == ["holds"], r.claims


def test_one_source_deals_its_power(tmp_path, session):
    given = cast_given("Alice controls Grizzly Bears and Hill Giant.\nBob controls Serra Angel.", "{C}{C}{G}",
                       "Band Together", target="Grizzly Bears and Serra Angel")
    r = check(tmp_path, given, "Serra Angel has 2 damage marked.\nSerra Angel has 5 damage marked.", session=session)
    assert verdicts(r) == ["holds", "fails"], r.claims
