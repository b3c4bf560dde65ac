"""Zone and tap effects (rules.lp "701: zone and tap effects", meaning.lp's 701 block): exile,
return to hand, put into a library, tap/untap, counter, sacrifice, return from a graveyard,
"~" and "all", table-driven like tests/test_stepper.py.  Ad-hoc cards keep the cases
independent of the card database's wording where a card of the right shape is not at hand."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from clingo import Function, Number, String

from mtgkb.coverage import derive

CARDS = """
card:
  Mourning Bear {1}{B}
  Creature — Bear
  When Mourning Bear dies, create a 1/1 black Zombie creature token.
  2/2

card:
  Parting Bear {1}{W}
  Creature — Bear
  When Parting Bear leaves the battlefield, create a 1/1 white Spirit creature token.
  2/2

card:
  Fleeting Sprite {U}
  Creature — Faerie
  {T}: Return Fleeting Sprite to its owner's hand.
  1/1

card:
  Exiling Sprite {U}
  Creature — Faerie
  {T}: Exile Exiling Sprite.
  1/1

card:
  Frost Sweep {2}{U}
  Sorcery
  Tap all creatures your opponents control.

card:
  Tide Sweep {4}{U}
  Sorcery
  Return all nonland permanents to their owners' hands.

card:
  Wake Call {G}
  Instant
  Untap target creature.

card:
  Pale Edict {1}{B}
  Sorcery
  Each opponent sacrifices a creature.

card:
  Self Edict {B}
  Sorcery
  Sacrifice a creature.

card:
  Two Deeds {1}{U}
  Instant
  Tap target creature and untap target land.

card:
  Bleak Return {2}{B}
  Creature — Zombie
  When Bleak Return dies, return Bleak Return to its owner's hand.
  2/2

card:
  Tidal Herald {2}{U}
  Creature — Merfolk
  When Tidal Herald enters, return target creature an opponent controls to its owner's hand.
  2/2

card:
  Odd Growth {G}
  Instant
  This spell is strange in an unreadable way.
  Target creature gets +3/+3 until end of turn.

card:
  Odd Corpse {1}{B}
  Creature — Zombie
  Odd Corpse is strange in an unreadable way.
  2/2

card:
  Odd Mirror {1}{U}
  Creature — Human
  Whenever a creature leaves the battlefield, something strange and unreadable happens here.
  1/1
"""


def run(session, tmp_path, body: str, bad_input=None):
    from mtgkb.check import check_paths

    f = tmp_path / "case.mtg"
    f.write_text(CARDS + "\n" + body, encoding="utf-8")
    report, errors = check_paths([str(f)], session=session)
    if bad_input is not None:
        # bad input found as the block is evaluated: the ruling is an `error` result carrying it
        from mtgkb.parser.errors import ParseError

        assert errors == [], [str(e) for e in errors]
        (rr,) = report.results
        assert rr.status == "error" and rr.input_error is not None, rr
        text = str(ParseError(**rr.input_error))
        assert all(t in text for t in bad_input), text
        return None
    assert errors == [], [str(e) for e in errors]
    (rr,) = report.results
    return rr


@dataclass(frozen=True)
class Case:
    """One scenario; `verdicts` in the order of its claims, or `error`: texts the block's error
    contains, or `bad_input`: texts the input error (exit 2) that makes the ruling an error contains."""

    id: str
    body: str
    verdicts: tuple[str, ...] | None = None
    error: tuple[str, ...] | None = None
    bad_input: tuple[str, ...] | None = None
    messages: dict[int, str] = field(default_factory=dict)


CASES = [
    Case("bounce-target-and-reset-counters-and-effects", """
ruling "Unsummon: the creature is a new object in the hand; cast again it has no counters or pump"
  about: Unsummon
  given:
    Alice controls Grizzly Bears with two +1/+1 counters.
    Alice has {G} in her mana pool.
    Alice casts Giant Growth targeting Grizzly Bears.
    Giant Growth resolves.
    Alice has {U} in her mana pool.
    Alice casts Unsummon targeting Grizzly Bears.
    Unsummon resolves.
    Alice has {G}{G} in her mana pool.
    Alice casts Grizzly Bears.
    Grizzly Bears resolves.
  expect:
    Grizzly Bears is on the battlefield.
    Grizzly Bears is 2/2.
    Grizzly Bears has no +1/+1 counters.
    Unsummon is in Alice's graveyard.
