"""The `mtgkb` command line.  Exit codes (the same for every command, README "Exit
codes"): 0 success (a claim holds or is undetermined), 1 a claim fails (check: a
failed or error ruling; undetermined only under --strict), 2 bad input or usage (with
file, line, column and what was expected)."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys

from mtgkb.parser.errors import ParseError

from . import __version__
from . import commands_budgeted as budgeted   # show, ask, why, pay: in a worker, under the budget

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # usage errors: exit 2 with a one-line reason
        self.print_usage(sys.stderr)
        print(f"mtgkb: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


# Option ranges (argparse `type=` functions: a bad value is a usage error, exit 2).
TIMEOUT_MAX = 86400.0      # --timeout: seconds, finite, 0 < SECONDS <= one day
LIMIT_MAX = 1_000_000      # pay --limit: 1 <= N <= 1,000,000 ways enumerated
JOBS_MAX = 1024            # check --jobs: 1 <= N <= 1024
TOP_MAX = 1_000_000        # coverage --top: 0 <= N <= 1,000,000


def _seconds(text: str) -> float:
    """--timeout: a finite number of seconds, more than 0 and at most TIMEOUT_MAX
    (nan, inf, 0 and negative values are refused)."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(v) or not 0 < v <= TIMEOUT_MAX:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a time limit: give seconds, more than 0 and at most {TIMEOUT_MAX:g}")
    return v


def _int_in(lo: int, hi: int, what: str):
    def parse(text: str) -> int:
        t = text.strip()
        if not (t.isascii() and (t[1:] if t[:1] in "+-" else t).isdigit()) or len(t) > 32:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
        v = int(t)
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"{text!r} is out of range: {what} is from {lo:,} to {hi:,}")
        return v

    parse.__name__ = what  # argparse names the type in some messages
    return parse


