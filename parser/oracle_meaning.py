"""Parse tree of one Oracle line -> the fields of an `Ability` (kind, costs,
trigger, condition, effects, riders) as terms.

Most tree nodes become a term named after their grammar alias with the meanings
of their children as arguments (`destroy(some(a, desc(...)))`); the methods
below handle the nodes whose meaning needs more than that: mana symbols, keyword
lines, the kind of the ability and the characteristic-changing statics.  The
vocabulary is documented in docs/oracle-meaning.md.
"""

from __future__ import annotations

from typing import Callable

from lark import Discard, Token, Transformer, Tree

from .copy_exceptions import copy_exception_items
from .oracle_characteristic import characteristic as _characteristic
from .mana_symbols import mana_symbol_term
from .terms import Fn, Term, fn, tup
from .oracle_nouns import share_head_noun
from .oracle_meaning_forms import BreadthForms, SecondPassForms, Unsupported, zone_to_every_verb
from .oracle_words import REPLACEMENT_TERMS as _REPLACEMENT, RIDER_TERMS as _RIDERS, TARGETING_TERMS as _TARGETING

_COLOR_WORDS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}




def _produce(m: Term) -> Term:
    """mana(colored(g), generic(2)) of a cost -> mana(g, c, c) of an effect (106.1)."""
    if not isinstance(m, Fn) or m.name != "mana":
        return m
    out: list[Term] = []
    for a in m.args:
        if isinstance(a, Fn):
            if a.name == "colored":
                out.append(a.args[0])
            elif a.name == "colorless":
                out.append(fn("c"))
            elif a.name == "generic":
                out.extend(fn("c") for _ in range(int(a.args[0])))  # old "{2}" = two colorless
            elif a.name == "snow":
                out.append(fn("snow"))
            elif a.name == "x":
                out.append(fn("x"))
            else:
                out.append(a)
    return fn("mana", *out)


def _walk(t: Term):
    yield t
    if isinstance(t, Fn):
        for a in t.args:
            yield from _walk(a)


def _mentions(terms, names: set[str]) -> bool:
    return any(isinstance(x, Fn) and x.name in names for t in terms for x in _walk(t))


def _walk_own(t: Term):
    """The subterms of t that are its own words: not those of an ability it quotes (a token's
    or a granted ability is another ability, 113.1a, 605.1)."""
    yield t
    if isinstance(t, Fn) and t.name != "quoted":
        for a in t.args:
            yield from _walk_own(a)


def _adds_mana_untargeted(effects) -> bool:
    """Effects that add mana themselves and have no target: what makes an activated (605.1a)
    or a triggered (605.1b) ability a mana ability.  Mana added by a quoted ability (a
    token's "Sacrifice this creature: Add {C}.") does not count: that is the token's ability."""
    own = [x for e in effects for x in _walk_own(e) if isinstance(x, Fn)]
    return any(x.name in ("add", "add_additional") for x in own) and not any(x.name in _TARGETING for x in own)


_CONNECTORS = {"OR_KW", "COMMA_THEN_C", "OR_TYPE", "OR_NP", "ROW", "NAMECOMMA", "AND_NP", "AND_V", "OR_V", "AND_N", "OR_N", "ANDOR_N", "AND_C", "COMMA_C", "COMMA_V", "COMMA_THEN",
               "LISTCOMMA", "KWCOMMA", "KWAND", "ACT", "KWLINE", "BULLET", "CHAPTER"}


_OPPONENT_WHO_DOES = fn("all_of", fn("desc", fn("none"), fn("types", fn("group", fn("opponent"))),
                                    fn("where", fn("who", fn("does")))))



# "a spell that targets a creature you control": the grammar attaches the controller post after "that targets
# <np>" to the spell (LALR: a description inside a post has no post of its own); it belongs to the targeted
# object's description (115.1: the spell's controller is not what the text asks about)
_CONTROL_POSTS = ("you_control", "an_opponent_controls", "opponents_control", "you_dont_control")


def _that_targets_controlled(posts: list) -> list:
    out: list = []
    for p in posts:
        prev = out[-1] if out else None
        if (isinstance(p, Fn) and p.name in _CONTROL_POSTS and not p.args and isinstance(prev, Fn)
                and prev.name == "that_targets" and isinstance(prev.args[0], Fn) and prev.args[0].name == "some"
                and isinstance(prev.args[0].args[1], Fn) and prev.args[0].args[1].name == "desc"
                and prev.args[0].args[1].args[2] == fn("where")):
            q, d = prev.args[0].args[0], prev.args[0].args[1]
            out[-1] = fn("that_targets", fn("some", q, fn("desc", d.args[0], d.args[1], fn("where", p))))
        else:
            out.append(p)
    return out

