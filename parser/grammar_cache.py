"""The grammars' LALR tables, kept between runs in the per-user cache directory
(mtgkb/ under $XDG_CACHE_HOME or ~/.cache), through `cache_files`: written
atomically, read only from a private directory and file, never through a symbolic
link.  A file is named by the grammar text's hash and starts with a key line (the
hash of grammar, options, lark and Python versions); a file with another key, or
one that does not load, is rebuilt.  Without a usable directory the tables are
built in memory every time: a missing or stale cache only costs the build, and
the parser is the same either way.

After the key line a file holds the LALR parse table in `marshal` form (each state's
actions: a state number to shift to, or the index of a rule to reduce by) and then
lark's own saved parser without that table: lark rebuilds its table one object at a
time, which was most of a start-up; the same table is rebuilt here from plain numbers
in one pass.  (Not with lark's contextual lexer, which reads the table as it loads: then
the table stays in lark's part, after a zero count.)"""

from __future__ import annotations

import hashlib
import io
import marshal
import os
import struct
import sys

import lark
from lark import Lark
from lark.parsers.lalr_analysis import Reduce, Shift

from . import cache_files

FOLDER = "mtgkb"
# lark's options that are not part of its saved tables and must be given again
# when loading them (as lark's own cache does)
_GIVEN_AGAIN = frozenset(("postlex", "transformer", "lexer_callbacks", "use_bytes", "debug", "g_regex_flags",
                          "regex", "propagate_positions", "tree_class", "_plugins"))


def lark_cache_file(name: str, grammar: str) -> str | bool:
    """The path of `grammar`'s cache file (named by the grammar text's hash in the
    per-user cache directory), or False when that directory cannot be made."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # unset or relative: ignored (XDG base directory spec)
        base = os.path.join(os.path.expanduser("~"), ".cache")
        if not os.path.isabs(base):  # no home directory
            return False
    folder = os.path.join(base, FOLDER)
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    except OSError:
        return False
    return os.path.join(folder, _file_name(name, grammar))


def _file_name(name: str, grammar: str) -> str:
    digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()[:32]
    return f"{name}-{digest}.lark-cache"


def _key(grammar: str, options: dict) -> bytes:
    text = "\0".join([grammar, repr(sorted((k, _option_text(v)) for k, v in options.items())),
                      lark.__version__, sys.version])
    return b"mtgkb-lark-tables " + hashlib.sha256(text.encode("utf-8")).hexdigest().encode("ascii") + b"\n"


def _option_text(v) -> str:
    return f"{v.__module__}.{v.__qualname__}" if isinstance(v, type) else repr(v)


def cached_lark(name: str, grammar: str, **options) -> Lark:
    """Lark(grammar, **options) (LALR), its tables loaded from the cache when they are
    there and trusted, else built (and kept)."""
    if lark_cache_file(name, grammar) is False:
        return Lark(grammar, **options)
    fname, key = _file_name(name, grammar), _key(grammar, options)
    data = cache_files.read_cache(FOLDER, fname)
    if data is not None and data.startswith(key):
        again = {k: v for k, v in options.items() if k in _GIVEN_AGAIN}
        try:
            return _unpack(data[len(key):], again)
        except Exception:  # noqa: BLE001 - a damaged or foreign file: rebuilt below
            pass
    parser = Lark(grammar, **options)
    cache_files.write_cache(FOLDER, fname, key + _pack(parser, options.get("lexer", "contextual") != "contextual"))
    return parser


def tables_cached(name: str, grammar: str, **options) -> bool:
    """Whether `cached_lark(name, grammar, **options)` would find its tables in the cache
    (a file of this key), without loading them."""
    if lark_cache_file(name, grammar) is False:
        return False
    data = cache_files.read_cache(FOLDER, _file_name(name, grammar))
    return data is not None and data.startswith(_key(grammar, options))


def _table(parser: Lark):
    return parser.parser.parser._parse_table


def _pack(parser: Lark, compact: bool) -> bytes:
    """The parse table in plain numbers, then lark's saved parser without it (`compact`), or
    a zero count and lark's saved parser whole."""
    if not compact:
        out = io.BytesIO()
        parser.save(out, _GIVEN_AGAIN)
        return struct.pack("<Q", 0) + out.getvalue()
    table = _table(parser)
    rule_index = {id(r): i for i, r in enumerate(parser.rules)}
    states = {st: {tok: (arg if act is Shift else -1 - rule_index[id(arg)]) for tok, (act, arg) in acts.items()}
              for st, acts in table.states.items()}
    out = io.BytesIO()
    kept, table.states = table.states, {}
    try:
        parser.save(out, _GIVEN_AGAIN)
    finally:
        table.states = kept
    packed = marshal.dumps(states)
    return struct.pack("<Q", len(packed)) + packed + out.getvalue()


def _unpack(data: bytes, again: dict) -> Lark:
    (n,) = struct.unpack_from("<Q", data)
    parser = Lark.__new__(Lark)._load(io.BytesIO(data[8 + n:]), **again)
    if n == 0:
        return parser
    _table(parser).states = _States(marshal.loads(data[8:8 + n]), parser.rules)
    return parser


class _States(dict):
    """The parse table's states, each one's actions made into lark's (Shift, state) and
    (Reduce, rule) pairs when the parser first asks for that state (lark only indexes the
    table: `states[state]`); a parse visits a small part of a large grammar's states."""

    def __init__(self, plain: dict, rules) -> None:
        super().__init__()
        self._plain, self._rules = plain, rules

    def __missing__(self, st):
        rules = self._rules
        acts = {tok: ((Shift, v) if v >= 0 else (Reduce, rules[-1 - v])) for tok, v in self._plain[st].items()}
        self[st] = acts
        return acts
