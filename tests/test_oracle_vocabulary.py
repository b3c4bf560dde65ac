"""docs/oracle-meaning.md is the vocabulary of the Oracle grammar: every term name the
grammar emits over the whole embedded database has a row in its appendix (regenerate with
`python -m mtgkb.vocabulary docs/oracle-meaning.md`)."""

from __future__ import annotations

from pathlib import Path

from mtgkb.parser.card_ast import Ability, Card, CardFace
from mtgkb.parser.terms import fn
from mtgkb.vocabulary import documented_names, rewrite_appendix, vocabulary
from oracle_support import database_cards

DOC = Path(__file__).resolve().parents[1] / "docs" / "oracle-meaning.md"


def test_every_emitted_term_name_is_documented():
    emitted = vocabulary(database_cards())
    missing = sorted(set(emitted) - documented_names(DOC.read_text(encoding="utf-8")))
    assert missing == [], f"undocumented term names (first lines): {[(n, emitted[n]) for n in missing]}"


def _card(*abilities: Ability) -> Card:
    return Card(name="X", faces=(CardFace(name="X", mana_cost=None, supertypes=(), types=("Artifact",), subtypes=(),
                                          abilities=abilities),))


def test_vocabulary_reads_every_part_and_skips_unsupported_lines():
    ab = Ability(kind="activated", text="{T}: Frob. (reminder)", line=1, costs=(fn("tap"),),
                 effects=(fn("frob", fn("inner")),), riders=(fn("activate_only", fn("sorcery")),))
    bad = Ability(kind="unsupported", text="Nope.", line=2, understood=False, effects=(fn("never"),))
    names = vocabulary([_card(ab, bad)])
    assert names == {n: "{T}: Frob." for n in ("activate_only", "frob", "inner", "sorcery", "tap")}


def test_rewrite_keeps_rows_and_adds_missing_ones():
    doc = "# x\n## 11. Appendix: every term name the grammar emits, with it\n\n| term | first |\n|---|---|\n| `b` | B line |\n"
    out = rewrite_appendix(doc, {"a": "A | line", "b": "other"})
    assert out.endswith("| `a` | A \\| line |\n| `b` | B line |\n")
    assert documented_names(out) == {"a", "b"}
