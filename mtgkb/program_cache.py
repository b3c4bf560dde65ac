"""The analysis of a program text (mtgkb/program_slice.py: its statements as text, their lines
and parts, the shapes of every rule), kept between runs in the per-user cache directory so
that a new process does not walk rules.lp's clingo AST again (about a second of CPU).

A file is named by the hash of the program text and of the code that analyses it (this
module, program_slice.py, clingo's and Python's versions); it holds a key line and the
analysis in `marshal` form (plain tuples, strings, numbers and frozensets: loading it runs
no code), checked for its shape before it is used.  A missing, stale or damaged file only
costs the analysis; the cache directory is the card index's (mtgkb.sources: private,
atomic writes, no symbolic links).  A leaf beside program_slice."""

from __future__ import annotations

import hashlib
import marshal
import os
import sys

import clingo

from mtgkb.parser.cache_files import read_marshal

from .sources import CACHE_FOLDER, write_cache

_FORMAT = "mtgkb-program-analysis 3"


def _code_digest() -> str:
    h = hashlib.sha256(f"{_FORMAT}\0{clingo.__version__}\0{sys.version}\0".encode())
    here = os.path.dirname(os.path.abspath(__file__))
    for name in ("program_cache.py", "program_slice.py"):
        try:
            with open(os.path.join(here, name), "rb") as fh:
                h.update(fh.read())
        except OSError:
            h.update(b"?")
    return h.hexdigest()


def _names(text: str) -> tuple[str, bytes]:
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    code = _code_digest()
    return f"program-{digest[:24]}-{code[:12]}.analysis", f"{_FORMAT} {digest} {code}\n".encode("ascii")


def _well_formed(got) -> bool:
    if not (type(got) is tuple and len(got) == 7 and all(type(x) is tuple for x in got)):
        return False
    statements, lines, parts, rules, mentions, decls, eliminating = got
    n = len(statements)
    if not all(type(i) is int and 0 <= i < n for i in eliminating):
        return False
    return (len(lines) == n and len(parts) == n and len(mentions) == n and len(decls) == n
            and all(type(s) is str for s in statements)
            and all(type(m) is frozenset and all(type(x) is tuple and len(x) == 2 for x in m) for m in mentions)
            and all(type(d) is tuple and (d == () or (len(d) == 3 and d[0] in ("defined", "show")
                                                      and type(d[1]) is str and type(d[2]) is int)) for d in decls)
            and all(type(x) is int for x in lines) and all(type(x) is str for x in parts)
            and all(type(r) is tuple and len(r) == 3 and type(r[0]) is int and 0 <= r[0] < n
                    and type(r[1]) is frozenset and type(r[2]) is frozenset for r in rules))


def read(text: str) -> tuple | None:
    """The kept analysis of `text`, or None."""
    name, key = _names(text)
    got = read_marshal(CACHE_FOLDER, name, key)
    return got if _well_formed(got) else None


def write(text: str, analysis: tuple) -> bool:
    """Keep the analysis of `text` (False when it cannot be kept)."""
    name, key = _names(text)
    return write_cache(name, key + marshal.dumps(analysis))


# what is derived by a solve (a card's meaning) is kept only by the command line (`enable`, from
# mtgkb.cli): the API and the tests solve
_solved = {"on": False}


def enable(on: bool = True) -> None:
    _solved["on"] = on


def solves_kept() -> bool:
    return _solved["on"]


def _derived_name(kind: str, inputs: tuple) -> tuple[str, bytes]:
    h = hashlib.sha256(f"{_FORMAT}\0{kind}\0{_code_digest()}\0".encode())
    for text in inputs:
        data = text.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "little") + data)
    digest = h.hexdigest()
    return f"{kind}-{digest[:32]}.derived", f"{_FORMAT} {kind} {digest}\n".encode("ascii")


def read_derived(kind: str, inputs: tuple):
    """What `write_derived(kind, inputs, ...)` kept (plain data: `marshal` form), or None.  The
    inputs are texts (a program, and the code that derives from it): any change is another file."""
    name, key = _derived_name(kind, inputs)
    return read_marshal(CACHE_FOLDER, name, key)


def write_derived(kind: str, inputs: tuple, value) -> bool:
    name, key = _derived_name(kind, inputs)
    return write_cache(name, key + marshal.dumps(value))
