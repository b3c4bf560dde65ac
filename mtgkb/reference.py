"""Reference facts: the lists of creature, artifact, enchantment and land types
(kb/reference/, 205.3) as facts every solve reads.  A leaf above `paths`."""

from __future__ import annotations

from clingo import String, Symbol

from . import paths
from .symbols import atom


def _read_list(name: str) -> list[str]:
    text = paths.reference(name).read_text(encoding="utf-8")
    return [l.strip() for l in text.splitlines() if l.strip() and not l.startswith("#")]


def reference_facts() -> list[Symbol]:
    out = []
    for fname, pred in (("creature-types.txt", "creature_type"), ("artifact-types.txt", "artifact_type"),
                        ("enchantment-types.txt", "enchantment_type"), ("land-types.txt", "land_type")):
        out += [atom(pred, String(s)) for s in _read_list(fname)]
        if pred != "land_type":  # CR 111.4: a token's name is its subtypes plus "Token"
            out += [atom("token_name", String(s), String(s + " Token")) for s in _read_list(fname)]
    return out
