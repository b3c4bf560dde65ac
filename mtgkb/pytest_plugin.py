"""A pytest plugin: ruling files (`*.mtg`) collected as tests, one test per ruling,
named by its title (docs/pytest.md).

It is registered with pytest (entry point `pytest11`) wherever mtgkb is installed, and
does nothing unless asked: `.mtg` files are collected only with `--mtgkb` on the command
line or an `mtgkb_paths` ini option (glob patterns, relative to the rootdir, of the files
to collect).  Loading the plugin imports nothing but pytest; the knowledge base is
built at the first ruling run.

A ruling whose claims all hold passes; one with a claim that fails fails, and the report
lists each claim that does not hold with its explanation; an undetermined ruling is
skipped with the reason (failed under `--mtgkb-strict` or `mtgkb_strict = true`); a
ruling that cannot be checked (an impossible scenario) fails; a file that cannot be
parsed is a collection error at its file, line and column.
"""

from __future__ import annotations

import fnmatch
from pathlib import Path

import pytest

_KB = pytest.StashKey[object]()


def _seconds(text: str) -> float:
    import argparse
    import math

    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(v) or v <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a time limit: give seconds, more than 0")
    return v


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtgkb", "mtgkb ruling files")
    group.addoption("--mtgkb", action="store_true", default=False,
                    help="collect .mtg ruling files as tests (one test per ruling)")
    group.addoption("--mtgkb-strict", action="store_true", default=False,
                    help="an undetermined ruling fails instead of being skipped")
    group.addoption("--mtgkb-timeout", type=_seconds, default=None, metavar="SECONDS",
                    help="time limit per solve (default 10)")
    parser.addini("mtgkb_paths", type="linelist", default=[],
                  help="glob patterns (relative to the rootdir) of .mtg files to collect; setting it turns collection on")
    parser.addini("mtgkb_strict", type="bool", default=False, help="an undetermined ruling fails")


def _patterns(config: pytest.Config) -> list[str] | None:
    """The glob patterns a .mtg file must match, [] for every .mtg file, None: collection off."""
    pats = [p for p in config.getini("mtgkb_paths") if p.strip()]
    if pats:
        return pats
    return [] if config.getoption("mtgkb") else None


def _matches(config: pytest.Config, path: Path, patterns: list[str]) -> bool:
    if not patterns:
        return True
    try:
        rel = path.relative_to(config.rootpath).as_posix()
    except ValueError:
        rel = path.as_posix()
    return any(fnmatch.fnmatchcase(rel, p) or fnmatch.fnmatchcase(path.as_posix(), p) for p in patterns)


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if file_path.suffix != ".mtg":
        return None
    patterns = _patterns(parent.config)
    if patterns is None or not _matches(parent.config, file_path, patterns):
        return None
    return RulingFile.from_parent(parent, path=file_path)


def _knowledge_base(config: pytest.Config):
    """One knowledge base per pytest run, built at first use."""
    kb = config.stash.get(_KB, None)
    if kb is None:
        from .api import KnowledgeBase

        timeout = config.getoption("mtgkb_timeout")
        kb = KnowledgeBase() if timeout is None else KnowledgeBase(timeout=timeout)
        config.stash[_KB] = kb
    return kb


class RulingFile(pytest.File):
    """A .mtg file: one item per ruling block."""

    def collect(self):
        from .check import checked_blocks, display_name
        from mtgkb.parser.errors import ParseError

        kb = _knowledge_base(self.config)
        try:
            sf = kb.session.load(str(self.path), display=display_name(str(self.path)))
        except ParseError as e:
            raise self.CollectError(str(e)) from None
        if sf.errors:   # like a Python file that does not compile: the file is one collection error
            raise self.CollectError("\n".join(str(e) for e in sf.errors))
        seen: set[str] = set()
        for i in checked_blocks(sf):   # every ruling, and every scenario with an expect: part
            block = sf.blocks[i]
            name = block.title if block.title not in seen else f"{block.title} (line {block.pos.line})"
            seen.add(name)
            yield RulingItem.from_parent(self, name=name, scenario=sf, index=i)


class RulingNotHeld(Exception):
    """A ruling failed: its result, for the report."""

    def __init__(self, result, why: str) -> None:
        super().__init__(why)
        self.result = result
        self.why = why


class RulingItem(pytest.Item):
    """One ruling block of a .mtg file."""

    def __init__(self, *, scenario, index: int, **kw) -> None:
        super().__init__(**kw)
        self.scenario = scenario
        self.index = index
        self.block = scenario.blocks[index]
        if self.block.about:
            self.user_properties.append(("about", self.block.about))
        if self.block.cites:
            self.user_properties.append(("cites", ", ".join(self.block.cites)))

    def runtest(self) -> None:
        from .check import check_block

        kb = _knowledge_base(self.config)
        rr, err = check_block(kb.session, self.scenario, self.block, kb._explain_failures)
        if err is not None:
            raise RulingNotHeld(None, str(err))
        strict = self.config.getoption("mtgkb_strict") or self.config.getini("mtgkb_strict")
        status = rr.status
        if status == "passed":
            return
        if status == "undetermined" and not strict:
            c = next(c for c in rr.claims if c.verdict == "undetermined")
            skip = pytest.skip.Exception(f"undetermined: line {c.line}: {c.text}"
                                         + (f" ({c.message})" if c.message else ""))
            skip._use_item_location = True   # reported at the ruling (reportinfo), not here
            raise skip
        why = {"failed": "a claim does not hold", "undetermined": "undetermined (--mtgkb-strict)",
               "error": rr.error or "the ruling could not be checked"}[status]
        raise RulingNotHeld(rr, why)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, RulingNotHeld):
            e = excinfo.value
            lines = [f"{self.path.name}:{self.block.pos.line}: ruling \"{self.block.title}\": {e.why}"]
            if e.result is not None:
                for c in e.result.claims:
                    if c.verdict == "holds":
                        continue
                    lines.append(f"  {c.verdict:<12} line {c.line}: {c.text}" + (f"  ({c.message})" if c.message else ""))
                    lines += [f"      {x}" for x in c.explanation]
            return "\n".join(lines)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, self.block.pos.line - 1, f"ruling: {self.block.title}"
