"""The stepper and rules.lp's timeline section, table-driven.

Each case is a scenario text with expected verdicts per claim line.  Ad-hoc cards
keep the cases independent of the card database's wording."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from mtgkb.engine import ask as asking
from mtgkb.engine.outcomes import evaluate

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

# Orvar's trigger from a spell that targets two of Alice's permanents: two outcomes (one per copy)
TWO_TARGETS = """  given:
    Alice controls Orvar, the All-Form.
    Alice controls Grizzly Bears.
    Alice controls Llanowar Elves.
    Alice has {R}{R} in her mana pool.
    Alice casts Twin Bolt targeting Grizzly Bears and Llanowar Elves, spending {R}{R}.
    Orvar, the All-Form's first triggered ability resolves.
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


@dataclass(frozen=True)
class Case:
    """One scenario and what checking it must give.

    `verdicts`: the claims' verdicts, in order.  `messages`: {claim index: text that
    claim's message contains}.  `error`: the block is an error (rr.status == "error")
    and rr.error contains each of these texts.  `max_branches`: run with
    timeline.MAX_BRANCHES set to this bound."""

    id: str
    body: str
    verdicts: tuple[str, ...] | None = None
    messages: dict[int, str] = field(default_factory=dict)
    error: tuple[str, ...] | None = None
    max_branches: int | None = None


