"""Static abilities of permanents (CR 604.1, 611.3a, 613; 508.1c, 509.1b), table-driven: each case is a
scenario with the verdicts of its claims, or the error it must be (the rule it names, at the sentence).
Conditional statics (mtgkb/rules/conditional_statics.lp), more groups and amounts (static_groups.lp),
restrictions on attacking and blocking (combat_restrictions.lp).  Ad-hoc cards keep the cases apart from
the card database's wording; the cards of the database are those of the ruling checks."""

from __future__ import annotations

import pytest

from test_turn_structure import Case, assert_case
from test_turn_structure import run as run_with_cards

CARDS = """
card:
  Sunny Squire {1}{W}
  Creature — Human Soldier
  As long as it's your turn, Sunny Squire gets +1/+1.
  1/1

card:
  Lone Brute {1}{R}
  Creature — Ogre
  Lone Brute can't block unless you control three or more lands.
  3/3

card:
  Bird Chief {2}{W}
  Creature — Bird
  Other Bird creatures get +1/+1 for each feather counter on Bird Chief.
  2/2

card:
  Goblin Drummer {2}{R}
  Creature — Goblin
  Other Goblin creatures you control attack each combat if able.
  2/2

card:
  Lone Charger {3}{R}
  Creature — Beast
  Lone Charger can't be blocked by more than one creature.
  4/4

card:
  Stubborn Ox {1}{G}
  Creature — Ox
  This spell can't be countered.
  2/2

card:
  Wide Mind {2}{U}
  Enchantment
  Your maximum hand size is eleven.

card:
  Gloom Pair {1}{B}
  Creature — Zombie
  Gloom Pair gets +1/+1 as long as you control another Zombie.
  2/2
"""


def run(session, tmp_path, body: str):
    return run_with_cards(session, tmp_path, body, cards=CARDS)


def given(*lines: str) -> str:
    return "\n".join(f"    {ln}" for ln in lines)


def case(id_: str, lines, claims, verdicts=None, error=None, at=None) -> Case:
    body = f'ruling "{id_}"\n  given:\n{given(*lines)}\n  expect:\n{given(*claims)}\n'
    return Case(id_, body, verdicts, error, (at, 1) if at else None)


