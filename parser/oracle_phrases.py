"""Word groups the Oracle lexer joins into one token ("until end of turn" -> until_end_of_turn,
"the player does" -> the_player_do): each line is a phrase of canonical words (parser/oracle_lexer.py
reads them, longest first)."""

PHRASE_LINES = """
fight each other
that's attacking or blocking
spell , activated ability , or triggered ability
or at the beginning of
hand and graveyard
a opponent own
you gained this turn
no opponent control
or from
no mana was spent to cast it
in exile and in
mana was spent to cast ~
hand or graveyard
the player or planeswalker it's attacking
attack , block , or crew
attack , block , or transform
in addition to
until end of turn
at the beginning of
as long as
for as long as
up to
any number of
power and toughness
base power and toughness
mana value
converted mana cost
combat damage
end of combat
first strike
double strike
split second
the beginning of the next end step
for each
rather than
instead of
on the battlefield
onto the battlefield
from the battlefield
the battlefield
can't be countered
of your choice
this turn
each turn
as a sorcery
as a instant
any time you could cast a instant
any time you could cast a sorcery
you control
a player cast
last turn
a land type
attack or block
that much
your opponent control
or fewer
and then
and that's
any target
any other target
any player
that many
the copy
all creature type
attacking you
attacking you or a planeswalker you control
at least
the next turn 's upkeep
, where x be
until your next turn
until the end of your next turn
until the beginning of your next upkeep
color and type
except by
a creature type
a card type
tapped and attacking
hexproof from
and from
without paying its mana cost
without paying their mana cost
target player control
target opponent control
that player control
its controller control
they control
defending player control
each player control
you don't control
a opponent control
you own
other than
in any combination of color
this way
that's
whose
where x be
one or more
or more
or less
or greater
at random
face down
face up
or could produce
~ or another
~ or equipped creature
all creature able to block
you or a planeswalker you control
you or a permanent you control
you or planeswalker you control
~ or enchanted creature
basic land type among
card type among
card name
that player or that planeswalker 's controller control
the player do
that player or that planeswalker 's controller
for the first time each turn
it become day as ~ enter
a basic land type
of a opponent 's choice
your team control
a player do
no player do
""".strip().splitlines()
