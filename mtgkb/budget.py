"""The limits of one evaluation under `mtgkb check`'s budget (mtgkb.parallel runs it):
wall-clock seconds and bytes of address space, how `--memory` is written, and the
exception a command's evaluation raises past a limit."""

from __future__ import annotations

import re
from dataclasses import dataclass

DEFAULT_MEMORY = 2 * 1024 ** 3          # --memory: bytes of address space per worker
MEMORY_MIN = 256 * 1024 ** 2            # less than this cannot even load the card database
MEMORY_MAX = 1024 ** 4

_SIZE = re.compile(r"(\d{1,15}(?:\.\d{1,6})?)([KMGT]?)", re.IGNORECASE)
_UNITS = {"": 1, "K": 1024, "M": 1024 ** 2, "G": 1024 ** 3, "T": 1024 ** 4}


def parse_memory(text: str) -> int:
    """'2G', '512M', '1.5G', '1073741824' -> bytes; ValueError (with the reason) when
    it is not a size from MEMORY_MIN to MEMORY_MAX."""
    m = _SIZE.fullmatch(text.strip())
    if m is None:
        raise ValueError(f"{text!r} is not a size: give bytes or a number with K, M, G or T (such as 2G)")
    n = int(float(m.group(1)) * _UNITS[m.group(2).upper()])
    if not MEMORY_MIN <= n <= MEMORY_MAX:
        raise ValueError(f"{text!r} is out of range: the memory limit is from 256M to 1T")
    return n


def memory_text(n: int) -> str:
    """Bytes as the option is written: 2G, 512M, or bytes."""
    for unit, size in (("T", 1024 ** 4), ("G", 1024 ** 3), ("M", 1024 ** 2), ("K", 1024)):
        if n % size == 0:
            return f"{n // size}{unit}"
    return str(n)


@dataclass
class Budget:
    """The limits of one ruling."""
    timeout: float                      # seconds of wall-clock time
    memory: int = DEFAULT_MEMORY        # bytes of address space of the worker


class OverBudget(Exception):
    """A command's evaluation (show, pay) stopped past its budget; `reason` names the
    limit and the phase ("time limit of 10 s reached while grounding")."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
