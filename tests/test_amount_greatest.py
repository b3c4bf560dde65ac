"""'where X is the greatest power among <objects>' (mtgkb/rules/meaning_greatest.lp, effects_greatest.lp;
107.3a, 208.1, 608.2h): X is counted as the spell resolves."""

from __future__ import annotations

from casting_support import check, verdicts


def _beatdown(tmp_path, mine: str, expect: str):
    return check(tmp_path, f"Alice controls {mine}.\nBob controls Hill Giant.\nIt is Alice's turn.\n"
                 "Alice has {C}{C}{G} in her mana pool.\nAlice casts Bouncer's Beatdown targeting Hill Giant.\n"
                 "Bouncer's Beatdown resolves.", expect)


def test_the_greatest_power_is_the_amount(tmp_path):
    r = _beatdown(tmp_path, "Grizzly Bears and Hill Giant #2", "Hill Giant is in Bob's exile.")
    assert verdicts(r) == ["holds"]


def test_a_smaller_power_is_not_lethal(tmp_path):
    r = _beatdown(tmp_path, "Grizzly Bears", "Hill Giant has 2 damage marked.\nHill Giant is on the battlefield.")
    assert verdicts(r) == ["holds", "holds"]


def test_no_creature_no_damage(tmp_path):
    r = _beatdown(tmp_path, "Forest", "Hill Giant has no damage marked.\nHill Giant is on the battlefield.")
    assert verdicts(r) == ["holds", "holds"]


def test_the_greatest_mana_value_is_the_amount(tmp_path):
    # meaning_greatest_mv.lp: Torrent of Fire's damage is Hill Giant's mana value (4), a land's is 0 (202.3)
    r = check(tmp_path, "Alice controls Hill Giant and Forest.\nIt is Alice's turn.\nAlice has {C}{C}{C}{R}{R} in her "
              "mana pool.\nAlice casts Torrent of Fire targeting Bob, paying from her mana pool.\nTorrent of Fire resolves.",
              "Bob has 16 life.")
    assert verdicts(r) == ["holds"]
