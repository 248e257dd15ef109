"""The documents the code and the README point to are in the repository, and say what the code does.

``docs/protocol.md`` is the engine's public face: its tables of actions, view keys and history
events are checked against the engine, so the page cannot drift from it. Every path a document
names must exist, so a file that moves takes its mentions with it.
"""

from __future__ import annotations

import re
from pathlib import Path

from rommi import Game
from rommi.names import ActionType

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = ROOT / "docs" / "protocol.md"
DOCS = ("docs/protocol.md", "docs/ui.md")
EVERY_DOC = sorted({"README.md", *(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))})


def section(text: str, title: str) -> str:
    """The text under the heading ``## title``, up to the next heading of that level."""
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def first_column(table: str) -> str:
    """The first cells of a Markdown table's rows, one after another."""
    return "\n".join(line.split("|")[1] for line in table.splitlines() if line.startswith("| "))


def test_the_readme_links_the_documents_and_they_are_there() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for doc in DOCS:
        assert f"`{doc}`" in readme, f"the README does not point to {doc}"
        assert (ROOT / doc).is_file(), doc


def test_nothing_cites_a_protocol_note_outside_the_repository() -> None:
    """The engine's public face is ``docs/protocol.md``; the old note outside the repository is gone."""
    outside = "PROTOCOL" + ".md"  # spelt apart, so this file does not cite it either
    sources = [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    for folder in ("py", "tests", "tools"):
        sources += (ROOT / folder).rglob("*.py")
    citing = [p.relative_to(ROOT).as_posix() for p in sources if outside in p.read_text(encoding="utf-8")]
    assert citing == [], f"cite {outside} (not in the repository) instead of docs/protocol.md"


def test_the_protocol_page_names_every_key_of_the_view_and_no_other() -> None:
    text = PROTOCOL.read_text(encoding="utf-8")
    documented = set(re.findall(r"`([a-z_]+)`", first_column(section(text, "The view"))))
    for game in (Game.new("contract", players=3, seed=1), Game.new("basic", players=2, seed=1)):
        assert documented == set(game.view(0)), "docs/protocol.md's view table and Game.view differ"


def test_the_protocol_page_names_every_action_and_every_history_event() -> None:
    text = PROTOCOL.read_text(encoding="utf-8")
    actions = set(re.findall(r'"type": "([a-z_]+)"', section(text, "Actions")))
    assert actions == {str(t) for t in ActionType}
    engine = (ROOT / "py" / "rommi" / "game.py").read_text(encoding="utf-8")
    # What the engine logs: each deal's first event (``history = [...]``), then every append.
    logged = set(re.findall(r'history(?:\.append\(|\s*=\s*\[)\s*\{\s*"type": "([a-z_]+)"', engine))
    events = set(re.findall(r'\{"type": "([a-z_]+)"', first_column(section(text, "The history"))))
    assert logged and events == logged, (
        f"docs/protocol.md's history table and the engine differ: {events ^ logged}"
    )


def test_every_path_a_document_names_is_there() -> None:
    """A path in backticks (``py/browser/page.py``, ``tools/build/build.py``, ``js/boot.mjs``) names a file
    or folder of the repository."""
    pattern = re.compile(r"`((?:py|tools|tests|js|boot|docs|css)/[\w./-]*)`")
    built = {"py/modules.tar"}  # made by the build, in the site only
    missing = []
    for doc in EVERY_DOC:
        for path in pattern.findall((ROOT / doc).read_text(encoding="utf-8")):
            if path not in built and not (ROOT / path.rstrip("/")).exists():
                missing.append(f"{doc}: {path}")
    assert missing == []


def test_every_module_a_document_names_is_there() -> None:
    """A module named in backticks (``ui.play``, ``browser.page.run``, ``rommi.actions``) is a module or
    package of ``py/``: a module that moves or is renamed takes its mentions with it."""
    pattern = re.compile(r"`((?:ui|rommi)\.[a-z_]+)([\w.]*)(?:\(\))?`")
    missing = []
    for doc in EVERY_DOC:
        for name, rest in pattern.findall((ROOT / doc).read_text(encoding="utf-8")):
            if re.fullmatch(r"\.v\d+", rest):  # a storage key (``rommi.save.v1``), not a module
                continue
            path = ROOT / "py" / name.replace(".", "/")
            if not (path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()):
                missing.append(f"{doc}: {name}")
    assert missing == []
