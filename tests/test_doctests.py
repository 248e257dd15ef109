"""The examples in the docstrings run and say what they show.

Every module of the engine, and every module of the table that runs without a
browser (all but those importing ``js`` or ``pyscript``), is run through
``doctest``; a module whose examples fail, or an example that was written but
never runs, fails here.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parent.parent / "py"
BROWSER_ONLY = ("from js", "import js", "pyscript")


def _modules() -> list[str]:
    names = []
    for path in sorted((PY / "rommi").rglob("*.py")) + sorted((PY / "ui").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if any(marker in text for marker in BROWSER_ONLY):
            continue
        parts = path.relative_to(PY).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


MODULES = _modules()


def test_the_browser_free_modules_are_found() -> None:
    assert "rommi.game" in MODULES and "ui.model.laydown" in MODULES
    assert "browser.dom" not in MODULES and "browser.render.screens" not in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"
