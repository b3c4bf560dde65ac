"""Spells acting on a spell on the stack (CR 707.10, 707.10c, 115.7; mtgkb/rules/meaning_spell_targets.lp,
spell_targets.lp, mtgkb/engine/spell_copies.py): a copy of a target instant or sorcery spell, put onto the
stack under the copying spell's controller, resolving first, with new targets an outcome per legal choice;
"choose new targets for target spell" and "change the target of target spell with a single target".
Table-driven: the verdicts of a scenario's claims, or the error it must be."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import Case, case_tests

BOLT = ("It is Alice's turn.", "Alice controls Grizzly Bears.", "Bob controls Hill Giant.",
        "Bob has {R} in his mana pool.",
        "Bob casts Lightning Bolt targeting Grizzly Bears, paying from his mana pool.")


def _cast(card: str, mana: str, *rest: str) -> tuple:
    return BOLT + (f"Alice has {mana} in her mana pool.",
                   f"Alice casts {card} targeting Lightning Bolt, paying from her mana pool.") + rest


def _bob_then_alice(board: tuple, spell: str, mana: str, counter: str, mana2: str, target: str) -> tuple:
    """Bob casts a spell on his turn; Alice casts a spell targeting it."""
    return ("It is Bob's turn.",) + board + (
        f"Bob has {mana} in his mana pool.", f"Bob casts {spell}, paying from his mana pool.",
        f"Alice has {mana2} in her mana pool.", f"Alice casts {counter} targeting {target}, paying from her mana pool.")


def _illegal(board: tuple, spell: str, mana: str, counter: str, mana2: str, target: str) -> tuple:
    """The case's lines, claims and error keywords: Alice's spell cannot target Bob's (601.2c)."""
    lines = _bob_then_alice(board, spell, mana, counter, mana2, target)
    return lines, (f"{spell.split(' targeting ')[0]} is in Bob's graveyard.",), None, ("illegal target", "601.2c"), lines[-1]


CASES = [
    # CR 707.10: the copy waits on the stack above the original; nothing else happened yet
    case("copy-is-on-the-stack", _cast("Reverberate", "{R}{R}", "Reverberate resolves."),
         ("Grizzly Bears is on the battlefield.", "Hill Giant is on the battlefield.", "Bob has 20 life.",
          "Lightning Bolt is in Bob's graveyard.", "Reverberate is in Alice's graveyard."),
         ("holds", "holds", "holds", "fails", "holds")),
    # CR 707.10c: which target the copy takes is the copy's controller's choice: open without a choice
    case("copy-new-target-is-open", _cast("Reverberate", "{R}{R}", "Reverberate resolves.",
                                          "Lightning Bolt resolves."),
         ("Grizzly Bears is in Alice's graveyard.", "Hill Giant is on the battlefield.", "Bob has 20 life.",
          "Alice has 20 life."),
         ("holds", "fails", "fails", "fails")),
    case("copy-new-target-chosen", _cast("Twincast", "{U}{U}", "Twincast resolves, choosing Hill Giant.",
                                         "Lightning Bolt resolves."),
         ("Grizzly Bears is in Alice's graveyard.", "Hill Giant is in Bob's graveyard.", "Bob has 20 life.",
          "Alice has 20 life."),
         ("holds", "holds", "holds", "holds")),
    case("copy-keeps-the-target", _cast("Reverberate", "{R}{R}", "Reverberate resolves, choosing Grizzly Bears.",
                                        "Lightning Bolt resolves."),
         ("Grizzly Bears is in Alice's graveyard.", "Hill Giant is on the battlefield.", "Bob has 20 life."),
         ("holds", "holds", "holds")),
    # CR 115.5: the choice must be a legal target for the copied spell
    case("copy-choice-must-be-legal", ("Alice controls Forest.",) + _cast("Reverberate", "{R}{R}",
                                                                        "Reverberate resolves, choosing Forest."),
         ("Grizzly Bears is on the battlefield.",), error=("115.7",),
         at="Reverberate resolves, choosing Forest."),
    # CR 115.7d: Redirect
    case("redirect-chosen", _cast("Redirect", "{U}{U}", "Redirect resolves, choosing Hill Giant.",
                                  "Lightning Bolt resolves."),
         ("Grizzly Bears is on the battlefield.", "Hill Giant is in Bob's graveyard."), ("holds", "holds")),
    case("redirect-open", _cast("Redirect", "{U}{U}", "Redirect resolves.", "Lightning Bolt resolves."),
         ("Grizzly Bears is on the battlefield.", "Lightning Bolt is in Bob's graveyard."),
         ("fails", "holds")),
    # CR 115.7a: Deflection must change it when another legal target exists
    case("deflection-changes-it", _cast("Deflection", "{U}{C}{C}{C}", "Deflection resolves.",
                                        "Lightning Bolt resolves."),
         ("Grizzly Bears is on the battlefield.",), ("holds",)),
    # CR 115.1, 601.2c: "counter target spell that targets a permanent you control": "you" is the counterspell's
    # controller; a spell aimed at Bob's creature is not a legal target
    case("keep-safe-counters", ("Alice has no cards in hand.", "Alice's library has 30 cards.")
         + _cast("Keep Safe", "{C}{U}", "Keep Safe resolves."),
         ("Lightning Bolt is in Bob's graveyard.", "Grizzly Bears is on the battlefield.", "Alice has 1 card in hand."),
         ("holds", "holds", "holds")),
    case("keep-safe-needs-your-permanent", *_illegal(("Alice controls Grizzly Bears.", "Bob controls Hill Giant."),
                                                     "Lightning Bolt targeting Hill Giant", "{R}", "Keep Safe",
                                                     "{C}{U}", "Lightning Bolt")),
    case("confound-needs-a-creature", *_illegal((), "Lightning Bolt targeting Alice", "{R}", "Confound", "{C}{U}",
                                                "Lightning Bolt")),
    # CR 202.3, 601.2c: "with mana value N", "with mana value X" (the counterspell's X, 107.3)
    case("spell-snare-counters-mana-value-2", _bob_then_alice((), "Grizzly Bears", "{G}{C}", "Spell Snare", "{U}",
                                                              "Grizzly Bears") + ("Spell Snare resolves.",),
         ("Grizzly Bears is in Bob's graveyard.",), ("holds",)),
    case("spell-snare-needs-mana-value-2", *_illegal(("Alice controls Hill Giant.",),
                                                     "Lightning Bolt targeting Hill Giant", "{R}", "Spell Snare", "{U}",
                                                     "Lightning Bolt")),
    case("spell-burst-x-is-the-mana-value", _bob_then_alice((), "Grizzly Bears", "{G}{C}", "Spell Burst", "{U}{C}{C}",
                                                            "Grizzly Bears with X = 2") + ("Spell Burst resolves.",),
         ("Grizzly Bears is in Bob's graveyard.",), ("holds",)),
    case("spell-burst-other-x-is-illegal", *_illegal((), "Grizzly Bears", "{G}{C}", "Spell Burst", "{U}{C}",
                                                     "Grizzly Bears with X = 1")),
]
CASES = [Case(c.id, c.body, c.verdicts, c.error, (c.at[0], 1)) if c.at else c for c in CASES]


