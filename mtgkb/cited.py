"""`mtgkb check --cited`: a ruling's `cites:` numbers against the CR rules its
derivations used.

The rules a ruling used are the CR numbers of the proofs of its claims (mtgkb.why:
the proof steps, what is derived instead, the rule of what is not derived, the
outcome's events).  A citation covers a used number that is the same rule or below it
(citing 613.4 covers 613.4c; citing 613 covers 613.4c); a range ("601.2g-h") stands for
each rule in it.  Per ruling:

- cited but unused: a cited number that covers no used number;
- used but uncited: a used number no citation covers, only the most specific (613.4 is
  left out when 613.4c is listed), at most MAX_UNCITED.

It is a report: it changes no verdict and no exit code."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mtgkb.parser.errors import ParseError, printable

from .engine.ask import Bound, ScenarioError
from .facts import FactError
from .why import claim_proofs

MAX_UNCITED = 5

_RANGE = re.compile(r"^(\d{3}(?:\.\d+)?)([a-z])-(?:\1)?([a-z])$")
_NUMBER = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$")


@dataclass
class CitedReport:
    """One ruling's comparison."""
    unused: list[str] = field(default_factory=list)    # cited, covering no used rule
    uncited: list[str] = field(default_factory=list)   # used, covered by no citation (most specific)
    more: int = 0                                      # uncited numbers left out past MAX_UNCITED
    used: list[str] = field(default_factory=list)      # every rule used, in CR order
    note: str | None = None                            # why nothing could be compared

    def to_json(self) -> dict:
        d = {"unused": self.unused, "uncited": self.uncited, "uncited_more": self.more, "used": self.used}
        if self.note:
            d["note"] = self.note
        return d


def numbers(cite: str) -> list[str]:
    """ "601.2g-h, 107.4" -> ["601.2g", "601.2h", "107.4"]: the rules a citation names
    (what is not a rule number, such as "…", is left out)."""
    out: list[str] = []
    for part in cite.replace(";", ",").split(","):
        n = part.strip().removeprefix("CR ").strip()
        m = _RANGE.match(n)
        if m:
            out += [m.group(1) + chr(c) for c in range(ord(m.group(2)), ord(m.group(3)) + 1)]
        elif _NUMBER.match(n):
            out.append(n)
    return out


def covers(cited: str, used: str) -> bool:
    """Citing `cited` covers a derivation that used `used`: the same rule or one below it."""
    if used == cited:
        return True
    if not used.startswith(cited):
        return False
    rest = used[len(cited):]
    return rest[0].isalpha() if "." in cited else rest.startswith(".")


def cr_order(n: str) -> tuple:
    m = re.match(r"^(\d+)(?:\.(\d+)([a-z]?))?$", n)
    if not m:
        return (10 ** 6, n)
    return (int(m.group(1)), int(m.group(2) or -1), m.group(3) or "")


def compare(cites: list[str], used: set[str]) -> CitedReport:
    """The comparison of a ruling's citations with the rules its derivations used."""
    cited = [n for c in cites for n in numbers(c)]
    report = CitedReport(used=sorted(used, key=cr_order))
    report.unused = [c for c in dict.fromkeys(cited) if not any(covers(c, u) for u in used)]
    uncited = [u for u in used if not any(covers(c, u) for c in cited)]
    specific = sorted((u for u in uncited if not any(v != u and covers(u, v) for v in uncited)), key=cr_order)
    report.uncited = specific[:MAX_UNCITED]
    report.more = len(specific) - len(report.uncited)
    return report


def cited_report(session, sf, block, rr, *, timeout: float) -> CitedReport:
    """A checked ruling's comparison: the proofs of its claims (the block's outcomes
    stepped once more), then `compare`.  A ruling that could not be checked, or whose
    proofs cannot be built within the limits, gets a note instead."""
    if rr.status == "error" or len(rr.claims) != len(block.expect):
        return CitedReport(note="not compared: the ruling could not be checked")
    try:
        proofs = claim_proofs(session, sf, block, rr.claims, timeout=timeout)
    except (Bound, ScenarioError, FactError, ParseError) as e:
        return CitedReport(note=f"not compared: no proof within the limits ({e})")
    used = {n for p in proofs for c in p.cites() for n in numbers(c)}
    report = compare(list(rr.cites), used)
    if any(p.verdict not in ("holds", "fails") for p in proofs):
        report.note = "claims without a proof (undetermined) used rules that are not counted"
    return report


def cited_reports(session, report, *, timeout: float) -> list[CitedReport]:
    """The `cited` comparison of every result of a check report, in its order (each
    file read again once)."""
    files: dict = {}
    out: list[CitedReport] = []
    for rr in report.results:
        sf = files.get(rr.file)
        if sf is None:
            try:
                sf = files[rr.file] = session.load(rr.file)
            except ParseError as e:
                out.append(CitedReport(note=f"not compared: {e.message}"))
                continue
        block = next((b for b in sf.blocks if b.title == rr.title and b.pos.line == rr.line), None)
        if block is None:
            out.append(CitedReport(note="not compared: the ruling is not in its file any more"))
            continue
        out.append(cited_report(session, sf, block, rr, timeout=timeout))
    return out


def cited_lines(report, cited: list[CitedReport]) -> list[str]:
    """The text `check --cited` prints after the summary: one paragraph per ruling with
    something to say (what comes from the input is escaped)."""
    out: list[str] = []
    for rr, c in zip(report.results, cited):
        if not (c.unused or c.uncited or c.note):
            continue
        out.append(f"{printable(rr.title)}  ({printable(rr.file)}:{rr.line})")
        if c.unused:
            out.append(f"  cited, not used by any claim's derivation: {printable(', '.join(c.unused))}")
        if c.uncited:
            more = f" (and {c.more} more)" if c.more else ""
            out.append(f"  used, not cited: {', '.join(c.uncited)}{more}")
        if c.note:
            out.append(f"  note: {printable(c.note)}")
    if not out:
        return ["cited: every ruling's citations match the rules its derivations used"]
    return ["cited rules against the rules used:"] + out
