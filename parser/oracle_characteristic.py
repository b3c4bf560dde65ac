"""A static statement about objects -> the characteristics it changes (CR 613).

`characteristic(e)` turns "Enchanted creature gets +1/+1 and has flying." into
`characteristic(enchanted(creature), all(modify_pt(1,1), add_ability(...)))`: what a continuous
effect changes, layer by layer.  Other sentences are kept as they are.  Part of the meaning
builder (`oracle_meaning`)."""

from __future__ import annotations

from .terms import Fn, Term, fn


_SUBJECTS = {
    "enchanted_land": ("enchanted", "land"), "enchanted_creature": ("enchanted", "creature"),
    "enchanted_permanent": ("enchanted", "permanent"), "enchanted_artifact": ("enchanted", "artifact"),
    "equipped_creature": ("equipped", "creature"), "fortified_land": ("fortified", "land"),
}


def characteristic(e: Term) -> Term:
    """A static statement about objects -> characteristic(Affected, Change) terms
    (613: what a continuous effect changes).  Other sentences are kept as they are."""
    if not (isinstance(e, Fn) and e.name in ("statement", "is") and len(e.args) == 2):
        return e
    subj, pred = e.args
    if isinstance(subj, Fn) and subj.name in _SUBJECTS:
        a, b = _SUBJECTS[subj.name]
        subj = fn(a, fn(b))
    vps = pred.args if isinstance(pred, Fn) and pred.name == "and" else (pred,)
    changes: list[Term] = []
    for v in vps:
        if e.name == "is":
            v = fn("is", v)
        if len(vps) > 1 and isinstance(v, Fn) and v.name == "lasting" and len(v.args) == 2:
            # a part of a list the duration ends: each change of it lasts that long (611.2a)
            inner = _change(v.args[0])
            if inner is not None:
                changes.extend(fn("lasting", x, v.args[1]) for x in inner)
                continue
        ch = _change(v)
        if ch is None:
            return e
        changes.extend(ch)
    if len(changes) == 1:
        return fn("characteristic", subj, changes[0])
    return fn("characteristic", subj, fn("all", *changes))


def _change(v: Term) -> list[Term] | None:
    if not isinstance(v, Fn):
        return None
    if v.name == "is" and v.args:
        p = v.args[0]
        if isinstance(p, Fn):
            if p.name == "supertypes" and isinstance(p.args[0], Fn) and p.args[0].name == "supertype_list":
                sts = p.args[0].args
                return [fn("add_supertype", s) for s in sts]
            if p.name == "every_creature_type":
                return [fn("every_creature_type")]
        if isinstance(p, Fn) and p.name in ("a_type", "types_plain", "colors", "pt", "chosen_type", "chosen_color"):
            return [fn("is", *v.args)]
        return None
    if v.name == "gets" and len(v.args) == 1:
        return [fn("modify_pt", *v.args[0].args)]
    if v.name == "has" and len(v.args) == 1:
        return [fn("add_ability", a) for a in v.args[0].args]
    if v.name == "loses_all_abilities" and not v.args:
        return [fn("lose_all_abilities")]
    if v.name == "base_pt" and len(v.args) == 1:
        return [fn("set_base_pt", *v.args[0].args)]
    if v.name in ("and",):
        out = []
        for x in v.args:
            c = _change(x)
            if c is None:
                return None
            out.extend(c)
        return out
    if v.name in ("has", "gains", "loses", "lasting", "becomes", "base_pt_equal", "gets_for_each",
                  "gets_for_each_counter"):
        return [v]
    return None
