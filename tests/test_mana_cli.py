"""`mtgkb pay`: the mtgkb.pay/1 document, limits, exit codes and bad input."""

from __future__ import annotations

import json

import pytest

from mtgkb.cli import main

BOARD = """scenario "three lands"
  given:
    Alice controls Snow-Covered Forest, Forest and Island.
    Bob controls Snow-Covered Island.
"""


@pytest.fixture()
def board(tmp_path):
    p = tmp_path / "board.mtg"
    p.write_text(BOARD, encoding="utf-8")
    return str(p)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_document(capsys, board):
    code, out, err = run(capsys, "pay", "{S}{1}", board, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert list(doc) == ["schema", "cost", "player", "payable", "count", "ways", "truncated"]
    assert doc["schema"] == "mtgkb.pay/1" and doc["cost"] == "{S}{1}" and doc["player"] == "Alice"
    assert doc["payable"] is True and doc["count"] == 2 and doc["truncated"] is False
    assert doc["ways"] == [
        {"pays": [{"source": "Forest", "mana": "{G}", "symbol": "{1}"},
                  {"source": "Snow-Covered Forest", "mana": "{G}", "symbol": "{S}"}]},
        {"pays": [{"source": "Island", "mana": "{U}", "symbol": "{1}"},
                  {"source": "Snow-Covered Forest", "mana": "{G}", "symbol": "{S}"}]},
    ]


def test_output_is_byte_for_byte_deterministic(capsys, board):
    a = run(capsys, "pay", "{1}{1}", board, "--json")[1]
    b = run(capsys, "pay", "{1}{1}", board, "--json")[1]
    assert a == b and json.loads(a)["count"] == 3


def test_player_with_count_limit(capsys, board):
    code, out, _ = run(capsys, "pay", "{S}", board, "--player", "Bob", "--json")
    assert code == 0 and json.loads(out)["count"] == 1
    code, out, _ = run(capsys, "pay", "{1}", board, "--with", "Forest, Island", "--count", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["count"] == 2 and doc["ways"] == []
    code, out, _ = run(capsys, "pay", "{1}", board, "--limit", "1", "--json")
    doc = json.loads(out)
    assert doc["truncated"] is True and doc["count"] == 1 and len(doc["ways"]) == 1


def test_unpayable_exits_1(capsys, board):
    code, out, _ = run(capsys, "pay", "{S}{S}", board)
    assert code == 1 and out.startswith("Alice cannot pay {S}{S}: 0 ways")


@pytest.mark.parametrize("argv,needle", [
    (("{Z}",), "not a mana symbol"),
    (("S1",), "not a mana cost"),
    (("{1}", "--player", "Carol"), "no player 'Carol'"),
    (("{1}", "--with", "Plains"), "no object called 'Plains'"),
    (("{1}", "--limit", "0"), "--limit"),
])
def test_bad_input_exits_2(capsys, board, argv, needle):
    code, out, err = run(capsys, "pay", argv[0], board, *argv[1:])
    assert code == 2 and needle in err and "Traceback" not in err
