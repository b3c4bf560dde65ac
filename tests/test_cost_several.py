"""Additional costs that name several objects or an amount (118.8, 601.2b, 601.2h, 107.3a; mtgkb/rules/
meaning_cost_several.lp, cost_several.lp): "sacrifice two creatures" (Bankrupt in Blood), "sacrifice any number of
creatures" with "for each creature sacrificed this way" (Vicious Betrayal, 608.2c), "discard X cards" (Turbulent
Dreams), "pay X life" (Fire Covenant), "you may reveal a Dragon card from your hand" with "If you revealed a Dragon
card or controlled a Dragon as you cast this spell" (Foul-Tongue Invocation).  The cast sentence names what pays
(", sacrificing A and B", ", discarding A and B", ", revealing Shivan Dragon"); without it each legal set is an outcome; a cost that cannot be paid, or another number of
objects named, is bad input naming 601.2h."""

from __future__ import annotations

from oracle_support import parse_applied
from test_combat import case
from test_turn_structure import case_tests

TURN = ("It is Alice's turn.",)


def cast(spell: str, mana: str, how: str, resolve: bool = True) -> tuple[str, ...]:
    return (f"Alice has {mana} in her mana pool.", f"Alice casts {spell}{how}, paying from her mana pool.") + (
        (f"{spell} resolves.",) if resolve else ())


CASES = [
    # 118.8, 601.2h: the two creatures named are sacrificed; the land is not
    case("bankrupt-named", TURN + ("Alice controls Grizzly Bears, Hill Giant and Forest.",)
         + cast("Bankrupt in Blood", "{C}{B}", ", sacrificing Grizzly Bears and Hill Giant"),
         ("Grizzly Bears is in Alice's graveyard.", "Hill Giant is in Alice's graveyard.",
          "Forest is on the battlefield.", "Bankrupt in Blood is in Alice's graveyard."), ("holds",) * 4),
    # 601.2h: unnamed, each set of two of the three creatures is an outcome: none of them surely stays
    case("bankrupt-choice", TURN + ("Alice controls Grizzly Bears, Hill Giant, Llanowar Elves and Forest.",)
         + cast("Bankrupt in Blood", "{C}{B}", "", resolve=False),
         ("Forest is on the battlefield.", "Grizzly Bears is on the battlefield."), ("holds", "fails")),
    # 118.3, 601.2h: one creature cannot pay for two
    case("bankrupt-short", TURN + ("Alice controls Grizzly Bears and Forest.",)
         + cast("Bankrupt in Blood", "{C}{B}", "", resolve=False),
         ("Forest is on the battlefield.",), error=("601.2h",), at="Alice casts Bankrupt in Blood, paying from her mana pool."),
    # 601.2h: naming one creature for a cost of two
    case("bankrupt-one-named", TURN + ("Alice controls Grizzly Bears, Hill Giant and Forest.",)
         + cast("Bankrupt in Blood", "{C}{B}", ", sacrificing Grizzly Bears", resolve=False),
         ("Forest is on the battlefield.",), error=("601.2h",), at="Alice casts Bankrupt in Blood, sacrificing Grizzly Bears, paying from her mana pool."),
    # 608.2c: +2/+2 for each of the two creatures sacrificed as the spell was cast
    case("betrayal-two", TURN + ("Alice controls Grizzly Bears, Llanowar Elves and Forest.", "Bob controls Hill Giant.")
         + cast("Vicious Betrayal", "{C}{C}{C}{B}{B}",
                " targeting Hill Giant, sacrificing Grizzly Bears and Llanowar Elves"),
         ("Hill Giant is 7/7.", "Grizzly Bears is in Alice's graveyard.", "Forest is on the battlefield."),
         ("holds",) * 3),
    # 107.1: any number, none included: sacrificing the Bears or not are two outcomes
    case("betrayal-choice", TURN + ("Alice controls Grizzly Bears.", "Bob controls Hill Giant.")
         + cast("Vicious Betrayal", "{C}{C}{C}{B}{B}", " targeting Hill Giant"),
         ("Hill Giant is 5/5.", "Hill Giant is 3/3."), ("fails", "fails")),
    # 107.3a, 601.2b: X = 0 discards nothing and returns nothing
    case("dreams-zero", TURN + ("Alice has no cards in hand.", "Bob controls Hill Giant.")
         + cast("Turbulent Dreams", "{U}{U}", " with X = 0"),
         ("Hill Giant is on the battlefield.", "Turbulent Dreams is in Alice's graveyard."), ("holds", "holds")),
    # 701.9a: the card named is discarded, X = 1 target returned
    case("dreams-one", TURN + ("Alice has Forest in hand.", "Bob controls Hill Giant.")
         + cast("Turbulent Dreams", "{U}{U}", " targeting Hill Giant with X = 1, discarding Forest"),
         ("Hill Giant is in Bob's hand.", "Forest is in Alice's graveyard."), ("holds", "holds")),
    # 701.9a, 601.2h: the whole known hand is the X cards: no need to name them
    case("dreams-whole-hand", TURN + ("Alice has Forest and Island in hand.", "Bob controls Hill Giant and Grizzly Bears.")
         + cast("Turbulent Dreams", "{U}{U}", " targeting Hill Giant and Grizzly Bears with X = 2"),
         ("Forest is in Alice's graveyard.", "Island is in Alice's graveyard.", "Grizzly Bears is in Bob's hand."),
         ("holds",) * 3),
    # 118.3: an empty hand cannot discard one card
    case("dreams-short", TURN + ("Alice has no cards in hand.", "Bob controls Hill Giant.")
         + cast("Turbulent Dreams", "{U}{U}", " targeting Hill Giant with X = 1", resolve=False),
         ("Hill Giant is on the battlefield.",), error=("601.2h",), at="Alice casts Turbulent Dreams targeting Hill Giant with X = 1, paying from her mana pool."),
    # 119.4, 107.3a: X life is paid with the mana; the X damage is dealt to the one target
    case("covenant", TURN + ("Bob controls Hill Giant.",)
         + cast("Fire Covenant", "{C}{B}{R}", " targeting Hill Giant with X = 3"),
         ("Alice has 17 life.", "Hill Giant is in Bob's graveyard."), ("holds", "holds")),
    # 119.4: no more life than she has
    case("covenant-too-much", TURN + ("Bob controls Hill Giant.", "Alice has 2 life.")
         + cast("Fire Covenant", "{C}{B}{R}", " targeting Hill Giant with X = 3", resolve=False),
         ("Alice has 2 life.",), error=("601.2h",), at="Alice casts Fire Covenant targeting Hill Giant with X = 3, paying from her mana pool."),
    # 701.20a, 608.2c: no Dragon revealed nor controlled (her hand is known and holds none): no life gained
    case("foul-tongue-neither", TURN + ("Alice has no cards in hand.", "Alice controls Grizzly Bears.",
                                        "Bob controls Hill Giant.")
         + cast("Foul-Tongue Invocation", "{C}{C}{B}", " targeting Bob"),
         ("Alice has 20 life.", "Hill Giant is in Bob's graveyard."), ("holds", "holds")),
    # 608.2c: a Dragon controlled as the spell was cast
    case("foul-tongue-controlled", TURN + ("Alice has no cards in hand.", "Alice controls Shivan Dragon.",
                                           "Bob controls Hill Giant.")
         + cast("Foul-Tongue Invocation", "{C}{C}{B}", " targeting Bob"), ("Alice has 24 life.",), ("holds",)),
    # 701.20a: the Dragon card named is revealed and stays in her hand
    case("foul-tongue-revealed", TURN + ("Alice has Shivan Dragon in hand.", "Bob controls Hill Giant.")
         + cast("Foul-Tongue Invocation", "{C}{C}{B}", " targeting Bob, revealing Shivan Dragon"),
         ("Alice has 24 life.", "Alice has Shivan Dragon in hand."), ("holds", "holds")),
    # 118.8: unnamed with a Dragon card in her hand, whether she revealed it is not settled
    case("foul-tongue-open", TURN + ("Alice has Shivan Dragon in hand.", "Bob controls Hill Giant.")
         + cast("Foul-Tongue Invocation", "{C}{C}{B}", " targeting Bob"), ("Alice has 24 life.",), ("undetermined",)),
    # 601.2h: a card that is not a Dragon cannot pay
    case("foul-tongue-not-a-dragon", TURN + ("Alice has Forest in hand.", "Bob controls Hill Giant.")
         + cast("Foul-Tongue Invocation", "{C}{C}{B}", " targeting Bob, revealing Forest", resolve=False),
         ("Alice has 20 life.",), error=("601.2h",),
         at="Alice casts Foul-Tongue Invocation targeting Bob, revealing Forest, paying from her mana pool."),
]


