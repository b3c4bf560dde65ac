"""Life totals, damage and destruction (119, 120, 701.8, 704.5a/c/g/h): the scenario
sentences, the meaning meaning.lp gives damage/life/destroy wordings, and the engine's
verdicts, including what it must leave undetermined."""

from __future__ import annotations

import pytest
from clingo import Function, Number, String

from mtgkb.check import check_paths
from mtgkb.coverage import derive
from mtgkb.parser.errors import ParseError
from mtgkb.parser.scenario import parse_claim, parse_scenario
from mtgkb.parser.terms import fn

BOARD = "Alice controls Grizzly Bears.\nBob controls Hill Giant.\nIt is Alice's turn."


def _check(tmp_path, given: str, expect: str, card: str = ""):
    f = tmp_path / "s.mtg"
    f.write_text('ruling "s"\n' + card + '  given:\n' + "".join(f"    {g}\n" for g in given.splitlines())
                 + "  expect:\n" + "".join(f"    {e}\n" for e in expect.splitlines()), encoding="utf-8")
    report, errors = check_paths([str(f)])
    assert errors == []
    (r,) = report.results
    return r


def _verdicts(r) -> list[str]:
    return [c.verdict for c in r.claims]


# ----------------------------------------------------------------------------- sentences

@pytest.mark.parametrize("text,query", [
    ("Alice has 17 life.", fn("life_is", "Alice", 17)),
    ("Alice's life total is 17.", fn("life_is", "Alice", 17)),
    ("Bob has -2 life.", fn("life_is", "Bob", -2)),
    ("Bob has 3 poison counters.", fn("poison_is", "Bob", 3)),
    ("Bob has no poison counters.", fn("poison_is", "Bob", 0)),
    ("Bob has lost the game.", fn("lost", "Bob")),
])
def test_player_claims(text, query):
    c = parse_claim(text)
    assert c.queries == (query,)
    assert not c.negated


def test_not_lost_is_the_negation():
    c = parse_claim("Alice has not lost the game.")
    assert c.queries == (fn("lost", "Alice"),) and c.negated


def test_damage_claims():
    c = parse_claim("Grizzly Bears has 2 damage marked.", names=["Grizzly Bears"], handles=["Grizzly Bears"])
    assert c.queries == (fn("damage_is", fn("h", "Grizzly Bears"), 2),)
    c = parse_claim("Grizzly Bears has no damage marked.", names=["Grizzly Bears"], handles=["Grizzly Bears"])
    assert c.queries == (fn("damage_is", fn("h", "Grizzly Bears"), 0),)
    c = parse_claim("Grizzly Bears does not have 2 damage marked.", names=["Grizzly Bears"], handles=["Grizzly Bears"])
    assert c.negated


def _given(text: str):
    sf = parse_scenario('ruling "r"\n  given:\n' + "".join(f"    {g}\n" for g in text.splitlines())
                        + "  expect:\n    Alice has 20 life.\n", known_names=lambda: ["Grizzly Bears"])
    return [(s.kind, s.args) for s in sf.blocks[0].given]


def test_given_sentences():
    got = _given("Alice has 17 life.\nBob's life total is 3.\nBob has 2 poison counters.\n"
                 "Alice controls Grizzly Bears.\nGrizzly Bears has 1 damage marked.")
    assert got[:3] == [("life", {"player": "Alice", "life": 17}), ("life", {"player": "Bob", "life": 3}),
                       ("poison", {"player": "Bob", "poison": 2})]
    assert got[4] == ("damage", {"object": "Grizzly Bears", "damage": 1})


def test_damage_event_sentence():
    got = _given("Alice controls Grizzly Bears.\nGrizzly Bears deals 2 damage to Grizzly Bears.\n"
                 "Grizzly Bears deals 1 damage to Bob.")
    assert got[1] == ("tl_damage", {"source": "Grizzly Bears", "amount": 2, "targets": (("obj", "Grizzly Bears"),)})
    assert got[2] == ("tl_damage", {"source": "Grizzly Bears", "amount": 1, "targets": (("player", "Bob"),)})


def test_only_poison_counters_on_a_player():
    with pytest.raises(ParseError) as e:
        _given("Alice has 2 charge counters.")
    assert "poison" in str(e.value)


# ----------------------------------------------------------------------------- meaning

TL = frozenset({"tl_eff", "tl_step", "tl_slot"})


