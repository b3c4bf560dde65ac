"""Timeline (issue 6): the stepper and rules.lp's timeline section, table-driven.

Each case is a scenario text with expected verdicts per claim line.  Ad-hoc cards
keep the cases independent of the card database's wording."""

from __future__ import annotations

import json

import pytest

from conftest import REPO

CARDS = """
card:
  Dawn Watcher {1}{W}
  Creature — Human
  At the beginning of each upkeep, draw a card.
  1/1

card:
  Dusk Watcher {1}{B}
  Creature — Human
  At the beginning of each upkeep, draw a card.
  1/1

card:
  Odd Oracle {1}{U}
  Creature — Human
  Whenever you cast a spell, something strange and unreadable happens here.
  1/1

card:
  Plain Grower {G}
  Creature — Plant
  At the beginning of your upkeep, put a +1/+1 counter on Plain Grower.
  0/1
"""


def run(session, tmp_path, body: str):
    from mtgkb.check import check_paths

    f = tmp_path / "case.mtg"
    f.write_text(CARDS + "\n" + body, encoding="utf-8")
    report, errors = check_paths([str(f)], session=session)
    assert errors == [], [str(e) for e in errors]
    (rr,) = report.results
    return rr


def verdicts(rr):
    return [c.verdict for c in rr.claims]


def test_apnap_order_non_active_players_trigger_resolves_first(session, tmp_path):
    rr = run(session, tmp_path, """
ruling "APNAP"
  about: Dawn Watcher
  given:
    Alice controls Dawn Watcher.
    Bob controls Dusk Watcher.
    Alice's upkeep begins.
    Dawn Watcher's triggered ability resolves.
  expect:
    Dawn Watcher's triggered ability triggers.
    Dusk Watcher's triggered ability triggers.
    Dusk Watcher's triggered ability resolves before Dawn Watcher's triggered ability.
    Dawn Watcher's triggered ability resolves before Dusk Watcher's triggered ability.
""")
    assert verdicts(rr) == ["holds", "holds", "holds", "fails"], rr.claims


def test_one_controllers_triggers_in_either_order(session, tmp_path):
    rr = run(session, tmp_path, """
ruling "order is a choice"
  about: Dawn Watcher
  given:
    Alice controls Dawn Watcher.
    Alice controls Dusk Watcher.
    Alice's upkeep begins.
    Dawn Watcher's triggered ability resolves.
    Dusk Watcher's triggered ability resolves.
  expect:
    May Dusk Watcher's triggered ability resolves before Dawn Watcher's triggered ability.
    May Dawn Watcher's triggered ability resolves before Dusk Watcher's triggered ability.
    Dusk Watcher's triggered ability resolves before Dawn Watcher's triggered ability.
""")
    assert verdicts(rr) == ["holds", "holds", "fails"], rr.claims
    assert "some outcomes" in rr.claims[2].message


def test_your_upkeep_only_on_your_turn_and_counters(session, tmp_path):
    rr = run(session, tmp_path, """
ruling "your upkeep"
  about: Plain Grower
  given:
    Alice controls Plain Grower.
    Alice's upkeep begins.
    Plain Grower's triggered ability resolves.
    Bob's upkeep begins.
  expect:
    Plain Grower has one +1/+1 counter.
    Plain Grower is 1/2.
""")
    assert verdicts(rr) == ["holds", "holds"], rr.claims


def test_unread_trigger_makes_outcomes_undetermined(session, tmp_path):
    rr = run(session, tmp_path, """
ruling "unread"
  about: Odd Oracle
  given:
    Alice controls Odd Oracle.
    Alice controls Grizzly Bears.
    Alice casts Giant Growth targeting Grizzly Bears.
    Giant Growth resolves.
  expect:
    Grizzly Bears is 5/5.
    No token is created.
""")
    assert verdicts(rr) == ["undetermined", "undetermined"], rr.claims


def test_unread_trigger_of_another_kind_does_not_unsettle(session, tmp_path):
    # "Whenever you cast": Bob's spell cannot make Alice's Odd Oracle trigger
    rr = run(session, tmp_path, """
ruling "not mine"
  about: Odd Oracle
  given:
    Alice controls Odd Oracle.
    Bob controls Grizzly Bears.
    Bob casts Giant Growth targeting Grizzly Bears.
    Giant Growth resolves.
  expect:
    Grizzly Bears is 5/5.
""")
    assert verdicts(rr) == ["holds"], rr.claims


def test_resolving_what_is_not_on_the_stack_is_an_error(session, tmp_path):
    rr = run(session, tmp_path, """
ruling "nothing there"
  about: Giant Growth
  given:
    Alice controls Grizzly Bears.
    Giant Growth is in Alice's hand.
    Giant Growth resolves.
  expect:
    Grizzly Bears is 5/5.
""")
    assert rr.status == "error" and "not on the stack" in rr.error


