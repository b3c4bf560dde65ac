"""Values chosen as a spell or ability resolves (CR 608.2d; mtgkb/rules/meaning_choices.lp, chosen_values.lp): a
color ("gains protection from the color of your choice": Blessed Breath, Midvast Protector; 105.1, 702.16a) and a
creature type ("Choose a creature type." then "of the chosen type", "of that type", "that aren't of the chosen
type": Kindred Dominance, Crippling Fear, Luminescent Rain; 205.3m), and "Choose a color." then "the chosen color"
(Akroma's Blessing, Sudden Demise).  Without the scenario naming it, each value
that could change the board is an outcome (five colors; each creature type an object has, and one for every other
type); "..., choosing white" / "..., choosing the creature type Elf" names it."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import Case, case_tests

BREATH = ("It is Alice's turn.", "Alice controls Grizzly Bears.", "Alice has {W} in her mana pool.",
          "Alice casts Blessed Breath targeting Grizzly Bears, paying from her mana pool.")
DOMINANCE = ("It is Alice's turn.", "Alice controls Grizzly Bears.", "Bob controls Hill Giant and Changeling Outcast.",
             "Alice has {C}{C}{C}{C}{C}{B}{B} in her mana pool.", "Alice casts Kindred Dominance, paying from her mana pool.")
FEAR = ("It is Alice's turn.", "Alice controls Grizzly Bears and Llanowar Elves.", "Bob controls Hill Giant.",
        "Alice has {B}{B}{B}{B} in her mana pool.", "Alice casts Crippling Fear, paying from her mana pool.")
CASES = [
    # 608.2d, 105.1: an outcome per color, each a protection the creature gains (702.16a, 613.1f)
    case("a-color-of-your-choice-is-an-outcome-per-color", BREATH + ("Blessed Breath resolves.",),
         ("May Grizzly Bears has protection from red.", "May Grizzly Bears has protection from green.",
          "Grizzly Bears has protection from red.", "Grizzly Bears is 2/2.", "Blessed Breath is in Alice's graveyard."),
         ("holds", "holds", "fails", "holds", "holds")),
    case("the-resolve-sentence-names-the-color", BREATH + ("Blessed Breath resolves, choosing red.",),
         ("Grizzly Bears has protection from red.", "Grizzly Bears does not have protection from white."),
         ("holds", "holds")),
    case("the-cast-sentence-may-name-it", BREATH[:3] + (
        "Alice casts Blessed Breath targeting Grizzly Bears, paying from her mana pool, choosing blue.",
        "Blessed Breath resolves."), ("Grizzly Bears has protection from blue.",), ("holds",)),
    case("the-protection-ends-with-the-turn", BREATH + ("Blessed Breath resolves, choosing red.",
                                                        "The game proceeds to Bob's turn."),
         ("Grizzly Bears does not have protection from red.",), ("holds",)),
    # 702.16e: the protection's effect on damage is not applied: damage to it is undetermined, never settled
    case("damage-to-a-creature-with-gained-protection-is-undetermined", BREATH + (
        "Blessed Breath resolves, choosing red.", "Bob has {R} in his mana pool.",
        "Bob casts Lightning Bolt targeting Grizzly Bears, paying from his mana pool.", "Lightning Bolt resolves."),
         ("Grizzly Bears is on the battlefield.",), ("undetermined",)),
    # 702.16c-d, 704.5m: an Aura of the chosen color would fall off; that is not applied, so nothing is settled
    case("an-aura-on-a-creature-with-gained-protection-unsettles-the-board", (
        "It is Alice's turn.", "Alice controls Grizzly Bears.", "Bob controls Pacifism attached to Grizzly Bears.",
        "Alice has {W} in her mana pool.",
        "Alice casts Blessed Breath targeting Grizzly Bears, paying from her mana pool.",
        "Blessed Breath resolves, choosing white."),
         ("Pacifism is on the battlefield.", "Grizzly Bears is 2/2."), ("undetermined", "undetermined")),
    case("a-triggered-ability-chooses-too", ("It is Alice's turn.", "Alice controls Grizzly Bears.",
                                            "Midvast Protector enters under Alice's control.",
                                            "Midvast Protector's triggered ability resolves, choosing black."),
         ("May Grizzly Bears has protection from black.", "Midvast Protector is 2/3."), ("holds", "holds")),
    # 205.3m: each creature type some object has, and every other type as one outcome
    case("a-creature-type-is-an-outcome-per-type-present", DOMINANCE + ("Kindred Dominance resolves.",),
         ("May Grizzly Bears is on the battlefield.", "May Hill Giant is on the battlefield.",
          "May Grizzly Bears is in Alice's graveyard.", "Grizzly Bears is on the battlefield.",
          "Changeling Outcast is on the battlefield."),
         ("holds", "holds", "holds", "fails", "holds")),
    case("the-chosen-type-survives", DOMINANCE + ("Kindred Dominance resolves, choosing the creature type Bear.",),
         ("Grizzly Bears is on the battlefield.", "Hill Giant is in Bob's graveyard.",
          "Changeling Outcast is on the battlefield."), ("holds", "holds", "holds")),
    case("a-type-no-creature-has-destroys-them-all", DOMINANCE + (
        "Kindred Dominance resolves, choosing the creature type Elf.",),
         ("Grizzly Bears is in Alice's graveyard.", "Hill Giant is in Bob's graveyard.",
          "Changeling Outcast is on the battlefield."), ("holds", "holds", "holds")),
    case("creatures-not-of-the-chosen-type-get-minus-3", FEAR + (
        "Crippling Fear resolves, choosing the creature type Giant.",),
         ("Grizzly Bears is in Alice's graveyard.", "Llanowar Elves is in Alice's graveyard.", "Hill Giant is 3/3."),
         ("holds", "holds", "holds")),
    case("a-count-of-the-chosen-type", ("It is Alice's turn.", "Alice controls Grizzly Bears and Llanowar Elves.",
                                        "Alice has {G}{G}{G} in her mana pool.",
                                        "Alice casts Luminescent Rain, paying from her mana pool.",
                                        "Luminescent Rain resolves, choosing the creature type Elf."),
         ("Alice has 22 life.",), ("holds",)),
    # "Choose a color." then "the chosen color", "of the chosen color" (105.1)
    case("choose-a-color-then-protection-from-the-chosen-color", (
        "It is Alice's turn.", "Alice controls Grizzly Bears and Llanowar Elves.", "Alice has {W}{W}{W} in her mana pool.",
        "Alice casts Akroma's Blessing, paying from her mana pool.", "Akroma's Blessing resolves, choosing black."),
         ("Grizzly Bears has protection from black.", "Llanowar Elves has protection from black.",
          "Llanowar Elves does not have protection from red."), ("holds", "holds", "holds")),
    case("damage-to-each-creature-of-the-chosen-color", (
        "It is Alice's turn.", "Alice controls Grizzly Bears.", "Bob controls Hill Giant.",
        "Alice has {R}{R}{R}{R} in her mana pool.", "Alice casts Sudden Demise with X = 3, paying from her mana pool.",
        "Sudden Demise resolves."),
         ("May Hill Giant is in Bob's graveyard.", "May Hill Giant is on the battlefield.",
          "May Grizzly Bears is in Alice's graveyard."), ("holds", "holds", "holds")),
    # bad input: a value nothing asks for, a word that is not a creature type
    case("a-color-nothing-asks-for", ("It is Alice's turn.", "Alice has {R} in her mana pool.",
                                      "Alice casts Lightning Bolt targeting Bob, paying from her mana pool.",
                                      "Lightning Bolt resolves, choosing red."),
         ("Bob has 17 life.",), error=("608.2d",), at="Lightning Bolt resolves, choosing red."),
    case("a-type-that-is-not-a-creature-type", FEAR + ("Crippling Fear resolves, choosing the creature type Forest.",),
         ("Hill Giant is 0/0.",), error=("205.3m",), at="Crippling Fear resolves, choosing the creature type Forest."),
]
CASES = [Case(c.id, c.body, c.verdicts, c.error, (c.at[0], 1)) if c.at else c for c in CASES]


test_chosen_values, test_case_ids_differ = case_tests(CASES)


def test_every_case_checks_something():
    assert all((c.verdicts is None) != (c.error is None) for c in CASES)


def test_choices_are_applied(tmp_path):
    assert parse_applied(tmp_path, "Blessed Breath {W}\nInstant — Arcane\nTarget creature you control gains "
                         "protection from the color of your choice until end of turn.\n") == [True]
    assert parse_applied(tmp_path, "Kindred Dominance {5}{B}{B}\nSorcery\nChoose a creature type. Destroy all "
                         "creatures that aren't of the chosen type.\n") == [True]
    # "of that type" on a face with no "Choose a creature type." is not read
    assert parse_applied(tmp_path, "Odd Rain {2}{G}\nInstant\nYou gain 2 life for each permanent you control of "
                         "that type.\n") == [False]
    assert parse_applied(tmp_path, "Sudden Demise {X}{R}\nSorcery\nChoose a color. Sudden Demise deals X damage to "
                         "each creature of the chosen color.\n") == [True]
    # what a permanent remembers of "As ~ enters, choose a creature type" (607.2) is not read
    assert parse_applied(tmp_path, "Species Specialist {1}{G}\nCreature — Human\nAs Species Specialist enters the "
                         "battlefield, choose a creature type.\nWhenever a creature of the chosen type dies, you may "
                         "draw a card.\n2/1\n") == [False, False]
    # a choice that is not the ability's first sentence is not read
    assert parse_applied(tmp_path, "Odd Melody {3}{U}\nSorcery\nDraw a card. Choose a creature type. Draw a card for "
                         "each permanent you control of that type.\n") == [False]
