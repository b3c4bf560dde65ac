"""Words for people: the timeline's effects and state-based actions, and the
rendering of every outcome for `mtgkb show`."""

from __future__ import annotations

from clingo import Symbol


_COLOR_WORDS = {"w": "white", "u": "blue", "b": "black", "r": "red", "g": "green"}


def ability_words(a: Symbol) -> str:
    """ab("Gemstone Caverns", 2) -> "Gemstone Caverns, ability 2"; any other symbol as it is."""
    if a.name == "ab" and len(a.arguments) == 2:
        return f"{a.arguments[0].string}, ability {a.arguments[1].number}"
    return str(a)


def keyword_words(k: Symbol) -> str:
    """A keyword term in words: protection from a color (702.16a), else the term."""
    if k.name == "protection" and k.arguments and k.arguments[0].name == "prot_list":
        parts = [_COLOR_WORDS.get(p.arguments[0].name, str(p)) if p.name == "prot_color" else str(p)
                 for p in k.arguments[0].arguments]
        return "protection from " + " and from ".join(parts)
    return str(k)


def effect_text(eff: Symbol) -> str:
    """A continuous effect, in words (for `mtgkb show`)."""
    a = eff.arguments
    if eff.name == "modify_pt":
        return f"gets {a[0].number:+d}/{a[1].number:+d} (613.4c)"
    if eff.name == "set_pt":
        return f"has base power and toughness {a[0]}/{a[1]} (613.4b)"
    words = {"all_creature_types": "is every creature type (613.1d)",
             "lose_all_creature_types": "loses all creature types (613.1d)",
             "lose_all_abilities": "loses all abilities (613.1f)"}
    if eff.name in words:
        return words[eff.name]
    if eff.name == "set_colors":
        return f"becomes {a[0]} (613.1e)"
    if eff.name == "set_creature_types":
        return f"becomes the creature type {a[0].string} (613.1d)"
    if eff.name == "add_type":
        return f"gains the type {a[0]} (613.1d)"
    if eff.name == "gain_keyword":
        return f"gains {keyword_words(a[0])} (613.1f)"
    if eff.name == "restrict":
        return {"cant_block": "can't block", "cant_attack": "can't attack", "cant_attack_or_block": "can't attack or block",
                "cant_be_blocked": "can't be blocked"}.get(a[0].name, str(a[0])) + " (611.2a)"
    if eff.name == "require":
        return {"must_attack": "attacks this turn if able (508.1d)", "must_block": "blocks this turn if able (509.1c)",
                "must_be_blocked": "must be blocked this turn if able (509.1c)",
                "all_block": "must be blocked by all creatures able to block it this turn (509.1c)",
                "as_unblocked": "may assign its combat damage this turn as though it weren't blocked (510.1b)"}.get(
                    a[0].name, str(a[0]))
    if eff.name == "block_source":
        return "blocks the source of the ability that made the effect this combat if able (509.1c)"
    if eff.name == "no_activations":
        return "can't have its activated abilities activated (701.35a, 602.5)"
    if eff.name == "goaded":
        return f"is goaded by {a[0].string}: it attacks each combat if able (701.15b)"
    if eff.name == "die_to_exile":
        return "is exiled instead if it would die this turn (614.1a)"
    if eff.name == "control":
        return f"is controlled by {a[0].string} (613.1b)"
    return f"gets the effect {eff}"


SBA_TEXT = {"704.5f": "has toughness 0 or less and is put into its owner's graveyard",
             "704.5j": "is put into its owner's graveyard by the legend rule",
             "704.5m": "is an Aura attached illegally (or to nothing) and is put into its owner's graveyard",
             "704.5g": "has lethal damage marked on it and is destroyed",
             "704.5h": "was dealt damage by a source with deathtouch and is destroyed"}


def render(tr) -> list[dict]:
    """The timeline of every branch, for `mtgkb show`."""
    out = []
    for n, st in enumerate(tr.branches, 1):
        out.append({"branch": n, "choices": list(st.choices),
                    "events": [{"cr": cr, "text": t} for cr, t in st.log],
                    "stack": [it.label for it in reversed(st.stack)]})
    return out
