"""The Oracle word lexer: one normalised ability line -> lark Tokens.

Oracle text is English, and an LALR(1) grammar over English needs some help that
a regular-expression lexer cannot give.  This lexer works on whole words:

- every word is lower-cased and put in a canonical form (plural nouns and third
  person verbs become their base form: "creatures" -> creature, "gets" -> get),
  so the grammar has one terminal per word and word boundaries are exact;
- subtypes (CR 205.3) become one terminal SUBTYPE whose value is the canonical
  subtype name, "nonland"/"non-Frog" become NON;
- a few words are told apart by the word after them (a second token of look-ahead
  the LALR table does not have): "and"/"or" before a verb join verb phrases
  (AND_V, OR_V), "," before "then" is one token, "," inside a list of card types
  is LISTCOMMA;
- marker tokens at the start of the line say what kind of line the grammar is
  reading (ACT: "costs: effect", KWLINE: a keyword line), which keeps the grammar
  free of conflicts between costs and effects.

The lexer never fails: an unknown word becomes WORD, which the grammar only
accepts in card names, so an unknown line becomes a parse error and then an
unsupported ability.
"""

from __future__ import annotations

import re
from typing import NamedTuple
from functools import lru_cache

from .oracle_joins import clause_follows, ends_trigger
from .oracle_phrases import PHRASE_LINES
from .oracle_words import SUBTYPES

_SUBTYPE_PLURAL_EXCEPTIONS = {
    "elf": ("elves",), "dwarf": ("dwarves",), "wolf": ("wolves",), "werewolf": ("werewolves",),
    "myr": ("myr",), "sliver": ("slivers",), "fungus": ("fungi",), "octopus": ("octopi",),
    "cyclops": ("cyclopes",), "sphinx": ("sphinxes",), "fox": ("foxes",), "ox": ("oxen",),
    "thopter": ("thopters",), "homunculus": ("homunculi",), "mouse": ("mice",), "jellyfish": ("jellyfish",),
    "moonfolk": ("moonfolk",), "kithkin": ("kithkin",), "merfolk": ("merfolk",), "sheep": ("sheep",),
    "fish": ("fish",), "salamander": ("salamanders",), "citizen": ("citizens",), "goblin": ("goblins",),
    "leech": ("leeches",), "witch": ("witches",), "lich": ("liches",), "kor": ("kor",), "plains": ("plains",),
    "mountain": ("mountains",), "walrus": ("walruses",), "processor": ("processors",), "pegasus": ("pegasi",),
    "locus": ("loci",), "treefolk": ("treefolk",), "aetherborn": ("aetherborn",), "efreet": ("efreet", "efreets"),
    "djinn": ("djinn", "djinns"), "noggle": ("noggles",), "thalakos": ("thalakos",), "zubera": ("zubera",),
}


def subtype_forms(names) -> dict[str, str]:
    """Lower-case written forms (singular and plural) of subtype names -> the name."""
    forms: dict[str, str] = {}
    for s in names:
        low = s.lower()
        forms[low] = s
        if " " in low:
            continue
        if low in _SUBTYPE_PLURAL_EXCEPTIONS:
            for plural in _SUBTYPE_PLURAL_EXCEPTIONS[low]:
                forms[plural] = s
        elif low.endswith(("s", "x", "ch", "sh")):
            forms[low + "es"] = s
        elif low.endswith("y") and low[-2:-1] not in "aeiou":
            forms[low[:-1] + "ies"] = s
        else:
            forms[low + "s"] = s
    return forms


#: lower-case written form -> canonical subtype name (the words the lexer reads as subtypes
#: in any case; the other 205.3 types are read when capitalised: oracle.py's CAPITALISED_TYPES)
SUBTYPE_FORMS: dict[str, str] = subtype_forms(SUBTYPES)

