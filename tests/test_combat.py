"""Combat (CR 506-511, the combat keywords of 702), table-driven: each case is a scenario with
the verdicts of its claims, or the error it must be (naming the rule, at the line and column of
the sentence)."""

from __future__ import annotations

import pytest

from test_turn_structure import Case, assert_case
from test_turn_structure import run as run_with_cards

CARDS = """
card:
  Eager Cub {1}{G}
  Creature — Bear
  Whenever Eager Cub attacks, you gain 1 life.
  2/2

card:
  Guard Dog {1}{W}
  Creature — Dog
  Whenever Guard Dog blocks, you gain 1 life.
  1/3

card:
  Spiky Brute {2}{R}
  Creature — Ogre
  Menace
  3/3

card:
  Dawn Knight {1}{W}
  Creature — Human Knight
  First strike
  2/2

card:
  Twin Blade {1}{R}
  Creature — Human Warrior
  Double strike
  2/2

card:
  Timid Ox {1}{G}
  Creature — Ox
  Timid Ox can't block.
  2/2

card:
  Shadow Cat {1}{B}
  Creature — Cat
  Shadow
  1/1

card:
  Band Cat {1}{W}
  Creature — Cat
  Banding
  1/1

card:
  Fear Cat {1}{B}
  Creature — Cat
  Fear
  1/1

card:
  Bold Cat {1}{R}
  Creature — Cat
  Intimidate
  1/1

card:
  Sly Cat {1}{U}
  Creature — Cat
  Skulk
  1/1

card:
  Horse Cat {1}{W}
  Creature — Cat
  Horsemanship
  1/1

card:
  Blocked Bard {1}{R}
  Creature — Human Bard
  Whenever Blocked Bard becomes blocked, you gain 2 life.
  2/2

card:
  Thief Rat {B}
  Creature — Rat
  Whenever Thief Rat deals combat damage to a player, you gain 3 life.
  1/1

card:
  Doomed Golem {3}
  Artifact Creature — Golem
  When Doomed Golem attacks, sacrifice it at end of combat.
  4/4
"""


def run(session, tmp_path, body: str):
    return run_with_cards(session, tmp_path, body, cards=CARDS)


def given(*lines: str) -> str:
    return "\n".join(f"    {x}" for x in lines)


def case(id_: str, lines, claims, verdicts=None, error=None, at=None) -> Case:
    body = f'ruling "{id_}"\n  given:\n{given(*lines)}\n  expect:\n{given(*claims)}\n'
    return Case(id_, body, verdicts, error, (at, 1) if at else None)


