"""Text from outside nested 10,000 deep, in the browser, where it used to kill Python.

In Pyodide, ``json.loads`` of about 6,000 levels or more overflows the JavaScript stack: no
Python ``RecursionError`` that a reader could catch. Stored under any of the game's keys it
stopped every boot ("Rommi could not start"); in an imported file it killed Python mid-visit,
and every later import failed. Here: each key poisoned, the page still opens on a usable setup
form and says what it set aside; a deep file (alone, or one deep value in a valid export) is
refused with its reason and a valid file imported after it works; and a sample of the CPython
property test (``tests/test_outside_readers.py``) runs inside a real Pyodide, whose stack is
the one that overflowed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import screenshot, settings_with, start_game, stored_text
from tests.browser.test_stats_screen import open_statistics, put_before_load

from ui.records.stores import DAILY, GAME, LEDGER, SETTINGS, STATS

pytestmark = pytest.mark.browser

DEEP = "[" * 10_000 + "]" * 10_000
# What the page says for each key it could not read (the save's reason is on the setup form).
SAID = {
    GAME.key: "Your saved game could not be read",
    SETTINGS.key: "Some saved settings could not be read",
    LEDGER.key: "The record of earlier games could not be read",
    STATS.key: "Your statistics could not be read",
    DAILY.key: "Your deal-of-the-day results could not be read",
}


@pytest.mark.parametrize("key", list(SAID))
def test_a_deep_value_under_any_key_still_opens_a_usable_setup_form(
    page: Page, site_url: str, boot: Any, key: str
) -> None:
    put_before_load(page, {key: DEEP})
    boot(page, site_url + "?pace=instant")  # fails the test with the page's message if it cannot start
    expect(page.locator("#failure")).to_be_hidden()
    expect(page.get_by_text(SAID[key]).first).to_be_visible()
    if key == GAME.key:
        expect(page.get_by_text("nested far more deeply than anything Rommi writes")).to_be_visible()
    if key != SETTINGS.key:  # kept aside for the player, never deleted (settings fall back to defaults)
        assert stored_text(page, key) is None and stored_text(page, f"{key}.unreadable") == DEEP
    screenshot(page, f"outside-deep-{key.split('.')[1]}")
    start_game(page)
    expect(page.locator("#hand button[data-card]").first).to_be_visible()
    page.reload()  # and every later visit starts too
    boot(page)
    expect(page.locator("#table")).to_be_visible()


def test_a_deep_file_is_refused_and_a_valid_one_imports_after_it(
    page: Page, site_url: str, boot: Any, tmp_path: Path
) -> None:
    boot(page, site_url)
    open_statistics(page)
    valid = {"format": "rommi.bundle", "version": 1, "parts": {"settings": settings_with(name="Liisa")}}
    inside = {**valid, "parts": {"settings": settings_with(name="Liisa"), "ledger": "PLACE"}}
    files = {
        "alone": DEEP,
        "inside": json.dumps(inside).replace('"PLACE"', DEEP),
        "objects": '{"a":' * 10_000 + "1" + "}" * 10_000,
    }
    for name, text in files.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        page.evaluate("() => document.getElementById('import-error')?.setAttribute('data-old', '')")
        page.get_by_label("Import data").set_input_files(path)
        expect(page.locator("#import-error[data-old]")).to_have_count(0)  # each file answered anew
        expect(page.get_by_role("alert").filter(has_text="nested far more deeply")).to_be_visible()
    screenshot(page, "outside-deep-import-refused")
    path = tmp_path / "valid.json"
    path.write_text(json.dumps(valid), encoding="utf-8")
    page.get_by_label("Import data").set_input_files(path)
    expect(page.get_by_role("status").filter(has_text="Your data was imported.")).to_be_visible()
    page.get_by_role("button", name="Back").click()
    expect(page.get_by_label("Your name")).to_have_value("Liisa")


# Run inside a second, fresh Pyodide (the page's own modules unpacked into it): every reader of
# outside text fed adversarial texts; each answer is summed up as a short text.
SAMPLE = r"""
import json
from rommi.errors import Refused
from ui.records import links, outside
from ui.records.bundle import import_bundle
from ui.records.daily import read_history
from ui.commands.restore import restore_game, restore_ledger, restore_settings, restore_stored
from ui.records.stats_screen import restore_stats
from ui.model.settings import Settings
from ui.screen import Screen
from ui.records.stats import read_stats
from ui.records.stores import KEPT, SETTINGS

class Store(dict):
    def put_text(self, key, text):
        self[key] = text
        return True

    def remove(self, key):
        self.pop(key, None)

n = 10_000
good = json.dumps(Settings().to_dict())
texts = {
    "arrays": "[" * n + "]" * n,
    "objects": '{"a":' * n + "1" + "}" * n,
    "mixed": '[{"a":' * n + "0" + "}]" * n,
    "unclosed": "[" * 60_000,
    "escaped quotes": '["\\"",' * n + "0" + "]" * n,
    "inside settings": good[:-1] + ', "x": ' + "[" * n + "]" * n + "}",
    "lookalike": json.dumps("[" * n),
    "huge number": "1e999999",
    "huge int": "9" * 5000,
    "huge string": json.dumps("x" * 3_000_000),
    "wrong type": "[]",
}
keys = [store.key for store in KEPT]
answers = {}
for name, text in texts.items():
    got = []
    s = Screen()
    restore_settings(s, text)
    got.append("settings " + ("reset" if s.notes else "read"))
    got.append("ledger " + ("read" if restore_ledger(s, text) else "unreadable"))
    got.append("save " + ("read" if restore_game(s, text, setup_first=False) else "refused"))
    got.append("stats " + str(read_stats(text).key))
    got.append("daily " + str(read_history(text).key))
    try:
        import_bundle(text)
        got.append("import done")
    except Refused as e:
        got.append("import " + e.key)
    try:
        links.decode(text)
    except links.LinkError as e:
        got.append("link " + e.key)
    store = Store({k: text for k in keys})
    s = Screen()
    restore_settings(s, store.get(SETTINGS.key))
    restore_stored(s, store, setup_first=False)
    restore_stats(s, store)
    got.append("boot " + s.screen)
    answers[name] = got
json.dumps(answers)
"""

RUN_IN_PYODIDE = """async (code) => {
  const { loadPyodide } = await import("../vendor/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", location.href).href });
  const archive = await (await fetch("../py/modules.tar")).arrayBuffer();
  pyodide.unpackArchive(archive, "gztar");
  return pyodide.runPython(code);
}"""


def test_a_sample_of_the_property_test_runs_inside_pyodide(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/en.html")  # a page of the site with no game of its own running
    answers = json.loads(page.evaluate(RUN_IN_PYODIDE, SAMPLE))
    deep = ("arrays", "objects", "mixed", "unclosed", "escaped quotes", "inside settings")
    for name in deep:
        link = answers[name].pop(6)
        assert link in ("link link.oversized", "link link.bad"), (name, link)
        assert answers[name] == [
            "settings reset",
            "ledger unreadable",
            "save refused",
            "stats note.stats_unreadable",
            "daily note.daily_unreadable",
            "import bundle.too_deep",
            "boot setup",
        ], (name, answers[name])
    assert answers["lookalike"][5] == "import bundle.foreign"  # read (a string), then not an export
    assert answers["huge int"][5] == "import bundle.foreign" and answers["huge number"][2] == "save refused"
    assert answers["huge string"][6] == "link link.oversized"
    assert all(a[-1] == "boot setup" for a in answers.values()), answers
