"""Every word of an understood Oracle line is accounted for by its parse.

`oracle.parse_ability_line` reads a line through the lexer (`oracle_lexer`), the LALR grammar
(`oracle.lark`) and the meaning builder (`oracle_meaning`).  The lexer drops no word (only
normalisation does: reminder text, self-references, "enters the battlefield").  After it, a word
is kept in one of three ways:

- **node**: an anonymous literal ("destroy" in `"destroy" np -> destroy`) or a connector token
  (`AND_V`, `OR_V`, `LISTCOMMA`, … which the meaning builder drops) consumed by a reduction that
  makes a node: the node's name stands for the word;
- **inline**: consumed by a rule that makes no node of its own (an `_inline` rule or lark's
  `__x_star_N` repetition): its words belong to the nearest node above, which stands for them
  when the inline rule has one wording — otherwise the wording is a `variant`;
- **token**: a named terminal (`NUM`, `SUBTYPE`, `CAPWORD`, `MANASYM`, …, or a word of a
  `!rule`): its value must be found in the terms of the ability.

A word is **lost** when it is a `variant` of an inline rule not reviewed as meaning-neutral
(`NEUTRAL` below: "," and "or" in a list of subtypes both make a union, 205.3), when a `?rule`
alternative without a name collapses onto its one child and drops the word, or when a token's
value is in no term.  `account(text, terms)` replays the parse of one normalised line; the test
`tests/test_oracle_no_silent_loss.py` runs it over every understood line of the card database.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache

from lark import Token, Tree

from .oracle import grammar_parser, lark_tokens, line_tokens, normalise
from .terms import render

# Token types the meaning builder drops (oracle_meaning._CONNECTORS): like anonymous literals,
# they are kept only by the node that consumed them.
CONNECTORS = frozenset({"OR_KW", "COMMA_THEN_C", "OR_TYPE", "OR_NP", "ROW", "NAMECOMMA", "AND_NP", "AND_V", "OR_V", "AND_N", "OR_N", "ANDOR_N", "AND_C", "COMMA_C",
                        "COMMA_V", "COMMA_THEN", "LISTCOMMA", "KWCOMMA", "KWAND", "ACT", "KWLINE", "BULLET",
                        "CHAPTER", "SNOWAND"})

# (rule, word) -> why the word says nothing its term lacks.  The rule is the grammar's rule (an
# inline rule or lark's repetition of one); the word is the token's value after the lexer.
NEUTRAL: dict[tuple[str, str], str] = {}


def _neutral(rule: str, words: tuple[str, ...], why: str) -> None:
    for w in words:
        NEUTRAL[(rule, w)] = why


# lark numbers its repetition rules (`__costs_star_3`): name them by their parent rule only
_neutral("costs", (",", "and"), "costs of one ability are all paid, however they are joined (601.2h)")
_neutral("keywords", (",", ";", "and"), "separators of a keyword list (702.1)")
_neutral("nouns", (",", "or", "and", "and/or"), "a list of card types or subtypes names a union either way (205.3)")
_neutral("color_list", (",", "or", "and"), "a list of colors in a description names a union either way (105.2)")
_neutral("grants", (",", "and"), "every ability of a list of granted abilities is granted (613.1f)")
_neutral("prot_list", ("and_from",), "protection from each quality of the list (702.16)")
_neutral("mana_out", (",",), "the commas of a list of mana symbols that ends in \"or\" (106.1)")
_neutral("spend_what", (",", "or", "to"), "a list of what mana may be spent on: a union either way (106.6)")
_neutral("exceptions", (",", "and", ", and"), "every exception of a copy effect applies (707.9)")
_neutral("adj", (",",), "the commas of a list of adjectives of one description (205.3)")
_neutral("supertype_list", ("and",), "each supertype of the list is added (205.4)")
_neutral("clause", ("and",), "the clauses of a list of objects the same is true for (all of them)")
_neutral("_c", (",",), "the comma between a trigger and its effect (603.1)")


def rule_family(rule_name: str) -> str:
    """lark's repetition rules are numbered (`__costs_star_3`): name them by their rule only."""
    m = re.fullmatch(r"__(.+)_(?:star|plus|opt)_\d+", rule_name)
    return m.group(1) if m else rule_name


# Named tokens whose value the meaning builder checks rather than carries: (rule, value) -> where.
CHECKED: dict[tuple[str, str], str] = {
    ("start", "0"): "\"X can't be 0\" after a keyword: line_keyword_x_not_zero accepts 0 only",
    ("post_inner", "1"): "\"the same name as one another\": same_name_as_one_another accepts 1 only",
}


@dataclass(frozen=True)
class Word:
    value: str
    column: int
    how: str      # "node", "inline", "variant", "token", "collapsed"
    rule: str     # the rule that consumed it


@lru_cache(maxsize=1)
def _inline_wordings() -> dict[str, int]:
    """For each inline rule: how many different wordings its alternatives with the same kept
    children have (1: its words are fixed, the node above stands for them)."""
    groups: dict[tuple, set[str]] = defaultdict(set)
    for r in grammar_parser().rules:
        kept = tuple(s.name for s in r.expansion if not _is_word(s, r))
        words = " ".join(s.name for s in r.expansion if _is_word(s, r))
        groups[(r.origin.name, kept)].add(words)
    out: dict[str, int] = {}
    for (origin, _k), w in groups.items():
        out[origin] = max(out.get(origin, 1), len(w))
    return out