CASES = [
    Case("apnap-non-active-players-trigger-resolves-first", """
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
""", verdicts=("holds", "holds", "holds", "fails")),

    Case("one-controllers-triggers-in-either-order", """
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
""", verdicts=("holds", "holds", "fails"), messages={2: "some outcomes"}),

    Case("your-upkeep-only-on-your-turn-and-counters", """
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
""", verdicts=("holds", "holds")),

    Case("unread-trigger-makes-outcomes-undetermined", """
ruling "unread"
  about: Odd Oracle
  given:
    Alice controls Odd Oracle.
    Alice controls Grizzly Bears.
    Alice has {G} in her mana pool.
    Alice casts Giant Growth targeting Grizzly Bears.
    Giant Growth resolves.
  expect:
    Grizzly Bears is 5/5.
    No token is created.
""", verdicts=("undetermined", "undetermined")),

    # "Whenever you cast": Bob's spell cannot make Alice's Odd Oracle trigger
    Case("unread-trigger-of-another-kind-does-not-unsettle", """
ruling "not mine"
  about: Odd Oracle
  given:
    Alice controls Odd Oracle.
    Bob controls Grizzly Bears.
    Bob has {G} in his mana pool.
    Bob casts Giant Growth targeting Grizzly Bears.
    Giant Growth resolves.
  expect:
    Grizzly Bears is 5/5.
""", verdicts=("holds",)),

    Case("error-resolving-what-is-not-on-the-stack", """
ruling "nothing there"
  about: Giant Growth
  given:
    Alice controls Grizzly Bears.
    Giant Growth is in Alice's hand.
    Giant Growth resolves.
  expect:
    Grizzly Bears is 5/5.
""", error=("not on the stack",)),

    Case("error-discarding-a-card-not-in-hand", """
ruling "not in hand"
  about: Orvar, the All-Form
  given:
    Alice controls Orvar, the All-Form.
    Alice discards Orvar, the All-Form.
  expect:
    No token is created.
""", error=("701.9a",)),

    Case("error-unpayable-cost-makes-the-scenario-impossible", """
ruling "no card to exile"
  about: Littjara Glade-Warden
  given:
    Alice controls Littjara Glade-Warden.
    Alice controls Grizzly Bears.
    Alice has {G}{G}{G} in her mana pool.
    Alice activates Littjara Glade-Warden's ability targeting Grizzly Bears.
  expect:
    Grizzly Bears has no +1/+1 counters.
""", error=("118.3",)),

    Case("bound-on-outcomes-is-undetermined", """
ruling "two outcomes, bound one"
  about: Orvar, the All-Form
""" + TWO_TARGETS + """  expect:
    Alice may control a token that is a copy of Grizzly Bears.
""", verdicts=("undetermined",), messages={0: "outcomes"}, max_branches=1),

    Case("plain-claims-fail-when-only-some-outcomes-have-them", """
ruling "choice"
  about: Orvar, the All-Form
""" + TWO_TARGETS + """  expect:
    Alice controls a token that is a copy of Grizzly Bears.
    Alice does not control a token that is a copy of Grizzly Bears.
    Alice may control a token that is a copy of Llanowar Elves.
    No token is created.
""", verdicts=("fails", "fails", "holds", "fails")),

    Case("tapping-for-mana-uses-no-stack", """
ruling "tap"
  about: Llanowar Elves
  given:
    Alice controls Llanowar Elves.
    Alice controls Plain Grower.
    Alice taps Llanowar Elves for mana.
  expect:
    Llanowar Elves is tapped.
    Plain Grower's triggered ability does not trigger.
""", verdicts=("holds", "holds")),

    Case("error-tapping-for-mana-twice", """
ruling "tap twice"
  about: Llanowar Elves
  given:
    Alice controls Llanowar Elves.
    Alice taps Llanowar Elves for mana.
    Alice taps Llanowar Elves for mana.
  expect:
    Llanowar Elves is tapped.
""", error=("107.5",)),

    Case("dies-trigger-uses-last-known-counters", """
ruling "lki"
  about: Hooded Hydra
  given:
    Alice has {G}{G}{G}{G} in her mana pool.
    Alice casts Hooded Hydra with X = 2.
    Hooded Hydra resolves.
    Hooded Hydra dies.
    Hooded Hydra's triggered ability resolves.
  expect:
    Alice controls 2 permanents named Snake Token.
    Alice controls 3 permanents named Snake Token.
""", verdicts=("holds", "fails")),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_scenario(case: Case, session, tmp_path, monkeypatch):
    if case.max_branches is not None:
        monkeypatch.setattr(asking, "MAX_BRANCHES", case.max_branches)
    rr = run(session, tmp_path, case.body)
    if case.error is not None:
        assert rr.status == "error", (rr.status, rr.claims)
        for text in case.error:
            assert text in rr.error, rr.error
    if case.verdicts is not None:
        assert verdicts(rr) == list(case.verdicts), rr.claims
    for i, text in case.messages.items():
        assert text in rr.claims[i].message, rr.claims[i].message


def test_case_ids_are_unique_and_every_case_checks_something():
    assert len({c.id for c in CASES}) == len(CASES)
    assert all(c.verdicts is not None or c.error is not None for c in CASES)


def test_show_prints_the_timeline_with_rules(cli, tmp_path):
    # a cast trigger whose spell's target is no longer legal when the spell resolves (608.2b) (the whole file
    # shows twenty such timelines, three times over)
    f = REPO / "kb" / "rulings" / "triggers-orvar.mtg"
    title = "Orvar's ability resolves even if the permanent is now an illegal target for the spell"
    rc, out, err = cli("show", str(f), "--ruling", title)
    assert rc == 0, err
    assert "timeline, outcome 1" in out
    assert "triggers (controlled by Alice)" in out and "CR 603.2" in out and "CR 608.2b" in out
    rc, out2, _ = cli("show", "--json", str(f), "--ruling", title)
    doc = json.loads(out2)
    tl = [b for b in doc["blocks"] if b.get("timeline")]
    assert tl and all(e["cr"] for b in tl for t in b["timeline"] for e in t["events"])
    rc, out3, _ = cli("show", "--json", str(f), "--ruling", title)
    assert out2 == out3  # deterministic


def test_step_solves_log_nothing_about_the_timeline(session):
    sf = session.load(str(REPO / "kb" / "rulings" / "triggers-orvar.mtg"))
    for b in sf.blocks:
        tr = evaluate(b, session.finder(sf, b), session.reference, session.solver)
        assert not [m for m in tr.messages if "tl_" in m], tr.messages
