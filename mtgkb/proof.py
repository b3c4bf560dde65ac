"""Proofs people read: a derivation tree (mtgkb.explain) turned into numbered steps in
words, one step per rule applied, each naming its CR rule and that rule's title line
(read at runtime from the shipped CR file, mtgkb.crtext).

- A derived atom whose predicate has a sentence in SENTENCES is a step.  Any other
  derived atom is an internal helper: it is folded into the step that uses it (its
  premises become that step's premises).
- Steps under one step that apply the same rule are merged into one line (power and
  toughness from the same layer, say).
- A step shown once is referred to by its number afterwards ("from 1, 2").
- Facts of the scenario or the card database are not steps; those with a sentence are
  named on the step that rests on them ("given: ...").

Only the words live here: which rule derived what is the answer set's business
(the `_why` twins of rules.lp)."""

from __future__ import annotations

from dataclasses import dataclass, field

from clingo import Symbol, SymbolType

from .crtext import rules as cr_rules
from .explain import Explainer, Step

COLORS = {"w": "white", "u": "blue", "b": "black", "r": "red", "g": "green", "c": "colorless"}
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


class Words:
    """Symbols in words: objects by their handles, strings bare, values as phrases."""

    def __init__(self, handles: dict[Symbol, str], faces: dict | None = None) -> None:
        self.handles = handles
        self.faces = faces or {}

    def __call__(self, s: Symbol) -> str:
        if s in self.handles:
            return self.handles[s]
        if s.type == SymbolType.String:
            return s.string
        if s.type == SymbolType.Number:
            return str(s.number)
        if s.type == SymbolType.Function:
            if not s.arguments:
                return s.name.replace("_", " ")
            if s.name == "ab" and len(s.arguments) == 2 and s.arguments[1].type == SymbolType.Number:
                n = s.arguments[1].number
                text = self.ability(s)
                return f"{self(s.arguments[0])}'s ability {n}" + (f" ({text})" if text.startswith("“") else "")
            if s.name == "counter" and len(s.arguments) == 1:
                return f"{self(s.arguments[0])} counters"
            if s.name == "mod" and len(s.arguments) == 1:
                return "an effect"
            return self.value(s)
        return str(s)

    def ability(self, A: Symbol, limit: int = 48) -> str:
        """ab(Face, I) -> its text on the card, quoted and shortened (the handle form
        when the face is not known)."""
        if A.type == SymbolType.Function and A.name == "ab" and len(A.arguments) == 2 \
                and A.arguments[0].type == SymbolType.String and A.arguments[1].type == SymbolType.Number:
            f = self.faces.get(A.arguments[0].string)
            i = A.arguments[1].number
            if f is not None and 0 < i <= len(f.abilities):
                t = f.abilities[i - 1].text
                return "“" + (t if len(t) <= limit else t[: limit - 1].rstrip() + "…") + "”"
        return f"{self(A.arguments[0])}'s ability {A.arguments[1]}" if A.type == SymbolType.Function and A.name == "ab" \
            and len(A.arguments) == 2 else self(A)

    def value(self, v: Symbol) -> str:
        """A characteristic value: card_type(creature) -> "card type creature"."""
        if v.type != SymbolType.Function:
            return self(v)
        a = v.arguments
        if v.name == "all_creature_types" and not a:
            return "every creature type"
        if not a:
            return COLORS.get(v.name, v.name.replace("_", " "))
        if v.name == "color" and len(a) == 1:
            return f"the color {COLORS.get(self(a[0]), self(a[0]))}"
        if v.name == "mana_cost" and len(a) == 2:
            return f"mana cost symbol {self(a[0])}: {{{mana_symbol(a[1])}}}"
        if v.name == "ability" and len(a) == 1:
            return f"the ability {self.ability(a[0])}"
        if v.name in ("colored", "generic", "hybrid", "phyrexian", "twobrid"):
            return "{" + mana_symbol(v) + "}"
        if len(a) == 1:
            return f"{v.name.replace('_', ' ')} {self(a[0])}"
        return f"{v.name}({', '.join(self(x) for x in a)})"


def _signed(n: Symbol) -> str:
    return f"{n.number:+d}" if n.type == SymbolType.Number else str(n)


def _effect(w: Words, a) -> str:
    op = "gains" if a[4].type == SymbolType.Function and a[4].name == "add" else "loses"
    return f"in layer {w(a[0])}, {w(a[1])} {op} {w.value(a[2])}"


