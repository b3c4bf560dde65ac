"""Turn structure (CR 500-514): the stepper moves from step to step; rules.lp's part
mtgkb/rules/turn.lp decides what each step does (which permanents untap, 502.3; what the
cleanup step discards and ends, 514.1, 514.2) and, as for every event, what triggers (603.2b).

A step sentence ("Alice's end step begins.") happens after every step between the current one
and it: the rest of this turn, the turns of the players in between (in the order the block names
them), then that player's turn up to that step.  A step ends only with the stack empty (500.2):
what is on it must be said to resolve first, or the sentence is an error naming 500.2.  With no
step said yet, a step sentence begins that step at once; the other sentences that move time
("The turn ends.", attacking) start from the active player's precombat main phase."""

from __future__ import annotations

from clingo import Function, Number, String

from mtgkb.parser.scenario_ast import Sentence

from ..symbols import atom, obj
from .ask import ScenarioError, pick
from .control import change_control
from .state import State

# CR 500.1: the steps and phases of a turn, in order
STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
# the step event names of rules.lp (tl_event(step(Name, P)); "combat" as the timeline always called it)
EVENT_NAME = {"beginning_of_combat": "combat"}
# the step of a step sentence (scenario_timeline: "combat" for the beginning of combat step)
SENTENCE_STEP = {"combat": "beginning_of_combat"}
STEP_WORDS = {"untap": "untap step", "upkeep": "upkeep", "draw": "draw step",
              "precombat_main": "precombat main phase", "beginning_of_combat": "beginning of combat step",
              "declare_attackers": "declare attackers step", "declare_blockers": "declare blockers step",
              "combat_damage": "combat damage step", "end_of_combat": "end of combat step",
              "postcombat_main": "postcombat main phase", "end": "end step", "cleanup": "cleanup step",
              "your_upkeep": "upkeep of its controller"}
# CR 505.1: where a block that says no step is ("It is Alice's turn." means her precombat main phase)
DEFAULT_STEP = "precombat_main"


def step_event(step: str, player: str):
    return Function("step", [Function(EVENT_NAME.get(step, step)), String(player)])


