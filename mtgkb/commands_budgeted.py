"""`mtgkb show`, `ask`, `why` and `pay` under the budget of `mtgkb check`.

Each command's evaluation runs in one worker process of `mtgkb.parallel`'s pool
(`parallel.run_call`), with a wall-clock deadline (`--timeout`) and an address-space
limit (`--memory`, default 2G):

- reading the scenario file (or text) is under `--timeout` seconds per block in it;
- then the evaluation (stepping through the events, grounding, solving, explaining)
  is under `--timeout` seconds, or, for `show` of several blocks, `--timeout` times the
  number of blocks shown.

Past a limit the worker is killed.  `ask` and `why` then answer `undetermined` with
the reason (in text and JSON, the usual documents); `show` and `pay` exit 2 with a
message naming the limit and the phase.  Ctrl-C kills the worker at once (exit 130).
Within the limits the output is the same bytes as an in-process evaluation.

The parent side is here (the command handlers and `*_in_worker`, also behind the API's
`budget=`); the worker side is mtgkb.worker_calls."""

from __future__ import annotations

import json
import os
import re
import sys

from mtgkb.parser.errors import ParseError, printable

from .budget import DEFAULT_MEMORY, Budget, OverBudget
from .parallel import run_call

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2

_BLOCK_LINE = re.compile(rb"^[ \t]*(?:ruling|scenario)[ \t]", re.MULTILINE)


# ----------------------------------------------------------------------------- the parent side

def _is_text(source) -> bool:
    """As KnowledgeBase._scenario: a str holding a line break that names no file is text."""
    return isinstance(source, str) and ("\n" in source or "\r" in source) and not os.path.lexists(source)


def _source(source):
    """What a worker is given: the text, or the path as a str."""
    return source if _is_text(source) else os.fspath(source)


def _reading_seconds(source, budget: Budget) -> float:
    """The budget of reading a scenario: `budget.timeout` per block it holds (at least one)."""
    from .sources import read_bytes

    if _is_text(source):
        data = source.encode("utf-8", "surrogatepass")
    else:
        try:
            data = read_bytes(os.fspath(source))
        except ParseError:
            data = b""     # the worker says why the file cannot be read
    return budget.timeout * max(1, len(_BLOCK_LINE.findall(data)))


def _file_name(source) -> str:
    """How results name the scenario: the path as given, or <text>."""
    return "<text>" if _is_text(source) else os.fspath(source)


def ask_in_worker(source, claim_text: str, *, explain: bool = True, ruling: str | None = None,
                  budget: Budget):
    """KnowledgeBase.ask in a worker under `budget`: past a limit, an `undetermined`
    ClaimResult with the reason."""
    from .results import ClaimResult

    args = {"source": _source(source), "claim": claim_text, "explain": explain, "ruling": ruling}
    try:
        return run_call("ask", args, budget, _reading_seconds(source, budget))
    except OverBudget as e:
        return ClaimResult(claim_text.strip(), 1, "undetermined", e.reason)


def why_in_worker(source, claim_text: str, *, ruling: str | None = None, budget: Budget):
    """KnowledgeBase.why in a worker under `budget`: past a limit, an `undetermined`
    Proof with the reason."""
    from .proof import Proof

    args = {"source": _source(source), "claim": claim_text, "ruling": ruling}
    try:
        return run_call("why", args, budget, _reading_seconds(source, budget))
    except OverBudget as e:
        return Proof(file=_file_name(source), claim=claim_text.strip(), verdict="undetermined", message=e.reason,
                     notes=["no proof is shown for a claim the knowledge base cannot settle"])


def show_in_worker(source, *, layers: bool = False, ruling: str | None = None, budget: Budget) -> list[dict]:
    """KnowledgeBase.show in a worker under `budget`: past a limit, OverBudget."""
    args = {"source": _source(source), "layers": layers, "ruling": ruling}
    return run_call("show", args, budget, _reading_seconds(source, budget))


def pay_in_worker(path: str, cost: str, *, budget: Budget, **options) -> tuple[dict, list[str]]:
    """mtgkb.pay.pay_document in a worker under `budget`: past a limit, OverBudget."""
    args = dict(options, path=path, cost=cost)
    return run_call("pay", args, budget, _reading_seconds(path, budget))


def _budget(args) -> Budget:
    return Budget(args.timeout, DEFAULT_MEMORY if args.memory is None else args.memory)


def _over_budget(args, e: OverBudget) -> int:
    print(f"mtgkb: error: {printable(args.file)}: {e.reason}; nothing is shown "
          f"(a larger --timeout or --memory may help)", file=sys.stderr)
    return EXIT_BAD_INPUT


