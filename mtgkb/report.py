"""`mtgkb check`'s text output and its comparison with a baseline.

Text: a line per ruling (PASS, FAIL, UNDT, ERR), the claims that did not hold under
it (every claim with -v), then the summary line.  Colour is ANSI SGR on the mark only,
added after the text is escaped: what comes from the input (titles, names, claims)
never carries a control character to the terminal.

Baseline (`--baseline OLD.json`): an earlier `check --format json` document.  A ruling
is identified by its file and title; the comparison lists the status changes, the
new rulings and the removed ones."""

from __future__ import annotations

import json

from mtgkb.parser.errors import ParseError, printable, split_lines

from .results import STATUSES, CheckReport, RulingResult
from .sources import read_text

MARK = {"passed": "PASS", "failed": "FAIL", "undetermined": "UNDT", "error": "ERR "}
_SGR = {"passed": "32", "failed": "31", "undetermined": "33", "error": "31;1"}   # green, red, yellow, bold red
# how far from passing a status is: a move to a larger rank is a regression
_RANK = {"passed": 0, "undetermined": 1, "failed": 2, "error": 3}


def paint(text: str, status: str, color: bool) -> str:
    return f"\x1b[{_SGR[status]}m{text}\x1b[0m" if color and status in _SGR else text


def mark(status: str, color: bool = False) -> str:
    return paint(MARK[status], status, color)


def ruling_lines(r: RulingResult, *, verbose: bool = False, color: bool = False) -> list[str]:
    """One ruling: its mark, title and place; the claims that did not hold (all of
    them, `verbose`), with messages and explanations; its error."""
    about = f", {printable(r.about)}" if r.about else ""
    lines = [f"{mark(r.status, color)}  {printable(r.title)}  ({printable(r.file)}:{r.line}{about})"]
    for c in r.claims:
        if c.verdict == "holds" and not verbose:
            continue
        lines.append(f"        {c.verdict:<12} line {c.line}: {printable(c.text)}")
        if c.message:
            lines.append(f"                     {printable(c.message)}")
        for e in c.explanation:
            lines.append(f"                       {printable(e)}")
    if r.error:
        lines.append(f"        {printable(r.error)}")
    return lines


def summary_line(s: dict, input_errors: int = 0, *, color: bool = False) -> str:
    """`N rulings: P passed, F failed, U undetermined, E errors`, and the input errors
    (of files and blocks) when there are any."""
    def part(n: int, status: str, word: str) -> str:
        return paint(f"{n} {word}", status, color and n > 0)

    line = (f"{s['rulings']} rulings: {part(s['passed'], 'passed', 'passed')}, "
            f"{part(s['failed'], 'failed', 'failed')}, {part(s['undetermined'], 'undetermined', 'undetermined')}, "
            f"{part(s['errors'], 'error', 'errors')}")
    if input_errors:
        line += "; " + paint(f"{input_errors} input error{'s' if input_errors != 1 else ''}", "error", color)
    return line


# ----------------------------------------------------------------------------- baseline

def load_baseline(path: str) -> dict[tuple[str, str], str]:
    """The statuses of a `check --format json` document, by (file, title).  Anything
    else is bad input (a ParseError naming the place)."""
    text = read_text(path)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        lines = split_lines(text)
        raise ParseError(f"invalid JSON: {e.msg}", path, e.lineno, e.colno,
                         expected=("a `mtgkb check --format json` document",),
                         source_line=lines[e.lineno - 1] if 0 < e.lineno <= len(lines) else None) from None
    if not isinstance(doc, dict) or doc.get("schema") != "mtgkb.check/1" or not isinstance(doc.get("results"), list):
        raise ParseError("not a `mtgkb check --format json` document", path, 1, 1,
                         expected=('an object with "schema": "mtgkb.check/1" and a "results" list',))
    out: dict[tuple[str, str], str] = {}
    for n, r in enumerate(doc["results"], start=1):
        if not (isinstance(r, dict) and isinstance(r.get("file"), str) and isinstance(r.get("title"), str)
                and r.get("status") in STATUSES):
            raise ParseError(f"result {n} lacks a file, a title or a known status", path, 1, 1,
                             expected=("results with file, title and status " + "|".join(STATUSES),))
        out[(r["file"], r["title"])] = r["status"]
    return out


def baseline_changes(old: dict[tuple[str, str], str], report: CheckReport) -> dict:
    """What changed since the baseline: status changes, new and removed rulings, each
    list in a fixed order (the run's order; removed ones by file and title)."""
    now = {(r.file, r.title): r.status for r in report.results}
    changed = [{"file": f, "title": t, "was": old[(f, t)], "now": st}
               for (f, t), st in now.items() if (f, t) in old and old[(f, t)] != st]
    new = [{"file": f, "title": t, "now": st} for (f, t), st in now.items() if (f, t) not in old]
    removed = [{"file": f, "title": t, "was": old[(f, t)]} for (f, t) in sorted(old) if (f, t) not in now]
    return {"changed": changed, "new": new, "removed": removed}


def regressions(changes: dict) -> list[dict]:
    """The changes that make --strict fail: a status further from passing, a removed ruling."""
    return [c for c in changes["changed"] if _RANK[c["now"]] > _RANK[c["was"]]] + list(changes["removed"])


def baseline_text(changes: dict, path: str, *, color: bool = False) -> str:
    def name(c: dict) -> str:
        return f"{printable(c['title'])}  ({printable(c['file'])})"

    n = len(changes["changed"]) + len(changes["new"]) + len(changes["removed"])
    lines = [f"compared with {printable(path)}: {len(changes['changed'])} changed, {len(changes['new'])} new, "
             f"{len(changes['removed'])} removed" + ("" if n else " (no change)")]
    for c in changes["changed"]:
        lines.append(f"  changed  {mark(c['was'], color)} -> {mark(c['now'], color)}  {name(c)}")
    for c in changes["new"]:
        lines.append(f"  new      {mark(c['now'], color)}  {name(c)}")
    for c in changes["removed"]:
        lines.append(f"  removed  {mark(c['was'], color)}  {name(c)}")
    return "\n".join(lines)
