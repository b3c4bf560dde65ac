"""Running ruling checks: file -> blocks -> facts -> solve -> verdicts."""

from __future__ import annotations

import os
import time

from mtgkb.parser.card_ast import CardFace
from mtgkb.parser.errors import ParseError
from mtgkb.parser.scenario import parse_scenario
from mtgkb.parser.scenario_ast import Block, ScenarioFile

from .carddb import CardDatabase, default_database
from .cites import check_cites
from .engine.outcomes import evaluate_block
from .facts import Encoded
from .reference import reference_facts
from .results import CheckReport, RulingResult
from .solver import DEFAULT_TIMEOUT, SolveResult, Solver
from .sources import read_text


class Session:
    """Everything needed to evaluate blocks: the card database and a solver."""

    def __init__(self, *, db: CardDatabase | None = None, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.db = db or default_database()
        self.solver = Solver(timeout=timeout)
        self._reference = None

    @property
    def reference(self):
        if self._reference is None:
            self._reference = reference_facts()
        return self._reference

    def load(self, path: str, display: str | None = None) -> ScenarioFile:
        text = read_text(path)
        sf = parse_scenario(text, file=display or path, known_names=self.db.name_table())
        check_cites(sf, text)  # each cited rule number is in the shipped CR
        return sf

    def finder(self, sf: ScenarioFile, block: Block):
        local: dict[str, CardFace] = {}
        for card in list(sf.cards) + list(block.cards):
            for f in card.faces:
                local[f.name] = f
            local.setdefault(card.name, card.faces[0])

        def find(name: str) -> CardFace | None:
            return local.get(name) or self.db.face(name)

        return find

    def encode(self, sf: ScenarioFile, block: Block) -> Encoded:
        """Facts of a block's first outcome, through the one pipeline.  A name the knowledge
        base does not have is bad input (ParseError); so is a scenario the rules do not allow."""
        rr, enc, _ = self.evaluate(sf, block)
        if enc is None:
            raise ParseError(rr.error or "the scenario's events cannot be stepped through", sf.path,
                             block.pos.line, 1, expected=("a scenario whose events are possible",))
        return enc

    def evaluate(self, sf: ScenarioFile, block: Block, *, characteristics: bool = False
                 ) -> tuple[RulingResult, Encoded | None, SolveResult | None]:
        rr = RulingResult(title=block.title, about=block.about, cites=list(block.cites), file=sf.path,
                          line=block.pos.line, kind=block.kind)
        return evaluate_block(self, sf, block, rr, characteristics=characteristics)


def check_paths(paths: list[str], *, timeout: float = DEFAULT_TIMEOUT, session: Session | None = None,
                explain=None) -> tuple[CheckReport, list[ParseError]]:
    """Check every block of every file.  Parse errors are returned, not raised.
    (`mtgkb.parallel` runs the same per-block step, `check_block`, in worker processes.)"""
    session = session or Session(timeout=timeout)
    results: list[RulingResult] = []
    errors: list[ParseError] = []
    for path in paths:
        try:
            sf = session.load(path, display=_display(path))
        except ParseError as e:
            errors.append(e)
            continue
        for block in sf.blocks:
            if block.kind != "ruling":
                continue
            rr, err = check_block(session, sf, block, explain)
            if err is not None:
                errors.append(err)
            else:
                results.append(rr)
    return CheckReport(results), errors


def check_block(session: Session, sf: ScenarioFile, block: Block, explain=None
                ) -> tuple[RulingResult | None, ParseError | None]:
    """One ruling block: its result (with the seconds it took), or the ParseError it
    raised (bad input)."""
    t0 = time.perf_counter()
    try:
        rr, enc, res = session.evaluate(sf, block)
    except ParseError as e:
        return None, e
    if explain is not None and enc is not None and res is not None:
        explain(session, sf, block, enc, rr)
    rr.seconds = time.perf_counter() - t0
    return rr, None


def display_name(path: str) -> str:
    """How a checked file is named in results and errors (relative to the working
    directory when it is below it)."""
    return _display(path)


def _display(path: str) -> str:
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel
