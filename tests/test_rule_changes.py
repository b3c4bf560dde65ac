"""Effects of a resolved spell that change the rules of the game (CR 611.2c; mtgkb/rules/rule_changes.lp): a
restriction on a group of creatures ("Creatures without flying can't block this turn") applies to creatures that
enter, or join the group, after the spell resolved; one that changes characteristics (613) stays on the creatures
there as it resolved.  Real cards of the card database; before, a creature that entered afterwards could block."""

from __future__ import annotations

from test_combat import case
from test_turn_structure import case_tests

STOMP = ("Alice controls Grizzly Bears.", "Bob controls Hill Giant.", "It is Alice's turn.",
         "Alice has {C}{R} in her mana pool.", "Alice casts Seismic Stomp, paying from her mana pool.",
         "Seismic Stomp resolves.")
CASES = [
    # CR 611.2c, 509.1b: a creature without flying that entered after the spell resolved can't block
    case("stomp-a-later-creature-cannot-block", STOMP + (
        "Centaur Courser enters under Bob's control.", "Alice attacks with Grizzly Bears.",
        "Bob blocks Grizzly Bears with Centaur Courser."),
        ("Grizzly Bears is blocked.",), error=("509.1b", "cannot block"), at="Bob blocks Grizzly Bears with Centaur Courser."),
    # ... and one there as it resolved can't either
    case("stomp-a-creature-there-cannot-block", STOMP + (
        "Alice attacks with Grizzly Bears.", "Bob blocks Grizzly Bears with Hill Giant."),
        ("Grizzly Bears is blocked.",), error=("509.1b", "cannot block"), at="Bob blocks Grizzly Bears with Hill Giant."),
    # CR 611.2c: the group is judged as blocks are declared: a creature with flying that entered later may block
    case("stomp-a-later-flyer-may-block", STOMP + (
        "Serra Angel enters under Bob's control.", "Alice attacks with Grizzly Bears.",
        "Bob blocks Grizzly Bears with Serra Angel."),
        ("Grizzly Bears is blocked.",), ("holds",)),
    # CR 514.2, 611.2a: "this turn": on the next turn the late creature blocks
    case("stomp-ends-with-the-turn", STOMP + (
        "Centaur Courser enters under Bob's control.", "The game proceeds to Bob's turn.",
        "The game proceeds to Alice's turn.",
        "Alice attacks with Grizzly Bears.", "Bob blocks Grizzly Bears with Centaur Courser."),
        ("Grizzly Bears is blocked.",), ("holds",)),
    # CR 611.2c: "Monocolored creatures": a creature of one color that enters later
    case("awe-for-the-guilds-a-later-creature", (
        "Alice controls Grizzly Bears.", "It is Alice's turn.", "Alice has {C}{C}{R} in her mana pool.",
        "Alice casts Awe for the Guilds, paying from her mana pool.", "Awe for the Guilds resolves.",
        "Centaur Courser enters under Bob's control.", "Alice attacks with Grizzly Bears.",
        "Bob blocks Grizzly Bears with Centaur Courser."),
        ("Grizzly Bears is blocked.",), error=("509.1b", "cannot block"), at="Bob blocks Grizzly Bears with Centaur Courser."),
    # CR 611.2c, 613.4c: a change of characteristics stays on the creatures there as it resolved
    case("inspired-charge-a-later-creature-unchanged", (
        "Alice controls Grizzly Bears.", "It is Alice's turn.", "Alice has {C}{C}{W}{W} in her mana pool.",
        "Alice casts Inspired Charge, paying from her mana pool.", "Inspired Charge resolves.",
        "Centaur Courser enters under Alice's control."),
        ("Grizzly Bears is 4/3.", "Centaur Courser is 3/3."), ("holds", "holds")),
]

test_rule_changes, test_rule_changes_ids = case_tests(CASES)