class _Meaning(BreadthForms, SecondPassForms, Transformer):
    def __init__(self, parse_quoted: Callable[[str], Fn]):
        super().__init__(visit_tokens=True)
        self._quoted = parse_quoted

    # ---- generic: alias name -> term name ------------------------------------------
    def __default__(self, data, children, meta):
        name = data.value if isinstance(data, Token) else str(data)
        # a cost list inside another node (a "—" keyword cost) is the term costs(...)
        return fn(name, *(fn("costs", *c) if isinstance(c, tuple) else c for c in children if c is not None))

    def __default_token__(self, tok: Token):
        t = tok.type
        if t == "NUM":
            return int(tok.value)
        if t == "SUBTYPE":
            return tok.value
        if t == "PCOLOR":
            return fn(_COLOR_WORDS.get(tok.value, tok.value))
        if t == "DUR":
            return fn(tok.value)
        if t == "NON":
            return fn("non", tok.value if tok.value[:1].isupper() else fn(tok.value))
        if t == "MANASYM":
            return mana_symbol_term(tok.value)
        if t == "PT":
            return _pt(tok.value)
        if t == "QUOTED":
            return self._quoted(tok.value)
        if t == "LOYALTYCOST":
            v = tok.value
            return int(v) if v.lstrip("+-").isdigit() else fn("x")
        if t in ("TYPECYCLING", "LANDWALK"):
            return tok.value
        if t in _CONNECTORS:
            return Discard
        return tok.value

    # ---- leaves -------------------------------------------------------------------
    def number(self, c):
        v = c[0]
        return fn("x") if v == "x" else v

    def mana(self, c):
        return fn("mana", *c)

    def energy(self, c):
        return len(c)

    def color(self, c):
        return fn(_COLOR_WORDS[str(c[0])])

    def supertype(self, c):
        return fn(str(c[0]))

    def add_what(self, c):
        return fn("_".join(str(x) for x in c))

    def kw_simple(self, c):
        return fn(str(c[0]).replace("-", "_"))

    def cost_kw(self, c):
        return fn("_".join(str(x) for x in c).rstrip("_"))

    def ordinal(self, c):
        return ["first", "second", "third", "fourth"].index(str(c[0])) + 1

    def num_kw(self, c):
        return fn(str(c[0]))

    def name(self, c):
        return " ".join(str(x) if not isinstance(x, Fn) else str(x.args[0]) for x in c)

    # ---- descriptions (109.2): desc(Adjectives, Types, Posts) ------------------------
    def desc0(self, c):
        return self.desc(c)

    def who(self, c):
        return fn("_post", fn("who", *c))

    def who_cant(self, c):
        return fn("_post", fn("who", fn("cant")))

    def who_does(self, c):
        return fn("_post", fn("who", fn("does")))

    def desc1(self, c):
        return self.desc(c)

    def desc(self, c):
        adjs = [x for x in c if not (isinstance(x, Fn) and x.name in ("types", "_post"))]
        types = [x for x in c if isinstance(x, Fn) and x.name == "types"]
        posts = _that_targets_controlled([x.args[0] for x in c if isinstance(x, Fn) and x.name == "_post"])
        return fn("desc", tup(*adjs) if adjs else fn("none"), types[0] if types else fn("any_type"),
                  fn("where", *posts))

    def nouns(self, c):
        groups = [x for x in c if isinstance(x, Fn) and x.name == "group"]
        return fn("types", *share_head_noun(groups))

    def noun_group(self, c):
        return fn("group", *c)

    def desc_types(self, c):
        return c[0]

    def post(self, c):
        # posts are marked so `desc` can tell them from adjectives
        p = c[0]
        if isinstance(p, Fn) and p.name == "_post":
            return p
        return fn("_post", p)

    def _mark(name):  # noqa: N805 - helper building methods
        def m(self, c):
            return fn("_post", fn(name, *c))
        return m

    for _p in ("you_control", "you_dont_control", "an_opponent_controls", "target_player_controls",
               "target_opponent_controls", "that_player_controls", "its_controller_controls", "they_control",
               "you_own", "defending_player_controls", "each_player_controls", "with", "without", "in_zone",
               "from_zone", "on_battlefield", "of_chosen_type", "of_chosen_color", "of_your_choice", "thats",
               "thats2", "named", "other_than", "exiled_with", "exiled_this_way", "revealed_this_way",
               "dealt_damage_this_way", "attacking_you", "blocking_it", "blocking_or_blocked_by", "blocked_by",
               "shares_type", "not_on_battlefield", "put_into_this_turn", "attached_to", "this_turn",
               "at_random", "that_is", "mv", "power", "toughness", "same_name", "total_power", "among_them",
               "of_that_type", "not_of_chosen_type"):
        locals()[_p] = _mark(_p)
    del _p, _mark

    # ---- keywords (702) --------------------------------------------------------------
    def _filter(self, c):
        return [x for x in c if x is not None]

    def keyword(self, c):
        return fn("keyword", c[0])

    def kw(self, c):
        return c[0]

    def kw_cost(self, c):
        return fn(c[0].name, c[1])

    def kw_n(self, c):
        return fn(c[0].name, c[1])

    def kwcost_mana(self, c):
        return c[0]

    def kwcost_other(self, c):
        return fn("costs", *c[0])

    def kwcost_n(self, c):
        return fn("n", c[0])

    def enchant(self, c):
        return fn("enchant", _simple_desc(c[0]))

    def equip(self, c):
        return fn("equip", c[0])

    def keywords(self, c):
        return tuple(c)

    def costs(self, c):
        return tuple(c)

    def grants(self, c):
        return fn("abilities", *c)

    # ---- 106: mana produced --------------------------------------------------------
    def fixed(self, c):
        return _produce(c[0])

    def one_of(self, c):
        return fn("one_of", *(_produce(x) for x in c))

    def for_each(self, c):
        if len(c) == 2 and isinstance(c[0], Fn) and c[0].name == "mana":
            return fn("for_each", _produce(c[0]), c[1])
        if len(c) == 2 and c[0] == _OPPONENT_WHO_DOES:  # "For each opponent who does, …"
            return fn("for_each_opponent_who_does", c[1])
        return fn("for_each", *c)

    def for_each_counter(self, c):
        return fn("for_each_counter", _produce(c[0]), c[1], c[2])

    def amount(self, c):
        return fn("amount", _produce(c[0]), c[1])

    def fixed_where_x(self, c):
        return fn("amount", _produce(c[0]), c[1])

    def fixed_or_any_color(self, c):
        return fn("one_of", _produce(c[0]), fn("any_color", c[1]))

    # ---- sentences --------------------------------------------------------------
    def sentence(self, c):
        return c[0]

    def body(self, c):
        return list(c)

    def imperative(self, c):
        return c[0]

    def all_of(self, c):
        d = c[0]
        if isinstance(d, Fn) and d.name == "desc" and d.args[2] == fn("where"):
            adjs, types = d.args[0], d.args[1]
            if isinstance(adjs, Fn) and len(adjs.args) == 1 and isinstance(adjs.args[0], Fn) \
                    and adjs.args[0].name in ("enchanted", "equipped", "fortified") and not adjs.args[0].args:
                noun = _simple_desc(fn("desc", fn("none"), types, fn("where")))
                if not (isinstance(noun, Fn) and noun.name == "desc"):
                    return fn(adjs.args[0].name, noun)  # 301.5, 303.4: the attached-to object
        return fn("all_of", *c)

    # ---- verb phrases joined (oracle.lark `vps`) ---------------------------------------
    def vjoin_and(self, c):
        return _Join("and")

    def vjoin_comma(self, c):
        return _Join(",")

    def vjoin_or(self, c):
        return _Join("or")

    def vjoin_then(self, c):
        return _Join("then")

    def vps(self, c):
        return _join_vps([x for x in c if not isinstance(x, _Join)], [x.kind for x in c if isinstance(x, _Join)])

    def exceptions(self, c):
        return fn("except", *c)

    # counters (122): counters(Count, Kind) with Count a quantity term or `some`
    def counters(self, c):
        if len(c) == 2:
            return fn("counters", c[0], c[1])
        k = c[0]
        if isinstance(k, Fn) and k.name in ("pt_counter", "named_counter", "loyalty"):
            return fn("counters", fn("some"), k)
        return fn("counters", k, fn("any_kind"))

    def additional_counters(self, c):
        return fn("additional_counters", c[0] if len(c) == 2 else fn("a"), c[-1])

    def a_number_of_counters(self, c):
        return fn("counters", fn("a_number"), c[0])

    def where_x_then(self, c):
        # "Scry X, where X is ..., then draw three cards." (Graven Lore)
        return fn("where_x", fn("and", c[0], c[2]), c[1])

    def lasting_except_by(self, c):
        # "~ can't be blocked this turn except by snow creatures."
        v, dur, np = c
        if v == fn("cant", fn("cant_be_blocked")):
            return fn("lasting", fn("cant", fn("cant_be_blocked_except", np)), dur)
        return fn("lasting_except_by", v, dur, np)

    def while_both(self, c):
        # "… as long as it's blocking and you control a snow land." (Snow Devil)
        return fn("while", c[0], fn("both_conditions", c[1], c[2]))

    def becomes(self, c):
        if c and isinstance(c[0], Fn) and c[0].name == "compare":
            # "it becomes equal to your starting life total": what becomes equal (a life total,
            # 119.5) is no object the term could name
            raise Unsupported("column 1: \"becomes\" a number: the subject is not an object")
        return fn("becomes", *c)

    def same_name_as_one_another(self, c):
        if c != [1]:  # "as one another": the lexer reads "one" as the number 1
            raise Unsupported("column 1: \"with the same name as\" is followed by \"one another\" only")
        return fn("same_name_as_one_another")

    def with_exceptions(self, c):
        clause, exc = c
        return fn("with_exceptions", clause, exc, fn("exceptions", *copy_exception_items(exc)))

    # ---- events on counters (122) ---------------------------------------------------
    def exiled_zone(self, c):
        return fn("in_zone", fn("exile_zone"))  # "while it's exiled" (406)

    def counter_removed(self, c):
        # "Whenever a time counter is removed from ~ [while it's exiled]" (702.62a):
        # one removed counter -> counter_removed(Kind, NP[, in_zone(exile_zone)])
        cs = c[0]
        if not (isinstance(cs, Fn) and cs.name == "counters" and cs.args[0] == fn("a")):
            raise Unsupported("column 1: a removal of more than one counter has no event term yet")
        return fn("counter_removed", cs.args[1], *c[1:])

    def last_counter_removed(self, c):
        # "When the last time counter is removed from ~ [while it's exiled]" (702.62a)
        return fn("last_counter_removed", *c)

    # ---- events of face-down permanents (708) ------------------------------------------
    def enters_or_turned_face_up(self, c):
        # "When ~ enters or is turned face up": one trigger on either of two events, the
        # same terms "~ enters" and "~ is turned face up" have (603.6a, 708.8: being
        # turned face up is not entering) -> either(enters(NP), turned_face_up(NP))
        (np,) = c
        return fn("either", fn("enters", np), fn("turned_face_up", np))

    # ---- whole lines ------------------------------------------------------------------
    def line_keyword(self, c):
        kws = c[0] if isinstance(c[0], tuple) else (fn("keyword", c[0]),)
        return {"kind": "keyword", "effects": tuple(kws)}

    def line_keyword_x_not_zero(self, c):
        # "Suspend X—{X}{3}{R}. X can't be 0." (107.3, 702.62a): the keyword, then x_not_zero
        kw, n = c
        if n != 0 or not _mentions((kw,), {"x"}):
            raise Unsupported("column 1: only \"X can't be 0\" follows a keyword with X")
        return {"kind": "keyword", "effects": (kw, fn("x_not_zero"))}

    def line_activated(self, c):
        costs, body = tuple(c[0]), c[1]
        d = _split(body)
        d["costs"] = costs
        if _adds_mana_untargeted(d["effects"]):
            d["kind"] = "mana"  # 605.1a
        else:
            d["kind"] = "activated"
        return d

    def line_loyalty(self, c):
        d = _split(c[1])
        d["kind"] = "loyalty"
        d["costs"] = (fn("loyalty", c[0]),)
        return d

    def line_triggered(self, c):
        trigger, body = c[0], c[1]
        d = _split(body)
        d["trigger"] = trigger
        effects = list(d["effects"])
        if effects and isinstance(effects[0], Fn) and effects[0].name == "if_then":
            # 603.4 intervening "if": checked when it triggers and on resolution
            d["condition"] = effects[0].args[0]
            effects[0] = effects[0].args[1]
            d["effects"] = tuple(effects)
        tmana = isinstance(trigger, Fn) and any(
            isinstance(x, Fn) and x.name.startswith(("tapped_for_mana", "taps_for_mana")) for x in _walk(trigger))
        if tmana and _adds_mana_untargeted(d["effects"]):
            d["kind"] = "mana"  # 605.1b: a triggered mana ability
        else:
            d["kind"] = "triggered"
        return d

    def line_mode(self, c):
        d = _split(c[0])
        d["kind"] = "plain"
        d["riders"] = tuple(d.get("riders", ())) + (fn("mode"),)
        d["plain_kind"] = "static"
        return d

    def line_die_result(self, c):
        # 706.2: one row of the results table of a die roll; the row's range is a rider
        d = _split(c[0])
        d["kind"] = "plain"
        d["plain_kind"] = "static"
        return d

    def line_class_level(self, c):
        # 716.2a: "{cost}: Level N" is an activated ability that gives a Class its level N
        return {"kind": "activated", "costs": tuple(c[0]), "effects": (fn("class_level", c[1]),)}

    def line_chapter(self, c):
        d = _split(c[0])
        d["kind"] = "triggered"
        d["trigger"] = fn("chapter")
        return d

    def line_plain(self, c):
        d = _split(c[0])
        kinds = [_sentence_kind(e) for e in d["effects"]]
        d["kind"] = "plain"
        d["plain_kind"] = "replacement" if "replacement" in kinds else "static"
        d["effects"] = tuple(_characteristic(e) for e in d["effects"])
        return d


