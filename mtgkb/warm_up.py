"""What a worker of mtgkb.parallel loads before its first task's clock starts: the card
names, the scenario grammar's tables, the analysis of the program and of its timeline part
and the index of their rules, and (when it pays: loaded once in a process that forks several
workers) the Oracle grammar's tables, which only a task that reads Oracle text needs."""

from __future__ import annotations

# a card with an ability line (read with the Oracle grammar), a vanilla one (read without it)
_WARM_UP_CARD = 'card:\n  Warm Up Bear {1}{G}\n  Creature \u2014 Bear\n  Flying\n  2/2\n\n'
_WARM_UP_VANILLA = 'card:\n  Warm Up Bear {1}{G}\n  Creature \u2014 Bear\n  2/2\n\n'
_WARM_UP_SCENARIO = 'scenario "warm up"\n  given:\n    Alice controls Warm Up Bear.\n'


def warm_up(kb, oracle: bool = True) -> None:
    """What every worker loads once (card names, the scenario grammar's tables, with
    `oracle` the Oracle grammar's too, the analysis of the program and of its timeline
    part and the index of their rules), before its first ruling's clock starts.  Without
    `oracle` the Oracle grammar is loaded here all the same when its tables are not in the
    cache: building them takes seconds, which no ruling's time limit is to pay."""
    from mtgkb.parser import oracle as oracle_grammar
    from mtgkb.parser.scenario import parse_scenario

    oracle = oracle or not oracle_grammar.tables_kept()

    from .engine.meaning_facts import split
    from .program import program_text
    from .program_slice import sliced

    parse_scenario((_WARM_UP_CARD if oracle else _WARM_UP_VANILLA) + _WARM_UP_SCENARIO, file="<warm-up>",
                   known_names=kb.session.db.name_table())
    for text in (program_text(), split(program_text())[0]):
        sliced(text, frozenset())      # its analysis and the index of its rules