def test_discarding_a_card_not_in_hand_is_an_error(session, tmp_path):
    rr = run(session, tmp_path, """
ruling "not in hand"
  about: Orvar, the All-Form
  given:
    Alice controls Orvar, the All-Form.
    Alice discards Orvar, the All-Form.
  expect:
    No token is created.
""")
    assert rr.status == "error" and "701.9a" in rr.error


def test_an_unpayable_cost_makes_the_scenario_impossible(session, tmp_path):
    rr = run(session, tmp_path, """
ruling "no card to exile"
  about: Littjara Glade-Warden
  given:
    Alice controls Littjara Glade-Warden.
    Alice controls Grizzly Bears.
    Alice activates Littjara Glade-Warden's ability targeting Grizzly Bears.
  expect:
    Grizzly Bears has no +1/+1 counters.
""")
    assert rr.status == "error"


def test_bound_on_outcomes_is_undetermined(session, tmp_path, monkeypatch):
    from mtgkb import timeline

    monkeypatch.setattr(timeline, "MAX_BRANCHES", 1)
    rr = run(session, tmp_path, """
ruling "two outcomes, bound one"
  about: Orvar, the All-Form
  given:
    Alice controls Orvar, the All-Form.
    Alice controls Grizzly Bears.
    Alice controls Llanowar Elves.
    Alice casts Twin Bolt targeting Grizzly Bears and Llanowar Elves.
    Orvar, the All-Form's first triggered ability resolves.
  expect:
    Alice may control a token that is a copy of Grizzly Bears.
""")
    assert verdicts(rr) == ["undetermined"] and "outcomes" in rr.claims[0].message


def test_plain_claims_fail_when_only_some_outcomes_have_them(session, tmp_path):
    rr = run(session, tmp_path, """
ruling "choice"
  about: Orvar, the All-Form
  given:
    Alice controls Orvar, the All-Form.
    Alice controls Grizzly Bears.
    Alice controls Llanowar Elves.
    Alice casts Twin Bolt targeting Grizzly Bears and Llanowar Elves.
    Orvar, the All-Form's first triggered ability resolves.
  expect:
    Alice controls a token that is a copy of Grizzly Bears.
    Alice does not control a token that is a copy of Grizzly Bears.
    Alice may control a token that is a copy of Llanowar Elves.
    No token is created.
""")
    assert verdicts(rr) == ["fails", "fails", "holds", "fails"], rr.claims


def test_show_prints_the_timeline_with_rules(cli, tmp_path):
    f = REPO / "kb" / "rulings" / "triggers-orvar.mtg"
    rc, out, err = cli("show", str(f))
    assert rc == 0, err
    assert "timeline, outcome 1" in out
    assert "triggers (controlled by Alice)" in out and "CR 603.2" in out and "CR 608.2b" in out
    rc, out2, _ = cli("show", "--json", str(f))
    doc = json.loads(out2)
    tl = [b for b in doc["blocks"] if b.get("timeline")]
    assert tl and all(e["cr"] for b in tl for t in b["timeline"] for e in t["events"])
    rc, out3, _ = cli("show", "--json", str(f))
    assert out2 == out3  # deterministic


def test_step_solves_log_nothing_about_the_timeline(session):
    from mtgkb import timeline

    sf = session.load(str(REPO / "kb" / "rulings" / "triggers-orvar.mtg"))
    for b in sf.blocks:
        tr = timeline.evaluate(b, session.finder(sf, b), session.reference, session.solver)
        assert not [m for m in tr.messages if "tl_" in m], tr.messages


def test_tapping_for_mana_uses_no_stack_and_cannot_tap_twice(session, tmp_path):
    rr = run(session, tmp_path, """
ruling "tap"
  about: Llanowar Elves
  given:
    Alice controls Llanowar Elves.
    Alice controls Plain Grower.
    Alice taps Llanowar Elves for mana.
  expect:
    Llanowar Elves is tapped.
    Plain Grower's triggered ability does not trigger.
""")
    assert verdicts(rr) == ["holds", "holds"], rr.claims
    rr = run(session, tmp_path, """
ruling "tap twice"
  about: Llanowar Elves
  given:
    Alice controls Llanowar Elves.
    Alice taps Llanowar Elves for mana.
    Alice taps Llanowar Elves for mana.
  expect:
    Llanowar Elves is tapped.
""")
    assert rr.status == "error" and "107.5" in rr.error


def test_dies_trigger_uses_last_known_counters(session, tmp_path):
    rr = run(session, tmp_path, """
ruling "lki"
  about: Hooded Hydra
  given:
    Alice casts Hooded Hydra with X = 2.
    Hooded Hydra resolves.
    Hooded Hydra dies.
    Hooded Hydra's triggered ability resolves.
  expect:
    Alice controls 2 permanents named Snake Token.
    Alice controls 3 permanents named Snake Token.
""")
    assert verdicts(rr) == ["holds", "fails"], rr.claims
