"""'where X is half <amount>, rounded up / down' (107.1a; mtgkb/rules/meaning_amounts.lp m_half, effects.lp)."""

from __future__ import annotations

from casting_support import cast_given, check, verdicts


def test_half_rounded_up(tmp_path, session):
    board = "\n".join(f"{c} is in Alice's graveyard." for c in ("Grizzly Bears", "Hill Giant", "Serra Angel", "Forest"))
    given = cast_given(board, "{C}{C}{C}{B}{G}", "Ghoulcaller's Harvest")
    r = check(tmp_path, given, "Alice controls 2 permanents named Zombie Token.\n"
                               "Alice controls 1 permanent named Zombie Token.", session=session)
    assert verdicts(r) == ["holds", "fails"], r.claims


def test_half_rounded_down(tmp_path, session):
    given = ("Alice controls Endless Ranks of the Dead.\n"
             + "".join(f'Alice controls a 2/2 black Zombie creature token called "Z{i}".\n' for i in (1, 2, 3))
             + "Alice's upkeep begins.\nEndless Ranks of the Dead's triggered ability resolves.")
    r = check(tmp_path, given, "Alice controls 1 permanent named Zombie Token.\n"
                               "Alice controls 2 permanents named Zombie Token.", session=session)
    assert verdicts(r) == ["holds", "fails"], r.claims
