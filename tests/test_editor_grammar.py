"""The editor grammar (editors/mtg.tmLanguage.json): a small interpreter of the TextMate
rules it uses (`match` with `captures`, `begin`/`end` with inner `patterns`, `include`
of the repository) tokenises the shipped ruling files, and every block head and part
keyword gets its scope."""

from __future__ import annotations

import json
import re

import pytest

from conftest import DATA, REPO, RULINGS_DIR

GRAMMAR = json.loads((REPO / "editors" / "mtg.tmLanguage.json").read_text(encoding="utf-8"))
KEYS = {"name", "match", "captures", "begin", "end", "beginCaptures", "endCaptures", "patterns", "include", "comment"}


class Rule:
    def __init__(self, d: dict, grammar: dict) -> None:
        assert set(d) <= KEYS, set(d) - KEYS
        self.name = d.get("name")
        self.match = re.compile(d["match"]) if "match" in d else None
        self.begin = re.compile(d["begin"]) if "begin" in d else None
        self.end = d.get("end")
        self.captures = d.get("captures", {})
        self.begin_captures = d.get("beginCaptures", self.captures)
        self.end_captures = d.get("endCaptures", self.captures)
        self.raw_patterns = d.get("patterns", [])
        self.grammar = grammar
        assert (self.match is None) != (self.begin is None) or (self.match is None and "patterns" in d), d
        if self.begin is not None:
            assert self.end is not None
            re.compile(self.end)

    def patterns(self) -> list[Rule]:
        """The rules to try inside (includes resolved, groups flattened)."""
        return flatten(self.raw_patterns, self.grammar)


def flatten(raw: list[dict], grammar: dict) -> list[Rule]:
    out = []
    for d in raw:
        if "include" in d:
            ref = d["include"]
            assert ref.startswith("#"), ref
            out += flatten([grammar["repository"][ref[1:]]], grammar)
        elif "match" not in d and "begin" not in d:
            out += flatten(d["patterns"], grammar)
        else:
            out.append(Rule(d, grammar))
    return out


def tokenize(text: str, grammar: dict = GRAMMAR) -> list[list[tuple[int, int, tuple[str, ...]]]]:
    """Per line, the tokens (start, end, scopes): as a TextMate engine does, at each position
    the rule that matches first (earliest start; the first listed on a tie, an open
    block's end before its inner rules) wins."""
    root = flatten(grammar["patterns"], grammar)
    stack: list[tuple[Rule, str]] = []   # open begin/end rules, with their end pattern
    lines = []
    for line in text.split("\n"):
        tokens = []
        pos = 0
        while pos <= len(line):
            rules = stack[-1][0].patterns() if stack else root
            best = None
            if stack:
                m = re.compile(stack[-1][1]).search(line, pos)
                if m:
                    best = (m.start(), 0, "end", m, stack[-1][0])
            for i, r in enumerate(rules, start=1):
                m = (r.match or r.begin).search(line, pos)
                if m and (best is None or m.start() < best[0]):
                    best = (m.start(), i, "match" if r.match else "begin", m, r)
            outer = tuple(r.name for r, _ in stack if r.name)
            if best is None:
                if outer and pos < len(line):   # the rest of the line, inside an open block
                    tokens.append((pos, len(line), outer))
                break
            start, _, kind, m, r = best
            if outer and pos < start:   # text inside an open block that no inner rule matched
                tokens.append((pos, start, outer))
            if kind == "end":
                tokens.append((m.start(), m.end(), outer))
                tokens += _captured(m, r.end_captures, outer)
                stack.pop()
            elif kind == "begin":
                scope = outer + ((r.name,) if r.name else ())
                tokens.append((m.start(), m.end(), scope))
                tokens += _captured(m, r.begin_captures, scope)
                stack.append((r, r.end))
            else:
                scope = outer + ((r.name,) if r.name else ())
                tokens.append((m.start(), m.end(), scope))
                tokens += _captured(m, r.captures, scope)
            if m.end() == pos and kind != "begin":
                pos += 1   # an empty match: move on
            else:
                pos = m.end()
            if kind == "end" and m.start() == len(line):
                break
        lines.append(tokens)
    return lines


def _captured(m: re.Match, captures: dict, outer: tuple[str, ...]) -> list:
    out = []
    for k, v in captures.items():
        g = int(k)
        if m.group(g) is not None:
            out.append((m.start(g), m.end(g), outer + tuple(v["name"].split())))
    return out


def scopes_at(tokens, col: int) -> set[str]:
    return {s for a, b, scopes in tokens if a <= col < b for s in scopes}


FILES = sorted(RULINGS_DIR.rglob("*.mtg")) + [DATA / "scenario_golden.mtg", DATA / "language_events.mtg"]


