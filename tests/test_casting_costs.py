"""The total cost of a spell or ability and paying it (mtgkb/rules/casting.lp and rules.lp's part
`pay`; 601.2f-h, 602.2b, 107.3, 107.4f, 118.8, 118.9, 702.33): every legal way is an outcome, the
sentence may say how, and a cost that cannot be paid is bad input naming 601.2h."""

from __future__ import annotations

import pytest

from casting_support import bad_input, block_text, check, given_line, verdicts
from conftest import run_main_captured
from mtgkb.check import check_paths
from mtgkb.parser.errors import ParseError

KICKER = """  card:
    Kicked Test Bolt {R}
    Instant
    Kicker {2}
    Kicked Test Bolt deals 2 damage to any target.
"""

UNPAYABLE = [
    ("Alice controls Forest.\nAlice casts Hill Giant.", "Alice casts", "601.2h", ""),
    ("Alice controls Forest and Mountain.\nAlice casts Lightning Bolt targeting Bob, paying with Forest.",
     "Alice casts", "601.2h", ""),
    # spending {S} needs a snow source
    ("Alice controls Mountain.\nAlice casts Lightning Bolt targeting Bob, spending {S}.", "Alice casts", "601.2h", ""),
    # spending more mana than the cost
    ("Alice controls Mountain and Mountain #2.\nAlice casts Lightning Bolt targeting Bob, spending {R}{R}.",
     "Alice casts", "601.2h", ""),
    # a kicker cost is paid too
    ("Alice controls Mountain and Mountain #2.\nAlice casts Kicked Test Bolt targeting Bob with kicker.",
     "Alice casts", "601.2h", KICKER),
    # a spell without kicker
    ("Alice controls Mountain.\nAlice casts Lightning Bolt targeting Bob with kicker.", "Alice casts", "702.33a", ""),
    # the additional cost: a creature to sacrifice; a land is not one
    ("Alice controls Forest.\nAlice has {B}{B} in her mana pool.\nAlice casts Altar's Reap, sacrificing Forest.",
     "Alice casts", "601.2h", ""),
    ("Alice has {B}{B} in her mana pool.\nAlice casts Altar's Reap.", "Alice casts", "601.2h", ""),
    # an activated ability's mana
    ("Alice controls Mirror Entity and Plains.\nAlice activates Mirror Entity's ability with X = 2.",
     "Alice activates", "601.2h", ""),
]


@pytest.mark.parametrize("given,sentence,rule,card", UNPAYABLE, ids=range(len(UNPAYABLE)))
def test_a_cost_that_cannot_be_paid_is_bad_input(tmp_path, session, given, sentence, rule, card):
    e = bad_input(tmp_path, given, card=card, session=session)
    assert f"CR {rule}" in e.message, e.message
    assert e.line == given_line(given, sentence, card) and e.column == 5, (e.line, e.message)


def test_the_message_says_what_the_pool_holds_and_the_exit_code_is_2(tmp_path):
    f = tmp_path / "giant.mtg"
    f.write_text(block_text("Alice has {R} in her mana pool.\nAlice casts Hill Giant.", "Alice has 20 life."),
                 encoding="utf-8")
    code, out, err = run_main_captured(["check", str(f)])
    assert code == 2, (code, out, err)
    assert ":4:5: error: Alice cannot cast Hill Giant: Alice cannot pay the total cost of Hill Giant ({3}{R})" in err
    assert "mana pool holds {R}" in err, err


def test_x_with_a_free_cast_is_a_parse_error(tmp_path):
    f = tmp_path / "x.mtg"
    f.write_text(block_text("Alice casts Hooded Hydra without paying its mana cost with X = 3.", "Alice has 20 life."),
                 encoding="utf-8")
    _, errors = check_paths([str(f)])
    assert len(errors) == 1 and "107.3b" in errors[0].message and errors[0].line == 3, errors


