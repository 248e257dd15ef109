"""The engine (``py/rommi/``, every subpackage included) never touches the browser.

Only the UI (``py/main.py``, ``py/ui/``) may import ``pyscript`` or ``js``; the
engine runs unchanged under CPython, in tests, in benchmarks and in Pyodide.
Checked by parsing every module with ``ast``, so a module that would fail to
import in CPython is checked too.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "py" / "rommi"
BROWSER_ONLY = frozenset({"js", "pyscript", "pyodide", "_pyscript"})
DYNAMIC_IMPORTERS = frozenset({"__import__", "import_module"})


def imported_modules(source: str, filename: str = "<string>") -> list[tuple[int, str]]:
    """Every absolute module name ``source`` imports, with its line number.

    Covers ``import a.b``, ``from a.b import c`` (relative imports stay inside the
    package and are skipped) and ``__import__("a")`` / ``importlib.import_module("a")``
    with a literal name.
    """
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            first = node.args[0]
            if name in DYNAMIC_IMPORTERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append((node.lineno, first.value))
    return found


def engine_modules() -> list[Path]:
    return sorted(p for p in ENGINE.rglob("*.py") if "__pycache__" not in p.parts)


def test_the_engine_has_modules_to_check() -> None:
    names = {p.relative_to(ENGINE).as_posix() for p in engine_modules()}
    assert {"__init__.py", "cards.py"} <= names


@pytest.mark.parametrize(
    ("source", "module"),
    [
        ("import js", "js"),
        ("import pyscript.web as web", "pyscript.web"),
        ("from pyscript import when", "pyscript"),
        ("from js import document", "js"),
        ("def f():\n    from pyodide.ffi import create_proxy", "pyodide.ffi"),
        ("import importlib\nimportlib.import_module('js')", "js"),
        ("__import__('pyscript')", "pyscript"),
    ],
)
def test_the_check_sees_every_way_to_import(source: str, module: str) -> None:
    assert module in [name for _, name in imported_modules(source)]


def test_relative_imports_are_not_mistaken_for_browser_modules() -> None:
    assert imported_modules("from . import js\nfrom .pyscript import x") == []


def test_no_engine_module_imports_the_browser() -> None:
    offenders = [
        f"{path.relative_to(ENGINE.parent)}:{line}: imports {name}"
        for path in engine_modules()
        for line, name in imported_modules(path.read_text(encoding="utf-8"), str(path))
        if name.split(".")[0] in BROWSER_ONLY
    ]
    assert offenders == [], "the engine must not import pyscript/js:\n" + "\n".join(offenders)


def test_the_engine_uses_the_standard_library_only() -> None:
    allowed = set(sys.stdlib_module_names) - BROWSER_ONLY | {"rommi"}
    offenders = [
        f"{path.relative_to(ENGINE.parent)}:{line}: imports {name}"
        for path in engine_modules()
        for line, name in imported_modules(path.read_text(encoding="utf-8"), str(path))
        if name.split(".")[0] not in allowed
    ]
    assert offenders == [], "the engine must use the standard library only:\n" + "\n".join(offenders)
