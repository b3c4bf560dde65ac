"""Helpers for the mana tests: synthetic card faces built from the Oracle grammar's
term vocabulary (so these tests do not depend on the grammar's current state) and a
tiny driver: scenario text -> verdicts, or -> a payment answer."""

from __future__ import annotations

from clingo import Function, String

from mtgkb.engine.outcomes import encode_block
from mtgkb.reference import reference_facts
from mtgkb.mana import solve_request
from mtgkb.parser.card_ast import Ability, CardFace, ManaCost
from mtgkb.parser.mana_symbols import mana_symbol_term
from mtgkb.parser.scenario import parse_scenario
from mtgkb.parser.terms import fn
from mtgkb.solver import Solver
from mtgkb.symbols import sym
from mtgkb.verdicts import claim_verdict

TAP = fn("tap")
UNTAP = fn("untap")


def mana(*types: str):
    return fn("mana", *(fn(t) for t in types))


def cost(*syms):
    return fn("mana", *(mana_symbol_term(s) for s in syms))


def ability(effect, *costs, kind="mana", trigger=None, text="(synthetic)", riders=()):
    return Ability(kind=kind, text=text, line=1, costs=tuple(costs), effects=(fn("add", effect),),
                   trigger=trigger, riders=tuple(riders))


def face(name, *abilities, types=("Artifact",), supertypes=(), subtypes=(), mana_cost=None, pt=None):
    return CardFace(name=name, mana_cost=ManaCost(tuple(mana_cost)) if mana_cost is not None else None,
                    supertypes=tuple(supertypes), types=tuple(types), subtypes=tuple(subtypes),
                    abilities=tuple(abilities), power=pt[0] if pt else None, toughness=pt[1] if pt else None)


LANDS = {n: face(n, types=("Land",), supertypes=("Basic",) + (("Snow",) if n.startswith("Snow") else ()),
                 subtypes=(n.split()[-1],))
         for n in ("Forest", "Island", "Plains", "Swamp", "Mountain", "Snow-Covered Forest", "Snow-Covered Island")}

# the Oracle grammar's terms for the mana cards these tests use
CARDS = dict(LANDS)
CARDS.update({
    "Llanowar Elves": face("Llanowar Elves", ability(mana("g"), TAP), types=("Creature",), subtypes=("Elf",),
                           mana_cost=("G",), pt=("1", "1")),
    "Birds of Paradise": face("Birds of Paradise", ability(fn("any_color", 1), TAP), types=("Creature",),
                              mana_cost=("G",), pt=("0", "1")),
    "Sol Ring": face("Sol Ring", ability(mana("c", "c"), TAP), mana_cost=("1",)),
    "Boreal Druid": face("Boreal Druid", ability(mana("c"), TAP), types=("Creature",), supertypes=("Snow",),
                         mana_cost=("G",), pt=("1", "1")),
    "Reflecting Pool": face("Reflecting Pool", ability(
        fn("any_type_could_produce", 1, fn("some", fn("a"), fn("desc", fn("none"), fn("types", fn("group", fn("land"))),
                                                               fn("where", fn("you_control"))))), TAP), types=("Land",)),
    "Exotic Orchard": face("Exotic Orchard", ability(
        fn("any_color_could_produce", 1, fn("some", fn("a"), fn("desc", fn("none"), fn("types", fn("group", fn("land"))),
                                                                 fn("where", fn("an_opponent_controls"))))), TAP),
        types=("Land",)),
    "Fellwar Stone": face("Fellwar Stone", ability(
        fn("any_color_could_produce", 1, fn("some", fn("a"), fn("desc", fn("none"), fn("types", fn("group", fn("land"))),
                                                                 fn("where", fn("an_opponent_controls"))))), TAP)),
    "Wastes": face("Wastes", ability(mana("c"), TAP), types=("Land",), supertypes=("Basic",)),
    "Command Tower": face("Command Tower", ability(fn("commander_identity", 1), TAP), types=("Land",)),
    "Pili-Pala": face("Pili-Pala", ability(fn("any_color", 1), cost("2"), UNTAP), types=("Artifact", "Creature"),
                      mana_cost=("2",), pt=("1", "1")),
    "Glittering Frost": face("Glittering Frost",
                             Ability(kind="static", text="Enchanted land is snow.", line=2,
                                     effects=(fn("characteristic", fn("enchanted", fn("land")),
                                                 fn("add_supertype", fn("snow"))),)),
                             Ability(kind="mana", text="(frost)", line=3,
                                     trigger=fn("whenever", fn("tapped_for_mana", fn("enchanted_land"))),
                                     effects=(fn("add_additional", fn("any_color", 1)),)),
                             types=("Enchantment",), supertypes=("Snow",), subtypes=("Aura",), mana_cost=("2", "G")),
    "Wild Growth": face("Wild Growth", Ability(kind="mana", text="(wild growth)", line=2,
                                               trigger=fn("whenever", fn("tapped_for_mana", fn("enchanted_land"))),
                                               effects=(fn("add_additional", mana("g")),)),
                        types=("Enchantment",), subtypes=("Aura",), mana_cost=("G",)),
    "Heartbeat of Spring": face("Heartbeat of Spring", Ability(
        kind="mana", text="(heartbeat)", line=1,
        trigger=fn("whenever", fn("taps_for_mana", fn("player"), fn("land"))),
        effects=(fn("add", fn("any_type_produced", 1, fn("land"))),)), types=("Enchantment",), mana_cost=("2", "G")),
    "Icehide Golem": face("Icehide Golem", types=("Artifact", "Creature"), supertypes=("Snow",), mana_cost=("S",),
                          pt=("2", "2")),
    "Test Hydra": face("Test Hydra", types=("Creature",), subtypes=("Hydra",), mana_cost=("X", "G"), pt=("0", "0")),
    "Grizzly Bears": face("Grizzly Bears", types=("Creature",), mana_cost=("1", "G"), pt=("2", "2")),
    "Unread Rock": CardFace(name="Unread Rock", mana_cost=ManaCost(("2",)), supertypes=(), types=("Artifact",),
                            subtypes=(), abilities=(Ability(kind="unsupported", text="{T}: Add {C} twice, maybe.",
                                                            line=1, understood=False),)),
})


def _session_faces(extra=None):
    faces = dict(CARDS)
    faces.update(extra or {})
    return faces


def verdicts(text: str, extra=None) -> list[tuple[str, str, str]]:
    """Every claim of every block: (claim text, verdict, message)."""
    faces = _session_faces(extra)
    sf = parse_scenario(text, known_names=lambda: list(faces))
    out = []
    solver = Solver()
    ref = reference_facts()
    for block in sf.blocks:
        enc = encode_block(block, faces.get)
        res = solver.solve(ref + enc.facts)
        for c, Id in enc.claims:
            cr = claim_verdict(c, Id, res, enc.handles)
            out.append((c.text, cr.verdict, cr.message or ""))
    return out


def pay(text: str, cost_syms, *, player="Alice", with_=None, limit=1000, extra=None, count=True):
    """Payment answer for the first block of `text`: (outcome, handles)."""
    faces = _session_faces(extra)
    sf = parse_scenario(text, known_names=lambda: list(faces))
    enc = encode_block(sf.blocks[0], faces.get)
    W = Function("with", [enc.objects[w] for w in with_]) if with_ else Function("all", [])
    C = Function("cost", [sym(mana_symbol_term(s)) for s in cost_syms])
    R = Function("req", [String(player), C, Function("none", []), W, Function("plain", [])])
    return solve_request(enc.facts, R, count=count, limit=limit, handles=enc.handles, with_ways=True)
