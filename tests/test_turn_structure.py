"""Turn structure (CR 500-514) and delayed triggers (603.7), table-driven: each case is a
scenario with the verdicts of its claims, or the error it must be (with the rule it names and
the line and column of the sentence).  Ad-hoc cards keep the cases independent of the card
database's wording."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

CARDS = """
card:
  Stiff Golem {3}
  Artifact Creature — Golem
  Stiff Golem doesn't untap during your untap step.
  3/3

card:
  Dusk Bell {1}
  Artifact
  At the beginning of your end step, you gain 1 life.

card:
  Combat Horn {1}
  Artifact
  At end of combat, you gain 2 life.

card:
  Fading Spark {R}
  Creature — Elemental
  {T}: You gain 1 life. Sacrifice Fading Spark at the beginning of the next end step.
  1/1

card:
  Morning Cup {1}
  Artifact
  At the beginning of your upkeep, you gain 1 life.
"""


def run(session, tmp_path, body: str, cards: str = CARDS):
    """Check one ruling written after the card blocks `cards`: (its result, the file)."""
    from mtgkb.check import check_paths

    f = tmp_path / "case.mtg"
    f.write_text(cards + "\n" + body, encoding="utf-8")
    report, errors = check_paths([str(f)], session=session)
    assert errors == [], [str(e) for e in errors]
    (rr,) = report.results
    return rr, f


def position(f, sentence: str, nth: int) -> str:
    """"file:line:column: " of the n-th line that is this sentence."""
    found = [(i, ln.index(sentence) + 1) for i, ln in enumerate(f.read_text().splitlines(), 1) if ln.strip() == sentence]
    line, col = found[nth - 1]
    return f"{f}:{line}:{col}: "


@dataclass(frozen=True)
class Case:
    id: str
    body: str
    verdicts: tuple[str, ...] | None = None
    error: tuple[str, ...] | None = None    # texts the block's error contains
    at: tuple[str, int] | None = None       # the sentence the error names (its n-th occurrence) by line:column


CASES = [
    Case("untap-step-untaps-the-active-players-permanents-only", """
ruling "untap"
  given:
    Alice controls Forest, tapped.
    Alice controls Stiff Golem, tapped.
    Bob controls Island, tapped.
    Alice's untap step begins.
  expect:
    Forest is untapped.
    Stiff Golem is tapped.
    Island is tapped.
    It is Alice's untap step.
""", verdicts=("holds", "holds", "holds", "holds")),
    Case("cleanup-ends-until-end-of-turn-effects-and-removes-damage", """
ruling "cleanup"
  given:
    Alice controls Grizzly Bears.
    It is Alice's turn.
    Grizzly Bears gets +3/+3 until end of turn.
    Grizzly Bears has 3 damage marked.
    Grizzly Bears gains flying.
    The turn ends.
  expect:
    Grizzly Bears is 2/2.
    Grizzly Bears has no damage marked.
    Grizzly Bears is on the battlefield.
    Grizzly Bears has flying.
    It is Alice's cleanup step.
""", verdicts=("holds", "holds", "holds", "holds", "holds")),
    Case("a-step-ends-only-with-the-stack-empty", """
ruling "stack not empty"
  given:
    Alice controls Dusk Bell.
    It is Alice's turn.
    The turn ends.
  expect:
    Alice has 21 life.
""", error=("500.2", "Dusk Bell"), at=("The turn ends.", 1)),
    Case("end-step-trigger-then-the-turn-ends", """
ruling "end step"
  given:
    Alice controls Dusk Bell.
    Alice controls Morning Cup.
    Bob controls Island.
    It is Alice's turn.
    Alice's end step begins.
    Dusk Bell's triggered ability resolves.
    The turn ends.
    Alice's upkeep begins.
    Morning Cup's triggered ability resolves.
  expect:
    Alice has 22 life.
    It is Alice's upkeep.
    It is turn 3.
""", verdicts=("holds", "holds", "holds")),
    Case("the-next-turn-is-the-other-players-and-sickness-ends", """
ruling "next turn"
  given:
    Alice controls Llanowar Elves, which came under her control this turn.
    Bob controls Forest, tapped.
    It is Alice's turn.
    The game proceeds to Bob's turn.
  expect:
    It is Bob's turn.
    It is Bob's precombat main phase.
    It is turn 2.
    Forest is untapped.