test_spell_targets, test_case_ids_differ = case_tests(CASES)


def test_every_case_checks_something():
    assert all((c.verdicts is None) != (c.error is None) for c in CASES)


def test_spell_targets_are_applied(tmp_path):
    """The readings the honesty bench sees as applied."""
    assert parse_applied(tmp_path, "Reverberate {R}{R}\nInstant\nCopy target instant or sorcery spell. You may "
                         "choose new targets for the copy.\n\nRedirect {U}{U}\nInstant\nYou may choose new targets "
                         "for target spell.\n\nDeflection {3}{U}\nInstant\nChange the target of target spell with a "
                         "single target.\n") == [True, True, True]


def test_counters_of_spells_that_target_are_applied(tmp_path):
    assert parse_applied(tmp_path, "Keep Safe {1}{U}\nInstant\nCounter target spell that targets a permanent you "
                         "control.\nDraw a card.\n\nOutwit {U}\nInstant\nCounter target spell that targets a "
                         "player.\n\nPsychic Rebuttal {1}{U}\nInstant\nCounter target instant or sorcery spell "
                         "that targets you.\n\nLay Bare {2}{U}{U}\nInstant\nCounter target spell. Look at its "
                         "controller's hand.\n") == [True, True, True, True, True]


def test_the_controller_post_after_that_targets_is_the_targeted_objects(tmp_path):
    """"a spell that targets a creature you control": "you control" belongs to the creature (the grammar reads it
    after the description; parser/oracle_meaning.py moves it in)."""
    from mtgkb.parser.oracle_meaning import _that_targets_controlled
    from mtgkb.parser.terms import fn
    inner = fn("some", fn("a"), fn("desc", fn("none"), fn("types"), fn("where")))
    moved = _that_targets_controlled([fn("that_targets", inner), fn("you_control")])
    assert moved == [fn("that_targets", fn("some", fn("a"), fn("desc", fn("none"), fn("types"),
                                                                fn("where", fn("you_control")))))]
    assert _that_targets_controlled([fn("you_control")]) == [fn("you_control")]
