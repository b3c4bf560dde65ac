"""Requirements on attacking and blocking that a resolving spell or ability creates for the turn (CR 508.1d,
509.1c, 611.2a; mtgkb/rules/meaning_combat_requirements.lp, combat_requirements.lp): "attacks this turn if able"
(a declaration leaving out an able creature so required is illegal), "blocks this turn if able", "must be blocked
this turn if able" and "All creatures able to block <creature> this turn do so" (a declaration that obeys them is
settled; one that may not is undetermined: which creatures were able to block is not weighed).  Real cards:
Boiling Blood, Incite War, Culling Mark, Deadly Allure, Taunting Challenge."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import Case, case_tests

ALICE = ("It is Alice's turn.",)
BLOOD = ALICE + ("Alice controls Grizzly Bears.", "Alice controls Serra Angel.", "Bob controls Hill Giant.",
                 "Alice has {C}{C}{R} in her mana pool.",
                 "Alice casts Boiling Blood targeting Grizzly Bears, paying from her mana pool.", "Boiling Blood resolves.")
TAUNT = ALICE + ("Alice controls Grizzly Bears.", "Bob controls Hill Giant.", "Bob controls Savannah Lions.",
                 "Alice has {C}{G}{G} in her mana pool.",
                 "Alice casts Taunting Challenge targeting Grizzly Bears, paying from her mana pool.",
                 "Taunting Challenge resolves.", "Alice attacks with Grizzly Bears.")
ALLURE = ALICE + ("Alice controls Grizzly Bears.", "Bob controls Hill Giant.", "Bob controls Savannah Lions.",
                  "Alice has {B} in her mana pool.",
                  "Alice casts Deadly Allure targeting Grizzly Bears, paying from her mana pool.", "Deadly Allure resolves.",
                  "Alice attacks with Grizzly Bears.")
MARK = ALICE + ("Alice controls Grizzly Bears.", "Alice controls Savannah Lions.", "Bob controls Hill Giant.",
                "Alice has {C}{C}{G} in her mana pool.",
                "Alice casts Culling Mark targeting Hill Giant, paying from her mana pool.", "Culling Mark resolves.")
FOCUS = ALICE + ("Alice controls Grizzly Bears.", "Bob controls Hill Giant.", "Alice has {C}{C}{C}{G}{G} in her mana pool.",
                 "Alice casts Predatory Focus, paying from her mana pool.", "Predatory Focus resolves.",
                 "Alice attacks with Grizzly Bears.", "Bob blocks Grizzly Bears with Hill Giant.")
CASES = [
    # 508.1d: "Target creature attacks this turn if able"
    case("the-target-must-attack", BLOOD + ("Alice attacks with Serra Angel.",), ("Serra Angel is attacking.",),
         error=("508.1d",), at="Alice attacks with Serra Angel."),
    case("the-target-attacks", BLOOD + ("Alice attacks with Grizzly Bears.", "Combat damage is dealt."),
         ("Grizzly Bears is attacking.", "Serra Angel is untapped.", "Bob has 18 life."), ("holds", "holds", "holds")),
    case("the-target-attacks-beside-another", BLOOD + ("Alice attacks with Grizzly Bears and Serra Angel.",),
         ("Serra Angel is attacking.",), ("holds",)),
    case("a-tapped-target-need-not-attack", ALICE + (
        "Alice controls Grizzly Bears, tapped.", "Alice controls Serra Angel.", "Bob controls Hill Giant.",
        "Alice has {C}{C}{R} in her mana pool.",
        "Alice casts Boiling Blood targeting Grizzly Bears, paying from her mana pool.", "Boiling Blood resolves.",
        "Alice attacks with Serra Angel."), ("Serra Angel is attacking.",), ("holds",)),
    case("the-requirement-ends-with-the-turn", ALICE + (
        "Alice controls Grizzly Bears.", "Bob controls Hill Giant.", "Bob controls Savannah Lions.",
        "Alice has {C}{C}{R} in her mana pool.",
        "Alice casts Boiling Blood targeting Hill Giant, paying from her mana pool.", "Boiling Blood resolves.",
        "The game proceeds to Bob's turn.", "Bob attacks with Savannah Lions."),
         ("Savannah Lions is attacking.", "Hill Giant is untapped."), ("holds", "holds")),
    # 508.1d: "Creatures target player controls attack this turn if able" (Incite War, cast in Bob's turn)
    case("every-creature-of-the-player-must-attack", ("It is Bob's turn.", "Alice controls Grizzly Bears.",
         "Bob controls Hill Giant.", "Bob controls Savannah Lions.", "Alice has {C}{C}{R} in her mana pool.",
         "Alice casts Incite War choosing mode 1 targeting Bob, paying from her mana pool.", "Incite War resolves.",
         "Bob attacks with Savannah Lions."), ("Savannah Lions is attacking.",),
         error=("508.1d",), at="Bob attacks with Savannah Lions."),
    case("every-creature-of-the-player-attacks", ("It is Bob's turn.", "Alice controls Grizzly Bears.",
         "Bob controls Hill Giant.", "Bob controls Savannah Lions.", "Alice has {C}{C}{R} in her mana pool.",
         "Alice casts Incite War choosing mode 1 targeting Bob, paying from her mana pool.", "Incite War resolves.",
         "Bob attacks with Savannah Lions and Hill Giant."), ("Hill Giant is attacking.", "Grizzly Bears is untapped."),
         ("holds", "holds")),
    # 611.2c: a hasty creature that entered after the effect began may be one the group's requirement applies to
    case("a-newer-creature-of-the-group-is-unsettled", ("It is Bob's turn.", "Alice controls Grizzly Bears.",
         "Bob controls Hill Giant.", "Alice has {C}{C}{R} in her mana pool.",
         "Alice casts Incite War choosing mode 1 targeting Bob, paying from her mana pool.", "Incite War resolves.",
         "Raging Goblin enters under Bob's control.", "Bob attacks with Hill Giant.", "Combat damage is dealt."),
         ("Alice has 17 life.",), ("undetermined",)),
    case("a-newer-creature-that-attacks-is-settled", ("It is Bob's turn.", "Alice controls Grizzly Bears.",
         "Bob controls Hill Giant.", "Alice has {C}{C}{R} in her mana pool.",
         "Alice casts Incite War choosing mode 1 targeting Bob, paying from her mana pool.", "Incite War resolves.",
         "Raging Goblin enters under Bob's control.", "Bob attacks with Hill Giant and Raging Goblin.",
         "Combat damage is dealt."), ("Alice has 16 life.",), ("holds",)),
    # 509.1c: "All creatures able to block target creature this turn do so"
    case("all-able-creatures-block", TAUNT + ("Bob blocks Grizzly Bears with Hill Giant and Savannah Lions.",
                                              "Combat damage is dealt."),
         ("Grizzly Bears is in Alice's graveyard.", "Hill Giant is blocking."), ("holds", "holds")),
    case("one-able-creature-stays-back", TAUNT + ("Bob blocks Grizzly Bears with Hill Giant.", "Combat damage is dealt."),
         ("Grizzly Bears is in Alice's graveyard.",), ("undetermined",)),
    case("a-creature-that-cannot-block-stays-back", ALICE + (
        "Alice controls Grizzly Bears.", "Bob controls Hill Giant.", "Bob controls Savannah Lions.",
        "Alice controls Pacifism attached to Savannah Lions.", "Alice has {C}{G}{G} in her mana pool.",
        "Alice casts Taunting Challenge targeting Grizzly Bears, paying from her mana pool.",
        "Taunting Challenge resolves.", "Alice attacks with Grizzly Bears.", "Bob blocks Grizzly Bears with Hill Giant.",
        "Combat damage is dealt."), ("Grizzly Bears is in Alice's graveyard.",), ("holds",)),
    case("no-creature-can-block-a-flier", ALICE + (
        "Alice controls Serra Angel.", "Bob controls Hill Giant.", "Alice has {C}{G}{G} in her mana pool.",
        "Alice casts Taunting Challenge targeting Serra Angel, paying from her mana pool.",
        "Taunting Challenge resolves.", "Alice attacks with Serra Angel.", "Combat damage is dealt."),
         ("Bob has 16 life.",), ("holds",)),
    # 509.1c: "must be blocked this turn if able" (Deadly Allure)
    case("the-target-is-blocked", ALLURE + ("Bob blocks Grizzly Bears with Hill Giant.", "Combat damage is dealt."),
         ("Hill Giant is in Bob's graveyard.", "Grizzly Bears is in Alice's graveyard.", "Savannah Lions is untapped."),
         ("holds", "holds", "holds")),
    case("the-target-is-not-blocked", ALLURE + ("Combat damage is dealt.",), ("Bob has 18 life.",), ("undetermined",)),
    # 510.1b, 510.1c: "You may have creatures you control assign their combat damage this turn as though they
    # weren't blocked" (Predatory Focus): the choice is made as damage is assigned (an outcome each) or the sentence says
    case("the-blocked-creature-may-assign-to-the-player", FOCUS + ("Combat damage is dealt.",),
         ("Grizzly Bears is in Alice's graveyard.", "Bob has 18 life.", "Hill Giant has 2 damage marked."),
         ("holds", "fails", "fails")),   # each true in some outcomes, not all
    case("the-blocked-creature-assigns-to-the-player", FOCUS + (
        "Combat damage is dealt, with Grizzly Bears assigning 2 damage to Bob.",),
         ("Bob has 18 life.", "Hill Giant has no damage marked."), ("holds", "holds")),
    case("the-blocked-creature-assigns-to-its-blocker", FOCUS + (
        "Combat damage is dealt, with Grizzly Bears assigning 2 damage to Hill Giant.",),
         ("Bob has 20 life.", "Hill Giant has 2 damage marked."), ("holds", "holds")),
    case("without-the-spell-the-blocker-gets-the-damage", ALICE + (
        "Alice controls Grizzly Bears.", "Bob controls Hill Giant.", "Alice attacks with Grizzly Bears.",
        "Bob blocks Grizzly Bears with Hill Giant.", "Combat damage is dealt."), ("Bob has 20 life.",), ("holds",)),
    # 509.1c: "Target creature blocks this turn if able" (Culling Mark)
    case("the-target-blocks", MARK + ("Alice attacks with Grizzly Bears and Savannah Lions.",
                                      "Bob blocks Savannah Lions with Hill Giant.", "Combat damage is dealt."),
         ("Savannah Lions is in Alice's graveyard.", "Bob has 18 life."), ("holds", "holds")),
    case("the-target-does-not-block", MARK + ("Alice attacks with Grizzly Bears.", "Combat damage is dealt."),
         ("Bob has 18 life.",), ("undetermined",)),
    case("a-tapped-target-need-not-block", ALICE + (
        "Alice controls Grizzly Bears.", "Bob controls Hill Giant, tapped.", "Alice has {C}{C}{G} in her mana pool.",
        "Alice casts Culling Mark targeting Hill Giant, paying from her mana pool.", "Culling Mark resolves.",
        "Alice attacks with Grizzly Bears.", "Combat damage is dealt."), ("Bob has 18 life.",), ("holds",)),
]
CASES = [Case(c.id, c.body, c.verdicts, c.error, (c.at[0], 1)) if c.at else c for c in CASES]


test_combat_requirement, test_case_ids_differ = case_tests(CASES)


def test_every_case_checks_something():
    assert all((c.verdicts is None) != (c.error is None) for c in CASES)


def test_requirements_are_applied(tmp_path):
    assert parse_applied(tmp_path, "Odd Taunt {R}\nInstant\nTarget creature attacks this turn if able.\n") == [True]
    assert parse_applied(tmp_path, "Odd Lure {G}\nSorcery\nTarget creature must be blocked this turn if able.\n") == [True]
    assert parse_applied(tmp_path, "Odd Call {G}\nSorcery\nAll creatures able to block target creature this turn "
                         "do so.\n") == [True]
    assert parse_applied(tmp_path, "Odd Mark {G}\nSorcery\nTarget creature blocks this turn if able.\n") == [True]
    assert parse_applied(tmp_path, "Odd Focus {G}\nSorcery\nYou may have creatures you control assign their combat "
                         "damage this turn as though they weren't blocked.\n") == [True]
    assert parse_applied(tmp_path, "Odd Wolf {G}\nCreature — Wolf\nYou may have Odd Wolf assign its combat damage "
                         "as though it weren't blocked.\n1/1\n") == [True]
    # a creature that must assign its damage as though it weren't blocked (no option) is not read
    assert parse_applied(tmp_path, "Odd Move {X}{U}\nInstant\nX target blocked creatures assign their combat damage "
                         "this turn as though they weren't blocked.\n") == [False]
    # another duration than "this turn" is not read
    assert parse_applied(tmp_path, "Odd Dare {R}\nSorcery\nTarget creature attacks each combat if able.\n") == [False]
