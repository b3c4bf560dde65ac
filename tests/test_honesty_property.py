"""No claim about a card with unread text is settled by it.

Random instants/sorceries and creatures with a "When ~ enters" trigger of the embedded
card database are cast (or entered) and resolved on a small fixed board, with claims
the card's effect could change (P/T, zones, counters, tapped, tokens, graveyards).  If
the card has an ability that is not read -- `applied` in `mtgkb parse --json` when the
engine reports it, else `understood` -- no claim may be `holds` or `fails`: it must be
`undetermined` (or an error).  The sampler and runner are bench/honesty.py's, so the
benchmark and this test measure the same thing.

Derandomized, no shrinking (an index into the card pool has nothing to shrink to) and a
small number of examples, so that it runs in well under a minute.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

_BENCH = Path(__file__).resolve().parent.parent / "bench" / "honesty.py"
_spec = importlib.util.spec_from_file_location("mtgkb_bench_honesty", _BENCH)
honesty = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = honesty  # dataclasses look their module up by name
_spec.loader.exec_module(honesty)

_SESSION = None


def _session():
    global _SESSION
    if _SESSION is None:
        from mtgkb.check import Session

        _SESSION = Session(timeout=20.0)
    return _SESSION


@settings(derandomize=True, database=None, max_examples=40, deadline=None,
          phases=(Phase.explicit, Phase.generate),
          suppress_health_check=(HealthCheck.too_slow, HealthCheck.filter_too_much))
@given(kind=st.sampled_from(("spell", "creature")), index=st.integers(min_value=0, max_value=10**6))
def test_no_claim_is_settled_on_unread_text(kind, index):
    pool = honesty.candidates()[kind]
    card = pool[index % len(pool)]
    try:
        ruling = honesty.write_ruling(card, kind)
    except honesty.Unwritable:
        assume(False)
    abilities = honesty.reading([card])[card["name"]]
    rec = honesty.run_card(_session(), ruling, abilities, limit=20.0)
    settled = rec["settled_on_unread"]
    assert not settled, (
        f"{card['name']} has unread text ({rec['reading'][0]} is false for: "
        + " | ".join(rec["unread"]) + f"), yet {len(settled)} claim(s) settled: "
        + "; ".join(f"{c} -> {v}" for c, v in settled) + "\nscenario:\n" + ruling.text)


def test_the_instrument_sees_settled_claims():
    """Not vacuous: the generated ruling of a card whose text is read parses and runs,
    and its claims are settled (Giant Growth on Hill Giant: every board claim follows)."""
    card = next(d for d in honesty.candidates()["spell"] if d["name"] == "Giant Growth")
    ruling = honesty.write_ruling(card, "spell")
    assert "Alice casts Giant Growth targeting Hill Giant, paying from her mana pool." in ruling.text
    abilities = honesty.reading([card])["Giant Growth"]
    assert abilities and all(a["read"] for a in abilities)
    rec = honesty.run_card(_session(), ruling, abilities, limit=20.0)
    assert rec["error"] is None, rec["error"]
    verdicts = dict(zip((c for c, _, _ in rec["claims"]), (v for _, v, _ in rec["claims"])))
    assert verdicts["Hill Giant is 3/3."] == "fails"  # it is 6/6
    assert verdicts["Grizzly Bears is 2/2."] == "holds"
    assert verdicts["Hill Giant is on the battlefield."] == "holds"


def test_a_cast_trigger_is_inert_only_where_no_spell_is_cast():
    """An unread "Whenever an opponent casts a spell" trigger (Bloodvial Purveyor) cannot trigger in an
    enters, dies or attacks ruling (no spell is cast there: its claims may settle); in a spell ruling it
    could (a spell is cast), and an unread trigger on entering still counts everywhere."""
    cast = {"kind": "triggered", "text": "Whenever an opponent casts a spell, that player creates a Blood token."}
    for kind in ("creature", "dies", "attacks"):
        assert not honesty.could_influence(cast, True, kind, "Bloodvial Purveyor")
    assert honesty.could_influence(cast, True, "spell", "Bloodvial Purveyor")
    enters = {"kind": "triggered", "text": "Whenever another creature you control enters, you get {E}."}
    assert honesty.could_influence(enters, True, "attacks", "Aetherstorm Roc")


def test_a_ruling_the_rules_forbid_is_unwritable_not_an_error():
    """A ruling the engine answers is impossible under the rules (violated/2 named: Incendiary
    Sabotage's additional cost with no artifact to sacrifice, 601.2h) is a skip reason of the
    sample, not an error; a ruling the rules allow (Terror) is not."""
    for name, reason in (("Incendiary Sabotage", "the rules forbid the ruling (unpayable_additional_cost)"),
                         ("Terror", None)):
        card = next(d for d in honesty.candidates()["spell"] if d["name"] == name)
        rec = honesty.run_card(_session(), honesty.write_ruling(card, "spell"), honesty.reading([card])[name],
                               limit=20.0)
        assert rec["forbidden"] == reason, (name, rec["error"])
    assert honesty.forbidden(()) is None


def test_typecycling_is_an_activated_keyword():
    """'Wizardcycling {2}' is cycling (702.29e), activated: it cannot change a claim of these rulings."""
    line = {"kind": "keyword", "text": "Wizardcycling {2} ({2}, Discard this card: Search your library for a Wizard "
                                       "card, reveal it, put it into your hand, then shuffle.)"}
    assert not honesty.could_influence(line, True, "spell", "Step Through")
    assert honesty.could_influence({"kind": "keyword", "text": "Flashback {R}"}, True, "spell", "Geistflame")


def test_basic_landcycling_is_an_activated_keyword():
    """'Basic landcycling {1}{B}' is typecycling (702.29e), activated: it cannot change a claim of these rulings."""
    line = {"kind": "keyword", "text": "Basic landcycling {1}{B} ({1}{B}, Discard this card: Search your library "
                                       "for a basic land card, reveal it, put it into your hand, then shuffle.)"}
    assert not honesty.could_influence(line, True, "spell", "Absorb Vis")


def test_an_attack_ruling_resolves_the_beginning_of_combat_triggers_first():
    """Goblin Rabblemaster's token-making trigger goes on the stack as the beginning of combat step begins
    (507.1, 603.2b) and the step ends only with the stack empty (500.2): the ruling says the step begins and
    the trigger resolves before attackers are declared, so it is not an error.  Its token has haste and must
    attack (508.1d), which the ruling does not say: the rules forbid it, a skip reason, not an error."""
    card = next(d for d in honesty.candidates()["attacks"] if d["name"] == "Goblin Rabblemaster")
    ruling = honesty.write_ruling(card, "attacks")
    given = ruling.text.split("\n")
    at = [i for i, ln in enumerate(given) if ln.strip() in (
        "Alice's beginning of combat step begins.", "Goblin Rabblemaster's first triggered ability resolves.",
        "Alice attacks with Goblin Rabblemaster.")]
    assert len(at) == 3 and at == sorted(at), ruling.text
    rec = honesty.run_card(_session(), ruling, honesty.reading([card])["Goblin Rabblemaster"], limit=20.0)
    assert "500.2" not in (rec["error"] or ""), rec["error"]
    assert rec["forbidden"] == "the rules forbid the ruling (the_creature_attacks_each_combat_if_able)", rec["error"]


def test_protection_from_a_color_the_card_lacks_is_inert():
    """Only the card's own abilities target or deal damage in these rulings: protection from white on a black
    card (Crypt Angel) stops none of them (702.16b), hexproof and ward act on opponents only (702.11b, 702.21a);
    protection from the card's own color, shroud, or protection from a quality other than colors still count."""
    line = {"kind": "keyword", "text": "Flying, protection from white"}
    assert not honesty.could_influence(line, True, "creature", "Crypt Angel", ("B",))
    assert honesty.could_influence(line, True, "creature", "Crypt Angel", ("W",))
    assert honesty.could_influence(line, True, "creature", "Crypt Angel")  # colors not known
    assert not honesty.could_influence({"kind": "keyword", "text": "Hexproof"}, True, "creature", "X", ("G",))
    assert not honesty.could_influence({"kind": "keyword", "text": "Ward {2}"}, True, "creature", "X", ("U",))
    assert honesty.could_influence({"kind": "keyword", "text": "Shroud"}, True, "creature", "X", ("G",))
    assert honesty.could_influence({"kind": "keyword", "text": "Protection from creatures"}, True, "creature", "X", ("G",))
    assert not honesty.could_influence({"kind": "keyword", "text": "Protection from black and from red"}, True,
                                       "creature", "X", ("W",))
    card = next(d for d in honesty.candidates()["creature"] if d["name"] == "Gavony Silversmith")
    assert honesty.write_ruling(card, "creature").colors == ("W",)


def test_an_entry_replacement_is_inert_where_the_card_does_not_enter():
    """Wingshield Agent's "enters with a shield counter" modifies its own entering alone (614.1c, 614.12): in its
    attacks ruling, where it is still attacking (it never entered), the line is not unread text that could change
    a claim, and the engine settles the ruling; Boss's Chauffeur's counted counters likewise in its dies ruling,
    where the card ends in the graveyard."""
    for name, kind in (("Wingshield Agent", "attacks"), ("Boss's Chauffeur", "dies")):
        card = next(d for d in honesty.candidates()[kind] if d["name"] == name)
        rec = honesty.run_card(_session(), honesty.write_ruling(card, kind), honesty.reading([card])[name], limit=20.0)
        assert rec["unread"] == [] and honesty.card_settles(rec), (name, rec["unread"], rec["claims"])
    line = {"kind": "replacement", "text": "Wingshield Agent enters the battlefield with a shield counter on it."}
    assert honesty._enters_with_self(line, "Wingshield Agent")
    assert not honesty._enters_with_self({"kind": "replacement", "text": "Wingshield Agent enters tapped."},
                                         "Wingshield Agent")


def test_a_name_with_an_apostrophe_is_quoted_in_a_possessive():
    """"Telim'Tor's" does not parse; the ruling writes '"Telim'Tor"'s' (docs/language.md: a handle may be quoted), so
    the attack ruling of Telim'Tor is not an error."""
    assert honesty._possessive("Telim'Tor") == "\"Telim'Tor\"'s" and honesty._possessive("Hill Giant") == "Hill Giant's"
    card = next(d for d in honesty.candidates()["attacks"] if d["name"] == "Telim'Tor")
    rec = honesty.run_card(_session(), honesty.write_ruling(card, "attacks"), honesty.reading([card])["Telim'Tor"],
                           limit=20.0)
    assert rec["error"] is None, rec["error"]


def test_a_milled_card_settles_only_when_the_library_is_known():
    """Forsaken Drifters mills four cards as it dies (701.17a).  On the default board the milled cards are unknown:
    one may have an ability that acts from the graveyard, so every claim stays open.  With `--library known` the
    top five cards are named basic lands, and the same ruling settles: the library count fails (26 cards), the
    board claims hold."""
    name = "Forsaken Drifters"
    card = next(d for d in honesty.candidates()["dies"] if d["name"] == name)
    abilities = honesty.reading([card])[name]
    unknown = honesty.run_card(_session(), honesty.write_ruling(card, "dies"), abilities, limit=20.0)
    known = honesty.run_card(_session(), honesty.write_ruling(card, "dies", honesty.BOARDS["known"]), abilities,
                             limit=20.0)
    assert not honesty.card_settles(unknown), unknown["claims"]
    assert honesty.card_settles(known), known["claims"]
    verdicts = {c: v for c, v, _ in known["claims"]}
    assert verdicts["Alice's library has 30 cards."] == "fails"
    assert verdicts["Grizzly Bears is 2/2."] == "holds"


def test_a_spell_that_targets_a_spell_counters_one_of_bobs():
    """A card that targets a spell is written with a spell of Bob's on the stack (Lightning Bolt, or the flash
    creature Ambush Viper for a creature spell), cast before it from Bob's pool; the claim that Bob's spell ends
    in his graveyard is asked too.  Counterspell and Essence Scatter settle it (701.6a); a card that targets only
    an ability stays unwritable."""
    for name, stack in (("Counterspell", "Lightning Bolt"), ("Essence Scatter", "Ambush Viper")):
        card = next(d for d in honesty.candidates()["spell"] if d["name"] == name)
        ruling = honesty.write_ruling(card, "spell")
        assert f"Bob casts {stack}" in ruling.text and f"{stack} is in Bob's graveyard." in ruling.claims
        rec = honesty.run_card(_session(), ruling, honesty.reading([card])[name], limit=20.0)
        assert honesty.card_settles(rec), rec["claims"]
        assert {c: v for c, v, _ in rec["claims"]}[f"{stack} is in Bob's graveyard."] == "holds"
    try:
        honesty._choose_objects("activated ability", 1, set())
    except honesty.Unwritable as e:
        assert "ability" in str(e)
    else:
        raise AssertionError("a target ability was written")
