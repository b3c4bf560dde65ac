"""The card database: every card face of kb/oracle-cards-2022-04.jsonl.gz, found by
name or by face name, parsed lazily (only the cards a scenario names are parsed).

Finding names needs only the names: a names-only index (name key -> line, the
display names, and the records themselves in compressed blocks) is built once,
in one pass over the JSON records, and kept in the per-user cache directory
(mtgkb.sources, ~/.cache/mtgkb-index: atomic writes, a private directory, no symbolic links), like the
LALR tables.  Its file is named and headed by a checksum of the database file and
a digest of this module's code and format, so a changed database or a changed
index format is a different file, never a stale one.  A later process reads the
index and decompresses and parses the JSON record of a face only when that face
is asked for.  Without a usable cache directory the index is built in memory.
"""

from __future__ import annotations

import gzip
import io
import json
import threading
import zlib
from functools import lru_cache
from typing import TYPE_CHECKING

from . import paths

if TYPE_CHECKING:
    from mtgkb.parser.card_ast import CardFace

_FORMAT = 1
_MAGIC = b"mtgkb card index\n"
_BLOCK = 64  # records per compressed block


def _key(name: str) -> str:
    return " ".join(name.replace("’", "'").split()).casefold()


class _Index:
    """Name key -> line number (1-based), the display names, and the text of any
    record by its line number."""

    def __init__(self, keys: dict[str, int], names: list[str], record) -> None:
        self.keys = keys
        self.names = names
        self.record = record


def _build(data: bytes) -> tuple[dict[str, int], list[str], list[str]]:
    """One pass over the database (gzip bytes): keys, display names, record lines.

    A key belongs to the first record that has it (face name before card name);
    the display names are those of the records that own at least one key."""
    keys: dict[str, int] = {}
    owners: set[int] = set()
    lines: list[str] = []
    rec_names: list[tuple] = []
    with gzip.open(io.BytesIO(data), "rt", encoding="utf-8") as fh:
        for n, line in enumerate(fh, start=1):
            lines.append(line)
            head = json.loads(line)
            got = tuple(x for x in (head.get("face_name"), head.get("name")) if x)
            rec_names.append(got)
            for name in got:
                k = _key(name)
                if k not in keys:
                    keys[k] = n
                    owners.add(n)
    names = sorted({x for n in owners for x in rec_names[n - 1]})
    return keys, names, lines


def _code_digest() -> str:
    import hashlib

    from . import __version__

    h = hashlib.sha256(f"{_FORMAT}\0{__version__}\0".encode())
    try:
        with open(__file__, "rb") as fh:
            h.update(fh.read())
    except OSError:
        pass
    return h.hexdigest()[:16]


def _cache_name(data: bytes) -> str:
    return f"cards-{len(data):x}-{zlib.crc32(data):08x}-{_code_digest()}.index"


