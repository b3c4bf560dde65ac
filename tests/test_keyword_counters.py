"""Keyword counters (CR 122.1b, 613.1f) and shield counters (122.1c; mtgkb/rules/meaning_keyword_counters.lp,
keyword_counters.lp): "put a <keyword> counter on <objects>" gives the permanent the keyword; "put a shield counter"
makes a destroy effect and damage remove a counter instead.  What is not applied stays undetermined: a keyword
counter against an effect that removes the ability (counter timestamps, 613.7c, are not kept)."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

CARDS = """
card:
  Wing Giver {1}{W}
  Creature — Human
  When Wing Giver enters, put a flying counter on target creature you control.
  1/1

card:
  Aegis Giver {1}{W}
  Creature — Human
  When Aegis Giver enters, put a shield counter on target creature.
  1/1

card:
  Dawn Sentry {1}{W}
  Creature — Human
  Dawn Sentry enters with a first strike counter on it.
  1/1
"""

BOARD = ("It is Alice's turn.", "Alice controls Grizzly Bears.", "Bob controls Hill Giant.")
WINGS = BOARD + ("Wing Giver enters under Alice's control.", "Wing Giver's triggered ability resolves, choosing Grizzly Bears.")
AEGIS = BOARD + ("Aegis Giver enters under Alice's control.", "Aegis Giver's triggered ability resolves, choosing Hill Giant.")
BOLT = ("Alice has {R} in her mana pool.", "Alice casts Lightning Bolt targeting Hill Giant, paying from her mana pool.",
        "Lightning Bolt resolves.")

CASES = [
    case("flying-counter-gives-flying", WINGS, ("Grizzly Bears has flying.", "Grizzly Bears has one flying counter.",
                                              "Hill Giant has flying.", "Grizzly Bears is 2/2."),
         ("holds", "holds", "fails", "holds")),
    case("scenario-keyword-counter", BOARD[:1] + ("Alice controls Grizzly Bears with a trample counter.",),
         ("Grizzly Bears has trample.", "Grizzly Bears has flying."), ("holds", "fails")),
    case("enters-with-a-first-strike-counter", BOARD + ("Dawn Sentry enters under Alice's control.",),
         ("Dawn Sentry has first strike.", "Dawn Sentry is 1/1."), ("holds", "holds")),
    case("keyword-counter-against-losing-abilities-is-open", WINGS + (
        "Bob has {U}{U} in his mana pool.", "Bob casts Turn to Frog targeting Grizzly Bears, paying from his mana pool.",
        "Turn to Frog resolves."), ("Grizzly Bears has flying.",), ("undetermined",)),
    case("shield-counter-is-put", AEGIS, ("Hill Giant has one shield counter.", "Hill Giant is 3/3."), ("holds", "holds")),
    case("shield-stops-damage", AEGIS + BOLT, ("Hill Giant has 0 damage marked.", "Hill Giant has no shield counters.",
                                               "Hill Giant is on the battlefield."), ("holds", "holds", "holds")),
    case("second-damage-gets-through", AEGIS + BOLT + (
        "Alice has {R} in her mana pool.", "Alice casts Shock targeting Hill Giant, paying from her mana pool.",
        "Shock resolves."), ("Hill Giant has 2 damage marked.",
                                                            "Hill Giant is on the battlefield."), ("holds", "holds")),
    case("shield-stops-destroy", AEGIS + (
        "Alice has {B}{B}{B} in her mana pool.", "Alice casts Murder targeting Hill Giant, paying from her mana pool.",
        "Murder resolves."), ("Hill Giant is on the battlefield.", "Hill Giant has no shield counters.",
                              "No permanent is put into a graveyard."), ("holds", "holds", "holds")),
    case("shield-stops-a-damage-event", AEGIS + ("Grizzly Bears deals 2 damage to Hill Giant.",),
         ("Hill Giant has 0 damage marked.", "Hill Giant has no shield counters."), ("holds", "holds")),
    case("fight-damage-to-a-shielded-creature-is-prevented", AEGIS + (
        "Alice has {G} in her mana pool.", "Alice casts Prey Upon targeting Grizzly Bears and Hill Giant, paying from her mana pool.",
        "Prey Upon resolves."), ("Hill Giant has 0 damage marked.", "Hill Giant has no shield counters.",
                                 "Grizzly Bears is in Alice's graveyard."), ("holds", "holds", "holds")),
    case("a-shielded-fighter-is-not-dealt-damage", BOARD + (
        "Aegis Giver enters under Alice's control.", "Aegis Giver's triggered ability resolves, choosing Grizzly Bears.",
        "Alice has {G} in her mana pool.", "Alice casts Prey Upon targeting Grizzly Bears and Hill Giant, paying from her mana pool.",
        "Prey Upon resolves."), ("Grizzly Bears is on the battlefield.", "Grizzly Bears has no shield counters.",
                                 "Hill Giant has 2 damage marked."), ("holds", "holds", "holds")),
]

test_keyword_counters, test_case_ids_differ = case_tests(CASES, cards=CARDS)


def test_keyword_and_shield_counters_are_applied(tmp_path):
    """The honesty bench's reading: putting a keyword counter of a keyword rules.lp uses, or a shield counter, is
    applied; an exalted counter (its keyword is not read) is not."""
    assert parse_applied(tmp_path, "Frillscare Mentor {2}{R}\nCreature — Human Warrior\nWhen Frillscare Mentor "
                         "enters the battlefield, put a menace counter on target non-Human creature you control.\n3/2\n\n"
                         "Brokers Veteran {1}{U}\nCreature — Human Soldier\nWhen Brokers Veteran dies, put a shield "
                         "counter on target creature you control.\n1/1\n\n"
                         "Exalter {1}{W}\nCreature — Human\nWhen Exalter enters the battlefield, put an exalted counter on "
                         "target creature you control.\n1/1\n") == [True, True, False]
