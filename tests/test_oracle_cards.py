"""Cards of the database and of language.md: fully understood, deterministic,
and the card-file loader's errors."""

from __future__ import annotations

import gzip
import json
from functools import lru_cache

import pytest

from mtgkb import paths
from mtgkb.cardfiles import load_cards
from mtgkb.coverage import coverage, fully_understood, is_changeling, is_copy, is_mana_ability_line, is_snow
from mtgkb.parser.cardjson import card_from_json
from mtgkb.parser.errors import ParseError
from mtgkb.parser.terms import render

# The seed cards and every card named in language.md, plus a card with
# a Myr mana rider ("Spend this mana only to cast Myr spells ...").
NAMED = [
    "Moritte of the Frost", "Orvar, the All-Form", "Littjara Glade-Warden", "Glittering Frost", "Forest",
    "Snow-Covered Island", "Snow-Covered Forest", "Llanowar Elves", "Grizzly Bears", "Hooded Hydra",
    "Giant Growth", "Twin Bolt", "Cytoshape", "Coldsteel Heart", "Mind Rot", "Birds of Paradise",
    "Mirror Entity", "Mutavault", "Changeling Outcast", "Turn to Frog", "Mishra's Factory", "Reflecting Pool",
    "Breeding Pool", "Icehide Golem", "Spark Double", "Clone", "Obstinate Baloth", "Nameless Inversion",
    "Exotic Orchard", "Fellwar Stone", "Command Tower", "Mana Reflection", "Pili-Pala", "Wild Growth",
    "Heartbeat of Spring", "Mana Flare", "Kinnan, Bonder Prodigy", "Amorphous Axe", "Maskwood Nexus",
    "Phantasmal Image", "Quicksilver Gargantuan", "Progenitor Mimic", "Glasspool Mimic", "Helm of the Host",
    "Littjara Kinseekers", "Humility", "Opalescence", "Myr Reservoir",
]


