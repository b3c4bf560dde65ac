"""Tapping for mana is two things at once (CR 605.3a, 106.4, 603.2e): the mana goes into the player's
pool, and the permanent becomes tapped, an event "whenever ~ becomes tapped" triggers on.  This holds
for the sentence "taps ~ for mana", for a mana ability activated by name, and for a permanent tapped
for mana to pay a spell's cost (engine/casting.py, casting.lp te_tapped/1)."""

from __future__ import annotations

from casting_support import check

MYSTIC = """  card:
    Test Mystic {G}
    Creature — Elf Druid
    {T}: Add {G}.
    Whenever Test Mystic becomes tapped, you gain 1 life.
    1/1
"""


def _check(tmp_path, given: str, expect: str):
    r = check(tmp_path, given, expect, card=MYSTIC, timeout=60.0)
    return [(c.verdict, c.message) for c in r.claims]


def _verdicts(claims):
    return [v for v, _ in claims]


def test_tapping_for_mana_adds_the_mana_and_triggers(tmp_path):
    c = _check(tmp_path, "Alice controls Test Mystic.\nAlice taps Test Mystic for mana.",
               "Alice has {G} in her mana pool.\nTest Mystic is tapped.\nTest Mystic's triggered ability triggers.\n"
               "Alice has 20 life.")
    assert _verdicts(c) == ["holds"] * 4, c


def test_the_trigger_of_tapping_for_mana_resolves(tmp_path):
    c = _check(tmp_path, "Alice controls Test Mystic.\nAlice taps Test Mystic for mana.\n"
               "Test Mystic's triggered ability resolves.", "Alice has 21 life.\nAlice has {G} in her mana pool.")
    assert _verdicts(c) == ["holds", "holds"], c


def test_a_mana_ability_activated_by_name_adds_its_mana_and_triggers(tmp_path):
    c = _check(tmp_path, "Alice controls Test Mystic.\nAlice activates Test Mystic's mana ability.",
               "Alice has {G} in her mana pool.\nTest Mystic's triggered ability triggers.")
    assert _verdicts(c) == ["holds", "holds"], c


def test_tapping_to_pay_a_spell_triggers(tmp_path):
    # the only way to pay Giant Growth is Test Mystic's mana: it becomes tapped as the spell is cast
    c = _check(tmp_path, "Alice controls Test Mystic.\nAlice controls Grizzly Bears.\n"
               "Alice casts Giant Growth targeting Grizzly Bears.",
               "Test Mystic is tapped.\nTest Mystic's triggered ability triggers.")
    assert _verdicts(c) == ["holds", "holds"], c


def test_no_tap_no_trigger(tmp_path):
    # paid from the pool, Test Mystic stays untapped and its ability does not trigger
    c = _check(tmp_path, "Alice controls Test Mystic.\nAlice controls Grizzly Bears.\nAlice has {G} in her mana pool.\n"
               "Alice casts Giant Growth targeting Grizzly Bears, paying from her mana pool.",
               "Test Mystic is untapped.\nTest Mystic's triggered ability does not trigger.")
    assert _verdicts(c) == ["holds", "holds"], c


def test_a_mana_ability_activated_with_a_target_is_bad_input(tmp_path):
    # CR 605.1a: an ability with a target is not a mana ability; the targets are not dropped silently
    c = _check(tmp_path, "Alice controls Test Mystic and Grizzly Bears.\n"
               "Alice activates Test Mystic's mana ability targeting Grizzly Bears.", "Test Mystic is tapped.")
    assert _verdicts(c) == ["error"], c
    assert "is a mana ability: it has no target" in c[0][1] and "605.1a" in c[0][1], c
