"""The one rules loader and Control factory.

The answer-set program is rules.lp followed by mtgkb/rules/*.lp (paths.rules_text), in
`#program` parts: `base` (everything a question about a board needs) and `pay` (the
payment rules, grounded with `base`, or alone over what a solve of `base` derived:
mtgkb/mana_pay.py).  Every Control is made here, with one logger policy: clingo's
messages are collected for the caller (tests fail on any), never printed."""

from __future__ import annotations

from functools import lru_cache

from .program_slice import parsed, shape, sliced

import clingo

from . import paths

ALL_PARTS = (("base", ()), ("pay", ()))
MESSAGE_LIMIT = 50


@lru_cache(maxsize=4)
def program_text(extra: str = "") -> str:
    """The whole program (plus `extra`, our own program text, e.g. shown atoms)."""
    return paths.rules_text() + ("\n#program base.\n" + extra if extra else "")


def new_control(args=("-t1",), messages: list | None = None) -> clingo.Control:
    """A Control whose messages go to `messages` (dropped when None)."""
    def logger(code, msg):
        if messages is not None:
            messages.append(f"{code.name}: {msg.strip()}")

    return clingo.Control(list(args), logger=logger, message_limit=MESSAGE_LIMIT if messages is not None else 0)


class Base:
    """The facts every solve of a ruling starts with (the reference tables, the cards' facts and
    their meaning), once: their shapes, and for each slice the ones it reads, are worked out
    once per ruling instead of once per solve."""

    def __init__(self, facts) -> None:
        self.facts = tuple(facts)
        self.set = frozenset(self.facts)
        self._shapes: frozenset | None = None
        self._read: dict = {}

    @property
    def shapes(self) -> frozenset:
        if self._shapes is None:
            self._shapes = shapes(self.facts)
        return self._shapes

    def read_by(self, sl) -> tuple:
        """The facts of the base whose predicates the slice names (all when it shows every atom)."""
        got = self._read.get(sl.reads)
        if got is None:
            if len(self._read) > 64:
                self._read.clear()
            got = self._read[sl.reads] = _read_by(self.facts, sl.reads)
        return got


class Facts(list):
    """The facts of one solve: `base` (a Base), then the rest (the state, the event asked about).
    A plain list of facts is just as good, only slower to slice (`load`)."""
    __slots__ = ("base", "_key")

    def __init__(self, base: Base, rest=()) -> None:
        super().__init__(base.facts)
        self.base = base
        self._key = None
        self.extend(rest)

    def rest(self) -> list:
        return self[len(self.base.facts):]

    def key(self) -> tuple:
        """The facts as a set, for remembering answers: (the base's set, the rest's).  Worked out
        once: the facts of a solve are not changed once it is asked."""
        if self._key is None or self._key[0] != len(self):
            self._key = (len(self), (self.base.set, frozenset(self.rest())))
        return self._key[1]


def fact_key(facts) -> tuple | frozenset:
    """The facts of a solve as a key (their order does not matter)."""
    return facts.key() if type(facts) is Facts else frozenset(facts)


def _read_by(facts, reads) -> tuple:
    if reads is None:
        return tuple(facts)
    sig = _signatures
    if len(sig) > _MEMO_MAX:
        sig.clear()
    out = []
    for f in facts:
        s = sig.get(f)
        if s is None:
            s = sig[f] = (f.name, len(f.arguments))
        if s in reads:
            out.append(f)
    return tuple(out)


def analysed(text: str | None = None) -> None:
    """Make the analysis of a program text (`program_slice.parsed`: once per process, read from
    the per-user cache or, the first time, several seconds) before a caller starts a time limit:
    a solve's limit is for its grounding and solving, not for this one-time work, so a verdict
    does not depend on whether the cache was warm."""
    parsed(text if text is not None else program_text())


def load(ctl: clingo.Control, text: str | None = None, facts=None, *, part: str | None = None,
         shown_only: bool = False) -> None:
    """Add the program (all its parts) to a Control.  With `facts` (the symbols the solve
    will be given, added here too), only the rules that can ever apply to them
    (`program_slice`); the answer sets are the same.  With `part` (and `facts`), only the
    statements of that part, for grounding it alone over facts that hold what the other
    parts derive.  With `shown_only` (a caller that reads only the shown atoms of the answer
    sets, projected on them or as consequences), only the rules the shown atoms can depend on,
    and only the facts whose predicates those rules name: the shown atoms are the same."""
    text = text if text is not None else program_text()
    if facts is None:
        ctl.add("base", [], "\n".join(parsed(text).statements))
        return
    if type(facts) is Facts:
        rest = facts.rest()
        sl = sliced(text, facts.base.shapes, shapes(rest), part, shown_only)
        given = facts.base.read_by(sl) + _read_by(rest, sl.reads) if shown_only else facts
    else:
        sl = sliced(text, frozenset(), shapes(facts), part, shown_only)
        given = _read_by(facts, sl.reads) if shown_only else facts
    sl.add_to(ctl)
    with ctl.backend() as backend:
        for f in given:
            backend.add_rule([backend.add_atom(f)])


_signatures: dict = {}
_shapes: dict = {}
_MEMO_MAX = 500_000  # symbols remembered per table before it starts again


def _remembered(facts, known: dict, of) -> frozenset:
    """{of(f) for f in facts}, each symbol's value remembered in `known` (reading a symbol's name
    and arguments through clingo's API is slow, hashing it is not)."""
    if len(known) > _MEMO_MAX:
        known.clear()
    out = set()
    for f in facts:
        s = known.get(f)
        if s is None:
            s = known[f] = of(f)
        out.add(s)
    return frozenset(out)


def shapes(facts) -> frozenset:
    """The shapes of some facts (`program_slice.shape`)."""
    return _remembered(facts, _shapes, shape)


def predicates(facts) -> frozenset:
    """The predicates (name, arity) of some facts."""
    return _remembered(facts, _signatures, lambda f: (f.name, len(f.arguments)))


def ground_all(ctl: clingo.Control) -> None:
    ctl.ground([(name, list(params)) for name, params in ALL_PARTS])
