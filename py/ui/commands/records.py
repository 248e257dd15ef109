"""What the statistics screen's controls do: open and close it, choose whose and which game's
statistics, reset, export, import (pure Python, like ``ui.commands.table``, which hands these
acts over; tested in CPython).

An import replaces everything this browser keeps (``ui.records.bundle``): the file is checked
whole before anything is written; when that would lose a game, the ledger, statistics or
results, the page first says what the file brings and what it replaces, and asks; then it is
written all or nothing (``records.write_plan``), and the page reads settings, ledger, saved
game and statistics again, as when it opens. A file that brings nothing changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rommi.errors import Refused
from rommi.options import VARIANTS
from ui.commands.acts import Act, Effects, Target
from ui.commands.restore import restore_settings, restore_stored
from ui.model.app import clean_ledger
from ui.records import outside
from ui.records.aside import Storage
from ui.records.bundle import PARTS, import_bundle
from ui.records.stats import empty, people
from ui.records.stats_screen import PendingImport, restore_stats, write_plan
from ui.records.stores import DAILY, GAME, LEDGER, SETTINGS, STATS
from ui.screen import Screen
from ui.words.i18n import t

TITLE = "#stats-title"
OPENERS = {"setup": f'[data-act="{Act.STATS}"]', "table": f'[data-act="{Act.MENU_STATS}"]'}
IMPORT_FIELD = "#import-file"
IMPORT_NO = f'[data-act="{Act.IMPORT_NO}"]'
PERSON_FIELD = "#stats-person"


def handle_records(screen: Screen, target: Target) -> Effects:
    """Carry out a press on one of the statistics screen's controls (or the ones opening it)."""
    act = target.act
    if act in (Act.STATS, Act.MENU_STATS):
        return open_stats(screen, "table" if act is Act.MENU_STATS else "setup")
    if screen.screen != "stats":
        return Effects(redraw=False)
    return _ON_SCREEN[act](screen, target)


def open_stats(screen: Screen, back_to: str) -> Effects:
    """Show the statistics (of the game being played, else the one chosen in the setup form);
    the keyboard goes to the screen's heading, so a screen reader starts reading there."""
    if back_to == "table" and screen.app is None:
        back_to = "setup"
    records = screen.records
    records.back_to = back_to
    records.confirm_reset = False
    records.import_error = None
    records.imported = False
    records.pending = None
    records.person = None  # the device's owner's, until another person is chosen
    game = screen.app.view()["variant"] if back_to == "table" and screen.app else screen.form.variant
    records.variant = game if game in VARIANTS else records.variant
    screen.screen = "stats"
    return Effects(forget=True, focus=TITLE)


def _back(screen: Screen, target: Target) -> Effects:
    """Back where the statistics were opened from, the keyboard on the control that opened them;
    at the table the computer players go on (they wait while the statistics are shown)."""
    back_to = screen.records.back_to if screen.app is not None else "setup"
    screen.records.confirm_reset = False
    screen.records.pending = None
    screen.screen = back_to
    return Effects(forget=True, focus=OPENERS[back_to], run_bots=back_to == "table")


def _game(screen: Screen, target: Target) -> Effects:
    if target.value not in VARIANTS:
        return Effects(redraw=False)
    screen.records.variant = str(target.value)
    return Effects(focus=f'[data-act="{Act.STATS_GAME}"][data-value="{target.value}"]')


def _person(screen: Screen, target: Target) -> Effects:
    """Whose statistics are shown: a name with matches kept, or "" (the device's owner). A name
    that is not one of them (the statistics changed under the chooser) changes nothing."""
    owner = screen.settings.display_name()
    names = people(screen.records.stats, owner)
    value = "" if target.value is None else target.value
    if value != "" and value not in names:
        return Effects(redraw=False)
    screen.records.person = None if value in ("", owner) else value
    return Effects(focus=PERSON_FIELD)


def _reset(screen: Screen, target: Target) -> Effects:
    """The first press only asks: the second, explicit button resets; Cancel or Esc leaves all."""
    screen.records.confirm_reset = True
    return Effects(focus=f'[data-act="{Act.STATS_RESET_NO}"]')


def _reset_no(screen: Screen, target: Target) -> Effects:
    if not screen.records.confirm_reset:
        return Effects(redraw=False)
    screen.records.confirm_reset = False
    return Effects(focus=f'[data-act="{Act.STATS_RESET}"]')


def _reset_yes(screen: Screen, target: Target) -> Effects:
    if not screen.records.confirm_reset:
        return Effects(redraw=False)
    screen.records.confirm_reset = False
    screen.records.stats = empty()
    return Effects(save={STATS}, focus=TITLE, announce=t("stats.reset.done"))


def _export(screen: Screen, target: Target) -> Effects:
    return Effects(redraw=False, export_data=True)


