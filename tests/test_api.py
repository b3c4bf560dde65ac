"""The public Python API (mtgkb/api.py, docs/api.md): its examples run, its types and
its refusals."""

from __future__ import annotations

import doctest
import inspect
import pathlib

import pytest

import mtgkb
from conftest import DATA, REPO


@pytest.fixture(scope="module")
def kb():
    return mtgkb.KnowledgeBase()


def test_docs_api_examples_run(monkeypatch):
    monkeypatch.chdir(REPO)
    res = doctest.testfile(str(REPO / "docs" / "api.md"), module_relative=False,
                           optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert res.attempted >= 30
    assert res.failed == 0, f"{res.failed} example(s) of docs/api.md failed (see the output above)"


def test_public_names_from_the_package():
    from mtgkb.parser.errors import ParseError
    from mtgkb.results import CheckReport, ClaimResult, RulingResult

    assert mtgkb.ParseError is ParseError
    assert (mtgkb.CheckReport, mtgkb.RulingResult, mtgkb.ClaimResult) == (CheckReport, RulingResult, ClaimResult)
    for name in mtgkb.__all__:
        assert getattr(mtgkb, name) is not None
    with pytest.raises(AttributeError):
        mtgkb.Session


def test_public_api_is_documented():
    K = mtgkb.KnowledgeBase
    assert inspect.getdoc(K) and len(inspect.getdoc(K)) > 200
    for name in ("check", "check_text", "ask", "show"):
        assert inspect.getdoc(getattr(K, name)), name
    for cls in (mtgkb.CheckReport, mtgkb.RulingResult, mtgkb.ClaimResult):
        assert cls.__doc__ and not cls.__doc__.startswith(cls.__name__ + "("), cls  # not the dataclass default


@pytest.mark.parametrize("arg", ["kb/rulings", b"kb/rulings", pathlib.Path("kb/rulings")])
def test_check_refuses_a_single_path(kb, arg):
    with pytest.raises(TypeError, match="list of paths"):
        kb.check(arg)


@pytest.mark.parametrize("call", [
    lambda kb: kb.check_text(b"ruling"),
    lambda kb: kb.check_text("x", name=3),
    lambda kb: kb.ask(3, "Grizzly Bears is 2/2."),
    lambda kb: kb.ask("board.mtg", b"claim"),
    lambda kb: kb.show(None),
])
def test_wrong_types_are_type_errors(kb, call):
    with pytest.raises(TypeError):
        call(kb)


def test_check_text_matches_check_of_the_same_file(kb):
    path = DATA / "verdicts.mtg"
    by_file, e1 = kb.check([str(path)])
    by_text, e2 = kb.check_text(path.read_text(encoding="utf-8"), name=by_file.results[0].file)
    assert e1 == e2 == []
    strip = lambda rep: [{k: v for k, v in r.to_json().items()} for r in rep.results]  # noqa: E731
    assert strip(by_text) == strip(by_file)
    assert by_text.results[0].seconds is not None and by_text.results[0].seconds > 0


@pytest.mark.parametrize("text,line,column,words", [
    ("", 1, 1, "empty"),
    ("   \n\n", 1, 1, "empty"),
    ('ruling "a"\n  given:\n    Alice controls Grizzly Bears.\n  expect:\n    Grizzly Bears is 2/2.\x1b\n', 5, 26, "ESC"),
    ('ruling "a"\n  given:\n    Alice controls Nobody Card.\n  expect:\n    Nobody Card is 2/2.\n', 3, 20, "Nobody Card"),
])
def test_check_text_bad_input_is_returned(kb, text, line, column, words):
    report, errors = kb.check_text(text, name="t.mtg")
    assert report.results == []
    (e,) = errors
    assert (e.file, e.line) == ("t.mtg", line) and words in str(e), str(e)
    assert e.column == column, str(e)


def test_check_text_only_ruling_blocks(kb):
    report, errors = kb.check_text('scenario "s"\n  given:\n    Alice controls Forest.\n')
    assert report.results == [] and errors == []


def test_ask_text_and_path_agree(kb, tmp_path):
    board = 'scenario "a"\n  given:\n    Alice controls Grizzly Bears with a +1/+1 counter.\n'
    f = tmp_path / "b.mtg"
    f.write_text(board, encoding="utf-8")
    for src in (board, str(f), f):
        c = kb.ask(src, "Grizzly Bears is 3/3.")
        assert (c.verdict, c.text, c.line) == ("holds", "Grizzly Bears is 3/3.", 1), src
        assert c.explanation
    assert kb.ask(board, "Grizzly Bears is 2/2.", explain=False).verdict == "fails"


def test_a_one_line_string_is_a_path(kb, tmp_path):
    with pytest.raises(mtgkb.ParseError, match="no such file"):
        kb.ask(str(tmp_path / 'scenario "a"'), "Grizzly Bears is 2/2.")


def test_an_existing_file_is_a_path_even_with_a_line_break_in_its_name(kb, tmp_path):
    f = tmp_path / "odd\nname.mtg"
    f.write_text('scenario "a"\n  given:\n    Alice controls Grizzly Bears.\n', encoding="utf-8")
    assert kb.ask(str(f), "Grizzly Bears is 2/2.", explain=False).verdict == "holds"
