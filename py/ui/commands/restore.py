"""What the page finds in storage when it opens: settings, the ledger and a game in progress.

Each is read defensively: unreadable settings fall back to the defaults (with
a note), an unreadable ledger starts afresh, and an unreadable save is set
aside with a notice saying why, so stored data can never stop the page. Each is read
by its store's reader in the one table (``ui.records.stores``, ``Store.load``). Pure
Python: ``main.py`` passes the stored texts in and stores what comes back.

>>> from ui.words.i18n import t
>>> from ui.screen import Screen
>>> s = Screen()
>>> restore(s, settings_text="{not json", ledger_text="[1e999]", save_text="{not json")
False
>>> s.notes == [t("setup.settings_reset")], s.app is None, s.setup_notice.startswith("Your saved game")
(True, True, True)
"""

from __future__ import annotations

from typing import Any

from rommi.game import Phase
from ui.commands.handover import cover_new_table
from ui.model.app import App, ledger_readable
from ui.model.settings import settings_from_dict
from ui.records.aside import Storage
from ui.records.stats_screen import keep_aside, restore_record
from ui.records.stored import Read
from ui.records.stores import DAILY, GAME, LEDGER, SETTINGS, Store
from ui.screen import Screen


def restore_settings(screen: Screen, text: str | None) -> None:
    """The saved settings, or the defaults with a note if they could not be read."""
    got = _load(SETTINGS, text)
    screen.settings = got.value
    if got.key is not None:
        screen.note(got.key)
    screen.form, _ = settings_from_dict(screen.settings.to_dict())


def restore_ledger(screen: Screen, text: str | None) -> bool:
    """The ledger of earlier matches; ``False`` when one was stored but could not be read (a
    fresh ledger is used, and the caller keeps the unreadable one aside)."""
    got = _load(LEDGER, text)
    screen.ledger = got.value
    return got.key is None


def _load(store: Store, text: str | None) -> Read[Any]:
    if store.load is None:
        raise TypeError(f"the store {store.name!r} is not read when the page opens")
    return store.load(text)


def ledger_dropped(data: Any, clean: dict[str, Any]) -> int:
    """How many entries of a readable ledger ``clean_ledger`` left out (its count of games, a
    balance or a win count that is not a bounded number, a name that is not a text)."""
    if not ledger_readable(data):
        return 0
    given = sum(len(data[k]) for k in ("balance", "wins") if isinstance(data.get(k), dict))
    kept = len(clean["balance"]) + len(clean["wins"])
    return max(0, given - kept) + int("games" in data and data["games"] != clean["games"])


def restore_stored(screen: Screen, store: Storage, setup_first: bool) -> None:
    """The ledger and the game in progress from ``store``. What cannot be read is set aside
    (``ui.records.aside``) with a note; what cannot even be set aside stays where it is, and that key is
    not written again this visit (``Screen.stuck``) until the player downloads it."""
    screen.ledger = restore_record(screen, store, LEDGER)
    screen.daily = restore_record(screen, store, DAILY)
    raw = store.get(GAME.key)
    if raw is not None and not restore_game(screen, raw, setup_first=setup_first):
        keep_aside(screen, store, GAME.key, raw, None)  # the setup screen says why it was not continued


def restore_game(screen: Screen, text: str | None, setup_first: bool) -> bool:
    """The game in progress, if any. Returns ``False`` when a save was there but unreadable:
    the caller then sets it aside, and the setup screen says why (``setup_notice``)."""
    got = _load(GAME, text)
    if got.key is not None:
        screen.notice_source = (got.key, got.detail[:200])
        screen.reword()
        return False
    if got.value is None:
        return True
    app: App = got.value
    app.buy_prompts[app.owner] = screen.settings.buy_prompt  # the friends' are the save's
    screen.app = app
    screen.screen = "setup" if setup_first else "table"  # a link's game choice shows the setup form
    screen.sheet_open = app.phase() in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    cover_new_table(screen, app)  # several people here: back under the cover, for whoever acts
    return True


def restore(
    screen: Screen, settings_text: str | None, ledger_text: str | None, save_text: str | None
) -> bool:
    """Settings, ledger and game together (for tests and the doctest); see each part."""
    restore_settings(screen, settings_text)
    restore_ledger(screen, ledger_text)
    return restore_game(screen, save_text, setup_first=False)