def _meaning(db, name: str, i: int = 1) -> set[str]:
    """What ability i of a card does (its steps' effects) and what its target slots test (their descriptions)."""
    new, _ = derive([db.face(name)], TL)
    A = Function("ab", [String(db.face(name).name), Number(i)])
    out = set()
    for x in new:
        if x.arguments[0] != A:
            continue
        if x.name == "tl_step":
            out.add(str(x.arguments[2]))
        elif x.name == "tl_slot":
            out.add(f"slot{x.arguments[1]}:{x.arguments[2].arguments[0]}")
        else:
            out.add(str(x.arguments[1]))
    return out


@pytest.fixture(scope="module")
def db():
    from mtgkb.carddb import default_database

    return default_database()


ANY = "slot1:desc((target,),types(group(creature),group(player),group(planeswalker),group(battle)),where)"


@pytest.mark.parametrize("name,i,expected", [
    ("Lightning Bolt", 1, {"damage(self,3,slot(1))", ANY}),
    ("Lightning Helix", 1, {"damage(self,3,slot(1))", ANY, "life(you,1,3)"}),
    ("Flame Slash", 1, {"damage(self,4,slot(1))", "slot1:desc((target,),types(group(creature)),where)"}),
    ("Lava Spike", 1, {"damage(self,3,slot(1))", "slot1:desc((target,),types(group(player),group(planeswalker)),where)"}),
    ("Pyroclasm", 1, {"damage(self,2,each(t(desc(none,types(group(creature)),where),none)))"}),
    ("Guttersnipe", 1, {"damage(self,2,each(t(desc(none,types(group(opponent)),where),none)))"}),
    ("Bump in the Night", 1, {"life(slot(1),-1,3)", "slot1:desc((target,),types(group(opponent)),where)"}),
    ("Angel's Mercy", 1, {"life(you,1,7)"}),
    ("Oracle of Nectars", 1, {"life(you,1,x)"}),
    ("Murder", 1, {"destroy(slot(1))", "slot1:desc((target,),types(group(creature)),where)"}),
    ("Naturalize", 1, {"destroy(slot(1))", "slot1:desc((target,),types(group(artifact),group(enchantment)),where)"}),
    ("Doom Blade", 1, {"destroy(slot(1))", "slot1:desc((target,non(non(black))),types(group(creature)),where)"}),
    ("Assassinate", 1, {"destroy(slot(1))", "slot1:desc((target,tapped),types(group(creature)),where)"}),
    ("Ravenous Chupacabra", 1, {"destroy(slot(1))",
                                "slot1:desc((target,),types(group(creature)),where(an_opponent_controls))"}),
    # read since the descriptions compose (a post the old reader did not know; one subject, two verbs)
    ("Electrickery", 1, {"damage(self,1,slot(1))", "slot1:desc((target,),types(group(creature)),where(you_dont_control))"}),
    ("Sign in Blood", 1, {"zone(draw(slot(1),2))", "life(slot(1),-1,2)", "slot1:desc((target,),types(group(player)),where)"}),
])
def test_damage_life_destroy_wordings(db, name, i, expected):
    assert _meaning(db, name, i) == expected


@pytest.mark.parametrize("name", ["Heartwarming Redemption"])   # "draw that many cards plus one"
def test_other_wordings_stay_unread(db, name):
    assert "unread" in _meaning(db, name)


def test_damage_keywords_applied_infect_not(db):
    from mtgkb.coverage import derive as d

    got, _ = d([db.face("Vampire Nighthawk"), db.face("Darksteel Myr"), db.face("Blight Mamba")],
               frozenset({"applied", "unread"}))
    by = {str(x) for x in got}
    assert 'applied(ab("Darksteel Myr",1))' in by
    assert 'unread(ab("Blight Mamba",1))' in by  # infect
    # flying is applied (mtgkb/rules/combat.lp: blocking, 702.9b), so the whole line is
    assert 'applied(ab("Vampire Nighthawk",1))' in by


# ----------------------------------------------------------------------------- engine

def test_bolt_kills_a_bear_and_spares_the_giant(tmp_path):
    r = _check(tmp_path, BOARD + "\nAlice has {R} in her mana pool.\n"
                                 "Alice casts Lightning Bolt targeting Grizzly Bears.\nLightning Bolt resolves.",
               "Grizzly Bears is in Alice's graveyard.\nHill Giant is on the battlefield.\nGrizzly Bears is on the "
               "battlefield.\nBob has 20 life.")
    assert _verdicts(r) == ["holds", "holds", "fails", "holds"]