def claim_exit(verdict: str, *, strict: bool = False) -> int:
    """The exit code of a claim (README, "Exit codes"): 0 holds or undetermined, 1 fails
    (and undetermined under --strict), 2 error (bad input)."""
    if verdict == "error":
        return EXIT_BAD_INPUT
    if verdict == "fails" or (strict and verdict == "undetermined"):
        return EXIT_FAILED
    return EXIT_OK


def cmd_show(args) -> int:
    html = args.format == "html"
    try:
        blocks = show_in_worker(args.file, layers=args.layers or html, ruling=args.ruling, budget=_budget(args))
    except OverBudget as e:
        return _over_budget(args, e)
    if html:
        from .render_html import layers_html

        print(layers_html(args.file, blocks), end="")
    elif args.json or args.format == "json":
        print(json.dumps({"schema": "mtgkb.show/1", "file": args.file, "blocks": blocks}, indent=2, ensure_ascii=False))
    else:
        for b in blocks:
            print(f'{b["kind"]} "{b["title"]}" (line {b["line"]})')
            if b["error"]:
                print(f"  error: {b['error']}")
            for o in b["objects"]:
                where = o["zone"] + (f", controlled by {o['controller']}" if o["controller"] else "")
                print(f"  {o['handle']}  [{where}]{'  ' + ', '.join(o['status']) if o['status'] else ''}")
                for ch in o["characteristics"]:
                    print(f"    {ch['value']:<48} {ch['from']}")
                if "layers" in o:
                    from .layer_trace import render_trace

                    print("    through the layers:")
                    for line in render_trace(o["layers"]):
                        print(line)
            for t in b.get("timeline", []):  # the timeline of each outcome
                print(f"  timeline, outcome {t['branch']}" + (f" ({'; '.join(t['choices'])})" if t["choices"] else ""))
                for e in t["events"]:
                    print(f"    {e['text']:<72} CR {e['cr']}")
                if t["stack"]:
                    print(f"    stack (top first): {', '.join(t['stack'])}")
            for c in b["claims"]:
                print(f"  expect {c['verdict']:<12} {c['text']}" + (f"  ({c['message']})" if c["message"] else ""))
    bad = any(c["verdict"] in ("fails",) for b in blocks for c in b["claims"])
    return EXIT_FAILED if bad else EXIT_OK


def cmd_ask(args, tree: bool = False) -> int:
    cr = ask_in_worker(args.file, args.claim, ruling=args.ruling, budget=_budget(args))
    if args.json:
        print(json.dumps({"schema": "mtgkb.ask/1", "claim": cr.to_json()}, indent=2, ensure_ascii=False))
    else:
        print(f"{cr.verdict}: {cr.text}" + (f"  ({cr.message})" if cr.message else ""))
        shown = cr.explanation if tree else cr.explanation[:12]
        for e in shown:
            print("  " + e)
    return claim_exit(cr.verdict, strict=getattr(args, "strict", False))


def cmd_why(args) -> int:
    if args.raw:
        return cmd_ask(args, tree=True)
    from .proof import render_proof

    pr = why_in_worker(args.file, args.claim, ruling=args.ruling, budget=_budget(args))
    if args.format == "html":
        from .render_html import proof_html

        print(proof_html(pr), end="")
    elif args.json or args.format == "json":
        print(json.dumps(pr.to_json(), indent=2, ensure_ascii=False))
    else:
        for line in render_proof(pr):
            print(line)
    return claim_exit(pr.verdict, strict=args.strict)


def cmd_pay(args) -> int:
    if args.limit < 1:
        print("mtgkb: error: --limit must be at least 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    sources = [s.strip() for s in args.sources.split(",") if s.strip()] if args.sources else None
    try:
        doc, warnings = pay_in_worker(args.file, args.cost, budget=_budget(args), player=args.player,
                                      with_=sources, count_only=args.count, limit=args.limit, ruling=args.ruling)
    except OverBudget as e:
        return _over_budget(args, e)
    for w in warnings:
        print(f"mtgkb: warning: {w}", file=sys.stderr)
    if args.json:
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        more = "+" if doc["truncated"] else ""
        print(f"{doc['player']} {'can' if doc['payable'] else 'cannot'} pay {doc['cost']}: "
              f"{doc['count']}{more} way{'s' if doc['count'] != 1 else ''}")
        for i, w in enumerate(doc["ways"], start=1):
            print(f"  {i}. " + ", ".join(f"{p['symbol']} with {p['mana']} from {p['source']}" for p in w["pays"]))
    return EXIT_OK if doc["payable"] else EXIT_FAILED