def mana_symbol(x: Symbol) -> str:
    """A mana symbol term -> its letters: snow -> "S", colored(g) -> "G", generic(3) -> "3"."""
    if x.type == SymbolType.Function:
        if x.name in MANA_LETTERS and not x.arguments:
            return MANA_LETTERS[x.name]
        if x.name == "generic" and x.arguments:
            return str(x.arguments[0])
        if x.name == "colored" and x.arguments:
            return str(x.arguments[0]).upper()
        if x.arguments:
            return "/".join(str(a).upper() for a in x.arguments) + ("/P" if x.name == "phyrexian" else "")
    return str(x)


def _cost(c: Symbol) -> str:
    """cost(snow, generic(1)) -> "{S}{1}"."""
    return "".join("{" + mana_symbol(x) + "}" for x in c.arguments)


MANA_LETTERS = {"snow": "S", "colorless": "C", "x": "X"}


def _request(w: "Words", R: Symbol, verb: str) -> str:
    """req(Player, cost(...), _, With, _) in words."""
    a = R.arguments
    if R.type != SymbolType.Function or len(a) < 4:
        return f"{verb} {w(R)}"
    out = f"{w(a[0])} {verb} {_cost(a[1])}"
    if a[3].type == SymbolType.Function and a[3].name == "with" and a[3].arguments:
        out += " with " + ", ".join(w(x) for x in a[3].arguments)
    return out


# Derived predicates with a sentence that proofs still fold into the step using them.
FOLDED = frozenset({"has_value", "has_subtype", "has_keyword", "power", "toughness", "mana_value", "counters_on"})


# THE table: predicate -> the sentence of a step (derived atom) or of a fact (given).
# A template is a format string over the atom's arguments in words ({0}, {1}, ...; {v1}
# is argument 1 as a value phrase) or a function (words, arguments) -> str.
SENTENCES = {
    # layer 1: copies (707)
    "copy_of": "{0} is a copy of {1}",
    "copy_src": "{0} takes {v1} from what it copies",
    "copy_adds": "a copy exception gives {0} {v1}",
    "enters_with": "{0} enters with {2} {1} counter(s)",
    # layers 4-6: effects
    "effect": _effect,
    "every_creature_type": "{0} is every creature type",
    "functioning": "{1} functions",
    # layer 7: power and toughness
    "base_power": "{0}'s base power is {1}",
    "base_toughness": "{0}'s base toughness is {1}",
    "pt_delta": lambda w, a: f"{w(a[0])} gets {_signed(a[2])} {w(a[1])} from {w(a[3])}",
    # mana value
    "mv_part": "{0}'s mana cost symbol {1} counts {2}",
    # state-based actions
    "sba_to_graveyard": "{0} is put into its owner's graveyard",
    # mana
    "could_produce": "{0} could produce {v1} mana",
    "snow_source": "{0} is a snow source",
    # characteristics as the claims read them (folded in proofs: the claim's line says
    # the same; shown in "derived instead")
    "has_value": "{0} has {v1}",
    "has_subtype": "{0} has the subtype {1}",
    "has_keyword": "{0} has {1}",
    "power": "{0}'s power is {1}",
    "toughness": "{0}'s toughness is {1}",
    "mana_value": "{0}'s mana value is {1}",
    "counters_on": "{0} has {2} {1} counter(s)",
    # claim queries (what a claim states, for "not derived")
    "pt": "{0} is {1}/{2}",
    "named": "{0} is named {1}",
    "tl_triggered": "{1} triggers",
    "supertype": "{0} is {1}",
    "card_type": "{0} is a {1}",
    "subtype": "{0} is a {1}",
    "color": "{0} is {v1}",
    "keyword": "{0} has {1}",
    "counters": "{0} has {2} {1} counter(s)",
    "in_zone": "{0} is in the {1}",
    "tl_before": "{0} resolves before {1}",
    "tl_token_copy": "{0} controls a token that is a copy of {1}",
    "tl_no_token": "no token is created",
    "payable": lambda w, a: _request(w, a[0], "can pay"),
    "ways": lambda w, a: _request(w, a[0], f"has {w(a[1])} way(s) to pay"),
    # facts of the scenario and the card database (never steps; named on the step using them)
    "printed": "{0} is printed with {v1}",
    "counter": "{0} has {2} {1} counter(s)",
    "token_value": "{0} was created with {v1}",
    "tl_log_trig": "the event log records that {1} triggered",
    "tl_log_resolved": lambda w, a: f"{w(a[0])} resolved {ORDINALS.get(a[1].number, f'#{a[1]}')}"
    if a[1].type == SymbolType.Number else f"{w(a[0])} resolved",
    "tl_log_stack": "{0} is still on the stack, number {1} from the bottom",
    "tl_log_copy": "the event log records {0} created as a copy of {1}",
    "tl_log_token": "the event log records the token {0} created",
    "pay_result": lambda w, a: "a way to pay was found (below)" if w(a[1]) == "yes" else "no way to pay was found",
    "pay_count": "the number of ways to pay is {1}",
}


