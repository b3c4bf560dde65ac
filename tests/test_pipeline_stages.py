"""Golden tests, one stage at a time:
card text -> CardFace, scenario text -> AST, AST -> facts, facts -> consequences,
consequences -> verdicts."""

from __future__ import annotations

import pytest
from clingo import Function, Number, String

from conftest import DATA, SMALL_NAMES

from mtgkb.parser.errors import ParseError
from mtgkb.parser.frame import parse_card_block
from mtgkb.parser.scenario import parse_scenario
from mtgkb.parser.scenario_ast import Claim, Pos
from mtgkb.parser.terms import fn

MORITTE = """Moritte of the Frost {2}{G}{U}{U}
Legendary Snow Creature — Shapeshifter
Changeling (This card is every creature type.)
You may have Moritte of the Frost enter the battlefield as a copy of a permanent you control, except it's legendary and snow in addition to its other types and, if it's a creature, it enters with two additional +1/+1 counters on it and has changeling.
0/0"""


# ----------------------------------------------------------------------------- card frame

def test_frame_moritte_fields():
    card = parse_card_block(MORITTE, file="moritte.txt", line=10)
    assert card.name == "Moritte of the Frost"
    assert len(card.faces) == 1
    f = card.faces[0]
    assert f.name == "Moritte of the Frost"
    assert f.mana_cost.symbols == ("2", "G", "U", "U")
    assert str(f.mana_cost) == "{2}{G}{U}{U}"
    assert f.supertypes == ("Legendary", "Snow")
    assert f.types == ("Creature",)
    assert f.subtypes == ("Shapeshifter",)
    assert (f.power, f.toughness, f.loyalty) == ("0", "0", None)
    assert f.source == "moritte.txt" and f.line == 10
    # one ability per line, in printed order, with its own line number
    assert [a.line for a in f.abilities] == [12, 13]
    assert f.abilities[0].text.startswith("Changeling")
    assert f.abilities[1].text.startswith("You may have Moritte of the Frost enter")


@pytest.mark.parametrize("dash", ["—", "-", "--"])
def test_frame_type_line_dashes(dash):
    f = parse_card_block(f"Grizzly Bears {{1}}{{G}}\nCreature {dash} Bear\n2/2").faces[0]
    assert (f.supertypes, f.types, f.subtypes) == ((), ("Creature",), ("Bear",))
    assert (f.power, f.toughness) == ("2", "2")
    assert f.abilities == ()


def test_frame_land_has_no_cost_and_basic_supertypes():
    f = parse_card_block("Snow-Covered Forest\nBasic Snow Land — Forest\n({T}: Add {G}.)").faces[0]
    assert f.mana_cost is None
    assert f.supertypes == ("Basic", "Snow")
    assert f.types == ("Land",)
    assert f.subtypes == ("Forest",)
    assert f.power is None and f.toughness is None


def test_frame_planeswalker_loyalty_and_star_pt():
    pw = parse_card_block("Some Walker {2}{U}\nLegendary Planeswalker — Jace\n+1: Draw a card.\n3").faces[0]
    assert pw.loyalty == "3" and pw.power is None
    assert len(pw.abilities) == 1 and pw.abilities[0].line == 3
    star = parse_card_block("Star Thing {3}\nArtifact Creature — Golem\n*/1+*").faces[0]
    assert (star.power, star.toughness) == ("*", "1+*")


def test_frame_keyword_line_is_understood():
    f = parse_card_block("Winged Bear {1}{G}\nCreature — Bear\nFlying\n2/2").faces[0]
    (ab,) = f.abilities
    assert ab.understood and ab.kind == "keyword"


def test_frame_nonsense_line_is_kept_as_unsupported():
    f = parse_card_block("Odd Bear {1}{G}\nCreature — Bear\nWhatever strange text this is.\n2/2").faces[0]
    (ab,) = f.abilities
    assert not ab.understood
    assert ab.text == "Whatever strange text this is."
    assert ab.line == 3
    assert f.unsupported == (ab,)


def test_frame_bad_type_line_is_a_parse_error_with_position():
    with pytest.raises(ParseError) as ei:
        parse_card_block("Broken {1}\nCreature Banana — Bear\n1/1", file="b.txt", line=7)
    e = ei.value
    assert (e.file, e.line, e.column) == ("b.txt", 8, 10)
    assert e.expected


def test_frame_bad_mana_symbol_is_a_parse_error():
    with pytest.raises(ParseError) as ei:
        parse_card_block("Broken {1}{K}\nCreature — Bear\n1/1", file="b.txt")
    assert ei.value.line == 1 and "K" in ei.value.message


# ----------------------------------------------------------------------------- scenario

@pytest.fixture(scope="module")
def golden_file():
    path = DATA / "scenario_golden.mtg"
    return parse_scenario(path.read_text(encoding="utf-8"), file="g.mtg", known_names=lambda: SMALL_NAMES)


