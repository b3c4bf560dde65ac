"""Grounding and solving: rules.lp + facts (as symbols) -> consequences.

"Must" claims are read from cautious consequences (true in every answer set),
"may" claims from brave consequences (true in some), so the verdicts never depend
on how many answer sets there are.  Every solve runs under a time limit; outcomes
are enumerated only up to a limit, and hitting either is reported.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Iterable

import clingo
from clingo import Control, Symbol

from .program import Facts, fact_key, ground_all, load, new_control, program_text
from .solve_memo import CLAIMS

DEFAULT_TIMEOUT = 10.0
DEFAULT_MODEL_LIMIT = 64


# ----------------------------------------------------------------------------- the ruling's budget
# A worker of `mtgkb check` (mtgkb.parallel) checks one ruling at a time under one
# deadline.  Every solve waits at most until that deadline (past it the solve is
# cancelled and reported as timed out, as for its own limit), and says which phase
# the ruling is in, so that a ruling killed past its deadline names what it was doing.
_budget: dict = {"deadline": None, "phase": None}


def start_budget(seconds: float | None, on_phase=None) -> None:
    """From now on, solves end by `seconds` from now (None: no ruling deadline);
    `on_phase(name)` is told each phase ("grounding", "solving", ...)."""
    _budget["deadline"] = None if seconds is None else time.monotonic() + seconds
    _budget["phase"] = on_phase


def phase(name: str) -> None:
    """The ruling being checked is now `name` (for the reason of a time limit)."""
    hook = _budget["phase"]
    if hook is not None:
        hook(name)


def wait_seconds(timeout: float) -> float:
    """How long a solve may wait: its own `timeout`, cut at the ruling's deadline."""
    deadline = _budget["deadline"]
    if deadline is None:
        return timeout
    return max(min(timeout, deadline - time.monotonic()), 0.001)


@dataclass
class SolveResult:
    satisfiable: bool | None                   # None: the time limit was hit
    brave: frozenset[Symbol] = frozenset()
    cautious: frozenset[Symbol] = frozenset()
    models: list[frozenset[Symbol]] = field(default_factory=list)
    models_truncated: bool = False
    timed_out: bool = False
    stats: dict = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)
    violations: list[Symbol] = field(default_factory=list)


class Solver:
    def __init__(self, *, timeout: float = DEFAULT_TIMEOUT, model_limit: int = DEFAULT_MODEL_LIMIT,
                 program: str | None = None) -> None:
        self.timeout = timeout
        self.model_limit = model_limit
        self.program = program if program is not None else program_text()

    def _control(self, messages: list[str], facts, enumerate_models: bool) -> Control:
        ctl = new_control(messages=messages)
        # consequences read only the shown atoms; models are counted whole (not projected)
        load(ctl, self.program, facts, shown_only=not enumerate_models)
        return ctl

    def solve(self, facts: Iterable[Symbol], *, enumerate_models: bool = False,
              relax: bool = False, characteristics: bool = False) -> SolveResult:
        # the same solve asked before in this process: its result again (the facts in
        # the same order, so even a truncated enumeration keeps the same models)
        if type(facts) is not Facts:
            facts = tuple(facts)
        key = (self.program, tuple(facts) if enumerate_models else fact_key(facts), enumerate_models, relax,
               characteristics, self.model_limit)
        res = CLAIMS.get(key)
        if res is None:
            res = self._solve(facts, enumerate_models, relax, characteristics)
            if res.timed_out or res.satisfiable is None:
                return res
            CLAIMS.put(key, res)
        return replace(res, models=list(res.models), stats=dict(res.stats), messages=list(res.messages),
                       violations=list(res.violations))

    def _solve(self, facts: tuple, enumerate_models: bool, relax: bool, characteristics: bool) -> SolveResult:
        messages: list[str] = []
        t0 = time.perf_counter()
        phase("grounding")
        ctl = self._control(messages, facts, enumerate_models)
        ground_all(ctl)
        phase("solving")
        if relax:
            ctl.assign_external(clingo.Function("relax"), True)
        if characteristics:
            ctl.assign_external(clingo.Function("show_characteristics"), True)
        t_ground = time.perf_counter() - t0
        res = SolveResult(satisfiable=None, messages=messages)
        deadline = min(t0 + self.timeout, time.perf_counter() + wait_seconds(self.timeout))

        brave = self._consequences(ctl, "brave", deadline)
        if brave is None:
            res.timed_out = True
            res.stats = {"ground_seconds": round(t_ground, 4)}
            return res
        if brave is False:
            res.satisfiable = False
            res.stats = {"ground_seconds": round(t_ground, 4), "solve_seconds": round(time.perf_counter() - t0 - t_ground, 4)}
            return res
        cautious = self._consequences(ctl, "cautious", deadline)
        if cautious is None:
            res.timed_out = True
            return res
        res.satisfiable = True
        res.brave, res.cautious = brave, cautious
        res.violations = sorted(s for s in brave if s.name == "violated")
        if enumerate_models:
            res.models, res.models_truncated, to = self._models(ctl, deadline)
            res.timed_out = res.timed_out or to
        res.stats = {
            "ground_seconds": round(t_ground, 4),
            "total_seconds": round(time.perf_counter() - t0, 4),
            "atoms": int(ctl.statistics["problem"]["lp"]["atoms"]),
            "rules": int(ctl.statistics["problem"]["lp"]["rules"]),
        }
        return res

    def _consequences(self, ctl: Control, mode: str, deadline: float):
        ctl.configuration.solve.enum_mode = mode
        ctl.configuration.solve.models = 0
        last: list[frozenset[Symbol]] = []

        def on_model(m: clingo.Model) -> None:
            last[:] = [frozenset(m.symbols(shown=True))]

        with ctl.solve(on_model=on_model, async_=True) as handle:
            if not handle.wait(max(deadline - time.perf_counter(), 0.001)):
                handle.cancel()
                return None
            result = handle.get()
        if result.unsatisfiable:
            return False
        return last[0] if last else frozenset()

    def _models(self, ctl: Control, deadline: float):
        ctl.configuration.solve.enum_mode = "auto"
        ctl.configuration.solve.models = self.model_limit + 1
        models: list[frozenset[Symbol]] = []

        def on_model(m: clingo.Model) -> None:
            models.append(frozenset(m.symbols(shown=True)))

        with ctl.solve(on_model=on_model, async_=True) as handle:
            if not handle.wait(max(deadline - time.perf_counter(), 0.001)):
                handle.cancel()
                return sorted(models, key=_key)[: self.model_limit], True, True
        truncated = len(models) > self.model_limit
        return sorted(models, key=_key)[: self.model_limit], truncated, False


def _key(m: frozenset[Symbol]) -> list[str]:
    return sorted(str(s) for s in m)
