"""User text is never program text (product.md "Non-negotiables"):
cards, handles, titles and ability text that look like clingo (`#script (python) ...
#end`, `a). :- b(`, quotes and backslashes) are only names.  Nothing runs, the names
come back unchanged, and the verdicts are the ones a plain name would get."""

from __future__ import annotations

import json
import shutil

import pytest
from clingo import Function, Number, String

from conftest import DATA, run_mtgkb

from mtgkb.parser.frame import parse_card_block
from mtgkb.parser.scenario_ast import Block, Claim, ObjectSpec, Pos, ScenarioFile, Sentence
from mtgkb.parser.terms import fn

SCRIPT = '#script (python) import os; os.system("touch PWNED") #end'
HOSTILE = [SCRIPT, "a). :- b(", 'a "quoted" name', "back\\slash\\", '\\" :- #show x. "', "#const n=1.", "%* comment",
           "Name with\nnewline"]


def _no_pwned(*dirs) -> None:
    for d in dirs:
        assert not (d / "PWNED").exists(), f"PWNED created in {d}"


@pytest.fixture
def hostile_file(in_tmp):
    dst = in_tmp / "hostile.mtg"
    shutil.copy(DATA / "hostile.mtg", dst)
    return dst


def test_hostile_names_in_a_scenario_file(cli, hostile_file, in_tmp):
    rc, out, err = cli("check", str(hostile_file), "--format", "json")
    _no_pwned(in_tmp, DATA, DATA.parent.parent)
    assert "Traceback" not in err
    assert rc == 0, err
    doc = json.loads(out)
    first, second = doc["results"]
    assert first["title"] == "a). :- b( \\;#script (python) import os; os.system('touch PWNED');#end"
    assert first["about"] == "a). :- b("
    assert first["status"] == "passed"
    assert [c["text"] for c in first["claims"]] == [
        "a). :- b( \\ is named Grizzly Bears.",
        "a). :- b( \\ is 2/2.",
        "a). :- b( is 3/3.",
        "a). :- b( is named a). :- b(.",
        "a). :- b( is not named Grizzly Bears.",
        'Evil "Quote\\ Bear is named Evil "Quote\\ Bear.',
        'Evil "Quote\\ Bear is 1/1.',
        'Evil "Quote\\ Bear is an artifact creature and a Golem.',
        'Evil "Quote\\ Bear does not have "a). :- b(;#script (python) import os; os.system(\'touch PWNED\');#end".',
    ]
    assert all(c["verdict"] == "holds" for c in first["claims"])
    # the card whose name and ability text are a script: its text is not understood,
    # so the claim about it is undetermined, and the message names it intact
    assert second["status"] == "undetermined"
    (c,) = second["claims"]
    assert c["verdict"] == "undetermined"
    assert 'Pwn#script (python) import os; os.system("touch PWNED");#end' in c["message"]


def test_hostile_handles_are_string_symbols(session, hostile_file):
    sf = session.load(str(hostile_file))
    block = sf.blocks[0]
    enc = session.encode(sf, block)
    assert list(enc.objects) == ["#script (python) import os; os.system('touch PWNED');#end", 'a). :- b( \\',
                                 "a). :- b(", 'Evil "Quote\\ Bear']
    for handle, O in enc.objects.items():
        assert Function("handle", [O, String(handle)]) in enc.facts
    pwn = sf.cards[0].faces[0]
    assert pwn.name == 'Pwn#script (python) import os; os.system("touch PWNED");#end'
    assert pwn.abilities[0].text == 'Say "#script (python) import os; os.system(\\"touch PWNED\\");#end" a). :- b( \\" \\\\ end.'


def test_hostile_text_shown_and_asked(cli, hostile_file, in_tmp):
    rc, out, err = cli("show", str(hostile_file), "--json")
    assert rc == 0, err
    doc = json.loads(out)
    handles = [o["handle"] for o in doc["blocks"][0]["objects"]]
    assert 'a). :- b( \\' in handles and 'Evil "Quote\\ Bear' in handles
    rc, out, err = cli("ask", str(hostile_file), "Pwn#script (python) import os; os.system(\"touch PWNED\");#end is 2/2.",
                       "--json")
    assert rc in (1, 0) and "Traceback" not in err
    rc, out, err = cli("ask", str(hostile_file), 'a). :- b( is 3/3.')
    _no_pwned(in_tmp)


