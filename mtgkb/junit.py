"""`mtgkb check --format junit`: the check report as JUnit XML for CI reporters
(GitLab, Jenkins, GitHub actions that read JUnit files).

Layout (the common Jenkins/Surefire "junit-10" form):

    <testsuites name="mtgkb" tests failures errors skipped [time]>
      <testsuite name=FILE tests failures errors skipped [time]>     one per checked file
        <testcase classname=CLASS name=TITLE file=FILE line=N [time]>  one per ruling
          <properties> about, cites </properties>
          <failure message="line N: CLAIM -> fails: WHY" type="fails">each claim that does
            not hold, with its explanation</failure>
          | <skipped message="line N: CLAIM -> undetermined: WHY"/>    undetermined
          | <error message=... type="error">...</error>                 an impossible scenario
        </testcase>
        <testcase ... name="FILE:LINE:COLUMN"> <error type="bad input"/> a parse error

`classname` is the file path without its `.mtg` suffix, with `/` as separator and
every dot written as `_` (`kb/rulings/foundation`): Jenkins splits a classname at its
last dot into package and class, so a name without dots is shown whole, as the file
it names; GitLab and GitHub reporters show it as given.

`time` (seconds) is written only when asked for (`--stats`): timings differ from run
to run, and without them the same input gives byte-identical output.

Characters XML cannot carry (C0 controls, lone surrogates, U+FFFE/U+FFFF) and the
characters a terminal acts on (DEL, C1 controls) are written as escapes such as
\\x1b (`mtgkb.results.xml_text`); the rest is XML-escaped.
"""

from __future__ import annotations

from mtgkb.parser.errors import ParseError

from .results import CheckReport, ClaimResult, RulingResult, xml_text

__all__ = ["junit_xml", "classname"]

MESSAGE_MAX = 500   # characters of a failure/skipped message attribute (the body has it all)


def _attr(value) -> str:
    s = xml_text(str(value))
    s = (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
         .replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;"))
    return f'"{s}"'


def _text(value) -> str:
    s = xml_text(str(value))
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")


def classname(path: str) -> str:
    """The JUnit classname of a checked file: its path without `.mtg`, `/`-separated,
    without dots (`./a.b/c.mtg` -> `a_b/c`)."""
    p = str(path).replace("\\", "/")
    while p.startswith("./"):
        p = p[2:]
    if p.endswith(".mtg"):
        p = p[:-4]
    return p.replace(".", "_") or "_"


def _clip(s: str, n: int = MESSAGE_MAX) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def _claim_line(c: ClaimResult) -> str:
    return f"line {c.line}: {c.text} -> {c.verdict}" + (f": {c.message}" if c.message else "")


def _body(claims: list[ClaimResult]) -> str:
    lines = []
    for c in claims:
        lines.append(_claim_line(c))
        lines += ["    " + e for e in c.explanation]
    return "\n".join(lines)


def _message(bad: list[ClaimResult]) -> str:
    more = f" (and {len(bad) - 1} more claim{'s' if len(bad) > 2 else ''})" if len(bad) > 1 else ""
    return _clip(_claim_line(bad[0]) + more)


def _seconds(x: float | None) -> str:
    return f"{(x or 0.0):.3f}"


class _Suite:
    def __init__(self, name: str) -> None:
        self.name = name
        self.cases: list[list[str]] = []
        self.tests = self.failures = self.errors = self.skipped = 0
        self.time = 0.0


def _ruling_case(r: RulingResult, with_time: bool) -> tuple[list[str], str]:
    t = f" time={_attr(_seconds(r.seconds))}" if with_time else ""
    out = [f"    <testcase classname={_attr(classname(r.file))} name={_attr(r.title)} "
           f"file={_attr(r.file)} line=\"{int(r.line)}\"{t}>"]
    props = []
    if r.about:
        props.append(("about", r.about))
    if r.cites:
        props.append(("cites", ", ".join(r.cites)))
    if props:
        out.append("      <properties>")
        out += [f"        <property name={_attr(k)} value={_attr(v)}/>" for k, v in props]
        out.append("      </properties>")
    status = r.status
    if status == "failed":
        bad = [c for c in r.claims if c.verdict == "fails"]
        rest = [c for c in r.claims if c.verdict == "undetermined"]
        out.append(f"      <failure message={_attr(_message(bad))} type=\"fails\">{_text(_body(bad + rest))}</failure>")
    elif status == "undetermined":
        bad = [c for c in r.claims if c.verdict == "undetermined"]
        out.append(f"      <skipped message={_attr(_message(bad))}>{_text(_body(bad))}</skipped>")
    elif status == "error":
        bad = [c for c in r.claims if c.verdict != "holds"]
        msg = r.error or _message([c for c in bad if c.verdict == "error"] or bad)
        out.append(f"      <error message={_attr(_clip(msg))} type=\"error\">{_text(_body(bad))}</error>")
    out.append("    </testcase>")
    return out, status


def _error_case(e: ParseError) -> list[str]:
    where = f"{e.file}:{e.line}:{e.column}"
    return [f"    <testcase classname={_attr(classname(e.file))} name={_attr(where)} "
            f"file={_attr(e.file)} line=\"{int(e.line)}\">",
            f"      <error message={_attr(_clip(e.message))} type=\"bad input\">{_text(str(e))}</error>",
            "    </testcase>"]


def junit_xml(report: CheckReport, errors: list[ParseError] = (), *, with_time: bool = False) -> str:
    """The JUnit XML document of a check (`report`) and the bad input found on the way
    (`errors`, each an <error> test case at its file and line).  `with_time` writes the
    measured seconds of each ruling, each file and the whole run."""
    suites: dict[str, _Suite] = {}

    def suite(name: str) -> _Suite:
        s = suites.get(name)
        if s is None:
            s = suites[name] = _Suite(name)
        return s

    for r in report.results:
        s = suite(r.file)
        lines, status = _ruling_case(r, with_time)
        s.cases.append(lines)
        s.tests += 1
        s.failures += status == "failed"
        s.errors += status == "error"
        s.skipped += status == "undetermined"
        s.time += r.seconds or 0.0
    for e in errors:
        s = suite(str(e.file))
        s.cases.append(_error_case(e))
        s.tests += 1
        s.errors += 1

    all_ = list(suites.values())
    total = {k: sum(getattr(s, k) for s in all_) for k in ("tests", "failures", "errors", "skipped")}

    def counts(c: dict | _Suite, time: float) -> str:
        get = c.get if isinstance(c, dict) else (lambda k: getattr(c, k))
        t = f" time={_attr(_seconds(time))}" if with_time else ""
        return (f'tests="{get("tests")}" failures="{get("failures")}" errors="{get("errors")}" '
                f'skipped="{get("skipped")}"{t}')

    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<testsuites name="mtgkb" {counts(total, sum(s.time for s in all_))}>']
    for s in all_:
        out.append(f"  <testsuite name={_attr(s.name)} {counts(s, s.time)}>")
        for case in s.cases:
            out += case
        out.append("  </testsuite>")
    out.append("</testsuites>")
    return "\n".join(out)
