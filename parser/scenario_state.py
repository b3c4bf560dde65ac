"""State sentences of `given`: who controls which objects (with counters, attached,
tapped, tokens, face down), an object's status, an object in a zone, whose turn it is.

Each handler takes (builder, children, line) and returns (sentence kind, arguments);
`scenario_forms` lists them in the table of sentence forms."""

from __future__ import annotations

from lark import Token

from .scenario_ast import ObjectSpec, Pos
from .scenario_words import CARD_TYPES, COLORS, SUPERTYPES, base_name, count_word, type_word
from .terms import fn


def object_specs(b, tree, ln) -> list[ObjectSpec]:
    """One `card_spec`, `token_copy_spec` or `token_spec` -> the objects it puts into the game."""
    kind = tree.data
    ch = list(tree.children)
    counters: list[tuple[str, int]] = []
    attached = None
    came = False
    tapped = False
    called = None
    count = 1
    token = False
    values: tuple = ()
    card = None
    face_down = False
    count_tok = None
    if kind == "card_spec":
        if (not isinstance(ch[0], Token) or ch[0].type != "NAME") and getattr(ch[0], "data", None) != "face_down":
            c = ch.pop(0)
            count_tok = _first_token(c)
            count = count_word(c if not hasattr(c, "data") else c.children[0] if c.children else 1)
        if getattr(ch[0], "data", None) == "face_down":
            ch.pop(0)
            face_down = True  # CR 708.2: a face-down permanent (cast face down, 702.37c)
        name_tok = ch.pop(0)
        card = base_name(str(name_tok))
        if card != str(name_tok):
            called = str(name_tok)  # an explicit handle such as "Forest #2"
    elif kind == "token_copy_spec":
        if ch and hasattr(ch[0], "data") and ch[0].data == "article":
            ch.pop(0)
        card = str(ch.pop(0))
        token = True
    else:  # token_spec
        if ch and hasattr(ch[0], "data") and ch[0].data == "article":
            ch.pop(0)
        values = token_values(b, ch.pop(0), ln)
        token = True
    for tail in ch:
        if tail.data == "with_counters":
            for cs in tail.children[0].children:
                n = count_word(cs.children[0] if not hasattr(cs.children[0], "data") else 1)
                counters.append((str(cs.children[1]).lower(), n))
        elif tail.data == "attached_to":
            target = tail.children[0].children[0]
            attached = b.resolve(str(target), ln, target)
        elif tail.data == "came_this_turn":
            came = True
        elif tail.data == "tapped":
            tapped = True
        elif tail.data == "called":
            called = str(tail.children[0])[1:-1]
    if called is not None and count != 1:
        raise b.error("'called' names one object; give each its own sentence", ln)
    if token and called is None and card is None:
        raise b.error("a described token needs a handle: add called \"...\"", ln, len(ln.text),
                      expected=('called "…"',))
    b.add_objects(count, ln, count_tok)   # the board size limit, before the objects are made
    out = []
    for _ in range(count):
        base = called if called is not None else card
        handle = b.ctx.new_handle(base) if called is None else _called(b, called, ln)
        out.append(ObjectSpec(handle=handle, card=card, pos=Pos(b.file, ln.number, ln.indent + 1),
                              token=token, token_values=values, counters=tuple(counters),
                              attached_to=attached, came_this_turn=came, tapped=tapped, face_down=face_down))
    return out


def _first_token(node) -> Token | None:
    while not isinstance(node, Token):
        if not getattr(node, "children", None):
            return None
        node = node.children[0]
    return node


def _called(b, name: str, ln) -> str:
    if name in b.ctx.handles:
        raise b.error(f"the handle {name!r} is already taken", ln)
    b.ctx.handles.add(name)
    b.ctx.names.add(name)
    return name


def token_values(b, desc, ln) -> tuple:
    """'1/1 green Elf Warrior creature' -> the token's stated characteristics (111.3)."""
    vals = []
    for c in desc.children:
        s = str(c)
        if c.type == "PT":
            p, t = s.split("/")
            if not (p.isdigit() and t.isdigit()):
                raise b.error(f"a token's power and toughness must be numbers, not {s!r}", ln)
            vals += [fn("power", int(p)), fn("toughness", int(t))]
        elif s.lower() in COLORS:
            vals.append(fn("color", fn(COLORS[s.lower()])))
        elif s.lower() in CARD_TYPES:
            vals.append(fn("card_type", fn(type_word(s))))
        elif s.lower() in SUPERTYPES:
            vals.append(fn("supertype", fn(s.lower())))
        elif s[:1].isupper():
            vals.append(fn("subtype", s))
        else:
            raise b.error(f"{s!r} is not a color, type or subtype", ln,
                          expected=("a color", "a card type", "a subtype"))
    return tuple(vals)


def _given_controls(b, ch, ln):
    player = str(ch[0])
    specs = [object_specs(b, s, ln) for s in ch[1].children]
    return "controls", {"player": player, "objects": tuple(o for group in specs for o in group)}


def _given_status(b, ch, ln):
    return "status", {"object": b.object_ref(ch[0], ln), "tapped": ch[1].data == "tapped_word"}


def _given_in_zone(b, ch, ln):
    name = str(ch[0].children[0])
    b.add_objects(1, ln, ch[0].children[0])
    handle = name if name in b.ctx.handles else b.ctx.new_handle(name)
    return "in_zone", {"object": handle, "card": base_name(handle), "player": str(ch[1]),
                       "zone": str(ch[3]).lower()}


def _given_on_stack(b, ch, ln):
    raise b.error("objects reach the stack by being cast (events are not encoded yet)", ln)


def _given_turn(b, ch, ln):
    return "turn", {"player": str(ch[0])}


# `given` forms: grammar rule name -> handler(builder, children, line) -> (kind, arguments)
GIVEN = {
    "controls": _given_controls,
    "status": _given_status,
    "in_zone": _given_in_zone,
    "on_stack": _given_on_stack,
    "turn": _given_turn,
}
