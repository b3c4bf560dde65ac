"""Timeline sentences of the scenario language.

given (events, in order):
    "Alice casts Giant Growth targeting Grizzly Bears."   "... with X = 3."   "..., choosing Grizzly Bears."
    "Alice activates Mirror Entity's ability with X = 4."
    "Giant Growth resolves."   "Orvar, the All-Form's first triggered ability resolves, choosing Grizzly Bears."
    "Mind Rot resolves and Alice discards Orvar, the All-Form."   "Alice discards Orvar, the All-Form."
    "Grizzly Bears leaves the battlefield."  "... dies."  "... is exiled."  "... is returned to its owner's hand."
    "Alice's beginning of combat step begins."  (upkeep, draw step, end step)
    "Alice turns Warbreak Trumpeter face up with X = 2."  (a special action, 116.2b, 107.3d)
    "Alice suspends Detritivore with X = 3."  (a special action, 116.2f, 702.62a)
expect:
    "Orvar, the All-Form's first triggered ability triggers." / "... does not trigger."
    "Orvar, the All-Form's first triggered ability resolves before Giant Growth."
    "Alice controls a token that is a copy of Grizzly Bears."  "Alice may control a token ..."
    "Alice controls 2 permanents named Grizzly Bears."   "No token is created."   "Hooded Hydra has X = 0."

Each event becomes a Sentence whose kind starts with "tl_"; `mtgkb.timeline` steps through
them.  Claims become query terms `tl_*` that rules.lp's timeline section answers.
"""

from __future__ import annotations

import re

from lark import Token, Tree

from .scenario_tails import CHOSEN_VALUE_FORMS, chosen_value, read_tails as _tails, refuse_parts
from .scenario_words import NUMBER_WORDS, ORDINALS, base_name, handle_term
from .terms import fn

_KINDS = {"ab_mana": "mana", "ab_activated": "activated", "ab_triggered": "triggered", "ab_suspend": "suspend", "ab_loyalty": "loyalty",
          "ab_delayed": "delayed", "ab_decayed": "decayed"}

# Sentence kinds that make a block a timeline (mtgkb/check.py sends such blocks to the stepper).
TIMELINE_KINDS = {"tl_cast", "tl_activate", "tl_resolve", "tl_zone", "tl_discard", "tl_step", "tl_tap", "tl_special",
                  "tl_copy"}


def _trees(ch, name):
    return [c for c in ch if isinstance(c, Tree) and c.data == name]


def _obj(b, ln, node) -> str:
    tok = node.children[0] if isinstance(node, Tree) else node
    return b.resolve(str(tok), ln, tok)


def _ability_ref(b, ln, ref: Tree) -> tuple:
    """('ab', handle, kind, n): the n-th ability of that kind (0: the only one)."""
    h = _obj(b, ln, ref.children[0])
    ords = [c for c in ref.children if isinstance(c, Token) and c.type == "ORDINAL"]
    kinds = [_KINDS[c.data] for c in ref.children if isinstance(c, Tree) and c.data in _KINDS]
    return ("ab", h, kinds[0] if kinds else "any", ORDINALS[str(ords[0]).lower()] if ords else 0)


def _item(b, ln, node: Tree) -> tuple:
    inner = node.children[0]
    if isinstance(inner, Tree) and inner.data == "ability_ref":
        return _ability_ref(b, ln, inner)
    return ("obj", _obj(b, ln, inner))


def _cast(b, ch, ln):
    player = str(ch[0])
    name = str(ch[1].children[0])
    # A card cast from the hand need not be put there first: a new handle is a card of the caster's.
    new = name not in b.ctx.handles
    handle = b.ctx.new_handle(name) if new else name
    args = {"player": player, "object": handle, "card": base_name(handle), "new": new}
    args.update(_tails(b, ln, ch[2:]))
    refuse_parts(b, ln, args, {"paying_with", "spending", "kicked", "free", "sacrificing", "discarding", "revealing"},
                 "a cast")
    if args["free"] and args["x"]:
        # CR 107.3b: cast without paying its mana cost, the only legal X is 0
        raise b.error("a spell cast without paying its mana cost has X = 0 (107.3b)", ln, 1, expected=("with X = 0",))
    return "tl_cast", args


def _activate(b, ch, ln):
    args = {"player": str(ch[0]), "ability": _ability_ref(b, ln, ch[1])}
    args.update(_tails(b, ln, ch[2:]))
    refuse_parts(b, ln, args, {"paying_with", "spending"}, "an activation")
    return "tl_activate", args


def _special(action):
    def handler(b, ch, ln):
        args = dict({"action": action, "player": str(ch[0]), "object": _obj(b, ln, ch[1])}, **_tails(b, ln, ch[2:]))
        refuse_parts(b, ln, args, set(), "a special action")
        return "tl_special", args
    return handler


def _resolve(b, ch, ln):
    ch_t = _trees(ch, "tl_choosing")
    ch_v = [c for c in ch if isinstance(c, Tree) and c.data in CHOSEN_VALUE_FORMS]
    return "tl_resolve", {"item": _item(b, ln, ch[0]),
                          "choosing": _obj(b, ln, ch_t[0].children[-1]) if ch_t else None,
                          "value": chosen_value(ch_v[0]) if ch_v else None, "discard": None}


def _resolve_discard(b, ch, ln):
    return "tl_resolve", {"item": _item(b, ln, ch[0]), "choosing": None, "value": None,
                          "discard": (str(ch[1]), _obj(b, ln, ch[2]))}


def _zone(to: str, dies: bool = False, countered: bool = False):
    def handler(b, ch, ln):
        return "tl_zone", {"object": _obj(b, ln, ch[0]), "to": to, "dies": dies, "countered": countered}
    return handler


