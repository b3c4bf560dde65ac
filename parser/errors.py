"""The one error type the parsers raise: a position in a named file and what was
expected there, printable with a caret line.

Also the checks every text input goes through before it is parsed (`check_text`,
`split_lines`) and the escaping of what an error shows of the input
(`printable`): a message never embeds a control character raw, nor more than
about 200 characters of the input."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Characters refused in .mtg files and card input: C0 controls other than tab
# (line breaks are \n, \r\n and \r, handled by split_lines), DEL, the C1 controls
# (U+0080-U+009F: CSI U+009B acts as ESC [ on some terminals; NEL U+0085 is not a
# line break here), the line and paragraph separators U+2028/U+2029 (not line
# breaks either), and lone surrogates (from JSON "\ud800" escapes).
_BAD_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")

SHOW_MAX = 200        # at most this many characters of the input in an error line
MESSAGE_MAX = 300     # and in a message (which may quote the input)


def split_lines(text: str) -> list[str]:
    """Lines split on \\n, \\r\\n and \\r only (not on U+2028, U+0085, form feed ...,
    as str.splitlines does); a final line break gives no empty last line."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def char_name(ch: str) -> str:
    names = {"\n": "a line break", "\r": "a line break", "\x00": "NUL", "\x1b": "ESC", "\x7f": "DEL", "\x0c": "form feed", "\x0b": "vertical tab",
             "\x85": "NEL", "\u2028": "line separator", "\u2029": "paragraph separator", "\x08": "backspace"}
    n = names.get(ch)
    code = f"U+{ord(ch):04X}"
    if n:
        return f"{n} ({code})"
    if 0xD800 <= ord(ch) <= 0xDFFF:
        return f"a lone surrogate ({code})"
    return f"control character {code}"


def find_bad_char(text: str) -> int | None:
    """The index of the first refused character of `text`, or None."""
    m = _BAD_CHAR.search(text)
    return m.start() if m else None


def check_text(text: str, file: str, first_line: int = 1, what: str = "the file") -> None:
    """Raise a ParseError at the line and column of the first refused character."""
    i = find_bad_char(text)
    if i is None:
        return
    before = text[:i]
    line = first_line + len(_LINE_BREAK.findall(before))
    start = max(before.rfind("\n"), before.rfind("\r")) + 1
    end_m = _LINE_BREAK.search(text, i)
    src = text[start: end_m.start() if end_m else len(text)]
    raise ParseError(f"{what} holds {char_name(text[i])}, which is not allowed", file, line, i - start + 1,
                     expected=("printable text (tab is the only control character allowed)",),
                     source_line=src)


def check_field(value: str, file: str, line: int, what: str, single_line: bool = True) -> None:
    """A value of a card record (a name, a JSON field): the first refused character,
    and for a single-line value any line break, is an error at `line`."""
    i = find_bad_char(value)
    if i is None and single_line:
        m = _LINE_BREAK.search(value)
        i = m.start() if m else None
    if i is not None:
        raise ParseError(f"{what} holds {char_name(value[i])} at character {i + 1}, which is not allowed",
                         file, line, 1, expected=("printable text",))


# Numbers of the input (scenario sentences, card text, card JSON): whole numbers
# from 0 to NUMBER_MAX, so that no value or sum of a ruling comes near clingo's
# 32-bit integers (docs/language.md, "Numbers").
NUMBER_MAX = 1_000_000
_DIGITS = re.compile(r"\d+")


# Objects that a ruling's state sentences may put into the game (docs/engine.md,
# "Limits"): checked while a block is read, at the number that goes past it, before
# any object is made (so that `Alice controls 1000000 Forests.` costs nothing).
MAX_OBJECTS = 10_000


def too_many_objects(limit: int, total: int) -> str:
    return f"too many objects: a ruling has at most {limit:,} objects, and this sentence brings it to {total:,}"


def number_error(digits: str, file: str, line: int, column: int, source_line: str | None) -> ParseError:
    shown = digits if len(digits) <= 20 else digits[:20] + "…"
    return ParseError(f"the number {shown} is out of range: numbers are from 0 to {NUMBER_MAX:,}", file, line,
                      column, expected=(f"a number from 0 to {NUMBER_MAX:,}",), source_line=source_line)


