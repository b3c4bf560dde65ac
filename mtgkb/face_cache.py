"""Card faces of the card database, parsed once and kept between runs.

Reading a face's Oracle text needs the Oracle grammar, and loading that grammar costs
more CPU than everything else a small check does.  A face the database gives is the same
for the same record, the same parser and the same Python, so it is kept in the per-user
cache directory (mtgkb.sources: private, atomic writes, no symbolic links), one file per
face: a later process reads it back without loading the grammar.

A file is named and headed by a key: the record (the database's identity, as the card
index names it, the database's file as errors name it, and the record's line) and a digest
of the code that makes a face (every file of the parser package -- its Python and its
grammars -- this module and carddb, and the versions of lark and Python).  A changed parser is a
different file, never a stale one.  The face is kept in `marshal` form as plain tuples,
strings and numbers (loading it runs no code), each object tagged with its class, which
must be one of the card AST's (CardFace, Ability, ManaCost, Fn); anything else in a face
(or a file that does not decode to exactly that) means no file is used: the face is
parsed again.  A leaf beside carddb."""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from functools import lru_cache

from .sources import read_cache, write_cache

_FORMAT = "mtgkb-face 1"


def _classes() -> dict:
    from mtgkb.parser.card_ast import Ability, CardFace, ManaCost
    from mtgkb.parser.terms import Fn

    return {c.__name__: c for c in (CardFace, Ability, ManaCost, Fn)}


@lru_cache(maxsize=1)
def _code_digest() -> str:
    import dataclasses

    import lark

    import mtgkb.parser as parser

    h = hashlib.sha256(f"{_FORMAT}\0{lark.__version__}\0{sys.version}\0".encode())
    # the fields of each class, in order: a renamed or added field is another format
    for name, cls in sorted(_classes().items()):
        h.update(f"{name}:{','.join(f.name for f in dataclasses.fields(cls))}\0".encode())
    folder = os.path.dirname(os.path.abspath(parser.__file__))
    files = sorted(f for f in os.listdir(folder) if f.endswith((".py", ".lark")))
    here = os.path.dirname(os.path.abspath(__file__))
    for f in files + [os.path.join(here, "face_cache.py"), os.path.join(here, "carddb.py")]:
        path = f if os.path.isabs(f) else os.path.join(folder, f)
        h.update(f"{os.path.basename(path)}\0".encode())
        with open(path, "rb") as fh:
            h.update(fh.read())
    return h.hexdigest()


class _NotPlain(Exception):
    """A face holding a value the cache does not keep."""


_SCALARS = (str, int, bool, float, type(None))


def encode(x):
    """A face as plain data: a dataclass of the card AST -> ("D", class name, fields...),
    a tuple -> ("T", items...), a scalar as it is; raises _NotPlain for anything else."""
    import dataclasses

    if type(x) in _SCALARS:
        return x
    if type(x) is tuple:
        return ("T",) + tuple(encode(v) for v in x)
    name = type(x).__name__
    if dataclasses.is_dataclass(x) and _classes().get(name) is type(x):
        return ("D", name) + tuple(encode(getattr(x, f.name)) for f in dataclasses.fields(x))
    raise _NotPlain(name)


def decode(x, classes: dict):
    """The inverse of `encode`; raises _NotPlain on anything `encode` does not give."""
    if type(x) in _SCALARS:
        return x
    if type(x) is not tuple or not x:
        raise _NotPlain(type(x).__name__)
    if x[0] == "T":
        return tuple(decode(v, classes) for v in x[1:])
    if x[0] == "D" and len(x) >= 2 and type(x[1]) is str and x[1] in classes:
        cls = classes[x[1]]
        try:
            return cls(*(decode(v, classes) for v in x[2:]))
        except TypeError:     # a wrong number of fields
            raise _NotPlain(x[1]) from None
    raise _NotPlain(str(x[0]))


def _names(record_key: str) -> tuple[str, bytes]:
    key = f"{_FORMAT}\0{_code_digest()}\0{record_key}"
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
    return f"face-{digest[:32]}.face", (key.encode("utf-8", "surrogatepass").hex() + "\n").encode("ascii")


def read(record_key: str):
    """The face kept for `record_key`, or None."""
    name, head = _names(record_key)
    raw = read_cache(name)
    if raw is None or not raw.startswith(head):
        return None
    try:
        got = decode(marshal.loads(raw[len(head):]), _classes())
    except (_NotPlain, ValueError, EOFError, TypeError, RecursionError):
        return None
    cls = _classes()["CardFace"]
    return got if type(got) is cls else None


def write(record_key: str, face) -> None:
    """Keep `face` for `record_key` (nothing when it holds a value the cache does not keep,
    or there is no usable cache directory)."""
    try:
        data = marshal.dumps(encode(face))
    except (_NotPlain, ValueError, RecursionError):
        return
    name, head = _names(record_key)
    write_cache(name, head + data)
