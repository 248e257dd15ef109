"""What the page finds in storage when it opens: settings, the ledger and a game in progress.

Each is read defensively: unreadable settings fall back to the defaults (with
a note), an unreadable ledger starts afresh, and an unreadable save is set
aside with a notice saying why, so stored data can never stop the page. Pure
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

from rommi.errors import Refused
from rommi.game import Phase
from ui.model.app import App, clean_ledger, ledger_readable
from ui.model.settings import settings_from_dict
from ui.records import daily, outside
from ui.records.aside import Storage, set_aside
from ui.records.stats_screen import STUCK_NOTES, keep_cleaned
from ui.records.stores import DAILY, GAME, LEDGER
from ui.screen import Screen
from ui.words.i18n import t


def restore_settings(screen: Screen, text: str | None) -> None:
    """The saved settings, or the defaults with a note if they could not be read."""
    data = None
    if text is not None:
        try:
            data = outside.parse(text)
        except Refused:  # too long, too deep or not JSON: the defaults, said
            data = {}
    screen.settings, ok = settings_from_dict(data)
    if not ok:
        screen.note("setup.settings_reset")
    screen.form, _ = settings_from_dict(screen.settings.to_dict())


def restore_ledger(screen: Screen, text: str | None) -> bool:
    """The ledger of earlier matches; ``False`` when one was stored but could not be read (a
    fresh ledger is used, and the caller keeps the unreadable one aside)."""
    return text is None or ledger_readable(_read_ledger(screen, text))


def _read_ledger(screen: Screen, text: str | None) -> Any:
    """The ledger text as read (``()`` where it is not JSON), its clean ledger put on ``screen``."""
    try:
        data = outside.parse(text) if text else None
    except Refused:
        data = ()
    screen.ledger = clean_ledger(data)
    return data


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
    raw = store.get(LEDGER.key)
    if raw is not None:
        data = _read_ledger(screen, raw)  # read once: a stored text may be millions of characters
        if not ledger_readable(data):
            _keep(screen, store, LEDGER.key, raw, "note.ledger_set_aside")
        elif dropped := ledger_dropped(data, screen.ledger):
            keep_cleaned(screen, store, LEDGER.key, raw, screen.ledger, ("note.ledger_dropped", dropped))
    raw = store.get(DAILY.key)
    read = daily.read_history(raw)
    screen.daily = read.value
    if raw is not None and read.key is not None:
        _keep(screen, store, DAILY.key, raw, read.key)
    elif raw is not None and read.dropped:
        keep_cleaned(screen, store, DAILY.key, raw, read.value, ("note.daily_dropped", read.dropped))
    raw = store.get(GAME.key)
    if raw is not None and not restore_game(screen, raw, setup_first=setup_first):
        _keep(screen, store, GAME.key, raw, None)  # the setup screen says why it was not continued


def _keep(screen: Screen, store: Storage, key: str, raw: str, said: str | None) -> None:
    if set_aside(store, key, raw) is not None:
        if said:
            screen.note(said)
        return
    screen.stuck.add(key)
    screen.note(STUCK_NOTES.get(key, "note.stuck.save"))


def restore_game(screen: Screen, text: str | None, setup_first: bool) -> bool:
    """The game in progress, if any. Returns ``False`` when a save was there but unreadable:
    the caller then sets it aside, and the setup screen says why (``setup_notice``)."""
    if text is None:
        return True
    try:
        try:
            data = outside.parse(text)
        except Refused as e:  # the reason in the page's words
            raise Refused("setup.save_corrupt", t(e.key)) from None
        app = App.from_save(data)
    except Refused as e:
        screen.notice_source = (e.key, e.detail[:200])
        screen.reword()
        return False
    app.buy_prompt = screen.settings.buy_prompt
    screen.app = app
    screen.screen = "setup" if setup_first else "table"  # a link's game choice shows the setup form
    screen.sheet_open = app.phase() in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    return True


def restore(
    screen: Screen, settings_text: str | None, ledger_text: str | None, save_text: str | None
) -> bool:
    """Settings, ledger and game together (for tests and the doctest); see each part."""
    restore_settings(screen, settings_text)
    restore_ledger(screen, ledger_text)
    return restore_game(screen, save_text, setup_first=False)