class _Join:
    """How two verb phrases of a `vps` are joined: "and", ",", "or", "then"."""

    __slots__ = ("kind",)

    def __init__(self, kind: str):
        self.kind = kind


#: Verb phrases that state a continuous effect (611.2a): a duration that ends a list of them
#: ("gets +1/+1 and gains vigilance until end of turn") is the duration of each.  A one-shot
#: verb ("untap target creature and gain control of it until end of turn") ends the scope.
_CONTINUOUS = {"gets", "gets_for_each", "gets_for_each_counter", "gets_x", "has", "gains", "loses",
               "loses_all_abilities", "loses_other_card_types", "loses_other_types", "becomes", "base_pt",
               "base_pt_equal", "base_pt_x", "switch_pt", "gain_control", "can", "blocks"}


def _continuous(v: Term) -> bool:
    return isinstance(v, Fn) and (v.name in _CONTINUOUS or v.name.startswith("cant") or v.name.startswith("can_"))


def _join_vps(vs: list[Term], joins: list[str]) -> Term:
    """Verb phrases of one subject and their joins -> one term.

    A duration at the end of a list scopes over every continuous verb phrase before it that
    has none of its own, back to the first "then" or one-shot verb:
    `and(lasting(gets(pt(1,1)),D), lasting(gains(...),D))`.  "or" is a choice of one
    (`choice(V1, V2, …)`); a "," takes the join of the next non-"," join ("A, B, or C" is a
    choice of three, "A, B, and C" all three); "then" joins like "and", in order.
    """
    vs = zone_to_every_verb(list(vs))
    for i in range(len(vs) - 1, 0, -1):
        v = vs[i]
        if not (isinstance(v, Fn) and v.name == "lasting" and len(v.args) == 2):
            continue
        dur = v.args[1]
        j = i - 1
        while j >= 0 and joins[j] != "then" and _continuous(vs[j]):
            vs[j] = fn("lasting", vs[j], dur)
            j -= 1
    resolved = list(joins)
    for k in range(len(resolved) - 1, -1, -1):
        if resolved[k] == ",":
            resolved[k] = resolved[k + 1] if k + 1 < len(resolved) else "and"
    alts: list[list[Term]] = [[vs[0]]]
    for v, j in zip(vs[1:], resolved):
        if j == "or":
            alts.append([v])
        else:
            alts[-1].append(v)
    parts = [a[0] if len(a) == 1 else fn("and", *a) for a in alts]
    return parts[0] if len(parts) == 1 else fn("choice", *parts)



