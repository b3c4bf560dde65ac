"""Byte mutations of the shipped rulings and of small card texts, through the scenario
and card parsers: bad input is a ParseError (exit 2 with a position), never any other
exception (which the command line reports as an internal error, exit 3).
Derandomized and bounded (about 30 s in all on an idle machine); MTGKB_FUZZ_EXAMPLES
(default 120) sets how many inputs each test draws.  tests/test_fuzz_scenarios.py
checks generated and mutated rulings through the whole pipeline."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO

from mtgkb.cardfiles import load_cards
from mtgkb.parser.errors import ParseError
from mtgkb.parser.frame import parse_card_text
from mtgkb.parser.scenario import parse_scenario
from mtgkb.sources import decode

RULINGS = sorted((REPO / "kb" / "rulings").rglob("*.mtg"))

CARDS = [
    "Grizzly Bears {1}{G}\nCreature \u2014 Bear\n2/2\n",
    "Llanowar Elves {G}\nCreature \u2014 Elf Druid\n{T}: Add {G}.\n1/1\n",
    "Giant Growth {G}\nInstant\nTarget creature gets +3/+3 until end of turn.\n",
    "Spell Watcher {1}{G}\nCreature \u2014 Elf\nWhenever you cast a spell, target creature gets +1/+1 "
    "until end of turn.\n1/1\n",
    "Glorious Anthem {1}{W}{W}\nEnchantment\nCreatures you control get +1/+1.\n",
    "Serra Angel {3}{W}{W}\nCreature \u2014 Angel\nFlying, vigilance\n4/4\n",
]

# Bytes a mutation puts in: the language's own punctuation and words' first letters,
# digits, braces, line ends, bytes that are not UTF-8 or not printable, and JSON's own.
NOISE = st.sampled_from([b"{", b"}", b"/", b".", b",", b":", b"\"", b"#", b" ", b"\n", b"\t", b"9", b"0",
                         b"99999999999", b"-", b"+", b"A", b"x", b"\x00", b"\x1b", b"\xff", b"\xc3",
                         b"\xe2\x80\x94", b"ruling ", b"given:", b"expect:", b"card:", b"controls ",
                         b"targeting ", b"\r", "\u2028".encode("utf-8"),
                         # and JSON's: brackets, literals, escapes of controls and surrogates, big numbers
                         b"[", b"]", b"null", b"true", b"1e400", b"2147483648", b"\\u0000", b"\\ud800", b"\\n"])


@st.composite
def mutated(draw, sources: list[bytes]):
    data = bytearray(draw(st.sampled_from(sources)))
    for _ in range(draw(st.integers(1, 6))):
        if not data:
            data += draw(NOISE)
            continue
        at = draw(st.integers(0, len(data) - 1))
        how = draw(st.sampled_from(["replace", "insert", "delete", "duplicate", "truncate"]))
        if how == "replace":
            data[at:at + 1] = draw(NOISE)
        elif how == "insert":
            data[at:at] = draw(NOISE)
        elif how == "delete":
            del data[at:at + draw(st.integers(1, 40))]
        elif how == "duplicate":
            end = min(len(data), at + draw(st.integers(1, 80)))
            data[at:at] = data[at:end]
        else:
            del data[at:]
    return bytes(data)


@pytest.fixture(scope="module")
def names():
    from mtgkb.carddb import default_database

    return default_database().name_table()


def _ruling_blocks() -> list[bytes]:
    """Each shipped ruling file, cut to its first few blocks (so one parse stays short)."""
    out = []
    for p in RULINGS:
        text = p.read_text(encoding="utf-8")
        parts = text.split("\nruling ")
        out.append(("\nruling ".join(parts[:3])).encode("utf-8"))
    return out


SETTINGS = settings(max_examples=int(os.environ.get("MTGKB_FUZZ_EXAMPLES", "120")), derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


@SETTINGS
@given(data=mutated(_ruling_blocks()))
def test_mutated_rulings_parse_or_give_a_parse_error(names, data):
    try:
        parse_scenario(decode(data, "fuzz.mtg"), file="fuzz.mtg", known_names=names)
    except ParseError as e:
        assert e.line >= 1 and e.column >= 1


@SETTINGS
@given(data=mutated([c.encode("utf-8") for c in CARDS]))
def test_mutated_card_texts_parse_or_give_a_parse_error(data):
    try:
        text = decode(data, "fuzz.txt")
        parse_card_text(text, file="fuzz.txt")
    except ParseError as e:
        assert e.line >= 1 and e.column >= 1


@SETTINGS
@given(data=mutated([("card:\n" + "".join("  " + ln + "\n" for ln in c.splitlines())
                      + '\nruling "fuzz"\n  given:\n    Alice controls Grizzly Bears.\n  expect:\n'
                      "    Grizzly Bears is 2/2.\n").encode("utf-8") for c in CARDS]))
def test_mutated_card_blocks_in_rulings_parse_or_give_a_parse_error(names, data):
    try:
        parse_scenario(decode(data, "fuzz.mtg"), file="fuzz.mtg", known_names=names)
    except ParseError as e:
        assert e.line >= 1 and e.column >= 1


JSON_CARDS = [
    {"name": "Grizzly Bears", "mana_cost": "{1}{G}", "type_line": "Creature \u2014 Bear", "oracle_text": "",
     "power": "2", "toughness": "2", "colors": ["G"]},
    {"name": "Fire // Ice", "type_line": "Instant // Instant", "card_faces": [
        {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant",
         "oracle_text": "Fire deals 2 damage divided as you choose among one or two targets."},
        {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant",
         "oracle_text": "Tap target permanent.\nDraw a card."}]},
    {"name": "Jace, the Mind Sculptor", "mana_cost": "{2}{U}{U}", "type_line": "Legendary Planeswalker \u2014 Jace",
     "oracle_text": "+2: Look at the top card of target player's library.", "loyalty": "3"},
]


@pytest.fixture(scope="module")
def card_file_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz-cards")


@SETTINGS
@given(data=mutated([json.dumps(JSON_CARDS).encode("utf-8"),
                     "\n".join(json.dumps(c) for c in JSON_CARDS).encode("utf-8")]),
       suffix=st.sampled_from([".json", ".jsonl"]))
def test_mutated_card_json_loads_or_gives_a_parse_error(card_file_dir, data, suffix):
    path = card_file_dir / f"fuzz{suffix}"
    path.write_bytes(data)
    try:
        load_cards(str(path))
    except ParseError as e:
        assert e.line >= 1 and e.column >= 1


def test_the_mutations_reach_both_outcomes(names):
    """The fuzzing can fail: an unmutated ruling parses, a broken one is a ParseError."""
    good = _ruling_blocks()[0]
    parse_scenario(decode(good, "ok.mtg"), file="ok.mtg", known_names=names)
    with pytest.raises(ParseError):
        parse_scenario(decode(good.replace(b"given:", b"givne:", 1), "bad.mtg"), file="bad.mtg", known_names=names)
