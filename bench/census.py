"""Census of the Oracle grammar's readings: is what it understood what the card says?

    python bench/census.py sample              # 120 understood abilities, stratified by kind (seed 1)
    python bench/census.py sample -n 200 --seed 3
    python bench/census.py scan                # whole-database scan of each known error class
    python bench/census.py scan --list         # ... with every flagged ability

`sample` draws a stratified random sample of the understood abilities of the embedded card
database (strata: the ability kinds, allocated in proportion to their size with at least two
each) and prints each with its card, its normalised line and its terms, for a reader to judge
by hand.  The judgement is the reader's; the tool only makes the sample reproducible.

`scan` looks at every understood ability for the error classes a census found before, each
a test of the terms against the words of the line:

- `duration_scope`: a conjunction of effects where one part lasts for a duration and a
  sibling continuous effect does not (the duration must scope over the whole conjunction it
  ends: "get +1/+1 and gain vigilance until end of turn", 611.2a);
- `or_as_and`: a line with "or" between two verbs whose terms hold no choice (an "or" of
  verbs is a choice, 608.2d), where no other term accounts for the "or";
- `mana_kind`: an ability tagged `mana` that does not add mana itself (the "Add" is only in
  quoted text of a token it creates, or it targets, or it is a loyalty ability: 605.1a), and a
  triggered ability that triggers on tapping for mana and adds mana tagged other than `mana`
  (605.1b);
- `activation_limit`: "Activate only ..." / "Activate no more than ..." read as an effect
  instead of a rider (602.5b);
- `mode_kind`: a mode line ("• ...") whose kind is not its header's (700.2: a mode is part of
  the modal ability before it; a triggered ability's modes are not static abilities);
- `subtype`: a `subtype("X")` term whose X is none of the subtypes of 205.3 (capitalised words
  taken as subtypes, plural forms not normalised);
- `spell_trigger_kind`: a line of an instant or a sorcery tagged `triggered` whose trigger can
  only fire after the spell resolved, this turn or at the next step: spell text creating a
  delayed triggered ability (113.3a, 603.7a), whose kind is `spell`;
- `quoted_source`: a quoted ability granted to another object (an Equipment's or an Aura's
  object, other creatures, a token) that names the granting card, read without `source_card`
  or the name itself: the card's name read as the object that has the ability (113.1a).

The words dropped silently are the no-silent-loss test's (tests/test_oracle_no_silent_loss.py).
A flag is a candidate, not a verdict: `--list` prints them for a reader to judge.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mtgkb.parser.oracle import normalise  # noqa: E402
from mtgkb.parser.terms import Fn, render  # noqa: E402
from mtgkb.reference import _read_list  # noqa: E402
from mtgkb.vocabulary import database_cards  # noqa: E402


def understood(cards):
    """(card, face, ability) of every understood ability, in database order."""
    for card in cards:
        for face in card.faces:
            for ab in face.abilities:
                if ab.understood:
                    yield card, face, ab


def term_lines(ab) -> list[str]:
    out = []
    for part in ("trigger", "condition"):
        t = getattr(ab, part)
        if t is not None:
            out.append(f"{part}: {render(t)}")
    for part in ("costs", "effects", "riders"):
        out += [f"{part}: {render(t)}" for t in getattr(ab, part)]
    return out


# ----------------------------------------------------------------------------- sample

def stratified(items: list, key, n: int, seed: int, minimum: int = 2) -> list:
    """n items drawn without replacement, allocated to strata by size (largest remainder),
    at least `minimum` from each stratum that has that many."""
    strata: dict[str, list] = defaultdict(list)
    for it in items:
        strata[key(it)].append(it)
    names = sorted(strata)
    total = len(items)
    alloc = {k: min(len(strata[k]), minimum) for k in names}
    rest = n - sum(alloc.values())
    quotas = {k: max(0.0, rest * len(strata[k]) / total) for k in names}
    for k in names:
        alloc[k] += int(quotas[k])
    left = n - sum(alloc.values())
    for k in sorted(names, key=lambda k: (-(quotas[k] - int(quotas[k])), k))[:max(0, left)]:
        alloc[k] += 1
    rng = random.Random(seed)
    out = []
    for k in names:
        out += rng.sample(strata[k], min(alloc[k], len(strata[k])))
    return out


def cmd_sample(args) -> int:
    items = list(understood(database_cards()))
    picked = stratified(items, lambda it: it[2].kind, args.n, args.seed)
    kinds = Counter(it[2].kind for it in picked)
    print(json.dumps({"schema": "mtgkb.census-sample/1", "seed": args.seed, "understood": len(items),
                      "sample": len(picked), "by_kind": dict(sorted(kinds.items()))}))
    for i, (card, face, ab) in enumerate(picked, 1):
        print(f"\n#{i} [{ab.kind}] {face.name} (line {ab.line})")
        print(f"  text: {normalise(ab.text, face.name, face.supertypes)}")
        for t in term_lines(ab):
            print(f"    {t}")
    return 0


# ----------------------------------------------------------------------------- scan

_CONTINUOUS = {"gets", "gains", "loses", "has", "becomes", "cant", "can_t", "loses_all_abilities",
               "modify_pt", "set_pt", "gets_x"}


def walk(t):
    if isinstance(t, Fn):
        yield t
        for a in t.args:
            yield from walk(a)


def _head(t) -> str:
    return t.name if isinstance(t, Fn) else ""


def duration_scope(ab, text: str) -> bool:
    for node in (n for e in ab.effects for n in walk(e)):
        if node.name != "and" or len(node.args) < 2:
            continue
        heads = [_head(a) for a in node.args]
        timed = [h == "lasting" or h.endswith("_lasting") for h in heads]
        if any(timed) and any(not d and (h in _CONTINUOUS or h.startswith("can")) for h, d in zip(heads, timed)):
            return True
    return False


_VERBS = ("sacrifice", "discard", "pay", "destroy", "exile", "return", "tap", "untap", "put", "draw",
          "create", "deal", "gain", "lose", "counter", "mill", "search", "reveal", "shuffle", "scry",
          "remove", "attach", "transform", "regenerate", "fight")
_OR_VERB = re.compile(r"\bor (?:" + "|".join(_VERBS) + r")s?\b", re.I)
_CHOICE_HEADS = {"choice", "spend_what", "vjoin_or", "or", "either", "one_of", "unless", "or_else", "choose"}


def or_as_and(ab, text: str) -> bool:
    if not _OR_VERB.search(text):
        return False
    rendered = " ".join(term_lines(ab))
    names = {n.name for t in (ab.trigger, ab.condition, *ab.costs, *ab.effects, *ab.riders) if t is not None
             for n in walk(t)}
    if names & _CHOICE_HEADS or "or" in rendered.replace("_", " ").split():
        return False
    return not any("or" in n.split("_") for n in names)


_QUOTED = re.compile(r'"[^"]*"')
_LOYALTY = re.compile(r"^\s*\[[+\-−]?[0-9X]+\]")


def mana_kind(ab, text: str) -> bool:
    outside = _QUOTED.sub("", text)
    adds = re.search(r"\badds?\b", outside, re.I) is not None
    if ab.kind == "mana":
        return not adds or re.search(r"\btarget\b", outside, re.I) is not None or bool(_LOYALTY.match(text))
    trig = ab.trigger is not None and "mana" in render(ab.trigger) and "tap" in render(ab.trigger)
    return ab.kind == "triggered" and trig and adds


_LIMIT = re.compile(r"\bActivate (?:only|no more than)\b")


def activation_limit(ab, text: str) -> bool:
    """As many activation restrictions in riders (of the ability or of a quoted ability it
    grants) as the line has sentences restricting activation."""
    wanted = len(_LIMIT.findall(text))
    if not wanted:
        return False
    riders = [n for r in ab.riders for n in walk(r)]
    riders += [n for e in ab.effects for node in walk(e) if node.name == "riders" for n in walk(node)]
    return sum(1 for n in riders if n.name.startswith("activate_")) < wanted


_SUBTYPES = None


def _known_subtypes() -> set[str]:
    global _SUBTYPES
    if _SUBTYPES is None:
        names = ("creature-types.txt", "artifact-types.txt", "enchantment-types.txt", "land-types.txt",
                 "planeswalker-types.txt", "spell-types.txt")
        _SUBTYPES = {s for f in names for s in _read_list(f)}
    return _SUBTYPES


def bad_subtypes(ab, text: str) -> list[str]:
    known = _known_subtypes()
    return sorted({n.args[0] for t in (ab.trigger, ab.condition, *ab.costs, *ab.effects, *ab.riders)
                   if t is not None for n in walk(t)
                   if n.name == "subtype" and n.args and isinstance(n.args[0], str) and n.args[0] not in known})


CLASSES = {"duration_scope": duration_scope, "or_as_and": or_as_and, "mana_kind": mana_kind,
           "activation_limit": activation_limit, "subtype": bad_subtypes}


def mode_kinds(cards):
    """(face, mode line, header kind) of each understood mode line whose kind is not that of the
    understood header before it."""
    from mtgkb.parser.oracle import _header_kind, is_mode_line

    for card in cards:
        for face in card.faces:
            head = None
            for ab in face.abilities:
                if not is_mode_line(ab):
                    head = ab
                elif ab.understood and head is not None and head.understood and _header_kind(head) is not None \
                        and head.kind != ab.kind:
                    # (a header choosing which lines apply, a Siege's "choose Khans or Dragons", has none)
                    yield face, ab, head.kind


def spell_trigger_kinds(cards):
    """(face, ability) of each understood line of an instant or a sorcery tagged `triggered` whose
    trigger fires this turn or at the next step (a delayed trigger the spell creates, 603.7a)."""
    from mtgkb.parser.oracle import _creates_delayed_trigger

    for card in cards:
        for face in card.faces:
            if not ({"Instant", "Sorcery"} & set(face.types)):
                continue
            for ab in face.abilities:
                if ab.understood and ab.kind == "triggered" and _creates_delayed_trigger(ab.trigger):
                    yield face, ab


def quoted_sources(cards):
    """(face, ability) of each understood line whose quoted ability is granted to another object
    and names the granting card, read without `source_card` or the name (113.1a)."""
    from mtgkb.parser.oracle import _GRANTED_TO_OTHER, self_names

    for card in cards:
        for face in card.faces:
            names = [n for n in self_names(face.name, face.supertypes) if n.strip()]
            for ab in face.abilities:
                if not ab.understood or '"' not in ab.text:
                    continue
                text = ab.text.replace("’", "'")
                for m in re.finditer(r'"[^"]*"', text):
                    before = text[:m.start()].rsplit(".", 1)[-1]
                    q = m.group()
                    if not _GRANTED_TO_OTHER.search(before) and not (
                            re.match(r"\s*It has\b", before) and "token" in text[:m.start()]):
                        continue
                    named = [n for n in names if re.search(r"(?<![\w'])" + re.escape(n) + r"(?!\w)", q)]
                    rendered = " ".join(term_lines(ab))
                    if named and not ("source_card" in rendered or "unattach_source" in rendered) \
                            and not any(f'"{n}"' in rendered for n in named):
                        yield face, ab
                        break


def cmd_scan(args) -> int:
    flagged: dict[str, list] = {k: [] for k in CLASSES}
    flagged["mode_kind"] = []
    flagged["spell_trigger_kind"] = []
    flagged["quoted_source"] = []
    n = 0
    cards = database_cards()
    for face, ab, kind in mode_kinds(cards):
        flagged["mode_kind"].append((face.name, ab, normalise(ab.text, face.name, face.supertypes), [kind]))
    for face, ab in spell_trigger_kinds(cards):
        flagged["spell_trigger_kind"].append((face.name, ab, normalise(ab.text, face.name, face.supertypes), []))
    for face, ab in quoted_sources(cards):
        flagged["quoted_source"].append((face.name, ab, normalise(ab.text, face.name, face.supertypes), []))
    for card, face, ab in understood(cards):
        n += 1
        text = normalise(ab.text, face.name, face.supertypes)
        for name, test in CLASSES.items():
            hit = test(ab, text)
            if hit:
                flagged[name].append((face.name, ab, text, hit))
    print(json.dumps({"schema": "mtgkb.census-scan/1", "understood": n,
                      "flagged": {k: len(v) for k, v in flagged.items()}}))
    if args.list:
        for name, rows in flagged.items():
            for face_name, ab, text, hit in rows:
                extra = f"  {hit}" if isinstance(hit, list) else ""
                print(f"\n[{name}] {face_name} [{ab.kind}]: {text}{extra}")
                for t in term_lines(ab):
                    print(f"    {t}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sample")
    s.add_argument("-n", type=int, default=120)
    s.add_argument("--seed", type=int, default=1)
    c = sub.add_parser("scan")
    c.add_argument("--list", action="store_true")
    args = ap.parse_args(argv)
    return cmd_sample(args) if args.cmd == "sample" else cmd_scan(args)


if __name__ == "__main__":
    raise SystemExit(main())
