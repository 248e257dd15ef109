"""Unreadable stored data is set aside into free slots, or left where it is (``ui.records.aside``)."""

from __future__ import annotations

from ui.records.aside import SLOTS, set_aside, slots
from ui.records.stores import GAME, LEDGER


class Store:
    """localStorage as a dict, with a size limit like the browser's."""

    def __init__(self, limit: int = 10_000) -> None:
        self.items: dict[str, str] = {}
        self.limit = limit

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def put_text(self, key: str, text: str) -> bool:
        if sum(map(len, self.items.values())) - len(self.items.get(key, "")) + len(text) > self.limit:
            return False
        self.items[key] = text
        return True

    def remove(self, key: str) -> None:
        self.items.pop(key, None)


def test_a_second_bad_save_does_not_replace_the_first() -> None:
    store = Store()
    kept = []
    for n in range(SLOTS):
        store.items["rommi.game.v1"] = f"bad {n}"
        kept.append(set_aside(store, "rommi.game.v1", f"bad {n}"))
    assert kept == slots("rommi.game.v1") and "rommi.game.v1" not in store.items
    assert [store.items[k] for k in kept] == [f"bad {n}" for n in range(SLOTS)]


def test_when_it_cannot_be_moved_it_stays_where_it_is() -> None:
    store = Store(limit=150)
    big = "x" * 100
    store.items["k"] = big  # too big to hold twice: setting it aside would need the room twice
    assert set_aside(store, "k", big) is None and store.items == {"k": big}
    store = Store()
    for slot in slots("k"):
        store.items[slot] = "older"
    store.items["k"] = "newest"
    assert set_aside(store, "k", "newest") is None and store.items["k"] == "newest", "every slot taken"


def test_the_page_sets_an_unreadable_ledger_and_save_aside_with_a_note() -> None:
    from ui.commands.restore import restore_stored
    from ui.screen import Screen
    from ui.words.i18n import t

    store = Store()
    store.items = {LEDGER.key: '{"version": 99, "games": 41}', GAME.key: "{not json"}
    s = Screen()
    restore_stored(s, store, setup_first=False)
    assert s.ledger["games"] == 0 and s.notes == [t("note.ledger_set_aside")]
    assert store.items == {
        LEDGER.key + ".unreadable": '{"version": 99, "games": 41}',
        GAME.key + ".unreadable": "{not json",
    }
    assert s.app is None and s.setup_notice and not s.stuck
    store.items[GAME.key] = "[also bad]"  # a second bad save: a slot of its own
    restore_stored(Screen(), store, setup_first=False)
    assert store.items[GAME.key + ".unreadable.1"] == "[also bad]"


def test_data_that_cannot_be_set_aside_stays_and_is_never_written_over() -> None:
    from ui.commands.restore import restore_stored
    from ui.commands.table import Act, Effects, Target, handle
    from ui.screen import Screen
    from ui.words.i18n import t

    store = Store(limit=40)
    store.items = {GAME.key: "{" + "x" * 30}
    s = Screen()
    restore_stored(s, store, setup_first=False)
    assert store.items == {GAME.key: "{" + "x" * 30} and s.stuck == {GAME.key}
    assert t("note.stuck.save") in s.notes
    assert handle(s, Target(Act.DOWNLOAD, value=GAME.key)).download == GAME.key
    assert handle(s, Target(Act.DOWNLOAD, value="rommi.settings.v1")) == Effects(redraw=False)


def test_a_readable_ledger_is_read_and_nothing_is_noted() -> None:
    from ui.commands.restore import restore_stored
    from ui.screen import Screen

    store = Store()
    store.items = {LEDGER.key: '{"version": 1, "games": 3, "balance": {"Maija": "5"}, "wins": {}}'}
    s = Screen()
    restore_stored(s, store, setup_first=False)
    assert s.ledger["games"] == 3 and s.notes == [] and list(store.items) == [LEDGER.key]