test_cost_several, test_every_case_checks_something = case_tests(CASES)


HEAD = "As an additional cost to cast this spell, "
# (card text, whether each of its abilities is applied)
APPLIED = [
    ("Blood {1}{B}\nSorcery\n" + HEAD + "sacrifice two creatures.\nDraw three cards.\n", [True, True]),
    ("Betray {3}{B}{B}\nSorcery\n" + HEAD + "sacrifice any number of creatures.\nTarget creature gets +2/+2 until end "
     "of turn for each creature sacrificed this way.\n", [True, True]),
    ("Dreams {U}{U}\nSorcery\n" + HEAD + "discard X cards.\nReturn X target nonland permanents to their owners' "
     "hands.\n", [True, True]),
    ("Covenant {1}{B}{R}\nInstant\n" + HEAD + "pay X life.\nCovenant deals X damage divided as you choose among any "
     "number of target creatures.\n", [True, True]),
    ("Invocation {2}{B}\nInstant\n" + HEAD + "you may reveal a Dragon card from your hand.\nTarget player sacrifices a "
     "creature. If you revealed a Dragon card or controlled a Dragon as you cast this spell, you gain 4 life.\n",
     [True, True]),
    # at random: which cards are discarded is not read here
    ("Rubble {R}\nSorcery\n" + HEAD + "discard X cards at random.\nDraw a card.\n", [False, True]),
]


def test_several_costs_are_applied(tmp_path):
    for text, applied in APPLIED:
        assert parse_applied(tmp_path, text) == applied, text
