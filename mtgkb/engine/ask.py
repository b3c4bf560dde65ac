"""Asking rules.lp about one step: one solve, each answer set one outcome of the open
choices, projected on what is shown.  Bounded in outcomes and time."""

from __future__ import annotations

from dataclasses import dataclass, field

from clingo import Function, Symbol

from mtgkb.parser.scenario_ast import Sentence

from ..program import fact_key, ground_all, load, new_control
from ..solve_memo import STEPS
from ..solver import phase, wait_seconds

MAX_BRANCHES = 64
ANSWERS_KEPT = 256                # answers an Ask remembers (a ruling asks a few dozen questions)


class Bound(Exception):
    """More outcomes than MAX_BRANCHES, or the time limit: verdicts are undetermined."""


class Unsettled(Bound):
    """The events depend on card text mtgkb does not understand: verdicts are undetermined."""


class ScenarioError(Exception):
    def __init__(self, message: str, sentence: Sentence | None = None, violations: tuple = ()) -> None:
        super().__init__(message)
        self.sentence = sentence
        self.violations = violations   # names of the rules' violations (violated/2), if known


@dataclass
class Ask:
    program: str
    timeout: float
    messages: list = field(default_factory=list)
    solves: int = 0
    limit: int = MAX_BRANCHES        # outcomes of one step (and of a timeline) at the most

    answers: dict = field(default_factory=dict)   # identical questions are asked once

    def __call__(self, facts: list[Symbol], limit: int | None = None, *, relax: bool = False) -> list[frozenset]:
        limit = self.limit if limit is None else limit
        key = (fact_key(facts), limit, relax)
        if key not in self.answers:
            if len(self.answers) >= ANSWERS_KEPT:
                self.answers.clear()
            self.answers[key] = self._solve(facts, limit, relax)
        return list(self.answers[key])

    def _solve(self, facts: list[Symbol], limit: int, relax: bool) -> list[frozenset]:
        self.solves += 1
        # the same question asked before in this process (for another ruling): its answer
        # and its messages again; a solve past the time limit is not kept
        key = (self.program, fact_key(facts), limit, relax)
        kept = STEPS.get(key)
        if kept is None:
            msgs: list = []
            models = self._solve_now(facts, limit, relax, msgs)
            if models is None:
                self.messages += msgs
                raise Bound("the time limit was reached while stepping through the events")
            kept = (models, tuple(msgs))
            STEPS.put(key, kept)
        models, msgs = kept
        self.messages += msgs
        if len(models) > limit:
            raise Bound(f"more than {limit} outcomes")
        return models

    def _solve_now(self, facts: list[Symbol], limit: int, relax: bool, msgs: list) -> list[frozenset] | None:
        """The outcomes (at most limit + 1, sorted), None past the time limit."""
        ctl = new_control(["--project=show", "-t1"], msgs)
        phase("grounding")
        load(ctl, self.program, facts, shown_only=True)
        ground_all(ctl)
        phase("solving")
        if relax:  # the named violations (violated/2) instead of no outcome
            ctl.assign_external(Function("relax"), True)
        ctl.configuration.solve.models = limit + 1
        models: list[frozenset] = []
        with ctl.solve(on_model=lambda m: models.append(frozenset(m.symbols(shown=True))), async_=True) as h:
            if not h.wait(wait_seconds(self.timeout)):
                h.cancel()
                phase("stepping through the events")
                return None
        phase("stepping through the events")
        return sorted(models, key=lambda m: sorted(str(s) for s in m))


def pick(m, name: str) -> list[Symbol]:
    """The shown atoms of one predicate in an answer set, in a stable order."""
    return sorted((s for s in m if s.name == name), key=str)
