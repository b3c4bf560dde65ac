"""Reading input files: bytes -> text with clear errors (UTF-8, empty files)."""

from __future__ import annotations

import os

from mtgkb.parser.errors import ParseError


def read_text(path: str) -> str:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        raise ParseError("no such file", path, 1, 1, expected=("an existing file",)) from None
    except IsADirectoryError:
        raise ParseError("is a directory, not a file", path, 1, 1, expected=("a file",)) from None
    except OSError as e:
        raise ParseError(f"cannot read the file: {e.strerror}", path, 1, 1) from None
    return decode(data, path)


def decode(data: bytes, path: str) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        before = data[: e.start]
        line = before.count(b"\n") + 1
        col = e.start - (before.rfind(b"\n") + 1) + 1
        raise ParseError(f"the file is not UTF-8 text (byte 0x{data[e.start]:02x})", path, line, col,
                         expected=("UTF-8 encoded text",)) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise ParseError("the file is empty", path, 1, 1, expected=("at least one block",))
    return text


def expand_paths(paths: list[str]) -> list[str]:
    """Files as given; directories become their *.mtg files, sorted (deterministic)."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                out += [os.path.join(root, f) for f in sorted(files) if f.endswith(".mtg")]
        else:
            out.append(p)
    return out
