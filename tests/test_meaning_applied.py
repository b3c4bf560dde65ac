"""Applied vs unread (mtgkb/rules/meaning.lp): every printed ability is applied when rules.lp
gives it a meaning, and unread otherwise -- no third state; `mtgkb parse --json` and
`mtgkb coverage` report it."""

from __future__ import annotations

import json

import pytest
from clingo import Function, Number, String

from mtgkb.coverage import applied_summary, coverage, derive


@pytest.fixture(scope="module")
def db():
    from mtgkb.carddb import default_database

    return default_database()


def _ab(name: str, i: int):
    return Function("ab", [String(name), Number(i)])


KNOWN = [
    ("Giant Growth", 1, True),            # spell: target creature gets +3/+3 until end of turn
    ("Obstinate Baloth", 1, True),        # enters trigger: gain 4 life (life totals untracked, read)
    ("Obstinate Baloth", 2, True),        # the discard replacement (614.6)
    ("Hooded Hydra", 1, True),            # enters with X +1/+1 counters (614.1c)
    ("Hooded Hydra", 4, True),            # as it is turned face up, five +1/+1 counters (614.1e)
    ("Littjara Glade-Warden", 2, True),   # activated: {T}, exile a creature card; sorcery speed
    ("Orvar, the All-Form", 1, True),     # changeling (702.73)
    ("Humility", 1, True),                # characteristic static (613)
    ("Llanowar Elves", 1, True),          # mana ability (605.1a)
    ("Clone", 1, True),                   # enters as a copy (707.9)
    ("Twin Bolt", 1, True),               # divided damage (601.2d): mtgkb/rules/meaning_fight.lp
    ("Chameleon Colossus", 2, False),     # protection from black: not used by rules.lp
    ("Phantasmal Image", 1, False),       # grants a quoted triggered ability rules.lp does not read
    ("Detritivore", 1, False),            # characteristic-defining P/T (cda_pt): not applied
    ("Kinnan, Bonder Prodigy", 2, False),  # look at the top five cards ...
]


@pytest.fixture(scope="module")
def known(db):
    faces = {n: db.face(n) for n, _, _ in KNOWN}
    atoms, stats = derive(list(faces.values()), frozenset({"applied", "unread", "unread_kind"}))
    return {str(a) for a in atoms}


@pytest.mark.parametrize("name,i,applied", KNOWN, ids=[f"{n} {i}" for n, i, _ in KNOWN])
def test_known_abilities(known, name, i, applied):
    A = _ab(name, i)
    assert (f"applied({A})" in known) is applied
    assert (f"unread({A})" in known) is (not applied)
    if not applied:
        assert any(x.startswith(f"unread_kind({A},") for x in known)


def test_no_third_state(db):
    faces = [db.face(n) for n in db.names()[::97]]
    faces = list({f.name: f for f in faces if f is not None}.values())
    atoms, stats = derive(faces, frozenset({"applied", "unread", "unread_kind"}))
    assert stats["timed_out_chunks"] == 0
    # printed abilities ab(F, I); a quoted ability q(A, K) (mtgkb/quoted_facts.py) is applied or unread likewise
    applied = {str(a.arguments[0]) for a in atoms if a.name == "applied" and a.arguments[0].name == "ab"}
    unread = {str(a.arguments[0]) for a in atoms if a.name == "unread" and a.arguments[0].name == "ab"}
    kinds = {str(a.arguments[0]) for a in atoms if a.name == "unread_kind" and a.arguments[0].name == "ab"}
    every = {str(_ab(f.name, i)) for f in faces for i in range(1, len(f.abilities) + 1)}
    assert applied | unread == every
    assert not applied & unread
    assert kinds == unread
    quoted_applied = {str(a.arguments[0]) for a in atoms if a.name == "applied" and a.arguments[0].name == "q"}
    quoted_unread = {str(a.arguments[0]) for a in atoms if a.name == "unread" and a.arguments[0].name == "q"}
    assert not quoted_applied & quoted_unread


def test_obstinate_baloth_wordings(tmp_path, capsys):
    from mtgkb.cli import main

    p = tmp_path / "baloths.txt"
    p.write_text(
        "Obstinate Baloth {2}{G}{G}\nCreature — Beast\n"
        "If a spell or ability an opponent controls causes you to discard Obstinate Baloth, put it onto the "
        "battlefield instead of putting it into your graveyard.\n4/4\n\n"
        "Stubborn Baloth {2}{G}{G}\nCreature — Beast\n"
        "If a spell or ability an opponent controls causes you to discard Stubborn Baloth, put it onto the "
        "battlefield instead of putting it into its owner's graveyard.\n4/4\n\n"
        "Exiled Baloth {2}{G}{G}\nCreature — Beast\n"
        "If a spell or ability an opponent controls causes you to discard Exiled Baloth, exile it instead.\n4/4\n",
        encoding="utf-8")
    assert main(["parse", "--json", str(p)]) == 0
    doc = json.loads(capsys.readouterr().out)
    got = {c["name"]: [a["applied"] for a in c["abilities"]] for c in doc["cards"]}
    assert got == {"Obstinate Baloth": [True], "Stubborn Baloth": [False], "Exiled Baloth": [False]}
    assert main(["parse", str(p)]) == 0
    out = capsys.readouterr().out
    assert "[replacement, unread]" in out and out.count("unread") == 2


def test_coverage_reports_applied(db):
    from mtgkb.parser.cardjson import card_from_json

    cards = [card_from_json({"name": "Giant Growth", "type_line": "Instant",
                             "oracle_text": "Target creature gets +3/+3 until end of turn."}),
             card_from_json({"name": "Syphon Soul", "type_line": "Sorcery",
                             "oracle_text": "Syphon Soul deals 2 damage to each other player. "
                                            "You gain life equal to the damage dealt this way."}),
             card_from_json({"name": "X", "type_line": "Instant", "oracle_text": "Frobnicate."})]
    doc = coverage(cards, applied=True)
    ap = doc["applied"]
    assert doc["fully_understood"] == 2 and ap["cards_fully_applied"] == 1
    assert ap["by_kind"]["spell"] == {"abilities": 2, "understood": 2, "applied": 1}
    assert ap["by_kind"]["unsupported"] == {"abilities": 1, "understood": 0, "applied": 0}
    assert applied_summary(cards)["applied_abilities"] == 1
