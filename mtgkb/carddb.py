"""The card database: every card face of kb/oracle-cards-2022-04.jsonl.gz, found by
name or by face name, parsed lazily (only the cards a scenario names are parsed)."""

from __future__ import annotations

import gzip
import json
import threading
from functools import lru_cache

from mtgkb.parser.card_ast import Card, CardFace
from mtgkb.parser.cardjson import card_from_json

from . import paths


class CardDatabase:
    def __init__(self, source=None) -> None:
        self._source = source if source is not None else paths.card_database()
        self._raw: dict[str, tuple[int, str]] | None = None  # key -> (line, json text)
        self._lock = threading.Lock()

    @staticmethod
    def key(name: str) -> str:
        return " ".join(name.replace("’", "'").split()).casefold()

    def _index(self) -> dict[str, tuple[int, str]]:
        with self._lock:
            if self._raw is None:
                raw: dict[str, tuple[int, str]] = {}
                with self._source.open("rb") as fh, gzip.open(fh, "rt", encoding="utf-8") as lines:
                    for n, line in enumerate(lines, start=1):
                        # Only the names are read now; the rest is parsed on demand.
                        head = json.loads(line)
                        for name in (head.get("face_name"), head.get("name")):
                            if name:
                                raw.setdefault(self.key(name), (n, line))
                self._raw = raw
            return self._raw

    def names(self) -> list[str]:
        return sorted(self._index())

    def __contains__(self, name: str) -> bool:
        return self.key(name) in self._index()

    @lru_cache(maxsize=4096)
    def face(self, name: str) -> CardFace | None:
        """The face with this name (a full card name gives its first face)."""
        entry = self._index().get(self.key(name))
        if entry is None:
            return None
        n, line = entry
        card = card_from_json(json.loads(line), file=f"kb/{paths.DATABASE_NAME}", line=n)
        return card.faces[0]

    def name_table(self):
        """The names as a lookup table for scenario parsing, built once."""
        if getattr(self, "_table", None) is None:
            from mtgkb.parser.scenario_lexer import NameTable
            self._table = NameTable(self.all_names())
        return self._table

    def all_names(self) -> set[str]:
        """Display names of every card and face (for recognising names in scenarios)."""
        out = set()
        for _, line in self._index().values():
            d = json.loads(line)
            for n in (d.get("face_name"), d.get("name")):
                if n:
                    out.add(n)
        return out


_default: CardDatabase | None = None


def default_database() -> CardDatabase:
    global _default
    if _default is None:
        _default = CardDatabase()
    return _default
