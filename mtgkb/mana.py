"""Mana: the Oracle grammar's mana terms and the scenario's mana sentences as the facts
rules.lp reads (`mana_abilities`), and payment questions answered by their own solves
(`mana_pay`).  The main solve reads the answers as facts (`pay_result/2`,
`pay_count/2`, `pay_snow_max/2`, `pay_unsettled/2`).  `mtgkb pay` is `mtgkb.pay`.
"""

from __future__ import annotations

import clingo
from clingo import Symbol

from mtgkb.parser.card_ast import CardFace

from .mana_abilities import COLORS, MANA_SENTENCES, TYPES, ability_mana_facts, face_mana_facts, sentence_facts
from .mana_pay import (DEFAULT_LIMIT, DEFAULT_TIMEOUT, PAY_QUERIES, PayOutcome, answer_requests, kind_text,
                       parse_cost, request_facts, solve_request, stage_one, symbol_text)

__all__ = ["COLORS", "DEFAULT_LIMIT", "DEFAULT_TIMEOUT", "MANA_SENTENCES", "PAY_QUERIES", "TYPES", "PayOutcome",
           "ability_mana_facts", "answer_requests", "block_facts", "face_mana_facts", "kind_text", "parse_cost",
           "request_facts", "sentence_facts", "solve_request", "stage_one", "symbol_text"]


def block_facts(facts: list[Symbol], faces: dict[str, CardFace]) -> list[Symbol]:
    """What encode_block adds for mana: normalised mana abilities, then the answers of
    the block's payment questions (which need every other fact)."""
    out = face_mana_facts(faces)
    asked = sorted({f.arguments[1].arguments[0] for f in facts if f.name == "claim"
                    and f.arguments[1].type == clingo.SymbolType.Function and f.arguments[1].name in PAY_QUERIES},
                   key=str)
    if asked:
        out += answer_requests(facts + out)
        for R in asked:
            out += request_facts(R)
    return out
