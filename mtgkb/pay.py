"""`mtgkb pay`: the `mtgkb.pay/1` document of the ways to pay a cost against a block
(by default the last) of a scenario file (docs/mana.md)."""

from __future__ import annotations

from clingo import Function, String

from mtgkb.parser.errors import ParseError
from mtgkb.parser.mana_symbols import mana_symbol_term

from .check import Session
from .engine.present import ability_words
from .mana_pay import DEFAULT_LIMIT, DEFAULT_TIMEOUT, parse_cost, solve_request
from .symbols import sym


def pay_document(path: str, cost_text: str, *, player: str | None = None, with_: list[str] | None = None,
                 count_only: bool = False, limit: int = DEFAULT_LIMIT, timeout: float = DEFAULT_TIMEOUT,
                 session=None, ruling: str | None = None) -> tuple[dict, list[str]]:
    """The `mtgkb.pay/1` document for COST against the block `ruling` names (default:
    the last block of the scenario file), and warnings (what the answer leaves open).
    Raises ParseError on bad input."""
    session = session or Session(timeout=timeout)
    sf, block = session.load_block(path, ruling)
    try:
        syms = parse_cost(cost_text)
    except ValueError as e:
        raise ParseError(str(e), "<cost>", 1, 1, expected=("a mana cost such as {S}{1}",)) from None
    enc = _board(session, sf, block)
    players = [f.arguments[0].string for f in enc.facts if f.name == "player"]
    active = [f.arguments[0].string for f in enc.facts if f.name == "active_player"]
    if player is None:
        player = active[0] if active else (players[0] if players else None)
    if player is None or player not in players:
        raise ParseError(f"no player {player!r} in this scenario", path, block.pos.line, 1,
                         expected=tuple(players) or ("a scenario that names a player",))
    if with_:
        missing = [w for w in with_ if w not in enc.objects]
        if missing:
            raise ParseError(f"no object called {missing[0]!r} in this scenario", path, block.pos.line, 1,
                             expected=tuple(sorted(enc.objects))[:12])
        W = Function("with", [enc.objects[w] for w in with_])
    else:
        W = Function("all", [])
    C = Function("cost", [sym(mana_symbol_term(s)) for s in syms if s != "0"])
    R = Function("req", [String(player), C, Function("none", []), W, Function("plain", [])])
    res = solve_request(enc.facts, R, count=True, limit=limit, timeout=timeout, handles=enc.handles,
                        with_ways=not count_only)
    warnings = []
    for a in res.open:
        warnings.append(f"the answer leaves out an ability mtgkb does not model: {ability_words(a)}")
    if res.timed_out:
        warnings.append(f"the time limit ({timeout:g}s) was reached: the answer is incomplete")
    doc = {"schema": "mtgkb.pay/1", "cost": "".join("{" + s + "}" for s in syms), "player": player,
           "payable": bool(res.payable), "count": res.count, "ways": [] if count_only else res.ways,
           "truncated": bool(res.truncated or res.timed_out)}
    return doc, warnings


def _board(session, sf, block):
    """The facts of the block's state (its first outcome), as Session.encode gives them but
    without solving the block's claims (a payment needs the state, not the verdicts); bad
    input and an impossible scenario are ParseErrors as there."""
    from .engine.ask import Bound, ScenarioError
    from .engine.outcomes import encode_block
    from .facts import FactError

    try:
        return encode_block(block, session.finder(sf, block), session.reference, timeout=session.solver.timeout)
    except FactError as e:
        pos = e.pos or block.pos
        raise ParseError(str(e), pos.file, pos.line, pos.column, expected=e.expected,
                         violations=e.violations) from None
    except ScenarioError as e:
        pos = e.sentence.pos if e.sentence is not None else block.pos
        why = f"{pos.file}:{pos.line}:{pos.column}: the scenario is impossible ({e})"
    except Bound:
        why = "the scenario's events cannot be stepped through"
    raise ParseError(why, sf.path, block.pos.line, 1, expected=("a scenario whose events are possible",))


