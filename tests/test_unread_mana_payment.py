"""A cost only a permanent with an unread mana ability could pay (CR 601.2g-h, 605.1a): that ability might make
the mana, so whether the spell can be cast is undetermined -- not an input error naming 601.2h (the engine's
casting.py asks rules.lp's pay_open/2 when no payment is found).  A payment the read sources can't make, with no
unread source asked (or "paying from her mana pool"), stays an error.  Real cards of the card database."""

from __future__ import annotations

from test_combat import case
from test_turn_structure import case_tests

BOLT = "Alice casts Lightning Bolt targeting Hill Giant."
CASES = [
    # Gemstone Caverns' "{T}: Add {C}. If ... has a luck counter on it, instead add one mana of any color." is unread
    case("gemstone-caverns-might-pay", ("It is Alice's turn.", "Alice controls Gemstone Caverns.",
                                        "Bob controls Hill Giant.", BOLT, "Lightning Bolt resolves."),
         ("Hill Giant is in Bob's graveyard.",), ("undetermined",)),
    # Cavern of Souls' second mana ability (a spending restriction with a chosen type) is unread
    case("cavern-of-souls-might-pay", ("It is Alice's turn.", "Alice controls Cavern of Souls.",
                                       "Bob controls Hill Giant.", BOLT),
         ("Hill Giant is in Bob's graveyard.",), ("undetermined",)),
    # CR 601.2h: a Forest's mana can't pay {R}: the cast is impossible
    case("forest-cannot-pay", ("It is Alice's turn.", "Alice controls Forest.", "Bob controls Hill Giant.", BOLT),
         ("Hill Giant is in Bob's graveyard.",), error=("601.2h", "cannot pay"), at=BOLT),
    # CR 601.2h: paying from the mana pool asks no permanent, read or not
    case("from-the-pool-asks-no-source", ("It is Alice's turn.", "Alice controls Gemstone Caverns.",
                                          "Bob controls Hill Giant.",
                                          "Alice casts Lightning Bolt targeting Hill Giant, paying from her mana pool."),
         ("Hill Giant is in Bob's graveyard.",), error=("601.2h", "cannot pay"),
         at="Alice casts Lightning Bolt targeting Hill Giant, paying from her mana pool."),
]

test_unread_mana_payment, test_unread_mana_payment_ids = case_tests(CASES)
