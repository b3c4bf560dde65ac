"""The Comprehensive Rules as data: rule number -> title line, full text and subrules.

The CR file ships unchanged in kb/reference/.  It is parsed once, lazily, on the first
look-up, and kept for the life of the process.  Only the rules part is read (from the
second "1. Game Concepts" heading, after the contents, up to the glossary).

Numbers come in four shapes: a section ("6"), a rule ("613"), a numbered rule
("613.4") and a lettered subrule ("613.4c").  A rule's title line is its first line;
the lines after it that are not a rule of their own (examples) belong to its text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from . import paths

CR_FILE = "comprehensive-rules-2026-01-16.txt"
CR_DATE = "2026-01-16"

# A number at the start of a line: "6.", "613.", "613.4.", "613.4c" (the file also has
# "606.5" without its period and "119.1d." with one)
_HEAD = re.compile(r"^(\d{1,3})\.(?:(\d+)([a-z]*)\.?)?\s+(\S.*)$")
# A number as a user writes it: "6", "613", "613.4", "613.4.", "613.4c"
_NUMBER = re.compile(r"^\d{1,3}(?:\.\d+[a-z]*)?\.?$")


@dataclass
class Rule:
    number: str              # "613.4c" (no trailing period)
    title: str               # the rule's first line, without its number
    text: list[str] = field(default_factory=list)     # every line of the rule, the title line first
    children: list[str] = field(default_factory=list)  # numbers of its direct subrules, in order
    parent: str | None = None

    def to_json(self, rules: "Rules", tree: bool = False) -> dict:
        doc = {"number": self.number, "title": self.title, "text": list(self.text), "parent": self.parent,
               "subrules": list(self.children)}
        if tree:
            doc["subrules"] = [rules[c].to_json(rules, tree=True) for c in self.children]
        return doc


class UnknownRule(LookupError):
    """A rule number that is malformed or not in the CR file."""

    def __init__(self, number: str, message: str, nearest: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.number = number
        self.nearest = nearest


class Rules:
    """Every rule of the CR file, by number, in the file's order."""

    def __init__(self, text: str) -> None:
        self.by_number: dict[str, Rule] = {}
        self.order: list[str] = []
        lines = text.splitlines()
        start = _rules_start(lines)
        current: Rule | None = None
        for raw in lines[start:]:
            line = raw.strip()
            if line in ("Glossary", "Credits"):
                break
            if not line:
                continue
            m = _HEAD.match(line)
            number = _number_of(m) if m else None
            if m and number is not None and number not in self.by_number and self._starts(number):
                current = Rule(number, m.group(4).strip(), [m.group(4).strip()], parent=_parent(number))
                self.by_number[number] = current
                self.order.append(number)
                if current.parent in self.by_number:
                    self.by_number[current.parent].children.append(number)
            elif current is not None:
                current.text.append(line)

    def _starts(self, number: str) -> bool:
        """A numbered line starts a new rule only where the rules' order allows it: the
        next section, or a number whose parent rule is already read.  (A line of text
        that happens to begin with a number stays text.)"""
        parent = _parent(number)
        if parent is None:
            sections = [n for n in self.order if "." not in n and len(n) == 1]
            return int(number) == (int(sections[-1]) + 1 if sections else 1)
        return parent in self.by_number

    def __contains__(self, number: str) -> bool:
        return normalize(number) in self.by_number

    def __getitem__(self, number: str) -> Rule:
        return self.by_number[number]

    def get(self, number: str) -> Rule | None:
        return self.by_number.get(normalize(number))

    def lookup(self, number: str) -> Rule:
        """The rule of `number`, or UnknownRule with a one-line reason (and the nearest
        existing numbers when the number is well formed)."""
        n = normalize(number)
        if not _NUMBER.match(n):
            raise UnknownRule(number, f"{number!r} is not a rule number (expected a number such as 613.4c)")
        rule = self.by_number.get(n)
        if rule is None:
            near = self.nearest(n)
            hint = f" (did you mean {', '.join(near)}?)" if near else ""
            raise UnknownRule(number, f"rule {n} is not in the Comprehensive Rules of {CR_DATE}{hint}", near)
        return rule

    def nearest(self, number: str, k: int = 3) -> tuple[str, ...]:
        """Existing numbers close to `number`: its nearest existing ancestor's subrules
        first, then that ancestor itself."""
        n = number
        while n and n not in self.by_number:
            n = _parent(n) or ""
        if not n:
            return ()
        rule = self.by_number[n]
        near = [c for c in rule.children if c.startswith(number[: len(number) - 1])] or list(rule.children)
        if number != n:
            return tuple(([n] + near)[:k])
        return tuple(near[:k])

    def headline(self, number: str, limit: int = 160) -> str:
        """The first sentence of a rule's title line (for a proof line), shortened to
        `limit` characters; "" for a number not in the CR."""
        rule = self.get(number)
        if rule is None:
            return ""
        t = rule.title
        cut = re.search(r"(?<=[a-z0-9)”’])\.(\s|$)", t)
        if cut and cut.start() + 1 < len(t):
            t = t[: cut.start() + 1]
        return t if len(t) <= limit else t[: limit - 1].rstrip() + "…"


def normalize(number: str) -> str:
    n = number.strip()
    return n[:-1] if n.endswith(".") else n


def _number_of(m: re.Match) -> str | None:
    sec, sub, letters = m.group(1), m.group(2), m.group(3)
    if sub is None:
        return sec
    return f"{sec}.{sub}{letters or ''}"


def _parent(number: str) -> str | None:
    if "." in number:
        head, tail = number.split(".", 1)
        if tail and tail[-1].isalpha():
            return f"{head}.{tail.rstrip('abcdefghijklmnopqrstuvwxyz')}"
        return head
    if len(number) == 3:
        return number[0]
    return None


def _rules_start(lines: list[str]) -> int:
    """Index of the rules part: the second line that reads "1. Game Concepts" (the
    first is in the contents)."""
    seen = 0
    for i, line in enumerate(lines):
        if line.strip() == "1. Game Concepts":
            seen += 1
            if seen == 2:
                return i
    raise ValueError(f"{CR_FILE}: the rules part was not found")


@lru_cache(maxsize=1)
def rules() -> Rules:
    """The shipped CR, parsed on first use and cached for the process."""
    return Rules(paths.reference(CR_FILE).read_text(encoding="utf-8"))


def title(number: str) -> str:
    """A rule's title line; "" for a number not in the CR."""
    r = rules().get(number)
    return r.title if r is not None else ""


def render_rule(rule: Rule, rs: Rules, tree: bool = False, indent: str = "") -> list[str]:
    """A rule as lines of text: its number and title line, its other lines indented;
    with `tree`, its subrules below it, each indented one step more."""
    out = [f"{indent}{rule.number}{'.' if '.' not in rule.number or rule.number[-1].isdigit() else ''} {rule.title}"]
    out += [f"{indent}    {t}" for t in rule.text[1:]]
    if tree:
        for c in rule.children:
            out += render_rule(rs[c], rs, tree=True, indent=indent + "  ")
    elif rule.children:
        out.append(f"{indent}  ({len(rule.children)} subrules: {rule.children[0]}"
                   + (f" to {rule.children[-1]}" if len(rule.children) > 1 else "") + "; --tree shows them)")
    return out
