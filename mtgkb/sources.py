"""Reading input files: bytes -> text with clear errors (UTF-8, empty files)."""

from __future__ import annotations

import os

from mtgkb.parser.errors import ParseError


def read_bytes(path: str, what: str = "file") -> bytes:
    """The bytes of a file; a missing or unreadable file is a ParseError at 1:1."""
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        raise ParseError("no such file", path, 1, 1, expected=(f"an existing {what}",)) from None
    except IsADirectoryError:
        raise ParseError(f"is a directory, not a {what}", path, 1, 1, expected=(f"a {what}",)) from None
    except OSError as e:
        raise ParseError(f"cannot read the file: {e.strerror or e}", path, 1, 1,
                         expected=(f"a readable {what}",)) from None


def decode_utf8(data: bytes, path: str) -> str:
    """UTF-8 text without a byte-order mark; a bad byte is reported at its line and column."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        before = data[: e.start]
        line = before.count(b"\n") + 1
        col = e.start - (before.rfind(b"\n") + 1) + 1
        raise ParseError(f"the file is not UTF-8 text (byte 0x{data[e.start]:02x})", path, line, col,
                         expected=("UTF-8 encoded text",)) from None
    return text[1:] if text.startswith("\ufeff") else text


def read_text(path: str) -> str:
    return decode(read_bytes(path), path)


def decode(data: bytes, path: str) -> str:
    """A scenario file's text: UTF-8 and not empty."""
    text = decode_utf8(data, path)
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