def test_life_totals_default_to_20_for_every_named_player(tmp_path):
    r = _check(tmp_path, BOARD, "Alice has 20 life.\nCarol has 20 life.\nAlice has 19 life.\nBob has not lost the game.")
    assert _verdicts(r) == ["holds", "holds", "fails", "holds"]


def test_each_opponent_means_each_other_player(tmp_path):
    r = _check(tmp_path, "Alice controls Guttersnipe.\nCarol has 5 life.\nAlice has {R} in her mana pool.\n"
                         "Alice casts Lightning Bolt targeting Alice."
               "\nGuttersnipe's triggered ability resolves.",
               "Bob has 18 life.\nCarol has 3 life.\nAlice has 20 life.")
    assert _verdicts(r) == ["holds"] * 3, [(c.verdict, c.message) for c in r.claims]


def test_a_player_is_not_a_target_for_a_creature_spell(tmp_path):
    r = _check(tmp_path, BOARD + "\nAlice has {R} in her mana pool.\n"
                                 "Alice casts Flame Slash targeting Bob.", "Bob has 20 life.")
    assert _verdicts(r) == ["error"]
    assert "601.2c" in r.claims[0].message


def test_target_opponent_is_not_yourself(tmp_path):
    r = _check(tmp_path, BOARD + "\nAlice has {B} in her mana pool.\n"
                                 "Alice casts Bump in the Night targeting Alice.", "Alice has 20 life.")
    assert _verdicts(r) == ["error"]
    assert "illegal target" in r.claims[0].message


def test_destroy_respects_the_target_restriction(tmp_path):
    # Doom Blade: target nonblack creature; Vampire Nighthawk is black
    r = _check(tmp_path, "Alice controls Vampire Nighthawk.\nBob has {B}{B} in his mana pool.\n"
                         "Bob casts Doom Blade targeting Vampire Nighthawk.",
               "Vampire Nighthawk is on the battlefield.")
    assert _verdicts(r) == ["error"]
    r = _check(tmp_path, BOARD + "\nBob has {B}{B} in his mana pool.\n"
                                 "Bob casts Doom Blade targeting Grizzly Bears.\nDoom Blade resolves.",
               "Grizzly Bears is in Alice's graveyard.")
    assert _verdicts(r) == ["holds"]


@pytest.mark.parametrize("given,why", [
    # protection from red may prevent the damage (702.16e, not applied)
    ("Alice controls Paladin en-Vec.\nBob has {R} in his mana pool.\n"
     "Bob casts Lightning Bolt targeting Paladin en-Vec.\nLightning Bolt resolves.",
     "Paladin en-Vec"),
    # a trigger on gaining life that is not read (Attended Healer: "for the first time each turn" is not read;
    # Ajani's Pridemate and Sanguine Bond's trigger are, tests/test_triggers_events.py)
    ("Alice controls Attended Healer.\nAlice has {W}{W}{W}{W} in her mana pool.\n"
     "Alice casts Angel's Mercy.\nAngel's Mercy resolves.", "Attended Healer"),
    # damage to a planeswalker removes loyalty counters (120.3c, not applied)
    ("Bob controls Jace Beleren.\nAlice has {R} in her mana pool.\n"
     "Alice casts Lightning Bolt targeting Jace Beleren.\nLightning Bolt resolves.",
     "Lightning Bolt"),
    # X damage with no X
    ("It is Alice's turn.\nAlice has {R} in her mana pool.\nAlice casts Banefire targeting Bob.\nBanefire resolves.",
     "Banefire"),
])
def test_what_is_not_applied_is_undetermined(tmp_path, given, why):
    r = _check(tmp_path, "Bob controls Hill Giant.\n" + given, "Bob has 20 life.\nHill Giant is on the battlefield.")
    assert _verdicts(r) == ["undetermined", "undetermined"], [(c.verdict, c.message) for c in r.claims]
    assert all(why in c.message for c in r.claims)


INFECT_PINGER = """  card:
    Test Blight Pinger {1}{B}
    Creature — Phyrexian Shaman
    Infect
    {T}: Test Blight Pinger deals 1 damage to any target.
    1/1
"""


def test_an_infect_source_leaves_its_damage_undetermined(tmp_path):
    # infect (702.90) is not applied: its damage to a player would give poison counters instead
    r = _check(tmp_path, "Alice controls Test Blight Pinger.\n"
               "Alice activates Test Blight Pinger's ability targeting Bob.\nTest Blight Pinger's ability resolves.",
               "Bob has 19 life.", card=INFECT_PINGER)
    assert _verdicts(r) == ["undetermined"], [(c.verdict, c.message) for c in r.claims]


