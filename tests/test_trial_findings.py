"""Defects the trial of official rulings found (bench/official_rulings.py), each checked on the
smallest board that shows it:

- a token copy given by a state sentence that has ceased to exist (111.7) keeps the abilities of
  the card it copies, so its dies trigger can be named (707.2);
- an unread triggered ability of a card in a graveyard or in exile may work there (113.6k, Akuta,
  Born of Ash): whether it triggered is undetermined, never "does not trigger";
- a `may` claim made true by an outcome in which it is settled holds, though what the scenario
  does not say leaves it unsettled in another outcome (701.22a, a scry); a plain claim made false
  by a settled outcome fails;
- an activated ability the grammar does not read ("Tap another untapped Ally you control: ...")
  is still an activated ability (602.1) for the sentences that name one;
- a claim naming an ability the card does not have is an error at the claim's line and column,
  not at the head of its block."""

from __future__ import annotations

from mtgkb.check import check_paths


def _check(tmp_path, given: str, expect: str):
    f = tmp_path / "s.mtg"
    f.write_text('ruling "s"\n  given:\n' + "".join(f"    {g}\n" for g in given.splitlines())
                 + "  expect:\n" + "".join(f"    {e}\n" for e in expect.splitlines()), encoding="utf-8")
    report, errors = check_paths([str(f)], timeout=60.0)
    assert errors == [], errors
    (r,) = report.results
    return r


def _verdicts(r) -> list[str]:
    return [c.verdict for c in r.claims]


def test_dies_trigger_of_a_token_copy_that_ceased_to_exist(tmp_path):
    r = _check(tmp_path, 'Alice controls a token copy of Tattered Mummy called "Mummy Token".\n'
                         "Mummy Token dies.\nMummy Token's triggered ability resolves.",
               "Bob has 18 life.\nMummy Token's triggered ability triggers.")
    assert _verdicts(r) == ["holds", "holds"], r.claims


AKUTA = ("Akuta, Born of Ash is in Alice's graveyard.\nAlice controls Swamp.\n"
         "Alice has Forest, Island and Plains in hand.\nBob has no cards in hand.\n"
         "It is Alice's turn.\nAlice's upkeep begins.")


def test_unread_trigger_in_a_graveyard_is_undetermined(tmp_path):
    r = _check(tmp_path, AKUTA, "Akuta, Born of Ash's triggered ability triggers.\n"
                                "Akuta, Born of Ash's triggered ability does not trigger.")
    assert _verdicts(r) == ["undetermined", "undetermined"], r.claims
    assert "Akuta, Born of Ash, ability 2" in r.claims[0].message


def test_unread_trigger_in_a_library_is_not_watched(tmp_path):
    # a card in a library is not a card whose abilities this rule looks at (113.6k names the
    # zones its card leaves: a graveyard, exile); the upkeep claim stays settled
    r = _check(tmp_path, AKUTA.replace("is in Alice's graveyard", "is in Alice's library"),
               "Akuta, Born of Ash's triggered ability does not trigger.")
    assert _verdicts(r) == ["holds"], r.claims


SCRY = ("Alice's library is Forest, Island and 3 unknown cards.\nAlice has {R}{R} in her mana pool.\n"
        "Alice casts Magma Jet targeting Bob.\nMagma Jet resolves.")


def test_may_claim_decided_by_a_settled_outcome(tmp_path):
    r = _check(tmp_path, SCRY, "May the top card of Alice's library is Island.\n"
                               "May the top card of Alice's library is Forest.\n"
                               "The top card of Alice's library is Forest.")
    assert _verdicts(r) == ["holds", "holds", "fails"], r.claims
    assert "in which it is settled" in r.claims[2].message


def test_claim_true_where_settled_stays_undetermined_elsewhere(tmp_path):
    # true in every outcome in which it is settled, unknown in one: not settled
    r = _check(tmp_path, "Alice's library is Forest and 3 unknown cards.\nAlice has {R}{R} in her mana pool.\n"
                         "Alice casts Magma Jet targeting Bob.\n"
                         "Magma Jet resolves.", "May the top card of Alice's library is Swamp.")
    assert _verdicts(r) == ["undetermined"], r.claims


def test_a_claim_naming_no_such_ability_is_an_error_at_the_claim(tmp_path):
    f = tmp_path / "s.mtg"
    f.write_text('ruling "s"\n  given:\n    Alice controls Grizzly Bears.\n  expect:\n'
                 "    Grizzly Bears's triggered ability triggers.\n", encoding="utf-8")
    report, errors = check_paths([str(f)], timeout=60.0)
    assert errors == []
    (r,) = report.results
    assert r.status == "error" and (r.input_error["line"], r.input_error["column"]) == (5, 5), r.input_error
    assert "no such ability" in r.input_error["message"]


def test_an_unread_activated_ability_is_named_as_activated(tmp_path):
    r = _check(tmp_path, "Alice controls Veteran Warleader and Ondu Cleric.\n"
                         "Alice activates Veteran Warleader's activated ability.", "Ondu Cleric is untapped.")
    assert _verdicts(r) == ["undetermined"], r.claims
    assert "Veteran Warleader" in r.claims[0].message
