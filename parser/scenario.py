"""Scenario files (.mtg) -> `ScenarioFile` AST.

Two levels: `read_outline` splits the file into blocks by indentation (ruling,
scenario and card blocks, about/cites/given/expect parts); each sentence is then
parsed by `scenario.lark` through the contextual tokenizer of `scenario_lexer`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from typing import Callable, Iterable

from lark import Lark, Token
from lark.lexer import Lexer

from .card_ast import Card
from .errors import (MAX_OBJECTS, ParseError, check_field, check_numbers, check_text, find_bad_char, raise_errors,
                     split_lines, too_many_objects, with_source)
from .frame import parse_card_block
from .grammar_cache import cached_lark
from .scenario_ast import Block, Claim, Pos, ScenarioFile, Sentence
from .scenario_forms import CLAIM_HANDLERS, GIVEN_HANDLERS, OBJECT_CLAIM_HANDLERS
from .scenario_lexer import NameTable, Vocabulary, tokenize_and_parse, vocabulary
from .scenario_words import DEFAULT_PLAYERS, handle_term


class _OwnTokenizer(Lexer):
    """Placeholder: tokens are produced by `scenario_lexer.tokenize_and_parse`,
    which asks the parser which terminals it accepts (a contextual lexer with
    card names).  Lark's own lexers are never run on scenario text."""

    def __init__(self, lexer_conf):  # noqa: D401 - lark's interface
        self.lexer_conf = lexer_conf

    def lex(self, lexer_state, parser_state):
        return iter(())


@lru_cache(maxsize=1)
def _grammar() -> tuple[Lark, Vocabulary]:
    text = files("mtgkb.parser").joinpath("scenario.lark").read_text(encoding="utf-8")
    parser = cached_lark("scenario", text, parser="lalr", strict=True, propagate_positions=True,
                         start=["given", "claim"], lexer=_OwnTokenizer, maybe_placeholders=False)
    return parser, vocabulary(parser)


# ----------------------------------------------------------------------------- outline

@dataclass
class Line:
    number: int
    indent: int
    text: str      # without indentation and comment


def _strip_comment(s: str) -> str:
    # '#' starts a comment at the start of a line or after a blank, unless it is a
    # handle number such as "Forest #2" or stands inside a quoted text.
    quoted = False
    for i, ch in enumerate(s):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted and (i == 0 or s[i - 1].isspace()) and not s[i + 1: i + 2].isdigit():
            return s[:i].rstrip()
    return s.rstrip()


def _lines(text: str) -> list[Line]:
    out = []
    for i, raw in enumerate(split_lines(text), start=1):
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raw = raw.expandtabs(4)
        body = _strip_comment(raw)
        if not body.strip():
            continue
        out.append(Line(i, len(body) - len(body.lstrip()), body.strip()))
    return out


_BLOCK_HEAD = re.compile(r'^(ruling|scenario)\s+"(?P<title>[^"]*)"\s*:?\s*$')
_PART = re.compile(r"^(about|cites|given|expect|card)\s*:\s*(?P<rest>.*)$")
_CITE = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?(?:-\d{3}(?:\.\d+[a-z]?)?)?$")


class _Context:
    """What a block knows while its sentences are parsed: names and handles."""

    def __init__(self, known_names: Callable[[], Iterable[str]] | NameTable, players: set[str]) -> None:
        base = known_names if isinstance(known_names, NameTable) else NameTable(known_names())
        self.names = base.child()
        self.players = players
        self.handle_counts: dict[str, int] = {}
        self.handles: set[str] = set()
        self.state_objects = 0   # objects put into the game by the block's state sentences

    def new_handle(self, base: str) -> str:
        n = self.handle_counts.get(base, 0) + 1
        self.handle_counts[base] = n
        h = base if n == 1 else f"{base} #{n}"
        self.handles.add(h)
        self.names.add(h)
        return h


def parse_scenario(text: str, *, file: str = "<scenario>",
                   known_names: Callable[[], Iterable[str]] | NameTable = lambda: ()) -> ScenarioFile:
    """Parse a whole .mtg file; any error is raised (every error of the file, as
    `ParseErrors`, when there are several).  `read_scenario` returns them instead."""
    sf = read_scenario(text, file=file, known_names=known_names)
    raise_errors(sf.errors)
    return sf