""", verdicts=("holds", "holds", "holds", "holds")),
    Case("at-end-of-combat-triggers-each-turn", """
ruling "end of combat"
  given:
    Alice controls Combat Horn.
    It is Alice's turn.
    Alice's end of combat step begins.
    Combat Horn's triggered ability resolves.
  expect:
    Alice has 22 life.
""", verdicts=("holds",)),
    Case("a-delayed-trigger-waits-for-the-next-end-step", """
ruling "delayed"
  given:
    Alice controls Fading Spark.
    It is Alice's turn.
    Alice activates Fading Spark's ability.
    Fading Spark's ability resolves.
    Alice's postcombat main phase begins.
  expect:
    Fading Spark is on the battlefield.
    Alice has 21 life.
""", verdicts=("holds", "holds")),
    Case("a-delayed-trigger-triggers-once-at-the-end-step", """
ruling "delayed resolves"
  given:
    Alice controls Fading Spark.
    It is Alice's turn.
    Alice activates Fading Spark's ability.
    Fading Spark's ability resolves.
    Alice's end step begins.
    Fading Spark's delayed triggered ability resolves.
    The turn ends.
    Bob's end step begins.
  expect:
    Fading Spark is in Alice's graveyard.
""", verdicts=("holds",)),
    Case("a-delayed-trigger-does-not-follow-its-source-to-a-new-zone", """
ruling "delayed lost source"
  given:
    Alice controls Fading Spark.
    It is Alice's turn.
    Alice activates Fading Spark's ability.
    Fading Spark's ability resolves.
    Fading Spark is returned to its owner's hand.
    Alice's end step begins.
    Fading Spark's delayed triggered ability resolves.
  expect:
    Fading Spark is in Alice's hand.
""", verdicts=("holds",)),
    Case("discard-to-seven-is-an-outcome-per-card", """
ruling "hand size"
  given:
    It is Alice's turn.
    Grizzly Bears is in Alice's hand.
    Hill Giant is in Alice's hand.
    Forest is in Alice's hand.
    Island is in Alice's hand.
    Mountain is in Alice's hand.
    Plains is in Alice's hand.
    Swamp is in Alice's hand.
    Llanowar Elves is in Alice's hand.
    The turn ends.
  expect:
    May Grizzly Bears is in Alice's graveyard.
    May Llanowar Elves is in Alice's graveyard.
    Grizzly Bears is in Alice's graveyard.
""", verdicts=("holds", "holds", "fails")),
    Case("the-turn-cannot-end-twice", """
ruling "twice"
  given:
    It is Alice's turn.
    The turn ends.
    The turn ends.
  expect:
    It is Alice's turn.
