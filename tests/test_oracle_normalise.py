"""Oracle normalisation (docs/oracle-meaning.md §1): the card's own names become "~" where
they stand as whole words; a face without a usable name (a mutated or hand-written card
text) names nothing and the line is left as it is."""

from __future__ import annotations

import pytest

from mtgkb.parser.oracle import normalise


@pytest.mark.parametrize("line, face, supertypes, out", [
    ("When Orvar, the All-Form enters the battlefield, Orvar draws.", "Orvar, the All-Form", ("Legendary",),
     "When ~ enters, ~ draws."),
    ("Grizzly Bearsy and Grizzly Bears's friend", "Grizzly Bears", (), "Grizzly Bearsy and ~'s friend"),
    ("Urza's Grizzly Bears", "Grizzly Bears", (), "Urza's ~"),
    ("xGrizzly Bears", "Grizzly Bears", (), "xGrizzly Bears"),
    ("This creature's converted mana cost", "Bear", (), "~'s mana value"),
    # an Alchemy rebalanced face ("A-") is named in its text with or without the prefix (201.5)
    ("Whenever A-Goldspan Dragon attacks, create a Treasure token.", "A-Goldspan Dragon", (),
     "Whenever ~ attacks, create a Treasure token."),
    ("When Elderfang Ritualist dies, return", "A-Elderfang Ritualist", (), "When ~ dies, return"),
])
def test_self_names(line, face, supertypes, out):
    assert normalise(line, face, supertypes) == out


@pytest.mark.parametrize("face", ["", " ", ",", ", the"])
def test_a_face_without_a_name_names_nothing(face):
    assert normalise("Flying, haste", face) == "Flying, haste"
