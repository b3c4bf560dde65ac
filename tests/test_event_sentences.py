"""Event sentences: every event and claim form of the scenario language
parses to its sentence kind and arguments (golden, parser only)."""

from __future__ import annotations

import pytest

from mtgkb.parser.errors import ParseError
from mtgkb.parser.scenario import parse_scenario
from mtgkb.parser.terms import fn

NAMES = ("Grizzly Bears", "Llanowar Elves", "Orvar, the All-Form", "Giant Growth", "Mind Rot", "Hooded Hydra",
         "Twin Bolt", "Cytoshape", "Mirror Entity", "Littjara Glade-Warden")

HEAD = """ruling "t"
  about: Orvar, the All-Form
  given:
    Alice controls Orvar, the All-Form.
    Alice controls Grizzly Bears.
    Alice controls Llanowar Elves.
    Alice controls Mirror Entity.
    Alice controls Littjara Glade-Warden.
    Giant Growth is in Alice's hand.
"""


def parse(given: list[str], expect: list[str] = ("No token is created.",)):
    text = HEAD + "".join(f"    {g}\n" for g in given) + "  expect:\n" + "".join(f"    {e}\n" for e in expect)
    return parse_scenario(text, file="t.mtg", known_names=lambda: NAMES).blocks[0]


GIVEN = [
    ("Alice casts Giant Growth targeting Grizzly Bears.", "tl_cast",
     {"player": "Alice", "object": "Giant Growth", "new": False, "targets": (("obj", "Grizzly Bears"),), "x": None}),
    ("Bob casts Mind Rot targeting Alice.", "tl_cast", {"player": "Bob", "new": True, "targets": (("player", "Alice"),)}),
    ("Alice casts Hooded Hydra with X = 3.", "tl_cast", {"x": 3, "targets": ()}),
    ("Alice casts Twin Bolt targeting Grizzly Bears and Llanowar Elves.", "tl_cast",
     {"targets": (("obj", "Grizzly Bears"), ("obj", "Llanowar Elves"))}),
    ("Alice casts Cytoshape targeting Llanowar Elves, choosing Grizzly Bears.", "tl_cast",
     {"choosing": "Grizzly Bears", "targets": (("obj", "Llanowar Elves"),)}),
    ("Alice activates Mirror Entity's ability with X = 4.", "tl_activate",
     {"ability": ("ab", "Mirror Entity", "any", 0), "x": 4}),
    ("Alice activates Littjara Glade-Warden's ability targeting Grizzly Bears.", "tl_activate",
     {"targets": (("obj", "Grizzly Bears"),)}),
    ("Orvar, the All-Form's first triggered ability resolves, choosing Grizzly Bears.", "tl_resolve",
     {"item": ("ab", "Orvar, the All-Form", "triggered", 1), "choosing": "Grizzly Bears", "discard": None}),
    ("Mirror Entity's ability resolves.", "tl_resolve", {"item": ("ab", "Mirror Entity", "any", 0)}),
    ("Giant Growth resolves.", "tl_resolve", {"item": ("obj", "Giant Growth"), "choosing": None}),
    ("Giant Growth resolves and Alice discards Orvar, the All-Form.", "tl_resolve",
     {"discard": ("Alice", "Orvar, the All-Form")}),
    ("Grizzly Bears leaves the battlefield.", "tl_zone", {"to": "graveyard", "dies": False}),
    ("Grizzly Bears dies.", "tl_zone", {"to": "graveyard", "dies": True}),
    ("Grizzly Bears is exiled.", "tl_zone", {"to": "exile"}),
    ("Grizzly Bears is returned to its owner's hand.", "tl_zone", {"to": "hand"}),
    ("Giant Growth is countered.", "tl_zone", {"to": "graveyard", "countered": True}),
    ("Alice discards Orvar, the All-Form.", "tl_discard", {"player": "Alice", "object": "Orvar, the All-Form"}),
    ("Alice's beginning of combat step begins.", "tl_step", {"player": "Alice", "step": "combat"}),
    ("Alice's upkeep begins.", "tl_step", {"step": "upkeep"}),
    ("Bob's draw step begins.", "tl_step", {"player": "Bob", "step": "draw"}),
    ("Alice's end step begins.", "tl_step", {"step": "end"}),
    ("Alice taps Grizzly Bears for mana.", "tl_tap", {"player": "Alice", "object": "Grizzly Bears"}),
    ("Alice taps Llanowar Elves for {G}.", "tl_tap", {"object": "Llanowar Elves"}),
]


@pytest.mark.parametrize("text,kind,args", GIVEN, ids=[g[0] for g in GIVEN])
def test_given_sentence(text, kind, args):
    s = parse([text]).given[-1]
    assert s.kind == kind
    for k, v in args.items():
        assert s.args[k] == v, (k, s.args)


def h(x):
    return fn("h", x)


CLAIMS = [
    ("Orvar, the All-Form's first triggered ability triggers.", "must", False,
     (fn("tl_triggered", fn("ab_ref", h("Orvar, the All-Form"), fn("triggered"), 1)),)),
    ("Orvar, the All-Form's first triggered ability does not trigger.", "must", True,
     (fn("tl_triggered", fn("ab_ref", h("Orvar, the All-Form"), fn("triggered"), 1)),)),
    ("Orvar, the All-Form's first triggered ability resolves before Giant Growth.", "must", False,
     (fn("tl_before", fn("ab_ref", h("Orvar, the All-Form"), fn("triggered"), 1), fn("obj_ref", h("Giant Growth"))),)),
    ("Alice controls a token that is a copy of Grizzly Bears.", "must", False,
     (fn("tl_token_copy", "Alice", h("Grizzly Bears")),)),
    ("Alice controls a token that's a copy of Grizzly Bears.", "must", False,
     (fn("tl_token_copy", "Alice", h("Grizzly Bears")),)),
    ("Alice may control a token that is a copy of Llanowar Elves.", "must", False,
     (fn("tl_may", fn("tl_token_copy", "Alice", h("Llanowar Elves"))),)),
    ("Alice does not control a token that is a copy of Llanowar Elves.", "must", True,
     (fn("tl_token_copy", "Alice", h("Llanowar Elves")),)),
    ("No token is created.", "must", False, (fn("tl_no_token"),)),
    ("Alice controls 2 permanents named Grizzly Bears.", "must", False,
     (fn("tl_count_named", "Alice", 2, "Grizzly Bears"),)),
    ("Alice controls one permanent named Grizzly Bears.", "must", False,
     (fn("tl_count_named", "Alice", 1, "Grizzly Bears"),)),
    ("Hooded Hydra has X = 0.", "must", False, None),
    ("The ability of Hooded Hydra that refers to X uses X = 3.", "must", False,
     (fn("tl_ability_x", h("Hooded Hydra"), 3),)),
    ("The token that is a copy of Grizzly Bears is 2/2.", "must", False,
     (fn("pt", h("\u27e8token copy of Grizzly Bears\u27e9"), 2, 2),)),
    ("The token that is a copy of Grizzly Bears is not legendary.", "must", True, None),
]


@pytest.mark.parametrize("text,modality,negated,queries", CLAIMS, ids=[c[0] for c in CLAIMS])
def test_claim(text, modality, negated, queries):
    given = ["Alice casts Hooded Hydra with X = 1."] if "Hydra" in text else []
    c = parse(given, [text]).expect[0]
    assert (c.modality, c.negated) == (modality, negated)
    if queries is not None:
        assert c.queries == queries


def test_resolving_an_unknown_object_is_a_parse_error():
    with pytest.raises(ParseError) as e:
        parse(["Twin Bolt resolves."])
    assert "no object called 'Twin Bolt'" in str(e.value)
