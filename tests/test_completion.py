"""`mtgkb completion bash|zsh|fish`: a completion script built from the command line's own
parser, so every subcommand and option is offered (checked by running the bash one)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from conftest import run_main_captured
from mtgkb.cli import build_parser
from mtgkb.completion import commands

BASH = shutil.which("bash")


def _complete(script: str, words: list[str]) -> list[str]:
    words_sh = " ".join(f"'{w}'" for w in words)
    prog = script + f"\nCOMP_WORDS=({words_sh}); COMP_CWORD={len(words) - 1}; _mtgkb; printf '%s\\n' \"${{COMPREPLY[@]}}\"\n"
    return subprocess.run([BASH, "-c", prog], capture_output=True, text=True, check=True).stdout.split()


def test_every_subcommand_and_option_is_known():
    cmds = commands(build_parser())
    assert {"check", "ask", "why", "show", "pay", "parse", "coverage", "rule", "cards", "completion"} <= set(cmds)
    assert {"-k", "-x", "--cited", "--baseline", "--memory", "--jobs"} <= set(cmds["check"])
    assert "--layers" in cmds["show"] and "--ruling" in cmds["why"]


@pytest.mark.skipif(BASH is None, reason="no bash")
def test_bash_script_completes_commands_and_options():
    rc, script, _ = run_main_captured(["completion", "bash"])
    assert rc == 0
    assert subprocess.run([BASH, "-n"], input=script, text=True).returncode == 0
    assert _complete(script, ["mtgkb", "ch"]) == ["check"]
    assert _complete(script, ["mtgkb", "check", "--ba"]) == ["--baseline"]
    assert set(_complete(script, ["mtgkb", "show", "--"])) >= {"--layers", "--ruling", "--format", "--json"}


@pytest.mark.parametrize("shell, head", [("zsh", "#compdef mtgkb"), ("fish", "# mtgkb completion for fish")])
def test_zsh_and_fish(shell, head):
    rc, out, _ = run_main_captured(["completion", shell])
    assert rc == 0 and out.startswith(head)
    assert "check" in out and "baseline" in out
