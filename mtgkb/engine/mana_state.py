"""Mana in the game state: each player's mana pool (106.4) and the mana spent to cast a
spell (601.2h, 106.3, 107.4h), as the facts rules.lp reads.

A pool is a list of `PoolMana`, one per mana.  Mana of one group (a pool sentence of the
scenario, numbered by its line, or one addition during the timeline) with one type is
interchangeable: rules.lp's payment uses them in order.  The spent record of a spell says
how much mana was spent to cast it, of which types (where the payment settled the type), and
how much came from snow sources; a copy of a spell, or a spell cast without paying its mana
cost with nothing else paid, has a record of zero (707.10, 118.9)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from clingo import Function, Number, String, Symbol

from ..symbols import atom

# the groups of mana added during the timeline are numbered from here (a pool sentence's group
# is its line number, which is far below)
ADDED_GROUP_BASE = 1_000_000
TYPES = ("w", "u", "b", "r", "g", "c")


@dataclass(frozen=True)
class PoolMana:
    player: str
    group: int
    type: str            # w u b r g c (106.1b)
    snow: bool           # its source was a snow source (106.3, 107.4h)
    keep: str = ""       # "" empties as a step or phase ends (106.4); "end_of_turn": kept until then


@dataclass(frozen=True)
class Spent:
    """The mana spent to cast a spell (601.2h)."""
    types: tuple = ()    # ((type, n), ...) of the mana whose type the payment settled
    open: int = 0        # mana whose type the payer could choose (any color) and the scenario did not say
    snow: int = 0        # mana from snow sources (107.4h)

    @property
    def total(self) -> int:
        return sum(n for _, n in self.types) + self.open

    def text(self) -> str:
        if not self.total:
            return "no mana"
        out = "".join(("{" + t.upper() + "}") * n for t, n in self.types)
        out += f" and {self.open} mana of a color chosen" if self.open else ""
        return out + (f" ({self.snow} from snow sources)" if self.snow else "")


NO_MANA = Spent()


def pool_facts(pool: list[PoolMana]) -> list[Symbol]:
    """pool(P, J, K, T, Snow) for the K-th mana of P's group J; pool_keep(P, J) for mana that
    stays as steps and phases end."""
    out: list[Symbol] = []
    k: Counter = Counter()
    kept = set()
    for m in pool:
        k[(m.player, m.group)] += 1
        out.append(Function("pool", [String(m.player), Number(m.group), Number(k[(m.player, m.group)]),
                                     Function(m.type), Function("yes" if m.snow else "no")]))
        if m.keep:
            kept.add((m.player, m.group))
    out += [Function("pool_keep", [String(p), Number(j)]) for p, j in sorted(kept)]
    return out


def spent_facts(I: Symbol, spent: Spent) -> list[Symbol]:
    """tl_spent_total/2, tl_spent_snow/2 (zeros included), tl_spent/3 per settled type,
    tl_spent_open/2."""
    out = [atom("tl_spent_total", I, Number(spent.total)), atom("tl_spent_snow", I, Number(spent.snow))]
    out += [atom("tl_spent", I, Function(t), Number(n)) for t, n in spent.types if n]
    if spent.open:
        out.append(atom("tl_spent_open", I, Number(spent.open)))
    return out


def spent_log_facts(handle: str, spent: Spent) -> list[Symbol]:
    """What was spent to cast the spell a handle names, for claims after it left the stack."""
    return list(_spent_log_facts(handle, spent))


@lru_cache(maxsize=4096)
def _spent_log_facts(handle: str, spent: Spent) -> tuple:
    H = String(handle)
    out = [atom("tl_log_spent", H, Function("total"), Number(spent.total)),
           atom("tl_log_spent", H, Function("snow"), Number(spent.snow)),
           atom("tl_log_spent", H, Function("open"), Number(spent.open))]
    have = dict(spent.types)
    out += [atom("tl_log_spent", H, Function("t", [Function(t)]), Number(have.get(t, 0))) for t in TYPES]
    return tuple(out)


def pool_text(pool: list[PoolMana], player: str) -> str:
    syms = "".join("{" + m.type.upper() + "}" for m in pool if m.player == player)
    return syms or "nothing"