def sentence(s: Symbol, w: Words) -> str | None:
    """An atom in words, or None for an internal predicate (SENTENCES has none)."""
    if s.type != SymbolType.Function:
        return None
    t = SENTENCES.get(s.name)
    if t is None:
        return None
    a = s.arguments
    try:
        if callable(t):
            return t(w, a)
        vals = {f"v{i}": w.value(x) for i, x in enumerate(a)}
        return t.format(*[w(x) for x in a], **vals)
    except (IndexError, AttributeError, RuntimeError):  # an arity the table does not expect
        return None


def rule_titles(cite: str | None) -> list[dict]:
    """ "613.2a, 707.2" -> [{"number": "613.2a", "title": ...}, ...] with the first sentence
    of each rule's title line in the shipped CR ("" for a number the CR lacks)."""
    if not cite:
        return []
    rs = cr_rules()
    out = []
    for part in cite.split(","):
        n = part.strip()
        if not n:
            continue
        head = n.split("-")[0].strip()   # "601.2g-h": the first of the range
        out.append({"number": n, "title": rs.headline(head)})
    return out


@dataclass
class ProofStep:
    """One line of a proof: what a rule derived, in words."""
    texts: list[str]
    cite: str | None
    atoms: list[str]
    premises: list["ProofStep"] = field(default_factory=list)
    given: list[str] = field(default_factory=list)
    number: int = 0               # its number in the printed proof (post-order)
    conclusion: bool = False

    @property
    def rules(self) -> list[dict]:
        return rule_titles(self.cite)

    def to_json(self, shown: set[int] | None = None) -> dict:
        shown = set() if shown is None else shown
        if self.number in shown:
            return {"see": self.number}
        shown.add(self.number)
        return {"step": self.number, "text": "; ".join(self.texts), "rules": self.rules, "atoms": self.atoms,
                "given": self.given, "premises": [p.to_json(shown) for p in self.premises]}


class ProofBuilder:
    """Derivation trees -> proof steps (folding, merging, numbering)."""

    def __init__(self, ex: Explainer, words: Words) -> None:
        self.ex = ex
        self.words = words
        self._memo: dict[Symbol, tuple[list[ProofStep], list[str]]] = {}

    def conclusion(self, atom: Symbol, text: str) -> ProofStep:
        """The step deriving `atom` (a claim's `true(Id, Q)`), worded as `text`."""
        tree = self.ex.tree(atom)
        prem, given = self._below(tree)
        step = ProofStep([text], tree.cite, [self.ex.show(atom)], _merge(prem), given, conclusion=True)
        return step

    def derived(self, atom: Symbol, text: str) -> ProofStep:
        """The step deriving `atom` (a derived atom with a sentence), with what it rests on."""
        tree = self.ex.tree(atom)
        prem, given = self._below(tree)
        return ProofStep([text], tree.cite, [self.ex.show(atom)], _merge(prem), given)

    def _steps(self, node: Step) -> tuple[list[ProofStep], list[str]]:
        """The steps a tree node contributes (itself, or what it folds into its user)
        and the given sentences left for the user when it contributes none."""
        key = node.atom
        if key in self._memo:
            return self._memo[key]
        if node.cite is None:  # a fact
            s = sentence(node.atom, self.words)
            out: tuple[list[ProofStep], list[str]] = ([], [s] if s else [])
        else:
            prem, given = self._below(node)
            s = None if node.atom.name in FOLDED else sentence(node.atom, self.words)
            if s is None or node.cite == "…":
                out = (prem, given)   # internal: folded into the step that uses it
            else:
                out = ([ProofStep([s], node.cite, [self.ex.show(node.atom)], _merge(prem), given)], [])
        self._memo[key] = out
        return out

    def _below(self, node: Step) -> tuple[list[ProofStep], list[str]]:
        prem: list[ProofStep] = []
        given: list[str] = []
        for c in node.children:
            p, g = self._steps(c)
            prem += [x for x in p if all(x is not y for y in prem)]
            given += [x for x in g if x not in given]
        return prem, (given if not prem else [])


def _merge(steps: list[ProofStep]) -> list[ProofStep]:
    """Sibling steps that apply the same rule become one step."""
    out: list[ProofStep] = []
    at: dict[str | None, int] = {}
    for s in steps:
        i = at.get(s.cite)
        if i is None:
            at[s.cite] = len(out)
            out.append(s)
            continue
        m = out[i]
        out[i] = ProofStep(m.texts + [t for t in s.texts if t not in m.texts], m.cite,
                           m.atoms + [a for a in s.atoms if a not in m.atoms],
                           _merge(m.premises + [p for p in s.premises if all(p is not q for q in m.premises)]),
                           m.given + [g for g in s.given if g not in m.given])
    return out


