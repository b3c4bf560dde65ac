"""A contextual tokenizer for scenario sentences.

Card names contain spaces, commas and apostrophes ("Orvar, the All-Form"), so no
fixed regular expression can find them.  This tokenizer drives lark's interactive
LALR parser itself: at each position it asks the parser which terminals are
acceptable (`choices()`), and tries, in order, a known name (longest match),
literal keywords, then pattern terminals.  Anything else is an error naming what
was expected at that column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lark import Lark, Token
from lark.exceptions import UnexpectedInput
from lark.lexer import PatternStr

from .errors import ParseError, number_error, too_large

_WS = re.compile(r"[ \t]+")
_HANDLE_SUFFIX = re.compile(r"\s*#\d+")
_POSS = re.compile(r"(?:'s|’s|'|’)(?=\s|$|[.,])")
_PLAYER = re.compile(r"[A-Z][a-z]+")
_DIGITS = re.compile(r"\d+")
_NON_SPACE = re.compile(r"\S+")
_COUNTER_PT = re.compile(r"[+-](\d+)/[+-](\d+)")
# n counters of kind +a/+b: n * max(a, b) at most this (a sum that cannot wrap)
COUNTER_PRODUCT_MAX = 100_000_000


def norm_apostrophes(s: str) -> str:
    return s.replace("’", "'")


class NameTable:
    """Known names, indexed by their first word and length, for longest-match lookup.

    Adding a name and looking one up cost time linear in the name's length, whatever
    the number of names (a board of thousands of handles "Forest #2", "Forest #3", ...
    stays linear): a name is found by trying, longest first, the few distinct lengths
    of the names that share its first word."""

    def __init__(self, names=(), parent: "NameTable | None" = None) -> None:
        self._by_first: dict[str, dict[int, set[str]]] = {}
        self._lengths: dict[str, list[int]] = {}   # distinct lengths per first word, longest first
        self._parent = parent
        self._first_max = 0     # the longest first word of this table's own names
        self._add_all(names)

    def _add_all(self, names) -> None:
        """`add` of each name into this new, empty table, in one pass (a table of every
        card name is built at each start)."""
        by_first = self._by_first
        for name in names:
            name = norm_apostrophes(name.strip())
            if name:
                by_len = by_first.get(name.split(None, 1)[0])
                if by_len is None:
                    by_len = by_first[name.split(None, 1)[0]] = {}
                group = by_len.get(len(name))
                if group is None:
                    by_len[len(name)] = {name}
                else:
                    group.add(name)
        self._lengths = {first: sorted(by_len, reverse=True) for first, by_len in by_first.items()}
        self._first_max = max(map(len, by_first), default=0)

    def child(self) -> "NameTable":
        """A table that adds names of its own on top of this one (which stays as it is)."""
        return NameTable(parent=self)

    def add(self, name: str) -> None:
        name = norm_apostrophes(name.strip())
        if not name:
            return
        first = name.split(None, 1)[0]
        by_len = self._by_first.setdefault(first, {})
        group = by_len.get(len(name))
        if group is None:
            group = by_len[len(name)] = set()
            lengths = self._lengths.setdefault(first, [])
            lengths.append(len(name))
            lengths.sort(reverse=True)
        group.add(name)
        self._first_max = max(self._first_max, len(first))

    def _first_word_max(self) -> int:
        return max(self._first_max, 0 if self._parent is None else self._parent._first_word_max())

    def _knows_first(self, first: str) -> bool:
        return first in self._by_first or (self._parent is not None and self._parent._knows_first(first))

    def _longest(self, first: str, text: str, pos: int) -> str | None:
        """The longest name with first word `first` that `text` holds at `pos`, ending at
        a word boundary."""
        best = None
        by_len = self._by_first.get(first)
        if by_len:
            n = len(text)
            for length in self._lengths[first]:
                end = pos + length
                if end > n:
                    continue
                s = text[pos:end]
                if s in by_len[length] and (end == n or not (text[end].isalnum() or text[end] == "-")):
                    best = s
                    break
        if self._parent is not None:
            inherited = self._parent._longest(first, text, pos)
            if inherited is not None and (best is None or len(inherited) > len(best)):
                best = inherited
        return best

    def all_names(self) -> set[str]:
        out = set() if self._parent is None else self._parent.all_names()
        for by_len in self._by_first.values():
            for group in by_len.values():
                out.update(group)
        return out

    def match(self, text: str, pos: int) -> str | None:
        m = _NON_SPACE.match(text, pos)
        if not m:
            return None
        word = m.group(0)
        # the first word may carry trailing punctuation or a possessive
        for cut in range(min(len(word), self._first_word_max()), 0, -1):
            if self._knows_first(word[:cut]):
                return self._longest(word[:cut], text, pos)
        return None

    def match_plural(self, text: str, pos: int) -> tuple[str, int] | None:
        """'Snow-Covered Islands' -> ('Snow-Covered Island', length of the plural)."""
        m = re.match(r"[^.,;]+", text[pos:])
        if not m:
            return None
        chunk = m.group(0)
        for w in re.finditer(r"(es|s)\b", chunk):
            singular = chunk[: w.start()]
            got = self.match(singular, 0)
            if got == singular:
                return singular, w.end()
        return None


@dataclass
class Vocabulary:
    literals: dict[str, str]           # lowercased literal -> terminal name
    patterns: list[tuple[str, re.Pattern]]  # (terminal name, compiled regex)


def vocabulary(parser: Lark) -> Vocabulary:
    literals: dict[str, str] = {}
    patterns = []
    for t in parser.terminals:
        if isinstance(t.pattern, PatternStr):
            literals[t.pattern.value.lower()] = t.name
        else:
            flags = re.I if "i" in t.pattern.flags else 0
            patterns.append((t.name, re.compile(t.pattern.value, flags)))
    return Vocabulary(literals, patterns)


def describe(terminal: str, vocab: Vocabulary) -> str:
    for lit, name in vocab.literals.items():
        if name == terminal:
            return repr(lit)
    return {
        "NAME": "a card name or handle", "PLAYER": "a player name", "POSS": "'s",
        "QUOTED": "a quoted text", "NUMBER": "a number", "NUMBER_WORD": "a number word",
        "PT": "power/toughness such as 2/2", "COUNTER_KIND": "a counter kind such as +1/+1",
        "WORD": "a word", "CAPWORD": "a capitalised word", "ZONE": "a zone (hand, graveyard, library, exile)",
        "KEYWORD_NAME": "a keyword ability such as changeling", "$END": "end of sentence",
    }.get(terminal, terminal)


def tokenize_and_parse(parser: Lark, vocab: Vocabulary, text: str, start: str, names: NameTable,
                       players: set[str], *, file: str, line: int, column: int):
    """Parse one sentence; returns the lark tree.  Raises ParseError."""
    text = norm_apostrophes(text)
    ip = parser.parse_interactive("", start=start)
    pos = 0
    n = len(text)
    prev_type = None

    def fail(msg: str, at: int, expected) -> ParseError:
        if capword_at is not None and at > capword_at:
            # the likely mistake: a card name or handle the file does not know
            import difflib   # only for this error's suggestions

            words = re.match(r"[^.,;]+", text[capword_at:]).group(0).strip()
            close = difflib.get_close_matches(words, sorted(names.all_names()), n=3, cutoff=0.75)
            return ParseError(f"unknown card or handle {words!r}", file, line, column + capword_at,
                              expected=tuple(close) or ("a card name of the database, a card block or a handle",),
                              source_line=" " * (column - 1) + text)
        exp = tuple(sorted({describe(t, vocab) for t in expected if t not in ("WS_INLINE",)}))
        return ParseError(msg, file, line, column + at, expected=exp, source_line=" " * (column - 1) + text)

    capword_at = None   # where a capitalised word stood in place of a name
    last_count = None   # the last NUMBER (a count before a counter kind)

    while True:
        m = _WS.match(text, pos)
        if m:
            pos = m.end()
        if pos >= n:
            break
        accepts = set(ip.choices())
        tok = None
        # 1. names (and handles such as "Forest #2"), plural names after a count
        if "NAME" in accepts and text[pos] == '"':
            # a handle may be written in quotes (needed when it starts with '#')
            close = text.find('"', pos + 1)
            inner = text[pos + 1: close] if close > pos else ""
            if inner and names.match(inner, 0) == inner:
                tok = Token("NAME", inner, start_pos=pos, line=line, column=column + pos, end_pos=close + 1)
        if tok is None and "NAME" in accepts:
            name = names.match(text, pos)
            if name is not None:
                end = pos + len(name)
                suf = _HANDLE_SUFFIX.match(text, end)
                value = name
                if suf:
                    value = name + " #" + suf.group(0).strip()[1:]
                    end = suf.end()
                tok = Token("NAME", value, start_pos=pos, line=line, column=column + pos, end_pos=end)
            elif prev_type in ("NUMBER", "NUMBER_WORD"):
                pl = names.match_plural(text, pos)
                if pl:
                    tok = Token("NAME", pl[0], start_pos=pos, line=line, column=column + pos, end_pos=pos + pl[1])
        if tok is None and "POSS" in accepts:
            m = _POSS.match(text, pos)
            if m:
                tok = Token("POSS", m.group(0), start_pos=pos, line=line, column=column + pos, end_pos=m.end())
        if tok is None and "PLAYER" in accepts:
            m = _PLAYER.match(text, pos)
            if m and m.group(0) in players:
                tok = Token("PLAYER", m.group(0), start_pos=pos, line=line, column=column + pos, end_pos=m.end())
        if tok is None:
            best = None
            for lit, name in vocab.literals.items():
                if name in accepts and text[pos:pos + len(lit)].lower() == lit:
                    end = pos + len(lit)
                    if lit[-1].isalnum() and end < n and (text[end].isalnum() or text[end] in "-'"):
                        continue  # a keyword must end at a word boundary
                    if best is None or len(lit) > best[2] - pos:
                        best = (name, text[pos:end], end)
            for name, rx in vocab.patterns:
                if name in accepts:
                    m = rx.match(text, pos)
                    if m and m.end() > pos and (best is None or m.end() > best[2]):
                        best = (name, m.group(0), m.end())
            if best is not None:
                tok = Token(best[0], best[1], start_pos=pos, line=line, column=column + pos, end_pos=best[2])
        if tok is None:
            word = re.match(r"\S+", text[pos:]).group(0)
            if "NAME" in accepts and word[:1].isupper() and "PLAYER" not in accepts:
                raise fail(f"unknown card or handle starting at {word!r}", pos, accepts)
            raise fail(f"unexpected {word!r}", pos, accepts)
        if tok.type not in ("NAME", "PLAYER"):  # numbers in range (language.md, "Numbers")
            for m in _DIGITS.finditer(tok.value):
                if too_large(m.group(0)):
                    raise number_error(m.group(0), file, line, column + pos + m.start(), " " * (column - 1) + text)
            cm = _COUNTER_PT.fullmatch(tok.value) if tok.type == "COUNTER_KIND" else None
            if cm and last_count is not None and last_count * max(int(cm.group(1)), int(cm.group(2))) > COUNTER_PRODUCT_MAX:
                raise ParseError(f"{last_count:,} {tok.value} counters are out of range: the number of counters "
                                 f"times their size is at most {COUNTER_PRODUCT_MAX:,}", file, line, column + pos,
                                 expected=("fewer or smaller counters",), source_line=" " * (column - 1) + text)
            if tok.type == "NUMBER":
                last_count = int(tok.value)
        if tok.type == "CAPWORD" and "NAME" in accepts and capword_at is None:
            capword_at = pos
        try:
            ip.feed_token(tok)
        except UnexpectedInput as e:  # pragma: no cover - choices() keeps this from happening
            raise fail(f"unexpected {tok.value!r}", pos, getattr(e, "expected", accepts)) from None
        prev_type = tok.type
        pos = tok.end_pos
    accepts = set(ip.choices())
    if "$END" not in accepts:
        raise fail("the sentence ends too early", n, accepts)
    try:
        return ip.feed_eof()
    except UnexpectedInput as e:
        raise fail("the sentence ends too early", n, getattr(e, "expected", accepts)) from None
