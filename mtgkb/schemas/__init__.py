"""The JSON Schemas (draft 2020-12) of the JSON documents mtgkb prints, shipped as
package data (docs/schemas.md).

    >>> from mtgkb.schemas import schema
    >>> schema("mtgkb.check/1")["title"]
    'mtgkb check --format json'

Each document names its schema in its "schema" key; `schema_of(doc)` finds it.
`validate(doc)` checks a document against it with the `jsonschema` package (not a
dependency of mtgkb: install it to validate)."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib.resources import files

__all__ = ["NAMES", "schema", "schema_of", "validate"]

# document name -> schema file in this package
NAMES = {
    "mtgkb.check/1": "check-1.json",
    "mtgkb.ask/1": "ask-1.json",
    "mtgkb.pay/1": "pay-1.json",
    "mtgkb.parse/1": "parse-1.json",
    "mtgkb.coverage/1": "coverage-1.json",
    "mtgkb.show/1": "show-1.json",
    "mtgkb.why/1": "why-1.json",
    "mtgkb.rule/1": "rule-1.json",
}


@lru_cache(maxsize=None)
def _load(name: str) -> str:
    return files(__name__).joinpath(NAMES[name]).read_text(encoding="utf-8")


def schema(name: str) -> dict:
    """The schema of the document called `name` (such as "mtgkb.check/1"), a new dict
    each call.  KeyError for a name mtgkb does not print."""
    if name not in NAMES:
        raise KeyError(f"no schema called {name!r}; known: {', '.join(NAMES)}")
    return json.loads(_load(name))


def schema_of(doc: dict) -> dict:
    """The schema a document names in its "schema" key."""
    if not isinstance(doc, dict) or not isinstance(doc.get("schema"), str):
        raise ValueError("not an mtgkb document: it has no \"schema\" key")
    return schema(doc["schema"])


def validate(doc: dict) -> None:
    """Raise jsonschema.ValidationError when `doc` does not have the shape its schema
    describes (needs the `jsonschema` package)."""
    try:
        import jsonschema
    except ImportError:
        raise ImportError("validating needs the jsonschema package: pip install jsonschema") from None
    s = schema_of(doc)
    jsonschema.Draft202012Validator(s, format_checker=jsonschema.FormatChecker()).validate(doc)
