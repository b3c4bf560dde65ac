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

from typing import Any, Iterator

from .card_ast import Card, CardFace
from .errors import ParseError
from .frame import face_from_fields


def _get(obj: dict, *keys: str) -> Any:
    for k in keys:
        if k in obj and obj[k] is not None:
            return obj[k]
    return None


def face_from_json(obj: dict, *, file: str = "<json>", line: int = 1) -> CardFace:
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


def card_from_json(obj: dict, *, file: str = "<json>", line: int = 1) -> Card:
    """One card object.  A Scryfall object with `card_faces` gives one Card with
    several faces; a database line or MTGJSON face gives a one-face Card named by
    its full name (e.g. "Glasspool Mimic // Glasspool Shore")."""
    if not isinstance(obj, dict):
        raise ParseError("expected a JSON object for a card", file, line, 1, expected=("{",))
    layout = obj.get("layout") or "normal"
    if isinstance(obj.get("card_faces"), list) and obj["card_faces"]:
        faces = tuple(face_from_json({**f, "colors": f.get("colors", obj.get("colors"))}, file=file, line=line)
                      for f in obj["card_faces"])
        return Card(name=obj.get("name") or " // ".join(f.name for f in faces), faces=faces, layout=layout)
    face = face_from_json(obj, file=file, line=line)
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