# Plural nouns and inflected verbs -> the one word the grammar knows.
CANON: dict[str, str] = {
    # nouns
    "creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment",
    "lands": "land", "planeswalkers": "planeswalker", "instants": "instant",
    "sorceries": "sorcery", "permanents": "permanent", "spells": "spell", "cards": "card",
    "tokens": "token", "players": "player", "opponents": "opponent", "abilities": "ability",
    "counters": "counter", "triggers": "trigger", "contains": "contain", "cycles": "cycle", "activates": "activate", "kicks": "kick", "shares": "share", "colors": "color", "types": "type", "battles": "battle",
    "lives": "life", "turns": "turn", "times": "time", "steps": "step", "phases": "phase",
    "costs": "cost", "teammates": "teammate", "modes": "mode", "targets": "target",
    "attackers": "attacker", "blockers": "blocker", "copies": "copy", "hands": "hand",
    "graveyards": "graveyard", "libraries": "library", "owners": "owner", "controllers": "controller",
    "others": "other", "names": "name", "sources": "source", "effects": "effect",
    "values": "value", "points": "point", "combats": "combat", "upkeeps": "upkeep",
    "untapped": "untapped",
    # verbs
    "adds": "add", "attaches": "attach", "attacks": "attack", "blocks": "block", "casts": "cast",
    "chooses": "choose", "controls": "control", "counters_": "counter", "creates": "create",
    "deals": "deal", "destroys": "destroy", "discards": "discard", "draws": "draw",
    "exiles": "exile", "fights": "fight", "gains": "gain", "gets": "get", "has": "have",
    "loses": "lose", "looks": "look", "mills": "mill", "pays": "pay", "puts": "put",
    "returns": "return", "reveals": "reveal", "sacrifices": "sacrifice", "searches": "search",
    "shuffles": "shuffle", "taps": "tap", "untaps": "untap", "scries": "scry",
    "surveils": "surveil", "prevents": "prevent", "regenerates": "regenerate",
    "becomes": "become", "enters": "enter", "leaves": "leave", "dies": "die", "owns": "own",
    "is": "be", "are": "be", "transforms": "transform", "plays": "play", "spends": "spend",
    "removes": "remove", "doubles": "double", "explores": "explore", "wins": "win",
    "skips": "skip", "phases_": "phase", "would": "would", "produces": "produce",
    "isn't": "be_not", "aren't": "be_not", "doesn't": "don't", "causes": "cause",
    "remains": "remain", "costs_": "cost", "goads": "goad", "proliferates": "proliferate",
    "populates": "populate", "investigates": "investigate", "connives": "connive",
    "amasses": "amass", "adapts": "adapt", "manifests": "manifest", "exchanges": "exchange",
    "flips": "flip", "rolls": "roll", "assigns": "assign", "chose": "choose",
    "copied": "copied", "was": "was", "were": "was", "an": "a", "does": "do", "did": "do",
    "won't": "can't", "cannot": "can't", "exploits": "exploit", "mutates": "mutate", "takes": "take", "escapes": "escape",
    "crews": "crew",
}

VERBS = frozenset("""
add attach attack block cast change choose copy counter create deal destroy discard draw
exile fight gain get have lose look mill pay put return reveal sacrifice search shuffle tap
untap scry surveil prevent regenerate become be be_not enter transform proliferate populate
investigate explore remove double spend play skip win can't can may don't do leave die
goad activate connive amass adapt manifest exchange flip roll assign target attach remain
""".split())

_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}

_NOUNISH_WORDS = frozenset("""
artifact creature enchantment land planeswalker instant sorcery permanent spell card token
player opponent battle white blue black red green colorless multicolored monocolored
legendary basic snow nonbasic kindred tribal ability
""".split())

_CONTRACTIONS = frozenset("""
it's that's there's can't don't doesn't isn't aren't won't they're you're couldn't
wasn't weren't didn't hasn't haven't wouldn't
""".split())

_TOKEN_RE = re.compile(
    r"""(?P<quote>"[^"]*")
      |(?P<loyal>\[[+\-−]?[0-9X]+\])
      |(?P<sym>\{[^{}]*\})
      |(?P<pt>[+\-−]?[0-9XY*]+/[+\-−]?[0-9XY*]+)
      |(?P<num>\d+)
      |(?P<word>~card(?:['’]s)?|~(?:['’]s)?|[^\W\d_][\w'’\-]*(?:/or)?)
      |(?P<punct>[,:.;—•–])
      |(?P<other>\S)""",
    re.X,
)


class Tok(NamedTuple):
    """A token before lark: its terminal kind (a literal word or a named terminal),
    its value and its column in the normalised line.  A named tuple: the whole database
    makes about half a million of them, and a tuple is made faster than a frozen dataclass."""

    kind: str
    value: str
    column: int
    orig: str = ""


_tuple_new = tuple.__new__  # Tok(kind, value, column, orig) without the named tuple's keyword handling