""", verdicts=("holds", "holds", "holds", "holds")),

    Case("bounce-goes-to-the-owners-hand", """
ruling "to its owner's hand"
  about: Unsummon
  given:
    Bob controls Hill Giant.
    Alice has {U} in her mana pool.
    Alice casts Unsummon targeting Hill Giant.
    Unsummon resolves.
  expect:
    Hill Giant is in Bob's hand.
    Hill Giant is in Alice's hand.
    Hill Giant is not on the battlefield.
""", verdicts=("holds", "fails", "holds")),

    Case("exile-target-and-leaves-trigger", """
ruling "exiled: leaves triggers, dies does not"
  about: Unmake
  given:
    Alice controls Parting Bear.
    Alice controls Mourning Bear.
    Bob has {W}{W}{W} in his mana pool.
    Bob casts Unmake targeting Parting Bear.
    Unmake resolves.
  expect:
    Parting Bear is in Alice's exile.
    Parting Bear's triggered ability triggers.
    Mourning Bear is on the battlefield.
""", verdicts=("holds", "holds", "holds")),

    Case("exile-does-not-make-it-die", """
ruling "exile is not dying"
  about: Unmake
  given:
    Alice controls Mourning Bear.
    Bob has {W}{W}{W} in his mana pool.
    Bob casts Unmake targeting Mourning Bear.
    Unmake resolves.
  expect:
    Mourning Bear's triggered ability does not trigger.
    No permanent is put into a graveyard.
""", verdicts=("holds", "holds")),

    Case("library-top-and-bottom", """
ruling "into the library"
  about: Griptide
  given:
    Bob controls Hill Giant.
    Alice has {U}{U}{U}{U} in her mana pool.
    Alice casts Griptide targeting Hill Giant.
    Griptide resolves.
  expect:
    Hill Giant is in Bob's library.
    Griptide is in Alice's graveyard.
""", verdicts=("holds", "holds")),

    Case("counter-target-spell", """
ruling "countered: it does not resolve"
  about: Counterspell
  given:
    Alice controls Grizzly Bears.
    Alice has {G} in her mana pool.
    Alice casts Giant Growth targeting Grizzly Bears.
    Bob has {U}{U} in his mana pool.
    Bob casts Counterspell targeting Giant Growth.
    Counterspell resolves.
  expect:
    Giant Growth is in Alice's graveyard.
    Grizzly Bears is 2/2.
    Counterspell is in Bob's graveyard.
""", verdicts=("holds", "holds", "holds")),

    Case("counter-a-creature-spell-it-never-enters", """
ruling "a countered creature spell"
  about: Essence Scatter
  given:
    Alice controls Forest.
    Alice has {B}{B} in her mana pool.
    Alice casts Mourning Bear.
    Bob has {U}{U} in his mana pool.
    Bob casts Essence Scatter targeting Mourning Bear.
    Essence Scatter resolves.
  expect:
    Mourning Bear is in Alice's graveyard.
    Mourning Bear's triggered ability does not trigger.
""", verdicts=("holds", "holds")),

    Case("noncreature-counter-cannot-target-a-creature-spell", """
ruling "Negate cannot target a creature spell"
  about: Negate
  given:
    Alice has {B}{B} in her mana pool.
    Alice casts Mourning Bear.
    Bob has {U}{U} in his mana pool.
    Bob casts Negate targeting Mourning Bear.
  expect:
    Mourning Bear is on the battlefield.
""", error=("601.2c",)),

    Case("counter-with-nothing-else-on-the-stack-cannot-be-cast", """
ruling "a spell cannot target itself"
  about: Counterspell
  given:
    Bob has {U}{U} in his mana pool.
    Bob casts Counterspell.
  expect:
    Counterspell is in Bob's graveyard.
""", error=("115.5",)),

    Case("countered-target-makes-the-counter-do-nothing", """
