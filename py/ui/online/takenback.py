"""Moves taken back at an online table, as lines of the log (plain Python).

At one device a move taken back leaves no trace: nobody else saw it. At an online table the
others saw it made (on their own devices, or the host's), so their logs say that it was taken
back, where it was: "Liisa took back their last move." The engine's history has no such
event (the game is played again without the move), so each table keeps the marks itself
(``App.taken_back``): the guest's on ``undone`` (``ui.online.guest_table.undone``), the host's
when a guest takes a move back (``ui.online.host.Host``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ui.model.app import App
from ui.words.i18n import t


def mark(app: App, seat: int, at: int) -> None:
    """``seat`` took back a move, which was the history's event number ``at`` of this deal."""
    app.taken_back = (*app.taken_back, (int(app.view()["deal"]), at, seat))


def log_lines(app: App, entries: Sequence[tuple[Any, str]]) -> list[str]:
    """The log's lines (``ui.words.logtext.Words.entries``: each event with its words), with the
    moves taken back this deal said where they were made."""
    v = app.view()
    marks = [(at, seat) for deal, at, seat in app.taken_back if deal == v["deal"]]
    if not marks:
        return [line for _, line in entries]
    out: list[str] = []
    worded = iter(entries)
    pending = next(worded, None)
    for i, event in enumerate([*v["history"], None]):
        out += [t("online.undone", name=app.seat_name(seat)) for at, seat in marks if at == i]
        if event is not None and pending is not None and pending[0] == event:
            out.append(pending[1])
            pending = next(worded, None)
    return out