def test_scenario_block_header(golden_file):
    (b,) = golden_file.blocks
    assert b.kind == "ruling"
    assert b.title == "Every core sentence form"
    assert b.pos == Pos("g.mtg", 2, 1)
    assert b.about == "Grizzly Bears, 2021-02-05"
    assert b.cites == ("613.4c", "122.1a")


def test_scenario_given_sentences(golden_file):
    g = golden_file.blocks[0].given
    assert [s.kind for s in g] == ["controls", "controls", "status", "controls", "in_zone", "turn"]
    assert [s.pos for s in g] == [Pos("g.mtg", n, 5) for n in (6, 7, 8, 9, 10, 11)]
    forests = g[0].args["objects"]
    assert g[0].args["player"] == "Alice"
    assert [(o.handle, o.card) for o in forests] == [("Forest", "Forest"), ("Forest #2", "Forest")]
    (bears,) = g[1].args["objects"]
    assert bears.handle == "Grizzly Bears" and bears.counters == (("+1/+1", 2),) and not bears.token
    assert g[2].args == {"object": "Forest #2", "tapped": True}
    assert g[2].text == "Forest #2 is tapped."          # the comment is gone
    (elf,) = g[3].args["objects"]
    assert elf.handle == "Elf Token" and elf.card is None and elf.token
    assert set(elf.token_values) == {fn("power", 1), fn("toughness", 1), fn("color", fn("g")),
                                     fn("subtype", "Elf"), fn("subtype", "Warrior"),
                                     fn("card_type", fn("creature"))}
    assert g[4].args == {"object": "Orvar, the All-Form", "card": "Orvar, the All-Form",
                         "player": "Bob", "zone": "graveyard"}
    assert g[5].args == {"player": "Bob"}


def test_scenario_claims(golden_file):
    e = golden_file.blocks[0].expect
    h = lambda s: fn("h", s)  # noqa: E731
    B, O = h("Grizzly Bears"), h("Orvar, the All-Form")
    want = [
        ((fn("pt", B, 4, 4),), "must", False),
        ((fn("subtype", B, "Goat"),), "must", True),
        ((fn("tapped", h("Forest #2")),), "must", False),
        ((fn("color", h("Elf Token"), fn("g")), fn("card_type", h("Elf Token"), fn("creature")),
          fn("subtype", h("Elf Token"), "Elf"), fn("subtype", h("Elf Token"), "Warrior")), "must", False),
        ((fn("in_zone_of", O, fn("graveyard"), "Bob"),), "must", False),
        ((fn("counters", B, "+1/+1", 2),), "must", False),
        ((fn("mana_value", B, 2),), "must", False),
        ((fn("every_creature_type", O),), "must", False),
        ((fn("pt", B, 4, 4),), "may", False),
    ]
    assert [(c.queries, c.modality, c.negated) for c in e] == want
    assert all(isinstance(c, Claim) for c in e)
    assert [c.pos.line for c in e] == list(range(13, 22))
    assert e[0].text == "Grizzly Bears is 4/4."


def test_scenario_card_block_names_are_known():
    text = (DATA / "undetermined.mtg").read_text(encoding="utf-8")
    sf = parse_scenario(text, file="u.mtg", known_names=lambda: ())
    assert [c.name for c in sf.cards] == ["Odd Bear"]
    assert sf.cards[0].faces[0].abilities[0].line == 6
    assert sf.blocks[0].given[0].args["objects"][0].card == "Odd Bear"


def test_scenario_unknown_sentence_names_position_and_alternatives():
    text = 'ruling "x"\n  given:\n    Alice controls Forest.\n  expect:\n    Forest flies over the moon.\n'
    with pytest.raises(ParseError) as ei:
        parse_scenario(text, file="x.mtg", known_names=lambda: SMALL_NAMES)
    e = ei.value
    assert (e.file, e.line, e.column) == ("x.mtg", 5, 12)
    assert "is" in " ".join(e.expected)
    assert "x.mtg:5:12" in str(e) and "expected" in str(e)


# ----------------------------------------------------------------------------- facts

def _encode(session, name: str):
    from mtgkb.engine.outcomes import encode_block

    path = DATA / name
    sf = parse_scenario(path.read_text(encoding="utf-8"), file=name, known_names=session.db.all_names)
    block = sf.blocks[0]
    return sf, block, encode_block(block, session.finder(sf, block))