ruling "the target is gone: the counterspell does nothing"
  about: Counterspell
  given:
    Alice controls Grizzly Bears.
    Alice has {G} in her mana pool.
    Alice casts Giant Growth targeting Grizzly Bears.
    Bob has {U}{U} in his mana pool.
    Bob casts Counterspell targeting Giant Growth.
    Giant Growth is countered.
    Counterspell resolves.
  expect:
    Grizzly Bears is 2/2.
    Counterspell is in Bob's graveyard.
""", verdicts=("holds", "holds")),

    Case("tap-and-untap-target", """
ruling "untap target creature"
  about: Wake Call
  given:
    Alice controls Grizzly Bears, tapped.
    Alice has {G} in her mana pool.
    Alice casts Wake Call targeting Grizzly Bears.
    Wake Call resolves.
  expect:
    Grizzly Bears is untapped.
""", verdicts=("holds",)),

    Case("tap-all-opponents-creatures", """
ruling "tap all creatures your opponents control"
  about: Frost Sweep
  given:
    Alice controls Grizzly Bears.
    Bob controls Hill Giant and Llanowar Elves.
    Alice has {U}{U}{U} in her mana pool.
    Alice casts Frost Sweep.
    Frost Sweep resolves.
  expect:
    Hill Giant is tapped.
    Llanowar Elves is tapped.
    Grizzly Bears is untapped.
""", verdicts=("holds", "holds", "holds")),

    Case("return-all-nonland-permanents", """
ruling "all nonland permanents to their owners' hands"
  about: Tide Sweep
  given:
    Alice controls Grizzly Bears and Forest.
    Bob controls Hill Giant.
    Alice has {U}{U}{U}{U}{U} in her mana pool.
    Alice casts Tide Sweep.
    Tide Sweep resolves.
  expect:
    Grizzly Bears is in Alice's hand.
    Hill Giant is in Bob's hand.
    Forest is on the battlefield.
""", verdicts=("holds", "holds", "holds")),

    Case("exile-all-creatures-dies-triggers-do-not-fire-tokens-cease", """
ruling "exile all creatures"
  about: Final Judgment
  given:
    Alice controls Mourning Bear.
    Alice controls a 1/1 green Elf Warrior creature token called "Elf Token".
    Alice has {W}{W}{W}{W}{W}{W} in her mana pool.
    Alice casts Final Judgment.
    Final Judgment resolves.
  expect:
    Mourning Bear is in Alice's exile.
    Mourning Bear's triggered ability does not trigger.
    No token is created.
""", verdicts=("holds", "holds", "holds")),

    Case("each-opponent-sacrifices-an-outcome-per-choice-and-dies", """
ruling "each opponent sacrifices a creature"
  about: Pale Edict
  given:
    Alice controls Grizzly Bears.
    Bob controls Mourning Bear and Hill Giant.
    Alice has {B}{B} in her mana pool.
    Alice casts Pale Edict.
    Pale Edict resolves.
  expect:
    Grizzly Bears is on the battlefield.
    May Hill Giant is in Bob's graveyard.
    May Mourning Bear is in Bob's graveyard.
    Hill Giant is in Bob's graveyard.
    May Mourning Bear's triggered ability triggers.
    No permanent is put into a graveyard.
""", verdicts=("holds", "holds", "holds", "fails", "holds", "fails")),

    Case("sacrifice-the-named-choice", """
ruling "resolves, choosing the sacrificed creature"
  about: Pale Edict
  given:
    Bob controls Mourning Bear and Hill Giant.
    It is Alice's turn.
    Alice has {B}{B} in her mana pool.
    Alice casts Pale Edict.
    Pale Edict resolves, choosing Mourning Bear.
  expect:
    Mourning Bear is in Bob's graveyard.
    Hill Giant is on the battlefield.
    Mourning Bear's triggered ability triggers.
""", verdicts=("holds", "holds", "holds")),

    Case("sacrifice-choice-must-be-a-candidate", """
ruling "a choice the sacrifice cannot make"
  about: Pale Edict
  given:
    Alice controls Grizzly Bears.
    Bob controls Hill Giant.
    Alice has {B}{B} in her mana pool.
    Alice casts Pale Edict.
    Pale Edict resolves, choosing Grizzly Bears.
  expect:
    Hill Giant is in Bob's graveyard.
""", bad_input=("701.21a",)),

    Case("sacrifice-with-no-creature-does-nothing", """
