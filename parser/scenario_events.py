"""Event sentences of `given` that change characteristics: entering as a
copy, "becomes", "loses all abilities", "gets +N/+N", "gains <keyword>".

Each handler returns (kind, args); `mtgkb.facts` turns an `effect` sentence into
continuous-effect facts with the sentence's timestamp (613.7)."""

from __future__ import annotations

from .scenario_words import CARD_TYPES, COLORS, SUPERTYPES, base_name, type_word
from .terms import fn


def _split_duration(ch):
    dur = any(hasattr(c, "data") and c.data == "duration" for c in ch)
    return [c for c in ch if not (hasattr(c, "data") and c.data == "duration")], ("end_of_turn" if dur else "indefinite")


def _enters(b, ch, ln):
    name_tok, player = ch[0], str(ch[1])
    name = str(name_tok)
    copy_of = None
    choices = []
    for tail in ch[3:]:
        if hasattr(tail, "data") and tail.data == "as_copy_of":
            copy_of = b.object_ref(tail.children[0], ln)
        elif hasattr(tail, "data") and tail.data == "choosing":
            # "As ~ enters, choose a color/creature type" (614.12): the choice made
            word = str(tail.children[0])
            lw = word.lower()
            if lw in COLORS:
                choices.append(fn("color", fn(COLORS[lw])))
            elif word[:1].isupper():
                choices.append(fn("subtype", word))
            else:
                raise b.error(f"{word!r} is not a color or a type to choose", ln,
                              expected=("a color such as green", "a creature type such as Elf"))
    if name in b.ctx.handles:
        handle = name
        moved = True
    else:
        handle = b.ctx.new_handle(name)
        moved = False
    return "enters", {"object": handle, "card": base_name(handle), "player": player, "copy_of": copy_of,
                      "moved": moved, "choices": tuple(choices)}


def _effect(kind_effects):
    def handler(b, ch, ln):
        ch, duration = _split_duration(ch)
        handle = b.object_ref(ch[0], ln)
        return "effect", {"object": handle, "effects": tuple(kind_effects(b, ch[1:], ln)), "duration": duration}
    return handler


def _become(b, ch, ln):
    desc = ch[0]
    in_addition = any(hasattr(c, "data") and c.data == "in_addition" for c in desc.children)
    out = []
    card_types, colors = [], []
    for c in desc.children:
        if hasattr(c, "data"):
            continue
        s = str(c)
        lw = s.lower()
        if c.type == "PT":
            p, t = s.split("/")
            if not (p.isdigit() and t.isdigit()):
                raise b.error(f"power and toughness must be numbers, not {s!r}", ln)
            out.append(fn("set_pt", int(p), int(t)))
        elif lw in COLORS:
            colors.append(COLORS[lw])
        elif lw in CARD_TYPES:
            card_types.append(type_word(lw))
        elif lw in SUPERTYPES:
            out.append(fn("add_type", fn("supertype", fn(lw))))
        elif s[:1].isupper():
            # CR 205.1a: a new creature type replaces the old ones unless "in addition"
            out.append(fn("add_type", fn("subtype", s)) if in_addition else fn("set_creature_types", s))
        else:
            raise b.error(f"{s!r} is not a color, type or subtype", ln, expected=("a color", "a card type", "a subtype"))
    for t in card_types:
        out.append(fn("add_type", fn("card_type", fn(t))) if in_addition else fn("set_card_types", fn(t)))
    for c in colors:
        out.append(fn("set_colors", fn(c)))
    return out


def _gets(b, ch, ln):
    p, t = str(ch[0]).split("/")
    return [fn("modify_pt", int(p), int(t))]


# `given` forms: grammar rule name -> handler(builder, children, line) -> (kind, arguments)
GIVEN = {
    "enters": _enters,
    "loses_all_abilities": _effect(lambda b, ch, ln: [fn("lose_all_abilities")]),
    "loses_all_creature_types": _effect(lambda b, ch, ln: [fn("lose_all_creature_types")]),
    "becomes": _effect(_become),
    "gets": _effect(_gets),
    "gains": _effect(lambda b, ch, ln: [fn("gain_keyword", fn(str(ch[0]).lower().replace(" ", "_")))]),
    "is_every_creature_type": _effect(lambda b, ch, ln: [fn("all_creature_types")]),
}
