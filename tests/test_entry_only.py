"""An unread "~ enters with <counters>" replacement (CR 614.1c, 614.12; rules.lp entry_only/1) modifies how its
own object enters the battlefield and nothing else: a permanent that has it and does not enter leaves the board
settled; as it enters, what follows is not settled (the counters it gets are not read).  Real cards, and an
ad-hoc one with a stun counter (122.1d: not read) since Wingshield Agent's shield counter is read now (122.1c,
mtgkb/rules/keyword_counters.lp)."""

from __future__ import annotations

from test_combat import case
from test_turn_structure import case_tests

BOARD = ("It is Alice's turn.", "Bob controls Hill Giant.")
CASES = [
    # Wingshield Agent: "enters with a shield counter" (122.1c: read, keyword_counters.lp)
    case("it-attacks-without-entering", BOARD + ("Alice controls Wingshield Agent.",
                                                 "Alice attacks with Wingshield Agent."),
         ("Hill Giant is 3/3.", "Wingshield Agent is attacking.", "Wingshield Agent is 2/3."),
         ("holds", "holds", "holds")),
    case("it-enters-with-its-shield-counter", BOARD + ("Wingshield Agent enters under Alice's control.",),
         ("Wingshield Agent is on the battlefield.", "Wingshield Agent has one shield counter.", "Hill Giant is 3/3."),
         ("holds", "holds", "holds")),
    # an ad-hoc card: "enters with a stun counter" (122.1d: stun counters are not read here)
    case("it-enters-and-is-not-settled", BOARD + ("Dazed Sentry enters under Alice's control.",),
         ("Dazed Sentry is on the battlefield.", "Hill Giant is 3/3."), ("undetermined", "undetermined")),
    # Boss's Chauffeur: "enters with a number of +1/+1 counters on it equal to one plus ..."
    case("it-dies-without-entering", BOARD + ("Alice controls Boss's Chauffeur.", "Boss's Chauffeur dies."),
         ("Boss's Chauffeur is in Alice's graveyard.", "Hill Giant is 3/3."), ("holds", "holds")),
]


CARDS = """
card:
  Dazed Sentry {1}{W}
  Creature — Human Soldier
  Dazed Sentry enters with a stun counter on it.
  2/2
"""

test_entry_only, test_every_case_checks_something = case_tests(CASES, cards=CARDS)