def _hostile_block(name: str):
    """A block built through the API (no scenario syntax in the way): a card named
    `name` on the battlefield, called `name`, with claims that mention the name."""
    card = parse_card_block(f"{name} {{1}}{{G}}\nCreature — Bear\n2/2", file="<api>")
    assert card.name == name.strip() or "\n" in name
    face = card.faces[0]
    pos = Pos("<api>", 1, 1)
    spec = ObjectSpec(handle=name, card=face.name, pos=pos)
    h = fn("h", name)
    claims = [Claim("named", pos, (fn("named", h, face.name),)),
              Claim("pt", pos, (fn("pt", h, 2, 2),)),
              Claim("not pt", pos, (fn("pt", h, 3, 3),), negated=True),
              Claim("subtype", pos, (fn("subtype", h, name),), negated=True)]
    block = Block(kind="ruling", title=name, pos=pos, about=name,
                  given=[Sentence("controls", pos, "", {"player": "Alice", "objects": (spec,)})], expect=claims)
    return ScenarioFile(path="<api>", blocks=[block], cards=[card]), block, face


@pytest.mark.parametrize("name", [n for n in HOSTILE if "\n" not in n])
def test_exact_hostile_names_through_the_api(session, in_tmp, name):
    sf, block, face = _hostile_block(name)
    rr, enc, res = session.evaluate(sf, block)
    _no_pwned(in_tmp)
    assert rr.error is None
    assert [c.verdict for c in rr.claims] == ["holds", "holds", "holds", "holds"]
    assert rr.title == name and rr.about == name
    assert enc.handles[Function("o", [Number(1)])] == name
    assert Function("handle", [Function("o", [Number(1)]), String(name)]) in enc.facts
    assert Function("printed", [String(face.name), Function("name", [String(face.name)])]) in enc.facts
    assert res.satisfiable and not res.timed_out
    assert rr.to_json()["title"] == name


def test_script_named_card_in_a_file_is_a_comment_not_code(in_tmp):
    """Written at the start of a line, the `#script` name is a comment; the file is
    then missing its name line and is bad input: exit 2, nothing runs."""
    f = in_tmp / "script.mtg"
    f.write_text('card:\n  #script (python) import os; os.system("touch PWNED") #end {1}{G}\n  Creature — Bear\n  2/2\n\n'
                 'ruling "x"\n  given:\n    Alice controls Grizzly Bears.\n  expect:\n    Grizzly Bears is 2/2.\n',
                 encoding="utf-8")
    p = run_mtgkb("check", str(f), cwd=in_tmp)
    _no_pwned(in_tmp)
    assert "Traceback" not in p.stderr
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert "script.mtg:4:1: error: " in p.stderr


def test_quoted_script_in_a_called_handle_is_just_a_name(cli, in_tmp):
    """A `called "..."` handle with '#' inside the quotes: a '#' inside quotes does
    not start a comment, so the hostile text is a handle like any other and nothing runs."""
    hostile = "#script (python) import os; os.system('touch PWNED') #end"
    f = in_tmp / "called.mtg"
    f.write_text('ruling "x"\n  given:\n    Alice controls Grizzly Bears called "' + hostile + '".\n'
                 '  expect:\n    "' + hostile + '" is 2/2.\n    "' + hostile + '" is named Grizzly Bears.\n',
                 encoding="utf-8")
    rc, out, err = cli("check", str(f), "--format", "json")
    _no_pwned(in_tmp)
    assert rc == 0 and "Traceback" not in err, err
    doc = json.loads(out)
    assert doc["summary"]["passed"] == 1
    assert doc["results"][0]["claims"][0]["text"].startswith('"' + hostile)