ruling "nothing to sacrifice"
  about: Self Edict
  given:
    Alice controls Forest.
    Alice has {B} in her mana pool.
    Alice casts Self Edict.
    Self Edict resolves.
  expect:
    Forest is on the battlefield.
    No permanent is put into a graveyard.
""", verdicts=("holds", "holds")),

    Case("target-player-sacrifices", """
ruling "Diabolic Edict: the target player chooses"
  about: Diabolic Edict
  given:
    Alice controls Grizzly Bears.
    Bob controls Hill Giant.
    Alice has {B}{B} in her mana pool.
    Alice casts Diabolic Edict targeting Bob.
    Diabolic Edict resolves.
  expect:
    Hill Giant is in Bob's graveyard.
    Grizzly Bears is on the battlefield.
""", verdicts=("holds", "holds")),

    Case("return-from-graveyard-to-battlefield-enters", """
ruling "Zombify: the card enters the battlefield"
  about: Zombify
  given:
    Mourning Bear is in Alice's graveyard.
    Alice has {B}{B}{B}{B} in her mana pool.
    Alice casts Zombify targeting Mourning Bear.
    Zombify resolves.
  expect:
    Mourning Bear is on the battlefield.
    Alice controls 1 permanent named Mourning Bear.
""", verdicts=("holds", "holds")),

    Case("return-from-graveyard-needs-a-creature-card-in-your-graveyard", """
ruling "Raise Dead cannot target a card in another player's graveyard"
  about: Raise Dead
  given:
    Hill Giant is in Bob's graveyard.
    Alice has {B} in her mana pool.
    Alice casts Raise Dead targeting Hill Giant.
  expect:
    Hill Giant is in Alice's hand.
""", error=("601.2c",)),

    Case("return-self-to-hand-activated", """
ruling "{T}: return ~ to its owner's hand"
  about: Fleeting Sprite
  given:
    Alice controls Fleeting Sprite.
    Alice activates Fleeting Sprite's ability.
    Fleeting Sprite's ability resolves.
  expect:
    Fleeting Sprite is in Alice's hand.
""", verdicts=("holds",)),

    Case("exile-self-activated-leaves-and-resets", """
ruling "{T}: exile ~ (a new object in exile, untapped status gone)"
  about: Exiling Sprite
  given:
    Alice controls Exiling Sprite with a +1/+1 counter.
    Alice activates Exiling Sprite's ability.
    Exiling Sprite's ability resolves.
  expect:
    Exiling Sprite is in Alice's exile.
    Exiling Sprite has no +1/+1 counters.
""", verdicts=("holds", "holds")),

    Case("man-o-war-returns-itself-when-alone", """
ruling "Man-o'-War's only legal target is itself"
  about: Man-o'-War
  given:
    Man-o'-War enters under Alice's control.
    Man-o'-War's triggered ability resolves.
  expect:
    Man-o'-War is in Alice's hand.
""", verdicts=("holds",)),

    Case("bounced-target-makes-the-trigger-fizzle", """
ruling "the target left: the enters ability does nothing"
  about: Tidal Herald
  given:
    Alice controls Grizzly Bears.
    Bob controls Hill Giant.
    Tidal Herald enters under Alice's control.
    Hill Giant is exiled.
    Tidal Herald's triggered ability resolves.
  expect:
    Tidal Herald is on the battlefield.
    Grizzly Bears is on the battlefield.
    Hill Giant is in Bob's exile.
""", verdicts=("holds", "holds", "holds")),

    Case("you-may-an-outcome-per-choice", """
ruling "Gravedigger: you may return: both outcomes"
  about: Gravedigger
  given:
    Hill Giant is in Alice's graveyard.
    Gravedigger enters under Alice's control.
    Gravedigger's triggered ability resolves.
  expect:
    May Hill Giant is in Alice's hand.
    May Hill Giant is in Alice's graveyard.
    Hill Giant is in Alice's hand.
""", verdicts=("holds", "holds", "fails")),

    Case("return-a-creature-you-control-is-chosen-on-resolution", """
ruling "Whitemane Lion: any creature you control, itself included"
  about: Whitemane Lion
  given:
    Alice controls Grizzly Bears.
    Bob controls Hill Giant.
    Whitemane Lion enters under Alice's control.
    Whitemane Lion's triggered ability resolves.
  expect:
    May Whitemane Lion is in Alice's hand.
    May Grizzly Bears is in Alice's hand.
    Hill Giant is on the battlefield.