def _word_tokens(word: str, col: int) -> list[Tok]:
    w = word.lower().replace("’", "'")
    if w in ("~card", "~card's"):  # the card that grants a quoted ability to another object
        return [Tok("lit", "~card", col)] + ([Tok("lit", "'s", col + 5)] if w.endswith("'s") else [])
    if w in ("~", "~'s"):
        out = [Tok("lit", "~", col)]
        if w == "~'s":
            out.append(Tok("lit", "'s", col + 1))
        return out
    if w in SUBTYPE_FORMS and "'" in w:  # "Urza's"
        return [Tok("SUBTYPE", SUBTYPE_FORMS[w], col, word)]
    if w.endswith("'s") and w not in _CONTRACTIONS and len(w) > 2:
        return _word_tokens(word[:-2], col) + [Tok("lit", "'s", col + len(word) - 2)]
    if w.endswith("s'") and len(w) > 2:
        return _word_tokens(word[:-1], col) + [Tok("lit", "'s", col + len(word) - 1)]
    if w in _NUMBERS:
        return [Tok("NUM", str(_NUMBERS[w]), col)]
    if w in SUBTYPE_FORMS and w not in _LITERAL_OVERRIDES:
        return [Tok("SUBTYPE", SUBTYPE_FORMS[w], col, word)]
    if w.startswith("non") and len(w) > 4:
        rest = w[3:].lstrip("-")
        if rest in SUBTYPE_FORMS:
            return [Tok("NON", SUBTYPE_FORMS[rest], col)]
        c = CANON.get(rest, rest)
        if c in _NOUNISH_WORDS or c in ("token", "attacking", "blocking", "human", "wall", "legendary", "basic", "snow"):
            return [Tok("NON", c, col)]
    if w.endswith("cycling") and w != "cycling":
        return [Tok("TYPECYCLING", w[: -len("cycling")].strip("-"), col)]
    if w.endswith("walk") and len(w) > 4 and w not in ("walk", "planeswalk"):
        return [Tok("LANDWALK", w[: -len("walk")], col)]
    return [Tok("lit", CANON.get(w, w), col, word)]


@lru_cache(maxsize=65536)
def _word_shape(word: str) -> tuple[tuple[str, str, int, str], ...]:
    """`_word_tokens` of a word at column 0, as (kind, value, offset, orig): the same
    word always gives the same tokens, shifted by its column."""
    return tuple((t.kind, t.value, t.column, t.orig) for t in _word_tokens(word, 0))


# Subtype words that are literal words of the grammar too ("equipment", "aura"):
# the grammar reads them as literals and accepts them where a subtype can stand.
_LITERAL_OVERRIDES: frozenset[str] = frozenset()


def tokenize(text: str, capitalised=None) -> list[Tok]:
    """The tokens of one normalised line.  `capitalised(word)`, when given, names the subtype
    a capitalised word inside a sentence stands for (the 205.3 lists beyond the lexer's own
    words: "Tyvar"), or None; it is asked before "and"/"or"/"," are told apart."""
    toks: list[Tok] = []
    append = toks.append
    for m in _TOKEN_RE.finditer(text):   # white space matches no group: it is skipped
        kind = m.lastgroup
        v = m.group()
        col = m.start() + 1
        if kind == "word":
            shape = _word_shape(v)
            if capitalised is not None and len(shape) == 1 and shape[0][0] == "lit" and v[:1].isupper() \
                    and toks and not (toks[-1].kind == "lit" and toks[-1].value in (".", "—", ":")) \
                    and (sub := capitalised(v)) is not None:
                shape = (("SUBTYPE", sub, 0, v),)
            for k, val, off, orig in shape:
                append(_tuple_new(Tok, (k, val, col + off, orig)))
        elif kind == "quote":
            inner = v.strip('"')
            toks.append(Tok("QUOTED", inner, col))
            rest = text[m.end():].strip()
            if inner.rstrip().endswith(".") and (not rest or rest[0].isupper()):
                # Oracle puts the sentence's period inside the quotes: give it back
                toks.append(Tok("lit", ".", m.end()))
        elif kind == "loyal":
            toks.append(Tok("LOYALTYCOST", v[1:-1].replace("−", "-"), col))
        elif kind == "sym":
            s = v[1:-1].upper()
            if s == "T":
                toks.append(Tok("lit", "{t}", col))
            elif s == "Q":
                toks.append(Tok("lit", "{q}", col))
            elif s == "E":
                toks.append(Tok("lit", "{e}", col))
            else:
                toks.append(Tok("MANASYM", s, col))
        elif kind == "pt":
            toks.append(Tok("PT", v.replace("−", "-").upper(), col))
        elif kind == "num":
            toks.append(Tok("NUM", v, col))
        elif kind == "punct":
            append(_tuple_new(Tok, ("lit", "—" if v == "–" else v, col, "")))
        else:
            toks.append(Tok("lit", v, col))
    return _contextual(_delayed_triggers(_merge_phrases(toks)))


