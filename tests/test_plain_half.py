"""The table's two halves stay apart: ``py/ui/`` is plain Python, ``py/browser/`` is the browser.

The plain half (the commands, the table's model, what is kept, the words, what
the renderers compare) runs in CPython for the tests and goes into the Python
snapshot; it imports the standard library, the engine and itself, never ``js``,
``pyscript``, ``pyodide`` nor a module of the browser half. The browser half
holds only modules that need the browser, directly or through another of its
modules, so nothing plain hides there untested. Checked by parsing with ``ast``
(``test_engine_is_pure.imported_modules``), so a module that would not import in
CPython is checked too.
"""

from __future__ import annotations

import sys
from pathlib import Path

from test_engine_is_pure import BROWSER_ONLY, imported_modules

PY = Path(__file__).resolve().parent.parent / "py"


def modules(folder: str) -> list[Path]:
    return sorted(p for p in (PY / folder).rglob("*.py") if "__pycache__" not in p.parts)


def imports(path: Path) -> list[tuple[int, str]]:
    return imported_modules(path.read_text(encoding="utf-8"), str(path))


def test_both_halves_have_modules() -> None:
    plain = {p.relative_to(PY).as_posix() for p in modules("ui")}
    browser = {p.relative_to(PY).as_posix() for p in modules("browser")}
    assert {"ui/play.py", "ui/model/app.py", "ui/commands/table.py"} <= plain
    assert {"browser/page.py", "browser/botloop.py", "browser/render/table.py"} <= browser


def test_the_plain_half_never_imports_the_browser() -> None:
    allowed = (set(sys.stdlib_module_names) - BROWSER_ONLY) | {"rommi", "ui"}
    offenders = [
        f"{path.relative_to(PY)}:{line}: imports {name}"
        for path in modules("ui")
        for line, name in imports(path)
        if name.split(".")[0] not in allowed
    ]
    assert offenders == [], "py/ui/ is plain Python:\n" + "\n".join(offenders)


def test_every_module_of_the_browser_half_needs_the_browser() -> None:
    """Each module there imports ``js``/``pyscript``/``pyodide`` or another module of the half
    (package files, which only say what the folder holds, aside)."""
    plain = [
        str(path.relative_to(PY))
        for path in modules("browser")
        if path.name != "__init__.py"
        and not any(name.split(".")[0] in BROWSER_ONLY | {"browser"} for _, name in imports(path))
    ]
    assert plain == [], "plain modules belong in py/ui/: " + ", ".join(plain)
