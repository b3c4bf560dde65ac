"""The Python API behind the command line: `KnowledgeBase` (docs/api.md).

    >>> from mtgkb import KnowledgeBase
    >>> kb = KnowledgeBase()
    >>> report, errors = kb.check(["kb/rulings"])          # files and directories
    >>> report, errors = kb.check_text(text)               # scenario text
    >>> kb.ask(text_or_path, "Grizzly Bears is 2/2.")      # one claim -> ClaimResult

Results are typed: `CheckReport` (of `RulingResult`s, each of `ClaimResult`s); bad
input is a `ParseError` (file, line, column, what was expected)."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from clingo import Function, Symbol, SymbolType

from mtgkb.parser.errors import ParseError, raise_errors
from mtgkb.parser.scenario import parse_claim, parse_scenario
from mtgkb.parser.scenario_ast import Block, ScenarioFile

from .check import Session, check_block, check_paths, select_block
from .engine.present import render
from .facts import Encoded
from .budget import Budget, OverBudget
from .results import CheckReport, ClaimResult, RulingResult
from .solver import DEFAULT_TIMEOUT, Solver
from .sources import scan_paths

if TYPE_CHECKING:
    from .explain import Explainer
    from .proof import Proof

# explain, proof, why and layer_trace are imported where show, ask, why and a failing claim's
# explanation use them: a check whose claims all hold and `mtgkb pay` never need them

__all__ = ["KnowledgeBase", "CheckReport", "RulingResult", "ClaimResult", "ParseError", "ObjectView",
           "Budget", "OverBudget"]


@dataclass
class ObjectView:
    """An object of a scenario as `show` describes it: its handle, zone, controller,
    each characteristic with where it came from (a layer, a rule, an effect), and its
    status (tapped, counters, attachment)."""

    handle: str
    zone: str | None
    controller: str | None
    characteristics: list[tuple[str, str]] = field(default_factory=list)  # (text, provenance)
    status: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"handle": self.handle, "zone": self.zone, "controller": self.controller,
                "characteristics": [{"value": v, "from": p} for v, p in self.characteristics],
                "status": self.status}


class KnowledgeBase:
    """The rules knowledge base: the card database, the rules (rules.lp) and a solver.

    Build one and reuse it: the card database is loaded once.  Every method takes
    scenario files (paths) or scenario text (the language of docs/language.md) and
    returns typed results; bad input raises (or, for `check`, returns) a `ParseError`
    naming the file, line and column and what was expected there.

    `timeout` is the time limit of each solve, in seconds: a question the solver
    cannot settle in time is `undetermined`, never guessed."""

    def __init__(self, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.session = Session(timeout=timeout)
        self.timeout = timeout

    # ------------------------------------------------------------------ check
    def check(self, paths: list[str], *, explain_failures: bool = True,
              strict: bool = False) -> tuple[CheckReport, list[ParseError]]:
        """Check the rulings of `paths` (files and directories: a list, never a single
        str: a str raises TypeError).  Returns the `CheckReport` and the bad input found
        (`ParseError`s: a file that cannot be read or parsed is left out and reported
        here).  A directory with no .mtg file or an unreadable subdirectory is a
        warning (printed to stderr), an error of the result under `strict`.
        `explain_failures` adds the derivation to each claim that fails."""
        if isinstance(paths, (str, bytes, os.PathLike)):
            raise TypeError(f"KnowledgeBase.check takes a list of paths, not a single {type(paths).__name__}: "
                            f"write kb.check([{paths!r}])")
        files, problems, bad_names = scan_paths(paths)
        if not strict:
            for p in problems:
                print(str(p).replace(": error: ", ": warning: ", 1), file=sys.stderr)
        report, errors = check_paths(files, session=self.session,
                                     explain=self._explain_failures if explain_failures else None)
        return report, bad_names + (problems if strict else []) + list(errors)

    def check_text(self, text: str, name: str = "<text>", *, explain_failures: bool = True
                   ) -> tuple[CheckReport, list[ParseError]]:
        """Check the ruling blocks of scenario `text` (what a .mtg file holds), named
        `name` in results and errors.  Returns what `check` returns: the `CheckReport`
        and the bad input (a text that cannot be parsed gives one `ParseError` and no
        results)."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        if not isinstance(name, str):
            raise TypeError(f"name must be a str, not {type(name).__name__}")
        try:
            sf = self._parse_text(text, name)
        except ParseError as e:
            return CheckReport([]), [e]
        results, errors = [], []
        for block in sf.blocks:
            if block.kind != "ruling":
                continue
            rr, err = check_block(self.session, sf, block, self._explain_failures if explain_failures else None)
            if err is not None:
                errors.append(err)
            else:
                results.append(rr)
        return CheckReport(results), errors

    def _parse_text(self, text: str, name: str) -> ScenarioFile:
        if not text.strip():
            raise ParseError("the text is empty", name, 1, 1, expected=("at least one block",))
        text = text[1:] if text.startswith("\ufeff") else text
        return parse_scenario(text, file=name, known_names=self.session.db.name_table())

    def _scenario(self, source, what: str = "source") -> ScenarioFile:
        """A path (str or os.PathLike) or scenario text (a str with a line break that
        names no existing file)."""
        if isinstance(source, os.PathLike):
            source = os.fspath(source)
        elif not isinstance(source, str):
            raise TypeError(f"{what} must be scenario text, a str path or os.PathLike, not {type(source).__name__}")
        elif ("\n" in source or "\r" in source) and not os.path.lexists(source):
            return self._parse_text(source, "<text>")
        sf = self.session.load(source)
        raise_errors(sf.errors)   # ask, why, show: a file with bad input is refused whole
        return sf

    def _explain_failures(self, session: Session, sf: ScenarioFile, block: Block, enc: Encoded,
                          rr: RulingResult) -> None:
        """Each failing claim's explanation: its proof, as `why` prints it (mtgkb.why)."""
        if not any(cr.verdict == "fails" for cr in rr.claims):
            return   # (mtgkb.why and the proofs it imports: only for a failing claim)
        from .why import explain_failures

        explain_failures(session, sf, block, rr, timeout=self.timeout)

    def _queries(self, enc: Encoded, Id: Symbol) -> list[Symbol]:
        return [f.arguments[1] for f in enc.facts if f.name == "claim" and f.arguments[0] == Id]

    def _explainer(self, enc: Encoded, want_false=()) -> Explainer | None:
        from .explain import Explainer, explaining_program

        solver = Solver(timeout=self.timeout, program=explaining_program(), model_limit=16)
        res = solver.solve(self.session.reference + enc.facts, enumerate_models=True, characteristics=True)
        if not res.models:
            return None
        chosen = res.models[0]
        for m in res.models:
            if any(Function("claim_true", [Id]) not in m for Id in want_false):
                chosen = m
                break
        return Explainer(chosen, enc.handles)

    # ------------------------------------------------------------------ show
    def show(self, path: str, *, layers: bool = False, ruling: str | None = None,
             budget: "Budget | None" = None) -> list[dict]:
        """Everything derived for each block of a scenario (what `mtgkb show --json`
        prints as `blocks`), or only for the block `ruling` names (a title or a line
        inside it): objects with their characteristics and where each came from, the
        verdict of each claim, and the timeline of each outcome; with `layers`, each
        object's characteristics through layers 1-7 (`"layers"` of each object).
        `path` is a file (str or os.PathLike) or scenario text (a str holding a line break).
        With a `budget` (see `ask`), it runs in a worker process; past a limit it raises
        `OverBudget` (its `reason` names the limit and the phase)."""
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a str or os.PathLike, not {type(path).__name__}")
        if budget is not None:
            from .commands_budgeted import show_in_worker

            return show_in_worker(path, layers=layers, ruling=ruling, budget=_budget(budget))
        sf = self._scenario(path, "path")
        return self._show(sf, sf.blocks if ruling is None else [select_block(sf, ruling)], layers)

    def _show(self, sf: ScenarioFile, blocks: list[Block], layers: bool) -> list[dict]:
        from .layer_trace import layer_trace

        out = []
        for block in blocks:
            rr, enc, res = self.session.evaluate(sf, block, characteristics=True)
            entry = {"title": block.title, "kind": block.kind, "line": block.pos.line, "objects": [],
                     "claims": [c.to_json() for c in rr.claims], "error": rr.error}
            if enc is not None and res is not None and res.satisfiable:
                ex = self._explainer(enc)
                entry["objects"] = [v.to_json() for v in self._objects(enc, res, ex)]
                if layers and ex is not None:
                    for v in entry["objects"]:
                        v["layers"] = layer_trace(ex, enc, enc.objects[v["handle"]])
            # each event, what triggered, the stack, each resolution, per outcome
            if enc is not None and getattr(enc, "timeline", None) is not None:
                entry["timeline"] = render(enc.timeline)
            out.append(entry)
        return out

    def _objects(self, enc: Encoded, res, ex: Explainer | None) -> list[ObjectView]:
        facts = set(enc.facts)
        views = []
        for handle, O in enc.objects.items():
            zone = next((f.arguments[1].name for f in enc.facts if f.name == "zone" and f.arguments[0] == O), None)
            ctrl = next((f.arguments[1].string for f in enc.facts if f.name == "controller" and f.arguments[0] == O), None)
            v = ObjectView(handle, zone, ctrl)
            vals = sorted((s for s in res.cautious if s.name == "has_value" and s.arguments[0] == O
                           and _fname(s.arguments[1]) not in ("power", "toughness")), key=_value_order)
            for s in vals:
                v.characteristics.append((_describe_value(s.arguments[1], enc), _provenance(ex, s, enc) if ex else ""))
            for pred in ("power", "toughness", "mana_value"):
                for s in res.cautious:
                    if s.name == pred and s.arguments[0] == O:
                        v.characteristics.append((f"{pred.replace('_', ' ')} {s.arguments[1]}",
                                                  _provenance(ex, s, enc) if ex else ""))
            if Function("tapped", [O]) in facts:
                v.status.append("tapped")
            elif zone == "battlefield":
                v.status.append("untapped")
            for f in enc.facts:
                if f.name == "counter" and f.arguments[0] == O:
                    v.status.append(f"{f.arguments[2]} {f.arguments[1].string} counter(s)")
                if f.name == "attached" and f.arguments[0] == O:
                    v.status.append(f"attached to {enc.handles.get(f.arguments[1], f.arguments[1])}")
            views.append(v)
        return views

    # ------------------------------------------------------------------ ask / why
    def why(self, path: str, claim_text: str, *, ruling: str | None = None,
            budget: "Budget | None" = None) -> "Proof":
        """A claim's verdict, the outcome that shows it and its proof in words (mtgkb.why/1),
        against the block `ruling` names (a title or a line inside it; default: the last
        block): `path` is a file (str or os.PathLike) or scenario text (a str holding a
        line break).  With a `budget` (see `ask`), it runs in a worker process; past a
        limit the verdict is `undetermined` with the reason."""
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be scenario text, a str path or os.PathLike, not {type(path).__name__}")
        if not isinstance(claim_text, str):
            raise TypeError(f"claim_text must be a str, not {type(claim_text).__name__}")
        if budget is not None:
            from .commands_budgeted import why_in_worker

            return why_in_worker(path, claim_text, ruling=ruling, budget=_budget(budget))
        from .why import why as why_claim

        sf = self._scenario(path, "path")
        return why_claim(self.session, sf, claim_text, timeout=self.timeout, block=select_block(sf, ruling))

    def ask(self, path: str, claim_text: str, *, explain: bool = True, ruling: str | None = None,
            budget: "Budget | None" = None) -> ClaimResult:
        """The verdict of one claim (an `expect:` sentence) against the block `ruling`
        names (a title or a line inside it; default: the file's last block): `path` is a
        file (str or os.PathLike) or scenario text (a str holding a line break; a one-line
        str is a path).  Returns a `ClaimResult` whose `explanation` is the derivation
        (unless `explain` is False).  Raises ParseError for a claim or scenario that
        cannot be read.

        Without a `budget` it runs in this process, each solve under `timeout` seconds.
        With `budget=Budget(seconds, memory)` (mtgkb.budget.Budget) it runs in a worker
        process as `mtgkb ask` does: reading the scenario under `seconds` per block, then
        the evaluation under `seconds` of wall-clock time (every stage: stepping,
        grounding, solving, explaining) and `memory` bytes of address space; past a limit
        the worker is killed and the verdict is `undetermined` with the reason."""
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be scenario text, a str path or os.PathLike, not {type(path).__name__}")
        if not isinstance(claim_text, str):
            raise TypeError(f"claim_text must be a str, not {type(claim_text).__name__}")
        if budget is not None:
            from .commands_budgeted import ask_in_worker

            return ask_in_worker(path, claim_text, explain=explain, ruling=ruling, budget=_budget(budget))
        return self._ask(self._scenario(path, "path"), claim_text, explain, ruling)

    def _ask(self, sf: ScenarioFile, claim_text: str, explain: bool, ruling: str | None) -> ClaimResult:
        block = select_block(sf, ruling)
        enc = self.session.encode(sf, block)  # the handles of the first outcome
        claim = parse_claim(claim_text, names=self.session.db.name_table(), handles=enc.objects,
                            players=set(_players(enc)))
        block2 = Block(kind="ruling", title=block.title, pos=block.pos, given=block.given, expect=[claim],
                       cards=block.cards)
        rr, enc2, res = self.session.evaluate(sf, block2)
        cr = rr.claims[0]
        if explain and enc2 is not None:
            from .explain import explain_query

            ex = self._explainer(enc2, want_false=[Id for _, Id in enc2.claims] if cr.verdict == "fails" else ())
            if ex is not None:
                lines = []
                for _, Id in enc2.claims:
                    if cr.verdict == "holds":
                        for q in self._queries(enc2, Id):
                            t = Function("true", [Id, q])
                            # a claim that holds because its statement is derived nowhere
                            # (cannot, does not) has no tree: say so, never "[given]"
                            lines += ex.render(ex.tree(t)) if t in ex.by_head else [f"not derived: {ex.show(t)}"]
                    else:
                        for q in self._queries(enc2, Id):
                            lines += explain_query(ex, q)
                cr.explanation = lines
        return cr