def _memory(text: str) -> int:
    """--memory: a size such as 2G (mtgkb.parallel.parse_memory)."""
    from .budget import parse_memory

    try:
        return parse_memory(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


_limit = _int_in(1, LIMIT_MAX, "the number of ways")
_jobs = _int_in(1, JOBS_MAX, "the number of jobs")
_top = _int_in(0, TOP_MAX, "the number of lines")


_RULING_HELP = "the block to use: its exact title or a line number inside it (default: the file's last block)"


def _block_options(p: argparse.ArgumentParser) -> None:
    """ask and why: which block, and the exit code of an undetermined claim."""
    p.add_argument("--ruling", metavar="TITLE|LINE", help=_RULING_HELP)
    p.add_argument("--strict", action="store_true", help="an undetermined claim also makes the exit code 1")


def _budget_options(p: argparse.ArgumentParser) -> None:
    """show, ask, why, pay: the evaluation runs in a worker process under these limits."""
    p.add_argument("--timeout", type=_seconds, default=10.0, metavar="SECONDS",
                   help=f"wall-clock time limit of the evaluation (more than 0, at most {TIMEOUT_MAX:g}; default 10)")
    p.add_argument("--memory", type=_memory, default=None, metavar="SIZE",
                   help="memory limit of the worker process, such as 2G or 512M (256M to 1T; default 2G)")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="mtgkb", description="A rules knowledge base for Magic: The Gathering.")
    p.add_argument("--version", action="version", version=f"mtgkb {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    c = sub.add_parser("check", help="run ruling checks (default: the embedded kb/rulings)")
    c.add_argument("paths", nargs="*", metavar="PATH")
    c.add_argument("--format", choices=("text", "json", "junit"), default="text")
    c.add_argument("--json", action="store_true", help="same as --format json")
    c.add_argument("--timeout", type=_seconds, default=10.0, metavar="SECONDS",
                   help=f"time limit per solve (more than 0, at most {TIMEOUT_MAX:g}; default 10)")
    c.add_argument("--jobs", type=_jobs, default=None, metavar="N",
                   help=f"check rulings in N worker processes (1 to {JOBS_MAX}; default: the number of cores; "
                        "1: in this process); the output is the same for every N")
    c.add_argument("--strict", action="store_true",
                   help="an undetermined ruling also makes the exit code 1 (and, with --baseline, a regression)")
    c.add_argument("--stats", action="store_true",
                   help="add solver statistics (timings) to the JSON output, and times to the JUnit output")
    loud = c.add_mutually_exclusive_group()
    loud.add_argument("-q", "--quiet", action="store_true", help="text output: only the rulings that did not pass")
    loud.add_argument("-v", "--verbose", action="store_true", help="text output: every claim with its verdict")
    c.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colour the text output (auto: when stdout is a terminal and NO_COLOR is not set)")
    c.add_argument("--baseline", metavar="OLD.json",
                   help="compare with an earlier `check --format json` document: status changes, new and "
                        "removed rulings")
    c.add_argument("--memory", type=_memory, default=None, metavar="SIZE",
                   help="memory limit per worker process, such as 2G or 512M (256M to 1T; default 2G)")
    c.add_argument("-k", dest="select", metavar="TEXT",
                   help="only the rulings whose title contains TEXT (case-insensitive)")
    c.add_argument("-x", "--exitfirst", dest="stop_on_failure", action="store_true",
                   help="stop at the first failed or erroneous ruling")
    c.add_argument("--cited", action="store_true",
                   help="compare each ruling's cites: with the CR rules its claims' derivations used "
                        "(a report after the summary; the exit code is unchanged)")

    s = sub.add_parser("show", help="everything derived for a scenario")
    s.add_argument("file")
    s.add_argument("--json", action="store_true")
    s.add_argument("--layers", action="store_true",
                   help="each object's characteristics through layers 1-7, with the effects and timestamps")
    s.add_argument("--format", choices=("text", "json", "html"), default="text",
                   help="text (default), json (same as --json) or html: the layer tables as a page (implies --layers)")
    s.add_argument("--ruling", metavar="TITLE|LINE",
                   help="show only this block: its exact title or a line number inside it (default: every block)")
    _budget_options(s)

    a = sub.add_parser("ask", help="one claim against a block of a scenario file (default: its last block)")
    a.add_argument("file")
    a.add_argument("claim")
    a.add_argument("--json", action="store_true")
    _block_options(a)
    _budget_options(a)

    w = sub.add_parser("why", help="the proof of a claim in words, one line per rule applied (CR number and title)")
    w.add_argument("file")
    w.add_argument("claim")
    w.add_argument("--json", action="store_true", help="the proof as a tree (schema mtgkb.why/1)")
    w.add_argument("--format", choices=("text", "json", "html"), default="text",
                   help="text (default), json (same as --json) or html: a page to paste into a post")
    w.add_argument("--raw", action="store_true", help="the raw derivation tree of internal atoms instead")
    _block_options(w)
    _budget_options(w)

    py = sub.add_parser("pay", help="every legal way to pay a mana cost in a scenario (default: the file's last block)")
    py.add_argument("cost", metavar="COST", help="a mana cost such as {S}{1}")
    py.add_argument("file", metavar="FILE")
    py.add_argument("--ruling", metavar="TITLE|LINE", help=_RULING_HELP)
    py.add_argument("--player", metavar="P", help="who pays (default: the active player)")
    py.add_argument("--with", dest="sources", metavar="SOURCES", help="only these permanents, comma-separated handles")
    py.add_argument("--count", action="store_true", help="count the ways without listing them")
    py.add_argument("--limit", type=_limit, default=100, metavar="N",
                    help=f"enumerate at most N ways (1 to {LIMIT_MAX:,}; default 100)")
    py.add_argument("--json", action="store_true")
    _budget_options(py)

    r = sub.add_parser("rule", help="a rule of the Comprehensive Rules by number, such as 613.4c")
    r.add_argument("number", metavar="NUMBER")
    r.add_argument("--tree", action="store_true", help="with its subrules, and theirs")
    r.add_argument("--json", action="store_true")

    pa = sub.add_parser("parse", help="parse card text (.txt, MTGJSON/Scryfall .json, .jsonl[.gz])")
    pa.add_argument("file")
    pa.add_argument("--json", action="store_true")
    pa.add_argument("--strict", action="store_true", help="an unsupported ability line is an error")
    pa.add_argument("--terms", action="store_true",
                    help="each ability's structured meaning: trigger, condition, costs, effects, riders (terms of docs/oracle-meaning.md)")

    cv = sub.add_parser("coverage", help="how much of a card database the grammar understands and rules.lp applies")
    cv.add_argument("file", nargs="?", help="default: the embedded card database")
    cv.add_argument("--json", action="store_true")
    cv.add_argument("--top", type=_top, default=25, metavar="N",
                    help=f"how many unsupported lines to list (0 to {TOP_MAX:,}; default 25)")
    cd = sub.add_parser("cards", help="card databases: import a current MTGJSON or Scryfall file, list the imported ones")
    cds = cd.add_subparsers(dest="cards_command", metavar="ACTION", required=True)
    ci = cds.add_parser("import", help="install a MTGJSON AtomicCards.json or Scryfall oracle-cards file as a card database")
    ci.add_argument("file", metavar="FILE")
    ci.add_argument("--name", default="current", help="the database's name (default: current)")
    ci.add_argument("--json", action="store_true")
    cds.add_parser("list", help="the imported databases and where they are")
    co = sub.add_parser("completion", help="a shell completion script: eval \"$(mtgkb completion bash)\"")
    co.add_argument("shell", choices=("bash", "zsh", "fish"))
    # every command reads cards: --cards picks the database (an imported name or its file)
    for command in sub.choices.values():
        command.add_argument("--cards", metavar="NAME|FILE", default=None,
                             help="the card database to use (default: the embedded one; see `mtgkb cards`)")
    return p


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as e:  # a usage error (2) or --help/--version (0): the code, as for every command
        return e.code if isinstance(e.code, int) else (EXIT_OK if e.code is None else EXIT_BAD_INPUT)
    if args.command is None:
        build_parser().print_help(sys.stderr)
        return EXIT_BAD_INPUT
    try:
        if getattr(args, "cards", None):
            from .card_import import ENV, UnknownDatabase, resolve

            try:
                os.environ[ENV] = str(resolve(args.cards).resolve())   # worker processes inherit it
            except UnknownDatabase as e:
                print(f"mtgkb: error: {e}", file=sys.stderr)
                return EXIT_BAD_INPUT
            from .carddb import default_database

            default_database().load()   # a file that is not a database: its error here (exit 2), once
        return COMMANDS[args.command](args)
    except ParseError as e:
        print(str(e), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except RecursionError:
        print("mtgkb: error: the input nests too deeply to be processed", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as e:  # a defect of mtgkb, not of the input: say so in one line
        print(f"mtgkb: internal error: {type(e).__name__}: {e} (please report this with the input)", file=sys.stderr)
        return 3


# ----------------------------------------------------------------------------- check

def cmd_check(args) -> int:
    from .api import KnowledgeBase
    from .check import duplicate_titles
    from .parallel import check, default_jobs
    from .paths import embedded_rulings
    from .report import baseline_changes, baseline_text, load_baseline, regressions, summary_line

    kb = KnowledgeBase(timeout=args.timeout)
    jobs = default_jobs() if args.jobs is None else args.jobs
    fmt = "json" if args.json else args.format
    baseline = load_baseline(args.baseline) if args.baseline else None   # bad input: before any work
    limits = {k: v for k, v in (("select", args.select), ("stop_on_failure", args.stop_on_failure),
                                  ("memory", args.memory), ("cited", args.cited))
              if v not in (None, False)}   # the defaults: not passed
    if args.paths:
        report, errors = check(kb, args.paths, jobs, strict=args.strict, **limits)
    else:
        with embedded_rulings() as root:   # --cited: compared in the workers, while the files can be read
            report, errors = check(kb, [str(root)], jobs, **limits)
            for r in report.results:
                r.file = _embedded_name(r.file)
                if r.input_error:
                    r.input_error["file"] = _embedded_name(r.input_error["file"])
            for e in errors:
                e.file = _embedded_name(e.file)
    # every input error: the files' own, titles used twice in the run, and those that
    # made a block an `error` result (those are results too: JUnit shows them there)
    errors = list(errors) + duplicate_titles(report)
    all_errors = errors + [ParseError(**r.input_error) for r in report.results if r.input_error]
    all_errors.sort(key=lambda e: (e.file, e.line, e.column))
    for e in all_errors:
        print(str(e), file=sys.stderr)
    if getattr(report, "not_run", 0):
        print(f"mtgkb: stopped at the first failure (-x): {report.not_run} "
              f"ruling{'s' if report.not_run != 1 else ''} not run", file=sys.stderr)
    cited = getattr(report, "cited", None) if args.cited else None
    if cited is not None:
        from .cited import cited_lines   # (with its proofs: only for --cited)
    changes = baseline_changes(baseline, report) if baseline is not None else None
    if fmt == "json":
        doc = report.to_json(with_stats=args.stats)
        doc["summary"]["input_errors"] = len(all_errors)
        if all_errors:
            doc["errors"] = [e.to_json() for e in all_errors]
        if changes is not None:
            doc["baseline"] = dict(changes, file=args.baseline)
        if cited is not None:
            for d, c in zip(doc["results"], cited):
                d["cited"] = c.to_json()
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    elif fmt == "junit":
        from .junit import junit_xml

        print(junit_xml(report, errors, with_time=args.stats))
        if changes is not None:
            print(baseline_text(changes, args.baseline, color=False), file=sys.stderr)
        if cited is not None:
            print("\n".join(cited_lines(report, cited)), file=sys.stderr)
    else:
        color = _use_color(args.color)
        print(_text_report(report, quiet=args.quiet, verbose=args.verbose, color=color))
        print(summary_line(report.summary(), len(all_errors), color=color))
        if changes is not None:
            print(baseline_text(changes, args.baseline, color=color))
        if cited is not None:
            print("\n".join(cited_lines(report, cited)))
    if all_errors:
        return EXIT_BAD_INPUT
    s = report.summary()
    if s["failed"] or s["errors"] or (args.strict and s["undetermined"]):
        return EXIT_FAILED
    if args.strict and changes is not None and regressions(changes):
        return EXIT_FAILED
    return EXIT_OK


def _use_color(choice: str) -> bool:
    """--color: always, never, or (auto) when stdout is a terminal and NO_COLOR is unset
    or empty (https://no-color.org)."""
    if choice != "auto":
        return choice == "always"
    import os

    try:
        tty = sys.stdout.isatty()
    except (AttributeError, ValueError):
        tty = False
    return tty and not os.environ.get("NO_COLOR")


def _embedded_name(path: str) -> str:
    i = path.replace("\\", "/").rfind("/rulings/")
    return "kb" + path[i:] if i >= 0 else path


def _text_report(report, *, quiet: bool = False, verbose: bool = False, color: bool = False) -> str:
    """The results in text (the summary line is `report.summary_line`'s): -q only the
    rulings that did not pass, -v every claim with its verdict.  What comes from the
    input is shown escaped (no control character reaches the terminal)."""
    from .report import ruling_lines

    lines = []
    for r in report.results:
        if quiet and r.status == "passed":
            continue
        lines += ruling_lines(r, verbose=verbose, color=color)
    lines.append("")
    return "\n".join(lines)


def cmd_rule(args) -> int:
    from .crtext import UnknownRule, render_rule, rules

    rs = rules()
    try:
        rule = rs.lookup(args.number)
    except UnknownRule as e:
        print(f"mtgkb: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        doc = {"schema": "mtgkb.rule/1", "rule": rule.to_json(rs, tree=args.tree)}
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        for line in render_rule(rule, rs, tree=args.tree):
            print(line)
    return EXIT_OK


# ----------------------------------------------------------------------------- parse / coverage

def cmd_parse(args) -> int:
    from .cardfiles import load_cards
    from .coverage import applied_abilities, ability_symbol

    cards = load_cards(args.file)
    unsupported = [(c, f, a) for c in cards for f in c.faces for a in f.abilities if not a.understood]
    applied, _ = applied_abilities([f for c in cards for f in c.faces])
    if args.json:
        doc = {"schema": "mtgkb.parse/1", "cards": [
            {"name": f.name, "abilities": [
                {"text": a.text, "line": a.line, "kind": a.kind, "understood": a.understood,
                 "applied": ability_symbol(f, i) in applied,
                 **({"terms": ability_terms(a)} if args.terms else {})}
                for i, a in enumerate(f.abilities, start=1)]}
            for c in cards for f in c.faces]}
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        for c in cards:
            for f in c.faces:
                cost = f" {f.mana_cost}" if f.mana_cost else ""
                print(f"{f.name}{cost} — {' '.join(f.supertypes + f.types)}"
                      + (f" — {' '.join(f.subtypes)}" if f.subtypes else ""))
                for i, a in enumerate(f.abilities, start=1):
                    mark = a.kind if a.understood else "UNSUPPORTED"
                    if a.understood and ability_symbol(f, i) not in applied:
                        mark += ", unread"  # understood, but rules.lp gives it no meaning
                    print(f"  [{mark}] line {a.line}: {a.text}")
                    if args.terms:
                        print("\n".join(f"      {part}: {term}" for part, term in _terms_lines(a)))
    if args.strict and unsupported:
        for c, f, a in unsupported:
            print(f"{f.source}:{a.line}:{a.column}: error: unsupported ability of {f.name!r}: {a.text}"
                  + (f"\n  {a.reason}" if a.reason else ""), file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_OK


def ability_terms(a) -> dict:
    """An ability's structured meaning as rendered terms (the vocabulary of
    docs/oracle-meaning.md): {part: term or [terms]}, or why it is unsupported."""
    if not a.understood:
        return {"unsupported": a.reason or ""}
    out: dict = {}
    for part, term in _terms_lines(a):
        if part in ("trigger", "condition"):
            out[part] = term
        else:
            out.setdefault(part, []).append(term)
    return out


def _terms_lines(a) -> list[tuple[str, str]]:
    """(part, rendered term) of each of the ability's terms, or why it is unsupported."""
    from .parser.terms import render
    from .vocabulary import ability_parts

    if not a.understood:
        return [("unsupported", a.reason or "")]
    return [(part, render(t)) for part, t in ability_parts(a)]


def cmd_completion(args) -> int:
    from .completion import SHELLS

    print(SHELLS[args.shell](build_parser()), end="")
    return EXIT_OK


def cmd_cards(args) -> int:
    from .card_import import data_dir, import_cards, installed

    if args.cards_command == "list":
        names = installed()
        print("embedded: kb/oracle-cards-2022-04.jsonl.gz (the default)")
        for n in names:
            print(f"{n}: {data_dir() / (n + '.jsonl.gz')}")
        return EXIT_OK
    rep = import_cards(args.file, args.name)
    if args.json:
        print(json.dumps(rep.to_json(), indent=2, ensure_ascii=False))
    else:
        skipped = ", ".join(f"{n} {k}" for k, n in sorted(rep.skipped.items()))
        print(f"imported {rep.cards} cards ({rep.faces} faces) as {args.name!r}: {rep.path}"
              + (f"; left out: {skipped}" if skipped else ""))
        print(f"use it with --cards {args.name} on any command")
    return EXIT_OK


def cmd_coverage(args) -> int:
    from .cardfiles import load_cards
    from .coverage import coverage
    from .paths import card_database
    from importlib.resources import as_file

    if args.file:
        cards = load_cards(args.file)
    else:
        with as_file(card_database()) as p:
            cards = load_cards(str(p))
    doc = coverage(cards, top=args.top, applied=True)
    if args.json:
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        print(f"cards: {doc['cards']}, fully understood: {doc['fully_understood']} "
              f"({100 * doc['fully_understood'] / max(doc['cards'], 1):.1f}%)")
        print(f"abilities: {doc['abilities']}, understood: {doc['understood_abilities']} "
              f"({100 * doc['understood_abilities'] / max(doc['abilities'], 1):.1f}%)")
        ap = doc["applied"]
        print(f"applied by rules.lp: {ap['applied_abilities']} abilities "
              f"({100 * ap['applied_abilities'] / max(ap['abilities'], 1):.1f}%), cards fully applied: "
              f"{ap['cards_fully_applied']} ({100 * ap['cards_fully_applied'] / max(doc['cards'], 1):.1f}%)")
        for k, v in ap["by_kind"].items():
            print(f"  {k:<12} {v['abilities']:>6} abilities, {v['understood']:>6} understood, {v['applied']:>6} applied")
        for t in doc["unsupported_top"]:
            print(f"  {t['count']:>6}  {t['text']}")
    return EXIT_OK


COMMANDS = {"pay": budgeted.cmd_pay, "check": cmd_check, "show": budgeted.cmd_show, "ask": budgeted.cmd_ask,
            "why": budgeted.cmd_why, "rule": cmd_rule, "parse": cmd_parse,
            "coverage": cmd_coverage, "cards": cmd_cards, "completion": cmd_completion}


def entry() -> None:
    """The `mtgkb` command: `main()`'s exit code.  Once stdout and stderr are flushed the
    process ends at once (`os._exit`), without the interpreter's teardown, which frees
    every object of the card names, the grammars and the program one by one: time spent
    on nothing the command shows.  A flush that fails (a closed pipe) takes the usual
    way out instead, with its usual message and exit code.  The command keeps the Oracle
    lines it reads and the meaning of the cards it solves for the next run
    (mtgkb.parser.oracle_lines, mtgkb.engine.meaning_facts)."""
    from mtgkb.parser import oracle_lines

    from . import program_cache

    oracle_lines.enable()
    program_cache.enable()
    code = main()
    if not isinstance(code, int):   # not an exit status: as sys.exit treats it
        raise SystemExit(code)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # noqa: BLE001 - what a normal exit does with it, below
        raise SystemExit(code) from None
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    entry()
