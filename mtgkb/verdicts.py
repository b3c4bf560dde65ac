"""Consequences -> verdicts (language.md, "Verdicts").

must:    holds iff the claim is a cautious consequence (true in every outcome);
may:     holds iff it is a brave consequence (true in some outcome);
cannot / negated must: holds iff it is not a brave consequence.
A claim about an object whose text we cannot fully read is `undetermined`: the
knowledge base cannot settle it either way, so it is never reported as `holds`."""

from __future__ import annotations

from clingo import Function, Symbol

from mtgkb.parser.scenario_ast import Claim

from .engine.present import ability_words, keyword_words
from .results import ClaimResult
from .solver import SolveResult


def claim_verdict(claim: Claim, Id: Symbol, res: SolveResult, handles: dict[Symbol, str]) -> ClaimResult:
    line = claim.pos.line
    if res.timed_out:
        return ClaimResult(claim.text, line, "undetermined", "the time limit was reached before the claim was settled")
    if res.satisfiable is False:
        return ClaimResult(claim.text, line, "error", "the scenario is impossible (no outcome satisfies the rules)")
    t = Function("claim_true", [Id])
    in_all = t in res.cautious
    in_some = t in res.brave
    unsettled = sorted({s.arguments[1] for s in res.brave if s.name == "claim_unsettled" and s.arguments[0] == Id},
                       key=str)
    positive = not claim.negated
    if claim.modality == "may":
        holds = in_some if positive else not in_all
    else:  # must (or cannot, expressed as a negated must)
        holds = in_all if positive else not in_some
    if unsettled:
        text = [a for a in unsettled if hidden_words(a) is None]
        if not text:  # only what the scenario does not say (hidden zones, engine/zone_state.py)
            decided = _decided_by_settled_outcome(claim, Id, res)
            if decided is not None:
                return ClaimResult(claim.text, line, *decided)
            why = "; ".join(hidden_words(a) for a in unsettled[:3])
            return ClaimResult(claim.text, line, "undetermined", f"depends on what the scenario does not say: {why}")
        unread = [a for a in text if a.name not in _NOT_FOLLOWED]
        if not unread:  # the text was read; what is not followed is how it plays out (the order of steps, 608.2c)
            why = "; ".join(_describe_ability(a, res) for a in text[:3])
            return ClaimResult(claim.text, line, "undetermined",
                               f"depends on what the knowledge base does not follow here: {why}")
        why = "; ".join(_describe_ability(a, res) for a in unread[:3])
        return ClaimResult(claim.text, line, "undetermined",
                           f"depends on card text the knowledge base does not understand: {why}")
    if holds:
        return ClaimResult(claim.text, line, "holds")
    if claim.modality == "may":
        msg = "true in no outcome" if positive else "true in every outcome"
    elif positive:
        msg = "true in some outcomes but not all" if in_some else "false in every outcome"
    else:
        msg = "true in every outcome" if in_all else "true in some outcomes"
    return ClaimResult(claim.text, line, "fails", msg)


def _decided_by_settled_outcome(claim: Claim, Id: Symbol, res: SolveResult) -> tuple | None:
    """A claim unsettled only by hidden information in some outcomes is still decided by an
    outcome in which it is settled: a "may" claim true there holds, a plain claim false there
    fails (and their negations alike).  None: no such outcome decides it."""
    settled_true = Function("claim_settled_true", [Id]) in res.brave
    settled_false = Function("claim_settled_false", [Id]) in res.brave
    positive = not claim.negated
    if claim.modality == "may":
        if settled_true if positive else settled_false:
            return ("holds",)
        return None
    if settled_false if positive else settled_true:
        return ("fails", "false in some outcome in which it is settled (other outcomes depend on what the "
                         "scenario does not say)" if positive else
                         "true in some outcome in which it is settled (other outcomes depend on what the "
                         "scenario does not say)")
    return None


_HIDDEN = {"hand_size": "how many cards are in {p}'s hand (no sentence gives the whole hand)",
           "library_size": "how many cards are in {p}'s library (no sentence gives it, or an effect reached past "
                           "what it says)",
           "top_card": "which card is on top of {p}'s library",
           "hand": "which cards are in {p}'s hand",
           "graveyard": "what the unknown cards in {p}'s graveyard are (their card types)"}


def hidden_words(a: Symbol) -> str | None:
    """The reason of an undetermined claim that is hidden information, in words (None: not one)."""
    if a.name == "hidden" and len(a.arguments) == 2:
        return _HIDDEN.get(a.arguments[1].name, str(a)).format(p=a.arguments[0].string)
    if a.name == "unknown_permanent":
        return "what an unknown card on the battlefield is"
    if a.name == "unknown_could_be" and len(a.arguments) == 4:
        p, z, f, n = a.arguments
        return (f"what an unknown card of {p.string}'s put into a public zone ({z.name}) from the library is: it "
                f"could be {f.string} (one of {n.number} faces of the card database with an "
                f"ability that can act there, CR 113.6)")
    if a.name == "unknown_card_revealed":
        return (f"what an unknown card of {a.arguments[0].string}'s put into a public zone is (an ability of its "
                f"own may trigger there)")
    return None


# reasons of an undetermined claim that are not unread text: read, but not followed (their words: _describe_ability)
_NOT_FOLLOWED = ("order", "token_ability")


def _describe_ability(a: Symbol, res: SolveResult) -> str:
    # order(A): CR 608.2c, a later step of A would see what an earlier one did, in an order not followed
    if a.name == "order" and len(a.arguments) == 1:
        return (f"the order of the steps of {_describe_ability(a.arguments[0], res)} (a later step would see what an "
                "earlier one did, 608.2c)")
    # ab(Face, I): name the face and the line index
    if a.name == "ab" and len(a.arguments) == 2:
        return ability_words(a)
    # token_ability(H): an ability of a token activated in the scenario (602.2), not followed (engine/actions.py)
    if a.name == "token_ability" and len(a.arguments) == 1:
        return f"an ability of the token {a.arguments[0].string} (a token's activated ability is not followed here)"
    # kw(K): a keyword an effect gave (613.1f), whose domain the rules watch but do not apply
    if a.name == "kw" and len(a.arguments) == 1:
        return f"{keyword_words(a.arguments[0])} (gained from an effect; not applied here)"
    return str(a)
