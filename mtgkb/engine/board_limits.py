"""How big a ruling's board may be: at most MAX_OBJECTS objects put into the game by
its state sentences ("Alice controls 20 Forests.", "... is in Alice's hand.").  Past
it the sentence is bad input (exit 2, with its position), before anything is
grounded: a board that large cannot be checked within the usual limits anyway (see
docs/engine.md, "Limits", and bench/limits.py for the figures)."""

from __future__ import annotations

from mtgkb.parser.scenario_ast import Sentence

from ..facts import FactError

MAX_OBJECTS = 10_000


def check_board_size(st, s: Sentence) -> None:
    """FactError when state sentence `s` would bring the objects of state `st` past
    MAX_OBJECTS."""
    adds = len(s.args["objects"]) if s.kind == "controls" else 1 if s.kind == "in_zone" else 0
    if adds and len(st.objects) + adds > MAX_OBJECTS:
        raise FactError(f"too many objects: a ruling has at most {MAX_OBJECTS:,} objects, and this sentence "
                        f"brings it to {len(st.objects) + adds:,}", s.pos,
                        expected=(f"at most {MAX_OBJECTS:,} objects in a ruling",))