def _budget(budget) -> Budget:
    """A `budget=` argument, checked: a Budget of finite seconds > 0 and a memory limit in
    the range of `--memory`."""
    import math

    from .budget import MEMORY_MAX, MEMORY_MIN

    if not isinstance(budget, Budget):
        raise TypeError(f"budget must be a mtgkb.api.Budget, not {type(budget).__name__}")
    t = budget.timeout
    if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t) or t <= 0:
        raise ValueError(f"the budget's timeout must be a finite number of seconds more than 0, not {t!r}")
    m = budget.memory
    if isinstance(m, bool) or not isinstance(m, int) or not MEMORY_MIN <= m <= MEMORY_MAX:
        raise ValueError(f"the budget's memory must be a number of bytes from {MEMORY_MIN} to {MEMORY_MAX}, not {m!r}")
    return budget


def _fname(s: Symbol) -> str | None:
    return s.name if s.type == SymbolType.Function else None


def _players(enc: Encoded) -> list[str]:
    return [f.arguments[0].string for f in enc.facts if f.name == "player"] + ["Alice", "Bob"]


_ORDER = {"name": 0, "supertype": 1, "card_type": 2, "subtype": 3, "all_creature_types": 3, "color": 4,
          "mana_cost": 5, "power": 6, "toughness": 7, "loyalty": 8, "ability": 9}