def read_scenario(text: str, *, file: str = "<scenario>",
                  known_names: Callable[[], Iterable[str]] | NameTable = lambda: ()) -> ScenarioFile:
    """Parse a whole .mtg file to its end.  An error in a block skips that block (the
    parse goes on at the next line at the top level); every error is in `errors`, in
    line order, and only the blocks without error are in `blocks`.  `known_names`
    gives the card names of the database (called once per file); names of card
    blocks and handles are added."""
    errors: list[ParseError] = []
    bad_lines = _refused_characters(text, file, errors)
    lines = _lines(text)
    if not lines and not errors:
        errors.append(ParseError("the file holds no ruling, scenario or card block", file, 1, 1,
                                 expected=('ruling "title"', 'scenario "title"', "card:")))
    source = split_lines(text)
    last_line = len(source)
    file_cards: list[Card] = []
    raw_blocks: list[tuple[Line, list[Line]]] = []
    i = 0
    while i < len(lines):
        ln = lines[i]
        j = i + 1
        while j < len(lines) and lines[j].indent > 0:
            j += 1
        body = lines[i + 1: j]
        # the lines from this head to the next line at the top level (comments included)
        span = range(ln.number, (lines[j].number if j < len(lines) else last_line + 1))
        i = j
        if ln.indent != 0:
            errors.append(ParseError("unexpected indentation", file, ln.number, ln.indent + 1,
                                     expected=('ruling "title"', 'scenario "title"', "card:"),
                                     source_line=" " * ln.indent + ln.text))
            continue
        if any(n in bad_lines for n in span):
            continue  # its refused character is already an error
        if ln.text.rstrip(":") == "card" or ln.text.startswith("card:"):
            try:
                file_cards.append(_card_from_lines(ln, body, file))
            except ParseError as e:
                errors.append(e)
        elif _BLOCK_HEAD.match(ln.text):
            raw_blocks.append((ln, body))
        else:
            errors.append(ParseError(f"unexpected {ln.text.split()[0]!r} at the top level", file, ln.number, 1,
                                     expected=('ruling "title"', 'scenario "title"', "card:"), source_line=ln.text))

    # Names that sentences may use: database names, card blocks, handles given by
    # `called "..."`.
    extra = [c.name for c in file_cards] + [f.name for c in file_cards for f in c.faces]
    called = re.findall(r'called\s+"([^"]+)"', text)
    players = set(DEFAULT_PLAYERS) | set(re.findall(
        r"(?m)^\s*([A-Z][a-z]+)\s+(?:controls|casts|copies|activates|taps|discards|has|may|can|cannot|attacks|draws|mills|"
        r"shuffles)\b", text))
    players |= set(re.findall(r"\b([A-Z][a-z]+)(?:'s|’s)\s+(?:hand|graveyard|library|exile|turn|control|mana pool|upkeep|beginning|end step|draw step|life total)", text))

    # One table of the file's names (database, card blocks, handles); each block adds
    # its own handles on top without copying it.
    file_names = _database_table(known_names).child()
    for n in extra + called:
        file_names.add(n)

    blocks = []
    titles: dict[str, int] = {}   # title -> the line of its first block
    for head, body in raw_blocks:
        m = _BLOCK_HEAD.match(head.text)
        title = m.group("title")
        if title in titles:  # a title names one block (check --baseline, --ruling)
            errors.append(ParseError(f"the title {title!r} is already used by the block at line {titles[title]}",
                                     file, head.number, m.start("title"),
                                     expected=("a title used by no other block",), source_line=head.text))
            continue
        titles[title] = head.number
        ctx = _Context(file_names, players - set())
        try:
            block = _block(head, body, file, ctx)
        except ParseError as e:
            errors.append(e)
            continue
        block.last_line = body[-1].number if body else head.number
        blocks.append(block)
    errors = sorted((with_source(e, source) if e.file == file else e for e in errors),
                    key=lambda e: (e.line, e.column))
    return ScenarioFile(path=file, blocks=blocks, cards=file_cards, errors=errors, lines=source)


def _refused_characters(text: str, file: str, errors: list[ParseError]) -> set[int]:
    """The numbers of the lines that hold a refused character (control characters ...);
    an error for each, at its line and column."""
    if find_bad_char(text) is None:
        return set()
    bad = set()
    for n, raw in enumerate(split_lines(text), start=1):
        try:
            check_text(raw, file, first_line=n)
        except ParseError as e:
            errors.append(e)
            bad.add(n)
    return bad


_TABLES: dict[int, tuple[Callable, NameTable]] = {}


