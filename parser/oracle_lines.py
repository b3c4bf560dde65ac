"""Oracle lines already read, kept between runs in the per-user cache directory, so that a
new `mtgkb` process whose cards' lines were all read before never loads the Oracle grammar
(its tables take about a tenth of a second to load; reading a kept line takes tens of
microseconds).

What is kept is what `oracle._parse_normalised` gives for one normalised line (the Ability
fields, or the reason the line is not understood), in `marshal` form (strings, numbers,
tuples and dicts: loading it runs no code), under a name made from the line and a key: the
hash of this format, Python's and lark's versions, and every file the reading depends on
(the parser package's modules and grammars, the subtype lists of kb/reference/).  A file
with another key, or that does not decode to those fields exactly, is not used; a missing,
stale or damaged file only costs the parse.  Files are written atomically through
`cache_files` (private directory, no symbolic links).

Only the command line uses it (`enable`, from `mtgkb.cli`), and only while this process has
not loaded the grammar (once it is loaded, parsing is as cheap as reading a file).  A process
writes at most `WRITES_MAX` lines, so that reading the whole database does not write one file
per line.  A leaf beside grammar_cache."""

from __future__ import annotations

import hashlib
import marshal
import sys
from functools import lru_cache
from importlib.resources import files

from . import cache_files
from .grammar_cache import FOLDER
from .terms import Fn

_FORMAT = "mtgkb-oracle-line 1"
WRITES_MAX = 32
_REFERENCE = ("creature", "artifact", "enchantment", "land", "planeswalker", "spell")

_state = {"on": False, "writes": 0}


def enable(on: bool = True) -> None:
    """Use the kept lines in this process (the command line does)."""
    _state["on"] = on


def enabled() -> bool:
    return _state["on"]


@lru_cache(maxsize=1)
def _key() -> bytes:
    import lark

    h = hashlib.sha256(f"{_FORMAT}\0{sys.version}\0{lark.__version__}\0".encode())
    pkg = files("mtgkb.parser")
    for p in sorted((p for p in pkg.iterdir() if p.name.endswith((".py", ".lark"))), key=lambda p: p.name):
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    ref = files("mtgkb.kb").joinpath("reference")
    for kind in _REFERENCE:
        h.update(ref.joinpath(f"{kind}-types.txt").read_bytes() + b"\0")
    return h.hexdigest().encode("ascii")


def _name(text: str) -> str:
    return "line-" + hashlib.sha256(_key() + b"\0" + text.encode("utf-8", "surrogatepass")).hexdigest()[:40] + ".oracle"


def read(text: str):
    """The kept result of `text` (a dict of Ability fields or a str), or None."""
    got = cache_files.read_marshal(FOLDER, _name(text), _key() + b"\n")
    if type(got) is not tuple or len(got) != 2 or got[0] != text:
        return None
    try:
        return _decoded(got[1])
    except (ValueError, TypeError):
        return None


def keep(text: str, result) -> None:
    """Keep the result of `text` (nothing when this process wrote its share, or when the result
    holds anything but plain strings, numbers, None, tuples and terms)."""
    if _state["writes"] >= WRITES_MAX:
        return
    try:
        enc = _encoded(result)
    except TypeError:
        return
    _state["writes"] += 1
    cache_files.write_cache(FOLDER, _name(text), _key() + b"\n" + marshal.dumps((text, enc)))


_PLAIN = (str, int, bool, type(None))


def _encoded(v):
    """A result as plain data: a term is ("F", name, args), a tuple ("T", items), a dict of
    fields ("D", ((key, value), ...)); strings, numbers, booleans and None as they are."""
    t = type(v)
    if t is Fn:
        return ("F", _plain_str(v.name), tuple(_encoded(a) for a in v.args))
    if t is tuple:
        return ("T", tuple(_encoded(x) for x in v))
    if t is dict:
        return ("D", tuple((_plain_str(k), _encoded(x)) for k, x in v.items()))
    if t in _PLAIN:
        return v
    raise TypeError(t.__name__)


def _plain_str(s) -> str:
    if type(s) is not str:
        raise TypeError(type(s).__name__)
    return s


def _decoded(v):
    t = type(v)
    if t is tuple:
        tag = v[0] if v else None
        if tag == "F" and len(v) == 3 and type(v[1]) is str and type(v[2]) is tuple:
            return Fn(v[1], tuple(_decoded(a) for a in v[2]))
        if tag == "T" and len(v) == 2 and type(v[1]) is tuple:
            return tuple(_decoded(x) for x in v[1])
        if tag == "D" and len(v) == 2 and type(v[1]) is tuple:
            out = {}
            for kv in v[1]:
                if type(kv) is not tuple or len(kv) != 2 or type(kv[0]) is not str:
                    raise ValueError("a field")
                out[kv[0]] = _decoded(kv[1])
            return out
        raise ValueError("an unknown shape")
    if t in _PLAIN:
        return v
    raise ValueError(t.__name__)