def _pt(v: str) -> Fn:
    p, _, t = v.partition("/")

    def part(x: str) -> Term:
        try:
            return int(x)
        except ValueError:
            return x
    return fn("pt", part(p), part(t))


def _simple_desc(d: Term) -> Term:
    """desc(none, types(group(land)), where) -> land (keeps enchant(land) short)."""
    if isinstance(d, Fn) and d.name == "desc" and d.args[0] == fn("none") and d.args[2] == fn("where"):
        types = d.args[1]
        if isinstance(types, Fn) and types.name == "types" and len(types.args) == 1:
            g = types.args[0]
            if isinstance(g, Fn) and len(g.args) == 1:
                return g.args[0]
    return d


def _split(body: list) -> dict:
    effects, riders = [], []
    for s in body:
        if isinstance(s, Fn) and s.name in _RIDERS:
            riders.append(s)
        else:
            effects.append(s)
    return {"effects": tuple(effects), "riders": tuple(riders)}


def _sentence_kind(e: Term) -> str:
    if isinstance(e, Fn):
        for x in _walk(e):
            if isinstance(x, Fn) and x.name in _REPLACEMENT:
                return "replacement"
    return "static"


def meaning(tree: Tree, *, parse_quoted: Callable[[str], Fn]) -> dict:
    return _Meaning(parse_quoted).transform(tree)
