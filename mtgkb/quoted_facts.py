"""Abilities in quotation marks inside an ability's text (CR 113.1, 111.3, 613.1f): the ability a token is
created with ('create a 1/1 red Satyr creature token with "This creature can't block."').  The grammar reads
each as a term quoted(ability(Kind, costs(...), Trigger, effects(...))); here it becomes an ability of its
own, q(A, K) (the K-th quoted ability of ability A), with the same facts as a printed one (ability_kind,
ability_cost, ability_trigger, ability_effect) and quoted_in(A, Term, q(A, K)), so that rules.lp reads it
like any ability (or leaves it unread) once an object has it."""

from __future__ import annotations

from clingo import Function, Number, Symbol

from mtgkb.parser.terms import Fn

from .symbols import atom, sym

# the kind words of a quoted ability's term -> the kinds of docs/oracle-meaning.md §2 ("plain": a static
# ability of the permanent that has it)
QUOTED_KINDS = {"plain": "static", "triggered": "triggered", "activated": "activated", "mana": "mana"}


def quoted_facts(A: Symbol, effects) -> list[Symbol]:
    out: list[Symbol] = []
    k = 0

    def walk(t) -> None:
        nonlocal k
        if not isinstance(t, Fn):
            return
        if (t.name == "quoted" and len(t.args) == 1 and isinstance(t.args[0], Fn) and t.args[0].name == "ability"
                and len(t.args[0].args) == 4):
            kind, costs, trigger, effs = t.args[0].args
            if not (isinstance(kind, Fn) and kind.name in QUOTED_KINDS):
                return
            k += 1
            Q = Function("q", [A, Number(k)])
            out.append(atom("quoted_in", A, sym(t.args[0]), Q))
            out.append(atom("ability_kind", Q, Function(QUOTED_KINDS[kind.name])))
            if isinstance(costs, Fn):
                out.extend([atom("ability_cost", Q, Number(i), sym(c)) for i, c in enumerate(costs.args, start=1)])
            if isinstance(trigger, Fn) and trigger.name != "none":
                out.append(atom("ability_trigger", Q, sym(trigger)))
            if isinstance(effs, Fn):
                out.extend([atom("ability_effect", Q, Number(i), sym(e)) for i, e in enumerate(effs.args, start=1)])
            return   # a quoted ability inside it is its own (not read here)
        for a in t.args:
            walk(a)

    for e in effects:
        walk(e)
    return out
