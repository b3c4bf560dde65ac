"""When a spell may be cast and an ability activated (mtgkb/rules/casting.lp: 117.1a, 307.1,
601.3, 702.8a, 602.5d, 302.6): a cast the rules forbid is bad input at its sentence, naming the
rule; the `can cast` claim follows the same timing."""

from __future__ import annotations

import pytest

from casting_support import bad_input, check, given_line, verdicts
from conftest import run_main_captured
from mtgkb.parser.errors import ParseError

REFUSED = [
    # a creature spell in the upkeep (not a main phase)
    ("Alice controls Forest and Forest #2.\nAlice's upkeep begins.\nAlice casts Grizzly Bears.", "Alice casts", "307.1"),
    # a creature spell while another spell is on the stack
    ("Alice controls Grizzly Bears, Forest, Forest #2 and Forest #3.\n"
     "Alice casts Giant Growth targeting Grizzly Bears.\nAlice casts Grizzly Bears #2.", "Alice casts Grizzly Bears #2",
     "307.1"),
    # a sorcery on another player's turn (Alice is named first: it is her turn)
    ("Alice controls Grizzly Bears.\nBob has {B}{B}{B} in his mana pool.\nBob casts Mind Rot targeting Alice.",
     "Bob casts", "307.1"),
    # the end step of the active player
    ("Alice controls Mountain, Mountain #2 and Grizzly Bears.\nAlice's end step begins.\n"
     "Alice casts Shock targeting Grizzly Bears.\nAlice casts Pyroclasm.", "Alice casts Pyroclasm", "307.1"),
    # from a graveyard, with no effect that allows it
    ("Lightning Bolt is in Alice's graveyard.\nAlice has {R} in her mana pool.\nAlice casts Lightning Bolt targeting Bob.",
     "Alice casts", "601.3"),
    # a card with no mana cost, cast from hand by an ordinary cast (its suspend is not a cast sentence)
    ("Alice controls Forest.\nAlice casts Wheel of Fate.", "Alice casts", "118.6"),
    # a card of another player's hand
    ("Lightning Bolt is in Bob's hand.\nAlice has {R} in her mana pool.\nAlice casts Lightning Bolt targeting Bob.",
     "Alice casts", "601.3"),
    # "activate only as a sorcery" in the upkeep
    ("Alice controls Littjara Glade-Warden and Grizzly Bears.\nLlanowar Elves is in Alice's graveyard.\n"
     "Alice's upkeep begins.\nAlice has {G}{G}{G} in her mana pool.\n"
     "Alice activates Littjara Glade-Warden's ability targeting Grizzly Bears.", "Alice activates", "602.5d"),
    # a creature's {T} ability the turn it came under her control
    ("Alice controls Prodigal Pyromancer, which came under her control this turn.\n"
     "Alice activates Prodigal Pyromancer's ability targeting Bob.", "Alice activates", "302.6"),
    # ... and tapping it for mana
    ("Alice controls Llanowar Elves, which came under her control this turn.\nAlice taps Llanowar Elves for mana.",
     "Alice taps", "302.6"),
]


@pytest.mark.parametrize("given,sentence,rule", REFUSED, ids=[f"{r}-{i}" for i, (_, _, r) in enumerate(REFUSED)])
def test_a_cast_the_rules_forbid_is_bad_input_naming_the_rule(tmp_path, session, given, sentence, rule):
    e = bad_input(tmp_path, given, session=session)
    assert f"CR {rule}" in e.message, e.message
    assert e.line == given_line(given, sentence) and e.column == 5, (e.line, e.column, e.message)


def test_the_command_line_exits_2_at_the_sentence(tmp_path):
    f = tmp_path / "upkeep.mtg"
    f.write_text('ruling "upkeep"\n  given:\n    Alice controls Forest and Forest #2.\n'
                 "    Alice's upkeep begins.\n    Alice casts Grizzly Bears.\n  expect:\n    Alice has 20 life.\n",
                 encoding="utf-8")
    code, out, err = run_main_captured(["check", str(f)])
    assert code == 2, (code, out, err)
    assert f"{f}:5:5: error: Alice cannot cast Grizzly Bears" in err and "CR 307.1" in err, err


