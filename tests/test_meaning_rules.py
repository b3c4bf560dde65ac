"""Card meaning in rules.lp (mtgkb/rules/meaning.lp) against the Python reader it replaced
(tests/test_meaning_frozen.py, the frozen mtgkb/timeline_meaning.py).

For every face the shipped rulings use, and for a fixed sample of the card database, the
tl_* facts the Python produced are compared with what meaning.lp derives.  They agree except
where the Python read a wording loosely; each such difference must be one of the deliberate
tightenings below (meaning.lp then leaves the sentence unread), or one of the two readings
meaning.lp adds (the same meaning in another wording):

  lost (Python read it, meaning.lp leaves it unread):
    target      a target with a restriction the timeline does not check ("target creature you
                control", "target attacking creature", "up to one target", "another target",
                "target 1/1 creature", "target artifact creature", "target creature or Vehicle",
                "each of up to two target creatures")
    subtypes    a token with two or more subtypes: its name (111.4) is not in the token_name table
    xx_token    an X/X token (Python made a token without power and toughness)
    counters    counters other than +1/+1 and -1/-1 (rules.lp gives them no meaning)
    discard     a discard of something else than N cards ("discards a card at random", "discards
                their hand": the scenario's sentence says which card, one)
    exile_cost  an exile cost naming two card types ("an instant or sorcery card")
    partial     a sentence Python read in part: the parts of an "and" before an unread one, a copy
                whose exceptions are not read ("except it has haste and ...")
  added (Python missed the same meaning in another wording):
    characteristic_all   "All creatures get -2/-2 until end of turn" as characteristic(...)
    artifact_copy        "a token that's a copy of target artifact"
  added (meaning.lp reads what the Python never did):
    life_damage  damage, life gain and loss, destroy (119, 120, 701.8): a sentence Python left unread,
                 or "you gain/lose N life" Python read as changing nothing tracked
    zone_tap             exile, return to hand or library, tap/untap, counter, sacrifice, return from
                         a graveyard, "you may" around them (meaning.lp's 701 block)
    delayed              "<clause> at the beginning of the next end step" / "at end of combat": a delayed
                         triggered ability (603.7; mtgkb/rules/turn.lp)
    turn_trigger         triggers on combat events ("Whenever ~ attacks", "blocks", "becomes blocked",
                         "deals combat damage to a player"), at end of combat, "the end step" and
                         "your precombat main phase"
                         (mtgkb/rules/combat.lp, turn.lp): the trigger is read, its effect maybe not
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from clingo import Function, Number, String

from conftest import RULINGS_DIR
from mtgkb import facts
from mtgkb.coverage import derive
from test_meaning_frozen import ability_facts as old_ability_facts

TL = frozenset({"tl_on", "tl_on_type", "tl_if", "tl_eff", "tl_target_spec", "tl_token_desc", "tl_eff_except",
                "tl_cost", "tl_repl", "tl_enters_with_x", "tl_enters_with_n", "tl_as_face_up", "tl_unread"})
SAMPLE_STEP = 15  # every 15th name of the database, in sorted order (about 2,000 faces)

# a target that is not exactly "target <word>" (all_of(desc((target,), types(group(K)), where)))
_TARGET_LOOSE = re.compile(r"\(target,(?!\),types\(group\(\w+\)\),where\))|some\((up_to\(\d+\)|another),desc\(\(target"
                           r"|each_of_up_to\(\d+,desc\(\(target")
LOST = {
    "target": _TARGET_LOOSE,
    "subtypes": re.compile(r"subtype\(\"[^\"]*\"\),subtype\("),
    "xx_token": re.compile(r"pt\(pt\(\"X\",\"X\"\)\)"),
    "counters": re.compile(r"pt_counter\(pt\((?!1,1\)|-1,-1\))"),
    "discard": re.compile(r"discard\((?!some\((a|exactly\(\d+\)),desc\(none,types\(group\(card\)\),where\)\))"),
    "exile_cost": re.compile(r"exile\(some\(a,desc\(none,types\(group\(\w+\),group\(\w+,card\)\)"),
}
ADDED = {
    "characteristic_all": re.compile(r"characteristic\(some\(all,desc\(none,types\(group\(\w+\)\),where\)\),lasting\(gets"),
    "artifact_copy": re.compile(r"copy_of\(all_of\(desc\(\(target,\),types\(group\(artifact\)\),where\)\)"),
    "delayed": re.compile(r"delayed(_end_of_combat)?\("),
    "zone_tap": re.compile(r"(?<![\w])(exile|return_to|return_to_battlefield|put_on_top|put_on_bottom|tap|untap|counter|"
                           r"sacrifice)\("),
}


def _ruling_faces(db) -> list:
    """The faces named in the shipped rulings: card blocks, and database names in the text."""
    from mtgkb.check import Session

    session = Session(db=db)
    faces = {}
    names = sorted(db.all_names(), key=len, reverse=True)
    for path in sorted(RULINGS_DIR.rglob("*.mtg")):
        sf = session.load(str(path))
        for card in list(sf.cards) + [c for b in sf.blocks for c in b.cards]:
            for f in card.faces:
                faces[f.name] = f
        text = path.read_text(encoding="utf-8")
        for n in names:
            if n in text and n not in faces and re.search(r"(?<![\w-])" + re.escape(n) + r"(?![\w-])", text):
                f = db.face(n)
                if f is not None:
                    faces.setdefault(f.name, f)
    return list(faces.values())


def _sample_faces(db) -> list:
    out = {}
    for n in db.names()[::SAMPLE_STEP]:
        f = db.face(n)
        if f is not None:
            out.setdefault(f.name, f)
    return list(out.values())


def _compare(faces):
    """-> (per ability: old-only facts, new-only facts, the ability's terms as text)."""
    new, stats = derive(faces, TL)
    assert stats["timed_out_chunks"] == 0
    new_by = defaultdict(set)
    for a in new:
        new_by[str(a.arguments[0])].add(str(a))
    diffs = {}
    for f in faces:
        for i, ab in enumerate(f.abilities, start=1):
            A = Function("ab", [String(f.name), Number(i)])
            old = {str(x) for x in old_ability_facts(A, ab)}
            got = new_by.get(str(A), set())
            if old != got:
                terms = " ".join(str(x) for x in facts.ability_facts(A, ab))
                diffs[str(A)] = (old - got, got - old, terms, ab.text, old)
    return diffs


_LIFE_DAMAGE_EFF = re.compile(r",(damage\(|life\(|destroy_target\))")
_LIFE_DAMAGE_TERMS = re.compile(r"deal_damage\(|gain_life\(|lose_life\(|destroy\(")


def _life_damage(old_only, new_only, terms) -> bool:
    """meaning.lp reads damage, life or destroy where the Python read nothing (or "untracked")."""
    return (any(_LIFE_DAMAGE_EFF.search(x) for x in new_only) and bool(_LIFE_DAMAGE_TERMS.search(terms))
            and all(x.endswith(",unread)") or "untracked(gain_life)" in x or "untracked(lose_life)" in x
                    for x in old_only))


# the triggers turn.lp and combat.lp read (tl_on/2)
_TURN_TRIGGER = re.compile(r"^tl_on\(.*,(attacks_self|blocks_self|becomes_blocked_self|combat_damage_to_player_self|"
                           r"step\((end_of_combat|end),each\)|step\(precombat_main,(yours|each)\))\)$")
_ZONES_EFF = re.compile(r",zfx\(")
_ZONES_TERMS = re.compile(r"(?<![\w])(draw|mill|mill_a_card|scry|surveil|shuffle|search|discard)\b")


def _zones(old_only, new_only, terms) -> bool:
    """meaning.lp reads a draw, mill, scry, surveil, shuffle, search or discard (mtgkb/rules/zones.lp)
    where the Python read it as changing nothing tracked ("untracked") or not at all."""
    # (a sentence beside it, read before, is now read with it: "Counter target spell. Scry 1."; a random
    # discard, read before as a discard the scenario names, is an outcome per card)
    return (any(_ZONES_EFF.search(x) for x in new_only) and bool(_ZONES_TERMS.search(terms))
            and all(x.endswith((",unread)", ",discard)")) or "untracked(draw)" in x or "untracked(scry)" in x
                    for x in old_only))


def _why(old_only, new_only, terms, old) -> str | None:
    """The documented reason for one ability's difference, or None."""
    if (old_only and all(x.startswith("tl_unread(") for x in old_only)
            and any(_TURN_TRIGGER.search(x) for x in new_only)):
        return "turn_trigger"
    if _life_damage(old_only, new_only, terms):
        return "life_damage"
    if _zones(old_only, new_only, terms):
        return "zones"
    # "Whenever you draw a card" / "Whenever a player draws a card" is read (mtgkb/rules/zones.lp)
    if (any(x.startswith("tl_on(") and x.endswith((",draw_you)", ",draw_any)")) for x in new_only)
            and all(x.startswith("tl_unread(") for x in old_only)):
        return "zones"
    lost = [k for k, rx in LOST.items() if rx.search(terms)]
    unread_before = any(x.startswith("tl_eff(") and x.endswith(",unread)") for x in old)
    if unread_before and all(x.endswith(",unread)") for x in new_only):
        return "partial"
    if new_only and all(x.endswith(",unread)") for x in new_only) and lost:
        return lost[0]
    if new_only and all(x.endswith(",unread)") for x in new_only) and "with_exceptions" in terms:
        return "partial"
    if not new_only and lost:
        return lost[0]
    if not old_only or all(x.endswith(",unread)") for x in old_only):
        added = [k for k, rx in ADDED.items() if rx.search(terms)]
        if added:
            return added[0]
    # one sentence lost (a loose target) and a zone or tap effect added beside it
    zone = [x for x in new_only if not x.endswith(",unread)")]
    if lost and zone and ADDED["zone_tap"].search(terms) and all(re.search(r",(z\w+|may\(z\w+)", x) for x in zone):
        return lost[0]
    return None


@pytest.fixture(scope="module")
def db():
    from mtgkb.carddb import default_database

    return default_database()


def _assert_documented(diffs):
    unexplained = {a: d for a, d in diffs.items() if _why(d[0], d[1], d[2], d[4]) is None}
    assert not unexplained, "\n".join(f"{a}: {d[3]}\n  old only {sorted(d[0])}\n  new only {sorted(d[1])}\n  {d[2][:600]}"
                                      for a, d in list(unexplained.items())[:10])


def test_rulings_faces_read_as_before(db):
    faces = _ruling_faces(db)
    assert len(faces) > 50
    diffs = _compare(faces)
    _assert_documented(diffs)
    # the seed cards of the rulings are read exactly as before (but for life totals and libraries, now tracked)
    for name in ("Orvar, the All-Form", "Helm of the Host", "Obstinate Baloth", "Hooded Hydra", "Giant Growth",
                 "Littjara Kinseekers", "Littjara Glade-Warden", "Mirror Entity", "Turn to Frog", "Cytoshape",
                 "Nameless Inversion", "Mutavault", "Bane of the Living", "Ponyback Brigade", "Warbreak Trumpeter",
                 "Benalish Commander", "Mind Rot", "Sapling of the Test"):
        assert not [a for a in diffs if a.startswith(f'ab("{name}",')
                    and _why(diffs[a][0], diffs[a][1], diffs[a][2], diffs[a][4]) not in ("life_damage", "zones")], name


def test_database_sample_differences_are_deliberate(db):
    faces = _sample_faces(db)
    assert len(faces) > 1500
    _assert_documented(_compare(faces))


def test_obstinate_baloth_other_wordings_are_unread():
    from mtgkb.parser.oracle import parse_ability_line

    text = ("If a spell or ability an opponent controls causes you to discard Obstinate Baloth, put it onto the "
            "battlefield instead of putting it into {}.")
    for where, read in (("your graveyard", True), ("its owner's graveyard", False)):
        ab = parse_ability_line(text.format(where), "Obstinate Baloth")
        A = Function("ab", [String("Obstinate Baloth"), Number(2)])
        got = _meaning_of(A, ab)
        assert (f"tl_repl({A},opp_discard_to_battlefield)" in got) is read, (where, got)
    ab = parse_ability_line("If a spell or ability an opponent controls causes you to discard Obstinate Baloth, "
                            "exile it instead.", "Obstinate Baloth")
    A = Function("ab", [String("Obstinate Baloth"), Number(2)])
    assert not any(x.startswith("tl_repl(") for x in _meaning_of(A, ab))


def _meaning_of(A, ab) -> set[str]:
    from mtgkb import mana
    from mtgkb.coverage import derive_from_facts

    fs = [facts.atom("printed", String("F"), Function("ability", [A]))]
    fs += facts.ability_facts(A, ab) + mana.ability_mana_facts(A, ab)
    return {str(x) for x in derive_from_facts(fs, TL | {"applied", "unread"})}