def _discard(b, ch, ln):
    return "tl_discard", {"player": str(ch[0]), "object": _obj(b, ln, ch[2] if len(ch) > 2 else ch[1])}


def _step(b, ch, ln):
    st = [c for c in ch if isinstance(c, Tree)][0].data[3:]
    return "tl_step", {"player": str(ch[0]), "step": st}


def _tap(b, ch, ln):
    """'Alice taps Forest for mana.' / '... for {U}.' (one type of mana)"""
    node = ch[2]
    typ = None
    if node.data == "tap_for_sym":
        tok = node.children[0]
        syms = re.findall(r"\{([^}]+)\}", str(tok))
        if len(syms) != 1 or syms[0].upper() not in ("W", "U", "B", "R", "G", "C"):
            raise b.error("name one type of mana, such as {G}", ln, (tok.column - ln.indent), expected=("{G}",))
        typ = syms[0].lower()
    return "tl_tap", {"player": str(ch[0]), "object": _obj(b, ln, ch[1]), "for": typ}


# `given` forms (events): grammar rule name -> handler(builder, children, line) -> (kind, arguments)
GIVEN = {
    "tl_cast": _cast,
    "tl_activate": _activate,
    "tl_resolve": _resolve,
    "tl_resolve_discard": _resolve_discard,
    "tl_leaves": _zone("graveyard"),
    "tl_dies": _zone("graveyard", dies=True),
    "tl_exiled": _zone("exile"),
    "tl_bounced": _zone("hand"),
    "tl_countered": _zone("graveyard", countered=True),
    "tl_discard": _discard,
    "tl_step_begins": _step,
    "tl_tap": _tap,
    "tl_turn_face_up": _special("turn_face_up"),
    "tl_suspend": _special("suspend"),
}


# ----------------------------------------------------------------------------- claims

def _ref_term(ref: tuple):
    if ref[0] == "ab":
        return fn("ab_ref", handle_term(ref[1]), fn(ref[2]), ref[3])
    return fn("obj_ref", handle_term(ref[1]))


def _triggers(negated: bool):
    def handler(b, ch, ln):
        return [fn("tl_triggered", _ref_term(_ability_ref(b, ln, ch[0])))], negated
    return handler


def _before(b, ch, ln):
    return [fn("tl_before", _ref_term(_item(b, ln, ch[0])), _ref_term(_item(b, ln, ch[1])))], False


def _control(ch) -> tuple[bool, bool]:
    """(may, negated) of the tl_control word."""
    d = ch[1].data
    return d == "tl_may_control", d == "tl_not_control"


def _wrap(q, may: bool):
    # "Alice may control ...": the modal word follows the subject; mtgkb/timeline.py
    # turns tl_may(Q) into a `may` claim about Q.
    return fn("tl_may", q) if may else q


def _token_copy(b, ch, ln):
    may, neg = _control(ch)
    q = fn("tl_token_copy", str(ch[0]), handle_term(_obj(b, ln, ch[-1])))
    return [_wrap(q, may)], neg


def _count_named(b, ch, ln):
    may, neg = _control(ch)
    c = ch[2]
    n = 1 if isinstance(c, Tree) else (int(str(c)) if str(c).isdigit() else NUMBER_WORDS[str(c).lower()])
    nt = [c for c in ch if isinstance(c, Tree) and c.data == "name_text"][0].children
    name = str(nt[0])[1:-1] if nt[0].type == "QUOTED" else " ".join(str(x) for x in nt)
    return [_wrap(fn("tl_count_named", str(ch[0]), n, base_name(name)), may)], neg


# "The token that is a copy of X ...": a claim about the token made as a copy of X (mtgkb/timeline.py
# finds it in each outcome).  The pseudo-handle cannot be written in a scenario.
TOKEN_COPY = "\u27e8token copy of {}\u27e9"


def _token_handle(b, ln, ref: Tree) -> str:
    return TOKEN_COPY.format(_obj(b, ln, ref.children[-1]))


def _token_claim(b, ch, ln):
    h = _token_handle(b, ln, ch[0])
    pred = ch[1]
    negated = False
    if pred.data in ("neg_is", "neg_have"):
        negated = True
        pred = pred.children[0]
    return b.queries(pred, h, ln), negated


def _token_triggers(negated: bool):
    def handler(b, ch, ln):
        h = _token_handle(b, ln, ch[0])
        ords = [c for c in ch if isinstance(c, Token) and c.type == "ORDINAL"]
        kinds = [_KINDS[c.data] for c in ch if isinstance(c, Tree) and c.data in _KINDS]
        ref = ("ab", h, kinds[0] if kinds else "any", ORDINALS[str(ords[0]).lower()] if ords else 0)
        return [fn("tl_triggered", _ref_term(ref))], negated
    return handler


# claim forms: grammar rule name -> handler(builder, children, line) -> (queries, negated)
CLAIMS = {
    "tl_token_claim": _token_claim,
    "tl_token_triggers": _token_triggers(False),
    "tl_token_not_triggers": _token_triggers(True),
    "tl_triggers": _triggers(False),
    "tl_not_triggers": _triggers(True),
    "tl_before": _before,
    "tl_token_copy": _token_copy,
    "tl_count_named": _count_named,
    "tl_no_token": lambda b, ch, ln: ([fn("tl_no_token")], False),
    "tl_ability_x": lambda b, ch, ln: ([fn("tl_ability_x", handle_term(_obj(b, ln, ch[0])), int(str(ch[-1])))], False),
}

# "<object> <predicate>" forms: rule name -> handler(builder, children, object term, line) -> queries
OBJECT_CLAIMS = {
    "tl_has_x": lambda b, ch, o, ln: [fn("tl_x_of", o, int(str(ch[-1])))],
}
