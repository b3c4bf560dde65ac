"""Card meaning, derived once per face and given to every solve of a timeline as facts.

What a face's abilities mean (mtgkb/rules/meaning.lp, meaning_refs.lp, meaning_effects.lp, meaning_triggers.lp,
meaning_tokens.lp, meaning_amounts.lp, meaning_conditions.lp, meaning_energy.lp)
depends on the face alone: the meaning rules read only the face's facts, the reference tables and
rules.lp's static tables (`MEANING_INPUTS`; tests/test_meaning_facts.py checks it).  So rules.lp
itself derives it once per face -- one solve of the whole program over that face's facts -- and
the solves of a timeline use the program without the meaning rules, with those atoms as facts
(only the predicates the rest of the program reads).  The answer sets are the same; a solve
grounds some six hundred rules less.  Nothing is decided here: the atoms are rules.lp's."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib.resources import files

from clingo import Symbol, SymbolType, parse_term

from mtgkb.parser.card_ast import CardFace

from .. import mana
from ..facts import face_facts
from .. import program_cache
from ..program import ground_all, load, new_control
from ..program_slice import parsed

MEANING_FILES = ("meaning.lp", "meaning_refs.lp", "meaning_effects.lp", "meaning_triggers.lp", "meaning_tokens.lp",
                 "meaning_amounts.lp", "meaning_conditions.lp", "meaning_energy.lp", "meaning_predefined_tokens.lp",
                 "meaning_looks.lp", "meaning_exile_links.lp", "meaning_xx_tokens.lp",
                 "meaning_fight.lp", "meaning_modes.lp", "meaning_casting.lp", "meaning_bolster.lp",
                 "meaning_mode_costs.lp", "meaning_options_not_taken.lp", "meaning_die_exile.lp",
                 "meaning_greatest.lp", "meaning_conditional_statics.lp",
                 "meaning_static_groups.lp", "meaning_combat_restrictions.lp",
                 "meaning_cda.lp", "meaning_cost_statics.lp",
                 "meaning_entry_statics.lp", "meaning_levelers.lp",
                 "meaning_inert_statics.lp",
                 "meaning_zone_casting.lp",
                 "meaning_kicked.lp", "meaning_pay_helpers.lp", "meaning_alt_costs.lp", "meaning_extra_turns.lp", "meaning_prevention.lp", "meaning_storm.lp",
                 "meaning_object_conditions.lp", "meaning_colors.lp", "meaning_target_counts.lp",
                 "meaning_self_damage.lp", "meaning_copy_yours.lp",
                 "meaning_regeneration.lp", "meaning_amounts_of.lp",
                 "meaning_tokens_tapped.lp", "meaning_tokens_attacking.lp", "meaning_both.lp",
                 "meaning_either_adjectives.lp", "meaning_controller_conditions.lp", "meaning_zone_conditions.lp",
                 "meaning_greatest_mv.lp", "meaning_devotion.lp", "meaning_hand_counts.lp", "meaning_domain.lp", "meaning_player_refs.lp", "meaning_sacrifice_n.lp",
                 "meaning_spell_self.lp", "meaning_where_x_parts.lp",
                 "meaning_hand_discard.lp", "meaning_hand_wheels.lp", "meaning_player_groups.lp",
                 "meaning_sacrifice_any.lp", "meaning_search_subtype.lp", "meaning_card_kinds.lp",
                 "meaning_search_n.lp", "meaning_search_places.lp", "meaning_search_target.lp",
                 "meaning_reveal_top.lp",
                 "meaning_combat_triggers.lp", "meaning_how_cast.lp",
                 "meaning_mana_effects.lp", "meaning_lki.lp",
                 "meaning_may_pay.lp", "meaning_delayed_return.lp",
                 "meaning_discard_self.lp", "meaning_quoted_tokens.lp",
                 "meaning_lose_untap.lp", "meaning_died_this_turn.lp",
                 "meaning_looks_back.lp", "meaning_life_lost.lp", "meaning_life_conditions.lp", "meaning_may_other.lp",
                 "meaning_entry.lp", "meaning_energy_for_each.lp",
                 "meaning_tap_or_untap.lp", "meaning_untap_upto.lp",
                 "meaning_unless_sacrifice_n.lp", "meaning_unless_pays.lp", "meaning_counter_instead.lp",
                 "meaning_return_n.lp", "meaning_detain.lp", "meaning_spell_targets.lp",
                 "meaning_each_of_up_to.lp", "meaning_explore.lp", "meaning_self_library.lp",
                 "meaning_goad.lp", "meaning_half_life.lp", "meaning_combat_requirements.lp",
                 "meaning_opponent_count.lp", "meaning_attacked_player.lp",
                 "meaning_enchanted_if.lp", "meaning_lost_this_way.lp",
                 "meaning_delayed_objects.lp", "meaning_casting_windows.lp", "meaning_keyword_counters.lp",
                 "meaning_kicked_permanent.lp", "meaning_turn_triggers.lp", "meaning_reveal_until.lp",
                 "meaning_cost_several.lp", "meaning_choices.lp", "meaning_otherwise.lp", "meaning_then_clause.lp",
                 "meaning_player_counts.lp", "meaning_sacrificed_power.lp", "meaning_hand_colors.lp",
                 "meaning_own_returns.lp", "meaning_unless_you_pay.lp",
                 "meaning_unless_discard.lp",
                 "meaning_block_source.lp",
                 "meaning_return_tapped.lp",
                 "meaning_dies_or_exiled.lp",
                 "meaning_control_none.lp",
                 "meaning_multikicker.lp",
                 "meaning_cast_count.lp")
# what the meaning rules read that they do not define: face facts, mana facts, reference tables and
# rules.lp's tables that depend on the faces alone
MEANING_INPUTS = frozenset({
    "ability_condition", "ability_cost", "ability_effect", "ability_event_hint", "ability_kind", "ability_rider",
    "ability_sorcery", "ability_trigger", "ability_unsupported", "artifact_type", "card_type_word", "color_name",
    "cost_part", "counter_kind_name", "creature_type", "enchantment_type", "exception_item", "exception_read",
    "keyword_counter",
    "land_type", "mana_ability", "mana_double", "mana_trigger", "mana_unread", "printed", "quoted_in", "same_elsewhere",
    "token_name", "unapplied_static", "unit_only",
    # turn.lp's tables of delayed clauses, derived from meaning atoms alone (meaning_delayed_objects.lp reads them)
    "t_dl", "t_it_self"})
CACHED_FACES = 4096


def _meaning_files() -> list[str]:
    root = files("mtgkb").joinpath("rules")
    return [root.joinpath(name).read_text(encoding="utf-8") for name in MEANING_FILES]


@lru_cache(maxsize=2)
def split(full: str) -> tuple[str, frozenset]:
    """The program of a timeline's solves (the whole program `full` without the meaning rules, their
    predicates declared) and the predicates of the meaning rules it reads.  Kept between runs in
    the per-user cache (program_cache.read_derived), named by `full`, the meaning files and this
    module's code."""
    texts = _meaning_files()
    inputs = (full, *texts, _own_code())
    got = program_cache.read_derived("meaning-split", inputs)
    if (type(got) is tuple and len(got) == 2 and type(got[0]) is str and type(got[1]) is tuple
            and all(type(u) is tuple and len(u) == 2 and type(u[0]) is str and type(u[1]) is int for u in got[1])):
        return got[0], frozenset(got[1])
    step, used = _split(full, texts)
    program_cache.write_derived("meaning-split", inputs, (step, tuple(sorted(used))))
    return step, used


