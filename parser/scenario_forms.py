"""The one table of scenario sentence forms: grammar rule name -> handler, built here
from the families of sentences.  Adding a sentence form means its grammar rule in
scenario.lark, its handler in its family's module and nothing else here unless it
is a new family.

Three tables, by where the form stands in a sentence:

- GIVEN_HANDLERS: a `given` sentence (state or event);
  handler(builder, children, line) -> (sentence kind, arguments)
- CLAIM_HANDLERS: an `expect` claim other than "<object> <predicate>";
  handler(builder, children, line) -> (queries, negated)
- OBJECT_CLAIM_HANDLERS: the predicate of an "<object> <predicate>" claim;
  handler(builder, children, object term, line) -> queries
"""

from __future__ import annotations

from typing import Callable

from . import (scenario_casting, scenario_claims, scenario_events, scenario_life, scenario_mana, scenario_state,
               scenario_timeline, scenario_turn, scenario_zones)

FAMILIES = (scenario_state, scenario_claims, scenario_events, scenario_mana, scenario_timeline, scenario_life,
            scenario_turn, scenario_zones, scenario_casting)


def _table(part: str) -> dict[str, Callable]:
    out: dict[str, Callable] = {}
    for family in FAMILIES:
        forms = getattr(family, part, {})
        clash = out.keys() & forms.keys()
        if clash:  # pragma: no cover - two families claiming one grammar rule is a bug
            raise RuntimeError(f"sentence forms {sorted(clash)} are defined twice ({family.__name__})")
        out.update(forms)
    return out


GIVEN_HANDLERS: dict[str, Callable] = _table("GIVEN")
CLAIM_HANDLERS: dict[str, Callable] = _table("CLAIMS")
OBJECT_CLAIM_HANDLERS: dict[str, Callable] = _table("OBJECT_CLAIMS")
