"""The one error type the parsers raise: a position in a named file and what was
expected there, printable with a caret line."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ParseError(Exception):
    message: str
    file: str = "<input>"
    line: int = 1
    column: int = 1
    expected: tuple[str, ...] = ()
    source_line: str | None = None
    card: str | None = None

    def __post_init__(self) -> None:
        super().__init__(self.message)

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}"
        head = f"{where}: error: {self.message}"
        if self.card:
            head += f" (card {self.card!r})"
        parts = [head]
        if self.source_line is not None:
            parts.append("    " + self.source_line.rstrip("\n"))
            parts.append("    " + " " * (max(self.column, 1) - 1) + "^")
        if self.expected:
            shown = ", ".join(self.expected[:12])
            more = f" (and {len(self.expected) - 12} more)" if len(self.expected) > 12 else ""
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
