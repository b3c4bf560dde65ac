"""Which outcomes of the stepper are the same outcome, and which states state-based actions
need not be asked about again (a mixin of engine/stepper.py's Stepper)."""

from __future__ import annotations

from collections import Counter

from .life import sba_any
from .state import State, log_facts, state_facts


class OutcomeKeys:
    def _distinct(self, branches: list[State]) -> list[State]:
        """Outcomes that differ only in how they were reached are one outcome (the first kept)."""
        if len(branches) < 2:   # nothing to tell apart
            return list(branches)
        seen, out = set(), []
        for b in branches:
            # the resolved items no sentence has named yet: a later resolve sentence may name them (405.5)
            unnamed = sorted((it.source, str(it.abilities)) for it in b.resolved_items if it.id not in b.named)
            key = (self._state_key(b), frozenset(Counter(log_facts(b)).items()), tuple(b.choices), tuple(unnamed))
            if key not in seen:
                seen.add(key)
                out.append(b)
        return out

    def _state_key(self, st: State) -> frozenset:
        """The state as its facts (symbols hash without being turned into text)."""
        return frozenset(state_facts(st))

    def _sba_key(self, st: State) -> frozenset:
        """The state as state-based actions see it: the stack does not bear on them (704.5), so a
        cast whose named targets were just put in their slots (601.2c) needs no second look."""
        return frozenset(state_facts(st, stack=False))

    def _note_sba(self, st: State, models, key: frozenset | None = None) -> None:
        """Remember a state in which no state-based action applies (sba_to_graveyard/2 is shown
        by every solve and does not depend on the event asked about): state_based() need not
        solve it again.  `key`: the state's `_sba_key`, when the caller has it already."""
        if not any(sba_any(m) for m in models):
            self._sba_free.add(self._sba_key(st) if key is None else key)
