"""The table's code stays in small pieces: ``py/main.py`` is wiring, and no function of the
table is longer than a screen (60 lines), so each does one thing a reader can hold at once."""

from __future__ import annotations

import ast
from pathlib import Path

PY = Path(__file__).resolve().parent.parent / "py"
LONGEST = 60


def test_main_is_wiring() -> None:
    lines = (PY / "main.py").read_text(encoding="utf-8").count("\n")
    assert lines < 200, f"py/main.py has {lines} lines: move logic into ui.commands.table or a ui module"


def test_no_function_of_the_table_is_over_a_screen_long() -> None:
    long = []
    for path in sorted((PY / "ui").rglob("*.py")) + sorted((PY / "browser").rglob("*.py")) + [PY / "main.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > LONGEST:
                    long.append(f"{path.relative_to(PY)}:{node.lineno} {node.name} ({length} lines)")
    assert not long, "functions over 60 lines:\n" + "\n".join(long)


def test_every_control_in_the_page_is_a_command() -> None:
    """Each ``data-act`` written in the page or the renderer names a member of ``ui.commands.table.Act``."""
    import re

    from ui.commands.table import Act

    sources = [PY.parent / "index.html", *sorted((PY / "browser" / "render").glob("*.py"))]
    found: set[str] = set()
    for path in sources:
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'data-act="([a-z-]+)"', text))
        found |= set(re.findall(r'"data-act": "([a-z-]+)"', text))
        found |= set(re.findall(r'button\([^()]*?,\s*"([a-z][a-z-]*)"', text))
    assert found, "no controls found: the pattern no longer matches the code"
    assert found <= {a.value for a in Act}, f"controls with no command: {sorted(found - set(Act))}"