def test_deathtouch_mark_is_cleared_when_state_based_actions_are_checked(tmp_path, session):
    # 704.5h: dealt deathtouch damage "since the last check": an indestructible creature survives the check,
    # and afterwards its damage is marked but no longer counts as deathtouch damage
    from mtgkb.engine.outcomes import evaluate

    f = tmp_path / "s.mtg"
    f.write_text('ruling "s"\n  given:\n    Alice controls Prodigal Pyromancer.\n    Bob controls Hill Giant.\n'
                 "    Hill Giant gains indestructible until end of turn.\n    Prodigal Pyromancer gains deathtouch.\n"
                 "    Alice activates Prodigal Pyromancer's ability targeting Hill Giant.\n"
                 "    Prodigal Pyromancer's ability resolves.\n  expect:\n    Hill Giant has 1 damage marked.\n",
                 encoding="utf-8")
    sf = session.load(str(f))
    (b,) = sf.blocks
    tr = evaluate(b, session.finder(sf, b), session.reference, session.solver)
    (st,) = tr.branches
    giant = st.objects[st.handles["Hill Giant"]]
    assert (giant.zone, giant.damage, giant.deathtouch_damage) == ("battlefield", 1, False)
    assert any(cr == "702.2b" for cr, _ in st.log)


def test_a_dies_trigger_deals_damage_with_what_its_source_was(tmp_path):
    r = _check(tmp_path, "Alice controls Perilous Myr.\nBob controls Hill Giant.\nPerilous Myr dies.\n"
               "Perilous Myr's triggered ability resolves, choosing Hill Giant.",
               "Hill Giant has 2 damage marked.\nAlice has 20 life.")
    assert _verdicts(r) == ["holds", "holds"], [(c.verdict, c.message) for c in r.claims]


def test_a_dies_trigger_does_not_target_the_creature_that_died(tmp_path):
    # 603.3d, 400.7: the trigger goes on the stack after Perilous Myr has left: Alice or Bob
    r = _check(tmp_path, "Alice controls Perilous Myr.\nPerilous Myr dies.\nPerilous Myr's triggered ability resolves.",
               "may Alice has 18 life.\nmay Bob has 18 life.\nPerilous Myr is in Alice's graveyard.")
    assert _verdicts(r) == ["holds"] * 3


def test_the_output_is_deterministic(tmp_path):
    from conftest import run_main_captured

    f = tmp_path / "d.mtg"
    f.write_text('ruling "d"\n  given:\n    Bob controls Hill Giant.\n    Alice has {R} in her mana pool.\n'
                 "    Alice casts Lightning Bolt.\n"
                 "    Lightning Bolt resolves.\n  expect:\n    may Bob has 17 life.\n", encoding="utf-8")
    runs = [run_main_captured(["show", "--json", str(f)]) for _ in range(2)]
    assert runs[0] == runs[1] and runs[0][0] == 0


def test_damage_event_to_a_land_is_impossible(tmp_path):
    r = _check(tmp_path, "Alice controls Grizzly Bears.\nBob controls Forest.\nGrizzly Bears deals 2 damage to Forest.",
               "Bob has 20 life.")
    assert _verdicts(r) == ["error"] and "120.1" in r.claims[0].message


def test_damage_event_to_a_planeswalker_is_undetermined(tmp_path):
    r = _check(tmp_path, "Alice controls Grizzly Bears.\nBob controls Jace Beleren.\n"
               "Grizzly Bears deals 2 damage to Jace Beleren.", "Bob has 20 life.\nJace Beleren is on the battlefield.")
    assert _verdicts(r) == ["undetermined", "undetermined"]


def test_damage_event_without_keywords(tmp_path):
    r = _check(tmp_path, BOARD + "\nGrizzly Bears deals 2 damage to Hill Giant.\nHill Giant deals 3 damage to Alice.",
               "Hill Giant has 2 damage marked.\nAlice has 17 life.\nBob has 20 life.")
    assert _verdicts(r) == ["holds"] * 3


def test_a_player_named_only_by_a_life_total(tmp_path):
    r = _check(tmp_path, "Eve's life total is 5.", "Eve's life total is 5.\nEve has not lost the game.")
    assert _verdicts(r) == ["holds", "holds"]