@lru_cache(maxsize=1)
def _rows() -> dict[str, dict]:
    out = {}
    with gzip.open(paths.card_database(), "rt", encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            out.setdefault(d.get("face_name") or d["name"], d)
            out.setdefault(d["name"], d)
    return out


@pytest.mark.parametrize("name", NAMED)
def test_named_card_fully_understood(name):
    row = _rows()[name]
    card = card_from_json(row)
    bad = [(a.text, a.reason) for f in card.faces for a in f.abilities if not a.understood]
    assert not bad, bad
    assert fully_understood(card)


def test_moritte_copy_exceptions_are_structured():
    card = card_from_json(_rows()["Moritte of the Frost"])
    ab = card.faces[0].abilities[1]
    assert ab.kind == "replacement"
    t = render(ab.effects[0])
    assert t.startswith("with_exceptions(may(you,cause(self,enters_with(as_copy(")
    assert t.endswith("exceptions(adds(supertype(legendary)),adds(supertype(snow)),"
                      "if(card_type(creature),counters(pt(1,1),2)),"
                      "if(card_type(creature),adds(ability(keyword(changeling))))))")


def test_copy_exception_forms():
    want = {
        "Spark Double": "exceptions(if(card_type(creature),counters(pt(1,1),1)),"
                        "if(card_type(planeswalker),counters(loyalty,1)),"
                        "if(is(that(desc(none,types(group(permanent)),where)),supertypes(supertype_list(legendary))),"
                        "drops(supertype(legendary))))",
        "Quicksilver Gargantuan": "exceptions(set_pt(7,7))",
        "Glasspool Mimic": 'exceptions(adds(subtype("Shapeshifter")),adds(subtype("Rogue")))',
    }
    for name, tail in want.items():
        ab = [a for a in card_from_json(_rows()[name]).faces[0].abilities if "copy" in a.text][0]
        assert "," + tail + ")" == render(ab.effects[0])[-len(tail) - 2:], (name, render(ab.effects[0]))
    img = [a for a in card_from_json(_rows()["Phantasmal Image"]).faces[0].abilities][0]
    t = render(img.effects[0])
    assert 'adds(subtype("Illusion"))' in t and "adds(ability(quoted(ability(triggered," in t


def test_glittering_frost_is_a_triggered_mana_ability():
    card = card_from_json(_rows()["Glittering Frost"])
    kinds = [a.kind for a in card.faces[0].abilities]
    assert kinds == ["keyword", "static", "mana"]
    trig = card.faces[0].abilities[2]
    assert render(trig.trigger) == "whenever(tapped_for_mana(enchanted(land)))"
    assert render(trig.effects[0]) == "statement(its_controller,add_additional(any_color(1)))"


def _valid(t) -> bool:
    from mtgkb.parser.terms import Fn
    if isinstance(t, Fn):
        return isinstance(t.name, str) and all(_valid(a) for a in t.args)
    return isinstance(t, (str, int)) and not isinstance(t, bool)


def test_terms_are_terms():
    """Every meaning is made of Fn/str/int only (what mtgkb.facts maps onto clingo)."""
    for r in list(_rows().values())[:3000]:
        for f in card_from_json(r).faces:
            for ab in f.abilities:
                for t in ab.costs + ab.effects + ab.riders + tuple(x for x in (ab.trigger, ab.condition) if x is not None):
                    assert _valid(t), (ab.text, t)


def test_parse_is_deterministic():
    rows = list(_rows().values())[:400]
    a = [[(ab.kind, render_all(ab)) for f in card_from_json(r).faces for ab in f.abilities] for r in rows]
    b = [[(ab.kind, render_all(ab)) for f in card_from_json(r).faces for ab in f.abilities] for r in rows]
    assert a == b


def render_all(ab):
    return (tuple(render(c) for c in ab.costs), render(ab.trigger) if ab.trigger else "",
            render(ab.condition) if ab.condition else "", tuple(render(e) for e in ab.effects),
            tuple(render(r) for r in ab.riders))


def test_classifiers():
    assert is_mana_ability_line("{T}: Add {G}.")
    assert is_mana_ability_line("Whenever enchanted land is tapped for mana, its controller adds an additional {G}.")
    assert not is_mana_ability_line("{T}: Target player adds {G}.")
    assert not is_mana_ability_line("[+1]: Add {R}{R}.")
    rows = _rows()
    assert is_changeling(card_from_json(rows["Changeling Outcast"]))
    assert is_snow(card_from_json(rows["Snow-Covered Forest"]))
    assert is_copy(card_from_json(rows["Clone"]))


def test_coverage_document_shape():
    cards = [card_from_json(_rows()[n]) for n in NAMED[:10]]
    doc = coverage(cards + [card_from_json({"name": "X", "type_line": "Instant", "oracle_text": "Frobnicate."})])
    assert doc["schema"] == "mtgkb.coverage/1"
    assert doc["cards"] == 11 and doc["fully_understood"] == 10
    assert doc["unsupported_top"] == [{"text": "Frobnicate.", "count": 1}]
    assert set(doc) >= {"cards", "fully_understood", "abilities", "understood_abilities", "unsupported_top"}


# ---- card files ----------------------------------------------------------------

def test_load_text_json_jsonl_gz(tmp_path):
    txt = tmp_path / "c.txt"
    txt.write_text("Grizzly Bears {1}{G}\nCreature — Bear\n2/2\n\nLlanowar Elves {G}\nCreature — Elf Druid\n"
                   "{T}: Add {G}.\n1/1\n", encoding="utf-8")
    assert [c.name for c in load_cards(str(txt))] == ["Grizzly Bears", "Llanowar Elves"]
    row = _rows()["Llanowar Elves"]
    js = tmp_path / "c.json"
    js.write_text(json.dumps({"data": {"Llanowar Elves": [row]}}), encoding="utf-8")
    assert [c.name for c in load_cards(str(js))] == ["Llanowar Elves"]
    jl = tmp_path / "c.jsonl"
    jl.write_text(json.dumps(row) + "\n" + json.dumps(_rows()["Forest"]) + "\n", encoding="utf-8")
    assert len(load_cards(str(jl))) == 2
    gz = tmp_path / "cards.bin"  # gzip found by its magic bytes, not its name
    gz.write_bytes(gzip.compress(jl.read_bytes()))
    assert len(load_cards(str(gz))) == 2


@pytest.mark.parametrize("content,line,col", [
    (b"", 1, 1),
    (b"   \n\n", 1, 1),
    (b'{"name": "X", "type_line": "Creature"', 1, 38),
    (b'{"name": "X", "type_line": "Creature"}\n{"name": ', 2, 10),
    (b"Grizzly Bears\nCreature \xff Bear\n", 2, 10),
    (b'{"foo": 1}', 1, 1),
])
def test_load_errors_are_parse_errors(tmp_path, content, line, col):
    p = tmp_path / ("bad.jsonl" if b"\n{" in content else "bad.json" if content.startswith(b"{") else "bad.txt")
    p.write_bytes(content)
    with pytest.raises(ParseError) as ei:
        load_cards(str(p))
    e = ei.value
    assert e.file == str(p) and e.line == line and e.column == col and e.expected


def test_load_missing_file():
    with pytest.raises(ParseError):
        load_cards("/nonexistent/cards.txt")
