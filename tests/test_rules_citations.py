"""Every rule of the program (rules.lp and mtgkb/rules/*.lp) carries the CR number it
encodes in a `% CR` comment above it, which explanations quote."""

from __future__ import annotations

from clingo import ast as cast

from mtgkb import paths
from mtgkb.explain import citations


def test_every_rule_cites_its_cr_number():
    text = paths.rules_text()
    cites = citations(text)
    lines = text.splitlines()
    missing = []

    def visit(stm):
        if stm.ast_type == cast.ASTType.Rule and stm.body and stm.location.begin.line not in cites:
            missing.append(f"{stm.location.begin.line}: {lines[stm.location.begin.line - 1].strip()[:100]}")

    cast.parse_string(text, visit)
    assert not missing, "rules without a % CR comment:\n" + "\n".join(missing)
