"""A ruling's `cites:` numbers checked against the shipped Comprehensive Rules.

The scenario parser reads the numbers' shape only (it never imports the CR); this check
runs after it, on the parsed file and its text: a number the CR file does not have is
bad input, reported at the line and column of that number."""

from __future__ import annotations

from mtgkb.parser.errors import ParseError, split_lines
from mtgkb.parser.scenario_ast import ScenarioFile


def check_cites(sf: ScenarioFile, text: str) -> None:
    """A block citing a number (each end of a range) that is not in the CR is bad input:
    the error (at the number) goes to `sf.errors` and the block leaves `sf.blocks`, as a
    block with a parse error does; the other blocks are kept."""
    if not any(b.cites for b in sf.blocks):
        return
    from .crtext import rules   # the CR only when a block cites it

    rs = rules()
    lines = split_lines(text)
    bad: list[tuple[int, ParseError]] = []
    for k, block in enumerate(sf.blocks):
        if block.cites:
            e = _first_unknown(rs, lines, block, sf)
            if e is not None:
                bad.append((k, e))
    if bad:
        drop = {k for k, _ in bad}
        sf.blocks = [b for k, b in enumerate(sf.blocks) if k not in drop]
        sf.errors = sorted(sf.errors + [e for _, e in bad], key=lambda e: (e.line, e.column))


def _first_unknown(rs, lines: list[str], block, sf: ScenarioFile) -> ParseError | None:
    from .crtext import CR_DATE

    for n, line, col, src in _cite_positions(lines, block.pos.line):
        for end, offset in _ends(n):
            if end not in rs:
                near = rs.nearest(end)
                hint = f" (nearest: {', '.join(near)})" if near else ""
                return ParseError(f"rule {end} is not in the Comprehensive Rules of {CR_DATE}{hint}",
                                  block.pos.file or sf.path, line, col + offset,
                                  expected=("a rule number that the Comprehensive Rules have",), source_line=src)
    return None


def _cite_positions(lines: list[str], head: int):
    """(number, line, column, source line) of each number on the block's `cites:` line:
    the first line after the block's header (line `head`) that starts with `cites:`."""
    for i in range(head, len(lines)):
        raw = lines[i]
        s = raw.lstrip()
        if s.startswith(("ruling ", "scenario ")):
            return
        if s.startswith("cites:"):
            col = len(raw) - len(s) + len("cites:")
            rest = raw[col:]
            pos = 0
            for part in rest.split(","):
                c = part.strip()
                if c:
                    yield c, i + 1, col + pos + (len(part) - len(part.lstrip())) + 1, raw
                pos += len(part) + 1
            return


def _ends(number: str) -> list[tuple[str, int]]:
    """A number or a range "613.1-613.4": each end with its offset in the text."""
    if "-" in number:
        a, b = number.split("-", 1)
        return [(a, 0), (b, len(a) + 1)]
    return [(number, 0)]