def _database_table(known_names: Callable[[], Iterable[str]]) -> NameTable:
    """The name table of a name source, built once per source (the card database
    has some 24,000 names; rebuilding it for every block was most of the parse time)."""
    if isinstance(known_names, NameTable):
        return known_names
    hit = _TABLES.get(id(known_names))
    if hit is not None and hit[0] is known_names:
        return hit[1]
    table = NameTable(known_names())
    _TABLES[id(known_names)] = (known_names, table)
    return table


def _card_from_lines(head: Line, body: list[Line], file: str) -> Card:
    rest = head.text.split(":", 1)[1].strip() if ":" in head.text else ""
    card_lines = ([rest] if rest else []) + [b.text for b in body]
    first = head.number if rest else (body[0].number if body else head.number)
    if not card_lines:
        raise ParseError("a card block needs the card's text on the following indented lines", file,
                         head.number, len(head.text) + 1, expected=("an indented name line",), source_line=head.text)
    # numbers in range (language.md, "Numbers"), at their line and column
    if rest:
        check_numbers(rest, file, head.number, len(head.text) - len(rest))
    for b in body:
        check_numbers(b.text, file, b.number, b.indent)
    return parse_card_block("\n".join(card_lines), file=file, line=first)


def _block(head: Line, body: list[Line], file: str, ctx: _Context) -> Block:
    m = _BLOCK_HEAD.match(head.text)
    block = Block(kind=m.group(1), title=m.group("title"), pos=Pos(file, head.number, 1))
    if not block.title.strip():
        raise ParseError("the block has an empty title", file, head.number, len(m.group(1)) + 2,
                         expected=("a title in our own words",), source_line=head.text)
    part_indent = body[0].indent if body else 0
    k = 0
    seen = set()
    while k < len(body):
        ln = body[k]
        pm = _PART.match(ln.text)
        if ln.indent != part_indent or not pm:
            raise ParseError(f"unexpected {ln.text!r} in a {block.kind} block", file, ln.number, ln.indent + 1,
                             expected=("about:", "cites:", "given:", "expect:", "card:"),
                             source_line=" " * ln.indent + ln.text)
        part, rest = pm.group(1), pm.group("rest").strip()
        if part in seen and part != "card":
            raise ParseError(f"a second '{part}:' part", file, ln.number, ln.indent + 1,
                             expected=tuple(p + ":" for p in ("about", "cites", "given", "expect") if p not in seen),
                             source_line=" " * ln.indent + ln.text)
        seen.add(part)
        j = k + 1
        while j < len(body) and body[j].indent > part_indent:
            j += 1
        inner = body[k + 1: j]
        col0 = ln.indent + len(ln.text) - len(pm.group("rest")) + 1
        if part == "about":
            if not rest:
                raise ParseError("'about:' needs the card (and ruling date) it belongs to", file, ln.number, col0,
                                 expected=("a card name, then a date",), source_line=" " * ln.indent + ln.text)
            block.about = rest
        elif part == "cites":
            block.cites = _cites(rest, file, ln, col0)
        elif part == "card":
            card = _card_from_lines(ln, inner, file)
            block.cards.append(card)
            ctx.names.add(card.name)
            for f in card.faces:
                ctx.names.add(f.name)
        else:
            sentences = ([Line(ln.number, col0 - 1, rest)] if rest else []) + inner
            if part == "given":
                t = _GivenBuilder(ctx, file)
                for s in sentences:
                    block.given.append(t.build(s))
            else:
                t = _ClaimBuilder(ctx, file)
                for s in sentences:
                    block.expect.append(t.build(s))
        k = j
    if block.kind == "ruling" and not block.expect:
        raise ParseError("a ruling needs an 'expect:' part with at least one claim", file, head.number, 1,
                         expected=("expect:",), source_line=head.text)
    return block


def _cites(rest: str, file: str, ln: Line, col0: int) -> tuple[str, ...]:
    out = []
    pos = 0
    for part in rest.split(","):
        c = part.strip()
        col = col0 + pos + (len(part) - len(part.lstrip()))
        pos += len(part) + 1
        if not _CITE.match(c):
            raise ParseError(f"{c!r} is not a Comprehensive Rules number", file, ln.number, col,
                             expected=("a rule number such as 707.9b",), source_line=" " * ln.indent + ln.text)
        out.append(c)
    return tuple(out)


# ----------------------------------------------------------------------------- sentences

