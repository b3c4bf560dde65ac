"""Life sentences of the scenario language: life totals (119), poison counters (122.1f),
damage marked on creatures (120.6) and players who have lost the game (104.3).

given (state):
    "Alice has 17 life."   "Alice's life total is 17."   "Alice has 3 poison counters."
    "Grizzly Bears has 2 damage marked."
given (event):
    "Vampire Nighthawk deals 2 damage to Hill Giant."   "Prodigal Pyromancer deals 1 damage to Bob."
expect:
    "Alice has 17 life."   "Alice's life total is 17."   "Alice has 3 poison counters."
    "Alice has no poison counters."   "Alice has lost the game."   "Alice has not lost the game."
    "Grizzly Bears has 2 damage marked."   "Grizzly Bears has no damage marked."

A player whose life total no sentence gives has 20 (103.4)."""

from __future__ import annotations

from lark import Token, Tree

from .scenario_words import count_word
from .terms import fn


def _life(node: Tree) -> int:
    """A life_value: an optional minus sign and a number (a life total can be below 0, 119.4)."""
    n = int(str([c for c in node.children if isinstance(c, Token) and c.type == "NUMBER"][0]))
    return -n if len(node.children) > 1 else n


def _tree(ch, name: str) -> Tree:
    return [c for c in ch if isinstance(c, Tree) and c.data == name][0]


def _count(node) -> int:
    return count_word(node if not isinstance(node, Tree) else 1)


def _poison_kind(b, ch, ln) -> None:
    kind = [c for c in ch if isinstance(c, Token) and c.type == "COUNTER_KIND"][0]
    if str(kind).lower() != "poison":
        raise b.error(f"a player has poison counters only, not {str(kind)!r} counters", ln,
                      kind.column - ln.indent if kind.column else 1, expected=("poison",))


def _given_life(b, ch, ln):
    return "life", {"player": str(ch[0]), "life": _life(_tree(ch, "life_value"))}


def _given_poison(b, ch, ln):
    _poison_kind(b, ch, ln)
    return "poison", {"player": str(ch[0]), "poison": _count(ch[1])}


def _given_damage(b, ch, ln):
    return "damage", {"object": b.object_ref(ch[0], ln), "damage": _count(ch[1])}


def _deals_damage(b, ch, ln):
    """An event: "<source> deals N damage to <object or player>" (120.1): what a spell or ability did
    that the scenario does not step through, or damage the language has no other sentence for."""
    to = ch[2]
    target = (("player", str(to.children[0])) if to.data == "damage_to_player"
              else ("obj", b.object_ref(to.children[0], ln)))
    return "tl_damage", {"source": b.object_ref(ch[0], ln), "amount": _count(ch[1]), "targets": (target,)}


# `given` forms: grammar rule name -> handler(builder, children, line) -> (kind, arguments)
GIVEN = {
    "life_has": _given_life,
    "poison_has": _given_poison,
    "damage_has": _given_damage,
    "deals_damage": _deals_damage,
}


def _poison_claim(b, ch, ln):
    _poison_kind(b, ch, ln)
    return [fn("poison_is", str(ch[0]), _count(ch[1]))], False


def _no_poison_claim(b, ch, ln):
    _poison_kind(b, ch, ln)
    return [fn("poison_is", str(ch[0]), 0)], False


# claim forms: grammar rule name -> handler(builder, children, line) -> (queries, negated)
CLAIMS = {
    "life_claim": lambda b, ch, ln: ([fn("life_is", str(ch[0]), _life(_tree(ch, "life_value")))], False),
    "poison_claim": _poison_claim,
    "no_poison_claim": _no_poison_claim,
    "lost_claim": lambda b, ch, ln: ([fn("lost", str(ch[0]))], False),
    "not_lost_claim": lambda b, ch, ln: ([fn("lost", str(ch[0]))], True),
}

# "<object> <predicate>" forms: rule name -> handler(builder, children, object term, line) -> queries
OBJECT_CLAIMS = {
    "damage_claim": lambda b, ch, o, ln: [fn("damage_is", o, _count(ch[0]))],
    "no_damage_claim": lambda b, ch, o, ln: [fn("damage_is", o, 0)],
}