def _delayed_triggers(toks: list[Tok]) -> list[Tok]:
    """"Whenever" that starts a later sentence of a line is a delayed triggered
    ability the effect creates (603.7: Ghired's Belligerence "... Whenever a creature
    dealt damage this way dies this turn, populate."), not the line's own trigger."""
    out = []
    for i, t in enumerate(toks):
        after_stop = t.kind == "lit" and i > 0 and toks[i - 1].kind == "lit" and toks[i - 1].value == "."
        after_colon = t.kind == "lit" and i > 0 and toks[i - 1].kind == "lit" and toks[i - 1].value == ":"
        if after_stop and t.value == "whenever":
            t = Tok("lit", "delayed_whenever", t.column, t.orig)
        elif after_stop and t.value == "at_the_beginning_of":
            t = Tok("lit", "delayed_at_the_beginning_of", t.column, t.orig)  # 603.7: a later sentence
        elif (after_stop or after_colon) and t.value == "when" and not (i + 2 < len(toks) and toks[i + 2].value == "do"):
            # "When that creature becomes blocked this turn, ...": a delayed trigger that
            # triggers once (603.7c); "When you do, ..." is not one (603.12).  After the colon
            # of an activated ability ("{T}: When target creature dies this turn, ...") it is
            # the effect's delayed trigger as well (Adarkar Valkyrie)
            t = Tok("lit", "delayed_when", t.column, t.orig)
        out.append(t)
    return out


# Fixed multi-word phrases become one token: the LALR table then never has to
# decide between "in" of "in your graveyard" and "in" of "in addition to".
PHRASES: tuple[tuple[str, ...], ...] = tuple(sorted((tuple(p.split()) for p in PHRASE_LINES), key=len, reverse=True))
# Phrases by their first word, longest first (the order of PHRASES within each
# list): a token is compared only with the phrases that start with its own word.
# A phrase word "a" also matches "an"; CANON already maps "an" to "a", and no
# phrase word is "an", so comparing values with "an" read as "a" is exact.
_PHRASES_BY_FIRST: dict[str, tuple[tuple[str, ...], ...]] = {}
for _p in PHRASES:
    if len(_p) > 1:
        _PHRASES_BY_FIRST[_p[0]] = _PHRASES_BY_FIRST.get(_p[0], ()) + (_p[1:],)
if any("an" in _p for _p in PHRASES):  # pragma: no cover - a guard for whoever edits PHRASES
    raise AssertionError("a phrase word 'an' would break _merge_phrases' a/an comparison")


def _merge_phrases(toks: list[Tok]) -> list[Tok]:
    # the value of each literal token ("an" read as "a"), None for other kinds
    vals = [("a" if t.value == "an" else t.value) if t.kind == "lit" else None for t in toks]
    out: list[Tok] = []
    i, n = 0, len(toks)
    while i < n:
        # the first word must be the phrase's own (the old gate: "an" never starts one)
        cands = _PHRASES_BY_FIRST.get(toks[i].value) if vals[i] is not None else None
        if cands is not None:
            for rest in cands:
                k = len(rest) + 1
                if i + k <= n and tuple(vals[i + 1:i + k]) == rest:
                    out.append(Tok("lit", toks[i].value + "_" + "_".join(rest), toks[i].column))
                    i += k
                    break
            else:
                out.append(toks[i])
                i += 1
            continue
        out.append(toks[i])
        i += 1
    return out


_COLOR_WORDS = frozenset(["white", "blue", "black", "red", "green"])
_CLAUSE_STARTS = frozenset(["it", "it's", "~", "they", "its", "that's", "you"])


