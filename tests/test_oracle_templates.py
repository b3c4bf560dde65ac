"""Golden tests of the Oracle grammar: one ability line in, kind and terms out
(docs/oracle-meaning.md is the vocabulary)."""

from __future__ import annotations

import pytest

from mtgkb.parser.oracle import parse_ability_line
from mtgkb.parser.terms import render


def parse(text: str, name: str = "Test Card", supertypes=(), types=("Creature",)):
    return parse_ability_line(text, name, supertypes=supertypes, types=types)


def rendered(ab):
    return {
        "kind": ab.kind,
        "costs": [render(c) for c in ab.costs],
        "trigger": render(ab.trigger) if ab.trigger is not None else None,
        "condition": render(ab.condition) if ab.condition is not None else None,
        "effects": [render(e) for e in ab.effects],
        "riders": [render(r) for r in ab.riders],
    }


GOLDEN = [
    # 605.1a mana abilities
    ("{T}: Add {G}.", {"kind": "mana", "costs": ["tap"], "effects": ["add(mana(g))"]}),
    ("{T}: Add {G} or {U}.", {"kind": "mana", "costs": ["tap"], "effects": ["add(one_of(mana(g),mana(u)))"]}),
    ("{T}: Add {C}{C}.", {"kind": "mana", "costs": ["tap"], "effects": ["add(mana(c,c))"]}),
    ("{T}: Add one mana of any color.", {"kind": "mana", "effects": ["add(any_color(1))"]}),
    # 702 keywords
    ("Flying, haste", {"kind": "keyword", "effects": ["keyword(flying)", "keyword(haste)"]}),
    ("Changeling (This card is every creature type.)", {"kind": "keyword", "effects": ["keyword(changeling)"]}),
    ("Enchant land", {"kind": "keyword", "effects": ["keyword(enchant(land))"]}),
    ("Equip {2}", {"kind": "keyword", "effects": ["keyword(equip(mana(generic(2))))"]}),
    # 604 statics
    ("Enchanted land is snow.", {"kind": "static",
                                 "effects": ["characteristic(enchanted(land),add_supertype(snow))"]}),
    # 603 triggers
    ("When Test Card enters the battlefield, draw a card.",
     {"kind": "triggered", "trigger": "when(enters(self))"}),
]


@pytest.mark.parametrize("text,expected", GOLDEN, ids=[g[0][:40] for g in GOLDEN])
def test_golden(text, expected):
    got = rendered(parse(text))
    for k, v in expected.items():
        assert got[k] == v, (k, got)


def test_enters_wordings_parse_the_same():
    a = parse("When Test Card enters the battlefield, draw a card.")
    b = parse("When Test Card enters, draw a card.")
    assert rendered(a) == rendered(b)


def test_unsupported_line_is_kept_with_position():
    ab = parse("Frobnicate the zorblax thoroughly.")
    assert ab.kind == "unsupported" and not ab.understood
    assert ab.text == "Frobnicate the zorblax thoroughly." and ab.reason


def test_grammar_aliases_do_not_shadow_transformer_methods():
    """A rule alias named like a lark Transformer method ("transform") would call
    that method instead of building a term."""
    import re
    from importlib.resources import files

    from lark import Transformer

    text = files("mtgkb.parser").joinpath("oracle.lark").read_text(encoding="utf-8")
    names = set(re.findall(r"-> (\w+)", text)) | set(re.findall(r"^[?!]?(\w+)\s*:", text, re.M))
    assert not [n for n in names if hasattr(Transformer, n)]


def test_grammar_is_lalr_strict():
    from mtgkb.parser.oracle import _parser

    p = _parser()
    assert p.options.parser == "lalr" and p.options.strict
