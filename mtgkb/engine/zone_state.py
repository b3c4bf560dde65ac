"""Libraries and hands as the stepper keeps them, and their facts (401, 402, 404, 406).

A library (401.1) is a sequence, top first, in three parts:

- `top`: the cards whose places from the top are known, in order;
- the loose part: cards below those in an order no one knows: the known cards of that
  library that are in neither list (a card put into a library without a position, a
  shuffled library, 701.24a), `unknown_loose` unknown cards, and, when the scenario never
  said how many cards the library has (`stated` false), any number of further unknown cards;
- `bottom`: the cards put on the bottom, in order (the topmost of them first).

An entry is an object id (a known card, an object in zone library) or None: an unknown
card, a card whose name nobody in the scenario knows.  It has no characteristics a claim
can read, but it counts.  An unknown card that leaves the library becomes an object with
no card (`Obj.unknown`), so hands, graveyards and exile hold unknown cards as objects.

A hand is stated when a sentence said everything in it ("Alice has Lightning Bolt and 3
unknown cards in hand."); otherwise it may hold cards no sentence named (402.1)."""

from __future__ import annotations

from dataclasses import dataclass, field

from clingo import Function, Number, String, Symbol

from ..symbols import atom, obj

UNKNOWN = Function("unknown")


@dataclass
class Library:
    top: list = field(default_factory=list)       # object ids or None, top first
    unknown_loose: int = 0                        # unknown cards in the loose part
    bottom: list = field(default_factory=list)    # object ids or None, the topmost first
    stated: bool = False                          # the scenario said how many cards it has


@dataclass
class Zones:
    """What the state knows of the hidden zones beyond the objects in them."""

    libraries: dict = field(default_factory=dict)   # player -> Library
    hands_stated: list = field(default_factory=list)  # players whose whole hand a sentence gave
    drew_empty: list = field(default_factory=list)  # players who attempted to draw from an empty library (704.5b)
    unsure: list = field(default_factory=list)      # players whose library count is not known after an effect
                                                    # reached into its unknown size
    unknown_made: int = 0                           # unknown card objects made so far (their handles)


def library(st, p: str) -> Library:
    """The library of player p (an unstated one until a sentence says what it is)."""
    return st.zones.libraries.setdefault(p, Library())


def _live(st, oid) -> bool:
    return oid is None or (oid in st.objects and st.objects[oid].zone == "library")


def parts(st, p: str) -> tuple[list, list, int, list, bool]:
    """(top entries, known loose ids, unknown loose count, bottom entries, stated) of p's library
    now: an object that has left the library is no longer in it (400.7)."""
    lib = library(st, p)
    lib.top = [e for e in lib.top if _live(st, e)]
    lib.bottom = [e for e in lib.bottom if _live(st, e)]
    placed = {e for e in lib.top + lib.bottom if e is not None}
    loose = sorted(o.id for o in st.objects.values() if o.zone == "library" and o.owner == p and o.id not in placed)
    return lib.top, loose, lib.unknown_loose, lib.bottom, lib.stated


def shuffled(st, p: str) -> None:
    """CR 701.24a: p's library is shuffled: its order becomes unknown, every card is in its loose part."""
    lib = library(st, p)
    top, loose, unk, bottom, stated = parts(st, p)
    lib.unknown_loose = unk + sum(1 for e in top + bottom if e is None)
    lib.top, lib.bottom = [], []


def place(st, oid: int, where: Symbol) -> str:
    """CR 401.4: the object oid, just put into its owner's library, goes where rules.lp said
    (library_places.lp: top | bottom | nth(N)).  A place from the top below the known top part
    falls in the loose part when there is one (its order is unknown, so is the place): the
    object stays loose.  Returns the place in words."""
    lib = library(st, st.objects[oid].owner)
    top, loose, unk, bottom, stated = parts(st, st.objects[oid].owner)
    if where.name == "top":
        lib.top.insert(0, oid)
        return "on top of"
    if where.name == "bottom":
        lib.bottom.append(oid)
        return "on the bottom of"
    n = where.arguments[0].number
    words = f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th')} from the top of"
    others = [e for e in loose if e != oid]
    if len(top) >= n - 1:
        lib.top.insert(n - 1, oid)
    elif not others and not unk and stated:
        # no loose part: the place is in the bottom part, or the bottom of a smaller library
        lib.bottom.insert(min(n - 1 - len(top), len(bottom)), oid)
    return words


def new_unknown(st, zone: str, owner: str):
    """An unknown card as an object in a zone other than the library (its handle no sentence
    can name)."""
    st.zones.unknown_made += 1
    o = st.new_obj(f"\u27e8unknown card {st.zones.unknown_made}\u27e9", card=None, zone=zone, owner=owner,
                   controller=owner if zone == "battlefield" else None)
    o.unknown = True
    return o


def entry_sym(e) -> Symbol:
    return UNKNOWN if e is None else obj(e)


def zone_facts(st) -> list[Symbol]:
    """lib_top(P, K, E), lib_prefix(P, L), lib_loose(P, O), lib_loose_unknown(P, U), lib_bottom(P, J, E),
    lib_bottom_len(P, B), lib_open(P) (the library's size is not known), hand_open(P) (the hand may
    hold cards no sentence named), drew_from_empty(P) (704.5b), zone_unsure(P), unknown_card(O)."""
    out: list[Symbol] = []
    for p in st.players:
        P = String(p)
        top, loose, unk, bottom, stated = parts(st, p)
        out += [atom("lib_top", P, Number(k), entry_sym(e)) for k, e in enumerate(top, 1)]
        out.append(atom("lib_prefix", P, Number(len(top))))
        out += [atom("lib_loose", P, obj(o)) for o in loose]
        out.append(atom("lib_loose_unknown", P, Number(unk)))
        out += [atom("lib_bottom", P, Number(j), entry_sym(e)) for j, e in enumerate(bottom, 1)]
        out.append(atom("lib_bottom_len", P, Number(len(bottom))))
        if not stated:
            out.append(atom("lib_open", P))
        if p not in st.zones.hands_stated:
            out.append(atom("hand_open", P))
        if p in st.zones.drew_empty:
            out.append(atom("drew_from_empty", P))
        if p in st.zones.unsure:
            out.append(atom("zone_unsure", P))
    out += [atom("unknown_card", obj(o.id)) for o in st.objects.values() if o.unknown]
    return out


def unknown_public(p: str, zone: str) -> Symbol:
    """The mark that an unknown card of p's was put from p's library into a public zone: what it could do there
    is rules' to say (mtgkb/rules/public_unknowns.lp, CR 113.6)."""
    return Function("unknown_card_public", [String(p), Function(zone)])