def test_facts_of_golden_file(session):
    sf, block, enc = _encode(session, "scenario_golden.mtg")
    facts = set(enc.facts)
    assert all(type(f).__name__ == "Symbol" for f in enc.facts)
    o = {h: Function("o", [Number(i)]) for i, h in enumerate(
        ["Forest", "Forest #2", "Grizzly Bears", "Elf Token", "Orvar, the All-Form"], start=1)}
    assert enc.objects == o
    assert enc.handles == {v: k for k, v in o.items()}
    B = o["Grizzly Bears"]
    expected = [
        Function("object", [B]),
        Function("handle", [B, String("Grizzly Bears")]),
        Function("from_card", [B, String("Grizzly Bears")]),
        Function("zone", [B, Function("battlefield")]),
        Function("controller", [B, String("Alice")]),
        Function("owner", [B, String("Alice")]),
        Function("counter", [B, String("+1/+1"), Number(2)]),
        Function("tapped", [o["Forest #2"]]),
        Function("token", [o["Elf Token"]]),
        Function("token_value", [o["Elf Token"], Function("power", [Number(1)])]),
        Function("zone", [o["Orvar, the All-Form"], Function("graveyard")]),
        Function("owner", [o["Orvar, the All-Form"], String("Bob")]),
        Function("player", [String("Alice")]),
        Function("player", [String("Bob")]),
        Function("active_player", [String("Bob")]),
        Function("printed", [String("Grizzly Bears"), Function("power", [Number(2)])]),
        Function("printed", [String("Grizzly Bears"), Function("subtype", [String("Bear")])]),
        Function("printed", [String("Grizzly Bears"), Function("color", [Function("g")])]),
        Function("printed", [String("Grizzly Bears"),
                             Function("mana_cost", [Number(1), Function("generic", [Number(1)])])]),
        Function("printed", [String("Grizzly Bears"),
                             Function("mana_cost", [Number(2), Function("colored", [Function("g")])])]),
        Function("claim", [Number(1), Function("pt", [B, Number(4), Number(4)])]),
        Function("claim_about", [Number(1), B]),
        Function("claim", [Number(2), Function("subtype", [B, String("Goat")])]),
    ]
    missing = [str(f) for f in expected if f not in facts]
    assert missing == []
    assert Function("tapped", [o["Forest"]]) not in facts
    assert Function("controller", [o["Orvar, the All-Form"], String("Alice")]) not in facts
    assert [Id for _, Id in enc.claims] == [Number(i) for i in range(1, 10)]


def test_facts_unsupported_line_is_a_fact(session):
    _, _, enc = _encode(session, "undetermined.mtg")
    A = Function("ab", [String("Odd Bear"), Number(1)])
    facts = set(enc.facts)
    assert Function("ability_text", [A, String("Whatever strange text this is.")]) in facts
    assert any(f.name == "ability_unsupported" and f.arguments[0] == A for f in facts)
    assert Function("printed", [String("Odd Bear"), Function("ability", [A])]) in facts


def test_facts_user_text_is_only_ever_a_string_symbol():
    from mtgkb.symbols import sym

    hostile = 'a). :- b(  #script (python) "x" \\ #end'
    s = sym(fn("named", fn("h", hostile), hostile))
    assert s.arguments[1].string == hostile
    assert s.arguments[0].arguments[0].string == hostile


# ----------------------------------------------------------------------------- solver

def test_solver_brave_and_cautious_on_a_tiny_program():
    from mtgkb.solver import Solver

    # `#show p(X) : p(X).` rather than `#show p/1.`: facts arrive through the backend
    # before grounding, and clingo reports a signature-only #show of a derived
    # predicate as "no atoms over signature occur in program".
    program = ("{ pick(X) } :- item(X).  chosen :- pick(_).  "
               "#show pick(X) : pick(X).  #show chosen : chosen.  #show item(X) : item(X).")
    res = Solver(program=program, timeout=5).solve([Function("item", [Number(1)]), Function("item", [Number(2)])],
                                                   enumerate_models=True)
    assert res.satisfiable is True and not res.timed_out
    item = lambda n: Function("item", [Number(n)])  # noqa: E731
    pick = lambda n: Function("pick", [Number(n)])  # noqa: E731
    assert res.cautious == frozenset({item(1), item(2)})
    assert res.brave == frozenset({item(1), item(2), pick(1), pick(2), Function("chosen")})
    assert len(res.models) == 4 and not res.models_truncated
    assert res.messages == []


def test_solver_model_limit_is_reported():
    from mtgkb.solver import Solver

    res = Solver(program="{ p(1..5) }.", model_limit=3, timeout=5).solve([], enumerate_models=True)
    assert len(res.models) == 3 and res.models_truncated


def test_solver_unsatisfiable():
    from mtgkb.solver import Solver

    res = Solver(program=":- a.", timeout=5).solve([Function("a")])
    assert res.satisfiable is False


