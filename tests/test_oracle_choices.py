"""Golden terms: "or" between verb phrases is a choice of one, `choice(V1, V2, …)`, not "and"
(docs/oracle-meaning.md §5, "Choices").  A "," in a series takes the series' last join:
"A, B, or C" is a choice of three, "A, B, and C" all three.  Real database cards."""

from __future__ import annotations

import pytest

from mtgkb.carddb import default_database
from oracle_support import effects

SAC_CREATURE = "sacrifice(some(a,desc(none,types(group(creature)),where)))"
DISCARD_CARD = "discard(some(a,desc(none,types(group(card)),where)))"


@pytest.fixture(scope="module")
def db():
    return default_database()


GOLDEN = [
    # an additional cost (601.2b, 601.2f): one of the two is paid
    ("Bone Shards", 0, [f"additional_cost(choice({SAC_CREATURE},{DISCARD_CARD}))"]),
    ("Lightning Axe", 0, [f"additional_cost(choice({DISCARD_CARD},pay_mana(mana(generic(5)))))"]),
    ("Final Payment", 0,
     ["additional_cost(choice(pay_life(5),sacrifice(some(a,desc(none,types(group(creature),group(enchantment)),where)))))"]),
    # "A, B, or C": a choice of three
    ("Dusk Mangler", 0, [f"additional_cost(choice({SAC_CREATURE},{DISCARD_CARD},pay_life(4)))"]),
    # "A, B, and C": all three (each opponent does each)
    ("Dusk Mangler", 1,
     [f"statement(some(each,desc(none,types(group(opponent)),where)),and({SAC_CREATURE},{DISCARD_CARD},lose_life(4)))"]),
    # an effect: the controller chooses one as it resolves (608.2d)
    ("Plague Boiler", 1,
     ['choice(put_counters(counters(a,named_counter("plague")),self),'
      'remove_counters(counters(a,named_counter("plague")),it))']),
    ("Turnabout", 0,
     ["choose(all_of(desc(none,types(group(artifact),group(creature),group(land)),where)))",
      "choice(tap(some(all,desc((untapped,),types(group(permanent)),where(of_chosen_type,target_player_controls)))),"
      "untap(some(all,desc((tapped,),types(group(permanent)),where(of_that_type,that_player_controls)))))"]),
    ("Crypt Lurker", 0,
     [f"may(you,choice({SAC_CREATURE},discard(some(a,desc(none,types(group(creature,card)),where)))))",
      "if_then(you_do,draw(some(a,desc(none,types(group(card)),where))))"]),
]


@pytest.mark.parametrize("name,index,expected", GOLDEN, ids=[f"{g[0]}-{g[1]}" for g in GOLDEN])
def test_or_between_verbs_is_a_choice(db, name, index, expected):
    assert effects(db, name, index) == expected


def test_a_choice_meaning_lp_does_not_read_stays_unread(db):
    """Plague Boiler's "put a counter or remove a counter": no meaning in meaning.lp, so unread."""
    from mtgkb.coverage import derive

    face = db.face("Plague Boiler")
    atoms, _ = derive([face], frozenset({"tl_eff", "applied", "unread"}))
    a2 = 'ab("Plague Boiler",2)'
    got = {str(a) for a in atoms if str(a.arguments[0]) == a2}
    assert f"unread({a2})" in got and f"applied({a2})" not in got
    assert f"tl_eff({a2},unread)" in got