def _is_nounish(t: Tok | None) -> bool:
    if t is None:
        return False
    return t.kind in ("SUBTYPE", "NON", "MANASYM") or (t.kind == "lit" and t.value in _NOUNISH_WORDS)


#: what follows "you and" when the two make one noun phrase ("you and target opponent")
_YOU_AND_NEXT = frozenset(["target", "that", "planeswalker", "~", "permanent", "creature", "each"])
_ADJ_WORDS = frozenset(["attacking", "blocking", "tapped", "untapped", "other", "nontoken", "enchanted"])


def _starts_desc(t: Tok | None) -> bool:
    """The word after "target" begins a description: "and target creature" is a second
    object, not the verb "targets"."""
    return _is_nounish(t) or (t is not None and t.kind in ("PT",) or (t is not None and t.kind == "lit" and t.value in _ADJ_WORDS))


# Every literal word that a rule of `_contextual` below tests as the current token's value
# (tests/test_performance_lexer.py checks the function's text against this set): any other
# literal is kept as it is unless the next word is "counter", without trying each rule.
_DUR_WORDS = ("until_end_of_turn", "this_turn", "until_your_next_turn",
              "until_the_end_of_your_next_turn", "until_the_beginning_of_your_next_upkeep")
CONTEXT_WORDS = frozenset(["1", ",", "and", "or", "and/or", "snow", "target", "who", "with", "~", "you", "choose",
                           ",_where_x_be", "except", ".", *_DUR_WORDS, *_COLOR_WORDS])
# The token kinds a rule of `_contextual` tests besides literals
CONTEXT_KINDS = frozenset(["lit", "NUM", "SUBTYPE", "NON"])


def _named_token(out: list[Tok]) -> bool:
    """The words before a "," are the name of a token "create" makes ("create Marit Lage, a
    legendary ... token", 111.4): one to four capitalised words right after "create"."""
    for k in range(1, 5):
        if len(out) <= k:
            return False
        t = out[-k]
        if not (t.kind == "SUBTYPE" or t.orig[:1].isupper()):
            return False
        prev = out[-k - 1]
        if prev.kind == "lit" and prev.value == "create":
            return True
    return False