def test_solver_rules_on_tiny_fact_set(session):
    """The real rules.lp on a hand-written fact set: a 2/2 with two +1/+1 counters."""
    from mtgkb.solver import Solver

    O, F = Function("o", [Number(1)]), String("Test Bear")
    facts = [
        Function("object", [O]), Function("from_card", [O, F]), Function("zone", [O, Function("battlefield")]),
        Function("controller", [O, String("Alice")]), Function("owner", [O, String("Alice")]),
        Function("timestamp", [O, Number(1)]), Function("player", [String("Alice")]),
        Function("active_player", [String("Alice")]),
        Function("printed", [F, Function("name", [F])]),
        Function("printed", [F, Function("card_type", [Function("creature")])]),
        Function("printed", [F, Function("subtype", [String("Bear")])]),
        Function("printed", [F, Function("power", [Number(2)])]),
        Function("printed", [F, Function("toughness", [Number(2)])]),
        Function("counter", [O, String("+1/+1"), Number(2)]),
        Function("claim", [Number(1), Function("pt", [O, Number(4), Number(4)])]),
        Function("claim", [Number(2), Function("pt", [O, Number(2), Number(2)])]),
        Function("claim", [Number(3), Function("subtype", [O, String("Bear")])]),
        Function("claim", [Number(4), Function("subtype", [O, String("Goat")])]),
        Function("claim", [Number(5), Function("counters", [O, String("+1/+1"), Number(2)])]),
        Function("claim", [Number(6), Function("named", [O, F])]),
    ]
    res = Solver(timeout=10).solve(session.reference + facts)
    assert res.satisfiable is True and not res.timed_out
    true = lambda i: Function("claim_true", [Number(i)])  # noqa: E731
    assert {true(1), true(3), true(5), true(6)} <= res.cautious
    assert true(2) not in res.brave and true(4) not in res.brave
    assert res.violations == []


# ----------------------------------------------------------------------------- verdicts

def _claim(modality="must", negated=False):
    return Claim(text="X is 1/1.", pos=Pos("f.mtg", 3, 5), queries=(), modality=modality, negated=negated)


@pytest.mark.parametrize("in_some,in_all,modality,negated,verdict", [
    (True, True, "must", False, "holds"),
    (True, False, "must", False, "fails"),
    (False, False, "must", False, "fails"),
    (False, False, "must", True, "holds"),
    (True, False, "must", True, "fails"),
    (True, True, "must", True, "fails"),
    (True, False, "may", False, "holds"),
    (False, False, "may", False, "fails"),
    (True, False, "may", True, "holds"),
    (True, True, "may", True, "fails"),
])
def test_verdict_table(in_some, in_all, modality, negated, verdict):
    from mtgkb.solver import SolveResult
    from mtgkb.verdicts import claim_verdict

    t = Function("claim_true", [Number(1)])
    res = SolveResult(satisfiable=True, brave=frozenset({t} if in_some else ()),
                      cautious=frozenset({t} if in_all else ()))
    cr = claim_verdict(_claim(modality, negated), Number(1), res, {})
    assert cr.verdict == verdict
    assert cr.line == 3
    assert (cr.message is None) == (verdict == "holds")


def test_verdict_unsettled_is_undetermined_even_when_true_everywhere():
    from mtgkb.solver import SolveResult
    from mtgkb.verdicts import claim_verdict

    t = Function("claim_true", [Number(1)])
    u = Function("claim_unsettled", [Number(1), Function("ab", [String("Odd Bear"), Number(1)])])
    res = SolveResult(satisfiable=True, brave=frozenset({t, u}), cautious=frozenset({t}))
    cr = claim_verdict(_claim(), Number(1), res, {})
    assert cr.verdict == "undetermined" and "Odd Bear" in cr.message


def test_verdict_time_limit_and_impossible():
    from mtgkb.solver import SolveResult
    from mtgkb.verdicts import claim_verdict

    assert claim_verdict(_claim(), Number(1), SolveResult(satisfiable=None, timed_out=True), {}).verdict == "undetermined"
    assert claim_verdict(_claim(), Number(1), SolveResult(satisfiable=False), {}).verdict == "error"


def _verdicts(session, name):
    from mtgkb.check import check_paths

    report, errors = check_paths([str(DATA / name)], session=session)
    assert errors == []
    (rr,) = report.results
    return rr, [c.verdict for c in rr.claims]


def test_verdicts_end_to_end(session):
    rr, got = _verdicts(session, "verdicts.mtg")
    assert got == ["holds", "fails", "holds", "fails", "holds", "fails", "holds", "holds", "holds", "fails"]
    assert rr.status == "failed"
    assert [c.line for c in rr.claims] == list(range(8, 18))
    assert rr.claims[1].message == "false in every outcome"


def test_unsupported_ability_makes_claims_undetermined(session):
    rr, got = _verdicts(session, "undetermined.mtg")
    assert got == ["undetermined"] * 4
    assert rr.status == "undetermined"
    assert all("Odd Bear" in c.message for c in rr.claims)
