"""The embedded knowledge base: the card database, ruling checks and reference facts.

Files here are package data; `mtgkb.paths` finds them.  Nothing writes here."""
