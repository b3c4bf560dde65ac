"""Intervening "if" clauses of a permanent's enters trigger about how it was cast (CR 603.4;
mtgkb/rules/meaning_how_cast.lp, how_cast.lp): "if it was kicked with its {M} kicker" of a card with two kicker
costs ("Kicker {M1} and/or {M2}", 702.33c: the Battlemages) and "if its prowl cost was paid" (702.76a).  No cast
sentence pays either (a cast "with kicker" names neither of two kicker costs and is refused, 702.33a), so the
permanent was never kicked with one, nor was its prowl cost paid: the ability does not trigger."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import Case, case_tests

BOARD = ("It is Alice's turn.", "Bob controls Hill Giant.", "Alice controls Grizzly Bears.")
CAST_THUNDER = ("Alice has {R}{R}{R} in her mana pool.",
                "Alice casts Thunderscape Battlemage, paying from her mana pool.", "Thunderscape Battlemage resolves.")

CASES = [
    case("battlemage-entering-was-not-kicked", BOARD + ("Thunderscape Battlemage enters under Alice's control.",),
         ("Thunderscape Battlemage's first triggered ability triggers.",
          "Thunderscape Battlemage's second triggered ability triggers.", "Alice has 20 life."),
         ("fails", "fails", "holds")),
    case("battlemage-cast-without-kicker", BOARD + CAST_THUNDER,
         ("Thunderscape Battlemage's first triggered ability triggers.", "Thunderscape Battlemage is on the battlefield."),
         ("fails", "holds")),
    case("battlemage-cast-with-kicker-is-refused", BOARD + (
        "Alice has {R}{R}{R}{R}{B} in her mana pool.",
        "Alice casts Thunderscape Battlemage with kicker, paying from her mana pool."),
         ("Thunderscape Battlemage is on the battlefield.",), error=("702.33a",),
         at="Alice casts Thunderscape Battlemage with kicker, paying from her mana pool."),
    case("prowl-not-paid-entering", BOARD + ("Latchkey Faerie enters under Alice's control.",),
         ("Latchkey Faerie's triggered ability triggers.", "Latchkey Faerie is on the battlefield."), ("fails", "holds")),
    case("prowl-not-paid-cast-for-its-mana-cost", BOARD + (
        "Alice has {U}{U}{U}{U} in her mana pool.", "Alice casts Latchkey Faerie, paying from her mana pool.",
        "Latchkey Faerie resolves."), ("Latchkey Faerie's triggered ability triggers.",), ("fails",)),
]
CASES = [Case(c.id, c.body, c.verdicts, c.error, (c.at[0], 1)) if c.at else c for c in CASES]

test_cast_conditions, test_case_ids_differ = case_tests(CASES)


def test_battlemage_and_prowl_conditions_are_applied(tmp_path):
    """The honesty bench's reading: the two-cost kicker line and both Battlemage triggers, and Latchkey Faerie's
    prowl trigger, are applied."""
    assert parse_applied(tmp_path, "Thunderscape Battlemage {2}{R}\nCreature — Human Wizard\nKicker {1}{B} and/or {G}\n"
                         "When Thunderscape Battlemage enters the battlefield, if it was kicked with its {1}{B} kicker, "
                         "target player discards two cards.\nWhen Thunderscape Battlemage enters the battlefield, if it "
                         "was kicked with its {G} kicker, destroy target enchantment.\n2/3\n\n"
                         "Latchkey Faerie {3}{U}\nCreature — Faerie Rogue\nFlying\nProwl {2}{U}\nWhen Latchkey Faerie "
                         "enters the battlefield, if its prowl cost was paid, draw a card.\n3/1\n") == [True] * 6