def _value_order(s: Symbol):
    v = s.arguments[1]
    name = v.name if v.type == SymbolType.Function else ""
    return (_ORDER.get(name, 10), str(v))


def _describe_value(v: Symbol, enc: Encoded) -> str:
    from .proof import COLORS, mana_symbol

    if v.type != SymbolType.Function:
        return str(v)
    if v.name == "all_creature_types":
        return "every creature type"
    if v.name == "ability" and v.arguments and v.arguments[0].name == "exc" and len(v.arguments[0].arguments) == 2:
        # an ability an exception of a copy effect grants (707.9b): its words in the copying card's text
        A, i = v.arguments[0].arguments
        f = enc.faces.get(A.arguments[0].string) if A.name == "ab" else None
        text = f.abilities[A.arguments[1].number - 1].text if f is not None and 0 < A.arguments[1].number <= len(f.abilities) else None
        kw = [e for e in enc.facts if e.name == "exception_item" and e.arguments[0] == A and e.arguments[1] == i]
        what = _ability_words(kw[0].arguments[2]) if kw else "an ability"
        return f"ability: {what} (granted by {A.arguments[0].string}'s copy exception" + (f": {text}" if text else "") + ")"
    if v.name == "ability" and v.arguments and v.arguments[0].name == "ab":
        face, i = v.arguments[0].arguments
        f = enc.faces.get(face.string)
        if f is not None and 0 < i.number <= len(f.abilities):
            ab = f.abilities[i.number - 1]
            tag = "" if ab.understood else "  (not understood)"
            return f"ability: {ab.text}{tag}"
    if v.name == "mana_cost" and len(v.arguments) == 2:
        return f"mana cost symbol {v.arguments[0]}: {{{mana_symbol(v.arguments[1])}}}"
    if v.name == "color" and len(v.arguments) == 1 and v.arguments[0].type == SymbolType.Function:
        return f"color {COLORS.get(v.arguments[0].name, v.arguments[0].name)}"
    if len(v.arguments) == 1:
        a = v.arguments[0]
        return f"{v.name.replace('_', ' ')} {a.string if a.type == SymbolType.String else a}"
    return str(v)


