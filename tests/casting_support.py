"""Helpers for the casting (and other scenario) tests: one ruling block written from its given and expect lines,
checked through the whole pipeline (mtgkb.check), and its bad input read back."""

from __future__ import annotations

from mtgkb.check import check_paths
from mtgkb.parser.errors import ParseError


def block_text(given: str, expect: str, card: str = "") -> str:
    return ('ruling "casting case"\n' + card + "  given:\n" + "".join(f"    {g}\n" for g in given.splitlines())
            + "  expect:\n" + "".join(f"    {e}\n" for e in expect.splitlines()))


def check(tmp_path, given: str, expect: str, card: str = "", session=None, timeout: float | None = None):
    """The RulingResult of one block (the file must read without errors)."""
    f = tmp_path / "case.mtg"
    f.write_text(block_text(given, expect, card), encoding="utf-8")
    limits = {} if timeout is None else {"timeout": timeout}
    report, errors = check_paths([str(f)], session=session, **limits)
    assert errors == [], [str(e) for e in errors]
    (r,) = report.results
    return r


def cast_given(board: str, mana: str, spell: str, target: str = "", how: str = "") -> str:
    """Given lines: the board, Alice's turn with `mana` in her pool, Alice casts `spell` (targeting `target`; `how`:
    more of the cast sentence, such as " with X = 2") paying from it, and the spell resolves."""
    aim = (f" targeting {target}" if target else "") + how
    return (f"{board}\nIt is Alice's turn.\nAlice has {mana} in her mana pool.\n"
            f"Alice casts {spell}{aim}, paying from her mana pool.\n{spell} resolves.")


def verdicts(r) -> list[str]:
    return [c.verdict for c in r.claims]


def bad_input(tmp_path, given: str, expect: str = "Alice has 20 life.", card: str = "", session=None) -> ParseError:
    """The error of a block whose given part the rules refuse: bad input found while the block is
    evaluated, at the sentence (line, column)."""
    r = check(tmp_path, given, expect, card, session)
    assert r.status == "error" and r.input_error is not None, (r.status, r.error, r.claims)
    return ParseError(**r.input_error)


def given_line(given: str, text: str, card: str = "") -> int:
    """The line number, in the file block_text writes, of the given sentence that starts with `text`."""
    head = 2 + card.count("\n")   # the ruling line, the card block, "  given:"
    return head + next(i for i, g in enumerate(given.splitlines(), 1) if g.startswith(text))


def applied(card: str, tmp_path, capsys) -> list[bool]:
    """`mtgkb parse --json`'s "applied" of each ability of a card of the embedded database."""
    import gzip
    import json

    from mtgkb import paths
    from mtgkb.cli import main

    with paths.card_database().open("rb") as fh, gzip.open(fh, "rt", encoding="utf-8") as lines:
        rows = [ln for ln in lines if json.loads(ln)["name"] == card]
    f = tmp_path / "card.jsonl"
    f.write_text("".join(rows), encoding="utf-8")
    assert main(["parse", str(f), "--json"]) in (0, None)
    return [a["applied"] for a in json.loads(capsys.readouterr().out)["cards"][0]["abilities"]]
