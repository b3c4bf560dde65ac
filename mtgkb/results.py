"""Typed results: what the rest of the code sees instead of raw symbols."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mtgkb.parser.errors import printable

__all__ = ["printable", "xml_text"]

# Characters XML 1.0 does not allow at all (not even as &#...; references): C0
# controls other than tab, LF and CR, lone surrogates, U+FFFE and U+FFFF.  Also
# the other non-printable characters a terminal may act on (DEL, C1 controls).
_XML_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def xml_text(s: str) -> str:
    """`s` with every character XML cannot carry (and DEL, C1 controls) written as an
    escape such as \\x1b: safe for JUnit XML once XML-escaped as usual."""
    return _XML_UNSAFE.sub(lambda m: printable(m.group(0)), s)

VERDICTS = ("holds", "fails", "undetermined", "error")
STATUSES = ("passed", "failed", "undetermined", "error")


@dataclass
class ClaimResult:
    """A claim and its verdict: `holds` (true in every outcome the rules allow),
    `fails`, `undetermined` (the knowledge base cannot settle it: `message` says why)
    or `error`.  `line` is the claim's line in its file; `explanation` the derivation,
    one line per step, when one was asked for."""

    text: str
    line: int
    verdict: str
    message: str | None = None
    explanation: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        d = {"text": self.text, "line": self.line, "verdict": self.verdict, "message": self.message}
        if self.explanation:
            d["explanation"] = self.explanation
        return d


@dataclass
class RulingResult:
    """One ruling block checked: its title, `about`, `cites`, file and line, the
    `claims` with their verdicts, and its `status` (passed, failed, undetermined or
    error).  `error` says why a ruling could not be checked; `seconds` is the time its
    check took."""

    title: str
    about: str | None
    cites: list[str]
    file: str
    line: int
    kind: str = "ruling"
    claims: list[ClaimResult] = field(default_factory=list)
    error: str | None = None
    stats: dict = field(default_factory=dict)
    seconds: float | None = None   # wall time of the check (None: not measured); only with stats
    input_error: dict | None = None   # the bad input that made it an error (ParseError fields)
    # the names of the rules' violations (violated/2) that make the scenario impossible: the rules
    # forbid what it says (not in the JSON output)
    violated: tuple[str, ...] = ()

    @property
    def status(self) -> str:
        if self.error is not None or any(c.verdict == "error" for c in self.claims):
            return "error"
        if any(c.verdict == "fails" for c in self.claims):
            return "failed"
        if any(c.verdict == "undetermined" for c in self.claims):
            return "undetermined"
        return "passed"

    def to_json(self, with_stats: bool = False) -> dict:
        """The mtgkb.check/1 result object.  Solver statistics (timings) are left out
        unless asked for, so that the same input gives byte-identical output."""
        d = {
            "title": self.title, "about": self.about, "cites": list(self.cites), "file": self.file,
            "line": self.line, "status": self.status, "claims": [c.to_json() for c in self.claims],
        }
        if self.error is not None:
            d["error"] = self.error
        if self.stats and with_stats:
            d["stats"] = self.stats
        if self.seconds is not None and with_stats:
            d["seconds"] = round(self.seconds, 4)
        return d


@dataclass
class CheckReport:
    """The rulings checked, in order (`results`), their `summary()` counts by status,
    and `ok`: every ruling passed."""

    results: list[RulingResult]

    def summary(self) -> dict:
        st = [r.status for r in self.results]
        return {"rulings": len(st), "passed": st.count("passed"), "failed": st.count("failed"),
                "undetermined": st.count("undetermined"), "errors": st.count("error")}

    def to_json(self, with_stats: bool = False) -> dict:
        return {"schema": "mtgkb.check/1", "summary": self.summary(),
                "results": [r.to_json(with_stats) for r in self.results]}

    @property
    def ok(self) -> bool:
        s = self.summary()
        return s["failed"] == 0 and s["errors"] == 0 and s["undetermined"] == 0
