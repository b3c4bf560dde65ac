"""Table-driven tests of rules.lp's mana section, on synthetic card faces
built with the Oracle grammar's term vocabulary (tests/mana_support.py)."""

from __future__ import annotations

import pytest

from mana_support import pay, verdicts

# (title, given lines, expect lines): every expect line must hold
CASES = [
    ("basic lands could produce their type", ["Alice controls Forest and Snow-Covered Island."],
     ["Forest could produce only {G}.", "Snow-Covered Island could produce {U}.", "Forest could not produce {U}."]),
    ("reflecting pools alone produce nothing", ["Alice controls two Reflecting Pools."],
     ["Reflecting Pool could produce no mana.", "Reflecting Pool #2 could produce no mana.", "Alice cannot pay {1}."]),
    ("a reflecting pool cycle reaches a forest", ["Alice controls two Reflecting Pools and Forest."],
     ["Reflecting Pool could produce only {G}.", "Reflecting Pool #2 could produce only {G}.",
      "Alice can pay {G}{G}{G}."]),
    ("exotic orchard reflects the opponent; reflecting pool reflects the orchard",
     ["Alice controls Reflecting Pool and Exotic Orchard.", "Bob controls Island and Wastes."],
     ["Exotic Orchard could produce only {U}.", "Reflecting Pool could produce only {U}.",
      "Exotic Orchard could not produce {C}."]),
    ("fellwar stone never offers colorless", ["Alice controls Fellwar Stone.", "Bob controls Wastes."],
     ["Fellwar Stone could produce no mana.", "Alice cannot pay {C}."]),
    ("command tower without a commander", ["Alice controls Command Tower."],
     ["Command Tower could produce no mana.", "Alice cannot pay {1}."]),
    ("snow only from snow sources", ["Alice controls Forest, Island and Snow-Covered Forest."],
     ["Alice can pay {S}{1}{1}.", "Alice cannot pay {S}{S}.",
      "There are 2 ways for Alice to pay {S}{1} with Snow-Covered Forest, Forest and Island."]),
    ("spend as though any type never pays snow",
     ["Alice controls Forest.", "Alice may spend mana as though it were mana of any type."],
     ["Alice can pay {B}.", "Alice can pay {C}.", "Alice cannot pay {S}."]),
    ("snow pool mana", ["Alice has {G}{G} in her mana pool from a snow source.", "Alice has {R} in her mana pool."],
     ["Alice can pay {S}{S}{R}.", "Alice cannot pay {S}{S}{S}.", "There is 1 way for Alice to pay {S}{S}{R}.",
      "There are 2 ways for Alice to pay {S}{1}."]),
    ("colorless snow mana pays {S}", ["Alice controls Boreal Druid."],
     ["Alice can pay {S}.", "Alice can pay {C}.", "Alice cannot pay {G}."]),
    ("sol ring's two mana are one source", ["Alice controls Sol Ring."],
     ["There is 1 way for Alice to pay {1}{1}.", "Alice cannot pay {1}{1}{1}.", "Alice cannot pay {C}{C}{C}."]),
    ("hybrid and two-brid", ["Alice controls Forest, Forest and Island."],
     ["Alice can pay {G/U}{G/U}{G/U}.", "Alice can pay {2/R}.", "Alice cannot pay {2/R}{2/R}.",
      "There are 5 ways for Alice to pay {2/G}.", "Alice cannot pay {R/W}."]),
    ("phyrexian symbols may be paid with life", ["Alice controls Island."],
     ["Alice can pay {G/P}.", "Alice can pay {U/P}{G/P}.", "There are 2 ways for Alice to pay {U/P}."]),
    ("glittering frost: the extra mana is snow", ["Alice controls Forest.",
                                                  "Alice controls Glittering Frost attached to Forest."],
     ["Tapping Forest for mana adds {G} and one mana of any color.", "Mana from Glittering Frost is snow mana.",
      "Mana from tapping Forest is snow mana.", "Alice can pay {S}{S}.", "Alice can pay {U}{G}.",
      "Alice cannot pay {U}{U}.", "There are 2 ways for Alice to pay {S}{1} with Forest."]),
    ("wild growth's extra mana is not snow", ["Alice controls Snow-Covered Forest.",
                                              "Alice controls Wild Growth attached to Snow-Covered Forest."],
     ["Tapping Snow-Covered Forest for mana adds {G}{G}.", "Mana from tapping Snow-Covered Forest is not snow mana.",
      "Alice can pay {S}{G}.", "Alice cannot pay {S}{S}."]),
    ("heartbeat adds the type the land produced", ["Alice controls Snow-Covered Island.",
                                                   "Alice controls Heartbeat of Spring."],
     ["Tapping Snow-Covered Island for mana adds {U}{U}.", "Tapping Snow-Covered Island for {U} adds {U}{U}.",
      "Alice can pay {S}{U}.", "Alice cannot pay {S}{S}.", "Alice cannot pay {U}{G}."]),
    ("summoning sickness and {T}", ["Alice controls Llanowar Elves, which came under her control this turn."],
     ["Alice cannot activate Llanowar Elves's mana ability.", "Alice cannot pay {G}."]),
    ("haste", ["Alice controls Llanowar Elves, which came under her control this turn.",
               "Llanowar Elves gains haste."],
     ["Alice can activate Llanowar Elves's mana ability.", "Alice can pay {G}."]),
    ("lands are not affected by 302.6", ["Alice controls Forest, which came under her control this turn."],
     ["Alice can pay {G}."]),
    ("untapped pili-pala can't pay {Q}", ["Alice controls Pili-Pala.", "Alice controls Forest and Island."],
     ["Alice cannot activate Pili-Pala's mana ability.", "Alice cannot pay {R}."]),
    ("tapped pili-pala", ["Alice controls Pili-Pala, tapped.", "Alice controls Forest and Island."],
     ["Alice can activate Pili-Pala's mana ability.", "Alice can pay {R}.", "Alice cannot pay {R}{1}.",
      "There is 1 way for Alice to pay {R}."]),
    ("reduction never reduces {S}", ["Icehide Golem is in Alice's hand.", "Alice controls Forest.",
                                     "Spells Alice casts cost {1} less to cast."],
     ["Alice cannot cast Icehide Golem."]),
    ("increase paid with snow", ["Icehide Golem is in Alice's hand.",
                                 "Alice controls Snow-Covered Forest and Snow-Covered Island.",
                                 "Spells Alice casts cost {1} more to cast."],
     ["Alice can cast Icehide Golem.", "Alice can spend at most 2 {S} on {S}{1}."]),
    ("increase needs more mana", ["Icehide Golem is in Alice's hand.", "Alice controls Snow-Covered Forest.",
                                  "Spells Alice casts cost {1} more to cast."],
     ["Alice cannot cast Icehide Golem."]),
    ("casting needs the card in hand and the turn", ["Grizzly Bears is in Alice's hand.",
                                                      "Alice controls Forest and Island.", "It is Bob's turn."],
     ["Alice cannot cast Grizzly Bears."]),
    ("casting on her turn", ["Grizzly Bears is in Alice's hand.", "Alice controls Forest and Island."],
     ["Alice can cast Grizzly Bears."]),
    ("X is chosen as the spell is cast", ["Test Hydra is in Alice's hand.", "Alice controls Forest, Forest and Island."],
     ["Alice can cast Test Hydra with X = 2.", "Alice cannot cast Test Hydra with X = 3.", "Alice can cast Test Hydra.",
      "Alice can pay {X}{G} with X = 2.", "Alice cannot pay {X}{G} with X = 3.", "Alice can pay {2/G}{G/U}{0}."]),
    ("an ability's cost reduction, and {Q} with no mana to pay",
     ["Alice controls Pili-Pala, tapped.", "Abilities Alice activates cost {1} less to activate.",
      "Alice controls Forest."],
     ["Alice can activate Pili-Pala's mana ability.", "Alice can pay {R}."]),
]


