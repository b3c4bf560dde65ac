"""The JSON Schemas of mtgkb's documents (mtgkb/schemas/*.json): valid draft 2020-12
schemas, shipped as package data, and real outputs of each command validate."""

from __future__ import annotations

import json
import re
import tomllib
from importlib.resources import files

import jsonschema
import pytest

from conftest import DATA, REPO, run_main_captured
from mtgkb.schemas import NAMES, schema, schema_of, validate

BOARD = """scenario "three lands"
  given:
    Alice controls Snow-Covered Forest, Forest and Island.
    Bob controls Snow-Covered Island.
"""
CARDS = ("Grizzly Bears {1}{G}\nCreature — Bear\n2/2\n\nLlanowar Elves {G}\nCreature — Elf Druid\n"
         "{T}: Add {G}.\n1/1\n\nOdd Bear {1}{G}\nCreature — Bear\nFrobnicate.\n2/2\n")


@pytest.mark.parametrize("name", sorted(NAMES))
def test_each_schema_is_a_valid_2020_12_schema(name):
    s = schema(name)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(s)
    assert s["properties"]["schema"] == {"const": name, "description": s["properties"]["schema"]["description"]}
    assert "schema" in s["required"]


def test_shipped_as_package_data():
    shipped = sorted(p.name for p in files("mtgkb.schemas").iterdir() if p.name.endswith(".json"))
    assert shipped == sorted(NAMES.values())
    conf = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "mtgkb.schemas" in conf["packages"] and conf["package-data"]["mtgkb.schemas"] == ["*.json"]


def test_documented():
    doc = (REPO / "docs" / "schemas.md").read_text(encoding="utf-8")
    for name, file in NAMES.items():
        assert f"`{name}`" in doc and file in doc, name


def _json(argv, code):
    rc, out, err = run_main_captured(argv)
    assert rc == code, err
    return json.loads(out)


@pytest.fixture(scope="module")
def tmp(tmp_path_factory):
    d = tmp_path_factory.mktemp("schemas")
    (d / "board.mtg").write_text(BOARD, encoding="utf-8")
    (d / "cards.txt").write_text(CARDS, encoding="utf-8")
    return d


@pytest.fixture(scope="module")
def check_doc():
    return _json(["check", "--jobs", "1", "--json", "--stats", str(DATA / "verdicts.mtg"),
                  str(DATA / "undetermined.mtg"), str(DATA / "bad_sentence.mtg")], 2)


def test_check_document_validates(check_doc):
    assert check_doc["schema"] == "mtgkb.check/1"
    assert check_doc["errors"] and check_doc["results"][0]["seconds"] > 0
    validate(check_doc)
    assert {r["status"] for r in check_doc["results"]} == {"failed", "undetermined"}


def test_schemas_can_fail(check_doc):
    """The schemas say something: documents with a wrong shape are refused."""
    bad = json.loads(json.dumps(check_doc))
    bad["results"][0]["status"] = "maybe"
    with pytest.raises(jsonschema.ValidationError):
        validate(bad)
    bad = json.loads(json.dumps(check_doc))
    del bad["summary"]["failed"]
    with pytest.raises(jsonschema.ValidationError):
        validate(bad)
    bad = json.loads(json.dumps(check_doc))
    bad["results"][0]["claims"][0]["line"] = 0
    with pytest.raises(jsonschema.ValidationError):
        validate(bad)
    bad = json.loads(json.dumps(check_doc))
    bad["errors"][0]["expected"] = "a word"
    with pytest.raises(jsonschema.ValidationError):
        validate(bad)


def test_documents_may_grow(check_doc):
    """Open where documents gain fields (another field of the check document, of a result)."""
    doc = json.loads(json.dumps(check_doc))
    doc["counts"] = {"x": 1}
    doc["results"][0]["new_field"] = [1, 2]
    validate(doc)


def test_unknown_schema_name():
    with pytest.raises(KeyError):
        schema("mtgkb.nope/1")
    with pytest.raises(ValueError):
        schema_of({"no": "schema"})


def test_ask_and_why_documents_validate():
    doc = _json(["ask", "--json", str(DATA / "verdicts.mtg"), "Grizzly Bears is 3/3."], 1)
    validate(doc)
    assert doc["schema"] == "mtgkb.ask/1" and doc["claim"]["verdict"] == "fails"
    why = _json(["why", "--json", str(DATA / "verdicts.mtg"), "Grizzly Bears is 4/4."], 0)
    validate(why)
    assert why["schema"] == "mtgkb.why/1" and why["proof"]["rules"]


def test_rule_document_validates():
    doc = _json(["rule", "--json", "--tree", "613.4"], 0)
    validate(doc)
    assert [r["number"] for r in doc["rule"]["subrules"]][:3] == ["613.4a", "613.4b", "613.4c"]


def test_show_document_validates():
    doc = _json(["show", "--json", str(DATA / "verdicts.mtg")], 1)
    validate(doc)
    assert doc["blocks"][0]["objects"] and doc["blocks"][0]["timeline"]


def test_pay_document_validates(tmp):
    validate(_json(["pay", "--json", "{S}{1}", str(tmp / "board.mtg")], 0))
    doc = _json(["pay", "--json", "--count", "{G}{G}{G}{G}{G}", str(tmp / "board.mtg")], 1)
    validate(doc)
    assert doc["payable"] is False and doc["ways"] == []


def test_parse_document_validates(tmp):
    doc = _json(["parse", "--json", str(tmp / "cards.txt")], 0)
    validate(doc)
    assert [c["name"] for c in doc["cards"]] == ["Grizzly Bears", "Llanowar Elves", "Odd Bear"]


def test_coverage_document_validates(tmp):
    doc = _json(["coverage", "--json", str(tmp / "cards.txt")], 0)
    validate(doc)
    assert doc["cards"] == 3 and "applied" in doc


def test_every_printed_schema_name_has_a_schema():
    """Every `"schema": "mtgkb.x/N"` the code writes is one of ours."""
    src = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "mtgkb").rglob("*.py"))
    written = set(re.findall(r'"(mtgkb\.[a-z]+/\d+)"', src))
    assert written <= set(NAMES), written - set(NAMES)
