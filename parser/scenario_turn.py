"""Turn and combat sentences of the scenario language (CR 500-514, 506-511).

given (events, in order):
    "The turn ends."                      the remaining steps of the turn happen, cleanup included
    "The game proceeds to Bob's turn."    ... and Bob's turn begins, up to his precombat main phase
    "Alice attacks with Grizzly Bears and Llanowar Elves."   declare attackers (508.1)
    "Bob blocks Grizzly Bears with Hill Giant."               declare blockers (509.1)
    "Combat damage is dealt."             the combat damage step(s) (510; 702.7b: two with first strike)
    "First-strike combat damage is dealt."   only the first of two combat damage steps
    "..., with Craw Wurm assigning 4 damage to Bob and 2 damage to Hill Giant."   an assignment (510.1c)
expect:
    "Grizzly Bears is attacking."  "... is blocking."  "... is blocked."  "... is unblocked."
    "It is Bob's upkeep."  "It is Bob's turn."  "It is turn 3."

Step sentences ("Alice's end step begins.", with the steps of 500.1) are timeline sentences
(scenario_timeline.py); mtgkb/engine/turn.py gives them their turn-structure meaning."""

from __future__ import annotations

from lark import Token, Tree

from .scenario_words import count_word
from .terms import fn


def _objects(b, ln, node: Tree) -> tuple:
    return tuple(b.object_ref(c, ln) for c in node.children if isinstance(c, Tree))


def _count(node) -> int:
    return count_word(node if not isinstance(node, Tree) else 1)


def _assignments(b, ln, ch) -> tuple:
    """", with X assigning N damage to Y and M damage to Z": (source, (kind, who), N) triples."""
    out = []
    for a in ch:
        if not (isinstance(a, Tree) and a.data == "cd_assign"):
            continue
        src = b.object_ref(a.children[0], ln)
        for part in a.children[1:]:
            if not isinstance(part, Tree):
                continue
            to = part.children[-1]
            who = (("player", str(to.children[0])) if to.data == "damage_to_player"
                   else ("obj", b.object_ref(to.children[0], ln)))
            out.append((src, who, _count(part.children[0])))
    return tuple(out)


def _attacks(b, ch, ln):
    return "tl_attacks", {"player": str(ch[0]), "objects": _objects(b, ln, ch[1])}


def _blocks(b, ch, ln):
    return "tl_blocks", {"player": str(ch[0]), "attacker": b.object_ref(ch[1], ln), "objects": _objects(b, ln, ch[2])}


def _damage(first_only: bool):
    def handler(b, ch, ln):
        return "tl_combat_damage", {"first_only": first_only, "assign": _assignments(b, ln, ch)}
    return handler


# `given` forms (events): grammar rule name -> handler(builder, children, line) -> (kind, arguments)
GIVEN = {
    "turn_ends": lambda b, ch, ln: ("tl_turn_ends", {}),
    "proceeds_to_turn": lambda b, ch, ln: ("tl_proceeds", {"player": str(ch[0])}),
    # CR 500.1: the given state is the whole turn so far: no creature died, no player lost life before it
    "nothing_earlier": lambda b, ch, ln: ("history_known", {}),
    "attacks": _attacks,
    "blocks": _blocks,
    "combat_damage": _damage(False),
    "first_strike_damage": _damage(True),
}


def _step_claim(b, ch, ln):
    st = [c for c in ch if isinstance(c, Tree)][0].data[3:]
    st = {"combat": "beginning_of_combat"}.get(st, st)  # the step names of State.step (500.1)
    return [fn("step_is", str(ch[0]), fn(st))], False


# claim forms: grammar rule name -> handler(builder, children, line) -> (queries, negated)
CLAIMS = {
    "step_claim": _step_claim,
    "turn_claim": lambda b, ch, ln: ([fn("turn_of", str(ch[0]))], False),
    "turn_number_claim": lambda b, ch, ln: ([fn("turn_is", int(str([c for c in ch if isinstance(c, Token)][-1])))], False),
}

# "<object> <predicate>" forms: rule name -> handler(builder, children, object term, line) -> queries
OBJECT_CLAIMS = {
    "combat_attacking": lambda b, ch, o, ln: [fn("attacking", o)],
    "combat_blocking": lambda b, ch, o, ln: [fn("blocking", o)],
    "combat_blocked": lambda b, ch, o, ln: [fn("blocked", o)],
    "combat_unblocked": lambda b, ch, o, ln: [fn("unblocked", o)],
}
