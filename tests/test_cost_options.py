"""Alternative and optional additional costs no cast sentence names (mtgkb/rules/meaning_options_not_taken.lp;
118.9, 702.96a, 702.113a, 702.117a, 702.148a, 702.153a, 702.78a): the keyword is applied (the option is not
taken), and "can cast" stays open for a card with an alternative cost."""

from __future__ import annotations

import pytest

from casting_support import applied, check, verdicts


@pytest.mark.parametrize("card", ["Cyclonic Rift", "Boulder Salvo", "Burn Trail", "Coastal Discovery"])
def test_the_keyword_is_applied(card, tmp_path, capsys):
    assert all(applied(card, tmp_path, capsys))


def test_can_cast_is_open_with_an_alternative_cost(tmp_path):
    # Boulder Salvo's surge cost {1}{R} could be paid where its mana cost {4}{R} is not
    r = check(tmp_path, "Boulder Salvo is in Alice's hand.\nIt is Alice's turn.\nAlice has {C}{R} in her mana pool.",
              "Alice can cast Boulder Salvo.")
    assert verdicts(r) == ["undetermined"]
