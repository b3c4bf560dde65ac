"""The shipped Comprehensive Rules: parsed by number (mtgkb.crtext), `mtgkb rule`, and
a ruling's `cites:` checked against them."""

from __future__ import annotations

import json
import re

import pytest

from conftest import REPO, RULINGS_DIR

from mtgkb import crtext

SHARED_CR = REPO.parent.parent / "shared" / "reference" / crtext.CR_FILE


def test_the_shipped_file_is_the_cr_unchanged_when_the_shared_copy_is_present():
    shipped = REPO / "kb" / "reference" / crtext.CR_FILE
    assert shipped.is_file()
    if SHARED_CR.is_file():
        assert shipped.read_bytes() == SHARED_CR.read_bytes()


def test_every_numbered_line_of_the_rules_part_is_a_rule_with_its_parent():
    rs = crtext.rules()
    text = (REPO / "kb" / "reference" / crtext.CR_FILE).read_text(encoding="utf-8").splitlines()
    start = crtext._rules_start(text)
    end = max(i for i, line in enumerate(text) if line.strip() == "Glossary")
    numbers = {m.group(0).rstrip(". ") for line in text[start:end]
               if (m := re.match(r"^\d{3}\.\d+[a-z]*\.? |^\d{3}\. ", line))}
    assert len(numbers) > 2500
    assert numbers <= set(rs.by_number)
    for n in numbers:
        parent = rs[n].parent
        assert parent in rs.by_number and n in rs[parent].children


def test_a_rule_has_its_title_line_text_and_subrules_in_order():
    rs = crtext.rules()
    r = rs["613.4"]
    assert r.children == ["613.4a", "613.4b", "613.4c", "613.4d"]
    assert rs["613.4c"].title.startswith("Layer 7c:")
    assert rs["613.4c"].parent == "613.4"
    assert rs["613"].title == "Interaction of Continuous Effects"
    assert rs["6"].title == "Spells, Abilities, and Effects"
    # examples belong to the text of the rule above them
    assert any(t.startswith("Example:") for t in rs["613.4d"].text[1:])
    assert crtext.title("613.4b").startswith("Layer 7b:")
    assert crtext.title("613.4z") == ""


def test_parsed_once_per_process():
    assert crtext.rules() is crtext.rules()


def test_headline_is_the_first_sentence_of_the_title_line():
    rs = crtext.rules()
    h = rs.headline("613.4b")
    assert h.startswith("Layer 7b:") and h.endswith("applied.")
    assert "base power" not in h          # the second sentence is left off
    assert len(rs.headline("702.19b", limit=40)) == 40


@pytest.mark.parametrize("bad", ["613.4z", "613.99", "614.1zz", "999"])
def test_lookup_of_a_missing_number_names_the_nearest(bad):
    with pytest.raises(crtext.UnknownRule) as e:
        crtext.rules().lookup(bad)
    assert "not in the Comprehensive Rules" in str(e.value)


def test_lookup_suggests_existing_numbers():
    with pytest.raises(crtext.UnknownRule) as e:
        crtext.rules().lookup("613.4z")
    assert e.value.nearest and all(n in crtext.rules() for n in e.value.nearest)
    assert e.value.nearest[0] == "613.4"


@pytest.mark.parametrize("bad", ["abc", "613.4.c", "1000", "", "6134c", "613,4"])
def test_lookup_of_a_malformed_number(bad):
    with pytest.raises(crtext.UnknownRule) as e:
        crtext.rules().lookup(bad)
    assert "is not a rule number" in str(e.value)


# ----------------------------------------------------------------------------- mtgkb rule

def test_rule_command_prints_the_rule(cli):
    rc, out, err = cli("rule", "613.4c")
    assert rc == 0 and err == ""
    assert out.startswith("613.4c Layer 7c: ")
    assert out.count("\n") == 1


def test_rule_command_accepts_a_trailing_period(cli):
    assert cli("rule", "613.4.")[1] == cli("rule", "613.4")[1]