def _contextual(toks: list[Tok]) -> list[Tok]:
    """The second token of look-ahead: retag "and", "or" and "," by what follows."""
    out: list[Tok] = []
    i = 0
    n = len(toks)
    in_except = False
    while i < n:
        t = toks[i]
        if (t.kind not in CONTEXT_KINDS or t.value not in CONTEXT_WORDS) and (
                i + 1 >= n or toks[i + 1].value != "counter") and t.kind != "NON":
            out.append(t)   # no rule below applies to this token
            i += 1
            continue
        if t.kind == "lit" and t.value == "choose" and i + 4 < n and toks[i + 1].orig[:1].isupper() \
                and toks[i + 2].value == "or" and toks[i + 3].orig[:1].isupper() and toks[i + 4].value == ".":
            # "choose Khans or Dragons": two options named by capitalised words, never subtypes
            out += [t, Tok("CAPWORD", toks[i + 1].orig, toks[i + 1].column, toks[i + 1].orig),
                    Tok("lit", "or", toks[i + 2].column), Tok("CAPWORD", toks[i + 3].orig, toks[i + 3].column, toks[i + 3].orig)]
            i += 4
            continue
        if t.kind == "NUM" and t.value == "1" and out and out[-1].kind == "lit" and out[-1].value in ("any", "this"):
            out.append(Tok("lit", "one", t.column))
            i += 1
            continue
        if t.kind == "lit" and t.value not in ("loyalty", "a", "the", "each", "that", "all", "no", "x", "any",
                                               "additional", "of", "another", "number", "more", "one_or_more", "or_more", "or_fewer",
                                               # a verb "counter" after them ("you may counter target spell")
                                               "may", "and", "or", "then", "to", "must", "also", "control",
                                               "you_control", "could", "would", "can't", "had") \
                and i + 1 < n and toks[i + 1].kind == "lit" and toks[i + 1].value == "counter" \
                and (t.orig[:1].isalpha() or t.value in KEYWORD_STARTS or "_" in t.value):
            out.append(Tok("CKIND", t.value, t.column))
            i += 1
            continue
        if t.kind == "SUBTYPE" and i + 1 < n and toks[i + 1].kind == "lit" and toks[i + 1].value == "counter" \
                and not (out and out[-1].kind == "lit" and out[-1].value in ("may", "can't", "to", "would", "could")):
            # "three egg counters": a counter kind named like a creature type (122.1)
            out.append(Tok("CKIND", t.value.lower(), t.column))
            i += 1
            continue
        if t.kind == "lit" and t.value == "," and out and i + 2 < n \
                and (out[-1].kind == "SUBTYPE" or out[-1].orig[:1].isupper()) \
                and toks[i + 1].kind == "lit" and toks[i + 1].value == "a" \
                and toks[i + 2].kind == "lit" and toks[i + 2].value == "legendary" and _named_token(out):
            out.append(Tok("NAMECOMMA", ",", t.column))  # "create Marit Lage, a legendary ... token"
            i += 1
            continue
        if t.kind == "lit" and t.value == "snow" and i + 2 < n and toks[i + 1].kind == "lit" \
                and toks[i + 1].value == "and" and toks[i + 2].kind == "SUBTYPE":
            out.append(Tok("SNOWAND", "snow", t.column))  # "snow and Zombie creatures"
            i += 2
            continue
        if t.kind == "lit" and t.value == "target" and out and (
                (out[-1].kind == "lit" and out[-1].value == "any_number_of")
                or (len(out) > 2 and out[-1].kind == "NUM" and out[-2].value == "or" and out[-3].value == ",")
                or (len(out) > 2 and out[-1].kind == "NUM" and out[-2].value == "or" and out[-3].kind == "NUM")
                or (len(out) > 2 and out[-1].kind == "NUM" and out[-2].value == "up_to" and out[-3].value == "of")
                or (len(out) > 2 and (out[-1].kind == "NUM" or out[-1].value == "x") and out[-2].value == "of"
                    and out[-3].value == "each")) \
                and (i + 1 >= n or toks[i + 1].value in (".", ",", "instead")):
            out.append(Tok("lit", "targets", t.column))  # "among any number of targets": the noun (115.1)
            i += 1
            continue
        if t.kind == "NON" and i + 1 < n and toks[i + 1].kind == "lit" and toks[i + 1].value == "card_name":
            out.append(Tok("NONCARDNAME", t.value, t.column))  # "a nonland card name" (201.3)
            i += 2
            continue
        if t.kind == "lit" and t.value == "who" and i + 2 < n and toks[i + 1].value == "can't" \
                and toks[i + 2].kind == "lit" and toks[i + 2].value in VERBS and toks[i + 2].orig.endswith("s"):
            out.append(Tok("lit", "who_can't", t.column))  # "Each opponent who can't loses 3 life."
            i += 2
            continue
        if t.kind == "lit" and t.value == "who" and i + 2 < n and toks[i + 1].value == "do" \
                and toks[i + 2].kind == "lit" and toks[i + 2].value in (",", "."):
            out.append(Tok("lit", "who_do", t.column))  # "For each opponent who does, …"
            i += 2
            continue
        if t.kind == "lit" and t.value == "with" and any(x.kind == "lit" and x.value == "share" for x in out[-4:]):
            out.append(Tok("lit", "share_with", t.column))  # "that shares a color with it" (the "with" of "share")
            i += 1
            continue
        if t.kind == "lit" and t.value == "~" and i + 2 < n and toks[i + 1].kind == "lit" and toks[i + 1].value == "and" \
                and (not out or out[-1].value in (":", ",", ".") or out[-1].kind == "COMMA_V") \
                and toks[i + 2].kind in ("lit", "PT", "NON", "SUBTYPE") and toks[i + 2].value not in VERBS \
                and toks[i + 2].value not in ("at_least", "have"):
            out.append(Tok("lit", "self_and", t.column))  # "~ and another target creature each get +1/+0"
            i += 2
            continue
        if t.kind == "lit" and t.value == "you" and i + 2 < n and toks[i + 1].value == "and" \
                and toks[i + 2].kind == "lit" and toks[i + 2].value in _YOU_AND_NEXT \
                and not (len(out) > 3 and out[-1].value == "to" and out[-2].value == "damage" and out[-4].value == "deal"):
            # (not in "deals N damage to you and each creature": deal_damage_both reads it)
            out.append(Tok("lit", "you_and", t.column))  # "you and target opponent each draw a card"
            i += 2
            continue
        if t.kind == "lit" and t.value == ",_where_x_be":
            out.append(Tok("lit", "where_x_is", t.column))
            i += 1
            continue
        if t.kind == "lit" and t.value in _DUR_WORDS:
            out.append(Tok("DUR", t.value, t.column))
            i += 1
            continue
        if t.kind == "lit" and (t.value in _COLOR_WORDS or t.value == "snow") and out and out[-1].kind == "lit" \
                and out[-1].value in ("from", "and_from", "hexproof_from"):
            out.append(Tok("PCOLOR", t.value, t.column))
            i += 1
            continue
        if t.kind == "lit" and t.value == "except":
            in_except = True
        elif t.kind == "lit" and t.value == ".":
            in_except = False
        nxt = toks[i + 1] if i + 1 < n else None
        nxt2 = toks[i + 2] if i + 2 < n else None
        if t.kind == "lit" and t.value in ("and", "or", "and/or") and nxt is not None and nxt.kind == "lit":
            if (nxt.value in VERBS or (nxt.value == "must" and t.value == "and")) and not (nxt.value == "target" and _starts_desc(nxt2)):
                out.append(Tok("AND_V" if t.value == "and" else ("OR_V" if t.value == "or" else "lit"), t.value, t.column))
                i += 1
                continue
        if t.kind == "lit" and t.value == "or" and out and nxt is not None and (
                out[-1].kind == "LANDWALK" or (out[-1].kind == "lit" and out[-1].value in KEYWORD_STARTS)) and (
                nxt.kind == "LANDWALK" or (nxt.kind == "lit" and nxt.value in KEYWORD_STARTS
                                           and nxt.value not in ("basic", "battle", "aura", "snow"))):
            out.append(Tok("OR_KW", "or", t.column))  # "creatures with flying or reach": either ability (702)
            i += 1
            continue
        if t.kind == "lit" and t.value in (",", "and") and nxt is not None and (
                nxt.kind in ("QUOTED", "LANDWALK") or (nxt.kind == "lit" and nxt.value in KEYWORD_STARTS
                                                       and nxt.value not in ("basic", "battle", "aura", "snow"))
                or (nxt.kind == "lit" and nxt.value == "all_creature_type")
                or (nxt.kind == "lit" and nxt.value == "and" and nxt2 is not None and (
                    nxt2.kind == "QUOTED" or (nxt2.kind == "lit" and nxt2.value in KEYWORD_STARTS)))):
            out.append(Tok("KWCOMMA" if t.value == "," else "KWAND", t.value, t.column))
            i += 1
            continue
        if t.kind == "lit" and t.value == "," and nxt is not None and nxt.kind == "lit" and nxt.value == "except":
            i += 1
            continue
        if t.kind == "lit" and t.value == "," and nxt is not None and nxt.kind == "lit" and nxt.value == "and" \
                and nxt2 is not None and nxt2.kind == "lit" and nxt2.value in _CLAUSE_STARTS:
            out.append(Tok("AND_C", ", and", t.column))
            i += 2
            continue
        if in_except and t.kind == "lit" and t.value == "and" and nxt is not None and nxt.kind == "lit" and nxt.value == "," \
                and nxt2 is not None and nxt2.kind == "lit" and nxt2.value == "if":
            out.append(Tok("AND_C", "and", t.column))
            i += 2
            continue
        if t.kind == "lit" and t.value == "and" and nxt is not None and nxt.kind == "lit" and nxt.value == "that" \
                and nxt2 is not None and nxt2.kind == "lit" and nxt2.value in ("creature", "player", "permanent") \
                and i + 3 < n and toks[i + 3].kind == "lit" and toks[i + 3].value in VERBS:
            # "... and that creature deals damage equal to its power to ~" (Stalking Yeti): a clause
            out.append(Tok("AND_C", "and", t.column))
            i += 1
            continue
        if (in_except or t.value == "and") and t.kind == "lit" and t.value in (",", "and") and nxt is not None \
                and nxt.kind == "lit" and nxt.value in _CLAUSE_STARTS:
            out.append(Tok("AND_C" if t.value == "and" else "COMMA_C", t.value, t.column))
            i += 1
            continue
        if t.kind == "lit" and t.value == "and" and nxt is not None and nxt.kind == "lit" \
                and nxt.value in ("target", "each") and clause_follows(toks, i + 1, VERBS):
            # "You draw a card and target opponent gains 3 life": a second clause with its own subject
            out.append(Tok("AND_C", "and", t.column))
            i += 1
            continue
        if t.kind == "lit" and t.value == "and" and out and ((out[-1].kind == "lit" and out[-1].value in (
                "you_control", "you_own", "a_opponent_control")) or (out[-1].kind == "SUBTYPE" and nxt is not None
                                                                     and nxt.kind == "lit" and nxt.value == "a")):
            out.append(Tok("AND_NP", "and", t.column))
            i += 1
            continue
        if t.kind == "lit" and t.value == "or" and out and out[-1].kind == "lit" and out[-1].value in ("spell", "type") \
                and nxt is not None and nxt.kind == "lit" and nxt.value == "a" \
                and any(x.kind == "lit" and x.value == "spend" for x in out):
            out.append(Tok("OR_NP", "or", t.column))  # "spend this mana only to cast an X spell or a Y spell"
            i += 1
            continue
        if t.kind == "lit" and t.value == "or" and out and out[-1].kind == "SUBTYPE" and nxt is not None \
                and nxt.kind == "lit" and nxt.value == "a":
            # "a Mountain or a Plains"; after "that's": "that's a Wolf or a Werewolf", a predicate
            after_thats = len(out) > 2 and out[-2].value == "a" and out[-3].value == "that's"
            out.append(Tok("OR_TYPE" if after_thats else "OR_NP", "or", t.column))
            i += 1
            continue
        if t.kind == "lit" and t.value in ("and", "or", "and/or") and _is_nounish(nxt):
            out.append(Tok({"and": "AND_N", "or": "OR_N", "and/or": "ANDOR_N"}[t.value], t.value, t.column))
            i += 1
            continue
        if t.kind == "lit" and t.value == ",":
            if nxt is not None and nxt.kind == "lit" and nxt.value == "then":
                clause = nxt2 is not None and nxt2.kind == "lit" and (
                    nxt2.value in _CLAUSE_STARTS or nxt2.value in ("that", "target", "each"))
                out.append(Tok("COMMA_THEN_C" if clause else "COMMA_THEN", ", then", t.column))
                i += 2
                continue
            prev = out[-1] if out else None
            if (_is_nounish(prev) or (prev is not None and prev.kind == "MANASYM")) and (
                    _is_nounish(nxt) or (nxt is not None and nxt.kind == "lit" and nxt.value in ("or", "and", "and/or")
                                         and _is_nounish(nxt2))) and not ends_trigger(toks, i, out, VERBS):
                out.append(Tok("LISTCOMMA", ",", t.column))
                i += 1
                continue
        if t.kind == "lit" and t.value == "," and nxt is not None and nxt.kind == "lit" and (
                nxt.value in VERBS or (nxt.value in ("and", "or") and nxt2 is not None and nxt2.kind == "lit"
                                       and nxt2.value in VERBS)):
            out.append(Tok("COMMA_V", ",", t.column))
            i += 1
            continue
        out.append(t)
        i += 1
    return out


