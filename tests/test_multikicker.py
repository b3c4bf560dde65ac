"""Multikicker (CR 702.33c; mtgkb/rules/meaning_multikicker.lp, multikicker.lp): "with kicker" pays the multikicker
cost once; "for each time it was kicked" counts one then, none for a spell cast without it or a permanent that was
not cast.  Real cards of the card database; before, the keyword and these lines were unread."""

from __future__ import annotations

from test_combat import case
from test_turn_structure import case_tests

CASES = [
    # CR 702.33c, 601.2f: the multikicker cost is added to the total cost: {2}{G} + {1}{G} is more than {C}{C}{G}
    case("gnarlid-pack-kicker-must-be-paid", ("It is Alice's turn.", "Alice has {C}{C}{G} in her mana pool.",
                                              "Alice casts Gnarlid Pack with kicker, paying from her mana pool."),
         ("Gnarlid Pack is on the battlefield.",), error=("601.2h", "cannot pay"),
         at="Alice casts Gnarlid Pack with kicker, paying from her mana pool."),
    # CR 702.33c, 614.1c: Skitter of Lizards ({R}, multikicker {1}{R}) kicked once enters as a 2/2
    case("skitter-of-lizards-kicked-once", ("It is Alice's turn.", "Alice has {C}{R}{R} in her mana pool.",
                                            "Alice casts Skitter of Lizards with kicker, paying from her mana pool.",
                                            "Skitter of Lizards resolves."),
         ("Skitter of Lizards is 2/2.",), ("holds",)),
    # CR 702.33c, 120.1: "twice the number of times it was kicked": none for a permanent that was not cast
    case("deathforge-shaman-not-cast-deals-none", ("It is Alice's turn.", "Deathforge Shaman enters under Alice's control.",
                                                   "Deathforge Shaman's triggered ability resolves."),
         ("Bob has 20 life.", "Alice has 20 life."), ("holds", "holds")),
    case("spell-contortion-not-kicked-draws-none", (
        "It is Alice's turn.", "Alice's library has 10 cards.", "Alice has no cards in hand.",
        "Bob has {R} in his mana pool.",
        "Bob casts Lightning Bolt targeting Alice, paying from his mana pool.",
        "Alice has {C}{C}{U} in her mana pool.",
        "Alice casts Spell Contortion targeting Lightning Bolt, paying from her mana pool.",
        "Spell Contortion resolves."),
         ("Alice has 0 cards in hand.", "Lightning Bolt is in Bob's graveyard."), ("holds", "holds")),
    # CR 608.2h: the source has left the battlefield: how many times it was kicked is not followed
    case("lightkeeper-gone-is-not-settled", ("It is Alice's turn.", "Alice has {C}{C}{C}{W}{W} in her mana pool.",
                                             "Alice casts Lightkeeper of Emeria with kicker, paying from her mana pool.",
                                             "Lightkeeper of Emeria resolves.", "Lightkeeper of Emeria dies.",
                                             "Lightkeeper of Emeria's triggered ability resolves."),
         ("Alice has 22 life.",), ("undetermined",)),
]

test_multikicker, test_multikicker_ids = case_tests(CASES)
