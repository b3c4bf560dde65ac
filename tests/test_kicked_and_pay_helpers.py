"""'If this spell was kicked, ...' (meaning_kicked.lp, kicked.lp; 702.33d) and convoke, delve, improvise
(meaning_pay_helpers.lp, pay_helpers.lp; 702.51a, 702.66a, 702.126a)."""

from __future__ import annotations

from casting_support import applied, check, verdicts

BREATH = ("Alice controls Grizzly Bears.\nBob controls Hill Giant.\nIt is Alice's turn.\n"
          "Alice has {C}{C}{C}{R} in her mana pool.\n")


def test_the_abilities_are_applied(tmp_path, capsys):
    assert applied("Breath of Darigaaz", tmp_path, capsys) == [True, True]
    assert applied("Blink of an Eye", tmp_path, capsys) == [True, True]
    assert applied("March of the Multitudes", tmp_path, capsys) == [True, True]
    assert applied("Rite of Undoing", tmp_path, capsys)[0] is True


def test_instead_replaces_the_sentence_before(tmp_path):
    r = check(tmp_path, BREATH.replace("{C}{C}{C}{R}", "{C}{R}") + "Alice casts Breath of Darigaaz, paying from her "
              "mana pool.\nBreath of Darigaaz resolves.", "Hill Giant has 1 damage marked.\nBob has 19 life.")
    assert verdicts(r) == ["holds", "holds"]
    r = check(tmp_path, BREATH + "Alice casts Breath of Darigaaz with kicker, paying from her mana pool.\n"
              "Breath of Darigaaz resolves.", "Hill Giant is in Bob's graveyard.\nBob has 16 life.\nBob has 15 life.")
    assert verdicts(r) == ["holds", "holds", "fails"]


def test_a_copy_of_a_kicked_spell_is_kicked(tmp_path):
    r = check(tmp_path, BREATH + "Alice casts Breath of Darigaaz with kicker, paying from her mana pool.\n"
              "Alice copies Breath of Darigaaz called \"Breath Copy\".\nBreath Copy resolves.", "Bob has 16 life.\n"
              "Hill Giant is in Bob's graveyard.")
    assert verdicts(r) == ["holds", "holds"]


def test_a_payment_that_may_use_convoke_is_open(tmp_path):
    given = "Alice controls Grizzly Bears.\nIt is Alice's turn.\nAlice has {C}{C}{G}{W}{W} in her mana pool.\n"
    r = check(tmp_path, given + "Alice casts March of the Multitudes with X = 2.\nMarch of the Multitudes resolves.",
              "Grizzly Bears is untapped.")
    assert verdicts(r) == ["undetermined"]
    r = check(tmp_path, given + "March of the Multitudes is in Alice's hand.", "Alice can cast March of the Multitudes.")
    assert verdicts(r) == ["undetermined"]
    r = check(tmp_path, given + "Alice casts March of the Multitudes with X = 2, paying from her mana pool.\n"
              "March of the Multitudes resolves.", "Grizzly Bears is untapped.\nAlice has no mana in her mana pool.")
    assert verdicts(r) == ["holds", "holds"]
