"""`mtgkb show --layers`: each characteristic through layers 1-7 (mtgkb.layer_trace)."""

from __future__ import annotations

import json

import pytest

from conftest import run_main_captured

BOARD = """scenario "layers"
  given:
    Alice controls Grizzly Bears.
    Grizzly Bears becomes a Zombie.
    Grizzly Bears gets +3/+3 until end of turn.
"""


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    p = tmp_path_factory.mktemp("layers") / "b.mtg"
    p.write_text(BOARD, encoding="utf-8")
    return run_main_captured(["show", str(p), "--layers"]), run_main_captured(["show", str(p), "--layers", "--json"])


def test_each_layer_that_changed_something_with_its_effect_and_timestamp(shown):
    (rc, out, err), _ = shown
    assert rc == 0 and err == ""
    lines = out.splitlines()
    i = lines.index("    through the layers:")
    trace = lines[i + 1:]
    assert trace[0].startswith("      layer 1   613.1a  (printed) name Grizzly Bears; card type creature; subtype Bear")
    layer4 = next(ln for ln in trace if ln.startswith("      layer 4 "))
    assert "+ subtype Zombie" in layer4 and "- subtype Bear" in layer4
    assert any("effect: adds subtype Zombie; timestamp 2; line 4: Grizzly Bears becomes a Zombie." in ln for ln in trace)
    layer7c = next(ln for ln in trace if ln.startswith("      layer 7c "))
    assert "+3 power from an effect (timestamp 3, line 5: Grizzly Bears gets +3/+3 until end of turn.)" in layer7c
    assert any(ln.startswith("      result    613.4   power 5; toughness 5") for ln in trace)
    # layers nothing touched are not listed
    assert not any(ln.startswith(("      layer 2 ", "      layer 3 ", "      layer 5 ", "      layer 6 ")) for ln in trace)


def test_without_the_flag_there_is_no_trace(tmp_path):
    p = tmp_path / "b.mtg"
    p.write_text(BOARD, encoding="utf-8")
    rc, out, _ = run_main_captured(["show", str(p)])
    assert rc == 0 and "through the layers" not in out
    rc, out, _ = run_main_captured(["show", str(p), "--json"])
    assert "layers" not in json.loads(out)["blocks"][0]["objects"][0]


def test_json_rows_name_the_layer_rule_and_its_title(shown):
    _, (rc, out, _) = shown
    rows = json.loads(out)["blocks"][0]["objects"][0]["layers"]
    assert [r["layer"] for r in rows] == ["1", "4", "7b", "7c", "="]
    assert rows[0]["rule"] == "613.1a" and rows[0]["title"].startswith("Layer 1:")
    assert rows[1]["title"].startswith("Layer 4:")
    assert rows[0]["source"] == "printed"
