"""The mana pool as part of the state (106.4), tapping for mana into it (605.3a, 106.12), and the
mana spent to cast a spell recorded on it (601.2h, 106.3, 107.4h): the facts
(mtgkb/engine/mana_state.py) and what the engine does with them."""

from __future__ import annotations

from clingo import Function, Number, String

from casting_support import check, verdicts
from mtgkb.check import check_paths
from mtgkb.engine.mana_state import NO_MANA, PoolMana, Spent, pool_facts, spent_facts, spent_log_facts
from casting_support import block_text


def test_pool_facts_number_each_group_from_one():
    pool = [PoolMana("Alice", 7, "g", False), PoolMana("Alice", 7, "g", False), PoolMana("Alice", 9, "c", True,
                                                                                     "end_of_turn")]
    got = {str(f) for f in pool_facts(pool)}
    assert got == {'pool("Alice",7,1,g,no)', 'pool("Alice",7,2,g,no)', 'pool("Alice",9,1,c,yes)',
                   'pool_keep("Alice",9)'}


def test_spent_facts_always_say_the_total_and_the_snow():
    I = Function("i", [Number(1)])
    assert {str(f) for f in spent_facts(I, NO_MANA)} == {"tl_spent_total(i(1),0)", "tl_spent_snow(i(1),0)"}
    s = Spent(types=(("r", 2),), open=1, snow=2)
    assert s.total == 3 and s.text() == "{R}{R} and 1 mana of a color chosen (2 from snow sources)"
    assert {str(f) for f in spent_facts(I, s)} == {"tl_spent_total(i(1),3)", "tl_spent_snow(i(1),2)",
                                                   "tl_spent(i(1),r,2)", "tl_spent_open(i(1),1)"}
    log = {str(f) for f in spent_log_facts("Bolt", s)}
    assert 'tl_log_spent("Bolt",total,3)' in log and 'tl_log_spent("Bolt",t(r),2)' in log
    assert 'tl_log_spent("Bolt",t(g),0)' in log


def test_tapping_for_mana_puts_it_into_the_pool(tmp_path, session):
    r = check(tmp_path, "Alice controls Forest and Birds of Paradise.\nAlice taps Forest for mana.\n"
              "Alice taps Birds of Paradise for {U}.", "Alice has {G}{U} in her mana pool.\nForest is tapped.\n"
              "Alice can pay {G}{U}.", session=session)
    assert verdicts(r) == ["holds"] * 3, r.claims


def test_a_color_of_choice_is_an_outcome_per_color(tmp_path, session):
    r = check(tmp_path, "Alice controls Birds of Paradise.\nAlice taps Birds of Paradise for mana.",
              "May Alice has {W} in her mana pool.\nMay Alice has {G} in her mana pool.\n"
              "Alice has {C} in her mana pool.", session=session)
    assert verdicts(r) == ["holds", "holds", "fails"], r.claims


def test_a_mana_ability_activated_as_a_sentence_adds_its_mana(tmp_path, session):
    r = check(tmp_path, "Alice controls Llanowar Elves.\nAlice activates Llanowar Elves's mana ability.",
              "Alice has {G} in her mana pool.\nLlanowar Elves is tapped.", session=session)
    assert verdicts(r) == ["holds", "holds"], r.claims


def test_the_pool_empties_as_a_step_begins(tmp_path, session):
    r = check(tmp_path, "Alice controls Forest.\nAlice has {R} in her mana pool.\nAlice taps Forest for mana.\n"
              "Alice's end step begins.", "Alice has no mana in her mana pool.", session=session)
    assert verdicts(r) == ["holds"], r.claims


def test_mana_from_a_snow_source_pays_snow_after_tapping(tmp_path, session):
    r = check(tmp_path, "Alice controls Snow-Covered Forest and Forest.\nAlice taps Snow-Covered Forest for mana.\n"
              "Alice taps Forest for mana.", "Alice can pay {S}{1}.\nAlice cannot pay {S}{S}.", session=session)
    assert verdicts(r) == ["holds", "holds"], r.claims


def test_snow_spent_counts_only_snow_sources(tmp_path, session):
    given = ("Alice controls Snow-Covered Mountain, Mountain and Mountain #2.\nBob controls Hill Giant.\n"
             "Alice casts Tundra Fumarole targeting Hill Giant.\nTundra Fumarole resolves.")
    r = check(tmp_path, given, "1 mana from snow sources was spent to cast Tundra Fumarole.\n"
              "Alice has {C} in her mana pool.\n3 mana was spent to cast Tundra Fumarole.", session=session)
    assert verdicts(r) == ["holds"] * 3, r.claims


def test_a_snow_pool_spends_as_snow(tmp_path, session):
    given = ("Bob controls Hill Giant.\nIt is Alice's turn.\nAlice has {R}{R} in her mana pool from a snow source.\n"
             "Alice has {R} in her mana pool.\nAlice casts Tundra Fumarole targeting Hill Giant.\n"
             "Tundra Fumarole resolves.")
    r = check(tmp_path, given, "2 mana from snow sources was spent to cast Tundra Fumarole.\n"
              "Alice has {C}{C} in her mana pool.", session=session)
    assert verdicts(r) == ["holds", "holds"], r.claims


def test_spent_claims_are_parse_errors_for_unknown_objects(tmp_path):
    f = tmp_path / "s.mtg"
    f.write_text(block_text("Alice controls Mountain.", "2 mana was spent to cast Lightning Bolt."), encoding="utf-8")
    _, errors = check_paths([str(f)])
    assert len(errors) == 1 and errors[0].line == 5 and "Lightning Bolt" in errors[0].message, errors


def test_pool_claims_name_types_of_mana(tmp_path):
    f = tmp_path / "s.mtg"
    f.write_text(block_text("Alice controls Mountain.", "Alice has {S} in her mana pool."), encoding="utf-8")
    _, errors = check_paths([str(f)])
    assert len(errors) == 1 and "{S} is not a type of mana" in errors[0].message and errors[0].column == 15, errors


def test_the_pool_claim_is_about_its_player(tmp_path, session):
    r = check(tmp_path, "Alice has {G} in her mana pool.\nBob has {U} in his mana pool.",
              "Alice has {G} in her mana pool.\nBob has {U} in his mana pool.\nBob has {G} in his mana pool.",
              session=session)
    assert verdicts(r) == ["holds", "holds", "fails"], r.claims


def test_pool_entries_are_immutable_values():
    m = PoolMana("Alice", 1, "g", False)
    assert m == PoolMana("Alice", 1, "g", False) and String("Alice") == String(m.player)
