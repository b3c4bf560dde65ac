""""<creature> blocks it this combat if able" in a trigger on its source's attack (CR 509.1c, 611.2a, 611.2c;
mtgkb/rules/meaning_block_source.lp, block_source.lp): a declaration in which the creature blocks the source is
settled; one in which it does not (or no block before combat damage) is undetermined while it could block, since
which creatures were able to block is not weighed; a creature that could not block (tapped) is not required to.
The verb phrase is read only in a trigger on its source's attack.  Real cards: Avalanche Tusker."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

TUSKER = ("It is Alice's turn.", "Alice controls Avalanche Tusker.")
RESOLVES = ("Alice attacks with Avalanche Tusker.", "Avalanche Tusker's triggered ability resolves, choosing Hill Giant.")
CASES = [
    case("the-target-blocks-the-source", TUSKER + ("Bob controls Hill Giant.",) + RESOLVES + (
        "Bob blocks Avalanche Tusker with Hill Giant.", "Combat damage is dealt."),
         ("Hill Giant is in Bob's graveyard.", "Bob has 20 life."), ("holds", "holds")),
    case("no-block-is-undetermined", TUSKER + ("Bob controls Hill Giant.",) + RESOLVES + ("Combat damage is dealt.",),
         ("Bob has 14 life.",), ("undetermined",)),
    case("another-blocker-is-undetermined", TUSKER + ("Bob controls Hill Giant.", "Bob controls Savannah Lions.") + RESOLVES
         + ("Bob blocks Avalanche Tusker with Savannah Lions.", "Combat damage is dealt."),
         ("Savannah Lions is in Bob's graveyard.",), ("undetermined",)),
    case("a-tapped-target-is-not-required", TUSKER + ("Bob controls Hill Giant, tapped.",) + RESOLVES
         + ("Combat damage is dealt.",), ("Bob has 14 life.",), ("holds",)),
]

test_block_source, test_case_ids_differ = case_tests(CASES)


def test_read_only_in_an_attack_trigger(tmp_path):
    assert parse_applied(tmp_path, "Odd Tusker {4}{G}\nCreature — Elephant\nWhenever Odd Tusker attacks, target creature "
                                   "defending player controls blocks it this combat if able.\n") == [True]
    # "it" has no attack to refer to: unread
    assert parse_applied(tmp_path, "Odd Caller {4}{G}\nCreature — Elephant\nWhen Odd Caller enters the battlefield, "
                                   "target creature blocks it this combat if able.\n") == [False]
