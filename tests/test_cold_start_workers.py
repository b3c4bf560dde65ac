"""Cold start of `mtgkb check`: the workers are forked from a process that has
already loaded what they need (when it can fork safely), else spawned; the output
is the same either way; a changed card-database choice is honoured in the same
process and in its forked workers."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

from mtgkb import carddb
from mtgkb.card_import import ENV

REPO = Path(__file__).resolve().parents[1]
RULINGS = "kb/rulings/foundation.mtg"


def _python(code: str, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    import os

    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=600, env=e)


_START = """
import json, sys, threading
from mtgkb import carddb, parallel
from mtgkb.parser import oracle
{before}
ctx = parallel._start_context(parallel.Budget(10){warm})
db = carddb._default[1] if carddb._default else None
print(json.dumps({{"method": ctx.get_start_method(),
                  "grammar_loaded": oracle._parser.cache_info().currsize == 1,
                  "names_loaded": db is not None and getattr(db, "_table", None) is not None}}))
"""


def test_a_single_threaded_process_forks_after_loading_what_workers_need():
    p = _python(_START.format(before="", warm=""))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == {"method": "fork", "grammar_loaded": True, "names_loaded": True}


def test_the_only_worker_of_a_pool_is_forked_without_loading_first():
    p = _python(_START.format(before="", warm=", warm=False"))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == {"method": "fork", "grammar_loaded": False, "names_loaded": False}


def test_a_process_with_another_thread_spawns_and_loads_nothing():
    before = "stop = threading.Event(); t = threading.Thread(target=stop.wait, daemon=True); t.start()"
    p = _python(_START.format(before=before, warm=""))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == {"method": "spawn", "grammar_loaded": False, "names_loaded": False}


_CHECK = """
import multiprocessing, sys
from mtgkb import parallel
mode = sys.argv[1]
real = parallel._start_context
used = []
def start(budget, warm=True):
    ctx = multiprocessing.get_context("spawn") if mode == "spawn" else real(budget, warm)
    used.append(ctx.get_start_method())
    return ctx
parallel._start_context = start
print("written before the check, not flushed", end=" ")
from mtgkb.cli import main
code = main(sys.argv[2:])
sys.stdout.flush()
print("start methods:", sorted(set(used)), file=sys.stderr)
sys.exit(code)
"""


def test_forked_and_spawned_workers_give_the_same_output():
    args = ["check", RULINGS, "-k", "Grizzly Bears with two", "--jobs", "2", "--format", "json"]
    forked = _python(_CHECK, "fork", *args)
    spawned = _python(_CHECK, "spawn", *args)
    assert "start methods: ['fork']" in forked.stderr, forked.stderr
    assert "start methods: ['spawn']" in spawned.stderr, spawned.stderr
    assert forked.returncode == spawned.returncode == 0, (forked.stderr, spawned.stderr)
    assert forked.stdout == spawned.stdout
    # the parent's unflushed output is written once, not again by each forked worker as it ends
    assert forked.stdout.count("written before the check") == 1
    doc = json.loads(forked.stdout.removeprefix("written before the check, not flushed "))
    assert [r["status"] for r in doc["results"]] == ["passed"]


def test_a_text_check_forked_matches_one_spawned_with_several_rulings():
    args = ["check", RULINGS, "--jobs", "2"]
    forked = _python(_CHECK, "fork", *args)
    spawned = _python(_CHECK, "spawn", *args)
    assert "start methods: ['fork']" in forked.stderr
    assert forked.returncode == spawned.returncode
    assert forked.stdout == spawned.stdout
    assert forked.stdout.count("PASS") >= 2


def _tiny_database(path: Path) -> Path:
    rec = {"name": "Tiny Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}",
           "oracle_text": "", "power": "2", "toughness": "2", "colors": ["G"]}
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps(rec) + "\n")
    return path


def test_a_changed_card_database_choice_is_honoured_in_the_same_process(tmp_path, monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    embedded = carddb.default_database()
    assert carddb.default_database() is embedded          # kept while the choice is the same
    assert "Grizzly Bears" in embedded
    monkeypatch.setenv(ENV, str(_tiny_database(tmp_path / "tiny.jsonl.gz")))
    tiny = carddb.default_database()
    assert tiny is not embedded
    assert "Tiny Test Bear" in tiny and "Grizzly Bears" not in tiny
    monkeypatch.delenv(ENV)
    assert "Grizzly Bears" in carddb.default_database()
