"""One X per ability (CR 107.3, 107.3a): the X of a spell is the value chosen as it is cast, unless
its text says "where X is ...", which defines X (effects.lp tl_x_bound/1 over casting.lp tl_x/2)."""

from __future__ import annotations

from casting_support import check

FLARE = """  card:
    Test Flare {X}{R}
    Instant
    Test Flare deals X damage to target player, where X is the number of creatures you control.
"""
BLAST = """  card:
    Test Blast {X}{R}
    Instant
    Test Blast deals X damage to target player.
"""


def _verdicts(tmp_path, given: str, expect: str, card: str = ""):
    r = check(tmp_path, given, expect, card=card, timeout=60.0)
    return [(c.verdict, c.message) for c in r.claims]


def test_the_x_chosen_as_a_spell_is_cast(tmp_path):
    c = _verdicts(tmp_path, "Alice has {R}{R}{R}{R} in her mana pool.\n"
                  "Alice casts Test Blast with X = 3 targeting Bob.\nTest Blast resolves.",
                  "Bob has 17 life.\nBob has 18 life.", card=BLAST)
    assert [v for v, _ in c] == ["holds", "fails"], c


def test_where_x_is_defines_x_over_the_x_chosen(tmp_path):
    # X = 5 was paid, but the text defines X: the number of creatures Alice controls (2)
    c = _verdicts(tmp_path, "Alice controls Grizzly Bears.\nAlice controls Hill Giant.\n"
                  "Alice has {R}{R}{R}{R}{R}{R} in her mana pool.\nAlice casts Test Flare with X = 5 targeting Bob.\n"
                  "Test Flare resolves.", "Bob has 18 life.\nBob has 15 life.", card=FLARE)
    assert [v for v, _ in c] == ["holds", "fails"], c