class _Builder:
    start = ""

    def __init__(self, ctx: _Context, file: str) -> None:
        self.ctx = ctx
        self.file = file

    def parse(self, ln: Line):
        parser, vocab = _grammar()
        return tokenize_and_parse(parser, vocab, ln.text, self.start, self.ctx.names, self.ctx.players,
                                  file=self.file, line=ln.number, column=ln.indent + 1)

    def error(self, msg: str, ln: Line, col: int = 1, expected=()) -> ParseError:
        return ParseError(msg, self.file, ln.number, ln.indent + col, expected=tuple(expected),
                          source_line=" " * ln.indent + ln.text)

    def add_objects(self, n: int, ln: Line, tok=None) -> None:
        """A state sentence puts `n` more objects into the game: past MAX_OBJECTS in the
        block, an error at `tok` (the number that says how many), before they are made."""
        total = self.ctx.state_objects + n
        if total > MAX_OBJECTS:
            col = (tok.column - ln.indent) if isinstance(tok, Token) else 1
            raise self.error(too_many_objects(MAX_OBJECTS, total), ln, col,
                             expected=(f"at most {MAX_OBJECTS:,} objects in a ruling",))
        self.ctx.state_objects = total

    def resolve(self, name: str, ln: Line, tok=None) -> str:
        """A NAME in a sentence that must refer to an existing object."""
        if name in self.ctx.handles:
            return name
        col = (tok.column - ln.indent) if isinstance(tok, Token) else 1
        raise self.error(f"no object called {name!r} in this scenario yet", ln, col,
                         expected=sorted(self.ctx.handles)[:12] or ("an object put into the game by a state sentence",))

    def object_ref(self, node, ln: Line) -> str:
        """An `object` subtree -> the handle of an existing object."""
        tok = node.children[0] if hasattr(node, "children") else node
        return self.resolve(str(tok), ln, tok)


class _GivenBuilder(_Builder):
    start = "given"

    def build(self, ln: Line) -> Sentence:
        tree = self.parse(ln)
        state = tree.children[0]
        pos = Pos(self.file, ln.number, ln.indent + 1)
        handler = GIVEN_HANDLERS.get(state.data)
        if handler is None:  # pragma: no cover - the grammar and the table go together
            raise self.error(f"sentence form {state.data!r} has no meaning yet", ln)
        kind, args = handler(self, state.children, ln)
        return Sentence(kind, pos, ln.text, args)


class _ClaimBuilder(_Builder):
    start = "claim"

    def build(self, ln: Line) -> Claim:
        tree = self.parse(ln)
        ch = list(tree.children)
        modality = "must"
        if ch and hasattr(ch[0], "data") and ch[0].data in ("may", "cannot_modal"):
            modality = "may" if ch[0].data == "may" else "cannot"
            ch.pop(0)
        pos = Pos(self.file, ln.number, ln.indent + 1)
        if ch and hasattr(ch[0], "data") and ch[0].data in CLAIM_HANDLERS:
            queries, negated = CLAIM_HANDLERS[ch[0].data](self, ch[0].children, ln)
            return Claim(text=ln.text, pos=pos, queries=tuple(queries), modality=modality, negated=negated)
        obj_tok = ch[0].children[0]
        h = self.resolve(str(obj_tok), ln, obj_tok)
        pred = ch[1]
        negated = False
        if pred.data in ("neg_is", "neg_have"):
            negated = True
            pred = pred.children[0]
        queries = self.queries(pred, h, ln)
        return Claim(text=ln.text, pos=pos, queries=tuple(queries), modality=modality, negated=negated)

    def queries(self, pred, h: str, ln: Line) -> list:
        """The queries of "<h> <predicate>"."""
        handler = OBJECT_CLAIM_HANDLERS.get(pred.data)
        if handler is None:  # pragma: no cover - the grammar and the table go together
            raise self.error(f"claim form {pred.data!r} is not supported yet", ln)
        return handler(self, pred.children, handle_term(h), ln)


def parse_claim(text: str, *, names: NameTable | Iterable[str] = (), handles: Iterable[str] = (),
                players: Iterable[str] = DEFAULT_PLAYERS, file: str = "<claim>", line: int = 1) -> Claim:
    """One claim of an `expect:` part, on its own, about objects that already exist.

    `names` are the names sentences may use (the card database's name table, say),
    `handles` the objects the claim may refer to, `players` the players' names."""
    if not isinstance(text, str):
        raise TypeError(f"the claim must be a str, not {type(text).__name__}")
    check_field(text, file, line, "the claim")
    table = names if isinstance(names, NameTable) else NameTable(names)
    ctx = _Context(table, set(players))
    handles = list(handles)
    for h in handles:
        ctx.names.add(h)
    ctx.handles |= set(handles)
    return _ClaimBuilder(ctx, file).build(Line(line, 0, text.strip()))