def test_rule_command_names_subrules_and_tree_prints_them(cli):
    rc, out, _ = cli("rule", "613.4")
    assert rc == 0 and out.startswith("613.4. Within layer 7") and "613.4a to 613.4d" in out
    assert "613.4b Layer 7b" not in out
    rc, out, _ = cli("rule", "613.4", "--tree")
    lines = out.splitlines()
    assert rc == 0 and lines[0].startswith("613.4. ")
    assert [ln.strip()[:6] for ln in lines if re.match(r"^  613\.4[a-d] ", ln)] == \
        ["613.4a", "613.4b", "613.4c", "613.4d"]


def test_rule_command_json(cli):
    rc, out, _ = cli("rule", "613.4", "--json", "--tree")
    doc = json.loads(out)
    assert rc == 0 and doc["schema"] == "mtgkb.rule/1"
    r = doc["rule"]
    assert r["number"] == "613.4" and r["parent"] == "613"
    assert [s["number"] for s in r["subrules"]] == ["613.4a", "613.4b", "613.4c", "613.4d"]
    rc, out, _ = cli("rule", "613.4", "--json")
    assert json.loads(out)["rule"]["subrules"] == ["613.4a", "613.4b", "613.4c", "613.4d"]


def test_rule_command_unknown_number_is_bad_input(cli):
    rc, out, err = cli("rule", "613.4z")
    assert rc == 2 and out == ""
    assert err.count("\n") == 1
    assert "613.4z is not in the Comprehensive Rules" in err and "did you mean 613.4" in err


def test_rule_command_malformed_number_is_bad_input(cli):
    rc, out, err = cli("rule", "seven")
    assert rc == 2 and out == "" and err.count("\n") == 1 and "'seven' is not a rule number" in err


# ----------------------------------------------------------------------------- cites

BOARD = """ruling "a cited rule"
  cites: {cites}
  given:
    Alice controls Grizzly Bears.
  expect:
    Grizzly Bears is 2/2.
"""


def _write(tmp_path, cites: str):
    p = tmp_path / "cites.mtg"
    p.write_text(BOARD.format(cites=cites), encoding="utf-8")
    return str(p)


def test_a_cite_not_in_the_cr_is_bad_input_at_its_position(cli, tmp_path):
    path = _write(tmp_path, "613.4c, 613.4z")
    rc, out, err = cli("check", "--jobs", "1", path)
    assert rc == 2
    first = err.splitlines()[0]
    assert first.startswith(f"{path}:2:18: error: rule 613.4z is not in the Comprehensive Rules"), err
    assert "a rule number that the Comprehensive Rules have" in err


def test_the_second_end_of_a_range_is_checked(cli, tmp_path):
    path = _write(tmp_path, "613.1-613.9z")
    rc, _, err = cli("check", "--jobs", "1", path)
    assert rc == 2 and f"{path}:2:16: error: rule 613.9z" in err


def test_cites_that_exist_pass(cli, tmp_path):
    path = _write(tmp_path, "613.4b, 613.4c, 208, 613.1-613.4")
    rc, out, err = cli("check", "--jobs", "1", path)
    assert rc == 0 and "1 passed" in out, err


def test_ask_and_why_check_cites_too(cli, tmp_path):
    path = _write(tmp_path, "122.1z")
    rc, _, err = cli("ask", path, "Grizzly Bears is 2/2.")
    assert rc == 2 and ":2:10: error: rule 122.1z" in err


def test_every_shipped_ruling_cites_rules_of_the_cr():
    rs = crtext.rules()
    cited = set()
    for path in RULINGS_DIR.rglob("*.mtg"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip().startswith("cites:"):
                for c in line.split(":", 1)[1].split(","):
                    cited.update(x.strip() for x in c.split("-"))
    assert cited and not [c for c in cited if c not in rs]


def test_the_scenario_parser_does_not_read_the_cr():
    text = (REPO / "parser" / "scenario.py").read_text(encoding="utf-8")
    assert "crtext" not in text and "comprehensive-rules" not in text
