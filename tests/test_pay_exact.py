"""The max-flow decision and the dynamic-programming count of payments (mtgkb/pay_exact.py)
against clingo's enumeration of the same question (projected on paid/4): random small
boards, plus named cases of what the exact path must refuse."""

from __future__ import annotations

from contextlib import contextmanager
from unittest import mock

from clingo import Function, Number, String
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples
from mana_support import CARDS, ability, face, fn, mana, pay

from mtgkb import pay_exact
from mtgkb.engine.outcomes import encode_block
from mtgkb.mana import solve_request, stage_one
from mtgkb.parser.mana_symbols import mana_symbol_term
from mtgkb.parser.scenario import parse_scenario
from mtgkb.symbols import sym

TYPES = "wubrgc"
NAMES = ["Alpha Rock", "Beta Rock", "Gamma Rock", "Delta Rock", "Epsilon Rock", "Zeta Rock"]


@contextmanager
def clingo_only():
    """The question answered by clingo's enumeration alone (the exact path refused)."""
    with mock.patch.object(pay_exact, "extract", lambda ctl, R: None):
        yield


@contextmanager
def exact_used(log: list):
    real = pay_exact.extract

    def spy(ctl, R):
        o = real(ctl, R)
        log.append(o is not None)
        return o

    with mock.patch.object(pay_exact, "extract", spy):
        yield


def ability_of(kind, a, b):
    if kind == "fixed":
        return ability(mana(a), fn("tap"))
    if kind == "pair":
        return ability(mana(a, b), fn("tap"))
    if kind == "twice":
        return ability(mana(a, a), fn("tap"))
    if kind == "any_color":
        return ability(fn("any_color", 1), fn("tap"))
    return ability(fn("one_of", mana(a), mana(b)), fn("tap"))


source_st = st.tuples(st.sampled_from(["fixed", "pair", "twice", "any_color", "one_of"]),
                      st.sampled_from(TYPES), st.sampled_from(TYPES), st.booleans(),
                      st.sampled_from(["ready", "ready", "ready", "tapped", "sick"]))
SYMBOLS = ["W", "U", "G", "C", "S", "1", "2", "G/U", "W/B", "2/G", "G/P"]
board_st = st.tuples(st.lists(source_st, min_size=1, max_size=5),
                     st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=4),
                     st.one_of(st.none(), st.tuples(st.lists(st.sampled_from(TYPES), min_size=1, max_size=3),
                                                    st.booleans())),
                     st.booleans())


def board_text(sources, pool, as_any):
    tail = {"ready": "", "tapped": ", tapped", "sick": ", which came under her control this turn"}
    lines = [f"    Alice controls {NAMES[i]}{tail[s[4]]}.\n" for i, s in enumerate(sources)]
    if pool:
        types, snow = pool
        lines.append(f"    Alice has {''.join('{' + t.upper() + '}' for t in types)} in her mana pool"
                     f"{' from a snow source' if snow else ''}.\n")
    if as_any:
        lines.append("    Alice may spend mana as though it were mana of any type.\n")
    return 'scenario "random board"\n  given:\n' + "".join(lines)


def faces(sources):
    return {NAMES[i]: face(NAMES[i], ability_of(k, a, b), supertypes=("Snow",) if snow else (),
                           types=("Artifact", "Creature") if st_ == "sick" else ("Artifact",),
                           pt=("1", "1") if st_ == "sick" else None)
            for i, (k, a, b, snow, st_) in enumerate(sources)}


def check_only(text, cost, extra):
    """payable or not, nothing else asked (the max-flow alone on the exact path)."""
    fs = {**CARDS, **extra}
    sf = parse_scenario(text, known_names=lambda: list(fs))
    enc = encode_block(sf.blocks[0], fs.get)
    C = Function("cost", [sym(mana_symbol_term(s)) for s in cost])
    R = Function("req", [String("Alice"), C, Function("none", []), Function("all", []), Function("plain", [])])
    return solve_request(enc.facts, R).payable


def summary(r):
    return (r.payable, r.count, r.truncated, [w for w in r.ways])