""", verdicts=("holds", "holds", "holds")),

    Case("return-a-creature-you-control-named-choice", """
ruling "Whitemane Lion: the scenario names the choice"
  about: Whitemane Lion
  given:
    Alice controls Grizzly Bears.
    Bob controls Hill Giant.
    Whitemane Lion enters under Alice's control.
    Whitemane Lion's triggered ability resolves, choosing Grizzly Bears.
  expect:
    Grizzly Bears is in Alice's hand.
    Whitemane Lion is on the battlefield.
""", verdicts=("holds", "holds")),

    Case("return-a-creature-you-control-cannot-choose-an-opponents", """
ruling "Whitemane Lion cannot return an opponent's creature"
  about: Whitemane Lion
  given:
    Bob controls Hill Giant.
    Whitemane Lion enters under Alice's control.
    Whitemane Lion's triggered ability resolves, choosing Hill Giant.
  expect:
    Hill Giant is in Bob's hand.
""", bad_input=("608.2d",)),

    Case("two-targeted-parts-fill-their-slots-in-order", """
ruling "two instances of 'target': the named targets fill the slots in order (601.2c)"
  about: Two Deeds
  given:
    Alice controls Grizzly Bears and Forest, tapped.
    Alice has {U}{U} in her mana pool.
    Alice casts Two Deeds targeting Grizzly Bears and Forest.
    Two Deeds resolves.
  expect:
    Grizzly Bears is tapped.
    Forest is untapped.
""", verdicts=("holds", "holds")),

    Case("two-targeted-parts-need-both-targets", """
ruling "a spell with two targets named with one is impossible (601.2c)"
  about: Two Deeds
  given:
    Alice controls Grizzly Bears and Forest, tapped.
    Alice has {U}{U} in her mana pool.
    Alice casts Two Deeds targeting Grizzly Bears.
  expect:
    Grizzly Bears is tapped.
""", error=("601.2c",)),

    # a dies trigger's "~" is the card its source became in the graveyard (400.7e: meaning_effects.lp self_card)
    Case("dies-trigger-returning-itself-finds-its-card", """
ruling "~ of a dies trigger is the new object in the graveyard (400.7e)"
  about: Bleak Return
  given:
    Alice controls Bleak Return.
    Alice has {B} in her mana pool.
    Alice casts Self Edict.
    Self Edict resolves.
    Bleak Return's triggered ability resolves.
  expect:
    Bleak Return is in Alice's graveyard.
    Bleak Return is in Alice's hand.
""", verdicts=("fails", "holds")),

    Case("unread-leaves-trigger-unsettles-a-bounce", """
ruling "an unread leaves trigger watches"
  about: Odd Mirror
  given:
    Alice controls Odd Mirror.
    Bob controls Hill Giant.
    Alice has {U} in her mana pool.
    Alice casts Unsummon targeting Hill Giant.
    Unsummon resolves.
  expect:
    Hill Giant is in Bob's hand.
""", verdicts=("undetermined",)),

    Case("countering-a-spell-with-unread-text-is-undetermined", """
ruling "the countered spell's own text is not read (it could say it can't be countered)"
  about: Counterspell
  given:
    Alice controls Grizzly Bears.
    Alice has {G} in her mana pool.
    Alice casts Odd Growth targeting Grizzly Bears.
    Bob has {U}{U} in his mana pool.
    Bob casts Counterspell targeting Odd Growth.
    Counterspell resolves.
  expect:
    Grizzly Bears is 2/2.
""", verdicts=("undetermined",)),

    Case("returning-a-card-with-unread-text-is-undetermined", """
ruling "the returned card's own text is not read (it could replace or watch its move)"
  about: Raise Dead
  given:
    Alice controls Grizzly Bears.
    Odd Corpse is in Alice's graveyard.
    Alice has {B} in her mana pool.
    Alice casts Raise Dead targeting Odd Corpse.
    Raise Dead resolves.
  expect:
    Grizzly Bears is on the battlefield.
""", verdicts=("undetermined",)),

    Case("crippling-chill-stays-tapped", """