#: First words of keyword lines (702): a line that starts with one of these and
#: is not a sentence is read as a keyword line.
KEYWORD_STARTS = frozenset("""
flying haste trample defender vigilance reach deathtouch lifelink menace hexproof indestructible
shroud fear intimidate prowess changeling convoke delve cascade devoid exalted flanking
horsemanship infect persist undying wither shadow skulk storm rebound phasing banding sunburst
evolve extort ingest melee mentor myriad partner provoke riot soulbond training undaunted
unleash haunt epic fuse gravestorm improvise ascend assist dethrone exploit conspire cipher
daybound nightbound decayed demonstrate compleated retrace aftermath hideaway sweep forecast
ninjutsu morph megamorph foretell flashback kicker multikicker buyback cycling echo evoke dash
embalm eternalize unearth madness miracle overload prowl surge spectacle emerge entwine bestow
transmute outlast blitz disturb cleave encore fortify replicate recover scavenge transfigure
aura commander plot squad escalate afflict annihilator bushido rampage absorb modular fading
vanishing graft bloodthirst renown tribute dredge fabricate soulshift frenzy poisonous amplify
devour backup toxic ripple afterlife casualty reinforce enchant equip protection ward crew
suspend awaken cumulative basic affinity hexproof_from partner splice champion level reconfigure first_strike
double_strike split_second flash escape living totem battle jump-start mutate snow hidden friends
""".split())
