"""Honest verdicts: text the engine gives no meaning never settles a claim, and a scenario the
rules do not allow is an error naming the rule.  Each case is a wrong verdict the engine once
gave (a spell resolving as a no-op, a replacement read from the wrong wording, a choice accepted
and ignored, a target that could not be chosen)."""

from __future__ import annotations

import pytest

from mtgkb.check import check_paths
from mtgkb.parser.errors import ParseError

BOARD = "Alice controls Grizzly Bears.\nBob controls Hill Giant.\nIt is Alice's turn."
BALOTH_LIKE = """  card:
    Stubborn Test Baloth {2}{G}{G}
    Creature — Beast
    If a spell or ability an opponent controls causes you to discard Stubborn Test Baloth, {rest}
    4/4
"""


def _check(tmp_path, given: str, expect: str, card: str = ""):
    f = tmp_path / "s.mtg"
    f.write_text('ruling "s"\n' + card + "  given:\n" + "".join(f"    {g}\n" for g in given.splitlines())
                 + "  expect:\n" + "".join(f"    {e}\n" for e in expect.splitlines()), encoding="utf-8")
    report, errors = check_paths([str(f)])
    assert errors == []
    (r,) = report.results
    return r


@pytest.mark.parametrize("spell,cast", [
    ("About Face", "Alice has {R} in her mana pool.\nAlice casts About Face targeting Hill Giant."),
    ("Extinction", "Alice has {B}{B}{B}{B}{B} in her mana pool.\nAlice casts Extinction."),
    ("Wild Swing", "Alice has {R}{R}{R}{R} in her mana pool.\nAlice casts Wild Swing."),
    ("Rolling Thunder", "Alice has {R}{R}{R}{R}{R}{R} in her mana pool.\nAlice casts Rolling Thunder with X = 3."),
    ("Channel", "Alice has {G}{G} in her mana pool.\nAlice casts Channel."),
])
def test_an_unread_spell_settles_nothing(tmp_path, spell, cast):
    r = _check(tmp_path, f"{BOARD}\n{cast}\n{spell} resolves.",
               "Hill Giant is on the battlefield.\nGrizzly Bears is 2/2.\nHill Giant is 3/3.")
    assert [c.verdict for c in r.claims] == ["undetermined"] * 3, [(c.verdict, c.message) for c in r.claims]
    assert all(spell in c.message for c in r.claims)


@pytest.mark.parametrize("rest", [
    "put it onto the battlefield instead of putting it into its owner's graveyard.",
    "exile it instead.",
])
def test_a_replacement_read_from_another_wording_is_unread(tmp_path, rest):
    r = _check(tmp_path, "Stubborn Test Baloth is in Alice's hand.\nIt is Bob's turn.\nBob has {B}{B}{B} in his mana pool."
               "\nBob casts Mind Rot targeting Alice.\n"
               "Mind Rot resolves and Alice discards Stubborn Test Baloth.",
               "Stubborn Test Baloth is on the battlefield.\nStubborn Test Baloth is in Alice's graveyard.",
               card=BALOTH_LIKE.replace("{rest}", rest))
    assert [c.verdict for c in r.claims] == ["undetermined"] * 2, [(c.verdict, c.message) for c in r.claims]


def test_protection_leaves_the_choice_of_target_unsettled(tmp_path):
    # Chameleon Colossus has protection from black: 702.16 is not applied yet, so nothing is settled
    r = _check(tmp_path, "Alice controls Chameleon Colossus.\nBob has {B}{B} in his mana pool.\nBob casts Nameless Inversion targeting "
               "Chameleon Colossus.\nNameless Inversion resolves.", "Chameleon Colossus is 7/1.")
    assert r.claims[0].verdict == "undetermined"


@pytest.mark.parametrize("given,rule", [
    ("Alice controls Forest.\nAlice has {G}{G}{G} in her mana pool.\nAlice casts Might of Oaks.", "601.2c"),
    ("Alice controls Forest.\nAlice controls Grizzly Bears.\nAlice has {G}{G}{G} in her mana pool.\n"
     "Alice casts Might of Oaks targeting Forest.", "601.2c"),
    ("Alice controls Forest.\nVulshok Heartstoker enters under Alice's control.\n"
     "Vulshok Heartstoker's triggered ability resolves, choosing Forest.", "603.3d"),
    ("Alice controls Grizzly Bears.\nGrizzly Bears dies.\n"
     "Clone enters under Alice's control as a copy of Grizzly Bears.", "707.5"),
])
def test_what_the_rules_do_not_allow_is_an_error_naming_the_rule(tmp_path, given, rule):
    r = _check(tmp_path, given, "Alice controls 0 permanents named Clone.")
    assert r.error is not None and rule in r.error, r.error


@pytest.mark.parametrize("given,rule", [
    ("Alice controls Grizzly Bears.\nAlice has {R}{R}{R}{R} in her mana pool.\nAlice casts Hill Giant.\n"
     "Hill Giant resolves, choosing Grizzly Bears.", "608.2"),
    ("Alice controls Forest.\nAlice has {U}{U}{U} in her mana pool.\nAlice casts Clone.\n"
     "Clone resolves, choosing Forest.", "707.5"),
])
def test_a_choice_the_rules_do_not_ask_for_is_bad_input(tmp_path, given, rule):
    f = tmp_path / "s.mtg"
    f.write_text('ruling "s"\n  given:\n' + "".join(f"    {g}\n" for g in given.splitlines())
                 + "  expect:\n    Alice controls 0 permanents named Clone.\n", encoding="utf-8")
    report, errors = check_paths([str(f)])
    # bad input found while the block is evaluated: the ruling is an error result carrying it
    (r,) = report.results
    assert errors == [] and r.status == "error" and r.input_error is not None
    e = ParseError(**r.input_error)
    assert rule in str(e) and e.line == len(given.splitlines()) + 2 and rule in r.error
