"""The board size limit while a block is read: a count that would bring a ruling past
MAX_OBJECTS objects is an error at the number's column before any object is made
(`Alice controls 1000000 Forests.` costs nothing); the name table that holds the
handles finds the same longest names as a plain scan of every name.  The big boards
themselves (time and memory of 1k to 20k permanents) are in bench/limits.py."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SMALL_NAMES, run_mtgkb

from mtgkb.parser import scenario
from mtgkb.parser.errors import MAX_OBJECTS, ParseError
from mtgkb.parser.scenario import parse_scenario
from mtgkb.parser.scenario_lexer import NameTable


def _ruling(title: str, *given: str) -> str:
    return (f'ruling "{title}"\n  given:\n' + "".join(f"    {g}\n" for g in given)
            + "  expect:\n    Grizzly Bears is 2/2.\n")


def _parse(text: str):
    return parse_scenario(text, file="b.mtg", known_names=lambda: SMALL_NAMES)


@pytest.mark.parametrize("n", [MAX_OBJECTS + 1, 20_000, 40_000, 1_000_000])
def test_a_count_past_the_limit_is_an_error_at_its_number(n):
    with pytest.raises(ParseError) as e:
        _parse(_ruling("big", f"Alice controls {n} Forests.", "Alice controls Grizzly Bears."))
    assert (e.value.line, e.value.column) == (3, 20)
    assert f"at most {MAX_OBJECTS:,} objects" in str(e.value) and f"brings it to {n:,}" in str(e.value)


def test_the_objects_of_a_block_add_up():
    text = _ruling("sum", "Alice controls 6000 Forests.", "Bob controls Grizzly Bears and 4000 Forests.")
    with pytest.raises(ParseError) as e:
        _parse(text)
    assert (e.value.line, e.value.column) == (4, 36) and "brings it to 10,001" in str(e.value)
    sf = _parse(text.replace("4000", "3999"))
    assert sum(len(s.args["objects"]) for s in sf.blocks[0].given) == MAX_OBJECTS


def test_objects_in_zones_count(monkeypatch):
    monkeypatch.setattr(scenario, "MAX_OBJECTS", 3)
    text = _ruling("zones", "Alice controls two Forests.", "Grizzly Bears is in Alice's hand.",
                   "Forest is in Bob's graveyard.")
    with pytest.raises(ParseError) as e:
        _parse(text)
    assert (e.value.line, e.value.column) == (5, 5) and "brings it to 4" in str(e.value)


@pytest.mark.parametrize("sentence,col", [("Alice's library has 1000000 cards.", 25),
                                          ("Alice has Forest and 9999 unknown cards in hand.", 26),
                                          ("Alice's library is Forest, Grizzly Bears and 9998 unknown cards.", 50)])
def test_the_cards_of_libraries_and_hands_count(sentence, col):
    with pytest.raises(ParseError) as e:
        _parse(_ruling("zones", "Alice controls Grizzly Bears.", sentence))
    assert (e.value.line, e.value.column) == (4, col) and "too many objects" in str(e.value)
    sf = _parse(_ruling("zones", "Alice controls Grizzly Bears.", "Alice's library has 9999 cards."))
    assert len(sf.blocks) == 1


def test_each_block_has_its_own_count():
    one = _ruling("one", f"Alice controls {MAX_OBJECTS - 1} Forests.", "Alice controls Grizzly Bears.")
    sf = _parse(one + "\n" + one.replace('"one"', '"two"'))
    assert [b.title for b in sf.blocks] == ["one", "two"]
    last = sf.blocks[1].given[0].args["objects"][-1]
    assert last.handle == f"Forest #{MAX_OBJECTS - 1}"


def test_the_command_reports_every_block_past_the_limit(tmp_path):
    f = tmp_path / "big.mtg"
    f.write_text(_ruling("a", "Alice controls 20000 Forests.") + "\n"
                 + _ruling("fine", "Alice controls Grizzly Bears.") + "\n"
                 + _ruling("b", "Alice controls 1000000 Forests."), encoding="utf-8")
    p = run_mtgkb("check", "--jobs", "1", str(f))
    assert p.returncode == 2, p.stderr
    assert "big.mtg:3:20: error: too many objects" in p.stderr and "big.mtg:15:20: error: too many objects" in p.stderr
    assert "Traceback" not in p.stderr
    assert "PASS  fine" in p.stdout and "1 rulings: 1 passed" in p.stdout, p.stdout


# ----------------------------------------------------------------------------- the name table

def _plain_longest(names: set[str], text: str, pos: int) -> str | None:
    """What the table must give, by scanning every name: the text's first word, cut from
    its end until some name starts with that word (it may carry punctuation or a
    possessive), then the longest of those names at `pos` that ends at a word boundary."""
    word = text[pos:].split()[0]
    for cut in range(len(word), 0, -1):
        cands = [n for n in names if n.split()[0] == word[:cut]]
        if cands:
            break
    best = None
    for name in cands:
        end = pos + len(name)
        if text.startswith(name, pos) and (end == len(text) or not (text[end].isalnum() or text[end] == "-")):
            if best is None or len(name) > len(best):
                best = name
    return best


WORDS = st.sampled_from(["Forest", "Forest's", "Grizzly", "Bears", "#2", "#12", "of", "the", "Orvar,", "All-Form",
                         "Snow-Covered", "Elves"])
NAMES = st.lists(st.lists(WORDS, min_size=1, max_size=3).map(" ".join), max_size=12)


@settings(max_examples=200, derandomize=True, database=None, deadline=None)
@given(base=NAMES, own=NAMES, text=st.lists(WORDS, min_size=1, max_size=5).map(" ".join))
def test_the_table_finds_the_longest_name_like_a_plain_scan(base, own, text):
    table = NameTable(base).child()
    for n in own:
        table.add(n)
    got = table.match(text, 0)
    assert got == _plain_longest(set(base) | set(own), text, 0)
    assert table.all_names() == {n.strip() for n in base + own if n.strip()}


def test_thousands_of_handles_still_find_the_plain_name():
    table = NameTable(["Forest", "Forest of the Dead"]).child()
    for k in range(2, 5000):
        table.add(f"Forest #{k}")
    assert table.match("Forest is tapped.", 0) == "Forest"
    assert table.match("Forest #4999 is tapped.", 0) == "Forest #4999"
    assert table.match("Forest #49990 is tapped.", 0) == "Forest"
    assert table.match("Forest of the Dead's ability", 0) == "Forest of the Dead"
    assert table.match("Forests", 0) is None
