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
    """Each control names a member of ``ui.commands.acts.Act``: every ``button(...)`` of the
    table's Python passes an ``Act.X`` (a string there would name no command), and every
    ``data-act`` written out in the page or in Python is the value of a member."""
    import re

    from ui.commands.acts import Act

    values = {act.value for act in Act}
    sources = [PY / "main.py", *sorted((PY / "ui").rglob("*.py")), *sorted((PY / "browser").rglob("*.py"))]
    calls: list[str] = []  # where each button(...) is, for the message
    named: set[str] = set()  # the Act members the buttons name
    wrong: list[str] = []
    for path in sources:
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(PY)
        for node in ast.walk(ast.parse(text)):
            if not (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "button"
            ):
                continue
            calls.append(f"{where}:{node.lineno}")
            act = (
                node.args[1]
                if len(node.args) > 1
                else next((k.value for k in node.keywords if k.arg == "act"), None)
            )
            if isinstance(act, ast.Attribute) and isinstance(act.value, ast.Name) and act.value.id == "Act":
                named.add(act.attr)
            else:
                wrong.append(f"{where}:{node.lineno} {ast.unparse(act) if act else 'no act'}")
        written = re.findall(r'data-act="([a-z-]+)"', text) + re.findall(r'"data-act": "([a-z-]+)"', text)
        wrong += [f"{where}: data-act={value!r}" for value in written if value not in values]
    page = (PY.parent / "index.html").read_text(encoding="utf-8")
    in_page = set(re.findall(r'data-act="([a-z-]+)"', page))
    # Not vacuous: the renderers draw about sixty buttons, the page's own markup a few more.
    assert len(calls) >= 50 and in_page, (
        f"too few controls found ({len(calls)}, {in_page}): the test no longer sees the code"
    )
    assert len(calls) == sum(len(re.findall(r"(?<!def )\bbutton\(", _text(path))) for path in sources), (
        "a button( the test did not read as a call of button (by another name, or in a comment)"
    )
    wrong += [f"index.html: data-act={value!r}" for value in sorted(in_page - values)]
    wrong += [f"Act.{name}" for name in sorted(named - set(Act.__members__))]
    assert not wrong, "controls with no command:\n" + "\n".join(wrong)


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _is_phase(node: ast.expr) -> bool:
    """``v["phase"]``, ``phase``, ``screen.phase``, ``game.phase()``: an expression naming the phase."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "phase"
    if isinstance(node, ast.Name):
        return "phase" in node.id
    return isinstance(node, ast.Attribute) and "phase" in node.attr


def test_the_table_compares_the_phase_with_phase_members() -> None:
    """The table compares the phase with ``rommi.game.Phase`` members, never with its strings
    (``v["phase"] == "draw"`` works, as a ``Phase`` is a ``StrEnum``, but names no member: a
    renamed phase would go unnoticed)."""
    from rommi.game import Phase

    strings = {phase.value for phase in Phase}
    compared = 0
    wrong = []
    for path in [PY / "main.py", *sorted((PY / "ui").rglob("*.py")), *sorted((PY / "browser").rglob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            if not any(_is_phase(side) for side in sides):
                continue
            compared += 1
            values = [
                v
                for side in sides
                for v in (side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side])
            ]
            if any(isinstance(v, ast.Constant) and v.value in strings for v in values):
                wrong.append(f"{path.relative_to(PY)}:{node.lineno} {ast.unparse(node)}")
    assert compared >= 20, f"only {compared} comparisons of the phase found: the test no longer sees the code"
    assert not wrong, "the phase compared with a string:\n" + "\n".join(wrong)