@lru_cache(maxsize=1)
def _own_code() -> str:
    with open(__file__, encoding="utf-8") as fh:
        return fh.read()


def _split(full: str, texts: list[str]) -> tuple[str, frozenset]:
    starts = [full.index(t) for t in texts]
    meaning_lines: set = set()     # the lines of the whole program that hold a meaning rule file
    at, newlines = 0, 0
    for k in sorted(range(len(texts)), key=starts.__getitem__):   # line numbers counted in one pass
        newlines += full.count("\n", at, starts[k])
        at = starts[k]
        meaning_lines.update(range(newlines + 1, newlines + 2 + texts[k].count("\n")))
    step = full
    for t in texts:
        step = step.replace(t, "")
    p = parsed(full)
    heads: set = set()
    for i, h, _ in p.rules:
        if p.lines[i] in meaning_lines:
            heads |= {sh[:2] for sh in h}   # the predicates of the head shapes
    names = set(re.findall(r"(?<![\w])([a-z_][A-Za-z0-9_']*)\(", step))
    used = {(n, a) for n, a in heads if n in names}
    declared = "\n".join(f"#defined {n}/{a}." for n, a in sorted(heads))
    return step + "\n" + declared + "\n", frozenset(used)


_cache: dict = {}


def _faces_named(sym: Symbol, into: set) -> None:
    """The faces whose abilities a symbol names (ab(Face, I) anywhere in it)."""
    if sym.type != SymbolType.Function:
        return
    if sym.name == "ab" and len(sym.arguments) == 2 and sym.arguments[0].type == SymbolType.String:
        into.add(sym.arguments[0].string)
    for a in sym.arguments:
        _faces_named(a, into)


