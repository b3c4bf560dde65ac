"""Properties of the Oracle parser (hypothesis): arbitrary text never raises
anything but our ParseError, unsupported lines are kept, parsing is
deterministic."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgkb.parser.errors import ParseError
from mtgkb.parser.frame import parse_card_block, parse_card_text
from mtgkb.parser.oracle import parse_abilities, parse_ability_line
from mtgkb.parser.terms import render

# Words that steer the grammar into its deeper rules, mixed with arbitrary text.
WORDS = ["{T}", "{G}", "{2}", "{S}", ":", ",", ".", "add", "Add", "one", "mana", "of", "any", "color", "target",
         "creature", "you", "control", "When", "Whenever", "enters", "the", "battlefield", "gets", "+1/+1",
         "until", "end", "of", "turn", "except", "it's", "legendary", "and", "snow", "in", "addition", "to",
         "its", "other", "types", "\"", "(", ")", "—", "•", "[+1]", "Flying", "Equip", "copy", "as", "a", "may",
         "have", "~", "X", "if", "Sacrifice", "token", "that's", "Spend", "this", "only", "cast", "Elf", "spells"]

line_text = st.one_of(
    st.text(max_size=80),
    st.lists(st.sampled_from(WORDS), max_size=25).map(" ".join),
)
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _summary(abilities):
    return [(a.kind, a.understood, a.line, a.column, tuple(render(e) for e in a.effects),
             tuple(render(c) for c in a.costs), tuple(render(r) for r in a.riders),
             render(a.trigger) if a.trigger is not None else None) for a in abilities]


@SETTINGS
@given(line_text)
def test_ability_lines_never_raise(text):
    ab = parse_ability_line(text, "Test Card", types=("Creature",))
    assert ab.kind in ("keyword", "mana", "activated", "triggered", "static", "replacement", "spell",
                       "loyalty", "unsupported")
    assert ab.understood == (ab.kind != "unsupported")
    if not ab.understood:
        assert ab.text == text and ab.reason


@SETTINGS
@given(st.lists(line_text, max_size=6).map("\n".join))
def test_parse_abilities_keeps_every_line_and_is_deterministic(text):
    a = parse_abilities(text, "Test Card")
    b = parse_abilities(text, "Test Card")
    assert _summary(a) == _summary(b)
    # every non-blank line is an ability, or a line of reminder text only
    assert len(a) <= len([l for l in text.splitlines() if l.strip()])


@SETTINGS
@given(st.text(max_size=200))
def test_card_blocks_raise_only_parse_error(text):
    try:
        parse_card_block(text)
        parse_card_text(text)
    except ParseError as e:
        assert e.line >= 1 and e.column >= 1 and str(e)


@SETTINGS
@given(name=st.text(min_size=1, max_size=20).filter(lambda s: s.strip() and "\n" not in s and "{" not in s),
       body=st.lists(line_text, max_size=4))
def test_card_text_with_any_name_and_body(name, body):
    block = "\n".join([name.strip() + " {1}{G}", "Creature — Elf"] + [b for b in body if b.strip()] + ["1/1"])
    try:
        cards = parse_card_text(block)
    except ParseError:
        return
    for c in cards:
        for f in c.faces:
            for ab in f.abilities:
                assert ab.understood or ab.reason
