"""Two joins the Oracle lexer (oracle_lexer._contextual) tells apart by looking ahead to the next
verb: the comma that ends a trigger condition, and "and" before a clause with a subject of its own.
`verbs` is the lexer's verb list."""

from __future__ import annotations


def ends_trigger(toks: list, i: int, out: list, verbs: frozenset) -> bool:
    """The comma at toks[i] ends the trigger condition of a "When/Whenever …," line (603.1)
    rather than joining a list of nouns: it is the line's first comma, and the words after it up
    to the next verb hold no other comma, "or" or "and" that would continue a list ("Whenever you
    cast a noncreature spell, creatures you control get +1/+1 …")."""
    if not toks or toks[0].kind != "lit" or toks[0].value not in ("when", "whenever"):
        return False
    if any(t.kind in ("lit", "LISTCOMMA", "COMMA_V") and t.value == "," for t in out):
        return False
    for t in toks[i + 1:]:
        if t.kind == "lit" and t.value in (",", "or", "and", "and/or", "."):
            return False
        if t.kind == "lit" and t.value in verbs:
            return True
    return False


#: verbs of a relative clause inside a description ("each creature that player controls")
_RELATIVE_VERBS = frozenset(["control", "own", "cast", "attack", "block", "choose", "target"])


def clause_follows(toks: list, j: int, verbs: frozenset) -> bool:
    """The words from toks[j] ("target …", "each …") to the end of the sentence are a clause: a
    description then a verb of its own, with no comma before it ("… and each opponent discards a
    card"), rather than a second object ("… and each player")."""
    for k in range(j + 1, min(len(toks), j + 8)):
        t = toks[k]
        if t.kind != "lit":
            continue
        if t.value in (",", ".", "and", "or", "that", "who", "with", "you", "they"):
            return False
        if t.value in verbs:
            return t.value not in _RELATIVE_VERBS and toks[k - 1].kind in ("lit", "SUBTYPE") \
                and toks[k - 1].value not in ("to", "may", "can't", "would")
    return False