def _is_word(sym, rule) -> bool:
    return sym.is_term and ((sym.filter_out and not rule.options.keep_all_tokens) or sym.name in CONNECTORS)


def _named(rule, result, children) -> bool:
    if rule.origin.name.startswith("_"):
        return False
    return isinstance(result, Tree) and not any(result is c for c in children)


class _Recorder:
    """The parser's reduction callbacks, each wrapped once to note the words its rule consumes
    into `words` (the list of the line being replayed)."""

    def __init__(self, parser):
        self.words: list[Word] = []
        self.original = parser.parser.parser.parser.callbacks
        wordings = _inline_wordings()
        self.callbacks = {r: self._wrap(r, f, wordings) for r, f in self.original.items()}

    def _wrap(self, rule, f, wordings):
        inline = rule.origin.name.startswith("_")
        family = rule_family(rule.origin.name)
        # (position in the expansion, the word's kind when the reduction makes no node) of each terminal
        terms = [(i, "token" if not _is_word(sym, rule) else
                  ("inline" if wordings.get(rule.origin.name, 1) == 1 else "variant") if inline else "collapsed")
                 for i, sym in enumerate(rule.expansion) if sym.is_term]

        def call(children):
            result = f(children)
            named = _named(rule, result, children)
            for i, how in terms:
                child = children[i] if i < len(children) else None
                if isinstance(child, Token):
                    self.words.append(Word(child.value, child.column or 0, "node" if named and how != "token" else how,
                                           family))
            return result
        return call


_recorders: dict[int, tuple] = {}


def _recorder(parser) -> _Recorder:
    """The recorder of this parser object (built at its first replay)."""
    got = _recorders.get(id(parser))
    if got is None or got[0] is not parser:
        _recorders.clear()
        got = _recorders[id(parser)] = (parser, _Recorder(parser))
    return got[1]


def _replay(text: str) -> list[Word] | None:
    toks, _riders = line_tokens(text)
    if not toks:
        return []
    parser = grammar_parser()
    inner = parser.parser.parser.parser
    rec = _recorder(parser)
    rec.words = []
    inner.callbacks = rec.callbacks
    try:
        parser.parse(lark_tokens(toks))
    except Exception:  # noqa: BLE001 - lark's parse errors: the line is not understood
        return None
    finally:
        inner.callbacks = rec.original
    return sorted(rec.words, key=lambda w: w.column)


def lost_words(text: str, rendered: str) -> list[Word]:
    """The words of one normalised, understood line that no term keeps: unreviewed variants of
    inline rules, words a nameless `?rule` collapse drops, and named tokens (numbers, subtypes,
    names) whose value is in none of `rendered` (the ability's terms, rendered)."""
    words = _replay(text)
    if words is None:
        return []
    lost = [w for w in words if w.how in ("variant", "collapsed") and (w.rule, w.value) not in NEUTRAL]
    types = {t.column: t.type for t in lark_tokens(line_tokens(text)[0])}
    in_strings = Counter(w for s in re.findall(r'"((?:[^"\\]|\\.)*)"', rendered) for w in s.split())
    numbers = Counter(re.findall(r"(?<![\w\"])-?\d+(?![\w\"])", rendered))
    need_words: Counter = Counter()
    need_nums: Counter = Counter()
    owners: dict[str, Word] = {}
    for w in words:
        kind = types.get(w.column, "")
        if w.how != "token" or kind not in ("NUM", "SUBTYPE", "CAPWORD", "WORD") or (w.rule, w.value) in CHECKED:
            continue
        if kind == "NUM":
            need_nums[str(int(w.value))] += 1
        else:
            need_words[w.value] += 1
        owners[w.value] = w
    for w in words:  # a quoted ability (113.1a) is read on its own: its words too
        if w.how == "token" and types.get(w.column) == "QUOTED":
            lost += lost_words(normalise(w.value, "\0"), rendered)
    lost += [owners[v] for v, n in need_words.items() if in_strings[v] < n]
    lost += [owners[v] for v, n in need_nums.items() if numbers[v] < n and owners.get(v)]
    return lost


def rendered_fields(parts: dict) -> str:
    """Every term of an ability's fields (costs, trigger, condition, effects, riders) in one string."""
    out = []
    for key in ("costs", "trigger", "condition", "effects", "riders"):
        v = parts.get(key)
        if v is None:
            continue
        out += [render(x) for x in (v if isinstance(v, tuple) else (v,))]
    return " ".join(out)


def ability_lost_words(line: str, face_name: str, supertypes: tuple[str, ...], ab) -> list[Word]:
    """`lost_words` of one understood Ability of a card face."""
    return lost_words(normalise(line, face_name, supertypes),
                      rendered_fields({"costs": ab.costs, "trigger": ab.trigger, "condition": ab.condition,
                                       "effects": ab.effects, "riders": ab.riders}))