ruling "tapped, and it stays tapped through its controller's next untap step (502.3, lose_untap.lp)"
  about: Crippling Chill
  given:
    Bob controls Hill Giant.
    Alice has {C}{C}{U} in her mana pool.
    Alice casts Crippling Chill targeting Hill Giant.
    Crippling Chill resolves.
    The game proceeds to Bob's turn.
  expect:
    Hill Giant is tapped.
""", verdicts=("holds",)),

    Case("swords-to-plowshares-life-equal-to-power", """
ruling "its controller gains life equal to its power as it last existed (608.2h)"
  about: Swords to Plowshares
  given:
    Bob controls Hill Giant.
    Alice has {W} in her mana pool.
    Alice casts Swords to Plowshares targeting Hill Giant.
    Swords to Plowshares resolves.
  expect:
    Hill Giant is in Bob's exile.
    Bob has 23 life.
""", verdicts=("holds", "holds")),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_zone_effect(case: Case, session, tmp_path):
    rr = run(session, tmp_path, case.body, case.bad_input)
    if rr is None:
        return
    if case.error is not None:
        assert rr.status == "error", (rr.status, rr.claims)
        for text in case.error:
            assert text in rr.error, rr.error
    if case.verdicts is not None:
        assert [c.verdict for c in rr.claims] == list(case.verdicts), rr.claims
    for i, text in case.messages.items():
        assert text in rr.claims[i].message, rr.claims[i].message


def test_case_ids_are_unique_and_every_case_checks_something():
    assert len({c.id for c in CASES}) == len(CASES)
    assert all(c.verdicts is not None or c.error is not None or c.bad_input is not None for c in CASES)


# ----------------------------------------------------------------------------- applied / unread

KNOWN = [
    ("Unsummon", 1, True),               # return target creature to its owner's hand
    ("Counterspell", 1, True),           # counter target spell
    ("Negate", 1, True),                 # counter target noncreature spell
    ("Unmake", 1, True),                 # exile target creature
    ("Griptide", 1, True),               # put target creature on top of its owner's library
    ("Final Judgment", 1, True),         # exile all creatures
    ("Evacuation", 1, True),             # return all creatures to their owners' hands
    ("Diabolic Edict", 1, True),         # target player sacrifices a creature
    ("Innocent Blood", 1, True),         # each player sacrifices a creature
    ("Pressure Point", 1, True),         # tap target creature (its draw is read as untracked)
    ("Man-o'-War", 1, True),             # enters: return target creature
    ("Zombify", 1, True),                # return target creature card from your graveyard to the battlefield
    ("Raise Dead", 1, True),             # ... to your hand
    ("Swords to Plowshares", 1, True),   # its controller gains life equal to its power (meaning_amounts_of.lp)
    ("Gravedigger", 1, True),            # "you may return ...": an outcome per choice (608.2d)
    ("Whitemane Lion", 2, True),         # return a creature you control: chosen as it resolves
    ("Frost Breath", 1, False),          # up to two targets
    ("Plow Under", 1, False),            # two targets
    ("Mana Leak", 1, True),              # "unless its controller pays" (118.12: unless_pays.lp)
    ("Banishing Light", 1, True),        # "until ~ leaves the battlefield" (610.3, exile_links.lp)
    ("Oblivion Ring", 1, False),         # "another target"
    ("Crippling Chill", 1, True),        # "it doesn't untap during its controller's next untap step" (502.3: lose_untap.lp)
    ("Journey to Nowhere", 1, False),    # its exile is linked to "return the exiled card" (607.2a)
    ("Worldgorger Dragon", 2, False),    # exile all other permanents you control: linked likewise
]


@pytest.fixture(scope="module")
def known():
    from mtgkb.carddb import default_database

    db = default_database()
    faces = {n: db.face(n) for n, _, _ in KNOWN}
    atoms, _ = derive(list(faces.values()), frozenset({"applied", "unread"}))
    return {str(a) for a in atoms}


@pytest.mark.parametrize("name,i,applied", KNOWN, ids=[f"{n} {i}" for n, i, _ in KNOWN])
def test_known_abilities(known, name, i, applied):
    A = Function("ab", [String(name), Number(i)])
    assert (f"applied({A})" in known) is applied
    assert (f"unread({A})" in known) is (not applied)