def test_a_part_a_sentence_does_not_take_is_a_parse_error(tmp_path):
    f = tmp_path / "k.mtg"
    f.write_text(block_text("Alice controls Prodigal Pyromancer.\n"
                            "Alice activates Prodigal Pyromancer's ability targeting Bob with kicker.",
                            "Alice has 20 life."), encoding="utf-8")
    _, errors = check_paths([str(f)])
    assert len(errors) == 1 and "'with kicker' does not belong to an activation" in errors[0].message, errors


def test_every_legal_way_to_pay_is_an_outcome(tmp_path, session):
    given = "Alice controls Grizzly Bears, Forest, Forest #2 and Island.\nAlice casts Giant Growth targeting Grizzly Bears."
    r = check(tmp_path, given, "May Forest is tapped.\nMay Forest #2 is tapped.\nIsland is untapped.\n"
              "Forest is tapped.", session=session)
    assert verdicts(r) == ["holds", "holds", "holds", "fails"], r.claims


def test_paying_with_names_the_permanents_that_pay(tmp_path, session):
    board = "Alice controls Grizzly Bears, Forest, Forest #2 and Island.\nAlice has {G} in her mana pool.\n"
    r = check(tmp_path, board + "Alice casts Might of Oaks targeting Grizzly Bears, paying with Forest, Forest #2 "
              "and Island.", "Alice has {G} in her mana pool.", session=session)
    # {3}{G} from three lands cannot be paid: the pool is not one of the sources named
    assert r.status == "error" and "601.2h" in r.error, r.error
    r = check(tmp_path, board + "Alice casts Grizzly Bears #2, paying with Forest and Island.",
              "Alice has {G} in her mana pool.\nForest is tapped.\nIsland is tapped.\nForest #2 is untapped.",
              session=session)
    assert verdicts(r) == ["holds"] * 4, r.claims


def test_mana_a_source_makes_beyond_the_cost_stays_in_the_pool(tmp_path, session):
    # Sol Ring adds {C}{C}; the {1} of the cost increase takes one of them, the other stays in the pool
    given = "Alice controls Sol Ring.\nSpells Alice casts cost {1} more to cast.\nAlice has {R} in her mana pool.\n" \
            "Alice casts Lightning Bolt targeting Bob, paying with Sol Ring."
    r = check(tmp_path, given, "Alice has 20 life.", session=session)
    assert r.status == "error" and "601.2h" in r.error   # the pool is not among the sources named
    given = given.replace(", paying with Sol Ring", "")
    r = check(tmp_path, given, "Alice has {C} in her mana pool.\nSol Ring is tapped.\n2 mana was spent to cast "
              "Lightning Bolt.", session=session)
    assert verdicts(r) == ["holds"] * 3, r.claims


def test_phyrexian_mana_may_be_paid_with_life(tmp_path, session):
    r = check(tmp_path, "Alice controls Grizzly Bears.\nAlice casts Mutagenic Growth targeting Grizzly Bears.\n"
              "Mutagenic Growth resolves.", "Alice has 18 life.\nGrizzly Bears is 4/4.\nNo mana was spent to cast "
              "Mutagenic Growth.", session=session)
    assert verdicts(r) == ["holds"] * 3, r.claims
    r = check(tmp_path, "Alice controls Grizzly Bears and Forest.\nAlice casts Mutagenic Growth targeting Grizzly Bears.",
              "May Alice has 18 life.\nMay Alice has 20 life.\nMay Forest is tapped.", session=session)
    assert verdicts(r) == ["holds"] * 3, r.claims


def test_a_cost_reduction_of_abilities_applies_to_their_mana(tmp_path, session):
    given = ("Alice controls Mirror Entity and Plains.\nAbilities Alice activates cost {1} less to activate.\n"
             "Alice activates Mirror Entity's ability with X = 2.")
    r = check(tmp_path, given, "Plains is tapped.", session=session)
    assert verdicts(r) == ["holds"], (r.error, r.claims)


def test_the_sacrificed_creature_is_the_one_the_sentence_names(tmp_path, session):
    given = ("Alice controls Grizzly Bears and Llanowar Elves.\nAlice has {B}{B} in her mana pool.\n"
             "Alice casts Altar's Reap, sacrificing Llanowar Elves, spending {B}{B}.")
    r = check(tmp_path, given, "Llanowar Elves is in Alice's graveyard.\nGrizzly Bears is on the battlefield.",
              session=session)
    assert verdicts(r) == ["holds", "holds"], r.claims


