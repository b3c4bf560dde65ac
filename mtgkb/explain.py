"""Explanations: why an atom is derived, each step naming its CR rule.

rules.lp marks every rule with the CR number it encodes (a `% CR 613.1d` comment
right above it).  For explanations we rewrite the program once with clingo's AST:
each cited rule  H :- B1, ..., Bn.  gets a twin

    _why(H, "613.1d", Line, (B1', ..., Bk')) :- B1, ..., Bn.

where Bi' are its positive body atoms.  Solving the rewritten program gives, for
every derived atom, the rule instance that derived it; following body atoms down to
the scenario's facts gives the derivation tree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from clingo import Symbol, SymbolType
from clingo import ast as cast

from . import paths

WHY = "_why"
_CR = re.compile(r"%\s*CR\s+([0-9][0-9a-z.,\- ]*)")


def citations(text: str) -> dict[int, str]:
    """Line number -> the CR numbers of the nearest `% CR ...` comment above it in
    the same section (sections start with a `%%% ---` line)."""
    out: dict[int, str] = {}
    cite = None
    for i, ln in enumerate(text.splitlines(), start=1):
        s = ln.strip()
        if s.startswith("%%% ---"):
            cite = None
        m = _CR.search(s) if s.startswith("%") else None
        if m:
            cite = m.group(1).split(":")[0].strip().rstrip(",").strip()
        if cite and s and not s.startswith("%"):
            out[i] = cite
    return out


class _NameAnonymous(cast.Transformer):
    """Give each anonymous variable its own name so body atoms can be copied
    into the head of the twin rule."""

    def __init__(self) -> None:
        self.n = 0

    def visit_Variable(self, node):
        if node.name == "_":
            self.n += 1
            return node.update(name=f"Anon_{self.n}")
        return node


@lru_cache(maxsize=2)
def explaining_program(text: str | None = None) -> str:
    """rules.lp plus one `_why` twin per cited rule (as program text we generate
    from our own program; user text never enters here)."""
    text = text if text is not None else paths.rules_text()
    cites = citations(text)
    extra: list[str] = []

    def visit(stm):
        if stm.ast_type != cast.ASTType.Rule:
            return
        line = stm.location.begin.line
        cite = cites.get(line)
        if cite is None or not stm.body:
            return
        namer = _NameAnonymous()
        stm = stm.update(body=[namer(l) if _positive_atom(l) else l for l in stm.body])
        head = stm.head
        if head.ast_type != cast.ASTType.Literal or head.atom.ast_type != cast.ASTType.SymbolicAtom:
            return
        if head.sign != cast.Sign.NoSign:
            return
        body_terms = []
        for lit in stm.body:
            if _positive_atom(lit):
                body_terms.append(str(lit.atom.symbol))
        tup = "(" + ",".join(body_terms) + ("," if len(body_terms) == 1 else "") + ")"
        body = "; ".join(str(b) for b in stm.body)
        rule = f'{WHY}({head.atom.symbol},"{cite}",{line},{tup})'
        extra.append(rule + (f" :- {body}." if body else "."))

    cast.parse_string(text, visit)
    # `explaining`: every value is carried through the layers, so derivations show each layer
    # (mtgkb/rules/untouched_values.lp)
    return (text + "\n%%% generated: derivation twins for explanations\n#defined " + WHY + "/4.\n#show " + WHY
            + "/4.\nexplaining.\n" + "\n".join(extra) + "\n")


def _positive_atom(lit) -> bool:
    return (lit.ast_type == cast.ASTType.Literal and lit.sign == cast.Sign.NoSign
            and lit.atom.ast_type == cast.ASTType.SymbolicAtom)


@dataclass
class Step:
    atom: Symbol
    cite: str | None            # None: a fact of the scenario or the knowledge base
    line: int | None
    children: list["Step"] = field(default_factory=list)


class Explainer:
    """Derivation trees over one answer set's `_why` atoms."""

    def __init__(self, model: frozenset[Symbol], handles: dict[Symbol, str]) -> None:
        self.handles = handles
        self.by_head: dict[Symbol, list[tuple[str, int, tuple[Symbol, ...]]]] = {}
        for s in sorted(model):
            if s.name == WHY and len(s.arguments) == 4:
                h, c, ln, body = s.arguments
                self.by_head.setdefault(h, []).append((c.string, ln.number, tuple(body.arguments)))

    def tree(self, atom: Symbol, depth: int = 24, seen: frozenset = frozenset()) -> Step:
        options = self.by_head.get(atom)
        if not options or atom in seen:
            return Step(atom, None, None)
        if depth == 0:
            return Step(atom, "…", None)
        cite, line, body = options[0]
        kids = [self.tree(b, depth - 1, seen | {atom}) for b in body if not _boring(b)]
        # aggregates: the parts summed are derived atoms of their own
        for part in self._aggregate_parts(atom):
            kids.append(self.tree(part, depth - 1, seen | {atom}))
        return Step(atom, cite, line, kids)

    def _aggregate_parts(self, atom: Symbol) -> list[Symbol]:
        if atom.type != SymbolType.Function or not atom.arguments:
            return []
        spec = AGGREGATE_PARTS.get(atom.name)
        if spec is None:
            return []
        pred, extra = spec
        o = atom.arguments[0]
        return [h for h in self.derived(pred, o)
                if extra is None or (len(h.arguments) > 1 and _fname(h.arguments[1]) == atom.name
                                     if extra == "name" else h.arguments[1] == atom.arguments[1])]

    def render(self, step: Step, indent: str = "") -> list[str]:
        # a value carried unchanged through layers (613.1) is shown once, at the
        # layer where it was last set
        while (step.cite == "613.1" and len(step.children) == 1 and step.children[0].atom.name == "lv"
               and step.atom.name == "lv"):
            step = step.children[0]
        label = self.show(step.atom)
        if step.cite is None:
            lines = [f"{indent}{label}  [given]"]
        elif step.cite == "…":
            lines = [f"{indent}{label}  […]"]
        else:
            lines = [f"{indent}{label}  [CR {step.cite}; rules.lp:{step.line}]"]
        for k in step.children:
            lines += self.render(k, indent + "  ")
        return lines

    def show(self, s: Symbol) -> str:
        return render_symbol(s, self.handles)

    def derived(self, predicate: str, first_arg: Symbol | None = None) -> list[Symbol]:
        return sorted(h for h in self.by_head if h.type == SymbolType.Function and h.name == predicate
                      and (first_arg is None or (h.arguments and h.arguments[0] == first_arg)))