# each example is four payment solves (about 1 s): 60 of them (600 under MTGKB_HYPOTHESIS=deep); the third test
# below at 15 examples missed an injected pay_exact bug (a source with two choices offered only its first)
SETTINGS = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(board_st)
def test_exact_decision_and_count_equal_clingo_enumeration(board):
    sources, cost, pool, as_any = board
    text, extra = board_text(sources, pool, as_any), faces(sources)
    log: list = []
    with exact_used(log):
        fast = pay(text, cost, extra=extra, limit=10_000)
        fast_check = check_only(text, cost, extra)
    with clingo_only():
        slow = pay(text, cost, extra=extra, limit=10_000)
        slow_check = check_only(text, cost, extra)
    assert summary(fast) == summary(slow), (board, log)
    assert fast_check == slow_check == slow.payable, board
    if not any(s in ("2/G", "G/P") for s in cost):
        assert all(log), (board, log)       # plain boards take the exact path
    else:
        assert not any(log), (board, log)   # a split between mana and generic/life is clingo's


@SETTINGS
@given(board_st, st.integers(min_value=1, max_value=4))
def test_limit_truncates_as_the_enumeration_does(board, limit):
    sources, cost, pool, as_any = board
    text, extra = board_text(sources, pool, as_any), faces(sources)
    fast = pay(text, cost, extra=extra, limit=limit)
    with clingo_only():
        slow = pay(text, cost, extra=extra, limit=limit)
    assert (fast.payable, fast.count, fast.truncated, len(fast.ways)) == \
        (slow.payable, slow.count, slow.truncated, len(slow.ways)), board


def test_many_sources_counted_without_enumeration():
    lines = "".join(f"    Alice controls {n}.\n" for n in
                    ["Forest"] * 6 + ["Snow-Covered Forest"] * 5 + ["Birds of Paradise"] * 4 + ["Sol Ring"] * 3)
    text = 'scenario "many"\n  given:\n' + lines
    log: list = []
    with exact_used(log):
        fast = pay(text, ["S", "G", "1", "1"], limit=10 ** 6, count=True)
    with clingo_only():
        slow = pay(text, ["S", "G", "1", "1"], limit=10 ** 6, count=True)
    assert log == [True]
    assert fast.count == slow.count and fast.count > 1000 and not fast.truncated


def test_no_mana_for_a_symbol_is_not_payable():
    text = 'scenario "green only"\n  given:\n    Alice controls Forest.\n    Alice controls Forest.\n'
    log: list = []
    with exact_used(log):
        r = pay(text, ["U"])
    assert log == [True] and r.payable is False and r.count == 0


def test_options_flow_and_count_on_named_cases():
    g, s, one = Function("colored", [Function("g")]), Function("snow"), Function("generic")
    # two symbols {S}{G}; a snow Forest can pay either, a Forest only {G}
    o = pay_exact.Options((g, s), (1, 1), {"snowforest": [[0b11]], "forest": [[0b01]]})
    assert o.payable() and o.count() == 1
    # two snow Forests: either pays {S}, the other {G}
    o = pay_exact.Options((g, s), (1, 1), {"a": [[0b11]], "b": [[0b11]]})
    assert o.payable() and o.count() == 2
    # Sol Ring's two mana ({1}{1}) is one way, however its mana are matched
    o = pay_exact.Options((one,), (2,), {"sol": [[1, 1]]})
    assert o.payable() and o.count() == 1
    # one source, two options of one mana each: pays one symbol only
    o = pay_exact.Options((g, s), (1, 1), {"choice": [[0b01], [0b10]]})
    assert not o.payable() and o.count() == 0
    # a {3} paid by a pool of 2 and one land: one way; four lands of one mana: 4 ways
    o = pay_exact.Options((one,), (3,), {"pool": [[1, 1]], "land": [[1]]})
    assert o.count() == 1
    o = pay_exact.Options((one,), (3,), {i: [[1]] for i in range(4)})
    assert o.payable() and o.count() == 4


def test_table_too_large_is_left_to_clingo():
    one = Function("generic")
    o = pay_exact.Options((one,), (pay_exact.MAX_STATES + 5,), {i: [[1]] for i in range(3)})
    assert o.count() is None and o.payable() is False


