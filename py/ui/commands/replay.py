"""What the replay viewer's controls and today's deal do (pure Python, tested under CPython).

The viewer opens on a deal of the match at the table (from the score sheet) or
on a shared match (a link, read by ``main.py``), and closes back to where it was
opened. None of it needs a game in progress, so ``ui.commands.table.handle`` hands
these acts over before it asks for one.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from rommi.replay import ReplayError
from ui.commands.acts import Act, Effects, Target
from ui.commands.seating import begin
from ui.records import daily, replayview
from ui.records.links import LinkError
from ui.screen import Screen
from ui.words.i18n import t

TITLE = "#replay-title"


def open_replay(screen: Screen, target: Target) -> Effects:
    """This match's deal ``target.value`` (the one just played when none is given)."""
    app = screen.app
    if app is None:
        return Effects(redraw=False)
    number = _number(target.value) or app.view()["deal"]
    view = replayview.from_app(app, number)
    if view is None:
        screen.message = t("replay.unavailable")
        return Effects()
    screen.replay, screen.screen = view, "replay"
    return Effects(forget=True, focus=TITLE)


def open_link(screen: Screen, fragment: str) -> bool:
    """Open the shared match of an address fragment; a bad link is a page note (False)."""
    try:
        screen.replay = replayview.from_link(fragment)
    except (LinkError, ReplayError) as e:
        screen.note(e.key if e.key.startswith("link.") else "link.illegal")
        return False
    screen.screen = "replay"
    return True


def _number(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def _moved(screen: Screen, step: Callable[[int, int], int]) -> Effects:
    """Show another step: ``step(now, last)`` says which."""
    view = screen.replay
    if view is None:
        return Effects(redraw=False)
    view.go(step(view.deal.at, len(view.deal)))
    return Effects(announce=said(view))


def said(view: replayview.ReplayView) -> str:
    """What a screen reader hears at each step: where it is, the move, and why."""
    lines = view.lines()
    parts = [view.where()]
    if view.deal.at and lines:
        parts.append(lines[-1])
    why = view.why()
    if why:
        parts.append(why)
    return " ".join(parts)


def _first(screen: Screen, target: Target) -> Effects:
    return _moved(screen, lambda now, last: 0)


def _back(screen: Screen, target: Target) -> Effects:
    return _moved(screen, lambda now, last: now - 1)


def _forward(screen: Screen, target: Target) -> Effects:
    return _moved(screen, lambda now, last: now + 1)


def _last(screen: Screen, target: Target) -> Effects:
    return _moved(screen, lambda now, last: last)


def _turn_back(screen: Screen, target: Target) -> Effects:
    return _by_turn(screen, forward=False)


def _turn_forward(screen: Screen, target: Target) -> Effects:
    return _by_turn(screen, forward=True)


def _by_turn(screen: Screen, forward: bool) -> Effects:
    """A whole turn at a time (``ReplayView.turn_step``): a long deal has hundreds of steps."""
    view = screen.replay
    wanted = None if view is None else view.turn_step(forward)
    return Effects(redraw=False) if wanted is None else _moved(screen, lambda now, last: wanted)


def _step(screen: Screen, target: Target) -> Effects:
    wanted = _number(target.value)
    return Effects(redraw=False) if wanted is None else _moved(screen, lambda now, last: wanted)


def _deal(screen: Screen, target: Target) -> Effects:
    number = _number(target.value)
    if screen.replay is None or number is None:
        return Effects(redraw=False)
    screen.replay.show_deal(number)
    return Effects()


def _share(screen: Screen, target: Target) -> Effects:
    if screen.replay is None:
        return Effects(redraw=False)
    try:
        screen.replay.share(screen.address, whole=target.value == "match")
    except LinkError as e:  # a record no link can hold (a negative seed from a damaged save)
        screen.note(e.key)
        return Effects()
    return Effects(focus="#replay-link", announce=t("replay.link_ready"))


def _copy(screen: Screen, target: Target) -> Effects:
    """Put the link on the clipboard: the page does it (``browser.clipboard``), then says how it went."""
    if screen.replay is None or screen.replay.link is None:
        return Effects(redraw=False)
    screen.replay.link_said = None
    return Effects(link_to="clipboard")


def _send(screen: Screen, target: Target) -> Effects:
    """Hand the link to the system's share sheet (the button is there only where one is)."""
    if screen.replay is None or screen.replay.link is None:
        return Effects(redraw=False)
    return Effects(redraw=False, link_to="sheet")


def _play(screen: Screen, target: Target) -> Effects:
    """Play the cards of the shared deal shown yourself, from that deal's start (the match as it
    stood then: its scores so far, and the earlier deals' log, so the match still replays)."""
    view = screen.replay
    if view is None:
        return Effects(redraw=False)
    app = replayview.play_the_same(view.replay.record, screen.settings.display_name(), view.number)
    fx = begin(screen, app)
    fx.clear_address = True  # a reload now continues this game, not the shared one's replay
    return fx


def _close(screen: Screen, target: Target) -> Effects:
    """Back to the table (and its score sheet) or, for a shared match, to the setup screen."""
    came_from = screen.replay.came_from if screen.replay is not None else "link"
    screen.replay = None
    screen.screen = "table" if screen.app is not None else "setup"
    back = f'#sheet-dialog [data-act="{Act.REPLAY}"]' if came_from == "sheet" and screen.sheet_open else None
    return Effects(forget=True, focus=back, clear_address=came_from == "link")


def start_daily(screen: Screen, target: Target) -> Effects:
    """Today's deal: the same cards, house rules and computer players for everyone today."""
    deal = daily.deal_of(date.today())
    return begin(screen, deal.app(screen.settings.display_name()))


HANDLERS: dict[Act, Callable[[Screen, Target], Effects]] = {
    Act.REPLAY: open_replay,
    Act.REPLAY_FIRST: _first,
    Act.REPLAY_BACK: _back,
    Act.REPLAY_FORWARD: _forward,
    Act.REPLAY_LAST: _last,
    Act.REPLAY_STEP: _step,
    Act.REPLAY_TURN_BACK: _turn_back,
    Act.REPLAY_TURN_FORWARD: _turn_forward,
    Act.REPLAY_DEAL: _deal,
    Act.REPLAY_SHARE: _share,
    Act.REPLAY_COPY: _copy,
    Act.REPLAY_SEND: _send,
    Act.REPLAY_PLAY: _play,
    Act.REPLAY_CLOSE: _close,
    Act.DAILY: start_daily,
}
