"""`mtgkb cards import`: a current MTGJSON AtomicCards.json or Scryfall oracle-cards file
becomes a card database in the user data directory, chosen with `--cards` on any command
(the embedded database stays the default).  Ad hoc cards in current Oracle wording
("enters" without "the battlefield", "this creature", "Kindred")."""

from __future__ import annotations

import gzip
import json

import pytest

from conftest import run_main_captured, run_mtgkb

WURM_TEXT = "When this creature enters, put a +1/+1 counter on this creature."
ATOMIC = {"meta": {"version": "5.2.2", "date": "2026-11-20"}, "data": {
    "Testing Wurm": [{"name": "Testing Wurm", "manaCost": "{4}{G}", "type": "Kindred Creature — Wurm",
                      "text": WURM_TEXT, "power": "5", "toughness": "5", "colors": ["G"], "layout": "normal"}],
    "Day Side // Night Side": [
        {"name": "Day Side // Night Side", "faceName": "Day Side", "manaCost": "{2}{R}", "type": "Creature — Human Werewolf",
         "text": "", "power": "2", "toughness": "2", "colors": ["R"], "layout": "transform", "side": "a"},
        {"name": "Day Side // Night Side", "faceName": "Night Side", "type": "Creature — Werewolf", "text": "",
         "power": "4", "toughness": "4", "colors": ["R"], "layout": "transform", "side": "b"}]}}
SCRYFALL = [
    {"object": "card", "name": "Testing Wurm", "layout": "normal", "mana_cost": "{4}{G}",
     "type_line": "Kindred Creature — Wurm", "oracle_text": WURM_TEXT, "power": "5", "toughness": "5", "colors": ["G"]},
    {"object": "card", "name": "Goblin", "layout": "token", "type_line": "Token Creature — Goblin", "oracle_text": "",
     "power": "1", "toughness": "1"},
    {"object": "card", "name": "Fire // Ice", "layout": "split", "mana_cost": "{1}{R} // {1}{U}",
     "type_line": "Instant // Instant", "card_faces": [
         {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant",
          "oracle_text": "Fire deals 2 damage divided as you choose among one or two targets."},
         {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant", "oracle_text": "Tap target permanent.\nDraw a card."}]}]
RULING = """ruling "A current-wording card from an imported database"
  about: Testing Wurm
  cites: 603.6a, 122.1a
  given:
    Alice has {G}{G}{G}{G}{G} in her mana pool.
    Alice casts Testing Wurm.
    Testing Wurm resolves.
    Testing Wurm's triggered ability resolves.
  expect:
    Testing Wurm is 6/6.
    Testing Wurm is a Wurm.
"""


@pytest.fixture
def home(tmp_path):
    (tmp_path / "AtomicCards.json").write_text(json.dumps(ATOMIC), encoding="utf-8")
    (tmp_path / "oracle-cards.json").write_text(json.dumps(SCRYFALL), encoding="utf-8")
    (tmp_path / "w.mtg").write_text(RULING, encoding="utf-8")
    return tmp_path, {"XDG_DATA_HOME": str(tmp_path / "data")}


@pytest.fixture
def run_in(home, monkeypatch):
    """`mtgkb ARGV` in this process, in the home folder with its environment (and no
    MTGKB_CARDS but what ENV gives; `--cards` sets it for the workers, undone after the
    test): CompletedProcess-like (returncode, stdout, stderr).  The import and check
    through fresh processes are tested by test_import_mtgjson_and_check_with_it."""
    import subprocess

    from mtgkb.card_import import ENV

    d, env = home
    monkeypatch.chdir(d)

    def run(*argv, env=env):
        with monkeypatch.context() as m:
            m.setenv(ENV, "")   # recorded as it was (unset or not): the undo removes what --cards sets
            m.delenv(ENV)
            for k, v in env.items():
                m.setenv(k, v)
            rc, out, err = run_main_captured(list(argv))
        return subprocess.CompletedProcess(list(argv), rc, out, err)

    return run


def test_import_mtgjson_and_check_with_it(home):
    d, env = home
    p = run_mtgkb("cards", "import", str(d / "AtomicCards.json"), "--name", "atomic", cwd=d, env=env)
    assert p.returncode == 0, p.stderr
    assert "imported 2 cards (3 faces) as 'atomic'" in p.stdout
    db = d / "data" / "mtgkb" / "cards" / "atomic.jsonl.gz"
    recs = [json.loads(x) for x in gzip.open(db, "rt", encoding="utf-8")]
    assert [(r["name"], r["face_name"]) for r in recs] == [
        ("Testing Wurm", None), ("Day Side // Night Side", "Day Side"), ("Day Side // Night Side", "Night Side")]
    p = run_mtgkb("check", "w.mtg", "--cards", "atomic", cwd=d, env=env)
    assert p.returncode == 0 and "1 rulings: 1 passed" in p.stdout, p.stdout + p.stderr
    # the same file with the embedded database: the card is unknown (a positioned error)
    p = run_mtgkb("check", "w.mtg", cwd=d, env=env)
    assert p.returncode == 2 and "w.mtg:6:17: error: unknown card" in p.stderr


def test_import_scryfall_leaves_tokens_out_and_reads_faces(home, run_in):
    d, env = home
    p = run_in("cards", "import", str(d / "oracle-cards.json"), "--name", "scry", "--json")
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert (doc["cards"], doc["faces"], doc["skipped"]) == (2, 3, {"token": 1})
    p = run_in("cards", "list")
    assert "scry: " in p.stdout and "embedded:" in p.stdout
    # the file itself can be given to --cards, and the environment variable chooses too
    p = run_in("check", "w.mtg", "--cards", doc["path"])
    assert p.returncode == 0 and "1 rulings: 1 passed" in p.stdout, p.stdout + p.stderr
    p = run_in("check", "w.mtg", env={**env, "MTGKB_CARDS": "scry"})
    assert p.returncode == 0 and "1 rulings: 1 passed" in p.stdout, p.stdout + p.stderr
    # and without either, the embedded database: the card is unknown
    p = run_in("check", "w.mtg")
    assert p.returncode == 2 and "w.mtg:6:17: error: unknown card" in p.stderr


def test_import_is_deterministic(home, run_in):
    d, env = home
    for name in ("a", "b"):
        assert run_in("cards", "import", str(d / "AtomicCards.json"), "--name", name).returncode == 0
    cards = d / "data" / "mtgkb" / "cards"
    assert (cards / "a.jsonl.gz").read_bytes() == (cards / "b.jsonl.gz").read_bytes()


@pytest.mark.parametrize("argv, message", [
    (("check", "w.mtg", "--cards", "nope"), "no card database 'nope'"),
    (("cards", "import", "w.mtg"), "w.mtg:1:1: error: not JSON"),
    (("cards", "import", "AtomicCards.json", "--name", "../x"), "is not a plain name"),
])
def test_errors(run_in, argv, message):
    p = run_in(*argv)
    assert p.returncode == 2 and message in p.stderr, p.stderr
    assert "Traceback" not in p.stderr


def test_in_process_runs_leave_the_environment_as_it_was(home, run_in):
    import os

    from mtgkb.card_import import ENV

    before = os.environ.get(ENV)
    d, _ = home
    assert run_in("cards", "import", str(d / "AtomicCards.json"), "--name", "atomic").returncode == 0
    assert run_in("check", "w.mtg", "--cards", "atomic").returncode == 0
    assert os.environ.get(ENV) == before
