"""Combat (CR 506-511): declaring attackers and blockers, and the combat damage steps.  Whether a
declaration is legal (508.1, 509.1 and the combat keywords of 702), what attacking taps, which
creatures deal combat damage in which step (510.4, 702.7b) and to what (510.1, 702.19b) are asked
of rules.lp's part mtgkb/rules/combat.lp; the damage is applied as every damage is (rules.lp's
section "119, 120, 704.5a/g/h").

The blockers of one combat are one declaration (509.1): consecutive block sentences are gathered
and declared together when the next other sentence comes (or the block ends)."""

from __future__ import annotations

from clingo import Function, Number, String, SymbolType

from mtgkb.parser.scenario_ast import Sentence

from ..symbols import atom, obj
from .ask import ScenarioError, pick
from .state import State
from .turn import DEFAULT_STEP, STEPS


def _after(step: str | None, than: str) -> bool:
    return step is not None and STEPS.index(step) > STEPS.index(than)


class Combat:
    """Mixed into the Stepper: the combat sentences."""

    # -- 508: declare attackers
    def _attacks(self, st: State, s: Sentence) -> list[State]:
        p = s.args["player"]
        self._player(st, p)
        if st.step is None:
            st.active, st.step = p, DEFAULT_STEP
        if p != st.active:
            raise ScenarioError(f"it is {st.active}'s turn: only the active player declares attackers (508.1)", s)
        if st.combat.get("attackers_declared") or st.attacking:
            raise ScenarioError("attackers are declared once in a combat (508.1)", s)
        if _after(st.step, "declare_attackers"):
            raise ScenarioError(f"the declare attackers step of {p}'s turn is over (506.1, 508)", s)
        defenders = [q for q in st.players if q != p and q not in st.lost]
        if len(defenders) != 1:
            raise ScenarioError("which player is attacked is not said (508.1b): attacking is for a game of two "
                                "players here", s)
        work = [st] if st.step == "declare_attackers" else self.advance(st, p, "declare_attackers", s)
        out: list[State] = []
        for b in work:
            ids = [b.handles[h] for h in s.args["objects"]]
            evs = [Function("attacks", [obj(i), String(defenders[0])]) for i in dict.fromkeys(ids)]
            b.log.append(("508.1", f"{p} attacks {defenders[0]} with {', '.join(b.name_of(i) for i in ids)}"))
            for x, m in self.event_models(b, *evs):
                x.combat["attackers_declared"] = True
                for i in ids:
                    x.attacking[i] = defenders[0]
                for t in pick(m, "tl_attack_taps"):
                    o = x.objects[t.arguments[0].arguments[0].number]
                    o.tapped = True
                    x.log.append(("508.1f", f"  {o.handle} becomes tapped as it attacks"))
                out += self.put_triggers(x)
        return out

    # -- 509: declare blockers
    def _blocks(self, st: State, s: Sentence) -> list[State]:
        self._player(st, s.args["player"])
        work = [st]
        if not st.open_blocks:
            if st.combat.get("blocks_declared"):
                raise ScenarioError("blockers are declared once in a combat (509.1): say every blocker in "
                                    "block sentences that follow one another", s)
            if st.step is None or not st.attacking:
                raise ScenarioError("no creature attacks, so there is nothing to block (508.8, 509.1a)", s)
            if _after(st.step, "declare_blockers"):
                raise ScenarioError(f"the declare blockers step of {st.active}'s turn is over (506.1, 509)", s)
            if st.step != "declare_blockers":
                work = self.advance(st, st.active, "declare_blockers", s)
        for b in work:
            atk = b.handles[s.args["attacker"]]
            if b.attacking.get(atk, s.args["player"]) != s.args["player"]:
                raise ScenarioError(f"{s.args['attacker']} attacks {b.attacking[atk]}: only the defending player "
                                    f"declares blockers for it (509.1a)", s)
            b.open_blocks += [(b.handles[h], atk) for h in s.args["objects"]]
            b.combat["block_sentence"] = s
        return work

    def blocks_pending(self, st: State) -> bool:
        """CR 509.1: blockers are to be declared now: block sentences were said, or the declare blockers step
        of a combat with attackers has begun and no declaration was made yet (none said: no creature blocks)."""
        return bool(st.open_blocks) or (st.step == "declare_blockers" and bool(st.attacking)
                                        and not st.combat.get("blocks_declared"))

    def close_blocks(self, st: State) -> list[State]:
        """CR 509.1, 509.1h, 509.2a: the declaration of blockers said so far is made, all at once (with no
        block sentence, no creature blocks); the attackers with no blocker become unblocked."""
        pairs, s = st.open_blocks, st.combat.pop("block_sentence", None)
        st.open_blocks = []
        evs = [Function("blockers_declared")] + [Function("blocks", [obj(b), obj(a)]) for b, a in dict.fromkeys(pairs)]
        for b, a in pairs:
            st.log.append(("509.1a", f"{st.name_of(b)} blocks {st.name_of(a)}"))
        if not pairs:
            st.log.append(("509.1", "no creature blocks"))
        try:
            pm = self.event_models(st, *evs)
        except ScenarioError as e:
            raise ScenarioError(str(e), s, e.violations) from None
        out: list[State] = []
        for x, m in pm:
            x.combat["blocks_declared"] = True
            for b, a in pairs:
                x.blocking[b] = a
            for v in pick(m, "tl_becomes_blocked"):
                a = v.arguments[0].arguments[0].number
                if a not in x.blocked:
                    x.blocked.append(a)
                    x.log.append(("509.1h", f"  {x.name_of(a)} becomes blocked"))
            for v in pick(m, "tl_becomes_unblocked"):
                x.log.append(("509.1h", f"  {x.name_of(v.arguments[0].arguments[0].number)} becomes unblocked"))
            out += self.put_triggers(x)
        return out

    # -- 510: combat damage
    def _combat_damage_sentence(self, st: State, s: Sentence) -> list[State]:
        first_only, said = s.args["first_only"], s.args["assign"]
        if not st.attacking:
            raise ScenarioError("no creature attacks, so there is no combat damage step (508.8)", s)
        if st.combat.get("damage_done"):
            raise ScenarioError("combat damage has been dealt in this combat (510)", s)
        if st.step == "combat_damage":
            if first_only or "first_strike" not in st.combat:
                raise ScenarioError("the first combat damage step has happened (510.4, 702.7b)", s)
            self._end_step(st, s)
            return self._damage_once(st, s, said)
        if _after(st.step, "combat_damage"):
            raise ScenarioError(f"the combat damage step of {st.active}'s turn is over (506.1, 510)", s)
        work = [st] if st.step == "declare_blockers" else self.advance(st, st.active, "declare_blockers", s)
        out: list[State] = []
        for b in work:
            bs = self.close_blocks(b) if self.blocks_pending(b) else [b]
            for x in bs:
                self._end_step(x, s)
                x.step = "combat_damage"
                x.log.append(("500.1", f"{x.active}'s combat damage step begins"))
                out += self.combat_damage_step(x, s, first_only=first_only, said=said)
        return out

    def combat_damage_step(self, st: State, s: Sentence, *, first_only: bool, said, second: bool = False
                           ) -> list[State]:
        """CR 510, 510.4, 702.7b: the combat damage step: with first strike or double strike in combat,
        a first step, then (the stack empty, 500.2) the second (`second`: only that one is left)."""
        if second:
            return self._damage_once(st, s, said)
        out: list[State] = []
        for b in self._damage_once(st, s, said):
            if "first_strike" in b.combat and not b.combat.get("damage_done"):
                if first_only:
                    out.append(b)
                    continue
                self._end_step(b, s)
                b.log.append(("510.4", "the second combat damage step begins"))
                out += self._damage_once(b, s, said)
            else:
                if first_only:
                    raise ScenarioError("no attacking or blocking creature has first strike or double strike: "
                                        "there is one combat damage step (510.4, 702.7b)", s)
                out.append(b)
        return out

    def _damage_once(self, st: State, s: Sentence, said) -> list[State]:
        """One combat damage step (510.1, 510.2): every assignment rules.lp allows is an outcome, or
        the one the sentence says."""
        extra = [atom("tl_cd_said", obj(st.handles[src]),
                      String(who) if kind == "player" else obj(st.handles[who]), Number(n))
                 for src, (kind, who), n in said]
        try:
            pm = self.event_models(st, Function("combat_damage"), extra=extra)
        except ScenarioError as e:
            if said:
                raise ScenarioError(f"no legal assignment of combat damage is as the sentence says (510.1c, "
                                    f"702.19b): {e}", s, e.violations) from None
            raise
        out: list[State] = []
        for b, m in pm:
            first = bool(pick(m, "tl_cd_first"))
            if first:
                b.combat["first_strike"] = [v.arguments[0].arguments[0].number for v in pick(m, "tl_cd_fs")]
            else:
                b.combat["damage_done"] = True
            words = []
            for d in pick(m, "tl_cd_dealt"):
                S, T, N = d.arguments
                to = T.string if T.type == SymbolType.String else b.name_of(T.arguments[0].number)
                words.append(f"{b.name_of(S.arguments[0].number)} deals {N.number} to {to}")
                b.log.append(("510.2", f"  {words[-1]} ({'first-strike ' if first else ''}combat damage)"))
            if len(pm) > 1:
                b.choices.append("combat damage: " + ("; ".join(words) or "none"))
            out += self.put_triggers(b)
        return out
