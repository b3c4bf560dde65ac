"""How big a ruling's board may be: at most MAX_OBJECTS objects put into the game by
its state sentences ("Alice controls 20 Forests.", "... is in Alice's hand.").  Past
it the sentence is bad input (exit 2, with its position), before anything is
grounded: a board that large cannot be checked within the usual limits anyway (see
docs/engine.md, "Limits", and bench/limits.py for the figures).  The parser checks the
same limit as it reads a block, at the number that goes past it, before the objects
are made (mtgkb.parser.errors.MAX_OBJECTS); this is the state's own check."""

from __future__ import annotations

from mtgkb.parser.errors import MAX_OBJECTS, too_many_objects
from mtgkb.parser.scenario_ast import Sentence

from ..facts import FactError


def check_board_size(st, s: Sentence) -> None:
    """FactError when state sentence `s` would bring the objects of state `st` past
    MAX_OBJECTS."""
    adds = len(s.args["objects"]) if s.kind == "controls" else 1 if s.kind == "in_zone" else 0
    if adds and len(st.objects) + adds > MAX_OBJECTS:
        raise FactError(too_many_objects(MAX_OBJECTS, len(st.objects) + adds), s.pos,
                        expected=(f"at most {MAX_OBJECTS:,} objects in a ruling",))
