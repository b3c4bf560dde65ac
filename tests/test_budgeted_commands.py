"""`mtgkb show`, `ask`, `why` and `pay` under the budget of `check` (mtgkb.commands_budgeted):
past `--timeout` the worker is killed, `ask`/`why` answer `undetermined` with the reason
and `show`/`pay` exit 2 naming the limit; within it the answer is the one an in-process
evaluation gives; the API's `budget=` is checked; Ctrl-C stops a budgeted command at once."""

from __future__ import annotations

import json
import sys

import pytest

from conftest import interrupt_when_workers_run, pid_running, run_mtgkb

from mtgkb.api import Budget, KnowledgeBase
from mtgkb.parallel import PHASES

# Two hundred targeting triggers at once: about a minute of stepping, far past 2 s.
PILE = """card:
  Spell Watcher {1}{G}
  Creature \u2014 Elf
  Whenever you cast a spell, target creature gets +1/+1 until end of turn.
  1/1

ruling "two hundred triggers"
  given:
    Alice controls 200 Spell Watchers.
    Alice controls Grizzly Bears.
    Alice has {G} in her mana pool.
    Alice casts Giant Growth targeting Grizzly Bears.
  expect:
    Grizzly Bears is 2/2.
"""

BEARS = """ruling "bears"
  given:
    Alice controls Grizzly Bears.
    Alice controls Forest.
  expect:
    Grizzly Bears is 2/2.
"""


@pytest.fixture
def pile(tmp_path):
    f = tmp_path / "pile.mtg"
    f.write_text(PILE, encoding="utf-8")
    return f


@pytest.fixture
def bears(tmp_path):
    f = tmp_path / "bears.mtg"
    f.write_text(BEARS, encoding="utf-8")
    return f


def _reason_ok(message: str) -> None:
    assert message.startswith("time limit of 2 s reached while "), message
    assert message.split(" while ")[1] in PHASES


def test_ask_past_its_time_limit_is_undetermined_with_the_reason(pile, tmp_path):
    p = run_mtgkb("ask", "--json", "--timeout", "2", str(pile), "Grizzly Bears is 2/2.", cwd=tmp_path)
    assert p.returncode == 0, p.stderr   # undetermined is exit 0 without --strict
    claim = json.loads(p.stdout)["claim"]
    assert claim["verdict"] == "undetermined"
    _reason_ok(claim["message"])
    strict = run_mtgkb("ask", "--strict", "--timeout", "2", str(pile), "Grizzly Bears is 2/2.", cwd=tmp_path)
    assert strict.returncode == 1 and strict.stdout.startswith("undetermined: Grizzly Bears is 2/2.")


def test_show_and_pay_past_their_time_limit_exit_2_naming_the_limit(pile, tmp_path):
    for argv in (["show", "--timeout", "2", str(pile)], ["pay", "--timeout", "2", "{G}", str(pile)]):
        p = run_mtgkb(*argv, cwd=tmp_path)
        assert p.returncode == 2, (argv, p.stdout, p.stderr)
        assert p.stdout == "" and "Traceback" not in p.stderr
        assert "time limit of 2 s reached while " in p.stderr and str(pile) in p.stderr


def test_within_the_budget_the_answers_are_the_in_process_ones(bears):
    kb = KnowledgeBase()
    budget = Budget(30.0)
    assert kb.ask(str(bears), "Grizzly Bears is 2/2.", budget=budget) == kb.ask(str(bears), "Grizzly Bears is 2/2.")
    assert kb.show(str(bears), budget=budget) == kb.show(str(bears))
    assert kb.why(str(bears), "Grizzly Bears is 3/3.", budget=budget).to_json() == \
        kb.why(str(bears), "Grizzly Bears is 3/3.").to_json()


def test_the_api_budget_is_checked(bears):
    kb = KnowledgeBase()
    with pytest.raises(TypeError):
        kb.ask(str(bears), "Grizzly Bears is 2/2.", budget=5)
    for bad in (Budget(float("nan")), Budget(-1.0), Budget(float("inf")), Budget(1.0, memory=1)):
        with pytest.raises(ValueError):
            kb.ask(str(bears), "Grizzly Bears is 2/2.", budget=bad)


def test_bad_input_under_a_budget_is_the_usual_positioned_error(tmp_path):
    f = tmp_path / "bad.mtg"
    f.write_text('ruling "x"\n  given:\n    Alice frobnicates Grizzly Bears.\n  expect:\n    Grizzly Bears is 2/2.\n',
                 encoding="utf-8")
    p = run_mtgkb("ask", "--timeout", "30", str(f), "Grizzly Bears is 2/2.", cwd=tmp_path)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert f"{f}:3:" in p.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_stops_a_budgeted_ask_at_once(pile, tmp_path):
    import time

    code, err, seconds, kids = interrupt_when_workers_run(["ask", "--timeout", "600", str(pile), "Grizzly Bears is 2/2."],
                                                          tmp_path, workers=1, start_within=120)
    assert seconds < 20
    assert code == 130, err
    assert "Traceback" not in err
    time.sleep(0.5)
    assert [k for k in kids if pid_running(k)] == []