def test_grammar_and_stub_agree():
    pkg = json.loads((REPO / "editors" / "package.json").read_text(encoding="utf-8"))
    (g,) = pkg["contributes"]["grammars"]
    assert g["scopeName"] == GRAMMAR["scopeName"] == "source.mtg"
    assert (REPO / "editors" / g["path"]).resolve() == (REPO / "editors" / "mtg.tmLanguage.json").resolve()
    (lang,) = pkg["contributes"]["languages"]
    assert lang["id"] == g["language"] and ".mtg" in lang["extensions"]
    json.loads((REPO / "editors" / lang["configuration"]).read_text(encoding="utf-8"))
    flatten(GRAMMAR["patterns"], GRAMMAR)   # every rule compiles with Python's re
    for d in GRAMMAR["repository"].values():
        flatten([d], GRAMMAR)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_head_and_part_keyword_gets_its_scope(path):
    text = path.read_text(encoding="utf-8")
    toks = tokenize(text)
    heads = parts = 0
    for n, (line, tokens) in enumerate(zip(text.split("\n"), toks), start=1):
        where = f"{path.name}:{n}: {line!r}"
        m = re.match(r"^(ruling|scenario)\s", line)
        if m:
            heads += 1
            assert "keyword.other.block.mtg" in scopes_at(tokens, 0), where
            q = line.index('"')
            assert "entity.name.section.title.mtg" in scopes_at(tokens, q + 1), where
        m = re.match(r"^(\s*)card:", line)
        if m:
            heads += 1
            assert "keyword.other.block.card.mtg" in scopes_at(tokens, len(m.group(1))), where
        m = re.match(r"^(\s+)(about|cites|given|expect):", line)
        if m:
            parts += 1
            assert "keyword.other.part.mtg" in scopes_at(tokens, len(m.group(1))), where
            assert "keyword.other.part.mtg" not in scopes_at(tokens, m.end()), where  # only the keyword
        if m and m.group(2) == "cites":
            for r in re.finditer(r"\d{3}(?:\.\d+[a-z]?)?", line[m.end():]):
                assert "constant.numeric.rule.mtg" in scopes_at(tokens, m.end() + r.start()), where
        for s in re.finditer(r"\{[^{}\s]+\}", line.split("# ")[0]):
            inside = scopes_at(tokens, s.start())
            if "string.quoted.double.mtg" not in inside:
                assert "constant.other.symbol.mana.mtg" in inside, where
        c = re.match(r"^\s*# ", line)
        if c:
            assert scopes_at(tokens, c.end() - 2) == {"comment.line.number-sign.mtg"}, where
    assert heads and (parts or path.parent == DATA)


@pytest.mark.parametrize("line,col,scope,present", [
    ("    Alice controls Forest #2.", 26, "comment.line.number-sign.mtg", False),   # a handle, not a comment
    ("    Alice controls Forest. # two lands", 27, "comment.line.number-sign.mtg", True),
    ('    "#1 Fan" is 2/2.', 5, "comment.line.number-sign.mtg", False),   # # inside quotes
    ('    "#1 Fan" is 2/2.', 5, "string.quoted.double.mtg", True),
    ("    Grizzly Bears is 4/4.", 21, "constant.numeric.pt.mtg", True),
    ("    Alice controls Grizzly Bears with two +1/+1 counters.", 42, "constant.numeric.pt.mtg", True),
    ("  about: Orvar, the All-Form, 2021-02-05", 31, "constant.numeric.date.mtg", True),
    ("  cites: 707.9b, 613.1d, 205", 25, "constant.numeric.rule.mtg", True),
    ("  cites: 707.9b # the copy rules", 18, "comment.line.number-sign.mtg", True),
    ("    Alice casts Llanowar Elves paying {G}.", 38, "constant.other.symbol.mana.mtg", True),
    ("ruling", 0, "keyword.other.block.mtg", True),
    ("rulings are fun", 0, "keyword.other.block.mtg", False),
    ("    given: Alice", 4, "keyword.other.part.mtg", True),
    ("given: Alice", 0, "keyword.other.part.mtg", False),   # a part is indented
])
def test_single_lines(line, col, scope, present):
    (tokens,) = tokenize(line)
    assert (scope in scopes_at(tokens, col)) is present, tokens


def test_the_interpreter_can_fail():
    """A grammar without the part rule leaves part keywords unscoped."""
    g = json.loads(json.dumps(GRAMMAR))
    g["patterns"] = [p for p in g["patterns"] if p != {"include": "#part"}]
    (tokens,) = tokenize("  given:", g)
    assert "keyword.other.part.mtg" not in scopes_at(tokens, 2)