""", error=("514",), at=("The turn ends.", 2)),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_turn_structure(case: Case, session, tmp_path):
    assert_case(case, *run(session, tmp_path, case.body))


def assert_case(case: Case, rr, f) -> None:
    """The ruling's result is the case's: its error (texts, at the sentence's line:column) or its verdicts."""
    if case.error is not None:
        assert rr.status == "error", (rr.status, rr.claims)
        for text in case.error:
            assert text in rr.error, rr.error
        assert rr.error.startswith(position(f, *case.at)), rr.error
    if case.verdicts is not None:
        assert [c.verdict for c in rr.claims] == list(case.verdicts), rr.claims


def test_every_case_checks_something():
    assert len({c.id for c in CASES}) == len(CASES)
    assert all((c.verdicts is None) != (c.error is None) and (c.error is None) == (c.at is None) for c in CASES)


def test_the_timeline_names_each_step_and_the_rule(session, tmp_path):
    from mtgkb.engine.outcomes import evaluate

    rr, f = run(session, tmp_path, CASES[1].body)
    sf = session.load(str(f))
    (b,) = sf.blocks
    tr = evaluate(b, session.finder(sf, b), session.reference, session.solver)
    lines = [(cr, text) for cr, text in tr.branches[0].log]
    steps = [text for cr, text in lines if cr == "500.1"]
    assert steps == [f"Alice's {w} begins" for w in ("beginning of combat step", "declare attackers step",
                                                      "end of combat step", "postcombat main phase", "end step",
                                                      "cleanup step")]
    assert ("514.2", "  the damage marked on Grizzly Bears is removed") in lines
    assert any(cr == "508.8" for cr, _ in lines)  # no attackers: blockers and damage steps skipped


def test_turn_and_combat_sentences_mean_what_they_say():
    from mtgkb.carddb import default_database
    from mtgkb.parser.scenario import parse_scenario

    text = """scenario "s"
  given:
    Alice controls Grizzly Bears.
    Alice controls Colossal Dreadmaw.
    Bob controls Hill Giant.
    Bob controls Llanowar Elves.
    Alice attacks with Grizzly Bears and Colossal Dreadmaw.
    Bob blocks Colossal Dreadmaw with Hill Giant and Llanowar Elves.
    Combat damage is dealt, with Colossal Dreadmaw assigning 3 damage to Hill Giant and 2 damage to Bob.
    First-strike combat damage is dealt.
    Bob's cleanup step begins.
    The turn ends.
    The game proceeds to Bob's turn.
  expect:
    It is Bob's beginning of combat step.
    Grizzly Bears is unblocked.
"""
    (b,) = parse_scenario(text, known_names=default_database().name_table()).blocks
    got = [(s.kind, s.args) for s in b.given[4:]]
    assert got == [
        ("tl_attacks", {"player": "Alice", "objects": ("Grizzly Bears", "Colossal Dreadmaw")}),
        ("tl_blocks", {"player": "Bob", "attacker": "Colossal Dreadmaw", "objects": ("Hill Giant", "Llanowar Elves")}),
        ("tl_combat_damage", {"first_only": False, "assign": (("Colossal Dreadmaw", ("obj", "Hill Giant"), 3),
                                                              ("Colossal Dreadmaw", ("player", "Bob"), 2))}),
        ("tl_combat_damage", {"first_only": True, "assign": ()}),
        ("tl_step", {"player": "Bob", "step": "cleanup"}),
        ("tl_turn_ends", {}),
        ("tl_proceeds", {"player": "Bob"}),
    ]
    assert [str(q) for c in b.expect for q in c.queries] == [
        'step_is("Bob",beginning_of_combat)', 'unblocked(h("Grizzly Bears"))']


def test_an_unknown_combat_form_is_an_error_at_its_column():
    from mtgkb.carddb import default_database
    from mtgkb.parser.errors import ParseError
    from mtgkb.parser.scenario import parse_scenario

    text = 'scenario "s"\n  given:\n    Alice controls Grizzly Bears.\n    Alice attacks Grizzly Bears.\n'
    with pytest.raises(ParseError) as e:
        parse_scenario(text, file="x.mtg", known_names=default_database().name_table())
    assert (e.value.line, e.value.column) == (4, 19)
    assert "with" in str(e.value)


UNKNOWN_HAND = """
ruling "hand size with unknown cards"
  given:
    It is Alice's turn.
    Grizzly Bears is in Alice's hand.
    Alice has 7 unknown cards in hand.
    The turn ends.
  expect:
    May Grizzly Bears is in Alice's graveyard.
    Alice has 7 cards in hand.
    May Grizzly Bears is in Alice's hand.
"""


def test_unknown_cards_of_a_hand_are_one_choice_when_discarding_to_seven(session, tmp_path):
    """CR 514.1, 400.2: which of seven unknown cards is discarded is one outcome, not seven (nothing tells them
    apart); with the known card, two outcomes: Grizzly Bears discarded, or an unknown card."""
    from mtgkb.engine.outcomes import evaluate

    rr, f = run(session, tmp_path, UNKNOWN_HAND)
    assert [c.verdict for c in rr.claims] == ["holds", "holds", "holds"], rr.claims
    sf = session.load(str(f))
    (b,) = sf.blocks
    tr = evaluate(b, session.finder(sf, b), session.reference, session.solver)
    assert len(tr.branches) == 2
    assert sorted(len(st.choices) for st in tr.branches) == [1, 1]


def case_tests(cases: list, cards: str = ""):
    """The two tests of a table of cases written after the card blocks `cards`: each case's verdicts or error
    (parametrized by id), and every id told apart.  A test module binds them to its own names."""

    @pytest.mark.parametrize("case", cases, ids=[c.id for c in cases])
    def test_case(case: Case, session, tmp_path):
        assert_case(case, *run(session, tmp_path, case.body, cards=cards))

    def test_ids():
        assert len({c.id for c in cases}) == len(cases)

    return test_case, test_ids
