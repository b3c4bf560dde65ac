"""Copies of spells (707.10; mtgkb/engine/casting.py `_copy_spell`, mtgkb/rules/casting.lp): the
copy takes the spell's copiable values and choices, is not cast, had no mana spent on it, may
get new targets (707.10c), and ceases to exist as it leaves the stack (704.5e) unless a copy of a
permanent spell becomes a token (608.3f)."""

from __future__ import annotations

from casting_support import bad_input, block_text, check, given_line, verdicts
from mtgkb.api import KnowledgeBase


def test_the_copy_has_the_x_and_kicker_of_the_spell(tmp_path, session):
    given = ("Alice has {G}{G}{G}{G}{G} in her mana pool.\nAlice casts Hooded Hydra with X = 3.\n"
             "Alice copies Hooded Hydra called \"Hydra Copy\".\nHydra Copy resolves.")
    r = check(tmp_path, given, "Hydra Copy has three +1/+1 counters.\nHydra Copy is a token.\n"
              "No mana was spent to cast Hydra Copy.\n5 mana was spent to cast Hooded Hydra.", session=session)
    assert verdicts(r) == ["holds"] * 4, r.claims


def test_a_copy_of_a_spell_ceases_to_exist_as_it_leaves_the_stack(tmp_path, session):
    given = ("Bob controls Hill Giant.\nAlice has {R}{R} in her mana pool.\nAlice casts Shock targeting Hill Giant.\n"
             "Alice copies Shock called \"Shock Copy\".\nShock resolves.")
    r = check(tmp_path, given, "Shock is in Alice's graveyard.\nShock Copy is in Alice's graveyard.\n"
              "Hill Giant is in Bob's graveyard.", session=session)
    assert verdicts(r) == ["holds", "fails", "holds"], r.claims


def test_copying_what_is_not_a_spell_on_the_stack_is_bad_input(tmp_path, session):
    given = "Alice controls Grizzly Bears.\nAlice copies Grizzly Bears."
    e = bad_input(tmp_path, given, session=session)
    assert "707.10" in e.message and e.line == given_line(given, "Alice copies"), e


def test_a_new_target_must_be_legal(tmp_path, session):
    given = ("Alice controls Forest.\nBob controls Hill Giant.\nBob controls Vampire Nighthawk.\nIt is Alice's turn.\n"
             "Alice has {B}{B} in her mana pool.\nAlice casts Doom Blade targeting Hill Giant.\n"
             "Alice copies Doom Blade targeting Vampire Nighthawk.")
    r = check(tmp_path, given, "Hill Giant is on the battlefield.", session=session)
    assert r.status == "error" and "707.10c" in r.error, r.error


def test_a_copy_does_not_trigger_whenever_you_cast(tmp_path, session):
    # Orvar's first ability: "Whenever you cast an instant or sorcery spell, if it targets ..." (707.10)
    given = ("Alice controls Orvar, the All-Form and Grizzly Bears.\nAlice has {G} in her mana pool.\n"
             "Alice casts Giant Growth targeting Grizzly Bears.\nAlice copies Giant Growth.")
    r = check(tmp_path, given, "Orvar, the All-Form's first triggered ability triggers.", session=session)
    assert verdicts(r) == ["holds"], r.claims
    text = "\n".join(e["text"] for e in _show_events(tmp_path, given))
    assert text.count("Orvar, the All-Form's first triggered ability triggers") == 1, text


def test_an_unread_cast_or_copy_trigger_may_trigger_on_a_copy(tmp_path, session):
    # Archmage Emeritus's magecraft ("whenever you cast or copy") is not read: the copy leaves it open
    given = ("Alice controls Archmage Emeritus and Grizzly Bears.\nBob has {G} in his mana pool.\n"
             "Bob casts Giant Growth targeting Grizzly Bears.\nAlice copies Giant Growth.\nGiant Growth resolves.")
    r = check(tmp_path, given, "Grizzly Bears is 8/8.", session=session)
    assert verdicts(r) == ["undetermined"] and "Archmage Emeritus" in r.claims[0].message, r.claims


def _show_events(tmp_path, given):
    f = tmp_path / "show.mtg"
    f.write_text(block_text(given, "Alice has 20 life.").replace('ruling "casting case"', 'scenario "s"'),
                 encoding="utf-8")
    (b,) = KnowledgeBase().show(str(f))
    return [e for t in b["timeline"] for e in t["events"]]
