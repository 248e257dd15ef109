"""A guest's table, kept up to date from the host's messages (plain Python, no engine, no ``js``).

The page's online session (``browser.session``) reads each host message with
``ui.online.guest.Guest`` and hands what the table needs to the functions here; each returns the
``Effects`` the page carries out, as a click's handler does:

- ``update(screen, app, view, legal, waiting)`` for each ``view`` (and each ``waiting``, with
  the view kept): the new view replaces the ``RemoteGame``, the hand and lay-down area follow
  (``App.sync``), the other seats' moves are said (the log's new lines), "Your turn" when it
  comes, the score sheet when a deal is over, and the move sent is no longer waited for;
- ``offer(screen, app)`` once a view that opened a buy window to this seat is painted: the offer
  was held (``RemoteGame.hold``) so that the move that opened it shows first on every device; now
  it is passed for (the person's buy setting, which may ask the Hint's player) or shown;
- ``refused(screen, app, key, params)`` for ``refused``: said beside the controls, as a refusal
  at one device is;
- ``undone(screen, app, seat)`` for ``undone``: that seat took its last move back.

The guest's own clicks go through ``ui.commands.table.handle`` as at one device; the one move
path (``ui.play.play``) sends them to the host (``Effects.send``) instead of playing them.
A guest's device keeps no ledger, statistics or deal of the day of an online match: the
match is played, and checked, on the host's device (``ui.online.guest.Guest`` checks the
deal at its end).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, cast

from rommi import Game, Phase
from rommi.actions import Pass
from ui.commands.acts import Effects
from ui.commands.table import DRAWN_CARD
from ui.model.app import App
from ui.online.remote import RemoteGame, remote_game
from ui.online.takenback import mark
from ui.screen import Screen, turn_news
from ui.words.i18n import refusal, t

OVER = (Phase.DEAL_OVER, Phase.MATCH_OVER)


def update(
    screen: Screen, app: App, view: Mapping[str, Any], legal: Mapping[str, Any], waiting: int | None
) -> Effects:
    """The host's newest ``view`` of this seat, with what it may do (``legal``) and, in an open
    buy window, how many answers the table still waits for (``waiting``)."""
    old = remote_game(app)
    seat = old.seat
    before = old.view(seat)
    if view == old.sent and dict(legal) == old.legal:  # only the count of answers changed
        old.waiting = waiting
        return Effects()
    was_mine, was_over = app.drawn_to_act(), old.phase in OVER
    worded = screen.said.entries(before, app.names)
    told = len(worded)
    _played(app, old.played, view["hand"])
    # A buy offer to this seat is held until the move that opened it is painted (``offer``);
    # one already shown stays shown when the same view comes again.
    shown = view == old.sent and old.offered and not (old.held or old.passed_for)
    app.game = cast(Game, RemoteGame(view, legal, waiting, held=not shown))
    app.sync()
    screen.busy = False  # the host answered the move sent, if any
    v = app.view()
    after = screen.said.entries(v, app.names)
    # The events new since the last view (the whole history again after an undo or a new deal).
    fresh = after[told:] if after is worded else [(e, x) for e, x in after if e not in before["history"]]
    if any(e.get("type") == "meld" and e.get("player") == seat for e, _ in fresh):
        app.laid_down()  # this seat's lay-down was made: the area starts afresh
    if any(e.get("type") == "discard" and e.get("player") == seat for e, _ in fresh):
        app.hand.fresh = set()  # as at one device: the card you drew is no longer new
    others = " ".join(line for e, line in fresh if e.get("player") != seat)
    fx = Effects(to_act=app.seat_to_act())
    if any(e.get("type") == "draw" and e.get("player") == seat for e, _ in fresh):
        fx.focus = DRAWN_CARD  # as after your draw at one device: Enter selects it, Tab reaches Discard
        screen.hand_cursor = None
    if app.phase() in OVER and not was_over:
        _finished(screen, app, fx)
    elif was_over and app.phase() not in OVER:  # someone dealt the next deal: its table, not the sheet
        screen.sheet_open = False
    news = turn_news(app, others) if app.drawn_to_act() and not was_mine else others
    fx.announce = news or None
    game = remote_game(app)
    if game.held:  # the table is busy until ``offer`` has decided (no click is sent meanwhile)
        game.news = others
        screen.busy = True
    return fx


def offer(screen: Screen, app: App) -> Effects | None:
    """A buy offer held by ``update`` (``RemoteGame.hold``), decided once the move that opened
    the window is painted: the card this seat threw, or its buy setting says not to ask (which
    may ask the Hint's player, ``ui.model.buyprompt``), is passed for, as at one device, and the
    offer is never shown (unless the host's summary says its answer is already held); else the
    offer is shown, and said as it would have been with the move ("Your turn. Buy the 7♥?").
    None when no offer is held (decided already, or a newer view came)."""
    game = remote_game(app)
    if not game.held:
        return None
    game.release()
    app.sync(mark_new=False)
    seat = game.seat
    if app.must_auto_pass() and app.check(Pass(seat)) is None:
        game.pass_for()  # nobody acts here: the offer was passed for without being shown
        app.sync(mark_new=False)
        return Effects(send=[Pass(seat).to_json()], redraw=False)
    screen.busy = False
    return Effects(to_act=seat, announce=turn_news(app, game.news) or None)


def _played(app: App, uids: list[int], hand: list[str]) -> None:
    """The cards of the move sent that the host's ``hand`` no longer holds leave the hand by
    their uids, as ``App.apply`` has them leave at one device: with two cards alike, the copy
    played goes (and its selection with it), not the right-most one ``App.sync`` would drop."""
    left = Counter(hand)
    held = Counter(app.hand.codes())
    gone = []
    for uid in uids:
        code = app.hand.code(uid)
        if code is not None and held[code] > left[code]:
            held[code] -= 1
            gone.append(uid)
    app.hand.remove(gone)


def _finished(screen: Screen, app: App, fx: Effects) -> None:
    """A deal (or the match) is over: the score sheet opens, as at one device (nothing is
    recorded on a guest's device)."""
    fx.deal_over = True
    fx.match_over = bool(app.view()["over"])
    screen.sheet_open = True
    screen.chooser = None


def refused(screen: Screen, app: App | None, key: str, params: Mapping[str, Any]) -> Effects:
    """The host refused this device's message: said as a refusal at one device is (beside the
    controls pressed), and the table no longer waits for it. ``engine.*`` keys are the
    engine's refusals (worded with the melds and seats named), ``online.*`` the host's own."""
    screen.busy = False
    if app is not None:
        game = remote_game(app)
        game.played = []  # nothing of the hand left
        if game.passed_for:  # the pass made for this seat did not count: the offer is its to answer
            game.release()
            app.sync(mark_new=False)
    if key.startswith("engine.") and app is not None:
        text = refusal(key.removeprefix("engine."), params, app.meld_name, app.seat_name)
    else:
        text = t(key, **params)
    screen.refusal = text
    return Effects(announce=t("refused", message=text))


def undone(screen: Screen, app: App, seat: int) -> Effects:
    """``seat`` took back its last move of this turn: the views that follow are without it, and
    the others are told, since they saw it made."""
    if seat == remote_game(app).seat:
        return Effects(redraw=False)  # your own Undo: the next view shows it
    mark(app, seat, len(app.view()["history"]) - 1)  # it was the last move made: the log says so
    return Effects(announce=t("online.undone", name=app.seat_name(seat)))


def waiting_line(app: App) -> str | None:
    """In an open buy window, "Waiting for 2 answers" (never whose); else None."""
    game = app.game
    count = game.waiting if isinstance(game, RemoteGame) else None
    if count is None:
        return None
    return t("online.waiting_answers.one" if count == 1 else "online.waiting_answers", count=count)