class TurnStructure:
    """Mixed into the Stepper: the steps of a turn and moving between turns."""

    # -- sentences
    def _step_sentence(self, st: State, s: Sentence) -> list[State]:
        player, step = s.args["player"], SENTENCE_STEP.get(s.args["step"], s.args["step"])
        self._player(st, player)
        if st.step is None:
            # CR 500.1: no step said so far: this one begins now (what came before is not stepped through);
            # 500.4, 106.4: the step before it has ended, and with it the unspent mana
            st.active = player
            self._pools_empty(st)
            return self.begin_step(st, step, s)
        return self.advance(st, player, step, s)

    def _turn_ends(self, st: State, s: Sentence) -> list[State]:
        """CR 500.1, 514: "The turn ends.": every remaining step of the turn happens, the cleanup step last."""
        self._known_step(st)
        if st.step == "cleanup" and not st.cleanup_again:
            raise ScenarioError("the turn has already ended (its cleanup step has happened, 514)", s)
        if st.step == "cleanup":
            return self._finish_step(st, s)
        return self._run_plan([st], [(None, x) for x in STEPS[STEPS.index(st.step) + 1:]], s)

    def _proceeds(self, st: State, s: Sentence) -> list[State]:
        """CR 500.1, 103.1: "The game proceeds to Bob's turn.": this turn ends, and Bob's next turn begins
        and goes on to his precombat main phase."""
        self._player(st, s.args["player"])
        self._known_step(st)
        return self.advance(st, s.args["player"], "precombat_main", s, next_turn=True)

    def _known_step(self, st: State) -> None:
        if st.step is None:
            st.active = st.active or (st.players[0] if st.players else None)
            st.step = DEFAULT_STEP

    # -- moving through steps
    def _plan(self, st: State, player: str, step: str, next_turn: bool) -> list[tuple[str | None, str]]:
        """The steps from now to `player`'s `step`: (player whose new turn begins there, or None; step)."""
        cur = STEPS.index(st.step)
        if player == st.active and not next_turn and STEPS.index(step) > cur:
            return [(None, x) for x in STEPS[cur + 1:STEPS.index(step) + 1]]
        plan: list[tuple[str | None, str]] = [(None, x) for x in STEPS[cur + 1:]]
        for p in self._turns_to_come(st):
            last = STEPS.index(step) + 1 if p == player else len(STEPS)
            plan += [(p if n == 0 else None, x) for n, x in enumerate(STEPS[:last])]
            if p == player:
                break
        return plan

    @staticmethod
    def _turns_to_come(st: State) -> list[str]:
        """CR 500.7, 101.4: whose the next turns are: the extra turns added after this one (the most recently
        created first), then one round of the turn order from the player of the last turn that was not an
        extra one."""
        order = list(st.players)
        base = st.turn_base or st.active
        i = order.index(base) if base in order else 0
        return list(st.extra_turns) + [order[(i + k) % len(order)] for k in range(1, len(order) + 1)]

    def add_extra_turn(self, st: State, player: str) -> None:
        """CR 500.7: an effect adds a turn of the player directly after this one: it is taken before any turn
        added earlier (rules.lp: tl_apply(I, extra_turn(P)), mtgkb/rules/extra_turns.lp)."""
        st.turn_base = st.turn_base or st.active   # the turn order goes on from this turn's player
        st.extra_turns.insert(0, player)
        st.log.append(("500.7", f"  {player} takes an extra turn after this one"))

    def advance(self, st: State, player: str, step: str, s: Sentence, *, next_turn: bool = False) -> list[State]:
        if player not in st.players:
            self._player(st, player)
        return self._run_plan([st], self._plan(st, player, step, next_turn), s)

    def _run_plan(self, work: list[State], plan, s: Sentence) -> list[State]:
        last = plan[-1][1] if plan else None
        for new_turn, step in plan:
            nxt: list[State] = []
            for b in [x for w in work for x in self._finish_step(w, s)]:
                self._end_step(b, s)
                if new_turn is not None:
                    self.start_turn(b, new_turn)
                if step in ("declare_blockers", "combat_damage") and not b.attacking:
                    # CR 508.8: no creature attacks: no declare blockers and combat damage steps
                    if step == last:
                        raise ScenarioError(f"no creature attacks this turn, so there is no "
                                            f"{STEP_WORDS[step]} (508.8)", s)
                    b.log.append(("508.8", f"  no creature attacks: the {STEP_WORDS[step]} is skipped"))
                    nxt.append(b)
                    continue
                began = self.begin_step(b, step, s)
                if step == "declare_blockers" and step != last:
                    # CR 509.1: a declare blockers step passed over: no creature blocks
                    began = [x for y in began for x in (self.close_blocks(y) if self.blocks_pending(y) else [y])]
                nxt += began
            work = self._distinct(nxt)
        return work

    def _finish_step(self, st: State, s: Sentence) -> list[State]:
        """What the current step still has to do before the next one: the second combat damage step
        after a first-strike one (510.4, 702.7b), another cleanup step (514.3a)."""
        if st.step == "combat_damage" and "first_strike" in st.combat and not st.combat.get("damage_done"):
            self._end_step(st, s)
            st.log.append(("510.4", "the second combat damage step begins"))
            return self.combat_damage_step(st, s, first_only=False, said=(), second=True)
        if st.step == "cleanup" and st.cleanup_again:
            self._end_step(st, s)
            st.cleanup_again = False
            return [x for b in self.begin_step(st, "cleanup", s) for x in self._finish_step(b, s)]
        return [st]

    def _end_step(self, st: State, s: Sentence) -> None:
        """CR 500.2: a step ends once the stack is empty (with priority passed); 106.4: the mana
        pools empty (engine/casting.py)."""
        if st.stack:
            top = st.stack[-1]
            raise ScenarioError(f"{top.label} is on the stack, and the {STEP_WORDS.get(st.step, st.step)} ends only "
                                f"once the stack is empty (500.2): say that it resolves first", s)
        if st.step == "declare_attackers":
            st.combat["attackers_declared"] = True   # CR 508.1: none declared, if no sentence said any
        if st.step == "declare_blockers":
            st.combat["blocks_declared"] = True      # CR 509.1: no blockers, if no sentence said any
        self._pools_empty(st)

    def start_turn(self, st: State, player: str) -> None:
        """CR 500.1, 302.6: the next turn, the named player's: its permanents have been under that player's
        control since the turn began."""
        if st.extra_turns:
            if st.extra_turns[0] != player:
                # CR 500.7: an extra turn added while the steps were being passed comes first
                raise ScenarioError(f"{st.extra_turns[0]} takes an extra turn before {player}'s next turn (500.7)")
            st.extra_turns.pop(0)
        else:
            st.turn_base = player
        st.turn += 1
        st.active = player
        st.step = None
        st.cleanup_again = False
        st.died, st.life_lost = [], []   # CR 700.4, 119.3: "this turn" is the turn that begins now
        st.history_known = True          # ... and all of it happens in the scenario
        st.spells_cast = 0
        st.spells_cast_by = {}
        for o in st.objects.values():
            if o.controller == player:
                o.came_this_turn = False
        st.log.append(("500.1", f"turn {st.turn}: {player}'s turn begins"))

    def begin_step(self, st: State, step: str, s: Sentence) -> list[State]:
        """CR 500.1: a step or phase begins: its turn-based actions (502.3, 504.1, 510, 514), then
        what triggers at its beginning (603.2b); players receive priority (except in the untap step,
        502.4, and the cleanup step, 514.3), so state-based actions and triggers go on the stack."""
        st.step = step
        player = st.active
        st.log.append(("500.1", f"{player}'s {STEP_WORDS[step]} begins"))
        if step == "postcombat_main":
            # CR 511.3: as the end of combat step ends, everything is removed from combat
            st.attacking, st.blocking, st.blocked, st.open_blocks, st.combat = {}, {}, [], [], {}
        if step == "combat_damage":
            return self.combat_damage_step(st, s, first_only=False, said=())
        starts = self.turn_draw(st, player, s) if step == "draw" else [st]
        pairs = [pm for x in starts for pm in self.event_models(x, step_event(step, player))]
        out: list[State] = []
        for b, m in pairs:
            self._step_atoms(b, m)
            discards = [b.name_of(d.arguments[0].arguments[0].number) for d in pick(m, "tl_cleanup_discard")]
            if discards:
                b.choices.append(f"{player} discards {', '.join(discards)} to the maximum hand size")
            work = [b]
            for h in discards:
                work = [x for w in work for x in self._discard(w, s, player, h, None)]
            for w in work:
                if step == "untap":
                    out.append(w)  # CR 502.4: no player receives priority in the untap step
                elif step == "cleanup":
                    out += self._cleanup_priority(w)
                else:
                    out += self.put_triggers(w)
        return out

    def _cleanup_priority(self, st: State) -> list[State]:
        """CR 514.3, 514.3a: normally no player receives priority in the cleanup step; if state-based
        actions are performed or abilities trigger, they do, and another cleanup step follows."""
        before = (len(st.sba_log), len(st.lost))
        outs = self.put_triggers(st)
        for b in outs:
            if b.stack or (len(b.sba_log), len(b.lost)) != before:
                b.cleanup_again = True
                b.log.append(("514.3a", "  players receive priority; another cleanup step follows"))
        return outs

    def _step_atoms(self, st: State, m) -> None:
        """What rules.lp decided for a step (turn.lp), done to the state."""
        for u in pick(m, "tl_untaps"):
            o = st.objects[u.arguments[0].arguments[0].number]
            o.tapped = False
            st.log.append(("502.3", f"  {o.handle} untaps"))
        for d in pick(m, "tl_damage_removed"):
            o = st.objects[d.arguments[0].arguments[0].number]
            o.damage = 0
            st.log.append(("514.2", f"  the damage marked on {o.handle} is removed"))
        fired = {t.arguments[1].arguments[0].number for t in pick(m, "tl_trig") if t.arguments[1].name == "delayed"}
        st.delayed = [d for d in st.delayed if d[0] not in fired]   # CR 603.7b: it triggers only once
        ended = {e.arguments[0].number for e in pick(m, "tl_cont_ends")}
        if ended:
            for ts, oid, eff, dur in [c for c in st.conts if c[0] in ended]:
                cr, until = (("701.35a", f"{dur.arguments[0].string}'s next turn") if not isinstance(dur, str) else
                             {"end_of_turn": ("514.2", "end of turn"), "end_of_combat": ("511.2", "end of combat")}.get(
                                 dur, ("502.3", "its controller's next untap step")))   # mtgkb/rules/lose_untap.lp
                st.log.append((cr, f"  the effect on {st.name_of(oid)} that lasted until {until} ends"))
            st.conts = [c for c in st.conts if c[0] not in ended]
        for c in pick(m, "tl_control_returns"):
            # CR 613.1b, 514.2: a control-changing effect ended (rules.lp: mtgkb/rules/control.lp)
            change_control(st, c.arguments[0].arguments[0].number, c.arguments[1].string)

    def create_delayed(self, st: State, it, e, objs=(), follow: bool = False) -> None:
        """CR 603.7a: a resolving ability creates a delayed triggered ability (rules.lp: tl_apply(I,
        delayed(D, Step))); it is controlled by that ability's controller (603.7d).  objs: the objects it
        acts on, fixed now (603.7c; rules.lp: tl_dl_obj/3); follow: they are cards this resolution puts onto
        the battlefield, and it acts on the permanents they become (rules.lp: tl_dl_follow/2, 400.7)."""
        st.ts += 1
        D, step = e.arguments[0], e.arguments[1].name
        st.delayed.append((st.ts, D, step, it.controller, it.source))
        if objs:
            st.delayed_objs[st.ts] = (tuple(objs), follow)
        st.log.append(("603.7a", f"  a delayed triggered ability is created: it triggers when the next "
                                  f"{STEP_WORDS.get(step, step)} begins" + self._delayed_objs_text(st, objs)))

    def create_turn_trigger(self, st: State, it, D, objs) -> None:
        """CR 603.7a, 603.7b, 603.7d: a resolving spell creates a triggered ability that works for the rest of
        the turn (rules.lp: tl_apply(I, turn_trigger(D)); mtgkb/rules/turn_triggers.lp), controlled by the
        spell's controller; objs: the object it watches, fixed now (603.7c)."""
        st.ts += 1
        st.static_facts.append(atom("turn_trigger", Number(st.ts), D, String(it.controller), obj(it.source),
                                    Number(st.turn)))
        st.static_facts += [atom("turn_trigger_obj", Number(st.ts), obj(o)) for o in objs]
        st.log.append(("603.7a", "  a triggered ability is created for the rest of the turn"
                                  + self._delayed_objs_text(st, objs)))

    def bind_delayed(self, st: State, m, made: list[int]) -> None:
        """CR 603.7c, 111.1: a delayed triggered ability that acts on the tokens the resolution that created
        it made (rules.lp: tl_dl_made/2) is bound to them."""
        for b in pick(m, "tl_dl_made"):
            n = next((d[0] for d in reversed(st.delayed) if d[1] == b.arguments[1]), None)
            if n is not None and made:
                st.delayed_objs[n] = (tuple(made), False)
                st.log.append(("603.7c", "  the delayed triggered ability acts on " + ", ".join(st.name_of(o) for o in made)))

    @staticmethod
    def _delayed_objs_text(st: State, objs) -> str:
        return f" (on {', '.join(st.name_of(o) for o in objs)})" if objs else ""

    def turn_draw(self, st: State, player: str, s: Sentence) -> list[State]:
        """CR 504.1: the active player draws a card, a turn-based action (one outcome per card it can
        be, from what the scenario says of the library; drawing from an empty library makes the
        player lose at the next state-based check, 704.5b)."""
        st.log.append(("504.1", f"  {player} draws a card (a turn-based action)"))
        return self.zone_action(st, Function("draw", [String(player), Number(1)]), None, s)

    def event_models(self, st: State, ev, *more, extra=()) -> list[tuple[State, frozenset]]:
        """The event (stepper.event: triggers, damage) and, beside each outcome, the answer set it
        came from (asked once: the same question is answered from the Ask's memory)."""
        facts = self.facts(st, [atom("tl_event", e) for e in (ev, *more)] + list(extra))
        outs = self.event(st, ev, *more, extra=extra)
        models = self.ask(facts)
        if len(models) != len(outs):  # pragma: no cover - one outcome per answer set, always
            raise RuntimeError("the outcomes of an event do not match its answer sets")
        return list(zip(outs, models))
