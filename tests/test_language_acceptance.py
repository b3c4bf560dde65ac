"""The acceptance set of the scenario language: every example sentence of the shared
language draft (state, events, characteristic, mana and trigger claims) parses.
The sentences are in tests/data/language_events.mtg and language_claims.mtg, in the
order a scenario needs them (objects first)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgkb.carddb import default_database
from mtgkb.parser.scenario import parse_scenario

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("name", ["language_events.mtg", "language_claims.mtg"])
def test_every_example_sentence_parses(name):
    path = DATA / name
    text = path.read_text(encoding="utf-8")
    sf = parse_scenario(text, file=str(path), known_names=default_database().name_table())
    sentences = [l.strip() for l in text.splitlines()
                 if l.startswith("    ") and l.strip() and not l.strip().startswith("#")]
    parsed = [s.text for b in sf.blocks for s in b.given] + [c.text for b in sf.blocks for c in b.expect]
    assert len(parsed) == len(sentences)
    assert [p.rstrip(".") for p in parsed] == [s.rstrip(".") for s in sentences]


def test_event_sentences_mean_what_they_say():
    sf = parse_scenario((DATA / "language_events.mtg").read_text(encoding="utf-8"), file="events",
                        known_names=default_database().name_table())
    kinds = {s.text: (s.kind, s.args) for b in sf.blocks for s in b.given}
    kind, args = kinds["Coldsteel Heart enters under Alice's control, choosing green."]
    assert kind == "enters" and args["player"] == "Alice" and str(args["choices"][0]) == "color(g)"
    kind, args = kinds["Moritte of the Frost enters under Alice's control as a copy of Grizzly Bears."]
    assert kind == "enters" and args["copy_of"] == "Grizzly Bears"
    kind, args = kinds["Alice casts Abrade choosing mode 1 targeting Grizzly Bears, paying from her mana pool."]
    assert kind == "tl_cast" and args["modes"] == (1,) and args["targets"] == (("obj", "Grizzly Bears"),)
    kind, args = kinds["Alice casts Twin Bolt #2 targeting Grizzly Bears and Bob, dividing 1 and 1, paying from her mana pool."]
    assert kind == "tl_cast" and args["division"] == (1, 1) and args["targets"] == (("obj", "Grizzly Bears"), ("player", "Bob"))
    kind, args = kinds["Llanowar Elves becomes a Zombie."]
    assert kind == "effect" and [str(e) for e in args["effects"]] == ['set_creature_types("Zombie")']
    kind, args = kinds["Llanowar Elves becomes an artifact in addition to its other types."]
    assert [str(e) for e in args["effects"]] == ["add_type(card_type(artifact))"]
    kind, args = kinds["Until end of turn, Changeling Outcast loses all abilities."]
    assert [str(e) for e in args["effects"]] == ["lose_all_abilities"] and args["duration"] == "end_of_turn"
