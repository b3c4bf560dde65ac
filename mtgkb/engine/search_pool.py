"""The cards a search may find when no sentence names the card found (CR 401.2, 701.23a).

The universe of cards is the card database: each of its records becomes facts for one solve
(`zn_pool_rec/3`, `zn_pool_value/2`), and rules.lp (mtgkb/rules/search_candidates.lp, with zones.lp's
`zn_match/2`) says which fit the search's description.  Python only encodes the records and branches
over the answer; it decides nothing about the fit."""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache

from clingo import Function, Number, String, Symbol

from ..carddb import default_database
from ..facts import COLOR_LETTERS
from ..sources import read_cache, write_cache
from ..symbols import atom

CANDIDATES_MAX = 64      # more candidates than this: the card found stays an unknown card


@lru_cache(maxsize=2)
def _pool(db_file: str) -> tuple[tuple[Symbol, ...], dict[int, list[str]]]:
    """The facts of the database's records (one face each), records with the same layout, part and values given
    once (a test of zn_match/2 reads only these values, so it judges them alike), and the card names of each."""
    db = default_database()
    idx = db._index()
    groups: dict[tuple, list[str]] = {}
    for n in sorted(set(idx.keys.values())):
        r = json.loads(idx.record(n))
        values = (tuple(("supertype", s.lower()) for s in r.get("supertypes") or ())
                  + tuple(("card_type", t.lower()) for t in r.get("types") or ())
                  + tuple(("subtype", s) for s in r.get("subtypes") or ())
                  + tuple(("color", COLOR_LETTERS[c]) for c in r.get("colors") or () if c in COLOR_LETTERS))
        sig = (str(r.get("layout", "normal")), "single" if r.get("face_name") is None else "face", values)
        groups.setdefault(sig, []).append(r["name"])
    facts: list[Symbol] = []
    names: dict[int, list[str]] = {}
    for k, ((layout, part, values), members) in enumerate(sorted(groups.items()), start=1):
        C = Function("dbc", [Number(k)])
        names[k] = members
        facts.append(atom("zn_pool_rec", C, Function(layout), Function(part)))
        for what, v in values:
            facts.append(atom("zn_pool_value", C, Function(what, [String(v) if what == "subtype" else Function(v)])))
    return tuple(facts), names


_answers: dict = {}


@lru_cache(maxsize=4)
def _digest(db_file: str, program: str) -> str:
    """What an answer depends on: the database file, the program and this module's code."""
    h = hashlib.sha256(program.encode())
    for path in (db_file, __file__):
        try:
            st = os.stat(path)
            h.update(f"\0{path}\0{st.st_size}\0{st.st_mtime_ns}".encode())
        except OSError:
            h.update(f"\0{path}".encode())
    return h.hexdigest()[:24]


def _cached(name: str) -> tuple[list[str], str] | None:
    raw = read_cache(name)
    try:
        got = json.loads(raw) if raw is not None else None
        return (list(got["fits"]), str(got["why"])) if got is not None else None
    except (ValueError, KeyError, TypeError):
        return None


def search_candidates(ask, quality: Symbol) -> tuple[list[str], str]:
    """The names of the cards of the database a search for `quality` may find (sorted), or ([], reason)
    when they are not followed: a description the pool does not judge, a card with faces that fits, or
    more than CANDIDATES_MAX cards."""
    db = default_database()
    key = (db.file, str(quality))
    name = "search-candidates-" + hashlib.sha256(f"{_digest(db.file, ask.program)}\0{quality}".encode()).hexdigest()[:32]
    if key not in _answers:
        got = _cached(name)
        if got is not None:
            _answers[key] = got
            return got
        facts, names = _pool(db.file)
        models = ask(list(facts) + [atom("zn_pool_ask", quality)])
        m = models[0] if models else frozenset()
        fits = sorted({c for a in m if a.name == "zn_pool_fit" for c in names[a.arguments[0].arguments[0].number]})
        if not any(a.name == "zn_pool_judged" for a in m):
            _answers[key] = ([], "a description the card database is not searched for")
        elif len(fits) > CANDIDATES_MAX:
            _answers[key] = ([], f"{len(fits)} cards of the card database fit the description "
                                 f"(more than {CANDIDATES_MAX})")
        elif any(a.name == "zn_pool_open" for a in m):
            _answers[key] = ([], "a card with two faces fits the description")
        else:
            _answers[key] = (fits, "")
        # a pure function of the database, the program and the quality: kept for later processes too
        write_cache(name, json.dumps({"fits": _answers[key][0], "why": _answers[key][1]}).encode())
    return _answers[key]