def _encode(name: str, keys: dict[str, int], names: list[str], lines: list[str]) -> bytes:
    blocks, offsets, at = [], [], 0
    for i in range(0, len(lines), _BLOCK):
        b = zlib.compress("".join(lines[i:i + _BLOCK]).encode("utf-8"), 6)
        blocks.append(b)
        offsets.append([at, len(b)])
        at += len(b)
    index = json.dumps({"keys": list(keys), "lines": list(keys.values()), "names": names, "records": len(lines),
                        "blocks": offsets}, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    payload = index + b"".join(blocks)
    header = json.dumps({"file": name, "index_bytes": len(index), "payload_bytes": len(payload),
                         "crc32": zlib.crc32(payload)}).encode("ascii")
    return _MAGIC + header + b"\n" + payload


def _decode(name: str, raw: bytes) -> _Index | None:
    """The index of a cache file's bytes, or None when they are not a whole, valid
    index for this database and this code (`name` says which)."""
    try:
        if not raw.startswith(_MAGIC):
            return None
        end = raw.index(b"\n", len(_MAGIC))
        header = json.loads(raw[len(_MAGIC):end])
        payload = memoryview(raw)[end + 1:]
        if (header.get("file") != name or header.get("payload_bytes") != len(payload)
                or header.get("crc32") != zlib.crc32(payload)):
            return None
        n_index = header["index_bytes"]
        doc = json.loads(bytes(payload[:n_index]))
        keys, lines, names, blocks = doc["keys"], doc["lines"], doc["names"], doc["blocks"]
        records = doc["records"]
        if not (type(records) is int and len(keys) == len(lines) and len(blocks) == (records + _BLOCK - 1) // _BLOCK
                and set(map(type, keys)) <= {str} and set(map(type, names)) <= {str} and set(map(type, lines)) <= {int}
                and (not lines or (min(lines) >= 1 and max(lines) <= records))):
            return None
        blob = bytes(payload[n_index:])
    except (ValueError, KeyError, TypeError, AttributeError):
        return None

    @lru_cache(maxsize=16)
    def block(b: int) -> list[str]:
        off, size = blocks[b]
        return io.StringIO(zlib.decompress(blob[off:off + size]).decode("utf-8")).readlines()

    def record(n: int) -> str:
        return block((n - 1) // _BLOCK)[(n - 1) % _BLOCK]

    return _Index(dict(zip(keys, lines)), names, record)


def _load_index(data: bytes) -> _Index:
    """The index of the database `data`: from the cache, else built (and cached)."""
    from .sources import read_cache, write_cache

    name = _cache_name(data)
    raw = read_cache(name)
    if raw is not None:
        got = _decode(name, raw)
        if got is not None:
            return got
    keys, names, lines = _build(data)
    write_cache(name, _encode(name, keys, names, lines))
    return _Index(keys, names, lambda n: lines[n - 1])


class CardDatabase:
    def __init__(self, source=None) -> None:
        self._source = source if source is not None else paths.card_database()
        self._idx: _Index | None = None
        self._lock = threading.Lock()

    @staticmethod
    def key(name: str) -> str:
        return _key(name)

    def _index(self) -> _Index:
        with self._lock:
            if self._idx is None:
                with self._source.open("rb") as fh:
                    self._idx = _load_index(fh.read())
            return self._idx

    def names(self) -> list[str]:
        return sorted(self._index().keys)

    def __contains__(self, name: str) -> bool:
        return self.key(name) in self._index().keys

    @lru_cache(maxsize=4096)
    def face(self, name: str) -> CardFace | None:
        """The face with this name (a full card name gives its first face)."""
        from mtgkb.parser.cardjson import card_from_json

        idx = self._index()
        n = idx.keys.get(self.key(name))
        if n is None:
            return None
        card = card_from_json(json.loads(idx.record(n)), file=f"kb/{paths.DATABASE_NAME}", line=n)
        return card.faces[0]

    def name_table(self):
        """The names as a lookup table for scenario parsing, built once."""
        if getattr(self, "_table", None) is None:
            from mtgkb.parser.scenario_lexer import NameTable
            self._table = NameTable(self.all_names())
        return self._table

    def all_names(self) -> set[str]:
        """Display names of every card and face (for recognising names in scenarios)."""
        return set(self._index().names)


_default: tuple[str, CardDatabase] | None = None   # (the MTGKB_CARDS it was chosen by, the database)


def default_database() -> CardDatabase:
    """The card database of this process: the one `--cards` / MTGKB_CARDS chooses
    (mtgkb.card_import), else the embedded one.  Kept while that choice stays the same;
    a changed MTGKB_CARDS (say, a later `--cards` in the same process, or a worker
    process forked from it) chooses again."""
    global _default
    import os

    from .card_import import ENV, selected

    choice = os.environ.get(ENV, "")
    if _default is None or _default[0] != choice:
        _default = (choice, CardDatabase(selected()))
    return _default[1]
