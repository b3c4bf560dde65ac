"""Zone sentences of the scenario language: libraries in order (401), hands (402), drawing
(121), milling (701.17) and shuffling (701.24).

given (state):
    "Alice's library is Forest, Island and 20 unknown cards."   (top first)
    "Alice's library has 30 cards."   "The top card of Alice's library is Forest."
    "Alice has Lightning Bolt and 3 unknown cards in hand."   "Alice has no cards in hand."
given (event):
    "Alice draws a card."   "Alice draws two cards."   "Alice mills two cards."
    "Alice shuffles her library."
expect:
    "Alice has 3 cards in hand."   "Alice has no cards in hand."   "Alice's library has 19 cards."
    "The top card of Alice's library is Forest."   "Alice has Forest in hand."
    "Alice does not have Forest in hand."   "Alice may have Forest in hand."

An unknown card is a card whose name no sentence says: it counts, and has nothing else a
claim can read."""

from __future__ import annotations

from lark import Token, Tree

from .scenario_words import base_name, count_word
from .terms import fn


def _count(node) -> int:
    return count_word(node if not isinstance(node, Tree) else 1)


def _entries(b, tree: Tree, ln) -> tuple:
    """A zn_list -> entries: a new handle for each named card, or the number of unknown cards."""
    out = []
    for item in tree.children:
        b.add_objects(1 if item.data == "zn_known" else _count(item.children[0]), ln, item.children[0])  # board size
        if item.data == "zn_known":
            name = str(item.children[0])
            handle = b.ctx.new_handle(base_name(name))
            out.append(("card", handle, base_name(handle)))
        else:
            out.append(("unknown", _count(item.children[0])))
    return tuple(out)


def _library_is(b, ch, ln):
    return "zn_library", {"player": str(ch[0]), "entries": _entries(b, ch[2], ln)}


def _library_has(b, ch, ln):
    b.add_objects(_count(ch[2]), ln, ch[2])   # the board size limit counts a library's cards too
    return "zn_library", {"player": str(ch[0]), "entries": (("unknown", _count(ch[2])),)}


def _library_top(b, ch, ln):
    name = str(ch[2])
    handle = b.ctx.new_handle(base_name(name))
    return "zn_library_top", {"player": str(ch[0]), "object": handle, "card": base_name(handle)}


def _hand_is(b, ch, ln):
    return "zn_hand", {"player": str(ch[0]), "entries": _entries(b, ch[1], ln)}


def _draws(verb: str):
    def handler(b, ch, ln):
        return "zn_action", {"player": str(ch[0]), "action": verb, "n": _count(ch[1])}
    return handler


# `given` forms: grammar rule name -> handler(builder, children, line) -> (kind, arguments)
GIVEN = {
    "zn_library_is": _library_is,
    "zn_library_has": _library_has,
    "zn_library_top": _library_top,
    "zn_hand_is": _hand_is,
    "zn_hand_empty": lambda b, ch, ln: ("zn_hand", {"player": str(ch[0]), "entries": ()}),
    "zn_draws": _draws("draw"),
    "zn_mills": _draws("mill"),
    "zn_shuffles": lambda b, ch, ln: ("zn_action", {"player": str(ch[0]), "action": "shuffle", "n": 0}),
}


def _named(tok: Token) -> str:
    return base_name(str(tok))


# claim forms: grammar rule name -> handler(builder, children, line) -> (queries, negated)
CLAIMS = {
    "zn_hand_count_claim": lambda b, ch, ln: ([fn("hand_count", str(ch[0]), _count(ch[1]))], False),
    "zn_hand_none_claim": lambda b, ch, ln: ([fn("hand_count", str(ch[0]), 0)], False),
    "zn_library_count_claim": lambda b, ch, ln: ([fn("library_count", str(ch[0]), _count(ch[2]))], False),
    "zn_top_claim": lambda b, ch, ln: ([fn("top_card", str(ch[0]), _named(ch[2]))], False),
    "zn_in_hand_claim": lambda b, ch, ln: ([fn("in_hand", str(ch[0]), _named(ch[1]))], False),
    "zn_not_in_hand_claim": lambda b, ch, ln: ([fn("in_hand", str(ch[0]), _named(ch[1]))], True),
    # "Alice may have Forest in hand.": true in some outcome (outcomes.may_claims)
    "zn_may_in_hand_claim": lambda b, ch, ln: ([fn("tl_may", fn("in_hand", str(ch[0]), _named(ch[1])))], False),
}
