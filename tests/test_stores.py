"""The one table of stores (``ui.records.stores``), the one versioned-record reader and the one error
for refused outside data: each is written once, and everything else asks it."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rommi.errors import Refused
from rommi.replay import ReplayError
from ui.records import daily, stats, stores
from ui.records.bundle import PARTS, import_bundle
from ui.records.links import LinkError
from ui.records.stored import Read, read_versioned

ROOT = Path(__file__).resolve().parent.parent
KEY = re.compile(r"""["'`]rommi\.[a-z]+\.v[0-9]+""")


def test_every_store_has_its_own_name_and_key_and_the_key_names_its_version() -> None:
    names = [s.name for s in stores.ALL]
    keys = [s.key for s in stores.ALL]
    assert len(set(names)) == len(names) and len(set(keys)) == len(keys)
    assert all(s.key.endswith(f".v{s.version}") for s in stores.ALL)
    assert {s.key: s for s in stores.ALL} == stores.BY_KEY
    assert {s.name: s.key for s in stores.KEPT} == PARTS  # the export file names the same records
    assert all(s.read is not None and s.write is not None for s in stores.KEPT)


def test_no_python_module_spells_a_storage_key_but_the_table() -> None:
    """Neither the page's Python, nor the build and the benchmarks, nor the browser tests: each
    asks ``ui.records.stores``."""
    spelt = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("py", "tools", "tests/browser")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.name != "stores.py"
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if KEY.search(line) or "rommi.probe." in line
    ]
    assert spelt == []


def test_the_table_imports_nothing_but_itself() -> None:
    """The build reads the keys from it with nothing of the engine or the page loaded."""
    code = (
        "import sys; import ui.records.stores; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ui', 'rommi', 'js', 'pyscript')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT / "py", capture_output=True, text=True, check=True
    ).stdout
    assert json.loads(out.replace("'", '"')) == ["ui", "ui.records", "ui.records.stores"]


def test_no_effects_flag_per_store() -> None:
    """``Effects.save`` names the records to write; there is no ``save_<record>`` flag beside it."""
    tree = ast.parse((ROOT / "py/ui/commands/acts.py").read_text())
    effects = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Effects")
    fields = [
        n.target.id for n in effects.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    ]
    assert "save" in fields and not [f for f in fields if f.startswith("save_")]


@pytest.mark.parametrize(
    ("store", "field", "kind", "reader"),
    [(stores.STATS, "matches", list, stats.read_stats), (stores.DAILY, "days", dict, daily.read_history)],
)
def test_both_records_read_their_envelope_through_the_one_reader(
    store: stores.Store, field: str, kind: type, reader: object
) -> None:
    def entries(value: object) -> tuple[object, int]:
        return value, 0

    empty = {"version": store.version, field: kind()}
    for text, key in [
        (None, None),
        ("{not json", f"note.{store.name}_unreadable"),
        ("[1]", f"note.{store.name}_unreadable"),
        (json.dumps({"version": "1", field: kind()}), f"note.{store.name}_unreadable"),
        (json.dumps({"version": store.version + 1, field: kind()}), f"note.{store.name}_newer"),
        (json.dumps({"version": 0, field: kind()}), f"note.{store.name}_unreadable"),
        (json.dumps({"version": store.version, field: "no"}), f"note.{store.name}_unreadable"),
        ("[" * 10_000 + "]" * 10_000, f"note.{store.name}_unreadable"),
    ]:
        assert reader(text) == read_versioned(text, store, field, kind, entries) == Read(empty, key), text  # type: ignore[operator]
    assert read_versioned(json.dumps(empty), store, field, kind, lambda v: (v, 3)) == Read(empty, None, 3)


def test_refused_outside_data_is_one_error_class() -> None:
    """The save, the link, the file, the stored text and the record to replay all refuse with
    ``Refused`` (key and detail); only the link and the replay keep a subclass, which their
    callers tell apart."""
    classes = [
        f"{path.relative_to(ROOT)}:{node.name}"
        for path in sorted((ROOT / "py").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef)
        and any(isinstance(b, ast.Name) and b.id == "ValueError" for b in node.bases)
    ]
    assert classes == ["py/rommi/errors.py:IllegalAction", "py/rommi/errors.py:Refused"]
    assert issubclass(LinkError, Refused) and issubclass(ReplayError, Refused)
    with pytest.raises(Refused) as refused:
        import_bundle(json.dumps({"format": "rommi.bundle", "version": 1, "parts": {"save": {"version": 1}}}))
    assert refused.value.key == "bundle.bad_save" and refused.value.detail == str(refused.value)


def test_the_opening_reads_each_record_through_its_stores_reader() -> None:
    """Settings, ledger, daily results, statistics and the save are read at page open by
    ``Store.load`` in the table: the restoring modules call no reader of their own."""
    assert all(s.load is not None for s in stores.KEPT)
    own_readers = {"parse", "read_stats", "read_history", "clean_ledger", "from_save", "read_versioned"}
    called = {
        f"{path}:{node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id}"
        for path in ("py/ui/commands/restore.py", "py/ui/records/stats_screen.py")
        for node in ast.walk(ast.parse((ROOT / path).read_text()))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute | ast.Name)
        and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) in own_readers
    }
    assert called == set()


def test_the_page_writes_each_kept_record_through_its_stores_writer() -> None:
    """``browser.page`` puts into storage in one place, ``page.put(store)`` with ``Store.write``:
    no record's value (``to_save()``, ``to_dict()``) is written beside the table."""
    tree = ast.parse((ROOT / "py/browser/page.py").read_text())
    puts = [
        f.name
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef)
        for n in ast.walk(f)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in ("put", "put_text")
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "storage"
    ]
    values = [
        n.lineno
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in ("to_save", "to_dict")
    ]
    assert puts == ["put"] and values == []
