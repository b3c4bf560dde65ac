"""`--ruling TITLE|LINE` for ask, why, show and pay, and the exit codes every command
shares: 0 holds or undetermined, 1 fails (undetermined under --strict), 2 bad input."""

from __future__ import annotations

import json

import pytest

from mtgkb.check import select_block
from mtgkb.parser.errors import ParseError
from mtgkb.parser.scenario import read_scenario

THREE = '''card:
  Odd Bear {1}{G}
  Creature — Bear
  Whatever strange text this is.
  2/2

scenario "Bears"
  given:
    Alice controls Grizzly Bears.

scenario "A forest"
  given:
    Alice controls Forest.
    # a comment inside the block

scenario "An odd bear"
  given:
    Alice controls Odd Bear.
'''


@pytest.fixture
def three(in_tmp):
    (in_tmp / "three.mtg").write_text(THREE, encoding="utf-8")
    return "three.mtg"


def _sf():
    return read_scenario(THREE, file="three.mtg", known_names=lambda: ["Grizzly Bears", "Forest"])


def test_select_by_title_by_line_and_by_default():
    sf = _sf()
    assert select_block(sf, None).title == "An odd bear"
    assert select_block(sf, "Bears").title == "Bears"
    assert select_block(sf, "A forest").title == "A forest"
    assert select_block(sf, "7").title == "Bears"     # the head line
    assert select_block(sf, "13").title == "A forest"  # a line inside
    assert select_block(sf, "18").title == "An odd bear"


def test_an_unknown_title_or_line_lists_the_titles():
    sf = _sf()
    for ruling, what in (("Bear", "no block of the file has the title 'Bear'"),
                         ("15", "line 15 is inside no block"), ("2", "line 2 is inside no block"),
                         ("99999999999999", "no block of the file has the title '99999999999999'")):
        with pytest.raises(ParseError) as e:
            select_block(sf, ruling)
        assert what in e.value.message
        assert e.value.expected == ("'Bears' (lines 7-9)", "'A forest' (lines 11-13)", "'An odd bear' (lines 16-18)")
        assert "and 1 more" not in str(e.value)


def test_ask_uses_the_chosen_block(cli, three):
    assert cli("ask", three, "Grizzly Bears is 2/2.", "--ruling", "Bears")[0] == 0
    assert cli("ask", three, "Grizzly Bears is 3/3.", "--ruling", "8")[0] == 1
    # the default is the last block: Grizzly Bears is not there
    rc, out, err = cli("ask", three, "Grizzly Bears is 2/2.")
    assert rc == 2 and "Grizzly Bears" in err


def test_an_unknown_ruling_is_bad_input_naming_the_titles(cli, three):
    rc, out, err = cli("ask", three, "Forest is untapped.", "--ruling", "Forests")
    assert rc == 2 and out == ""
    assert "three.mtg:1:1: error: --ruling: no block of the file has the title 'Forests'" in err
    assert "'Bears' (lines 7-9), 'A forest' (lines 11-13), 'An odd bear' (lines 16-18)" in err


def test_why_takes_the_option_too(cli, three):
    rc, out, err = cli("why", three, "Forest is a land.", "--ruling", "A forest")
    assert rc == 0 and out.startswith("holds: Forest is a land.")


def test_show_shows_every_block_or_the_chosen_one(cli, three):
    rc, out, err = cli("show", three, "--json")
    assert rc == 0 and [b["title"] for b in json.loads(out)["blocks"]] == ["Bears", "A forest", "An odd bear"]
    rc, out, err = cli("show", three, "--json", "--ruling", "12")
    assert rc == 0 and [b["title"] for b in json.loads(out)["blocks"]] == ["A forest"]


def test_pay_uses_the_chosen_block(cli, three):
    rc, out, err = cli("pay", "{G}", three, "--ruling", "A forest", "--json")
    assert rc == 0 and json.loads(out)["payable"] is True
    rc, out, err = cli("pay", "{G}", three, "--ruling", "Bears", "--json")
    assert rc == 1 and json.loads(out)["payable"] is False


def test_ask_exit_codes_follow_check(cli, three):
    # undetermined: 0 (as check), 1 under --strict; fails: 1; error (bad input): 2
    rc, out, err = cli("ask", three, "Odd Bear is 2/2.")
    assert out.startswith("undetermined:") and rc == 0
    assert cli("ask", three, "Odd Bear is 2/2.", "--strict")[0] == 1
    assert cli("ask", three, "Grizzly Bears is 2/2.", "--ruling", "Bears", "--strict")[0] == 0
    assert cli("why", three, "Odd Bear is 2/2.", "--strict")[0] == 1
    assert cli("ask", three, "Forest is a creature.", "--ruling", "A forest")[0] == 1
    assert cli("ask", three, "Forest frobs.", "--ruling", "A forest")[0] == 2


def test_a_file_with_an_error_is_bad_input_for_ask(cli, in_tmp):
    (in_tmp / "bad.mtg").write_text(THREE + "\nnonsense\n", encoding="utf-8")
    rc, out, err = cli("ask", "bad.mtg", "Forest is a land.", "--ruling", "A forest")
    assert rc == 2 and "bad.mtg:20:1: error: unexpected 'nonsense'" in err