def test_an_additional_discard_names_the_card_or_leaves_what_follows_open(tmp_path, session):
    given = ("Orvar, the All-Form is in Alice's hand.\nAlice has {R}{R} in her mana pool.\n"
             "Alice casts Tormenting Voice, discarding Orvar, the All-Form.")
    r = check(tmp_path, given, "Orvar, the All-Form is in Alice's graveyard.\n"
              "Orvar, the All-Form's second triggered ability does not trigger.", session=session)
    assert verdicts(r) == ["holds", "holds"], (r.error, r.claims)
    r = check(tmp_path, given.replace(", discarding Orvar, the All-Form", ""), "Alice has 20 life.", session=session)
    assert verdicts(r) == ["undetermined"] and "Tormenting Voice" in r.claims[0].message, r.claims


def test_the_additional_cost_needs_its_object_for_can_cast(tmp_path, session):
    r = check(tmp_path, "Alice has {R}{R}{B}{B} in her mana pool.\nTormenting Voice is in Alice's hand.",
              "Alice cannot cast Tormenting Voice.", session=session)
    assert verdicts(r) == ["holds"], r.claims      # no other card in her hand to discard
    r = check(tmp_path, "Alice has {R}{R}{B}{B} in her mana pool.\nTormenting Voice is in Alice's hand.\n"
              "Altar's Reap is in Alice's hand.", "Alice can cast Tormenting Voice.\nAlice cannot cast Altar's Reap.",
              session=session)
    assert verdicts(r) == ["holds", "holds"], r.claims   # Altar's Reap may be discarded; no creature to sacrifice


@pytest.mark.parametrize("board, card, can", [
    # "an artifact or creature", "a creature or planeswalker", "a Goblin", "a nonland permanent", "a green creature"
    ("Alice controls Grizzly Bears.", "Deadly Dispute", True), ("Alice controls Forest.", "Deadly Dispute", False),
    ("Alice controls Grizzly Bears.", "Heartfire", True), ("Alice controls Forest.", "Heartfire", False),
    ("Alice controls Goblin Piker.", "Goblin Grenade", True), ("Alice controls Grizzly Bears.", "Goblin Grenade", False),
    ("Alice controls Forest.", "Fatal Grudge", False),
    ("Alice controls Grizzly Bears.", "Natural Order", True), ("Alice controls Hill Giant.", "Natural Order", False),
])
def test_more_kinds_to_sacrifice(tmp_path, session, board, card, can):
    r = check(tmp_path, f"{board}\nBob controls Hill Giant #9.\nAlice has {{C}}{{C}}{{C}}{{C}}{{C}}{{G}}{{G}}{{R}}{{B}} in her mana pool.\n"
              f"{card} is in Alice's hand.", f"Alice {'can' if can else 'cannot'} cast {card}.", session=session)
    assert verdicts(r) == ["holds"], r.claims


@pytest.mark.parametrize("x", [0, 2])
def test_the_x_of_a_spell_is_paid(tmp_path, session, x):
    given = f"Alice has {{G}}{{G}}{{G}}{{G}} in her mana pool.\nAlice casts Hooded Hydra with X = {x}."
    left = "{G}" * (2 - x) if x < 2 else "no mana"
    r = check(tmp_path, given, f"{2 + x} mana was spent to cast Hooded Hydra.\nAlice has {left} in her mana pool.",
              session=session)
    assert verdicts(r) == ["holds", "holds"], r.claims


def test_parse_errors_name_the_symbol(tmp_path):
    f = tmp_path / "s.mtg"
    f.write_text(block_text("Alice controls Mountain.\nAlice casts Lightning Bolt targeting Bob, spending {2}.",
                            "Alice has 20 life."), encoding="utf-8")
    _, errors = check_paths([str(f)])
    assert len(errors) == 1 and isinstance(errors[0], ParseError) and "{2} is not a mana spent" in errors[0].message