# Head predicate -> (predicate of the parts its aggregate sums, how parts match)
AGGREGATE_PARTS = {
    "power": ("pt_delta", "name"),
    "toughness": ("pt_delta", "name"),
    "mana_value": ("mv_part", None),
    "counters_on": ("counter_source", "same"),
}


def _boring(s: Symbol) -> bool:
    return s.type == SymbolType.Function and s.name in ("claim", "layer", "layered", "object", "claim_about")


def render_symbol(s: Symbol, handles: dict[Symbol, str]) -> str:
    if s in handles:
        return handles[s]
    if s.type == SymbolType.Function:
        if not s.arguments:
            return s.name
        inner = ", ".join(render_symbol(a, handles) for a in s.arguments)
        return f"{s.name}({inner})"
    if s.type == SymbolType.String:
        return '"' + s.string + '"'
    return str(s)


# Which derived atoms explain a claim about an object, by query form.
RELATED = {
    "named": [("has_value", "name")],
    "supertype": [("has_value", "supertype")],
    "card_type": [("has_value", "card_type")],
    "subtype": [("has_value", "subtype"), ("every_creature_type", None)],
    "every_creature_type": [("every_creature_type", None), ("has_value", "all_creature_types"),
                            ("has_value", "card_type")],
    "color": [("has_value", "color")],
    "colorless": [("has_value", "color")],
    "multicolored": [("has_value", "color")],
    "monocolored": [("has_value", "color")],
    "pt": [("power", None), ("toughness", None)],
    "keyword": [("has_keyword", None)],
    "counters": [("counter", None)],
    "mana_value": [("mana_value", None)],
    "ability_text": [("has_value", "ability")],
}


def explain_query(ex: Explainer, q: Symbol, limit: int = 6) -> list[str]:
    """What was derived about the claim's object, with derivations."""
    if not q.arguments:
        return []
    o = q.arguments[0]
    lines: list[str] = []
    for pred, inner in RELATED.get(q.name, []):
        for h in ex.derived(pred, o):
            if inner is not None and not (len(h.arguments) > 1 and _fname(h.arguments[1]) == inner):
                continue
            lines += ex.render(ex.tree(h))
            if len(lines) > 40 * limit:
                return lines
    return lines


def _fname(s: Symbol) -> str | None:
    return s.name if s.type == SymbolType.Function else None
