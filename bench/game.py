"""Game benchmark: a 10-turn game of two players with 20 permanents each and combat every turn.

Alice and Bob each control ten basic lands, four 2/2 creatures, two Hill Giants, two Walls of
Stone, a Serra Angel and a Giant Spider.  Every turn the active player attacks with one of their
2/2s and a Hill Giant; the defending player blocks the Hill Giant with a Wall of Stone; combat
damage is dealt; the turn ends and the game proceeds to the other player's turn, whose untap step
untaps the attackers and whose cleanup step removes the damage.  Each sentence is stepped by the
engine (mtgkb/engine/) as `mtgkb check` steps it: every step of every turn is an event asked of
rules.lp, with state-based actions whenever a player would receive priority.

Prints the timings (total, per turn and per sentence: medians) and peak RSS, then the game's
outcome (life totals, solves, outcomes), which is the same on every run.

Run: python bench/game.py [--turns 10]
     python bench/game.py --growth 5 10 20     # each length in a fresh process: time, peak RSS and
                                               # their ratio per doubling of the number of turns
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time

PLAYERS = {
    "Alice": {"land": "Forest", "small": "Grizzly Bears"},
    "Bob": {"land": "Mountain", "small": "Balduvian Bears"},
}


def handles(card: str, first: int, n: int) -> list[str]:
    return [card if k == 1 else f"{card} #{k}" for k in range(first, first + n)]


def scenario(turns: int) -> tuple[str, list[int]]:
    """The ruling, and for each turn the index of its first sentence among the given ones."""
    board: dict[str, dict[str, list[str]]] = {}
    lines = ['ruling "a game of ten turns"', "  about: Grizzly Bears", "  given:"]
    for i, (p, cards) in enumerate(PLAYERS.items()):
        own = {"land": handles(cards["land"], 1, 10), "small": handles(cards["small"], 1, 4),
               "giant": handles("Hill Giant", 1 + 2 * i, 2), "wall": handles("Wall of Stone", 1 + 2 * i, 2),
               "angel": handles("Serra Angel", 1 + i, 1), "spider": handles("Giant Spider", 1 + i, 1)}
        board[p] = own
        lines += [f"    {p} controls {h}." for kind in own.values() for h in kind]
    given = []
    starts = []
    order = list(PLAYERS)
    for t in range(turns):
        p, q = order[t % 2], order[(t + 1) % 2]
        starts.append(len(given))
        given.append("It is Alice's turn." if t == 0 else f"The game proceeds to {p}'s turn.")
        attacker = board[p]["small"][(t // 2) % 4]
        giant = board[p]["giant"][(t // 2) % 2]
        given += [f"{p} attacks with {attacker} and {giant}.", f"{q} blocks {giant} with {board[q]['wall'][0]}.",
                  "Combat damage is dealt.", "The turn ends."]
    lines += [f"    {s}" for s in given]
    hits = {p: sum(1 for t in range(turns) if order[(t + 1) % 2] == p) for p in order}
    lines += ["  expect:"] + [f"    {p} has {20 - 2 * hits[p]} life." for p in order]
    return "\n".join(lines) + "\n", starts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=10)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--growth", type=int, nargs="+", metavar="TURNS",
                    help="run each number of turns in a fresh process and report growth per doubling")
    ap.add_argument("--summary", action="store_true", help=argparse.SUPPRESS)   # one JSON line (for --growth)
    a = ap.parse_args(argv)
    if a.growth:
        return growth(sorted(a.growth), a.timeout)

    from mtgkb.check import Session
    from mtgkb.engine.state import State
    from mtgkb.engine.stepper import Stepper
    from mtgkb.parser.scenario import parse_scenario

    session = Session(timeout=a.timeout)
    text, starts = scenario(a.turns)
    sf = parse_scenario(text, file="game.mtg", known_names=session.db.name_table())
    (block,) = sf.blocks
    state_sentences = [s for s in block.given if not s.kind.startswith("tl_") and s.kind != "turn"]
    n_state = len(state_sentences)
    stepper = Stepper(block, session.finder(sf, block), session.reference, timeout=a.timeout)

    t_all = time.perf_counter()
    branches = [State(players=list(PLAYERS))]
    per_sentence: list[tuple[str, float]] = []
    cpu_all = time.process_time()
    cpu: list[float] = []
    for s in block.given:
        t0, c0 = time.perf_counter(), time.process_time()
        branches = [b for st in branches for b in stepper.apply(st, s)]
        per_sentence.append((s.text, time.perf_counter() - t0))
        cpu.append(time.process_time() - c0)
    branches = [b for st in branches for b in stepper.put_triggers(st)]
    total, total_cpu = time.perf_counter() - t_all, time.process_time() - cpu_all
    events = per_sentence[n_state:]
    turn_times, turn_cpu = [], []
    bounds = starts + [len(events)]
    for k in range(len(starts)):
        turn_times.append(sum(dt for _, dt in events[bounds[k]:bounds[k + 1]]))
        turn_cpu.append(sum(cpu[n_state + bounds[k]:n_state + bounds[k + 1]]))
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if a.summary:
        print(json.dumps({"turns": len(starts), "events": len(events), "wall": total, "cpu": total_cpu,
                          "peak_rss_mib": rss, "outcomes": len(branches)}))
        return 0
    print("timings (vary from run to run; 2 shared cores):")
    print(f"  total {total:.2f} s wall, {total_cpu:.2f} s CPU for {len(starts)} turns, {len(events)} event sentences "
          f"(setup: {n_state} state sentences, {sum(dt for _, dt in per_sentence[:n_state]):.2f} s)")
    print(f"  per turn: median {statistics.median(turn_times):.2f} s wall ({statistics.median(turn_cpu):.2f} s CPU), "
          f"max {max(turn_times):.2f} s")
    kinds: dict[str, list[float]] = {}
    for txt, dt in events:
        kind = ("attack" if " attacks with " in txt else "block" if " blocks " in txt else
                "combat damage" if txt.startswith("Combat damage") else "turn ends" if txt.startswith("The turn ends")
                else "next turn")
        kinds.setdefault(kind, []).append(dt)
    print(f"  per event sentence: median {statistics.median(dt for _, dt in events) * 1000:.0f} ms; " +
          ", ".join(f"{k} {statistics.median(v) * 1000:.0f} ms" for k, v in sorted(kinds.items())))
    print(f"  peak RSS {rss:.0f} MiB")
    print("game (the same on every run):")
    st = branches[0]
    print(f"  outcomes {len(branches)}, turn {st.turn}, {st.active}'s {st.step}, solves {stepper.ask.solves}")
    print("  life: " + ", ".join(f"{p} {st.life.get(p, 20)}" for p in PLAYERS))
    print(f"  permanents: {sum(1 for o in st.objects.values() if o.zone == 'battlefield')}, "
          f"tapped: {sum(1 for o in st.objects.values() if o.tapped)}, "
          f"damage marked: {sum(o.damage for o in st.objects.values())}")
    return 0


def growth(turns: list[int], timeout: float) -> int:
    """Each game length in a fresh interpreter (its own peak RSS), then the ratios from one length
    to the next, scaled to a doubling (ratio ** (1 / log2(n2 / n1)))."""
    import math

    rows = []
    for n in turns:
        out = subprocess.run([sys.executable, __file__, "--turns", str(n), "--timeout", str(timeout), "--summary"],
                             capture_output=True, text=True, check=True).stdout
        rows.append(json.loads(out.strip().splitlines()[-1]))
    print("turns  events  wall s   CPU s   peak RSS MiB")
    for r in rows:
        print(f"{r['turns']:5d}  {r['events']:6d}  {r['wall']:6.2f}  {r['cpu']:6.2f}  {r['peak_rss_mib']:8.0f}")
    print("growth per doubling of the turns (1.0: constant, 2.0: linear):")
    for a, b in zip(rows, rows[1:]):
        k = math.log2(b["turns"] / a["turns"])
        per = {f: (b[f] / a[f]) ** (1 / k) for f in ("cpu", "peak_rss_mib")}
        print(f"  {a['turns']} -> {b['turns']} turns: CPU x{per['cpu']:.2f}, peak RSS x{per['peak_rss_mib']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
