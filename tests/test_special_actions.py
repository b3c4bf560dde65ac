"""Special actions (116), face-down permanents (708) and state-based actions between
events (704.3) in the timeline.  The checks in kb/rulings/triggers-special-
actions.mtg cover the outcomes; these tests cover the sentence forms, the errors of a
special action that cannot be taken, and honesty where X is not given."""

from __future__ import annotations

import pytest

from mtgkb.check import check_paths
from mtgkb.parser.scenario import parse_scenario


def _block(given: str, expect: str = "No token is created."):
    text = 'ruling "t"\n  given:\n' + "".join(f"    {g}\n" for g in given.splitlines()) + \
        "  expect:\n" + "".join(f"    {e}\n" for e in expect.splitlines())
    names = ("Warbreak Trumpeter", "Detritivore", "Grizzly Bears", "Rift Bolt")
    return parse_scenario(text, file="t.mtg", known_names=lambda: names).blocks[0]


def _check(tmp_path, given: str, expect: str):
    f = tmp_path / "s.mtg"
    f.write_text('ruling "s"\n  given:\n' + "".join(f"    {g}\n" for g in given.splitlines())
                 + "  expect:\n" + "".join(f"    {e}\n" for e in expect.splitlines()), encoding="utf-8")
    report, errors = check_paths([str(f)])
    assert errors == []
    (r,) = report.results
    return r


def test_face_down_state_sentence():
    b = _block("Alice controls a face-down Warbreak Trumpeter.")
    (spec,) = b.given[0].args["objects"]
    assert spec.face_down and spec.card == "Warbreak Trumpeter" and spec.handle == "Warbreak Trumpeter"
    b = _block("Alice controls Warbreak Trumpeter.")
    assert not b.given[0].args["objects"][0].face_down


@pytest.mark.parametrize("sentence,args", [
    ("Alice turns Warbreak Trumpeter face up with X = 2.",
     {"action": "turn_face_up", "player": "Alice", "object": "Warbreak Trumpeter", "x": 2}),
    ("Alice turns Warbreak Trumpeter face up.", {"action": "turn_face_up", "x": None}),
    ("Alice suspends Detritivore with X = 3.", {"action": "suspend", "object": "Detritivore", "x": 3}),
])
def test_special_action_sentences(sentence, args):
    b = _block("Alice controls a face-down Warbreak Trumpeter.\nDetritivore is in Alice's hand.\n" + sentence)
    s = b.given[-1]
    assert s.kind == "tl_special"
    for k, v in args.items():
        assert s.args[k] == v, (k, s.args)


def test_face_down_claims():
    b = _block("Alice controls a face-down Warbreak Trumpeter.",
               "Warbreak Trumpeter is face down.\nWarbreak Trumpeter is face-up.\nWarbreak Trumpeter is not face down.")
    assert [str(c.queries[0]) for c in b.expect] == ['face_down(h("Warbreak Trumpeter"))',
                                                     'face_up(h("Warbreak Trumpeter"))',
                                                     'face_down(h("Warbreak Trumpeter"))']
    assert [c.negated for c in b.expect] == [False, False, True]


@pytest.mark.parametrize("given,message", [
    ("Alice controls a face-down Grizzly Bears.\nAlice turns Grizzly Bears face up.", "no morph cost (702.37e)"),
    ("Alice controls Warbreak Trumpeter.\nAlice turns Warbreak Trumpeter face up with X = 1.",
     "not a face-down permanent"),
    ("Bob controls a face-down Warbreak Trumpeter.\nAlice turns Warbreak Trumpeter face up with X = 1.",
     "not a face-down permanent Alice controls"),
    ("Detritivore is in Alice's hand.\nAlice suspends Detritivore with X = 0.", "X can't be 0"),
    ("Detritivore is in Alice's hand.\nAlice suspends Detritivore.", "must be said"),
    ("Grizzly Bears is in Alice's hand.\nAlice suspends Grizzly Bears.", "no suspend (702.62a)"),
    ("Detritivore is in Alice's graveyard.\nAlice suspends Detritivore with X = 2.", "not in Alice's hand"),
])
def test_special_action_that_cannot_be_taken_is_an_error_with_its_rule(tmp_path, given, message):
    r = _check(tmp_path, given, "No token is created.")
    assert r.error is not None and message in r.error, r.error
    assert [c.verdict for c in r.claims] == ["error"]


@pytest.mark.parametrize("given,expect,verdicts", [
    pytest.param("Rift Bolt is in Alice's hand.\nAlice suspends Rift Bolt.",
                 "Rift Bolt has one time counter.\nRift Bolt is in Alice's exile.", ["holds", "holds"],
                 id="suspend-n-uses-the-printed-number"),
    # Warbreak Trumpeter turned face up without saying X: how many Goblins is not settled
    pytest.param("Alice controls a face-down Warbreak Trumpeter.\nAlice turns Warbreak Trumpeter face up.\n"
                 "Warbreak Trumpeter's triggered ability resolves.",
                 "No token is created.\nAlice controls 2 permanents named Goblin Token.", ["undetermined"] * 2,
                 id="x-not-given-for-an-ability-that-uses-it-is-undetermined"),
    # one pipeline: claims are read when a player would receive priority, after 704.3 (no events needed)
    pytest.param("Alice controls Grizzly Bears.\nGrizzly Bears gets -2/-2.",
                 "Grizzly Bears is 0/0.\nNo permanent is put into a graveyard.\n"
                 "Grizzly Bears is in Alice's graveyard.\nGrizzly Bears is not on the battlefield.",
                 ["fails", "fails", "holds", "holds"],
                 id="state-based-actions-apply-without-events"),
    # casting the card when the last time counter is removed (702.62a) is not applied: not guessed
    pytest.param("Detritivore is in Alice's hand.\nAlice suspends Detritivore with X = 1.\n"
                 "Alice's upkeep begins.\nDetritivore's suspend ability resolves.",
                 "Detritivore has no time counters.", ["undetermined"], id="last-time-counter-removed-is-undetermined"),
    pytest.param("Detritivore is in Alice's hand.\nAlice suspends Detritivore with X = 3.\nBob's upkeep begins.",
                 "Detritivore has three time counters.", ["holds"], id="another-players-upkeep-removes-nothing"),
    # Detritivore's "destroy target nonbasic land" is read: its target is chosen as it goes on the stack
    pytest.param("Bob controls Dryad Arbor.\nDetritivore is in Alice's hand.\nAlice suspends Detritivore with X = 3.\n"
                 "Alice's upkeep begins.\nDetritivore's suspend ability resolves.\n"
                 "Detritivore's triggered ability resolves.",
                 "Detritivore has two time counters.\nDryad Arbor is in Bob's graveyard.", ["holds", "holds"],
                 id="a-time-counter-trigger-destroys-its-target"),
])
def test_verdicts(tmp_path, given, expect, verdicts):
    r = _check(tmp_path, given, expect)
    assert [c.verdict for c in r.claims] == verdicts
