"""No silent loss of words in the Oracle grammar.

Lark drops the anonymous literals of a rule from the tree; what keeps their meaning is the
rule's name (its alias): `"put" np "on" "top" "of" zone_to -> put_on_top`.  A word is lost
silently when two alternatives of one rule, under one name, read the same subterms but
different words: the term cannot tell them apart ("the chosen color" and "the chosen
player" were both `chosen`; "in a random order" vanished from `put_on_bottom`).  The lexer
drops no word (only normalisation does: reminder text, self-references, "enters the
battlefield"; docs/oracle-meaning.md §1).

This test computes every such group from the compiled grammar and compares it with the
reviewed list below, where each group's words are synonyms for the rules.  A new group
fails the test: name the alternatives apart, or add it here with the reason it is meaning-
neutral."""

from __future__ import annotations

from collections import defaultdict

import pytest

from mtgkb.parser.oracle import _parser, parse_ability_line
from mtgkb.parser.terms import render

# (rule, alias, the word variants that give one term) -> why they mean the same
REVIEWED = {
    ("__keywords_star_1", None, (",", ";")): "separators of a keyword list (702.1)",
    ("__spend_what_star_11", None, (",", "or to")): "a list of what mana may be spent on: a union either way (106.6)",
    ("activate_when", "before_blockers", ("before blocker be declared", "during combat before blocker be declared")):
        "blockers are declared during combat (509)",
    ("activate_when", "instant_speed", ("any_time_you_could_cast_a_instant", "as_a_instant")): "two wordings (602.5d)",
    ("activate_when", "once_each_turn", ("once each_turn", "once_each_turn")): "one phrase, joined or not by the lexer",
    ("activate_when", "sorcery_speed", ("any_time_you_could_cast_a_sorcery", "as_a_sorcery")): "two wordings (602.5d)",
    ("cond", "mana_spent_on", ("that mana be spent on", "that mana be spent to cast")): "two wordings (601.2h)",
    ("cond", "you_control", ("you control", "you_control")): "one phrase, joined or not by the lexer",
    ("cond", "you_dont_control", ("you don't control", "you_don't_control")): "one phrase, joined or not by the lexer",
    ("cost", "pay_energy", ("", "pay")): "\"{E}{E}\" and \"Pay {E}{E}\" as a cost (118.1)",
    ("count", "n_or_more", ("or more", "or_more")): "one phrase, joined or not by the lexer",
    ("mana_out", "any_color", ("mana of any color", "mana of any color they choose")): "the choice is the player's either way (106.1)",
    ("noun", "kindred", ("kindred", "tribal")): "the card type renamed (308)",
    ("np", "its_controller", ("its controller", "their controller")): "pronoun number only",
    ("np", "its_owner", ("its owner", "their owner")): "pronoun number only",
    ("post_inner", "of_your_choice", ("of your_choice", "of_your_choice")): "one phrase, joined or not by the lexer",
    ("quant", "at_least", ("at_least", "or_more")): "\"N or more\" and \"at least N\"",
    ("rider", "cast_only", ("cast this spell only", "cast ~ only")): "the spell itself either way",
    ("rider", "spend_only", ("spend this mana only on", "spend this mana only to")): "two wordings (106.6)",
    ("simple", "is", ("it's", "that's")): "a pronoun for the same object",
    ("spend_item", "activate_abilities", ("activate a ability of", "activate ability of")): "article only",
    ("spend_item", "activate_abilities_any", ("activate a ability", "activate ability")): "article only",
    ("start", "line_keyword", ("", ".")): "a keyword line with or without its final period",
    ("trigger", "at_end_of_combat", ("at end_of_combat", "at_the_beginning_of the end_of_combat step")):
        "two wordings of the end of combat step trigger (511.1)",
    ("under", "under_owners_control", ("under its owner 's control", "under their owner 's control")): "pronoun number only",
    ("vp", "add_additional", ("add a additional", "add additional")): "article only",
    ("with_what", "counters_on", ("on it", "on them")): "pronoun number only",
}


def same_term_groups() -> set[tuple]:
    """(rule, alias, word variants) for each set of alternatives of one rule and one name that
    keep the same subterms but differ in the words lark drops."""
    p = _parser()
    literal = {t.name: t.pattern.value for t in p.terminals}
    groups: dict[tuple, set[str]] = defaultdict(set)
    for r in p.rules:
        kept = tuple(s.name for s in r.expansion if not (s.is_term and s.filter_out))
        words = " ".join(literal.get(s.name, s.name) for s in r.expansion if s.is_term and s.filter_out)
        groups[(r.origin.name, r.alias, kept)].add(words)
    return {(o, a, tuple(sorted(w))) for (o, a, _), w in groups.items() if len(w) > 1}


def test_no_unreviewed_word_loss():
    found = same_term_groups()
    assert sorted(found - set(REVIEWED)) == [], "alternatives that give one term for different words"
    assert sorted(set(REVIEWED) - found) == [], "reviewed groups the grammar no longer has: remove them"


@pytest.mark.parametrize("line, face, term", [
    # 702.16: protection from "the chosen color" and from "the chosen player" are different
    ("Sacrifice Floating Shield: Target creature gains protection from the chosen color until end of turn.",
     "Floating Shield", "the_chosen_color"),
    ("Target creature gains protection from the chosen player until end of turn.", "X", "the_chosen_player"),
    # 401.4: "in a random order" and "in any order" are different choices
    ("Put the rest on the bottom of your library in a random order.", "X", "put_on_bottom_random_order"),
    ("Put the rest on the bottom of your library in any order.", "X", "put_on_bottom_any_order"),
    ("Put target creature on the bottom of its owner's library.", "X", "put_on_bottom("),
])
def test_the_losses_once_found_are_told_apart(line, face, term):
    ab = parse_ability_line(line, face)
    assert ab.understood, ab.reason
    assert term in " ".join(render(e) for e in ab.effects)


@pytest.mark.parametrize("line, rider", [
    # 602.5b: how often an ability may be activated restricts it; it is not an effect
    ("{R}: ~ gets +1/+0 until end of turn. Activate no more than twice each turn.", "activate_twice_each_turn"),
    ("{1}: Add {B} or {R}. Activate no more than three times each turn.", "activate_n_each_turn(3)"),
    # 702.142a: Boast is a keyword whose reminder text (dropped) restricts the ability: a rider,
    # not an ability word without rules meaning (207.2c)
    ("Boast — {1}{W}: Untap ~. Put a +1/+1 counter on it. (Activate only if this creature attacked this turn "
     "and only once each turn.)", "boast"),
])
def test_activation_limits_are_riders(line, rider):
    ab = parse_ability_line(line, "Test Card")
    assert ab.understood, ab.reason
    assert rider in [render(r) for r in ab.riders]
    assert not any(rider.split("(")[0] in render(e) for e in ab.effects)
