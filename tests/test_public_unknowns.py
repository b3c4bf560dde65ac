"""Unknown cards put into a public zone from the library (mtgkb/rules/public_unknowns.lp, CR 113.6): the survey of
the card database (mtgkb/survey/public_zones.lp -> kb/reference/public-zone-abilities.txt and its summary
mtgkb/rules/public_zone_faces.lp) reproduces; what an unknown milled card could be is the union of the faces that
can act there, named in the reason; kinds that need a discard or a player's action do not keep a claim open; text
the engine does not read that names the zone stays able to act there."""

from __future__ import annotations

import os
from importlib.resources import files

import clingo
import pytest
from clingo import Function, Number, String

from casting_support import check, verdicts
from mtgkb import public_zone_survey as survey
from mtgkb.carddb import default_database

SAMPLE = ("Narcomoeba", "Gaea's Blessing", "Kozilek, Butcher of Truth", "Darksteel Colossus", "Serra Avatar",
          "Bloodghast", "Ichorid", "Golgari Grave-Troll", "Fiery Temper", "Brawn", "Prized Amalgam",
          "Grizzly Bears", "Lightning Bolt", "Watcher in the Mist")


def _rows_for(names):
    keep = {n for n in names}
    return [r for r in survey.read_reference() if r[0] in keep]


def test_the_survey_reproduces_for_a_sample_of_faces():
    db = default_database()
    names = list(SAMPLE) + db.names()[::997]
    faces = [db.face(n) for n in names]
    got = survey.classify(f for f in faces if f is not None)
    assert got == _rows_for({f.name for f in faces if f is not None})


@pytest.mark.skipif(not os.environ.get("MTGKB_FULL_SURVEY"), reason="the whole database takes minutes: "
                    "MTGKB_FULL_SURVEY=1 runs it")
def test_the_survey_reproduces_for_the_whole_database():
    assert survey.render(survey.classify(survey.all_faces())) == survey.REFERENCE.read_text(encoding="utf-8")


def test_the_summary_reproduces_from_the_reference():
    assert survey.render_summary(survey.read_reference()) == survey.SUMMARY.read_text(encoding="utf-8")


def test_what_the_survey_says_of_known_faces():
    rows = set(_rows_for(SAMPLE))
    for face in ("Narcomoeba", "Gaea's Blessing", "Kozilek, Butcher of Truth", "Darksteel Colossus", "Serra Avatar"):
        assert (face, "graveyard", "on_move") in rows, face          # a trigger or replacement on its own move
    for face in ("Bloodghast", "Ichorid", "Golgari Grave-Troll"):
        assert (face, "graveyard", "there") in rows, face            # acts while there (dredge: 702.52a)
    assert ("Fiery Temper", "graveyard", "discard") in rows          # madness: only on a discard (702.35a)
    # text the engine does not read that names the graveyard stays able to act there
    assert ("Brawn", "graveyard", "unread") in rows
    assert ("Prized Amalgam", "graveyard", "unread") in rows
    for face in ("Grizzly Bears", "Lightning Bolt", "Watcher in the Mist"):
        assert not any(r[0] == face for r in rows), face             # nothing that works in a public zone


def _unsettled(kinds):
    """claim_unsettled of one claim after an unknown card of Alice's was milled, with a survey of `kinds`."""
    ctl = clingo.Control(["-t1"], logger=lambda c, m: None)
    ctl.add("base", [], files("mtgkb").joinpath("rules/public_unknowns.lp").read_text(encoding="utf-8"))
    facts = [Function("claim", [Number(1), Function("q")]),
             Function("tl_unsure_any", [Function("unknown_card_public", [String("Alice"), Function("graveyard")])])]
    facts += [Function("public_zone_kind", [Function("graveyard"), Function(k), Number(n), String(f)])
              for k, n, f in kinds]
    with ctl.backend() as b:
        for f in facts:
            b.add_rule([b.add_atom(f)])
    ctl.ground([("base", [])])
    out = []
    ctl.solve(on_model=lambda m: out.extend(s for s in m.symbols(atoms=True) if s.name == "claim_unsettled"))
    return out


def test_kinds_that_need_a_discard_or_an_action_leave_a_milled_card_settled():
    # CR 702.35a: madness acts on a discard; 602.2, 601.2: activating or casting from the graveyard needs a sentence
    assert _unsettled([("discard", 58, "Fiery Temper"), ("by_action", 3, "Loathsome Troll")]) == []


def test_a_face_that_can_act_keeps_the_claim_open_and_is_named():
    (u,) = _unsettled([("discard", 58, "Fiery Temper"), ("on_move", 46, "Narcomoeba"), ("unread", 5, "Brawn")])
    assert u.arguments[1] == Function("unknown_could_be", [String("Alice"), Function("graveyard"),
                                                           String("Narcomoeba"), Number(51)])


def test_a_milled_unknown_card_names_what_it_could_be(tmp_path, session):
    given = "Alice controls Grizzly Bears and Forest.\nAlice's library has 10 cards.\nAlice mills a card."
    r = check(tmp_path, given, "Grizzly Bears does not have trample.\nAlice has 20 life.", session=session)
    assert verdicts(r) == ["undetermined", "undetermined"], r.claims
    for c in r.claims:
        assert "could be" in c.message and "faces of the card database" in c.message, c.message


def test_a_known_milled_card_without_such_an_ability_settles(tmp_path, session):
    given = "Alice's library is Grizzly Bears, Forest and 10 unknown cards.\nAlice mills a card."
    r = check(tmp_path, given, "Grizzly Bears is in Alice's graveyard.\nAlice's library has 11 cards.\n"
                               "Alice has 20 life.", session=session)
    assert verdicts(r) == ["holds", "holds", "holds"], r.claims
