"""Golden terms: a duration scopes over the whole list of verb phrases it ends (611.2a).

"Creatures you control get +1/+1 and gain vigilance until end of turn": both the +1/+1 and
vigilance last until end of turn, so each part is `lasting(Part, until_end_of_turn)`
(docs/oracle-meaning.md §5, "Durations").  The scope stops at a part with a duration of its
own, at "then" and at a one-shot verb ("untap target creature and gain control of it until
end of turn").  Real database cards."""

from __future__ import annotations

import pytest

from mtgkb.carddb import default_database
from mtgkb.parser.terms import render
from oracle_support import effects

UEOT = "until_end_of_turn"


@pytest.fixture(scope="module")
def db():
    return default_database()


GOLDEN = [
    # gets + gains: the +1/+1 was permanent before
    ("Dawnfeather Eagle", 1,
     [f"statement(all_of(desc(none,types(group(creature)),where(you_control))),and(lasting(gets(pt(1,1)),{UEOT}),"
      f"lasting(gains(abilities(keyword(vigilance))),{UEOT})))"]),
    # gains + gets +X/+X
    ("Xenagos, God of Revels", 2,
     [f"where_x(statement(some(another,desc((target,),types(group(creature)),where(you_control))),"
      f"and(lasting(gains(abilities(keyword(haste))),{UEOT}),lasting(gets(pt(\"+X\",\"+X\")),{UEOT}))),"
      f"power_of(that(desc(none,types(group(creature)),where))))"]),
    # loses all abilities + base power and toughness
    ("Warkite Marauder", 1,
     [f"statement(all_of(desc((target,),types(group(creature)),where(defending_player_controls))),"
      f"and(lasting(loses_all_abilities,{UEOT}),lasting(base_pt(pt(0,1)),{UEOT})))"]),
    # becomes a color + gains (a characteristic-changing statement: each change lasting)
    ("Crimson Wisps", 0,
     [f"characteristic(all_of(desc((target,),types(group(creature)),where)),"
      f"all(lasting(becomes(colors(color_list(r))),{UEOT}),lasting(gains(abilities(keyword(haste))),{UEOT})))"]),
    ("Nameless Inversion", 1,
     [f"characteristic(all_of(desc((target,),types(group(creature)),where)),"
      f"all(lasting(modify_pt(3,-3),{UEOT}),lasting(loses(abilities(all_creature_types)),{UEOT})))"]),
    ("Mizzium Tank", 1,
     [f"statement(self,and(lasting(becomes(a_type(desc(none,types(group(artifact,creature)),where))),{UEOT}),"
      f"lasting(gets(pt(1,1)),{UEOT})))"]),
    # a part with its own duration keeps it
    ("Distortion Strike", 0,
     [f"characteristic(all_of(desc((target,),types(group(creature)),where)),"
      f"all(lasting(modify_pt(1,0),{UEOT}),lasting(cant(cant_be_blocked),this_turn)))"]),
    # a one-shot verb is outside the scope: the untap is not "until end of turn"
    ("Blind with Anger", 0,
     [f"and(untap(all_of(desc((target,non(non(legendary))),types(group(creature)),where))),"
      f"lasting(gain_control(it),{UEOT}))",
      f"characteristic(that(desc(none,types(group(creature)),where)),lasting(gains(abilities(keyword(haste))),{UEOT}))"]),
    # a single verb phrase is unchanged (meaning.lp reads this shape)
    ("Giant Growth", 0, [f"characteristic(all_of(desc((target,),types(group(creature)),where)),lasting(gets(pt(3,3)),{UEOT}))"]),
]


@pytest.mark.parametrize("name,index,expected", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_duration_scopes_over_the_list(db, name, index, expected):
    assert effects(db, name, index) == expected


def test_until_end_of_turn_prefix_already_scopes():
    # "Until end of turn, …" scoped over the whole statement before; unchanged
    from mtgkb.parser.oracle import parse_ability_line

    ab = parse_ability_line("Until end of turn, target creature loses all abilities and becomes a blue Frog "
                            "with base power and toughness 1/1.", "Turn to Frog", types=("Instant",))
    assert render(ab.effects[0]).startswith(f"lasting_prefix({UEOT},statement(")
    assert "and(loses_all_abilities,becomes(" in render(ab.effects[0])


def test_nameless_inversion_read_by_meaning():
    """meaning.lp reads the scoped shape: both parts are until-end-of-turn effects on the target."""
    from mtgkb.carddb import default_database
    from mtgkb.coverage import derive

    face = default_database().face("Nameless Inversion")
    atoms, _ = derive([face], frozenset({"tl_step"}))
    got = sorted(str(a.arguments[2]) for a in atoms if str(a.arguments[0]) == 'ab("Nameless Inversion",2)')
    assert got == ["cont(slot(1),lose_all_creature_types,end_of_turn)", "cont(slot(1),modify_pt(3,-3),end_of_turn)"]