BOARD = ("It is Alice's turn.",)
CASES = [
    case("attacking-taps-and-triggers", BOARD + (
        "Alice controls Eager Cub.", "Alice controls Serra Angel.", "Bob controls Hill Giant.",
        "Alice attacks with Eager Cub and Serra Angel.", "Eager Cub's triggered ability resolves."),
        ("Eager Cub is attacking.", "Eager Cub is tapped.", "Serra Angel is untapped.", "Alice has 21 life.",
         "Hill Giant is attacking."),
        ("holds", "holds", "holds", "holds", "fails")),
    case("unblocked-attackers-deal-damage-to-the-player-with-lifelink", BOARD + (
        "Alice controls Grizzly Bears.", "Alice controls Vampire Nighthawk.", "Bob controls Hill Giant.",
        "Alice attacks with Grizzly Bears and Vampire Nighthawk.", "Combat damage is dealt."),
        ("Bob has 16 life.", "Alice has 22 life.", "Grizzly Bears is unblocked."), ("holds", "holds", "holds")),
    case("blocked-creatures-deal-damage-to-each-other", BOARD + (
        "Alice controls Grizzly Bears.", "Bob controls Hill Giant.", "Alice attacks with Grizzly Bears.",
        "Bob blocks Grizzly Bears with Hill Giant.", "Combat damage is dealt."),
        ("Bob has 20 life.", "Grizzly Bears is in Alice's graveyard.", "Hill Giant has 2 damage marked.",
         "Hill Giant is blocking."),
        ("holds", "holds", "holds", "holds")),
    case("first-strike-kills-the-blocker-before-it-deals-damage", BOARD + (
        "Alice controls Dawn Knight.", "Bob controls Grizzly Bears.", "Alice attacks with Dawn Knight.",
        "Bob blocks Dawn Knight with Grizzly Bears.", "Combat damage is dealt."),
        ("Grizzly Bears is in Bob's graveyard.", "Dawn Knight has no damage marked."), ("holds", "holds")),
    case("the-first-combat-damage-step-alone", BOARD + (
        "Alice controls Dawn Knight.", "Alice controls Grizzly Bears.", "Bob controls Hill Giant.",
        "Alice attacks with Dawn Knight and Grizzly Bears.", "First-strike combat damage is dealt."),
        ("Bob has 18 life.",), ("holds",)),
    case("double-strike-deals-damage-in-both-steps", BOARD + (
        "Alice controls Twin Blade.", "Bob controls Hill Giant.", "Alice attacks with Twin Blade.",
        "Combat damage is dealt."),
        ("Bob has 16 life.",), ("holds",)),
    case("trample-assignment-is-an-outcome-each", BOARD + (
        "Alice controls Colossal Dreadmaw.", "Bob controls Grizzly Bears.", "Alice attacks with Colossal Dreadmaw.",
        "Bob blocks Colossal Dreadmaw with Grizzly Bears.", "Combat damage is dealt."),
        ("Grizzly Bears is in Bob's graveyard.",), ("holds",)),
    case("trample-assignment-said", BOARD + (
        "Alice controls Colossal Dreadmaw.", "Bob controls Grizzly Bears.", "Alice attacks with Colossal Dreadmaw.",
        "Bob blocks Colossal Dreadmaw with Grizzly Bears.",
        "Combat damage is dealt, with Colossal Dreadmaw assigning 4 damage to Bob."),
        ("Bob has 16 life.",), ("holds",)),
    case("trample-must-assign-lethal-damage-first", BOARD + (
        "Alice controls Colossal Dreadmaw.", "Bob controls Grizzly Bears.", "Alice attacks with Colossal Dreadmaw.",
        "Bob blocks Colossal Dreadmaw with Grizzly Bears.",
        "Combat damage is dealt, with Colossal Dreadmaw assigning 5 damage to Bob."),
        ("Bob has 15 life.",), error=("702.19b",), at="Combat damage is dealt, with Colossal Dreadmaw assigning 5 damage to Bob."),
    case("two-blockers-divide-the-damage", BOARD + (
        "Alice controls Hill Giant.", "Bob controls Grizzly Bears.", "Bob controls Llanowar Elves.",
        "Alice attacks with Hill Giant.", "Bob blocks Hill Giant with Grizzly Bears and Llanowar Elves.",
        "Combat damage is dealt."),
        ("May Grizzly Bears is in Bob's graveyard.", "May Llanowar Elves is in Bob's graveyard.",
         "Grizzly Bears is in Bob's graveyard.", "Hill Giant is in Alice's graveyard."),
        ("holds", "holds", "fails", "holds")),
    case("a-tapped-creature-cannot-attack", BOARD + (
        "Alice controls Grizzly Bears, tapped.", "Bob controls Hill Giant.", "Alice attacks with Grizzly Bears."),
        ("Grizzly Bears is attacking.",), error=("508.1a", "tapped"), at="Alice attacks with Grizzly Bears."),
    case("a-creature-without-haste-that-just-came-cannot-attack", BOARD + (
        "Alice controls Grizzly Bears, which came under her control this turn.",
        "Alice controls Raging Goblin, which came under her control this turn.", "Bob controls Hill Giant.",
        "Alice attacks with Grizzly Bears."),
        ("Grizzly Bears is attacking.",), error=("508.1a", "haste"), at="Alice attacks with Grizzly Bears."),
    case("haste-attacks-at-once", BOARD + (
        "Alice controls Raging Goblin, which came under her control this turn.", "Bob controls Hill Giant.",
        "Alice attacks with Raging Goblin.", "Combat damage is dealt."),
        ("Bob has 19 life.",), ("holds",)),
    case("defender-cannot-attack", BOARD + (
        "Alice controls Wall of Stone.", "Bob controls Hill Giant.", "Alice attacks with Wall of Stone."),
        ("Wall of Stone is attacking.",), error=("508.1c", "defender"), at="Alice attacks with Wall of Stone."),
    case("flying-is-blocked-only-by-flying-or-reach", BOARD + (
        "Alice controls Serra Angel.", "Bob controls Hill Giant.", "Alice attacks with Serra Angel.",
        "Bob blocks Serra Angel with Hill Giant."),
        ("Serra Angel is blocked.",), error=("509.1b", "flying"), at="Bob blocks Serra Angel with Hill Giant."),
    case("reach-blocks-a-flyer", BOARD + (
        "Alice controls Serra Angel.", "Bob controls Giant Spider.", "Alice attacks with Serra Angel.",
        "Bob blocks Serra Angel with Giant Spider.", "Combat damage is dealt."),
        ("Serra Angel is blocked.", "Giant Spider is in Bob's graveyard.", "Serra Angel has 2 damage marked."),
        ("holds", "holds", "holds")),
    case("menace-needs-two-blockers", BOARD + (
        "Alice controls Spiky Brute.", "Bob controls Grizzly Bears.", "Alice attacks with Spiky Brute.",
        "Bob blocks Spiky Brute with Grizzly Bears.", "Combat damage is dealt."),
        ("Bob has 20 life.",), error=("509.1b", "menace"), at="Bob blocks Spiky Brute with Grizzly Bears."),
    case("menace-blocked-by-two", BOARD + (
        "Alice controls Spiky Brute.", "Bob controls Grizzly Bears.", "Bob controls Llanowar Elves.",
        "Alice attacks with Spiky Brute.", "Bob blocks Spiky Brute with Grizzly Bears and Llanowar Elves."),
        ("Spiky Brute is blocked.", "Llanowar Elves is blocking."), ("holds", "holds")),
    case("cant-block", BOARD + (
        "Alice controls Grizzly Bears.", "Bob controls Timid Ox.", "Alice attacks with Grizzly Bears.",
        "Bob blocks Grizzly Bears with Timid Ox."),
        ("Grizzly Bears is blocked.",), error=("509.1b", "cannot block"), at="Bob blocks Grizzly Bears with Timid Ox."),
    case("deathtouch-blocker-destroys-the-attacker", BOARD + (
        "Alice controls Hill Giant.", "Bob controls Typhoid Rats.", "Alice attacks with Hill Giant.",
        "Bob blocks Hill Giant with Typhoid Rats.", "Combat damage is dealt."),
        ("Hill Giant is in Alice's graveyard.", "Typhoid Rats is in Bob's graveyard."), ("holds", "holds")),
    case("blocks-and-becomes-blocked-triggers", BOARD + (
        "Alice controls Blocked Bard.", "Bob controls Guard Dog.", "Alice attacks with Blocked Bard.",
        "Bob blocks Blocked Bard with Guard Dog.", "Guard Dog's triggered ability resolves.",
        "Blocked Bard's triggered ability resolves."),
        ("Alice has 22 life.", "Bob has 21 life."), ("holds", "holds")),
    case("combat-damage-to-a-player-triggers", BOARD + (
        "Alice controls Thief Rat.", "Bob controls Hill Giant.", "Alice attacks with Thief Rat.",
        "Combat damage is dealt.", "Thief Rat's triggered ability resolves."),
        ("Alice has 23 life.", "Bob has 19 life."), ("holds", "holds")),
    case("combat-ends-and-the-damage-is-dealt-on-the-way", BOARD + (
        "Alice controls Grizzly Bears.", "Bob controls Hill Giant.", "Alice attacks with Grizzly Bears.",
        "Alice's end step begins."),
        ("Bob has 18 life.", "Grizzly Bears is not attacking.", "It is Alice's end step."), ("holds", "holds", "holds")),
    case("sacrifice-it-at-end-of-combat", BOARD + (
        "Alice controls Doomed Golem.", "Bob controls Hill Giant.", "Alice attacks with Doomed Golem.",
        "Doomed Golem's triggered ability resolves.", "Combat damage is dealt.", "Alice's end of combat step begins.",
        "Doomed Golem's delayed triggered ability resolves."),
        ("Doomed Golem is in Alice's graveyard.", "Bob has 16 life."), ("holds", "holds")),
    case("the-second-combat-damage-step-happens-on-the-way", BOARD + (
        "Alice controls Dawn Knight.", "Alice controls Grizzly Bears.", "Bob controls Hill Giant.",
        "Alice attacks with Dawn Knight and Grizzly Bears.", "First-strike combat damage is dealt.",
        "Alice's end step begins."),
        ("Bob has 16 life.",), ("holds",)),
    case("only-the-defending-player-blocks", BOARD + (
        "Alice controls Grizzly Bears.", "Alice controls Llanowar Elves.", "Bob controls Hill Giant.",
        "Alice attacks with Grizzly Bears.", "Alice blocks Grizzly Bears with Llanowar Elves."),
        ("Grizzly Bears is blocked.",), error=("509.1a",), at="Alice blocks Grizzly Bears with Llanowar Elves."),
    case("an-unread-combat-keyword-is-undetermined", BOARD + (
        "Alice controls Band Cat.", "Bob controls Hill Giant.", "Alice attacks with Band Cat.",
        "Combat damage is dealt."),
        ("Bob has 19 life.",), ("undetermined",)),
    case("shadow-attacker-unblocked-deals-damage", BOARD + (
        "Alice controls Shadow Cat.", "Bob controls Hill Giant.", "Alice attacks with Shadow Cat.",
        "Combat damage is dealt."),
        ("Bob has 19 life.",), ("holds",)),
    case("shadow-is-blocked-only-by-shadow", BOARD + (
        "Alice controls Shadow Cat.", "Bob controls Hill Giant.", "Alice attacks with Shadow Cat.",
        "Bob blocks Shadow Cat with Hill Giant."),
        ("Shadow Cat is blocked.",), error=("509.1b", "shadow"), at="Bob blocks Shadow Cat with Hill Giant."),
    case("shadow-blocks-only-shadow", BOARD + (
        "Alice controls Grizzly Bears.", "Bob controls Shadow Cat.", "Alice attacks with Grizzly Bears.",
        "Bob blocks Grizzly Bears with Shadow Cat."),
        ("Grizzly Bears is blocked.",), error=("509.1b", "shadow"), at="Bob blocks Grizzly Bears with Shadow Cat."),
    case("shadow-blocks-shadow", BOARD + (
        "Alice controls Shadow Cat.", "Bob controls Soltari Foot Soldier.", "Alice attacks with Shadow Cat.",
        "Bob blocks Shadow Cat with Soltari Foot Soldier.", "Combat damage is dealt."),
        ("Shadow Cat is in Alice's graveyard.", "Bob has 20 life."), ("holds", "holds")),
    case("fear-is-blocked-only-by-artifact-or-black", BOARD + (
        "Alice controls Fear Cat.", "Bob controls Hill Giant.", "Alice attacks with Fear Cat.",
        "Bob blocks Fear Cat with Hill Giant."),
        ("Fear Cat is blocked.",), error=("509.1b", "fear"), at="Bob blocks Fear Cat with Hill Giant."),
    case("fear-blocked-by-an-artifact-creature", BOARD + (
        "Alice controls Fear Cat.", "Bob controls Ornithopter.", "Alice attacks with Fear Cat.",
        "Bob blocks Fear Cat with Ornithopter."),
        ("Fear Cat is blocked.",), ("holds",)),
    case("intimidate-is-blocked-by-a-shared-color", BOARD + (
        "Alice controls Bold Cat.", "Bob controls Hill Giant.", "Alice attacks with Bold Cat.",
        "Bob blocks Bold Cat with Hill Giant."),
        ("Bold Cat is blocked.",), ("holds",)),
    case("intimidate-is-not-blocked-without-a-shared-color", BOARD + (
        "Alice controls Bold Cat.", "Bob controls Grizzly Bears.", "Alice attacks with Bold Cat.",
        "Bob blocks Bold Cat with Grizzly Bears."),
        ("Bold Cat is blocked.",), error=("509.1b", "intimidate"), at="Bob blocks Bold Cat with Grizzly Bears."),
    case("skulk-is-not-blocked-by-greater-power", BOARD + (
        "Alice controls Sly Cat.", "Bob controls Grizzly Bears.", "Alice attacks with Sly Cat.",
        "Bob blocks Sly Cat with Grizzly Bears."),
        ("Sly Cat is blocked.",), error=("509.1b", "skulk"), at="Bob blocks Sly Cat with Grizzly Bears."),
    case("skulk-is-blocked-by-equal-power", BOARD + (
        "Alice controls Sly Cat.", "Bob controls Llanowar Elves.", "Alice attacks with Sly Cat.",
        "Bob blocks Sly Cat with Llanowar Elves."),
        ("Sly Cat is blocked.",), ("holds",)),
    case("landwalk-is-not-blocked-while-the-defending-player-controls-that-land", BOARD + (
        "Alice controls Bog Raiders.", "Bob controls Hill Giant and Swamp.", "Alice attacks with Bog Raiders.",
        "Bob blocks Bog Raiders with Hill Giant."),
        ("Bog Raiders is blocked.",), error=("509.1b", "landwalk"), at="Bob blocks Bog Raiders with Hill Giant."),
    case("landwalk-is-blocked-without-that-land", BOARD + (
        "Alice controls Bog Raiders.", "Bob controls Hill Giant and Forest.", "Alice attacks with Bog Raiders.",
        "Bob blocks Bog Raiders with Hill Giant."),
        ("Bog Raiders is blocked.",), ("holds",)),
    case("cant-be-blocked-by-power-2-or-less", BOARD + (
        "Alice controls Scuttling Doom Engine.", "Bob controls Grizzly Bears.",
        "Alice attacks with Scuttling Doom Engine.", "Bob blocks Scuttling Doom Engine with Grizzly Bears."),
        ("Scuttling Doom Engine is blocked.",), error=("509.1b", "blocked by that creature"),
        at="Bob blocks Scuttling Doom Engine with Grizzly Bears."),
    case("cant-be-blocked-by-power-2-or-less-is-blocked-by-power-3", BOARD + (
        "Alice controls Scuttling Doom Engine.", "Bob controls Hill Giant.",
        "Alice attacks with Scuttling Doom Engine.", "Bob blocks Scuttling Doom Engine with Hill Giant."),
        ("Scuttling Doom Engine is blocked.",), ("holds",)),
    case("horsemanship-is-blocked-only-by-horsemanship", BOARD + (
        "Alice controls Horse Cat.", "Bob controls Hill Giant.", "Alice attacks with Horse Cat.",
        "Bob blocks Horse Cat with Hill Giant."),
        ("Horse Cat is blocked.",), error=("509.1b", "horsemanship"), at="Bob blocks Horse Cat with Hill Giant."),
    case("protection-does-not-restrict-attacking", BOARD + (
        "Alice controls Goblin Piledriver.", "Bob controls Hill Giant.", "Alice attacks with Goblin Piledriver.",
        "Goblin Piledriver's triggered ability resolves."),
        ("Goblin Piledriver is attacking.", "Goblin Piledriver is 1/2."), ("holds", "holds")),
    case("protection-leaves-combat-damage-undetermined", BOARD + (
        "Alice controls Goblin Piledriver.", "Bob controls Hill Giant.", "Alice attacks with Goblin Piledriver.",
        "Goblin Piledriver's triggered ability resolves.", "Combat damage is dealt."),
        ("Bob has 19 life.",), ("undetermined",)),
    case("only-the-active-player-attacks", BOARD + (
        "Alice controls Grizzly Bears.", "Bob controls Hill Giant.", "Bob attacks with Hill Giant."),
        ("Hill Giant is attacking.",), error=("508.1",), at="Bob attacks with Hill Giant."),
    case("no-attackers-no-combat-damage-step", BOARD + (
        "Alice controls Grizzly Bears.", "Bob controls Hill Giant.", "Combat damage is dealt."),
        ("Bob has 20 life.",), error=("508.8",), at="Combat damage is dealt."),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_combat(case: Case, session, tmp_path):
    assert_case(case, *run(session, tmp_path, case.body))


def test_every_case_checks_something():
    assert len({c.id for c in CASES}) == len(CASES)
    assert all((c.verdicts is None) != (c.error is None) and (c.error is None) == (c.at is None) for c in CASES)


def test_trample_outcomes_are_every_legal_assignment(session, tmp_path):
    """CR 702.19b: 2 to the blocker (lethal) and 4 to the player, up to all 6 to the blocker: five outcomes."""
    from mtgkb.engine.outcomes import evaluate

    rr, f = run(session, tmp_path, CASES[6].body)
    sf = session.load(str(f))
    (b,) = sf.blocks
    tr = evaluate(b, session.finder(sf, b), session.reference, session.solver)
    assert sorted(st.life.get("Bob", 20) for st in tr.branches) == [16, 17, 18, 19, 20]
