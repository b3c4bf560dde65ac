"""Where the package's own data lives: rules.lp and kb/.  The same lookup serves an
editable install and a wheel (importlib.resources on the installed packages)."""

from __future__ import annotations

from importlib.resources import as_file, files
from importlib.resources.abc import Traversable

DATABASE_NAME = "oracle-cards-2022-04.jsonl.gz"


def rules_text() -> str:
    return files("mtgkb").joinpath("rules.lp").read_text(encoding="utf-8")


def kb_root() -> Traversable:
    return files("mtgkb.kb")


def card_database() -> Traversable:
    return kb_root().joinpath(DATABASE_NAME)


def reference(name: str) -> Traversable:
    return kb_root().joinpath("reference").joinpath(name)


def embedded_rulings():
    """The directory of embedded ruling checks, as a real path (context manager)."""
    return as_file(kb_root().joinpath("rulings"))
