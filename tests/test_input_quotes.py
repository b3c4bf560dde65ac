"""A quoted ability without its closing quote is not understood: the Oracle tokenizer
reads a quote only with both its marks, so the line is unsupported (an error with its
column under `mtgkb parse --strict`, listed as unsupported otherwise), never read as
if the quote were closed."""

from __future__ import annotations

import pytest

from conftest import run_mtgkb

from mtgkb.parser.oracle_lexer import tokenize

CARD = "Quote Bear {{1}}{{G}}\nCreature \u2014 Bear\n{line}\n2/2\n"
OPEN = 'Creatures you control have "{T}: Add {G}.'


def test_an_open_quote_is_not_a_quoted_text():
    assert [t.kind for t in tokenize('have "Flying."')][:2] == ["lit", "QUOTED"]
    toks = tokenize('have "Flying.')
    assert "QUOTED" not in [t.kind for t in toks]
    assert ("lit", '"', 6) in [(t.kind, t.value, t.column) for t in toks]


def test_strict_parse_refuses_an_open_quote(tmp_path):
    f = tmp_path / "q.txt"
    f.write_text(CARD.format(line=OPEN), encoding="utf-8")
    p = run_mtgkb("parse", "--strict", str(f))
    assert p.returncode == 2, p.stdout + p.stderr
    assert "q.txt:3:28: error: unsupported ability of 'Quote Bear'" in p.stderr
    p = run_mtgkb("parse", str(f))
    assert p.returncode == 0 and "[UNSUPPORTED] line 3" in p.stdout, p.stdout + p.stderr


@pytest.mark.parametrize("line", ['Creatures you control have "{T}: Add {G}."', "Flying"])
def test_closed_quotes_still_parse_under_strict(tmp_path, line):
    f = tmp_path / "q.txt"
    f.write_text(CARD.format(line=line), encoding="utf-8")
    p = run_mtgkb("parse", "--strict", str(f))
    assert p.returncode == 0 and "UNSUPPORTED" not in p.stdout, p.stdout + p.stderr


@pytest.mark.parametrize("line", [OPEN, 'Creatures you control get +1/+1 and have "{T}: Tap target frobnicator."'])
def test_a_ruling_about_a_card_with_an_open_quote_is_not_settled_by_it(tmp_path, line):
    f = tmp_path / "q.mtg"
    f.write_text("card:\n  Quote Bear {1}{G}\n  Creature \u2014 Bear\n  " + line + "\n  2/2\n\n"
                 'ruling "the bear\'s grant is not read"\n  given:\n    Alice controls Quote Bear.\n'
                 "    Alice controls Grizzly Bears.\n  expect:\n    Grizzly Bears is 2/2.\n", encoding="utf-8")
    p = run_mtgkb("check", "--jobs", "1", "--format", "json", str(f))
    assert p.returncode == 0, p.stderr
    assert '"status": "undetermined"' in p.stdout and "Quote Bear" in p.stdout, p.stdout


@pytest.mark.parametrize("text,kind", [
    ('Creatures you control get +1/+1 and have "{T}: Tap target frobnicator."', "unknown"),
    ('Creatures you control have "{T}: Add {G}.', "unknown"),
    ('{T}: Frobnicate "quoted: thing".', "activated"),
    ("Sacrifice a Frob: Draw a card.", "activated"),
    ('Whenever you cast a spell, creatures gain "{T}: Frob."', "triggered"),
])
def test_a_colon_in_quotes_is_no_cost(text, kind):
    """An unsupported line's guessed kind: a granted ability's cost inside quotes does
    not make the line an activated ability (which would unsettle nothing on the board)."""
    from mtgkb.facts import guess_kind

    assert guess_kind(text) == kind
