"""Detain (CR 701.35a; mtgkb/rules/meaning_detain.lp, detain.lp): until the next turn of the controller of
the ability that detained it, the permanent can't attack or block (508.1c, 509.1b) and its activated
abilities, mana abilities too, can't be activated (602.5).  Table-driven: the verdicts of a scenario's claims,
or the error it must be (the rule it names, at the sentence's line and column).  Ad-hoc cards keep the cases
independent of the card database's wording."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import Case, case_tests

CARDS = """
card:
  Gate Warden {1}{W}
  Creature — Human Soldier
  When Gate Warden enters, detain target creature an opponent controls.
  1/1

card:
  Ember Imp {R}
  Creature — Imp
  Sacrifice Ember Imp: Add {R}.
  1/1

card:
  Spark Pinger {2}{R}
  Creature — Human Wizard
  {T}: Spark Pinger deals 1 damage to any target.
  1/1
"""

DETAINED = ("It is Alice's turn.", "Bob controls Hill Giant.", "Bob controls Llanowar Elves.",
            "Bob controls Spark Pinger.", "Bob controls Ember Imp.", "Alice controls Grizzly Bears.",
            "Gate Warden enters under Alice's control.")


def _detain(name: str) -> tuple:
    return DETAINED + (f"Gate Warden's triggered ability resolves, choosing {name}.",)


CASES = [
    case("nothing-else-changes", _detain("Hill Giant"),
         ("Hill Giant is 3/3.", "Hill Giant is untapped.", "Hill Giant is on the battlefield.", "Alice has 20 life."),
         ("holds", "holds", "holds", "holds")),
    case("it-cannot-block", _detain("Hill Giant") + (
        "Alice attacks with Grizzly Bears.", "Bob blocks Grizzly Bears with Hill Giant.", "Combat damage is dealt."),
         ("Grizzly Bears is blocked.",), error=("the creature cannot block", "509.1b"),
         at="Bob blocks Grizzly Bears with Hill Giant."),
    case("it-cannot-attack-on-its-controllers-turn", _detain("Hill Giant") + (
        "The game proceeds to Bob's turn.", "Bob attacks with Hill Giant."),
         ("Hill Giant is attacking.",), error=("the creature cannot attack", "508.1c"),
         at="Bob attacks with Hill Giant."),
    case("another-creature-still-attacks", _detain("Hill Giant") + (
        "The game proceeds to Bob's turn.", "Bob attacks with Spark Pinger.", "Combat damage is dealt."),
         ("Alice has 19 life.",), ("holds",)),
    case("it-attacks-once-the-detainers-next-turn-began", _detain("Hill Giant") + (
        "The game proceeds to Bob's turn.", "The game proceeds to Alice's turn.", "The game proceeds to Bob's turn.",
        "Bob attacks with Hill Giant.", "Combat damage is dealt."),
         ("Alice has 17 life.",), ("holds",)),
    case("its-mana-ability-cannot-be-activated", _detain("Llanowar Elves") + ("Bob taps Llanowar Elves for {G}.",),
         ("Bob has {G} in his mana pool.",), error=("can't be activated", "602.5"),
         at="Bob taps Llanowar Elves for {G}."),
    case("its-mana-ability-without-tap-cannot-be-activated", _detain("Ember Imp") + (
        "Bob activates Ember Imp's mana ability.",), ("Ember Imp is on the battlefield.",), error=("602.5",),
         at="Bob activates Ember Imp's mana ability."),
    case("its-activated-ability-cannot-be-activated", _detain("Spark Pinger") + (
        "The game proceeds to Bob's turn.", "Bob activates Spark Pinger's ability targeting Alice."),
         ("Alice has 19 life.",), error=("602.5",), at="Bob activates Spark Pinger's ability targeting Alice."),
    case("its-activated-ability-works-again-later", _detain("Spark Pinger") + (
        "The game proceeds to Bob's turn.", "The game proceeds to Alice's turn.",
        "Bob activates Spark Pinger's ability targeting Alice.", "Spark Pinger's ability resolves."),
         ("Alice has 19 life.",), ("holds",)),
]
CASES = [Case(c.id, c.body, c.verdicts, c.error, (c.at[0], 1)) if c.at else c for c in CASES]


test_detain, test_case_ids_differ = case_tests(CASES, cards=CARDS)


def test_every_case_checks_something():
    assert all((c.verdicts is None) != (c.error is None) for c in CASES)


def test_detain_is_applied(tmp_path):
    """The detain abilities are applied (the honesty bench's reading): Gate Warden's, Archon-style 'up to two
    target nonland permanents your opponents control', and a spell's."""
    assert parse_applied(tmp_path, "Gate Warden {1}{W}\nCreature — Human Soldier\nWhen Gate Warden enters, detain "
                         "target creature an opponent controls.\n1/1\n\nSky Jailer {4}{W}{U}\nCreature — Archon\n"
                         "Whenever Sky Jailer attacks, detain up to two target nonland permanents your opponents "
                         "control.\n4/5\n\nHold Order {1}{W}\nSorcery\nDetain target creature an opponent "
                         "controls.\n") == [True, True, True]
