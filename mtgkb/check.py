"""Running ruling checks: file -> blocks -> facts -> solve -> verdicts.

A file is parsed to its end (`Session.load`): its errors come with the blocks that
have none.  The blocks checked are the rulings and the scenario blocks with an
`expect:` part (`checked_blocks`).  A block whose evaluation finds bad input (an
object put into the game twice, an ability its card does not have ...) is an `error`
result that carries the error (`RulingResult.input_error`); the other blocks still run."""

from __future__ import annotations

import dataclasses
import os
import time

from mtgkb.parser.card_ast import CardFace
from mtgkb.parser.errors import ParseError, raise_errors, split_lines, with_source
from mtgkb.parser.scenario import read_scenario
from mtgkb.parser.scenario_ast import Block, ScenarioFile

from .carddb import CardDatabase, default_database
from .cites import check_cites
from .engine.outcomes import evaluate_block
from .facts import Encoded
from .reference import reference_facts
from .results import CheckReport, ClaimResult, RulingResult
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
        """The file parsed to its end: the blocks without error, and `errors` (a file
        that cannot be read at all is a ParseError raised)."""
        text = read_text(path)
        sf = read_scenario(text, file=display or path, known_names=self.db.name_table())
        check_cites(sf, text)  # each cited rule number is in the shipped CR (else the block is an error)
        return sf

    def load_block(self, path: str, ruling: str | None = None) -> tuple[ScenarioFile, Block]:
        """The file (which must have no error) and its block chosen by `ruling` (see
        `select_block`), for ask, why, show and pay."""
        sf = self.load(path)
        raise_errors(sf.errors)
        return sf, select_block(sf, ruling)

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
        errors += sf.errors
        for i in checked_blocks(sf):
            rr, err = check_block(session, sf, sf.blocks[i], explain)
            if err is not None:
                errors.append(err)
            else:
                results.append(rr)
    return CheckReport(results), errors


def checked_blocks(sf: ScenarioFile) -> list[int]:
    """The indices of the blocks `check` runs: every ruling, and every scenario block
    with an `expect:` part (a scenario without claims has nothing to check)."""
    return [i for i, b in enumerate(sf.blocks) if b.kind == "ruling" or b.expect]


def check_block(session: Session, sf: ScenarioFile, block: Block, explain=None
                ) -> tuple[RulingResult | None, ParseError | None]:
    """One block: its result, with the seconds it took.  Bad input found while it is
    evaluated (an object put into the game twice ...) makes it an `error` result
    carrying the error (`input_error`).  (The second item is kept for callers that
    expect a ParseError there; it is always None.)"""
    t0 = time.perf_counter()
    try:
        rr, enc, res = session.evaluate(sf, block)
    except ParseError as e:
        rr = input_error_result(sf, block, e)
        rr.seconds = time.perf_counter() - t0
        return rr, None
    if explain is not None and enc is not None and res is not None:
        explain(session, sf, block, enc, rr)
    rr.seconds = time.perf_counter() - t0
    return rr, None


def input_error_result(sf: ScenarioFile, block: Block, e: ParseError) -> RulingResult:
    """The `error` result of a block whose input is bad: its claims are not evaluated."""
    e = with_source(e, sf.lines) if e.file == sf.path else e
    rr = RulingResult(title=block.title, about=block.about, cites=list(block.cites), file=sf.path,
                      line=block.pos.line, kind=block.kind)
    rr.error = f"{e.file}:{e.line}:{e.column}: {e.message}"
    rr.claims = [ClaimResult(c.text, c.pos.line, "error", "not evaluated: the block's input has an error")
                 for c in block.expect]
    rr.input_error = error_data(e)
    rr.violated = tuple(e.violations)
    return rr


def error_data(e: ParseError) -> dict:
    """A ParseError as plain data (ParseError(**data) gives it back)."""
    return {f.name: getattr(e, f.name) for f in dataclasses.fields(ParseError)}


def duplicate_titles(report: CheckReport) -> list[ParseError]:
    """A title used by two checked blocks of the run (within a file the parser already
    refuses it): an error at the second naming the first."""
    first: dict[str, RulingResult] = {}
    out = []
    for r in report.results:
        seen = first.setdefault(r.title, r)
        if seen is not r:
            e = ParseError(f"the title {r.title!r} is already used by the block at {seen.file}:{seen.line}",
                           r.file, r.line, 1, expected=("a title used by no other block of the run",))
            out.append(with_source(e, _source_lines(r.file)))
    return out


def _source_lines(path: str) -> list[str]:
    """The lines of a checked file, for a caret line (none if it cannot be read again)."""
    try:
        return split_lines(read_text(path))
    except ParseError:
        return []


def select_block(sf: ScenarioFile, ruling: str | None) -> Block:
    """The block `ruling` names: its exact title, else a line number inside it; None:
    the file's last block (its only one, when it has one).  Anything else is bad
    input naming the titles there are."""
    if not sf.blocks:
        raise ParseError("the file has no scenario block", sf.path, 1, 1, expected=('scenario "title"',))
    if ruling is None:
        return sf.blocks[-1]
    for b in sf.blocks:
        if b.title == ruling:
            return b
    t = ruling.strip()
    if t.isascii() and t.isdigit() and len(t) < 12:
        n = int(t)
        for b in sf.blocks:
            if b.pos.line <= n <= (b.last_line or b.pos.line):
                return b
        what = f"line {n} is inside no block of the file"
    else:
        what = f"no block of the file has the title {ruling!r}"
    titles = tuple(f"{b.title!r} (lines {b.pos.line}-{b.last_line or b.pos.line})" for b in sf.blocks)
    raise ParseError(f"--ruling: {what}", sf.path, 1, 1, expected=titles, expected_shown=len(titles))


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
