"""The table of scenario sentence forms (parser/scenario_forms.py) and `parse_claim`."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest

from mtgkb.parser.errors import ParseError
from mtgkb.parser.scenario import parse_claim
from mtgkb.parser.scenario_forms import CLAIM_HANDLERS, GIVEN_HANDLERS, OBJECT_CLAIM_HANDLERS
from mtgkb.parser.terms import fn

GRAMMAR = files("mtgkb.parser").joinpath("scenario.lark").read_text(encoding="utf-8")
RULES = set(re.findall(r"->\s*(\w+)", GRAMMAR)) | set(re.findall(r"(?m)^[?!]?(\w+)\s*:", GRAMMAR))


@pytest.mark.parametrize("table", [GIVEN_HANDLERS, CLAIM_HANDLERS, OBJECT_CLAIM_HANDLERS],
                         ids=["given", "claims", "object_claims"])
def test_every_form_of_the_table_is_a_rule_of_the_grammar(table):
    assert table and not set(table) - RULES


def test_the_tables_do_not_share_a_form():
    assert not (GIVEN_HANDLERS.keys() & CLAIM_HANDLERS.keys())
    assert not (CLAIM_HANDLERS.keys() & OBJECT_CLAIM_HANDLERS.keys())


def test_parse_claim_about_existing_objects():
    c = parse_claim("Grizzly Bears is a green creature.", names=["Grizzly Bears"], handles=["Grizzly Bears"])
    o = fn("h", "Grizzly Bears")
    assert c.queries == (fn("color", o, fn("g")), fn("card_type", o, fn("creature")))
    assert (c.modality, c.negated, c.pos.file) == ("must", False, "<claim>")


def test_parse_claim_modal_and_negated():
    c = parse_claim("  Alice may control a token that is a copy of Grizzly Bears. ", handles=["Grizzly Bears"])
    assert c.text == "Alice may control a token that is a copy of Grizzly Bears."
    c = parse_claim("Grizzly Bears is not tapped.", handles=["Grizzly Bears"])
    assert c.negated and c.queries == (fn("tapped", fn("h", "Grizzly Bears")),)


def test_parse_claim_names_an_unknown_object():
    with pytest.raises(ParseError) as e:
        parse_claim("Grizzly Bears is tapped.", names=["Grizzly Bears"])
    assert "no object called 'Grizzly Bears'" in str(e.value)
