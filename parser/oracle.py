"""Oracle ability lines -> `Ability` AST with structured meaning.

Each line of a face's text is one ability (or one keyword line).  A line is first
normalised (reminder text dropped, self-references replaced by "~", "enters the
battlefield" -> "enters"), then split into words by `oracle_lexer`, parsed by
`oracle.lark` (LALR, strict) and turned into terms by `oracle_meaning`.  A line
the grammar does not accept becomes an `unsupported` Ability carrying its text,
position and what the grammar expected: it is reported, never dropped.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from importlib.resources import files

from lark import Lark, Token
from lark.exceptions import LarkError, UnexpectedInput, VisitError
from lark.lexer import Lexer

from . import oracle_lines
from .grammar_cache import cached_lark, tables_cached

from .card_ast import Ability
from .mana_symbols import mana_symbol_term  # noqa: F401 - also read from here (mtgkb.facts)
from .oracle_lexer import CANON, KEYWORD_STARTS, Tok, subtype_forms, tokenize
from .oracle_words import SUBTYPES
from .oracle_meaning import Unsupported, meaning
from .terms import Fn, fn

_REMINDER = re.compile(r"\s*\([^()]*\)")


class _TokenListLexer(Lexer):
    """lark's side of `oracle_lexer`: the "text" handed to `parse` is already a
    list of lark Tokens."""

    def __init__(self, lexer_conf) -> None:  # noqa: D401 - lark interface
        pass

    def lex(self, data):  # type: ignore[override]
        return iter(data)


_OPTIONS = {"parser": "lalr", "lexer": _TokenListLexer, "strict": True, "propagate_positions": False,
            "maybe_placeholders": False}


def _grammar_text() -> str:
    return files("mtgkb.parser").joinpath("oracle.lark").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return cached_lark("oracle", _grammar_text(), **_OPTIONS)


def tables_kept() -> bool:
    """Whether loading the grammar now would read its LALR tables from the per-user cache
    (a few tens of ms), rather than build them (seconds); True once it is loaded."""
    return _parser.cache_info().currsize == 1 or tables_cached("oracle", _grammar_text(), **_OPTIONS)


@lru_cache(maxsize=1)
def _literals() -> dict[str, str]:
    """literal word -> the name lark gave its anonymous terminal."""
    out = {}
    for t in _parser().terminals:
        if t.pattern.type == "str":
            out[t.pattern.value] = t.name
    return out


def self_names(face_name: str, supertypes: tuple[str, ...] = ()) -> list[str]:
    """Words that mean "this object" on a face (201.5): its name and, for a
    legendary face, the short name before the comma (201.5b) or before " of the "."""
    face_name = face_name.replace("’", "'")
    names = []
    if face_name.startswith("A-"):  # Alchemy rebalanced cards: the text names the face with or without "A-"
        names.append(face_name)
        face_name = face_name[2:]
    names.append(face_name)
    if "," in face_name:
        names.append(face_name.split(",", 1)[0])
    if " of the " in face_name and "Legendary" in supertypes:
        names.append(face_name.split(" of the ", 1)[0])
    if "Legendary" in supertypes and " " in face_name and "," not in face_name:
        first = face_name.split(" ", 1)[0]
        if len(first) > 3:
            names.append(first)
    return sorted(set(names), key=len, reverse=True)


_SELF_PHRASES = re.compile(
    r"\bthis (?:creature|permanent|card|land|artifact|enchantment|spell|token|planeswalker|Aura|Equipment|Vehicle|Saga|source|class|battle)\b",
    re.I)


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def _replace_self_names(text: str, names: list[str]) -> str:
    """Each self name (longest first) -> "~" where it stands as a whole word (not after a
    letter, digit, "_" or "'", not before a letter, digit or "_" nor before a capitalised word).  Plain string search:
    a regex per card name would be compiled for every face of a whole database."""
    for n in names:
        if not n.strip() or n not in text:   # an empty name (a card text without one) names nothing
            continue
        out, i = [], 0
        while (j := text.find(n, i)) >= 0:
            end = j + len(n)
            before = text[j - 1] if j else ""
            after = text[end] if end < len(text) else ""
            # a name followed by a capitalised word is part of another name ("Marit" of
            # "Marit Lage's Slumber" in "create Marit Lage, ...", "Stangg" in "Stangg Twin")
            longer = after == " " and text[end + 1:end + 2].isupper()
            if not (before and (_word_char(before) or before == "'")) and not (after and _word_char(after)) \
                    and not longer:
                out += [text[i:j], "~"]
                i = end
            else:
                out.append(text[i:j + 1])
                i = j + 1
        out.append(text[i:])
        text = "".join(out)
    return text


_ENTERS = re.compile(r"\b(enters?) the battlefield\b")
_CMC = re.compile(r"\bconverted mana cost\b")


# the sentence before a quoted ability that another object gets: an Equipment's or an Aura's
# object, other creatures, a token ("create … token with "…"", "… token. It has "…"")
_GRANTED_TO_OTHER = re.compile(
    r"\b(?:[Ee]quipped|[Ee]nchanted|[Ff]ortified) (?:creature|permanent|land|artifact|planeswalker)\b|\b(?:[Oo]ther|token|It loses)\b")
_QUOTE = re.compile(r'"[^"]*"')


def _source_names_in_quotes(text: str, names: list[str]) -> tuple[str, list[str]]:
    """A quoted ability granted to another object (113.1a: the ability is that object's) names
    the card that grants it by the card's name: there the name is not "~" (the object that has
    the ability, "this creature") but the granting card, `~card`; after "named" it is the name
    itself ("return target card named Rekindling Phoenix").  The names kept are put back after
    the self-name replacement (placeholders \x01N\x01)."""
    if '"' not in text:
        return text, []
    kept: list[str] = []
    out, last = [], 0
    for m in _QUOTE.finditer(text):
        before = text[last:m.start()]
        sentence = text[:m.start()].rsplit(".", 2)
        granted = _GRANTED_TO_OTHER.search(sentence[-1]) or (
            re.match(r"\s*It has\b", sentence[-1]) and len(sentence) > 1 and "token" in sentence[-2])
        q = m.group()
        if granted:
            for n in names:
                if not n.strip() or n not in q:
                    continue
                q = re.sub(r"(?<![\w'])named " + re.escape(n) + r"(?!\w)", lambda _m, n=n: _keep(kept, n), q)
                q = re.sub(r"(?<![\w'\x01])" + re.escape(n) + r"(?![\w\x01])", "~card", q)
        out += [before, q]
        last = m.end()
    out.append(text[last:])
    return "".join(out), kept


def _keep(kept: list[str], name: str) -> str:
    kept.append(name)
    return f"named \x01{len(kept) - 1}\x01"


def normalise(line: str, face_name: str, supertypes: tuple[str, ...] = ()) -> str:
    text = _REMINDER.sub("", line).strip()
    text = text.replace("’", "'").replace("−", "-")
    names = self_names(face_name, supertypes)
    text, kept = _source_names_in_quotes(text, names)
    text = _replace_self_names(text, names)
    for i, n in enumerate(kept):
        text = text.replace(f"\x01{i}\x01", n)
    text = _SELF_PHRASES.sub("~", text)
    text = _ENTERS.sub(r"\1", text)
    text = _CMC.sub("mana value", text)
    return text


_ABILITY_WORD = re.compile(r"^(?P<word>[A-Z][A-Za-z' ,-]{2,40}?) — (?P<rest>.+)$")
# Keywords printed as a label before an activated ability: each restricts when and how often
# the ability can be activated (boast 702.142a, forecast 702.57a); the rider keeps that
_KEYWORD_LABELS = frozenset({"boast", "forecast"})
_DIE_ROW = re.compile(r"^(?P<lo>\d+)(?:—(?P<hi>\d+)|(?P<plus>\+))? \| (?P<rest>.+)$")
_ROMAN = re.compile(r"^(?P<ch>(?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) — (?P<rest>.+)$")


def _line_tokens(text: str) -> tuple[list[Tok], tuple[Fn, ...]]:
    """Marker token + words of one normalised line, and riders found on the way
    (an ability word such as "Landfall", 207.2c)."""
    extra: list[Fn] = []
    lead: list[Tok] = []
    m = _ROMAN.match(text)
    row = _DIE_ROW.match(text)
    if row:  # 706.2: a row of a die's results table, "10—19 | effect"
        lo = int(row.group("lo"))
        hi = int(row.group("hi")) if row.group("hi") else (fn("up") if row.group("plus") else lo)
        extra.append(fn("die_result", lo, hi))
        lead.append(Tok("ROW", row.group("lo"), 1))
        text = row.group("rest")
    elif m:
        extra.append(fn("chapter", *(["I", "II", "III", "IV", "V", "VI"].index(c.strip()) + 1 for c in m.group("ch").split(","))))
        lead.append(Tok("CHAPTER", m.group("ch"), 1))
        text = m.group("rest")
    elif text.startswith("•"):
        lead.append(Tok("BULLET", "•", 1))
        text = text[1:].strip()
        m = _ABILITY_WORD.match(text)
        if m and m.group("word").split()[0].lower() not in KEYWORD_STARTS:
            # a mode's name before " — " ("• Cure Wounds — You gain 2 life."): it names the mode
            # (a flavor word, 207.2c, or the option a "choose" names, "• Khans — …")
            extra.append(fn("mode_label", m.group("word").lower()))
            text = m.group("rest")
    else:
        m = _ABILITY_WORD.match(text)
        if m and (m.group("word").split()[0].lower() not in KEYWORD_STARTS or m.group("word").lower() in _KEYWORD_LABELS):
            word = m.group("word").lower()
            # a keyword's label restricts the ability (its reminder text, dropped, says how);
            # an ability word has no rules meaning (207.2c)
            extra.append(fn(word) if word in _KEYWORD_LABELS else fn("ability_word", word))
            text = m.group("rest")
    toks = tokenize(text, _capitalised_subtype)
    if not lead:
        first = toks[0].value if toks else ""
        top_colon = _top_level_colon(text)
        if text.startswith("[") and top_colon:
            pass  # loyalty: the LOYALTY token leads
        elif top_colon and first not in ("when", "whenever", "at_the_beginning_of", "at"):
            lead.append(Tok("ACT", "", 1))
        elif (first in KEYWORD_STARTS or (toks and toks[0].kind in ("TYPECYCLING", "LANDWALK"))) and (not text.rstrip().endswith(".") or "—" in text[:30]):
            lead.append(Tok("KWLINE", "", 1))
    return lead + toks, tuple(extra)


def _top_level_colon(text: str) -> bool:
    depth = 0
    for ch in text:
        if ch == '"':
            depth ^= 1
        elif ch == ":" and depth == 0:
            return True
        elif ch == "." and depth == 0:
            return False
    return False


def _capitalised_subtype(word: str) -> str | None:
    """A capitalised word inside a sentence that is no word of the grammar but a subtype of
    the 205.3 lists: the subtype ("an Elf or Tyvar card")."""
    w = word.lower()
    if CANON.get(w, w) in _literals():
        return None
    return capitalised_types().get(word.lower().replace("’", "'"))


@lru_cache(maxsize=1)
def capitalised_types() -> dict[str, str]:
    """Written forms (lower case, singular and plural) of every subtype of the 205.3 lists
    shipped in kb/reference/ (creature, artifact, enchantment, land, planeswalker and spell
    types) and of the lexer's word list -> the subtype."""
    ref = files("mtgkb.kb").joinpath("reference")
    names = list(SUBTYPES)
    for kind in ("creature", "artifact", "enchantment", "land", "planeswalker", "spell"):
        text = ref.joinpath(f"{kind}-types.txt").read_text(encoding="utf-8")
        names += [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    return subtype_forms(names)


_str_new = str.__new__


def _token(typ: str, value: str, start_pos: int, column: int, end_column: int, end_pos: int) -> Token:
    """`Token(typ, value, start_pos, 1, column, 1, end_column, end_pos)`, made the way lark's
    own constructor makes it, without its keyword handling: a whole database makes about
    four hundred thousand."""
    t = _str_new(Token, value)
    t.type, t.start_pos, t.value, t.line, t.column, t.end_line, t.end_column, t.end_pos = \
        typ, start_pos, value, 1, column, 1, end_column, end_pos
    return t


def _to_lark(toks: list[Tok]) -> list[Token]:
    lits = _literals()
    out = []
    naming = False  # inside a name after "named": its words as printed ("Llanowar Elves", 201.2)
    for i, t in enumerate(toks):
        if naming and t.value == "," and out and i + 1 < len(toks) and toks[i + 1].orig[:1].isupper() \
                and out[-1].type in ("CAPWORD", "SUBTYPE", "WORD"):
            # "a card named Ajani, Valiant Protector": the comma is part of the name
            word = (toks[i - 1].orig or out[-1].value) + ","
            prev = out.pop()
            out.append(_token("CAPWORD", word, prev.start_pos, prev.column, prev.column + len(word),
                              prev.start_pos + len(word)))
            continue
        if naming and t.kind == "SUBTYPE" and t.orig and t.orig != t.value:
            out.append(_token("CAPWORD", t.orig, t.column - 1, t.column, t.column + len(t.orig),
                              t.column - 1 + len(t.orig)))
            continue
        naming = (t.kind == "lit" and t.value == "named") or (naming and (
            t.kind == "SUBTYPE" or (t.kind == "lit" and t.orig[:1].isupper())))
        if t.kind == "lit":
            typ = lits.get(t.value)
            if typ is None:
                # an unknown capitalised word inside a sentence: a subtype of the 205.3 lists
                # the lexer's word list lacks ("Prism token", "Saprolings"), as its name; any
                # other capitalised word is part of a name ("Festering Goblin"), never a subtype
                if t.orig[:1].isupper() and t.column > 1:
                    sub = capitalised_types().get(t.orig.lower().replace("’", "'"))
                    out.append(_token("SUBTYPE" if sub else "CAPWORD", sub or t.orig, t.column - 1, t.column,
                                      t.column + len(t.orig), t.column - 1 + len(t.orig)))
                    continue
                typ = "WORD"
        else:
            typ = t.kind
        n = len(t.value)
        out.append(_token(typ, t.value, t.column - 1, t.column, t.column + (n or 1), t.column - 1 + n))
    return out


@lru_cache(maxsize=65536)
def _parse_normalised(text: str) -> dict | str:
    """Normalised line -> Ability fields, or the reason it is unsupported.
    Cached: many lines repeat across the database ("{T}: Add {G}.")."""
    m = _LEVEL.match(text)
    if m:  # 702.87 level up: "LEVEL 1-3" / "LEVEL 4+" headers and their P/T lines
        lo, hi = int(m.group(1)), m.group(2)
        return {"kind": "static", "effects": (fn("level_range", lo, int(hi[1:]) if hi.startswith("-") else fn("up")),)}
    m = _PARTNER_WITH.match(text)
    if m:  # 702.124j "Partner with NAME": the rest of the line is the other card's name, every word of it
        return {"kind": "keyword", "effects": (fn("keyword", fn("partner_with", m.group(1))),)}
    m = _PT_LINE.match(text)
    if m:
        return {"kind": "static", "effects": (fn("level_pt", _num(m.group(1)), _num(m.group(2))),)}
    kept = oracle_lines.enabled()
    if kept and not _grammar_loaded():   # the command line, before the grammar is loaded: a line an earlier run read
        got = oracle_lines.read(text)
        if got is not None:
            return got
    got = _parse_with_grammar(text)
    if kept:
        oracle_lines.keep(text, got)
    return got


def _grammar_loaded() -> bool:
    """Whether this process has the Oracle grammar (or something stands in for it)."""
    info = getattr(_parser, "cache_info", None)
    return info is None or info().currsize == 1


def _parse_with_grammar(text: str) -> dict | str:
    toks, extra = _line_tokens(text)
    if not toks:
        return {"kind": "keyword", "effects": ()}
    parser = _parser()  # a grammar error is a bug: let it raise, never per line
    try:
        tree = parser.parse(_to_lark(toks))
    except UnexpectedInput as e:
        col = getattr(e, "column", 1)
        tok = getattr(e, "token", None)
        expected = sorted(getattr(e, "expected", None) or getattr(e, "allowed", None) or ())
        got = f"{tok.value!r}" if tok is not None and getattr(tok, "value", None) else "end of line"
        return f"column {col}: unexpected {got}; expected " + (", ".join(expected[:8]) or "end of line")
    except LarkError as e:  # pragma: no cover - defensive: never let lark escape
        return f"grammar error: {type(e).__name__}"
    try:
        parts = meaning(tree, parse_quoted=lambda q: _quoted(q))
    except Unsupported as e:
        return str(e)
    except VisitError as e:
        if isinstance(e.orig_exc, Unsupported):
            return str(e.orig_exc)
        # A parse the meaning builder has no rule for: report, never crash.
        return f"column 1: no meaning for {e.rule}: {type(e.orig_exc).__name__}"
    if any(_misscoped(e) for e in parts.get("effects", ())):
        parts["effects"] = tuple(_cost_list(e) for e in parts.get("effects", ()))
        if any(_misscoped(e) for e in parts["effects"]):
            return "column 1: \"rather than pay\" ends a list of verbs but the grammar reads it on the last one only"
    if extra:
        parts["riders"] = tuple(parts.get("riders", ())) + extra
    return parts


def _misscoped(t) -> bool:
    """An alternative cost ("... rather than pay ~'s mana cost", 118.9) read as one part of a
    list of verb phrases: the words say the whole list is the cost, the term would say only
    its last part is (Force of Will's "pay 1 life and exile a blue card")."""
    if not isinstance(t, Fn):
        return False
    if t.name in ("and", "choice") and any(isinstance(a, Fn) and a.name.startswith("alternative_cost") for a in t.args):
        return True
    return any(_misscoped(a) for a in t.args)


def _cost_list(t):
    """"You may pay 1 life and exile a black card from your hand rather than pay ~'s mana cost"
    (118.9): the whole list is the alternative cost, `alternative_cost_list(pay_life(1),
    alternative_cost_exile(…))`, when "rather than pay" ends an "and" list (never a choice)."""
    if not isinstance(t, Fn):
        return t
    if t.name == "and" and t.args and isinstance(t.args[-1], Fn) and t.args[-1].name.startswith("alternative_cost") \
            and not any(_misscoped(a) or (isinstance(a, Fn) and a.name.startswith("alternative_cost")) for a in t.args[:-1]):
        return Fn("alternative_cost_list", t.args)
    return Fn(t.name, tuple(_cost_list(a) for a in t.args))


_LEVEL = re.compile(r"^LEVEL (\d+)(-\d+|\+)$")
_PARTNER_WITH = re.compile(r"^Partner with ([^~.:\"]+)$")
_PT_LINE = re.compile(r"^(\d+|\*)/(\d+|\*)$")


def _num(v: str):
    return int(v) if v.isdigit() else v


def _quoted(text: str) -> Fn:
    """A quoted ability ("has "{T}: Add {G}."") -> ability(Kind, Costs, Trigger, Effects[,
    condition(C)][, riders(R…)])."""
    body = text.strip()
    if body and body[-1].isalnum() and ":" in body:
        # "gain "{T}: ~ deals 2 damage to any target" until end of turn": an activated
        # ability quoted without its period ends where the quote does
        body += "."
    parts = _parse_normalised(normalise(body, "\0"))
    if isinstance(parts, str):
        raise Unsupported("quoted ability: " + parts)
    # its intervening "if" (603.4) and its riders ("Activate only as a sorcery", 602.5b) belong
    # to it too: they follow the four parts when it has them
    tail = ((fn("condition", parts["condition"]),) if parts.get("condition") is not None else ()) \
        + ((fn("riders", *parts["riders"]),) if parts.get("riders") else ())
    return fn("ability", fn(parts["kind"]), fn("costs", *parts.get("costs", ())),
              parts.get("trigger") or fn("none"), fn("effects", *parts.get("effects", ())), *tail)


def parse_ability_line(line: str, face_name: str, *, line_no: int = 1, supertypes: tuple[str, ...] = (),
                       types: tuple[str, ...] = ()) -> Ability:
    text = normalise(line, face_name, supertypes)
    if not text:
        return Ability(kind="keyword", text=line, line=line_no, effects=())
    parts = _parse_normalised(text)
    if isinstance(parts, str):
        col = 1
        m = re.match(r"column (\d+)", parts)
        if m:
            col = int(m.group(1))
        return Ability(kind="unsupported", text=line, line=line_no, column=col, understood=False,
                       reason="unsupported at " + parts)
    parts = dict(parts)
    spell = "Instant" in types or "Sorcery" in types
    if parts["kind"] == "plain":
        parts["kind"] = "spell" if spell else parts.pop("plain_kind", "static")
    parts.pop("plain_kind", None)
    if spell and parts["kind"] == "triggered" and _creates_delayed_trigger(parts.get("trigger")):
        parts = _spell_delayed_trigger(parts)
    return Ability(text=line, line=line_no, **parts)


_DELAYED_MARKS = frozenset({"this_turn", "your_next", "casts_next"})


def _creates_delayed_trigger(trigger) -> bool:
    """A trigger on an instant's or a sorcery's line that can only fire after the spell resolved,
    this turn or at the next step ("Whenever a creature blocks this turn, …", "At the beginning of
    your next upkeep, …"): the spell creates it as it resolves (603.7a)."""
    def names(t):
        if isinstance(t, Fn):
            yield t.name
            for a in t.args:
                yield from names(a)
    return trigger is not None and not _DELAYED_MARKS.isdisjoint(names(trigger))


def _spell_delayed_trigger(parts: dict) -> dict:
    """113.3a, 603.7a: the line is spell text that creates a delayed triggered ability, not a
    triggered ability of the card: kind `spell`, one effect
    `spell_delayed_trigger(Trigger, effects(…)[, condition(C)])`."""
    cond = parts.pop("condition", None)
    tail = (fn("condition", cond),) if cond is not None else ()
    parts["effects"] = (fn("spell_delayed_trigger", parts.pop("trigger"), fn("effects", *parts.get("effects", ())), *tail),)
    parts["kind"] = "spell"
    return parts


def parse_abilities(oracle_text: str, face_name: str, *, file: str = "<text>", first_line: int = 1,
                    supertypes: tuple[str, ...] = (), types: tuple[str, ...] = ()) -> tuple[Ability, ...]:
    out: list[Ability] = []
    for i, raw in enumerate(oracle_text.splitlines()):
        if not raw.strip():
            continue
        ab = parse_ability_line(raw.strip(), face_name, line_no=first_line + i, supertypes=supertypes, types=types)
        if ab.kind == "keyword" and not ab.effects and ab.understood:
            continue  # a line of reminder text only
        out.append(ab)
    return _modes_of_their_header(out)


def is_mode_line(ab: Ability) -> bool:
    """A "• ..." line: one mode of the modal ability whose header line precedes it (700.2)."""
    return any(isinstance(r, Fn) and r.name == "mode" and not r.args for r in ab.riders)


def _header_kind(ab: Ability) -> str | None:
    if ab.understood:
        if any(isinstance(e, Fn) and e.name == "as_enters" and isinstance(e.args[-1], Fn)
               and e.args[-1].name == "choose_named_option" for e in ab.effects):
            # "As ~ enters, choose Khans or Dragons." chooses which of the lines below the object
            # has (a Siege): each of those is an ability of its own kind, not a mode of this one
            return None
        return ab.kind
    if re.match(r"\s*(When|Whenever|At)\b", ab.text):
        return "triggered"  # 603.1: its trigger condition starts the line
    if re.match(r'[^"]*?:\s', ab.text):
        return "activated"  # 602.1: "[Cost]: [Effect.]"
    return None


def _modes_of_their_header(abilities: list[Ability]) -> tuple[Ability, ...]:
    """700.2: the modes of a modal triggered or activated ability are part of that ability, so
    each mode line has its header's kind (the grammar reads a mode of a permanent's line as
    plain text, which alone would make it a static ability)."""
    out: list[Ability] = []
    kind = None
    for ab in abilities:
        if not is_mode_line(ab):
            kind = _header_kind(ab)
        elif ab.understood and kind is not None and kind != ab.kind:
            ab = replace(ab, kind=kind)
        out.append(ab)
    return tuple(out)


# Public names of the reading steps, for the word account (parser/oracle_account.py)
grammar_parser = _parser
line_tokens = _line_tokens
lark_tokens = _to_lark
