"""Shared fixtures: one Session for the run, the ruling cases of kb/rulings, a CLI runner."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
RULINGS_DIR = REPO / "kb" / "rulings"

# Names a scenario sentence may use in the parser-only golden tests.
SMALL_NAMES = ("Grizzly Bears", "Forest", "Snow-Covered Forest", "Glittering Frost",
               "Orvar, the All-Form", "Llanowar Elves")


def ruling_cases() -> list[tuple[str, int, str]]:
    """(file relative to the repo, line, title) of every ruling block in kb/rulings."""
    out = []
    for path in sorted(RULINGS_DIR.rglob("*.mtg")):
        text = path.read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), start=1):
            m = re.match(r'^ruling\s+"([^"]*)"', line)
            if m:
                out.append((path.relative_to(REPO).as_posix(), n, m.group(1)))
    return out


@pytest.fixture(scope="session")
def session():
    """One `Session` (card database + solver) for the whole test run."""
    from mtgkb.check import Session

    return Session()


@pytest.fixture(scope="session")
def kb_reports(session):
    """`check_paths` over every file of kb/rulings, once per run: {file: (report, errors)}."""
    from mtgkb.check import check_paths

    out = {}
    for path in sorted(RULINGS_DIR.rglob("*.mtg")):
        out[path.relative_to(REPO).as_posix()] = check_paths([str(path)], session=session)
    return out


@pytest.fixture
def cli(capsys):
    """Run `mtgkb.cli.main` in-process: returns (exit code, stdout, stderr)."""
    from mtgkb.cli import main

    def run(*argv: str) -> tuple[int, str, str]:
        try:
            rc = main(list(argv))
        except SystemExit as e:  # argparse usage errors
            rc = e.code
        out, err = capsys.readouterr()
        return rc, out, err

    return run


def run_mtgkb(*argv: str, cwd: str | os.PathLike | None = None, env: dict | None = None,
              timeout: float = 600) -> subprocess.CompletedProcess:
    """`python -m mtgkb.cli ...` in a fresh interpreter (cold start, real exit code)."""
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "mtgkb.cli", *argv], cwd=cwd, env=e,
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """Run the test with the temporary directory as the working directory."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