def number_steps(root: ProofStep) -> list[ProofStep]:
    """Number the steps premises first (post-order), each step once; the order to print."""
    order: list[ProofStep] = []
    seen: set[int] = set()
    shown: dict[str, int] = {}   # atom -> the number of the step that showed it

    def visit(s: ProofStep) -> None:
        if id(s) in seen:
            return
        seen.add(id(s))
        for p in s.premises:
            visit(p)
        if s.atoms and all(a in shown for a in s.atoms) and not s.conclusion:
            s.number = shown[s.atoms[0]]   # said already: referred to, not repeated
            return
        order.append(s)
        s.number = len(order)
        for a in s.atoms:
            shown.setdefault(a, s.number)

    visit(root)
    return order


def step_line(s: ProofStep) -> str:
    """ "2. Hooded Hydra gets +3 power from +1/+1 counters  [613.4c — Layer 7c: ...]" """
    text = "; ".join(s.texts)
    if s.conclusion:
        text = "so: " + text if s.premises else text
    if s.premises:
        text += f" (from {', '.join(str(n) for n in sorted({p.number for p in s.premises}))})"
    if s.given:
        text += " — given: " + "; ".join(s.given)
    rules = "; ".join(f"{r['number']} — {r['title']}" if r["title"] else r["number"] for r in s.rules)
    return f"{s.number}. {text}" + (f"  [{rules}]" if rules else "")


@dataclass
class Proof:
    """What `mtgkb why` shows for one claim (schema mtgkb.why/1)."""
    file: str
    claim: str
    verdict: str
    message: str | None = None
    steps: list[ProofStep] = field(default_factory=list)   # printed order; the last is the conclusion
    absent: list[str] = field(default_factory=list)         # what is derived in no outcome (shown)
    instead: list[ProofStep] = field(default_factory=list)  # what the outcome derives instead
    outcome: dict | None = None     # {"branch", "of", "choices", "events", "stack", "answer_set"}
    outcomes: int = 0
    payments: list[dict] | None = None
    notes: list[str] = field(default_factory=list)
    absent_cites: list[str] = field(default_factory=list)   # the rules of what is not derived

    def cites(self) -> list[str]:
        """Every CR citation the proof rests on (its steps, what is derived instead, the
        rules of what is not derived, the outcome's events), as written ("601.2g-h, 107.4")."""
        out: list[str] = []
        seen: set[int] = set()

        def walk(s: ProofStep) -> None:
            if id(s) in seen:
                return
            seen.add(id(s))
            if s.cite:
                out.append(s.cite)
            for p in s.premises:
                walk(p)

        for s in self.steps + self.instead:
            walk(s)
        out += self.absent_cites
        if self.outcome is not None:
            out += [e["cr"] for e in self.outcome["events"] if e.get("cr")]
        return out

    def to_json(self) -> dict:
        root = self.steps[-1].to_json() if self.steps else None
        return {"schema": "mtgkb.why/1", "file": self.file, "claim": self.claim, "verdict": self.verdict,
                "message": self.message, "proof": root, "not_derived": self.absent,
                "derived_instead": [s.to_json() for s in self.instead],
                "outcome": self.outcome, "outcomes": self.outcomes, "payments": self.payments, "notes": self.notes}


def render_proof(p: Proof) -> list[str]:
    """The proof as lines of text."""
    out = [f"{p.verdict}: {p.claim}" + (f"  ({p.message})" if p.message else "")]
    if p.steps:
        out += ["  " + step_line(s) for s in p.steps]
    for a in p.absent:
        out.append(f"  not derived: {a}")
    if p.instead:
        out.append("  derived instead:")
        out += ["    " + step_line(s) for s in p.instead]
    if p.payments is not None:
        if p.payments:
            for i, w in enumerate(p.payments, 1):
                out.append(f"  payment {i}: " + ", ".join(f"{x['symbol']} with {x['mana']} from {x['source']}"
                                                           for x in w["pays"]))
        else:
            out.append("  payment: none exists")
    if p.outcome is not None:
        o = p.outcome
        head = f"  outcome {o['branch']} of {p.outcomes}"
        if o.get("answer_set"):
            head += f", answer set {o['answer_set']}"
        out.append(head + (f" (choices: {'; '.join(o['choices'])})" if o["choices"] else " (no choices)") + ":")
        for e in o["events"]:
            out.append(f"    {e['text']}  [CR {e['cr']}]")
        if o.get("stack"):
            out.append(f"    stack (top first): {', '.join(o['stack'])}")
    for n in p.notes:
        out.append(f"  note: {n}")
    return out
