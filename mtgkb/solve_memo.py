"""Answers of identical solves, shared by every question a process asks.

A check worker takes ruling after ruling; many of them ask rules.lp the same question
(the same program and the same facts: a board that several rulings start from, the
state-based actions of a state that several sentences lead to).  A solve is a function
of its program, its facts and its options, so its answer is computed once and then
read back: the same answer, the same clingo messages.  What a solve that timed out
found is never kept (the next asker solves again).  Bounded: the oldest answers are
dropped first."""

from __future__ import annotations

MAX_ANSWERS = 1024   # about 40 kB a question (the key is the set of a solve's facts)


class Memo:
    def __init__(self, size: int = MAX_ANSWERS) -> None:
        self.size = size
        self.answers: dict = {}
        self.hits = 0

    def get(self, key):
        """The kept answer of `key`, or None (it becomes the newest)."""
        value = self.answers.pop(key, None)
        if value is not None:
            self.answers[key] = value
            self.hits += 1
        return value

    def put(self, key, value) -> None:
        answers = self.answers
        answers.pop(key, None)
        answers[key] = value
        while len(answers) > self.size:
            del answers[next(iter(answers))]

    def clear(self) -> None:
        self.answers.clear()


STEPS = Memo()     # the stepper's questions (mtgkb.engine.ask)
CLAIMS = Memo(512)      # the claims' solves (mtgkb.solver)
PAYMENTS = Memo(256)    # the answers of a block's payment questions (mtgkb.mana_pay)