@pytest.mark.parametrize("title,given,expect", CASES, ids=[c[0] for c in CASES])
def test_mana_case(title, given, expect):
    text = f'scenario "{title}"\n  given:\n' + "".join(f"    {g}\n" for g in given) + "  expect:\n" + \
        "".join(f"    {e}\n" for e in expect)
    got = verdicts(text)
    bad = [(t, v, m) for t, v, m in got if v != "holds"]
    assert not bad, bad


def test_unreadable_text_is_undetermined():
    text = 'scenario "x"\n  given:\n    Alice controls Unread Rock and Forest.\n  expect:\n' \
           '    Alice cannot pay {C}.\n    Alice can pay {G}{C}.\n    Unread Rock could produce no mana.\n'
    assert [v for _, v, _ in verdicts(text)] == ["undetermined"] * 3


def test_false_claims_fail():
    text = 'scenario "x"\n  given:\n    Alice controls Forest.\n  expect:\n' \
           '    Alice can pay {S}.\n    There are 2 ways for Alice to pay {1}.\n    Forest could produce {U}.\n' \
           '    Alice cannot pay {G}.\n'
    assert [v for _, v, _ in verdicts(text)] == ["fails"] * 4


def test_ways_listing_and_multiset_semantics():
    text = 'scenario "x"\n  given:\n    Alice controls Forest, Snow-Covered Forest and Sol Ring.\n'
    r = pay(text, ["S", "1", "1"])
    assert r.payable and r.count == 2 and not r.truncated
    srcs = sorted(tuple(sorted((p["source"], p["symbol"]) for p in w["pays"])) for w in r.ways)
    assert srcs == [(("Forest", "{1}"), ("Snow-Covered Forest", "{S}"), ("Sol Ring", "{1}")),
                    (("Snow-Covered Forest", "{S}"), ("Sol Ring", "{1}"), ("Sol Ring", "{1}"))]


def test_color_choice_is_not_another_way():
    text = 'scenario "x"\n  given:\n    Alice controls Birds of Paradise.\n'
    r = pay(text, ["1"])
    assert r.count == 1
    assert r.ways[0]["pays"] == [{"source": "Birds of Paradise", "mana": "one mana of any color", "symbol": "{1}"}]


def test_enumeration_limit_is_reported():
    text = 'scenario "x"\n  given:\n    Alice controls Forest, Forest, Forest, Forest and Forest.\n'
    r = pay(text, ["1", "1"], limit=3)
    assert r.truncated and r.count == 3
    assert pay(text, ["1", "1"], limit=100).count == 10