ALLOWED = [
    # an instant in the upkeep
    ("Alice controls Forest and Grizzly Bears.\nAlice's upkeep begins.\nAlice casts Giant Growth targeting Grizzly Bears."
     "\nGiant Growth resolves.", "Grizzly Bears is 5/5."),
    # a creature with flash on another player's turn
    ("Bob controls Hill Giant.\nAlice controls Forest and Swamp.\nIt is Bob's turn.\nAlice casts Ambush Viper."
     "\nAmbush Viper resolves.", "Ambush Viper is on the battlefield."),
    # a block that names no step is the active player's precombat main phase
    ("Alice controls Forest and Forest #2.\nAlice casts Grizzly Bears.\nGrizzly Bears resolves.",
     "Grizzly Bears is on the battlefield."),
    # a card with no mana cost cast by an effect that lets it be cast without paying its mana cost (118.6)
    ("Alice controls Forest.\nAlice has no cards in hand.\nBob has no cards in hand.\nAlice's library has 30 cards.\n"
     "Bob's library has 30 cards.\nAlice casts Wheel of Fate without paying its mana cost.\nWheel of Fate resolves.",
     "Alice has 7 cards in hand."),
    # once the stack is empty again
    ("Alice controls Forest, Forest #2, Forest #3 and Grizzly Bears.\n"
     "Alice casts Giant Growth targeting Grizzly Bears.\nGiant Growth resolves.\nAlice casts Grizzly Bears #2.\n"
     "Grizzly Bears #2 resolves.", "Alice controls 2 permanents named Grizzly Bears."),
]


@pytest.mark.parametrize("given,claim", ALLOWED, ids=range(len(ALLOWED)))
def test_a_cast_the_rules_allow_happens(tmp_path, session, given, claim):
    r = check(tmp_path, given, claim, session=session)
    assert verdicts(r) == ["holds"], (r.error, r.claims)


def test_can_cast_follows_the_timing_and_the_stack(tmp_path, session):
    given = ("Alice controls Forest, Forest #2, Mountain and Grizzly Bears.\nHill Giant is in Alice's hand.\n"
             "Lightning Bolt is in Alice's hand.\nAlice casts Giant Growth targeting Grizzly Bears, paying with Forest.")
    r = check(tmp_path, given, "Alice cannot cast Hill Giant.\nAlice can cast Lightning Bolt.\n"
              "Alice can cast Hill Giant.", session=session)
    assert verdicts(r) == ["holds", "holds", "fails"], r.claims


def test_can_cast_needs_the_card_in_her_own_hand(tmp_path, session):
    given = "Alice controls Mountain.\nLightning Bolt is in Bob's hand.\nShock is in Alice's graveyard."
    r = check(tmp_path, given, "Alice cannot cast Lightning Bolt.\nAlice cannot cast Shock.", session=session)
    assert verdicts(r) == ["holds", "holds"], r.claims


def test_can_cast_is_false_for_a_card_with_no_mana_cost(tmp_path, session):
    # CR 118.6: Wheel of Fate has no mana cost (only suspend casts it; a {0} cost is a cost)
    given = "Alice controls Forest.\nWheel of Fate is in Alice's hand.\nOrnithopter is in Alice's hand."
    r = check(tmp_path, given, "Alice cannot cast Wheel of Fate.\nAlice can cast Ornithopter.", session=session)
    assert verdicts(r) == ["holds", "holds"], r.claims


def test_can_cast_is_undetermined_for_unread_text_that_may_restrict_it(tmp_path, session):
    # Blizzard Brawl's text is not read: it may need targets the board lacks
    given = "Alice controls Forest.\nBlizzard Brawl is in Alice's hand."
    r = check(tmp_path, given, "Alice can cast Blizzard Brawl.", session=session)
    assert verdicts(r) == ["undetermined"] and "Blizzard Brawl" in r.claims[0].message, r.claims


def test_an_error_position_is_a_parse_error_with_the_rule(tmp_path, session):
    e = bad_input(tmp_path, "Alice controls Forest and Forest #2.\nAlice's draw step begins.\nAlice casts Grizzly Bears.",
                  session=session)
    assert isinstance(e, ParseError) and "not during a main phase of its controller" in e.message, e.message
