"""The one move path: every move, whoever makes it, goes through ``play`` (pure Python, no DOM).

A click on the table (``ui.commands.table``), a computer player's decision (``browser.botloop``, which
only decides when a computer seat moves) and, later, a move arriving from another device
all call ``play(screen, seat, action)``. It applies the move through the engine
(``App.apply``) and returns what follows as ``Effects``, which the page's one runner
(``browser.page``) carries out: save, redraw, announce the log's new line, the score sheet when
the deal or the match is over (``finished``), the seat that moves next, whether the
computer players go on, and, with several people at the device, the cover between their turns
(``ui.commands.handover``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rommi import IllegalAction, Phase
from rommi.actions import Action
from ui.commands import handover
from ui.commands.acts import Effects
from ui.model.app import App
from ui.model.outbox import results
from ui.records import daily
from ui.records.stats_screen import record_stats
from ui.records.stores import DAILY, GAME, LEDGER, STATS
from ui.screen import Screen
from ui.words.i18n import t


def play(screen: Screen, seat: int, action: Action | dict[str, Any], uids: Iterable[int] = ()) -> Effects:
    """``seat``'s move (``uids``: the cards of the hand it plays, for the hand's order) through
    the engine, and what follows. A person's refused move is said and changes nothing; a
    computer player's move is legal by construction, so its refusal is raised as the bug it is.
    A move by another seat than the one the table is drawn for is announced in the log's
    words; your own click is heard through where it leaves the focus."""
    app = screen.app
    if app is None:
        return Effects(redraw=False)
    player = made_by(action)
    if player is not None and player != seat:
        raise ValueError(f"seat {seat} cannot move for seat {player}")
    if app.remote:
        return sent(screen, app, action, uids)
    computer = app.bots[seat] is not None
    error = app.apply(action, uids)
    if error is not None:
        if computer:
            raise error
        return refused(screen, app, error)
    fx = Effects(save={GAME}, run_bots=True, to_act=app.seat_to_act())
    if seat != app.drawn_for:
        fx.announce = last_line(screen, app)
    if app.phase() in (Phase.DEAL_OVER, Phase.MATCH_OVER):
        finished(screen, fx)
    handover.after_move(screen, app, fx, new_deal=player is None)  # several people here: the cover
    return fx


def sent(screen: Screen, app: App, action: Action | dict[str, Any], uids: Iterable[int] = ()) -> Effects:
    """A guest's move at an online table (``App.remote``): the host's engine decides, so it is
    sent there (``Effects.send``) and the table waits, busy, for the host's next view
    (``ui.online.guest_table``). A move the host's summary already refuses is said as today
    and not sent; a second click while one is on its way is ignored. The cards of the hand it
    plays (``uids``) are kept with the game until that view: the copies that leave are those
    (with two alike, the other stays, and stays unselected, as at one device)."""
    if screen.busy:
        return Effects(redraw=False)
    error = app.check(action)
    if error is not None:
        return refused(screen, app, error)
    from ui.online.remote import remote_game  # the guest's half, only at an online table

    remote_game(app).played = list(uids)
    screen.busy = True
    return Effects(send=[action if isinstance(action, dict) else action.to_json()])


def undo_sent(screen: Screen, app: App) -> Effects:
    """A guest's Undo (``App.remote``): the host takes the move back (``Effects.send`` of
    ``{"undo": True}``), if its summary offers it; the table waits for the host's next view."""
    if screen.busy or not app.can_undo():
        return Effects(redraw=False)
    screen.busy = True
    return Effects(send=[{"undo": True}])


def made_by(action: Action | dict[str, Any]) -> int | None:
    """The seat that makes ``action`` (a typed value or its JSON); None for the next deal."""
    player = action.get("player") if isinstance(action, dict) else getattr(action, "player", None)
    return player if isinstance(player, int) else None


def refused(screen: Screen, app: App, error: IllegalAction) -> Effects:
    """A refused move in words, beside the controls pressed; nothing changed, nothing is saved."""
    screen.refusal = app.refusal_text(error)
    return Effects(announce=t("refused", message=screen.refusal))


def last_line(screen: Screen, app: App) -> str:
    """The log's newest line, worded by ``ui.words.logtext`` (only the events new since the last move);
    by names only under the cover (a computer player's move said while the device is passed)."""
    lines = screen.said.lines(app.view(), app.names, by_names=screen.covered)
    return lines[-1] if lines else ""


def finished(screen: Screen, fx: Effects) -> None:
    """A deal (or the match) is over: open the score sheet, tell an embedding page, and record
    the match in the ledger once."""
    app = screen.app
    if app is None:
        return
    fx.deal_over = True
    screen.sheet_open = True
    screen.chooser = None
    fx.post += results(app, screen.posted)
    if app.view()["over"]:
        fx.match_over = True
        ledger = app.record_match(screen.ledger)
        if ledger is not screen.ledger:
            screen.ledger = ledger
            fx.save.add(LEDGER)
            if record_stats(screen, app):  # once, with the ledger
                fx.save.add(STATS)
        result = daily.result_of(app)
        if result is not None and app.daily is not None:
            kept = daily.record(screen.daily or daily.empty(), app.daily, result)
            if kept != screen.daily:
                screen.daily = kept
                fx.save.add(DAILY)
