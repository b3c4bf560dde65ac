"""Card files -> `Card`s: card text (.txt, language.md section 1), MTGJSON or
Scryfall JSON (.json), JSON Lines (.jsonl) and gzip-compressed JSON Lines
(.jsonl.gz, recognised by its magic bytes whatever the name says).

Every problem with the input is a `ParseError` with the file, line, column and
what was expected: invalid JSON, bytes that are not UTF-8, an empty file, a
document that holds no card objects.  Never a traceback.
"""

from __future__ import annotations

import gzip
import json
import zlib

from mtgkb.parser.card_ast import Card
from mtgkb.parser.cardjson import card_from_json, iter_card_objects
from mtgkb.parser.errors import ParseError, check_numbers, split_lines
from mtgkb.parser.frame import parse_card_text

from .sources import decode_utf8, read_bytes

_GZIP_MAGIC = b"\x1f\x8b"
GZIP_MAX_BYTES = 128 * 1024 * 1024   # decompressed .gz content: at most 128 MiB


def _gunzip(data: bytes, path: str, limit: int = GZIP_MAX_BYTES) -> bytes:
    """Streamed decompression that stops past `limit` bytes (a gzip bomb is an error,
    never a MemoryError)."""
    import io

    with gzip.GzipFile(fileobj=io.BytesIO(data)) as gz:
        out = gz.read(limit + 1)
    if len(out) > limit:
        raise ParseError(f"the decompressed content is too large (more than {limit // (1024 * 1024)} MiB)",
                         path, 1, 1, expected=(f"at most {limit // (1024 * 1024)} MiB of card data",))
    return out


def _json_error(e: json.JSONDecodeError, path: str, text: str, line_offset: int = 0) -> ParseError:
    lines = split_lines(text)
    src = lines[e.lineno - 1] if 0 < e.lineno <= len(lines) else None
    return ParseError(f"invalid JSON: {e.msg}", path, e.lineno + line_offset, e.colno,
                      expected=("a JSON value",), source_line=src)


def _from_jsonl(text: str, path: str) -> list[Card]:
    cards: list[Card] = []
    for n, line in enumerate(split_lines(text), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise ParseError(f"invalid JSON: {e.msg}", path, n, e.colno, expected=("one JSON object per line",),
                             source_line=line) from None
        if not isinstance(obj, dict):
            raise ParseError("expected a card object on this line", path, n, 1, expected=("{",), source_line=line)
        found = list(iter_card_objects(obj))
        if not found:
            raise ParseError("this line holds no card object", path, n, 1,
                             expected=('an object with "name" and "type_line" or "type"',), source_line=line)
        for o in found:
            cards.append(card_from_json(o, file=path, line=n, record=len(cards) + 1))
    return cards


def _from_json(text: str, path: str) -> list[Card]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        if e.msg == "Extra data":  # several objects, one a line: JSON Lines in a .json file
            return _from_jsonl(text, path)
        raise _json_error(e, path, text) from None
    objs = list(iter_card_objects(doc))
    if not objs:
        raise ParseError("the JSON document holds no card objects", path, 1, 1,
                         expected=("a card object", "a list of card objects", 'MTGJSON {"data": ...}',
                                   'a Scryfall {"object": "list", "data": [...]}'))
    return [card_from_json(o, file=path, line=1, record=i) for i, o in enumerate(objs, start=1)]


def load_cards(path: str) -> list[Card]:
    """All cards of one file, in file order."""
    data = read_bytes(path, "card file")
    if data[:2] == _GZIP_MAGIC:
        try:
            data = _gunzip(data, path)
        except (OSError, EOFError, zlib.error) as e:
            raise ParseError(f"broken gzip data: {e}", path, 1, 1, expected=("a complete gzip file",)) from None
        gz = True
    else:
        gz = False
    text = decode_utf8(data, path)
    if not text.strip():
        raise ParseError("the file is empty", path, 1, 1, expected=("card text or card JSON",))
    lower = path.lower()
    first = text.lstrip()[:1]
    if gz or lower.endswith((".jsonl", ".jsonl.gz", ".ndjson")):
        return _from_jsonl(text, path)
    if lower.endswith(".json") or first in ("{", "["):
        return _from_json(text, path)
    check_numbers(text, path)  # every number of the card text in range, at its line and column
    cards = parse_card_text(text, file=path)
    if not cards:
        raise ParseError("no card found", path, 1, 1, expected=("a card block: name line, type line, abilities",))
    return cards