def _derive(faces: list, reference: list[Symbol], full: str) -> dict:
    """One solve of the whole program over some faces: each face's meaning atoms (those naming one of its
    abilities, and those naming no ability at all, which are the same whichever face they come from).
    The command line keeps it between runs in the per-user cache (program_cache.read_derived), named
    by the program, the facts of the solve, the faces and this module's code: a later run with the
    same faces does not solve them again."""
    _, need = split(full)
    facts = list(reference)
    for f in faces:
        facts += face_facts(f)
    facts += mana.face_mana_facts({f.name: f for f in faces})
    if not program_cache.solves_kept():
        return _solved(faces, facts, full, need)
    inputs = (full, "\n".join(map(str, facts)), "\n".join(f.name for f in faces), _own_code())
    kept = _kept_meaning(program_cache.read_derived("meaning", inputs), len(faces))
    if kept is not None:
        return dict(zip(faces, kept))
    got = _solved(faces, facts, full, need)
    atoms = sorted({a for v in got.values() for a in v})
    at = {a: i for i, a in enumerate(atoms)}
    program_cache.write_derived("meaning", inputs, (tuple(str(a) for a in atoms),
                                                    tuple(tuple(at[a] for a in got[f]) for f in faces)))
    return got


def _kept_meaning(got, n: int) -> list | None:
    """The atoms of each face, from what `_derive` kept (the atoms once, as text, then each face's
    as their indices), or None when it is not that."""
    if not (type(got) is tuple and len(got) == 2 and type(got[0]) is tuple and type(got[1]) is tuple
            and len(got[1]) == n and all(type(a) is str for a in got[0])):
        return None
    try:
        atoms = [parse_term(a) for a in got[0]]
        return [tuple(atoms[i] for i in face) for face in got[1]]
    except (RuntimeError, TypeError, IndexError):
        return None


def _solved(faces: list, facts: list[Symbol], full: str, need: frozenset) -> dict:
    ctl = new_control(["--warn=none", "-t1"])
    load(ctl, full, facts)
    ground_all(ctl)
    found: list[Symbol] = []
    ctl.solve(on_model=lambda m: found.extend(a for a in m.symbols(atoms=True) if (a.name, len(a.arguments)) in need))
    by_face: dict = {f.name: set() for f in faces}
    shared: set = set()
    for a in found:
        named: set = set()
        _faces_named(a, named)
        if not named:
            shared.add(a)
        for n in named & set(by_face):
            by_face[n].add(a)
    return {f: tuple(sorted(by_face[f.name] | shared)) for f in faces}


def block_meaning(faces, reference: list[Symbol], full: str) -> list[Symbol]:
    """The meaning atoms of all the faces (their union), derived once per face: the faces not seen before
    in one solve."""
    faces = list(faces)
    missing = [f for f in faces if (f, full) not in _cache]
    if missing:
        if len(_cache) + len(missing) > CACHED_FACES:
            _cache.clear()
            missing = faces
        for f, atoms in _derive(missing, reference, full).items():
            _cache[(f, full)] = atoms
    out: set = set()
    for f in faces:
        out.update(_cache[(f, full)])
    return sorted(out)


def _card_names(block) -> list[str]:
    """The card names a block's sentences give (an object's card, a card put into a zone)."""
    out: list[str] = []

    def walk(v, key=None) -> None:
        if isinstance(v, str):
            if key == "card":
                out.append(v)
        elif isinstance(v, dict):
            for k, x in v.items():
                walk(x, k)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x, key)
        elif getattr(v, "card", None) is not None and isinstance(v.card, str):
            out.append(v.card)

    for s in block.given:
        walk(s.args)
    return out


def file_meaning(session, sf, full: str) -> None:
    """The meaning of every face a file's blocks name, derived at once (one solve instead of one per
    ruling that brings a new face: most of a solve's cost does not depend on how many faces it
    reads).  The faces are the ones the rulings would derive; what a ruling looks up that is not
    named here is derived when it is asked for, as before."""
    faces: dict = {}
    for b in sf.blocks:
        find = session.finder(sf, b)
        for name in _card_names(b):
            f = find(name)
            if f is not None:
                faces.setdefault(f, None)
    if faces:
        block_meaning(list(faces), session.reference, full)
