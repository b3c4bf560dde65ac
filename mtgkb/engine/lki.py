"""What an ability that triggered on its source leaving the battlefield keeps of that source as it last
existed (CR 603.10a, 608.2h): its counters and, when it left in that event, its power and toughness.  The
values are rules.lp's (effects.lp: tl_lki_counters/3; mtgkb/rules/lki.lp: tl_lki_pt/3); this only picks
them out of the answer set for one source."""

from __future__ import annotations

from clingo import Symbol

from .ask import pick


def last_known(m, S: Symbol, leaving: bool) -> tuple[tuple, tuple | None]:
    """(counters as ((kind, n), ...), power and toughness as (p, t), () without them, or None when the source
    is not leaving in this event) of source S in answer set m."""
    counters = tuple(sorted((x.arguments[1].string, x.arguments[2].number) for x in pick(m, "tl_lki_counters")
                            if x.arguments[0] == S))
    if not leaving:
        return counters, None
    pt = next(((x.arguments[1].number, x.arguments[2].number) for x in pick(m, "tl_lki_pt") if x.arguments[0] == S), ())
    return counters, pt