def encoded_request(text, cost, extra):
    fs = {**CARDS, **extra}
    sf = parse_scenario(text, known_names=lambda: list(fs))
    enc = encode_block(sf.blocks[0], fs.get)
    C = Function("cost", [sym(mana_symbol_term(s)) for s in cost])
    return enc, Function("req", [String("Alice"), C, Function("none", []), Function("all", []), Function("plain", [])])


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board_st, st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=3))
def test_shared_stage_one_answers_as_one_control(board, other):
    """Several questions of a block share one solve of the board (stage_one) and ground the
    payment part alone over its facts; one question grounds the board and the payment in
    one Control.  Both give the same answers, the exact path on or off."""
    sources, cost, pool, as_any = board
    enc, R = encoded_request(board_text(sources, pool, as_any), cost, faces(sources))
    _, R2 = encoded_request(board_text(sources, pool, as_any), other, faces(sources))
    s1 = stage_one(enc.facts, [R, R2])
    assert s1 is not None and set(s1.keys) == {R, R2}
    for kw in ({"count": True, "limit": 50, "with_ways": True}, {}):
        alone = solve_request(enc.facts, R, handles=enc.handles, **kw)
        shared = solve_request(enc.facts, R, handles=enc.handles, stage1=s1, **kw)
        with clingo_only():
            slow = solve_request(enc.facts, R, handles=enc.handles, stage1=s1, **kw)
        if alone.truncated:   # which ways are listed is the enumeration's order
            assert {len(alone.ways), len(shared.ways), len(slow.ways)} == {50}
            alone.ways = shared.ways = slow.ways = []
        assert summary(alone) == summary(shared) == summary(slow), (board, kw)


text_st = st.text(alphabet=st.sampled_from('ab ,()"\\\n'), max_size=6)
symbol_st = st.recursive(
    st.one_of(st.integers(-50, 50).map(Number), text_st.map(String),
              st.sampled_from(["a", "bc", "q"]).map(lambda n: Function(n))),
    lambda inner: st.builds(lambda n, args: Function(n, args), st.sampled_from(["f", "g", ""]),
                            st.lists(inner, min_size=1, max_size=3)),
    max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["ok", "unit"]), st.lists(symbol_st, min_size=1, max_size=4))
def test_reading_an_atom_as_clingo_prints_it(name, args):
    """pay_exact reads atoms from their text: the name and each argument's text, as clingo
    prints the argument itself (strings with commas, parentheses, quotes and escapes)."""
    atom = Function(name, args)
    assert pay_exact._split(str(atom)) == (name, [str(a) for a in args])


def test_shared_stage_one_keeps_what_a_head_condition_reads():
    """Part pay reads mana_opt/2 only in the condition of a choice (a permanent tapped for a
    triggered mana ability without spending its own mana, 605.3a, 106.12a): stage one hands
    it over, so a shared stage one and one Control agree.  With Glittering Frost on Forest,
    {1} is paid by Forest's {G} or by Glittering Frost's mana (Forest tapped), and {R} by
    Glittering Frost's mana alone; {G}{1} either way round; {G}{G}{G} not at all."""
    text = ('scenario "frost"\n  given:\n    Alice controls Forest.\n'
            '    Alice controls Glittering Frost attached to Forest.\n')
    for cost, ways in ((["1"], 2), (["R"], 1), (["G", "1"], 2), (["G", "G", "G"], 0)):
        enc, R = encoded_request(text, cost, {})
        alone = solve_request(enc.facts, R, count=True, limit=20, with_ways=True, handles=enc.handles)
        shared = solve_request(enc.facts, R, count=True, limit=20, with_ways=True, handles=enc.handles,
                               stage1=stage_one(enc.facts, [R]))
        assert summary(alone) == summary(shared) and alone.count == ways, cost


def test_a_payment_step_clingo_refuses_is_grounded_whole():
    """When clingo refuses to ground part pay as a step of its own (a rule of it redefining an
    atom of the board), the question is grounded whole in a new Control: the same answer."""
    from mtgkb import mana_pay

    text = ('scenario "frost"\n  given:\n    Alice controls Forest.\n    Alice controls Snow-Covered Forest.\n'
            '    Alice controls Glittering Frost attached to Forest.\n')
    enc, R = encoded_request(text, ["S", "1"], {})
    expected = solve_request(enc.facts, R, count=True, limit=20, with_ways=True, handles=enc.handles)
    made = mana_pay.new_control
    refused: list = []

    def refusing(*args, **kw):
        ctl = made(*args, **kw)
        ground = ctl.ground

        def ground_or_refuse(parts, *a, **k):
            if not refused and parts == [("pay", [])]:
                refused.append(parts)
                raise RuntimeError("redefinition of atom")
            return ground(parts, *a, **k)

        ctl.ground = ground_or_refuse
        return ctl

    with mock.patch.object(mana_pay, "new_control", refusing):
        got = solve_request(enc.facts, R, count=True, limit=20, with_ways=True, handles=enc.handles)
    assert refused and summary(got) == summary(expected) and expected.count > 1
