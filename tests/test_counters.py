"""Counters on permanents: the state-based action of 704.5q (mtgkb/rules/counters.lp, applied by
mtgkb/engine/life.py's sba_counters in the stepper's state-based actions)."""

from __future__ import annotations

from test_zone_families import ruling_verdicts as _verdicts


def test_plus_and_minus_counters_annihilate(tmp_path):
    v = _verdicts(tmp_path, """
Alice controls Grizzly Bears with two +1/+1 counters.
Contagion Clasp enters under Bob's control.
Contagion Clasp's triggered ability resolves, choosing Grizzly Bears.""", """
Grizzly Bears has one +1/+1 counter.
Grizzly Bears has no -1/-1 counters.
Grizzly Bears has two +1/+1 counters.
Grizzly Bears is 3/3.""")
    assert v == ["holds", "holds", "fails", "holds"]


def test_minus_counters_alone_stay(tmp_path):
    v = _verdicts(tmp_path, """
Alice controls Hill Giant.
Contagion Clasp enters under Bob's control.
Contagion Clasp's triggered ability resolves, choosing Hill Giant.""", """
Hill Giant has one -1/-1 counter.
Hill Giant is 2/2.""")
    assert v == ["holds", "holds"]
