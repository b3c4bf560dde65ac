"""How a permanent enters (614.1c, 614.12): "~ enters tapped" and "As ~ enters, you may pay N life.
If you don't, it enters tapped." are read (mtgkb/rules/meaning_entry.lp) and applied whichever way
the permanent enters: an enters sentence, a resolving permanent spell (mtgkb/rules/entry.lp)."""

from __future__ import annotations

from casting_support import applied, check, verdicts

SLUGGARD = """  card:
    Test Sluggard {1}{G}
    Creature — Beast
    Test Sluggard enters the battlefield tapped.
    2/2
"""


def test_the_entry_abilities_are_applied(tmp_path, capsys):
    assert applied("Gruul Guildgate", tmp_path, capsys)[0] is True
    assert applied("Breeding Pool", tmp_path, capsys)[0] is True


def test_a_permanent_spell_that_enters_tapped_resolves_tapped(tmp_path):
    r = check(tmp_path, "It is Alice's turn.\nTest Sluggard is in Alice's hand.\nAlice has {G}{G} in her mana pool.\n"
              "Alice casts Test Sluggard.\nTest Sluggard resolves.", "Test Sluggard is tapped.\n"
              "Test Sluggard is on the battlefield.", card=SLUGGARD)
    assert verdicts(r) == ["holds", "holds"], r.claims


def test_the_life_is_paid_only_with_enough_life(tmp_path):
    r = check(tmp_path, "Alice has 2 life.\nIt is Alice's turn.\nBreeding Pool enters under Alice's control.",
              "May Alice has 0 life.\nMay Alice has lost the game.\nMay Breeding Pool is tapped.")
    assert verdicts(r) == ["holds", "holds", "holds"], r.claims
    r = check(tmp_path, "Alice has 1 life.\nIt is Alice's turn.\nBreeding Pool enters under Alice's control.",
              "Breeding Pool is tapped.\nAlice has 1 life.")
    assert verdicts(r) == ["holds", "holds"], r.claims


WATCHER = """  card:
    Test Watcher {1}{B}
    Creature — Spirit
    Whenever you lose life, you gain 1 life.
    1/1
"""


def test_paying_the_life_is_losing_life(tmp_path):
    # CR 119.4: a player who pays life loses that much life: "whenever you lose life" sees it
    r = check(tmp_path, "It is Alice's turn.\nAlice controls Test Watcher.\nBreeding Pool enters under Alice's control.",
              "May Test Watcher's triggered ability triggers.\nMay Test Watcher's triggered ability does not trigger.\n"
              "May Alice has 18 life.", card=WATCHER)
    assert verdicts(r) == ["holds", "holds", "holds"], r.claims
