"""`mtgkb parse --terms`: each ability's structured meaning, so that a reader can audit
what the grammar made of a line (text and JSON; without the flag the output is unchanged)."""

from __future__ import annotations

import json

from mtgkb.schemas import validate

CARD = ("Spawning Bed\nLand\n{T}: Add {C}.\n"
        "{6}, {T}, Sacrifice Spawning Bed: Create three 1/1 colorless Eldrazi Scion creature tokens. "
        "They have \"Sacrifice this creature: Add {C}.\"\n\n"
        "Odd Relic {2}\nArtifact\nWhenever the moon wobbles, frobnicate.\n")


def _file(tmp_path):
    f = tmp_path / "cards.txt"
    f.write_text(CARD, encoding="utf-8")
    return str(f)


def test_terms_text(cli, tmp_path):
    code, out, err = cli("parse", _file(tmp_path), "--terms")
    assert code == 0, err
    lines = out.splitlines()
    i = lines.index("  [mana] line 3: {T}: Add {C}.")
    assert lines[i + 1:i + 3] == ["      costs: tap", "      effects: add(mana(c))"]
    # the quoted ability belongs to the tokens, inside the effect that grants it
    assert "      costs: sacrifice(self)" in lines
    assert any(l.startswith("      effects: statement(they,has(abilities(quoted(ability(mana,") for l in lines)
    # an unsupported line says what the grammar expected instead
    j = next(k for k, l in enumerate(lines) if "Whenever the moon wobbles" in l)
    assert lines[j].startswith("  [UNSUPPORTED]") and lines[j + 1].startswith("      unsupported: ")


def test_terms_json(cli, tmp_path):
    code, out, _ = cli("parse", _file(tmp_path), "--terms", "--json")
    assert code == 0
    bed = json.loads(out)["cards"][0]
    assert bed["abilities"][0]["terms"] == {"costs": ["tap"], "effects": ["add(mana(c))"]}
    assert bed["abilities"][1]["kind"] == "activated"
    assert bed["abilities"][1]["terms"]["costs"] == ["mana(generic(6))", "tap", "sacrifice(self)"]
    odd = json.loads(out)["cards"][1]["abilities"][0]
    assert odd["understood"] is False and odd["terms"]["unsupported"]
    validate(json.loads(out))


def test_without_terms_unchanged(cli, tmp_path):
    code, out, _ = cli("parse", _file(tmp_path), "--json")
    assert code == 0
    assert all("terms" not in a for c in json.loads(out)["cards"] for a in c["abilities"])