def import_text(screen: Screen, text: str | None, store: Storage) -> Effects:
    """A file chosen for "Import data", as text (None: it could not be read). Refused: the
    reason shows beside the control and nothing changes. A file that brings nothing changes
    nothing either, and says so. One whose import would lose something (a game, the ledger,
    statistics, results) first asks, saying what it brings and what it replaces (``losses``).
    Done: everything is read again."""
    records = screen.records
    records.imported = False
    records.pending = None
    records.attempts += 1
    try:
        plan = import_bundle(text)
    except Refused as e:
        records.import_error = e.key
        return Effects(focus=IMPORT_FIELD)
    if all(part is None for part in plan.values()):  # every part null: an import would only delete
        records.import_error = "stats.import.empty"
        return Effects(focus=IMPORT_FIELD)
    loses = losses(screen, store, plan)
    if loses:
        records.import_error = None
        brings = [name for name, key in PARTS.items() if plan.get(key) is not None]
        records.pending = PendingImport(plan, store, brings, loses)
        return Effects(focus=IMPORT_NO)
    return _write(screen, store, plan)


def losses(screen: Screen, store: Storage, plan: dict[str, str | None]) -> list[tuple[str, dict[str, Any]]]:
    """What writing ``plan`` would lose, as catalog keys with their parameters: a game in
    progress, a ledger, statistics or deal-of-the-day results stored here that the file would
    replace by something else, or remove (settings are a choice made again in a moment)."""
    counts = {
        GAME.key: int(screen.app is not None),
        LEDGER.key: max(screen.ledger["games"], len(screen.ledger["balance"])),
        STATS.key: len(screen.records.stats.get("matches", [])),
        DAILY.key: len(screen.daily.get("days", {})),
    }
    out: list[tuple[str, dict[str, Any]]] = []
    for key, count in counts.items():
        now = store.get(key)
        if now is None or not count or _same(now, plan.get(key)):
            continue
        if key == GAME.key and screen.app is not None:
            out.append(("stats.import.lose.save", {"game": screen.app.summary()}))
        else:
            out.append((f"stats.import.lose.{LOST_NAMES[key]}", {"count": count}))
    return out


LOST_NAMES = {LEDGER.key: "ledger", STATS.key: "stats", DAILY.key: "daily"}


def _same(now: str, new: str | None) -> bool:
    """Whether the text stored and the text to write hold the same data (however spaced)."""
    if new is None:
        return False
    try:
        return bool(outside.parse(now) == outside.parse(new))
    except Refused:
        return False


def _import_yes(screen: Screen, target: Target) -> Effects:
    """Import and replace: the file waiting for an answer is written."""
    pending = screen.records.pending
    if pending is None:
        return Effects(redraw=False)
    screen.records.pending = None
    return _write(screen, pending.store, pending.plan)


def _import_no(screen: Screen, target: Target) -> Effects:
    """Cancel (or Esc): the file is let go, nothing changes, and the keyboard goes back to the field."""
    if screen.records.pending is None:
        return Effects(redraw=False)
    screen.records.pending = None
    return Effects(focus=IMPORT_FIELD, announce=t("stats.import.cancelled"))


def _write(screen: Screen, store: Storage, plan: dict[str, str | None]) -> Effects:
    """Write an import's plan (all or nothing) and read everything again, as at the page's start."""
    records = screen.records
    if set(plan) & screen.stuck:  # unreadable data not yet kept aside would be lost for good
        records.import_error = "stats.import.stuck"
        return Effects(focus=IMPORT_FIELD)
    if not write_plan(store, plan):
        records.import_error = "stats.import.refused"
        return Effects(focus=IMPORT_FIELD)
    reload_stored(screen, store)
    records.import_error = None
    records.imported = True
    return Effects(forget=True, new_game=True, relabel=True, focus=TITLE, announce=t("stats.import.done"))


def reload_stored(screen: Screen, store: Storage) -> None:
    """Read settings, ledger, saved game and statistics again (after an import), as the page
    does when it opens; the statistics screen stays, and Back leads to the setup screen."""
    screen.app = None
    screen.ledger = clean_ledger(None)
    screen.sheet_open = False
    screen.chooser = None
    screen.hand_cursor = None
    screen.peek = None
    screen.clear_messages()
    restore_settings(screen, store.get(SETTINGS.key))
    restore_stored(screen, store, setup_first=True)
    restore_stats(screen, store)
    screen.records.back_to = "setup"
    screen.records.confirm_reset = False
    screen.screen = "stats"


_ON_SCREEN: dict[Act, Callable[[Screen, Target], Effects]] = {
    Act.STATS_BACK: _back,
    Act.STATS_GAME: _game,
    Act.STATS_PERSON: _person,
    Act.STATS_RESET: _reset,
    Act.STATS_RESET_NO: _reset_no,
    Act.STATS_RESET_YES: _reset_yes,
    Act.EXPORT_DATA: _export,
    Act.IMPORT_YES: _import_yes,
    Act.IMPORT_NO: _import_no,
}
