"""An import that would lose something asks first; one that brings nothing changes nothing
(issue 42, point 7: a file whose every part was ``null`` was accepted and deleted the saved
game, the ledger and the settings without a word)."""

from __future__ import annotations

import json

from test_ui_records import Store, full_store, press
from ui.commands.records import import_text
from ui.commands.restore import restore_settings, restore_stored
from ui.commands.table import Act, escape
from ui.model.settings import Settings
from ui.records.bundle import PARTS, export_bundle
from ui.records.stats_screen import restore_stats
from ui.records.stores import GAME, LEDGER, SETTINGS, STATS
from ui.screen import Screen
from ui.words.i18n import t

EMPTY = json.dumps({"format": "rommi.bundle", "version": 1, "parts": dict.fromkeys(PARTS)})
SETTINGS_ONLY = json.dumps(
    {"format": "rommi.bundle", "version": 1, "parts": {"settings": {**Settings().to_dict(), "name": "Uusi"}}}
)


def opened(store: Store) -> Screen:
    """The page as it opens on ``store``, with the statistics screen shown."""
    s = Screen()
    restore_settings(s, store.get(SETTINGS.key))
    restore_stored(s, store, setup_first=True)
    restore_stats(s, store)
    press(s, Act.STATS)
    return s


def test_a_file_of_nothing_changes_nothing_and_says_so() -> None:
    store = full_store()
    before = dict(store.items)
    s = opened(store)
    fx = import_text(s, EMPTY, store)
    assert store.items == before and s.app is not None and s.settings.name == "Liisa"
    assert s.records.import_error == "stats.import.empty" and not s.records.imported
    assert fx.focus == "#import-file" and s.records.pending is None
    assert (
        t("stats.import.empty")
        == "This file holds no data, so nothing was imported and nothing here changed."
    )


def test_an_import_that_would_lose_a_game_and_records_asks_first_and_cancel_keeps_all() -> None:
    store = full_store()
    before = dict(store.items)
    s = opened(store)
    fx = import_text(s, SETTINGS_ONLY, store)
    assert store.items == before, "nothing is written before the answer"
    assert fx.focus == '[data-act="import-no"]' and not s.records.imported
    pending = s.records.pending
    assert pending is not None and pending.brings == ["settings"]
    said = [t(k, **p) for k, p in pending.loses]
    assert said == [
        f"the game in progress: {s.app.summary() if s.app else ''}",
        "the record of earlier games (2 games)",
        "your statistics (2 matches)",
    ], said
    fx = press(s, Act.IMPORT_NO)
    assert store.items == before and s.records.pending is None and fx.focus == "#import-file"
    assert fx.announce == t("stats.import.cancelled")
    import_text(s, SETTINGS_ONLY, store)
    escape(s)  # Esc is Cancel too
    assert store.items == before and s.records.pending is None


def test_after_yes_the_file_replaces_everything() -> None:
    store = full_store()
    s = opened(store)
    import_text(s, SETTINGS_ONLY, store)
    fx = press(s, Act.IMPORT_YES)
    assert fx.focus == "#stats-title" and fx.announce == t("stats.import.done") and s.records.imported
    assert s.settings.name == "Uusi" and s.app is None and s.ledger["games"] == 0
    assert set(store.items) == {SETTINGS.key}
    assert press(s, Act.IMPORT_YES).redraw is False  # answered once


def test_nothing_to_lose_imports_at_once() -> None:
    exported = json.dumps(export_bundle(full_store()))
    fresh = Store({})
    s = opened(fresh)
    import_text(s, exported, fresh)
    assert s.records.imported and s.records.pending is None and s.settings.name == "Liisa"
    same = full_store()  # its own data again: nothing would change, so nothing is asked
    s = opened(same)
    import_text(s, json.dumps(export_bundle(same)), same)
    assert s.records.imported and s.records.pending is None


def test_leaving_the_screen_or_choosing_another_file_drops_the_question() -> None:
    store = full_store()
    s = opened(store)
    import_text(s, SETTINGS_ONLY, store)
    assert s.records.pending is not None
    import_text(s, EMPTY, store)
    assert s.records.pending is None and s.records.import_error == "stats.import.empty"
    import_text(s, SETTINGS_ONLY, store)
    press(s, Act.STATS_BACK)
    assert s.records.pending is None
    assert store.get(LEDGER.key) and store.get(GAME.key) and store.get(STATS.key)
