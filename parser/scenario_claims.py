"""Claims about the characteristics and places of objects: "<object> <predicate>"
("Grizzly Bears is a green Bear creature.", "... has flying.", "... is 3/3.",
"... has two +1/+1 counters.", "... is in Alice's graveyard.") and
"No permanent is put into a graveyard."

An object predicate's handler takes (builder, children, object term, line) and returns
the claim's queries; `scenario_forms` lists them in the table of sentence forms."""

from __future__ import annotations

from .scenario_words import CARD_TYPES, COLORS, SUPERTYPES, base_name, count_word, type_word
from .terms import Fn, fn


def _named(b, ch, o, ln):
    t = ch[0].children
    name = str(t[0])[1:-1] if t[0].type == "QUOTED" else " ".join(str(x) for x in t)
    return [fn("named", o, base_name(name))]


def _pt(b, ch, o, ln):
    p, t = str(ch[0]).split("/")
    if not (p.isdigit() and t.isdigit()):
        raise b.error("a power/toughness claim needs numbers", ln)
    return [fn("pt", o, int(p), int(t))]


def _descriptors(b, ch, o, ln):
    out = []
    for desc in ch:
        words = [str(w) for w in desc.children if not hasattr(w, "data")]
        out += _descriptor(b, words, o, ln)
    return out


def _descriptor(b, words: list[str], o: Fn, ln) -> list:
    out = []
    words = _join_face(words)
    for w in words:
        lw = w.lower()
        if lw in ("face-down", "face-up"):
            # CR 708.2: face-down status ("face up" is its negation)
            out.append(fn("face_down", o) if lw == "face-down" else fn("face_up", o))
            continue
        if lw in SUPERTYPES:
            out.append(fn("supertype", o, fn(lw)))
        elif lw in CARD_TYPES:
            out.append(fn("card_type", o, fn(type_word(lw))))
        elif lw in COLORS:
            out.append(fn("color", o, fn(COLORS[lw])))
        elif lw in ("colorless", "multicolored", "monocolored"):
            out.append(fn(lw, o))
        elif lw == "token":
            out.append(fn("token", o))
        elif lw == "tapped":
            out.append(fn("tapped", o))
        elif lw == "untapped":
            out.append(fn("untapped", o))
        elif lw == "permanent":
            out.append(fn("in_zone", o, fn("battlefield")))
        elif w[:1].isupper():
            out.append(fn("subtype", o, w))
        else:
            raise b.error(f"{w!r} is not a characteristic this language knows", ln, ln.text.find(w) + 1,
                          expected=("a supertype", "a card type", "a subtype", "a color", "token", "tapped"))
    return out


def _join_face(words: list[str]) -> list[str]:
    """"face down" / "face up" as one descriptor word."""
    out: list[str] = []
    for w in words:
        if out and out[-1].lower() == "face" and w.lower() in ("down", "up"):
            out[-1] = "face-" + w.lower()
        else:
            out.append(w)
    return out


# "<object> <predicate>" forms: predicate rule name -> handler(builder, children, object term, line) -> queries
OBJECT_CLAIMS = {
    "named": _named,
    "pt": _pt,
    "on_battlefield": lambda b, ch, o, ln: [fn("in_zone", o, fn("battlefield"))],
    "in_zone_claim": lambda b, ch, o, ln: [fn("in_zone_of", o, fn(str(ch[2]).lower()), str(ch[0]))],
    "every_creature_type": lambda b, ch, o, ln: [fn("every_creature_type", o)],
    "descriptors": _descriptors,
    "has_keywords": lambda b, ch, o, ln: [fn("keyword", o, fn(str(k).lower().replace(" ", "_"))) for k in ch],
    # CR 702.16a: protection from a color (105.1)
    "has_protection_from": lambda b, ch, o, ln: [fn("keyword", o, fn("protection", fn("prot_list", fn(
        "prot_color", fn(COLORS[str(ch[0]).lower()])))))],
    "has_counters": lambda b, ch, o, ln: [
        fn("counters", o, str(ch[1]).lower(), count_word(ch[0] if not hasattr(ch[0], "data") else 1))],
    "has_no_counters": lambda b, ch, o, ln: [fn("counters", o, str(ch[0]).lower(), 0)],
    "has_mana_value": lambda b, ch, o, ln: [fn("mana_value", o, int(str(ch[0])))],
    "has_ability_text": lambda b, ch, o, ln: [fn("ability_text", o, str(ch[0])[1:-1])],
}

# Claim forms other than "<object> <predicate>": rule name -> handler(builder, children, line)
# -> (queries, negated)
CLAIMS = {
    "no_permanent_to_graveyard": lambda b, ch, ln: ([fn("no_permanent_to_graveyard")], False),
}
