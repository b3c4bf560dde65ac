"""Where the package's own data lives: rules.lp and kb/.  The same lookup serves an
editable install and a wheel (importlib.resources on the installed packages)."""

from __future__ import annotations

from importlib.resources import as_file, files
from importlib.resources.abc import Traversable

DATABASE_NAME = "oracle-cards-2022-04.jsonl.gz"


def rules_text() -> str:
    """The whole answer-set program: rules.lp, then the parts in mtgkb/rules/*.lp
    (card meaning, ...) in the order of their file names."""
    root = files("mtgkb")
    parts = [root.joinpath("rules.lp").read_text(encoding="utf-8")]
    extra = root.joinpath("rules")
    if extra.is_dir():
        for p in sorted((p for p in extra.iterdir() if p.name.endswith(".lp")), key=lambda p: p.name):
            parts.append(p.read_text(encoding="utf-8"))
    return "\n".join(parts)


def kb_root() -> Traversable:
    return files("mtgkb.kb")


def card_database() -> Traversable:
    return kb_root().joinpath(DATABASE_NAME)


def reference(name: str) -> Traversable:
    return kb_root().joinpath("reference").joinpath(name)


def embedded_rulings():
    """The directory of embedded ruling checks, as a real path (context manager)."""
    return as_file(kb_root().joinpath("rulings"))
