"""The structure of the package (docs/architecture.md, "Checks of the structure"):
every module imports on its own and in any order, no module is over 600 lines, no
function imports a module of the package to hide a cycle (a lazy import that only
defers cost, e.g. one command's modules in the CLI, is fine when the module it names
does not import the importer back), and no private name is imported from another
module of the package."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# source folder -> the package it is installed as (pyproject.toml's package-dir)
PACKAGES = {"mtgkb": "mtgkb", "mtgkb/engine": "mtgkb.engine", "parser": "mtgkb.parser", "kb": "mtgkb.kb"}
MAX_LINES = 600


def _files() -> dict[str, Path]:
    """module name -> source file, for every module of the package."""
    out = {}
    for folder, package in PACKAGES.items():
        for path in sorted((ROOT / folder).glob("*.py")):
            out[package if path.stem == "__init__" else f"{package}.{path.stem}"] = path
    return out


FILES = _files()
MODULES = sorted(FILES)


def _relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _import(modules: list[str]) -> subprocess.CompletedProcess:
    code = "import importlib, sys\nfor m in sys.argv[1:]:\n    importlib.import_module(m)\n"
    return subprocess.run([sys.executable, "-c", code, *modules], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def _internal(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules of the package an import statement names (none for the standard
    library or third-party packages)."""
    if isinstance(node, ast.ImportFrom):
        if node.level > 0:
            return [("." * node.level) + (node.module or "")]
        return [node.module] if node.module and node.module.split(".")[0] == "mtgkb" else []
    return [a.name for a in node.names if a.name.split(".")[0] == "mtgkb"]


def _function_imports(tree: ast.AST):
    """Import statements of the package inside a function or lambda body."""
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)) and _internal(node):
                    yield fn, node


def test_every_source_file_is_a_module_here():
    assert "mtgkb" in MODULES and "mtgkb.parser" in MODULES and "mtgkb.parser.scenario" in MODULES


@pytest.mark.parametrize("module", MODULES)
def test_module_imports_on_its_own(module):
    r = _import([module])
    assert r.returncode == 0, f"`import {module}` in a fresh interpreter fails:\n{r.stderr[-2000:]}"


@pytest.mark.parametrize("order", ["forward", "reverse"])
def test_all_modules_import_in_order(order):
    modules = MODULES if order == "forward" else MODULES[::-1]
    r = _import(modules)
    assert r.returncode == 0, f"importing every module in {order} order fails:\n{r.stderr[-2000:]}"


def test_no_module_is_over_600_lines():
    long = {_relative(p): n for p in FILES.values() if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines (split them by subject): {long}"


def _absolute(module: str, name: str, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The modules of the package an import statement in `module` loads."""
    out = []
    for target in _internal(node):
        if target.startswith("."):
            level = len(target) - len(target.lstrip("."))
            base = module.split(".") if FILES[module].stem == "__init__" else module.split(".")[:-1]
            base = base[: len(base) - (level - 1)]
            target = ".".join(base + ([target.lstrip(".")] if target.lstrip(".") else []))
        subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in FILES] \
            if isinstance(node, ast.ImportFrom) else []
        if not (isinstance(node, ast.ImportFrom) and len(subs) == len(node.names)):
            out.append(target)  # `from package import name` (not only submodules) runs the package
        out += subs
    return [t for t in out if t in FILES]


def _top_level_graph() -> dict[str, set[str]]:
    graph = {}
    for module, path in FILES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        hidden = {id(node) for _, node in _function_imports(tree)}
        graph[module] = {t for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
                         and id(node) not in hidden for t in _absolute(module, "", node)}
    return graph


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    todo, seen = [start], set()
    while todo:
        m = todo.pop()
        if m == goal:
            return True
        if m not in seen:
            seen.add(m)
            todo += sorted(graph.get(m, ()))
    return False


def test_no_import_inside_a_function_hides_a_cycle():
    graph = _top_level_graph()
    found = []
    for module, path in FILES.items():
        for fn, node in _function_imports(ast.parse(path.read_text(encoding="utf-8"))):
            for target in _absolute(module, "", node):
                if _reaches(graph, target, module):
                    where = getattr(fn, "name", "<lambda>")
                    found.append(f"{_relative(path)}:{node.lineno} in {where}(): {target} imports {module} back")
    assert not found, "imports inside functions that hide an import cycle:\n" + "\n".join(found)


def test_no_private_name_is_imported_from_another_module():
    found = []
    for path in FILES.values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and _internal(node):
                private = [a.name for a in node.names if a.name.startswith("_") and not a.name.endswith("__")]
                if private:
                    found.append(f"{_relative(path)}:{node.lineno}: {', '.join(private)} from "
                                 f"{_internal(node)[0]}")
    assert not found, "private names imported across modules (make them public or move them):\n" + "\n".join(found)


def test_the_checks_see_what_they_look_for():
    """The AST checks find a function-level import and a private name when there is one."""
    tree = ast.parse("import os\n"
                     "from .facts import _x, __version__\n"
                     "def f():\n    import json\n    from . import mana\n    from mtgkb.parser import oracle\n"
                     "g = lambda: __import__('os')\n")
    found = [(getattr(fn, "name", "<lambda>"), _internal(node)) for fn, node in _function_imports(tree)]
    assert found == [("f", ["."]), ("f", ["mtgkb.parser"])]
    imp = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)][0]
    assert _internal(imp) == [".facts"] and [a.name for a in imp.names][0] == "_x"
