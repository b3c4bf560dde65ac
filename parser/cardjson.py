"""Importer: card objects from MTGJSON (AtomicCards / AllPrintings), Scryfall, and
the project's JSON Lines database -> `Card`, through the same Oracle grammar.

Recognised shapes:
- our database line / MTGJSON card: name, faceName, manaCost|mana_cost, type|type_line,
  text|oracle_text, power, toughness, loyalty, colors;
- Scryfall: the same in snake_case, with multi-face cards in `card_faces`;
- MTGJSON AtomicCards: {"data": {"Name": [face, ...]}}; AllPrintings:
  {"data": {"SET": {"cards": [...]}}}.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from .card_ast import Card, CardFace
from .errors import NUMBER_MAX, ParseError, check_field, clip, too_large
from .frame import face_from_fields


def _get(obj: dict, *keys: str) -> Any:
    for k in keys:
        if k in obj and obj[k] is not None:
            return obj[k]
    return None


# The card fields read, and the JSON types each may have (null is "absent").
_TEXT_FIELDS = (("face_name", "faceName", "name"), ("type_line", "type"), ("mana_cost", "manaCost"),
                ("oracle_text", "text"), ("layout",))
_NUMBER_FIELDS = ("power", "toughness", "loyalty")   # a string ("2", "*", "1+*") or a whole number


def _type_name(v: Any) -> str:
    return {dict: "an object", list: "a list", bool: "true/false", int: "a number", float: "a number",
            str: "a string"}.get(type(v), type(v).__name__)


def _bad(msg: str, file: str, line: int, record: int | None, expected: tuple[str, ...]) -> ParseError:
    where = f"card record {record}: " if record is not None else ""
    return ParseError(where + msg, file, line, 1, expected=expected)


def _check_record(obj: dict, file: str, line: int, record: int | None, what: str = "") -> None:
    """The JSON types of the fields read, and their characters: a positioned error
    (file, line, record number), never an internal error."""
    for keys in _TEXT_FIELDS:
        for k in keys:
            v = obj.get(k)
            if v is None:
                continue
            if not isinstance(v, str):
                raise _bad(f'{what}"{k}" is {_type_name(v)}', file, line, record, (f'a string for "{k}"',))
            check_field(v, file, line, f'{"card record " + str(record) + ": " if record is not None else ""}'
                        f'{what}"{k}"', single_line=k not in ("oracle_text", "text"))
            _check_numbers(v, file, line, record, f'{what}"{k}"')
    for k in _NUMBER_FIELDS:
        v = obj.get(k)
        if v is None:
            continue
        if isinstance(v, bool) or not isinstance(v, (str, int)):
            raise _bad(f'{what}"{k}" is {_type_name(v)}', file, line, record, (f'a string or a whole number for "{k}"',))
        if isinstance(v, str):
            check_field(v, file, line, f'{what}"{k}"')
        _check_numbers(str(v), file, line, record, f'{what}"{k}"')
    colors = obj.get("colors")
    if colors is not None and not (isinstance(colors, list) and all(isinstance(c, str) and len(c) <= 16
                                                                    for c in colors)):
        raise _bad(f'{what}"colors" is {_type_name(colors)}' + (" holding something other than short strings"
                                                                   if isinstance(colors, list) else ""),
                   file, line, record, ('a list of color letters such as ["G"]',))
    faces = obj.get("card_faces")
    if faces is not None:
        if not isinstance(faces, list):
            raise _bad(f'"card_faces" is {_type_name(faces)}', file, line, record, ("a list of face objects",))
        for i, f in enumerate(faces, start=1):
            if not isinstance(f, dict):
                raise _bad(f'face {i} of "card_faces" is {_type_name(f)}', file, line, record, ("a face object",))
            _check_record(f, file, line, record, what=f"face {i}: ")


# A number larger than NUMBER_MAX has at least as many digits as NUMBER_MAX + 1: a field
# without such a run of digits holds none (most fields: a quick look, no finditer)
_LONG_DIGITS = re.compile(r"\d{%d,}" % len(str(NUMBER_MAX + 1)))
_DIGITS = re.compile(r"\d+")


def _check_numbers(v: str, file: str, line: int, record: int | None, what: str) -> None:
    if _LONG_DIGITS.search(v) is None:
        return
    for m in _DIGITS.finditer(v):
        if too_large(m.group(0)):
            raise _bad(f"{what} holds the number {clip(m.group(0), 20)}, larger than {NUMBER_MAX:,}",
                       file, line, record, (f"a number from 0 to {NUMBER_MAX:,}",))


def face_from_json(obj: dict, *, file: str = "<json>", line: int = 1, record: int | None = None) -> CardFace:
    if not isinstance(obj, dict):
        raise _bad(f"a card face is {_type_name(obj)}", file, line, record, ("{",))
    _check_record(obj, file, line, record)
    return _checked_face(obj, file, line)


def _checked_face(obj: dict, file: str, line: int) -> CardFace:
    """A face object whose fields `_check_record` has checked (as a card, or as a face of one)."""
    name = _get(obj, "face_name", "faceName", "name")
    type_line = _get(obj, "type_line", "type")
    if not isinstance(name, str) or not name:
        raise ParseError("card object has no name", file, line, 1, expected=('"name"',))
    if not isinstance(type_line, str):
        raise ParseError(f"card object {name!r} has no type line", file, line, 1, expected=('"type_line"', '"type"'))
    colors = _get(obj, "colors")
    return face_from_fields(
        name=name,
        mana_cost=_get(obj, "mana_cost", "manaCost"),
        type_line=type_line,
        oracle_text=_get(obj, "oracle_text", "text") or "",
        power=_str(_get(obj, "power")),
        toughness=_str(_get(obj, "toughness")),
        loyalty=_str(_get(obj, "loyalty")),
        colors=tuple(colors) if isinstance(colors, list) else None,
        file=file, line=line,
    )


def _str(v: Any) -> str | None:
    return None if v is None else str(v)


def card_from_json(obj: dict, *, file: str = "<json>", line: int = 1, record: int | None = None) -> Card:
    """One card object.  A Scryfall object with `card_faces` gives one Card with
    several faces; a database line or MTGJSON face gives a one-face Card named by
    its full name (e.g. "Glasspool Mimic // Glasspool Shore").  A field of the wrong
    JSON type or holding a control character is a ParseError naming `record` (the
    card's number in the file, from 1) when given."""
    if not isinstance(obj, dict):
        raise _bad(f"expected a JSON object for a card, found {_type_name(obj)}", file, line, record, ("{",))
    _check_record(obj, file, line, record)
    layout = obj.get("layout") or "normal"
    if isinstance(obj.get("card_faces"), list) and obj["card_faces"]:
        # each face was checked with the card (its fields, and the card's colors it inherits)
        faces = tuple(_checked_face({**f, "colors": f.get("colors", obj.get("colors"))}, file, line)
                      for f in obj["card_faces"])
        return Card(name=obj.get("name") or " // ".join(f.name for f in faces), faces=faces, layout=layout)
    face = _checked_face(obj, file, line)   # checked above
    return Card(name=obj.get("name") or face.name, faces=(face,), layout=layout)


def iter_card_objects(doc: Any) -> Iterator[dict]:
    """Card objects inside a parsed JSON document of any supported shape."""
    if isinstance(doc, list):
        for x in doc:
            yield from iter_card_objects(x)
    elif isinstance(doc, dict):
        if "data" in doc and isinstance(doc["data"], (dict, list)):
            yield from iter_card_objects(doc["data"])
        elif "cards" in doc and isinstance(doc["cards"], list):
            yield from iter_card_objects(doc["cards"])
        elif ("type_line" in doc or "type" in doc) and "name" in doc:
            yield doc
        elif doc.get("object") == "list" and isinstance(doc.get("data"), list):
            yield from iter_card_objects(doc["data"])
        else:
            for v in doc.values():
                if isinstance(v, (list, dict)):
                    yield from iter_card_objects(v)
