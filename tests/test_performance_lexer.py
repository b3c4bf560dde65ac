"""The Oracle lexer's phrase index gives exactly the tokens of the algorithm it
replaced (every phrase tried at every token whose word starts a phrase).

The reference is that algorithm, frozen once in bench/parse_db.py (which times the
two side by side): any later change of the index is compared with the same thing.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import random
from functools import lru_cache
from pathlib import Path

import pytest

from mtgkb import paths
from mtgkb.parser import oracle_lexer
from mtgkb.parser.oracle import normalise
from mtgkb.parser.oracle_lexer import PHRASES, Tok, tokenize

_BENCH = Path(__file__).resolve().parent.parent / "bench" / "parse_db.py"
_spec = importlib.util.spec_from_file_location("mtgkb_bench_parse_db", _BENCH)
_parse_db = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_parse_db)
# the old `_merge_phrases` (before the index by first word), kept once, in the bench
reference_merge_phrases = _parse_db.reference_merge_phrases


SAMPLE_EVERY = 7  # every 7th record of the database: 3,364 of 23,544, a fixed sample


@lru_cache(maxsize=1)
def _sample_lines() -> tuple[str, ...]:
    """Normalised Oracle lines of a fixed sample of database cards, in file order."""
    out = []
    with gzip.open(paths.card_database(), "rt", encoding="utf-8") as fh:
        for n, line in enumerate(fh):
            if n % SAMPLE_EVERY:
                continue
            d = json.loads(line)
            name = d.get("face_name") or d["name"]
            for raw in (d.get("oracle_text") or "").splitlines():
                if raw.strip():
                    out.append(normalise(raw.strip(), name, tuple(d.get("supertypes") or ())))
    return tuple(out)


def test_sample_is_large_and_uses_phrases():
    lines = _sample_lines()
    assert len(lines) > 5000
    merged = sum(1 for text in lines for t in tokenize(text) if t.kind == "lit" and "_" in t.value)
    assert merged > 1000  # the sample exercises the merging, not only plain words


def test_database_sample_tokens_identical_to_reference(monkeypatch):
    lines = _sample_lines()
    new = [tokenize(text) for text in lines]
    monkeypatch.setattr(oracle_lexer, "_merge_phrases", reference_merge_phrases)
    old = [tokenize(text) for text in lines]
    assert len(new) == len(old)
    for text, a, b in zip(lines, new, old):
        assert a == b, text


_WORDS = sorted({w for p in PHRASES for w in p} | {"an", "x", "creature", ",", "."})
_KINDS = ("lit", "lit", "lit", "lit", "SUBTYPE", "NUM", "QUOTED")


@pytest.mark.parametrize("seed", range(20))
def test_random_token_sequences_identical_to_reference(seed):
    """Sequences made of phrase words (and "an", and phrase words under other kinds):
    prefixes of phrases, overlapping phrases and phrases cut by the end of the line."""
    rng = random.Random(seed)
    for _ in range(300):
        toks = []
        while len(toks) < rng.randint(0, 14):
            if rng.random() < 0.4:  # a whole phrase, maybe with "an" for "a", maybe cut short
                p = list(rng.choice(PHRASES))
                p = ["an" if w == "a" and rng.random() < 0.5 else w for w in p]
                p = p[: rng.randint(1, len(p))]
                toks += [Tok("lit", w, len(toks) + 1) for w in p]
            else:
                toks.append(Tok(rng.choice(_KINDS), rng.choice(_WORDS), len(toks) + 1))
        assert oracle_lexer._merge_phrases(toks) == reference_merge_phrases(toks), toks


# ---- `_contextual`'s shortcut: a token no rule tests is kept without trying the rules ----

class _Everything:
    """A set that holds every word and kind: with it, `_contextual` tries every rule on
    every token (no shortcut), as it did before CONTEXT_WORDS."""

    def __contains__(self, item) -> bool:
        return True


def _contextual_without_shortcut(monkeypatch, toks):
    with monkeypatch.context() as m:
        m.setattr(oracle_lexer, "CONTEXT_WORDS", _Everything())
        m.setattr(oracle_lexer, "CONTEXT_KINDS", _Everything())
        return oracle_lexer._contextual(list(toks))


def test_contextual_shortcut_names_every_word_its_rules_test():
    """Every literal a rule of `_contextual` compares the current token's value with is in
    CONTEXT_WORDS (a rule added for a new word must add the word, or the shortcut skips it)."""
    import inspect
    import re

    src = inspect.getsource(oracle_lexer._contextual)
    tested = set(re.findall(r'\bt\.value == "([^"]*)"', src))
    for group in re.findall(r'\bt\.value in \(([^)]*)\)', src):
        tested |= set(re.findall(r'"([^"]*)"', group))
    for name in re.findall(r'\bt\.value in ([A-Z_]+)\b', src):
        if name != "KEYWORD_STARTS":   # only in the rule for a word before "counter", always tried
            tested |= set(getattr(oracle_lexer, name))
    assert tested, "the rules were not found in the source"
    assert tested <= oracle_lexer.CONTEXT_WORDS, sorted(tested - oracle_lexer.CONTEXT_WORDS)
    kinds = set(re.findall(r'\bt\.kind == "([^"]*)"', src))
    assert kinds <= oracle_lexer.CONTEXT_KINDS | {"NON"}, sorted(kinds - oracle_lexer.CONTEXT_KINDS)


def test_contextual_shortcut_same_tokens_on_database_sample(monkeypatch):
    lines = _sample_lines()
    raw = [oracle_lexer._delayed_triggers(oracle_lexer._merge_phrases(
        [t for t in tokenize(text)])) for text in lines[:1500]]
    for text, toks in zip(lines, raw):
        assert oracle_lexer._contextual(list(toks)) == _contextual_without_shortcut(monkeypatch, toks), text


_CONTEXT_SAMPLE_WORDS = sorted(oracle_lexer.CONTEXT_WORDS | {"counter", "card_name", "then", "a", "create",
                                                             "share", "can't", "do", "from", "draw", "it"})


@pytest.mark.parametrize("seed", range(10))
def test_contextual_shortcut_same_tokens_on_random_sequences(monkeypatch, seed):
    rng = random.Random(seed)
    kinds = ("lit", "lit", "lit", "SUBTYPE", "NUM", "NON", "QUOTED")
    for _ in range(200):
        toks = [Tok(rng.choice(kinds), rng.choice(_CONTEXT_SAMPLE_WORDS), j + 1, rng.choice(("", "Word", "x")))
                for j in range(rng.randint(0, 12))]
        assert oracle_lexer._contextual(list(toks)) == _contextual_without_shortcut(monkeypatch, toks), toks