ALICE = ("It is Alice's turn.",)
CASES = [
    # 611.3a: the condition is checked at every moment, in every zone change of the objects it counts
    case("your-turn-bonus", ALICE + ("Alice controls Sunny Squire.",), ("Sunny Squire is 2/2.",), ("holds",)),
    case("not-your-turn-no-bonus", ("It is Bob's turn.", "Alice controls Sunny Squire.", "Bob controls Hill Giant."),
         ("Sunny Squire is 1/1.",), ("holds",)),
    case("the-turn-passes-the-bonus-ends", ALICE + ("Alice controls Sunny Squire.", "Bob controls Hill Giant.",
         "The game proceeds to Bob's turn."), ("Sunny Squire is 1/1.",), ("holds",)),
    case("another-zombie-counts-not-itself", ALICE + ("Alice controls Gloom Pair.",), ("Gloom Pair is 2/2.",),
         ("holds",)),
    case("a-second-zombie-pumps-both", ALICE + ("Alice controls Gloom Pair.", "Alice controls Gloom Pair #2."),
         ("Gloom Pair is 3/3.", "Gloom Pair #2 is 3/3."), ("holds", "holds")),
    case("the-other-zombie-dies", ALICE + ("Alice controls Gloom Pair.", "Alice controls Gloom Pair #2.",
         "Gloom Pair #2 dies."), ("Gloom Pair is 2/2.",), ("holds",)),
    # 508.1c, 509.1b with a condition ("unless")
    case("cannot-block-without-the-lands", ("It is Bob's turn.", "Alice controls Lone Brute.", "Bob controls Grizzly Bears.",
         "Bob attacks with Grizzly Bears.", "Alice blocks Grizzly Bears with Lone Brute."),
         ("Grizzly Bears is blocked.",), error=("509.1b", "cannot block"),
         at="Alice blocks Grizzly Bears with Lone Brute."),
    case("blocks-with-three-lands", ("It is Bob's turn.", "Alice controls Lone Brute.", "Alice controls three Mountains.",
         "Bob controls Grizzly Bears.", "Bob attacks with Grizzly Bears.", "Alice blocks Grizzly Bears with Lone Brute."),
         ("Grizzly Bears is blocked.",), ("holds",)),
    # 613.4c, 122.1: for each counter on the source
    case("feather-counters", ALICE + ("Alice controls Bird Chief with two feather counters.",
         "Alice controls Birds of Paradise.", "Bob controls Suntail Hawk."),
         ("Birds of Paradise is 2/3.", "Suntail Hawk is 3/3.", "Bird Chief is 2/2."), ("holds", "holds", "holds")),
    # 509.1b: "can't be blocked by <description>"
    case("saprolings-cannot-block-the-mob", ALICE + ("Alice controls Vindictive Mob.",
         'Bob controls a 1/1 green Saproling creature token called "Sap".', "Alice attacks with Vindictive Mob.",
         "Bob blocks Vindictive Mob with Sap."),
         ("Vindictive Mob is blocked.",), error=("509.1b", "cannot be blocked by that creature"),
         at="Bob blocks Vindictive Mob with Sap."),
    case("other-creatures-block-the-mob", ALICE + ("Alice controls Vindictive Mob.", "Bob controls Grizzly Bears.",
         "Alice attacks with Vindictive Mob.", "Bob blocks Vindictive Mob with Grizzly Bears."),
         ("Vindictive Mob is blocked.",), ("holds",)),
    case("white-creatures-cannot-block-plague-mare", ALICE + ("Alice controls Plague Mare.", "Bob controls Savannah Lions.",
         "Alice attacks with Plague Mare.", "Bob blocks Plague Mare with Savannah Lions."),
         ("Plague Mare is blocked.",), error=("509.1b", "cannot be blocked by that creature"),
         at="Bob blocks Plague Mare with Savannah Lions."),
    # 509.1b: "can block only creatures with flying"
    case("the-siren-blocks-only-fliers", ("It is Bob's turn.", "Alice controls Dreamcaller Siren.",
         "Bob controls Grizzly Bears.", "Bob attacks with Grizzly Bears.", "Alice blocks Grizzly Bears with Dreamcaller Siren."),
         ("Grizzly Bears is blocked.",), error=("509.1b", "can block only"),
         at="Alice blocks Grizzly Bears with Dreamcaller Siren."),
    case("the-siren-blocks-a-flier", ("It is Bob's turn.", "Alice controls Dreamcaller Siren.",
         "Bob controls Suntail Hawk.", "Bob attacks with Suntail Hawk.", "Alice blocks Suntail Hawk with Dreamcaller Siren.",
         "Combat damage is dealt."),
         ("Suntail Hawk is in Bob's graveyard.",), ("holds",)),
    # 508.1c: "can't attack alone"
    case("the-rallier-cannot-attack-alone", ALICE + ("Alice controls Militia Rallier.", "Bob controls Hill Giant.",
         "Alice attacks with Militia Rallier."),
         ("Militia Rallier is attacking.",), error=("508.1c", "cannot attack alone"), at="Alice attacks with Militia Rallier."),
    case("the-rallier-attacks-with-another", ALICE + ("Alice controls Militia Rallier.", "Alice controls Grizzly Bears.",
         "Bob controls Hill Giant.", "Alice attacks with Militia Rallier and Grizzly Bears."),
         ("Militia Rallier is attacking.",), ("holds",)),
    # 509.1b: "can't be blocked except by three or more creatures"
    case("two-blockers-are-not-enough", ALICE + ("Alice controls Underworld Cerberus.", "Bob controls Grizzly Bears.",
         "Bob controls Hill Giant.", "Alice attacks with Underworld Cerberus.",
         "Bob blocks Underworld Cerberus with Grizzly Bears and Hill Giant."),
         ("Underworld Cerberus is blocked.",), error=("509.1b", "too few creatures block it"),
         at="Bob blocks Underworld Cerberus with Grizzly Bears and Hill Giant."),
    # 508.1d: "attacks each combat if able"
    case("the-guide-must-attack", ALICE + ("Alice controls Alpine Guide.", "Alice controls Grizzly Bears.",
         "Bob controls Hill Giant.", "Alice attacks with Grizzly Bears."),
         ("Grizzly Bears is attacking.",), error=("508.1d", "attacks each combat if able"),
         at="Alice attacks with Grizzly Bears."),
    case("the-guide-attacks", ALICE + ("Alice controls Alpine Guide.", "Alice controls Grizzly Bears.",
         "Bob controls Hill Giant.", "Alice attacks with Alpine Guide."),
         ("Alpine Guide is attacking.", "Grizzly Bears is untapped."), ("holds", "holds")),
    case("a-tapped-guide-need-not-attack", ALICE + ("Alice controls Alpine Guide, tapped.", "Alice controls Grizzly Bears.",
         "Bob controls Hill Giant.", "Alice attacks with Grizzly Bears."),
         ("Grizzly Bears is attacking.",), ("holds",)),
    case("a-new-guide-need-not-attack", ALICE + ("Alice controls Alpine Guide, which came under her control this turn.",
         "Alice controls Grizzly Bears.", "Bob controls Hill Giant.", "Alice attacks with Grizzly Bears."),
         ("Grizzly Bears is attacking.",), ("holds",)),
    case("other-goblins-must-attack", ALICE + ("Alice controls Goblin Drummer.", "Alice controls Goblin Piker.",
         "Bob controls Hill Giant.", "Alice attacks with Goblin Drummer."),
         ("Goblin Drummer is attacking.",), error=("508.1d",), at="Alice attacks with Goblin Drummer."),
    case("the-drummer-itself-need-not-attack", ALICE + ("Alice controls Goblin Drummer.",
         "Alice controls Goblin Piker.", "Alice controls Grizzly Bears.", "Bob controls Hill Giant.",
         "Alice attacks with Goblin Piker."),
         ("Goblin Piker is attacking.", "Goblin Drummer is untapped.", "Grizzly Bears is untapped."),
         ("holds", "holds", "holds")),
    case("a-combat-without-the-guide-attacking-is-undetermined", ALICE + ("Alice controls Alpine Guide.",
         "Bob controls Hill Giant.", "Alice's end step begins."),
         ("Alpine Guide is untapped.",), ("undetermined",)),
    # 508.1c, 509.1b: an Aura's restriction on the enchanted creature
    case("pacifism-stops-an-attack", ALICE + ("Alice controls Grizzly Bears.", "Bob controls Pacifism attached to Grizzly Bears.",
         "Bob controls Hill Giant.", "Alice attacks with Grizzly Bears."),
         ("Grizzly Bears is attacking.",), error=("508.1c", "cannot attack"), at="Alice attacks with Grizzly Bears."),
    case("pacifism-stops-a-block", ("It is Bob's turn.", "Alice controls Grizzly Bears.",
         "Bob controls Pacifism attached to Grizzly Bears.", "Bob controls Hill Giant.", "Bob attacks with Hill Giant.",
         "Alice blocks Hill Giant with Grizzly Bears."),
         ("Hill Giant is blocked.",), error=("509.1b", "cannot block"), at="Alice blocks Hill Giant with Grizzly Bears."),
    case("pacifism-in-the-graveyard-stops-nothing", ALICE + ("Alice controls Grizzly Bears.", "Pacifism is in Bob's graveyard.",
         "Bob controls Hill Giant.", "Alice attacks with Grizzly Bears."),
         ("Grizzly Bears is attacking.",), ("holds",)),
    # 509.1b: "can't be blocked by more than one creature", "can't block creatures with power 2 or greater",
    # "can't be blocked except by creatures with defender", "can't attack or block alone"
    case("two-blockers-are-too-many", ALICE + ("Alice controls Lone Charger.", "Bob controls Grizzly Bears.",
         "Bob controls Hill Giant.", "Alice attacks with Lone Charger.", "Bob blocks Lone Charger with Grizzly Bears and Hill Giant."),
         ("Lone Charger is blocked.",), error=("509.1b", "too many creatures block it"),
         at="Bob blocks Lone Charger with Grizzly Bears and Hill Giant."),
    case("the-orcs-cannot-block-a-big-creature", ("It is Bob's turn.", "Alice controls Brassclaw Orcs.",
         "Bob controls Grizzly Bears.", "Bob attacks with Grizzly Bears.", "Alice blocks Grizzly Bears with Brassclaw Orcs."),
         ("Grizzly Bears is blocked.",), error=("509.1b", "cannot block that creature"),
         at="Alice blocks Grizzly Bears with Brassclaw Orcs."),
    case("the-orcs-block-a-small-creature", ("It is Bob's turn.", "Alice controls Brassclaw Orcs.",
         "Bob controls Llanowar Elves.", "Bob attacks with Llanowar Elves.", "Alice blocks Llanowar Elves with Brassclaw Orcs."),
         ("Llanowar Elves is blocked.",), ("holds",)),
    case("only-a-defender-blocks-the-bandit", ALICE + ("Alice controls Noggle Bandit.", "Bob controls Grizzly Bears.",
         "Alice attacks with Noggle Bandit.", "Bob blocks Noggle Bandit with Grizzly Bears."),
         ("Noggle Bandit is blocked.",), error=("509.1b", "cannot be blocked by that creature"),
         at="Bob blocks Noggle Bandit with Grizzly Bears."),
    case("a-wall-blocks-the-bandit", ALICE + ("Alice controls Noggle Bandit.", "Bob controls Wall of Stone.",
         "Alice attacks with Noggle Bandit.", "Bob blocks Noggle Bandit with Wall of Stone."),
         ("Noggle Bandit is blocked.",), ("holds",)),
    case("the-horncrest-cannot-block-alone", ("It is Bob's turn.", "Alice controls Bonded Horncrest.",
         "Bob controls Grizzly Bears.", "Bob attacks with Grizzly Bears.", "Alice blocks Grizzly Bears with Bonded Horncrest."),
         ("Grizzly Bears is blocked.",), error=("509.1b", "cannot block alone"),
         at="Alice blocks Grizzly Bears with Bonded Horncrest."),
    # 508.1c: "can't attack unless defending player controls an Island"
    case("the-galleon-cannot-attack-without-an-island", ALICE + ("Alice controls Armored Galleon.", "Bob controls Forest.",
         "Alice attacks with Armored Galleon."),
         ("Armored Galleon is attacking.",), error=("508.1c", "cannot attack"), at="Alice attacks with Armored Galleon."),
    case("the-galleon-attacks-an-island-player", ALICE + ("Alice controls Armored Galleon.", "Alice controls Island.",
         "Bob controls Island #2.", "Alice attacks with Armored Galleon."),
         ("Armored Galleon is attacking.",), ("holds",)),
    # 502.3: Auras and "may choose not to untap"
    case("claustrophobia-keeps-it-tapped", ("It is Bob's turn.", "Alice controls Grizzly Bears, tapped.",
         "Bob controls Claustrophobia attached to Grizzly Bears.", "Alice's untap step begins."),
         ("Grizzly Bears is tapped.",), ("holds",)),
    case("amber-prison-may-stay-tapped", ("It is Bob's turn.", "Alice controls Amber Prison, tapped.",
         "Alice's untap step begins."),
         ("May Amber Prison is tapped.", "May Amber Prison is untapped."), ("holds", "holds")),
    # 101.2, 701.6a: "This spell can't be countered" on a creature card
    case("the-ox-is-not-countered", ALICE + ("Alice controls two Forests.", "Bob controls two Islands.",
         "Alice casts Stubborn Ox.", "Bob casts Counterspell targeting Stubborn Ox.", "Counterspell resolves.",
         "Stubborn Ox resolves."),
         ("Stubborn Ox is on the battlefield.", "Counterspell is in Bob's graveyard."), ("holds", "holds")),
    # 613.4c, 105.2: color adjectives of a group
    case("evincar-pumps-other-black-and-shrinks-nonblack", ALICE + ("Alice controls Ascendant Evincar.",
         "Alice controls Drudge Skeletons.", "Bob controls Grizzly Bears.", "Bob controls Hill Giant."),
         ("Ascendant Evincar is 3/3.", "Drudge Skeletons is 2/2.", "Grizzly Bears is 1/1.", "Hill Giant is 2/2."),
         ("holds", "holds", "holds", "holds")),
    # 509.1c: requirements to block: obeyed, settled; not obeyed (whether the creature could block is not judged),
    # undetermined
    case("every-able-creature-blocks-the-chimera", ALICE + ("Alice controls Treeshaker Chimera.", "Bob controls Grizzly Bears.",
         "Bob controls Hill Giant.", "Alice attacks with Treeshaker Chimera.",
         "Bob blocks Treeshaker Chimera with Grizzly Bears and Hill Giant."),
         ("Treeshaker Chimera is blocked.",), ("holds",)),
    case("a-creature-that-does-not-block-the-chimera", ALICE + ("Alice controls Treeshaker Chimera.",
         "Bob controls Grizzly Bears.", "Bob controls Hill Giant.", "Alice attacks with Treeshaker Chimera.",
         "Bob blocks Treeshaker Chimera with Grizzly Bears."),
         ("Treeshaker Chimera is blocked.",), ("undetermined",)),
    case("no-block-of-the-stalker", ALICE + ("Alice controls Canopy Stalker.", "Bob controls Grizzly Bears.",
         "Alice attacks with Canopy Stalker.", "Combat damage is dealt."),
         ("Bob has 16 life.",), ("undetermined",)),
    case("a-tapped-creature-need-not-block-the-stalker", ALICE + ("Alice controls Canopy Stalker.",
         "Bob controls Grizzly Bears, tapped.", "Alice attacks with Canopy Stalker.", "Combat damage is dealt."),
         ("Bob has 16 life.",), ("holds",)),
    # 402.2, 514.1: a maximum hand size of eleven; two such abilities: which applies is not judged
    case("a-maximum-hand-size-of-eleven", ALICE + ("Alice controls Wide Mind.", "Alice has 12 unknown cards in hand.",
         "Alice's cleanup step begins."),
         ("Alice has 11 cards in hand.",), ("holds",)),
    case("two-maximum-hand-sizes", ALICE + ("Alice controls Wide Mind.", "Alice controls Reliquary Tower.",
         "Alice has 12 unknown cards in hand.", "Alice's cleanup step begins."),
         ("Alice has 12 cards in hand.",), ("undetermined",)),
    # 601.3: "Your opponents can't cast blue creature spells"
    case("llawan-forbids-a-blue-creature-spell", ("It is Bob's turn.", "Alice controls Llawan, Cephalid Empress.",
         "Bob controls Island.", "Bob casts Spectral Sailor."),
         ("Spectral Sailor is on the battlefield.",), error=("601.3", "forbids"), at="Bob casts Spectral Sailor."),
    # 614.1c: "Creatures your opponents control enter tapped" applies to a creature put onto the battlefield by a spell
    case("authority-taps-a-resolving-creature", ("It is Bob's turn.", "Alice controls Authority of the Consuls.",
         "Bob controls two Forests.", "Bob casts Grizzly Bears.", "Grizzly Bears resolves.",
         "Authority of the Consuls's triggered ability resolves."),
         ("Grizzly Bears is tapped.", "Alice has 21 life."), ("holds", "holds")),
    # 601.2f: "Spells your opponents cast that target ~ cost {2} more to cast"
    case("the-regent-taxes-a-spell-that-targets-it", ("It is Bob's turn.", "Alice controls Icefall Regent.",
         "Bob controls Mountain.", "Bob casts Shock targeting Icefall Regent."),
         ("Mountain is tapped.",), error=("601.2h",), at="Bob casts Shock targeting Icefall Regent."),
    case("the-regent-does-not-tax-other-targets", ("It is Bob's turn.", "Alice controls Icefall Regent.",
         "Alice controls Grizzly Bears.", "Bob controls Mountain.", "Bob casts Shock targeting Grizzly Bears."),
         ("Mountain is tapped.",), ("holds",)),
    case("the-regent-does-not-tax-its-controller", ALICE + ("Alice controls Icefall Regent.", "Alice controls Mountain.",
         "Alice casts Shock targeting Icefall Regent."),
         ("Mountain is tapped.",), ("holds",)),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_static_abilities(case: Case, session, tmp_path):
    assert_case(case, *run(session, tmp_path, case.body))


def test_every_case_checks_something():
    assert len({c.id for c in CASES}) == len(CASES)
    assert all((c.verdicts is None) != (c.error is None) and (c.error is None) == (c.at is None) for c in CASES)


HAND_CARD = """
card:
  Palm Reader {2}{U}
  Creature — Human Wizard
  Palm Reader's power and toughness are each equal to the number of cards in your hand.
  */*
"""


@pytest.mark.parametrize("lines, claim, verdict", [
    # CR 604.3, 402.1: known and unknown cards count
    (("Alice controls Palm Reader.", "Alice has Lightning Bolt and 2 unknown cards in hand."),
     "Palm Reader is 3/3.", "holds"),
    # CR 402.3: a hand no sentence gives may hold any number of cards: the count is not known
    (("Alice controls Palm Reader.", "Alice controls Forest."), "Palm Reader is 0/0.", "undetermined"),
    # CR 604.3: in the hand it counts itself
    (("Alice has Palm Reader and Shock in hand.",), "Palm Reader is 2/2.", "holds"),
])
def test_cards_in_hand_define_power_and_toughness(session, tmp_path, lines, claim, verdict):
    body = 'ruling "hand"\n  given:\n' + given(*ALICE, *lines) + '\n  expect:\n' + given(claim) + '\n'
    rr, _ = run_with_cards(session, tmp_path, body, cards=HAND_CARD)
    assert [c.verdict for c in rr.claims] == [verdict], rr.claims