def _ability_words(item: Symbol) -> str:
    """An exception item that grants an ability -> the ability in words (a keyword's name)."""
    while item.type == SymbolType.Function and item.name in ("if", "adds", "ability") and item.arguments:
        item = item.arguments[-1]
    if item.type == SymbolType.Function and item.name == "keyword" and item.arguments:
        k = item.arguments[0]
        return (k.name if k.type == SymbolType.Function else str(k)).replace("_", " ").capitalize()
    return "an ability"


def _provenance(ex: Explainer, s: Symbol, enc: Encoded | None = None) -> str:
    """Where a value came from: the layer that last set it, the rule that did, and
    the effect behind it (a sentence of the scenario, an ability, a copy)."""
    step = ex.tree(s, depth=16)
    layer, cite = None, step.cite
    node = step
    # follow the layer carry-through (613.1) down to the step that set the value
    while node.children:
        lv_kids = [c for c in node.children if c.atom.name == "lv"]
        if node.atom.name == "lv" and node.cite == "613.1" and lv_kids:
            node = lv_kids[0]
            continue
        if node.atom.name == "has_value" and lv_kids:
            node = lv_kids[0]
            continue
        break
    if node.atom.name == "lv" and node.atom.arguments[0].type == SymbolType.Number:
        layer = node.atom.arguments[0].number
        cite = node.cite
        effects = [c for c in node.children if c.atom.name == "effect" and c.cite]
        if effects and effects[0].cite != cite:
            cite = f"{effects[0].cite} (order: {cite})"
    origin = _origin(ex, node, enc)
    parts = []
    if layer is not None:
        parts.append(f"layer {layer}")
    if cite and cite not in ("…",):
        parts.append(f"CR {cite}")
    if origin:
        parts.append(origin)
    return "; ".join(parts) if parts else "given"


def _origin(ex: Explainer, step, enc: Encoded | None) -> str | None:
    """The first effect source below a derivation step, in words."""
    from .explain import render_symbol

    todo = [step]
    seen = 0
    while todo and seen < 200:
        node = todo.pop(0)
        seen += 1
        a = node.atom
        if a.name == "cont" and len(a.arguments) == 3 and a.arguments[0].type == SymbolType.Number:
            ts = a.arguments[0].number
            if enc is not None and ts in enc.origins:
                line, text = enc.origins[ts]
                return f"line {line}: {text}"
            return f"effect {render_symbol(a.arguments[2], ex.handles)}"
        if a.name == "functioning" and len(a.arguments) == 2:
            return f"ability of {ex.show(a.arguments[0])}"
        if a.name == "copy_of" and len(a.arguments) == 2:
            return f"copy of {ex.show(a.arguments[1])}"
        if a.name == "cv" and node.cite is None:
            continue
        if a.name in ("printed", "token_value") and node.cite is None:
            return "printed" if a.name == "printed" else "stated by the token's creator"
        todo.extend(node.children)
    return None
