"""The built wheel works on its own: build it from a copy of the
source tree, install it into a fresh virtual environment, and run `mtgkb check`
from a directory outside the repository.  Not marked slow: it runs by default."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from conftest import REPO

IGNORE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
                                ".hypothesis", "tests", "bench")


def _run(cmd, **kw) -> subprocess.CompletedProcess:
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, **kw)
    assert p.returncode == 0 or kw.get("check") is False, f"{cmd}\n{p.stdout}\n{p.stderr}"
    return p


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    shutil.copytree(REPO, src, ignore=IGNORE)   # the symlink mtgkb/rules.lp is copied as a file
    out = tmp / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(out), str(src)])
    (whl,) = out.glob("mtgkb-*.whl")
    return whl


@pytest.fixture(scope="module")
def venv(tmp_path_factory, wheel) -> Path:
    """A venv that gets mtgkb only from the wheel and its dependencies (clingo, lark)
    from the environment running the tests, to save a download.

    The test environment is itself usually a venv (CI's .venv), whose packages a
    `--system-site-packages` venv would not see: every site-packages directory on the
    test interpreter's path is added with a .pth file instead.  .pth files found there are not run, so the
    editable install of mtgkb in the test environment stays invisible."""
    v = tmp_path_factory.mktemp("venv") / "v"
    _run([sys.executable, "-m", "venv", str(v)])
    py = v / "bin" / "python"
    site = _run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip()
    parent = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    parent |= {p for p in sys.path if p.rstrip("/").endswith(("site-packages", "dist-packages"))}
    (Path(site) / "zz_test_environment.pth").write_text("\n".join(sorted(parent)) + "\n", encoding="utf-8")
    _run([str(py), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)])
    return v


def test_wheel_has_no_top_level_parser_or_kb(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert tops == {"mtgkb", wheel.name.split("-py3")[0] + ".dist-info"}, tops
    assert "mtgkb/rules.lp" in names
    assert "mtgkb/parser/scenario.lark" in names and "mtgkb/parser/oracle.lark" in names
    assert "mtgkb/kb/oracle-cards-2022-04.jsonl.gz" in names
    assert any(n.startswith("mtgkb/kb/rulings/") and n.endswith(".mtg") for n in names)
    assert any(n.startswith("mtgkb/kb/reference/") for n in names)
    top_level = [n for n in names if n.endswith("top_level.txt")]
    for t in top_level:
        assert zipfile.ZipFile(wheel).read(t).decode().split() == ["mtgkb"]


def test_wheel_rules_lp_is_the_repository_rules_lp(wheel):
    assert zipfile.ZipFile(wheel).read("mtgkb/rules.lp") == (REPO / "rules.lp").read_bytes()


def test_mtgkb_check_from_the_wheel_outside_the_repository(venv, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    py = str(venv / "bin" / "python")
    probe = _run([py, "-c", "import importlib.util as u, mtgkb, mtgkb.parser; "
                  "print(mtgkb.__file__); print(mtgkb.parser.__file__); "
                  "print(u.find_spec('parser')); print(u.find_spec('kb'))"], cwd=outside, env=env)
    mt, mp, parser_spec, kb_spec = probe.stdout.split("\n")[:4]
    site = str(venv)
    assert mt.startswith(site) and "site-packages" in mt, mt
    assert mp.startswith(site), mp
    assert not mt.startswith(str(REPO)) and not mp.startswith(str(REPO))
    assert parser_spec == "None" and kb_spec == "None"

    # the embedded rulings about paying (payments, the card database, the Oracle grammar,
    # several files); every embedded ruling is checked in the repository (test_check_output)
    # and the wheel ships the same files (test_wheel_ships_every_embedded_ruling)
    p = subprocess.run([str(venv / "bin" / "mtgkb"), "check", "--format", "json", "-k", "pay"], cwd=outside,
                       env=env, capture_output=True, text=True, timeout=900)
    assert "Traceback" not in p.stderr
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert doc["schema"] == "mtgkb.check/1"
    assert doc["summary"]["passed"] == doc["summary"]["rulings"] >= 5, doc["summary"]
    assert all(r["file"].startswith("kb/rulings/") for r in doc["results"])
    assert len({r["file"] for r in doc["results"]}) >= 2
    assert not (outside / "PWNED").exists() and list(outside.iterdir()) == []   # nothing written


def test_wheel_ships_every_embedded_ruling(wheel):
    z = zipfile.ZipFile(wheel)
    shipped = {n[len("mtgkb/kb/rulings/"):]: z.read(n) for n in z.namelist()
               if n.startswith("mtgkb/kb/rulings/") and n.endswith(".mtg")}
    repo = {p.relative_to(REPO / "kb" / "rulings").as_posix(): p.read_bytes()
            for p in (REPO / "kb" / "rulings").rglob("*.mtg")}
    assert shipped == repo


def test_version_from_the_wheel(venv, tmp_path):
    p = _run([str(venv / "bin" / "mtgkb"), "--version"], cwd=tmp_path)
    assert p.stdout.strip().startswith("mtgkb ")


def test_wheel_ships_the_schemas_and_registers_the_pytest_plugin(wheel):
    z = zipfile.ZipFile(wheel)
    names = z.namelist()
    for f in ("check-1.json", "ask-1.json", "show-1.json", "pay-1.json", "parse-1.json", "coverage-1.json"):
        assert f"mtgkb/schemas/{f}" in names, f
    assert "mtgkb/pytest_plugin.py" in names and "mtgkb/junit.py" in names
    (ep,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    text = z.read(ep).decode()
    assert "[pytest11]\nmtgkb = mtgkb.pytest_plugin" in text, text