def too_large(digits: str) -> bool:
    return len(digits.lstrip("0")) > 7 or int(digits) > NUMBER_MAX


def check_numbers(text: str, file: str, first_line: int = 1, indent: int = 0) -> None:
    """Every run of digits in `text` (card text) is at most NUMBER_MAX; the first that
    is not is an error at its line and column."""
    for n, ln in enumerate(split_lines(text)):
        for m in _DIGITS.finditer(ln):
            if too_large(m.group(0)):
                raise number_error(m.group(0), file, first_line + n, indent + m.start() + 1, " " * indent + ln)


def _escape_char(ch: str) -> str:
    o = ord(ch)
    if o < 0x100:
        return f"\\x{o:02x}"
    if o < 0x10000:
        return f"\\u{o:04x}"
    return f"\\U{o:08x}"


def printable(s: str) -> str:
    """`s` with every non-printable character (controls, separators, surrogates ...)
    as a Python-style escape such as \\x1b; tab becomes a space."""
    if s.isprintable():
        return s
    return "".join(ch if ch.isprintable() else (" " if ch == "\t" else _escape_char(ch)) for ch in s)


def clip(s: str, limit: int = SHOW_MAX) -> str:
    return s if len(s) <= limit else s[: limit - 1] + "…"


@dataclass
class ParseError(Exception):
    message: str
    file: str = "<input>"
    line: int = 1
    column: int = 1
    expected: tuple[str, ...] = ()
    source_line: str | None = None
    card: str | None = None
    expected_shown: int = 12      # how many of `expected` the text shows
    violations: tuple[str, ...] = ()   # the rules' violations (violated/2) that make the input impossible

    def __post_init__(self) -> None:
        # a message may quote the input (a word, a name): never more than MESSAGE_MAX
        # characters of it, never a control character raw
        self.message = clip(printable(str(self.message)), MESSAGE_MAX)
        super().__init__(self.message)

    def _shown_line(self) -> tuple[str, int]:
        """The source line (a window of at most SHOW_MAX characters around the
        column, escaped) and the caret's offset in it."""
        src = self.source_line.rstrip("\n")
        col = max(self.column, 1) - 1
        lo = 0
        if len(src) > SHOW_MAX:
            lo = max(0, min(col - SHOW_MAX // 2, len(src) - SHOW_MAX))
        window = src[lo: lo + SHOW_MAX]
        pre = printable(window[: col - lo]) if col >= lo else ""
        shown = printable(window)
        if lo > 0:
            shown, pre = "…" + shown, "…" + pre
        if lo + SHOW_MAX < len(src):
            shown += "…"
        return shown, len(pre)

    def __str__(self) -> str:
        where = f"{printable(clip(str(self.file), 1000))}:{self.line}:{self.column}"
        head = f"{where}: error: {self.message}"
        if self.card:
            head += f" (card {clip(printable(self.card))!r})"
        parts = [head]
        if self.source_line is not None:
            shown, caret = self._shown_line()
            parts.append("    " + shown)
            parts.append("    " + " " * caret + "^")
        if self.expected:
            k = self.expected_shown
            shown = ", ".join(clip(printable(str(e)), 80) for e in self.expected[:k])
            more = f" (and {len(self.expected) - k} more)" if len(self.expected) > k else ""
            parts.append(f"  expected one of: {shown}{more}")
        return "\n".join(parts)

    def to_json(self) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "message": self.message,
            "expected": list(self.expected),
        }


class ParseErrors(ParseError):
    """Several errors of one input (a file parsed to its end): the first one's
    position and message, every one of them in `errors` and in the text."""

    def __init__(self, errors: list[ParseError]) -> None:
        first = errors[0]
        super().__init__(first.message, first.file, first.line, first.column, first.expected,
                         first.source_line, first.card, first.expected_shown)
        self.errors = list(errors)

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)


def raise_errors(errors: list[ParseError]) -> None:
    """Raise the one error, or all of them as ParseErrors; nothing when there is none."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise ParseErrors(errors)


def with_source(error: ParseError, lines: list[str]) -> ParseError:
    """`error` with its source line (for the caret line) taken from `lines` when it has none."""
    if error.source_line is None and 1 <= error.line <= len(lines):
        error.source_line = lines[error.line - 1]
    return error
