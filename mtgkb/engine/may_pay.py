"""A cost a spell's or ability's controller may pay as it resolves ("You may pay {1}{U}. If you do, ...":
CR 118.12, 608.2d).  rules.lp says which costs the resolution offers (mtgkb/rules/may_pay.lp:
tl_may_pay_ask/4); here each is declined, or paid in each way rules.lp's payment part allows (601.2g-h: an
event whose payment request is the resolving item, `resolution(I)`), and the resolution is asked again
with the decision (Item.paid).  A cost that cannot be paid is only declined (118.3)."""

from __future__ import annotations

from clingo import Function, String

from ..mana_pay import request_facts, symbol_text
from .ask import ScenarioError
from .state import State, item_sym


def may_pay_branches(stepper, st: State, it, asks, payers=None) -> list[State]:
    """The outcomes of the choices to pay each cost in `asks` ((A, N, mana(Syms...)), ...): the item's
    `paid` is set in each (the (A, N) paid).  `payers` maps (A, N) to the player who chooses and pays when
    that is not the item's controller ("unless its controller pays {3}": CR 118.12, 608.2d)."""
    work: list[tuple[State, tuple]] = [(st, ())]
    I = item_sym(it.id)
    for A, N, M in asks:
        nxt = []
        who = (payers or {}).get((A, N), it.controller)
        for b, paid in work:
            cost = "".join("{%d}" % x.arguments[0].number if x.name == "generic" else symbol_text(x) for x in M.arguments)
            no = b.clone()
            no.choices.append(f"{who} does not pay {cost}")
            no.log.append(("118.12, 608.2d", f"  as {it.label} resolves, {who} chooses not to pay {cost}"))
            nxt.append((no, paid))
            R = Function("req", [String(who), Function("cost", list(M.arguments)), Function("none"),
                                 Function("all"), Function("resolution", [I])])
            facts = request_facts(R) + [Function("pay_request", [R, String(who)]),
                                        Function("pay_resolution", [R, I])]
            yes = b.clone()
            yes.log.append(("118.12, 601.2g-h", f"  as {it.label} resolves, {who} pays {cost}"))
            try:
                outs = stepper.event(yes, Function("pays_during_resolution", [I, A, N]), extra=facts)
            except ScenarioError:
                continue   # CR 118.3: it cannot be paid
            for o in outs:
                o.choices.append(f"{who} pays {cost}")
                nxt.append((o, paid + ((A, N),)))
        work = nxt
    out = []
    for b, paid in work:
        b.item_of(it.id).paid = paid
        out.append(b)
    return out
