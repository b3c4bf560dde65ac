"""A spell whose effect the timeline does not read (here Threaten's "untap target
creature and gain control of it until end of turn; that creature gains haste") must not be treated as a spell whose
targets are all illegal (608.2b): claims it could change are undetermined, never fails
or holds."""

from __future__ import annotations

from mtgkb.check import check_paths


def test_unread_spell_is_undetermined_not_fizzled(tmp_path):
    f = tmp_path / "frog.mtg"
    f.write_text(
        'ruling "frog"\n'
        "  given:\n"
        "    Alice controls Llanowar Elves.\n"
        "    It is Bob's turn.\n"
        "    Bob has {C}{C}{C}{U} in his mana pool.\n"
        "    Bob casts Ray of Command targeting Llanowar Elves.\n"
        "    Ray of Command resolves.\n"
        "  expect:\n"
        "    Llanowar Elves has haste.\n"
        "    Llanowar Elves does not have haste.\n",
        encoding="utf-8",
    )
    report, errors = check_paths([str(f)])
    assert errors == []
    (r,) = report.results
    verdicts = [c.verdict for c in r.claims]
    assert "holds" not in verdicts and "fails" not in verdicts, verdicts
    assert verdicts == ["undetermined", "undetermined"]
