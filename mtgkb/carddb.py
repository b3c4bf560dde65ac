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

from mtgkb.parser.errors import ParseError, check_field

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


DATABASE_MAX_BYTES = 256 * 1024 * 1024   # a database's decompressed records: at most 256 MiB
COMPRESSED_MAX_BYTES = 64 * 1024 * 1024  # and its .jsonl.gz file: at most 64 MiB
RECORD_MAX_BYTES = 1024 * 1024           # one record (one line): at most 1 MiB
RECORDS_MAX = 200_000                    # and at most this many records (the embedded one has 23,544)


def _records(data: bytes, source: str):
    """(line number, record object) of a database file's bytes, decompressed as a
    stream: a file that is not gzip, is cut short, decompresses past
    DATABASE_MAX_BYTES or RECORDS_MAX lines, has a line past RECORD_MAX_BYTES, a line that is not UTF-8
    or not a JSON object, or a name that is not a printable string is a ParseError
    at its line (never a MemoryError or a traceback)."""
    total, n = 0, 0
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as gz:
            while True:
                raw = gz.readline(RECORD_MAX_BYTES + 1)
                if not raw:
                    return
                n += 1
                total += len(raw)
                if n > RECORDS_MAX:
                    raise ParseError(f"the database holds more than {RECORDS_MAX:,} records", source, n, 1,
                                     expected=("a database written by mtgkb cards import",))
                if total > DATABASE_MAX_BYTES:
                    raise ParseError(f"the decompressed database is too large (more than "
                                     f"{DATABASE_MAX_BYTES // (1024 * 1024)} MiB)", source, n, 1,
                                     expected=("a database written by mtgkb cards import",))
                if len(raw) > RECORD_MAX_BYTES:
                    raise ParseError(f"the record is too long (more than {RECORD_MAX_BYTES // 1024} KiB)", source,
                                     n, 1, expected=("one card record per line",))
                try:
                    line = raw.decode("utf-8")
                    head = json.loads(line)
                except UnicodeDecodeError as e:
                    raise ParseError(f"not UTF-8 ({e.reason})", source, n, e.start + 1,
                                     expected=("UTF-8 text",)) from None
                except ValueError as e:
                    raise ParseError(f"invalid JSON: {getattr(e, 'msg', e)}", source, n, getattr(e, "colno", 1),
                                     expected=("one card record (a JSON object) per line",)) from None
                if not isinstance(head, dict):
                    raise ParseError("expected a card record (a JSON object)", source, n, 1, expected=("{",))
                for field in ("face_name", "name"):
                    v = head.get(field)
                    if v is not None and not isinstance(v, str):
                        raise ParseError(f'"{field}" is not a string', source, n, 1,
                                         expected=(f'a string for "{field}"',))
                    if v:
                        check_field(v, source, n, f'"{field}"')
                yield n, line, head
    except (OSError, EOFError, zlib.error) as e:   # not gzip (BadGzipFile is an OSError), damaged, cut short
        raise ParseError(f"not a readable .jsonl.gz database ({e})", source, max(n, 1), 1,
                         expected=("a database written by mtgkb cards import",)) from None


def _build(data: bytes, source: str = "<card database>") -> tuple[dict[str, int], list[str], list[str]]:
    """One pass over the database (gzip bytes): keys, display names, record lines.

    A key belongs to the first record that has it (face name before card name);
    the display names are those of the records that own at least one key."""
    keys: dict[str, int] = {}
    owners: set[int] = set()
    lines: list[str] = []
    rec_names: list[tuple] = []
    for n, line, head in _records(data, source):
        lines.append(line)
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


def _load_index(data: bytes, source: str = "<card database>") -> _Index:
    """The index of the database `data` (read from `source`): from the cache, else
    built (and cached)."""
    from .sources import read_cache, write_cache

    name = _cache_name(data)
    raw = read_cache(name)
    if raw is not None:
        got = _decode(name, raw)
        if got is not None:
            return got
    keys, names, lines = _build(data, source)
    write_cache(name, _encode(name, keys, names, lines))
    return _Index(keys, names, lambda n: lines[n - 1])


class CardDatabase:
    def __init__(self, source=None) -> None:
        self._source_is_embedded = source is None
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
                    data = fh.read(COMPRESSED_MAX_BYTES + 1)
                if len(data) > COMPRESSED_MAX_BYTES:
                    raise ParseError(f"the database file is too large (more than "
                                     f"{COMPRESSED_MAX_BYTES // (1024 * 1024)} MiB)", self.file, 1, 1,
                                     expected=("a database written by mtgkb cards import",))
                self._idx = _load_index(data, self.file)
            return self._idx

    @property
    def file(self) -> str:
        """The database's file as errors name it (kb/... for the embedded one)."""
        if self._source_is_embedded:
            return f"kb/{paths.DATABASE_NAME}"
        return str(self._source)

    def load(self) -> CardDatabase:
        """Read (or build) the name index now: a database file that is not one is a
        ParseError at its line here, before any ruling is read."""
        self._index()
        return self

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
        card = card_from_json(json.loads(idx.record(n)), file=self.file, line=n)
        return card.faces[0]

    def name_table(self):
        """The names as a lookup table for scenario parsing, built once."""
        if getattr(self, "_table", None) is None:
            from mtgkb.parser.scenario_lexer import NameTable
            self._table = NameTable(self._index().names)   # as all_names(), without the set
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
