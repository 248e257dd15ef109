"""The computer players' turns, run from an async loop that yields to the browser.

Between every decision the loop awaits (``asyncio.sleep``), so the page takes
clicks and repaints; at a slow pace it waits the pace's delay before each move.
A new game bumps ``screen.generation``, which stops an older loop.

The loop only decides WHEN a computer seat moves (the pace, the slices, whether the game
moved on meanwhile): its decision goes through the one move path (``ui.play.play``) as a
click's move does, and the page's one runner (``browser.page.run``) carries out what follows.
It never changes ``Screen`` itself (``page.computers_moving``, ``page.say_thinking``) nor
reads a renderer.

A player that searches (``expert``) thinks for up to its budget, about a second:
its decision (``Bot.thinking``) is run in slices of about ``SLICE_MS`` with the page's
own tasks between them, so the table never freezes, and once it has thought for
``SAY_THINKING_MS`` the turn line says so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine, Generator
from typing import Any

from js import document, performance  # type: ignore[import-not-found]

from browser import page
from browser.dom import closest, nn
from rommi.actions import Pass
from rommi.bots import as_hint
from rommi.bots.base import Decision
from rommi.game import Phase
from rommi.names import ActionType
from ui.commands.acts import Act, Effects
from ui.commands.handover import cover_title
from ui.commands.table import deeper_hint_dropped, deeper_hint_found
from ui.model.app import App
from ui.model.settings import PACE_SECONDS
from ui.play import last_line, play
from ui.screen import turn_news

RENDER_EVERY_MS = 120  # at the "instant" pace the table is redrawn at most this often
# A searching player thinks about this long at most before the page gets a turn. The browser's
# task around a slice also holds the await's glue and any garbage collection: with 35 ms one
# slice in a full CI run came to 52 ms, over the 50 ms a long task starts at, so 25 leaves room.
SLICE_MS = 25.0
GAP_S = 0.004  # and then lets it be for this long (a wait of 0 would starve the page's painting)
SAY_THINKING_MS = 250.0  # thinking longer than this shows "... is thinking" on the turn line
tasks: set[asyncio.Future[None]] = set()  # kept, so a running loop is never collected
state = {"running": False}


def start() -> None:
    """Let the computer players go on, unless their loop already runs."""
    screen = page.current.screen
    if not state["running"] and screen.app is not None and not screen.elsewhere:
        _keep(loop())


def _keep(work: Coroutine[Any, Any, None]) -> None:
    """Run ``work`` as a task, kept in ``tasks`` until it is done."""
    task = asyncio.ensure_future(work)
    tasks.add(task)
    task.add_done_callback(tasks.discard)


class _Clock:
    """Each decision's time and each whole computer turn's, for the benchmarks (ms)."""

    def __init__(self) -> None:
        self.turn_start: float | None = None
        self.turn_seat: int | None = None

    def decided(self, app: App, seat: int, phase: Phase, kind: str, start: float) -> None:
        stats = page.current.stats
        if self.turn_seat != seat or phase is Phase.DRAW:
            self.turn_start, self.turn_seat = start, seat
        now = performance.now()
        stats["decisions"].append(round(now - start, 2))
        stats["spans"].append([round(start, 1), round(now, 1)])
        if kind == ActionType.DISCARD or app.phase() in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            if self.turn_start is not None:
                stats["turns"].append(round(now - self.turn_start, 2))
            self.turn_start = self.turn_seat = None
        del stats["decisions"][:-2000]
        del stats["spans"][:-2000]
        del stats["turns"][:-500]


async def loop() -> None:
    """Let the computer players move until it is your turn, at the chosen pace."""
    screen = page.current.screen
    state["running"] = True
    mine = screen.generation
    page.computers_moving(True)
    clock = _Clock()
    try:
        # The table waits while you look at the statistics (Back lets the players go on).
        while screen.app is not None and mine == screen.generation and not screen.elsewhere:
            if screen.screen == "stats":
                break
            if page.current.drawing_rest:  # a split redraw finishes first, in a task of its own
                await asyncio.sleep(GAP_S)
                continue
            app = screen.app
            passed = app.auto_pass_seat()  # a person's pass made for them, even under the cover
            if passed is not None:  # saved, drawn with the next move
                page.run(_quiet(play(screen, passed, Pass(passed))), "bots")
                continue
            seat = app.bot_to_act()
            if seat is None:
                break
            if not await _move(app, seat, mine, clock):
                break
    except Exception as e:
        page.report(e)
    finally:
        _stopped(mine)


async def _move(app: App, seat: int, mine: int, clock: _Clock) -> bool:
    """Computer player ``seat``: wait the pace's delay, think, and hand its decision to the one
    move path; False when the loop is to stop (the statistics opened, the deal is over)."""
    screen = page.current.screen
    delay = PACE_SECONDS.get(screen.pace, 0.0)
    if app.phase() is Phase.BUY:
        delay /= 3  # a pass is quick at a real table too
    if delay:
        page.show("bots")
        await asyncio.sleep(delay)
    else:
        await asyncio.sleep(0)
    if mine != screen.generation or screen.app is not app or app.bot_to_act() != seat:
        return True  # the game moved on: look again
    if screen.screen == "stats":  # opened while this player thought: it waits too
        return False
    phase, start = app.phase(), performance.now()
    _, thinking = app.bot_thinking()
    decision = await think(thinking, seat, start)
    if decision is None or mine != screen.generation or screen.app is not app:
        return True  # the game moved on while it thought (a new game, a takeover)
    fx = play(screen, seat, decision.action)
    clock.decided(app, seat, phase, decision.action.type, start)
    # At the "instant" pace the table is drawn (and the move said) at most every RENDER_EVERY_MS;
    # at a deal's end the loop stops, and its end draws and says it (``_stopped``).
    if fx.deal_over or not (delay or performance.now() - page.current.last_render > RENDER_EVERY_MS):
        _quiet(fx)
    page.run(fx, "bots")
    return not fx.deal_over


def _quiet(fx: Effects) -> Effects:
    """``fx`` without its redraw and announcement (made by a later one)."""
    fx.redraw, fx.announce = False, None
    return fx


async def think(thinking: Generator[None, None, Decision], seat: int, start: float) -> Decision | None:
    """Run a computer player's decision in slices (``sliced``), saying once it has thought for
    ``SAY_THINKING_MS`` that it is thinking; None if the game moved on meanwhile."""
    screen = page.current.screen
    app, mine = screen.app, screen.generation

    def still() -> bool:
        return (
            mine == screen.generation and screen.app is app and app is not None and app.bot_to_act() == seat
        )

    async def between() -> None:
        if screen.thinking is None and performance.now() - start > SAY_THINKING_MS:
            page.say_thinking(seat)  # said in a task of its own: a redraw and a slice would not fit
            await asyncio.sleep(0)

    try:
        return await sliced(thinking, still, between)
    finally:
        page.say_thinking(None)


async def sliced(
    thinking: Generator[None, None, Decision],
    still: Callable[[], bool],
    between: Callable[[], Awaitable[None]] | None = None,
) -> Decision | None:
    """Run a decision that may pause (``Bot.thinking``) in slices, giving the page a turn between
    them; None once ``still()`` says the game moved on (then the search is dropped).

    A slice takes steps while the longest step so far still fits in ``SLICE_MS``, so a slice
    stays within a frame's work however long one rollout takes on this machine.
    """
    longest = 0.0
    while True:
        begun = performance.now()
        try:
            while True:
                before = performance.now()
                next(thinking)
                now = performance.now()
                longest = max(longest, now - before)
                if now + longest > begun + SLICE_MS:
                    break
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
        # Pyodide runs a wait of 0 as a posted message, always ready, which Chromium serves
        # before painting a frame; a short timer leaves the page idle, so a frame fits.
        await asyncio.sleep(GAP_S)
        if not still():
            thinking.close()
            return None
        if between is not None:
            await between()


def deeper_hint() -> None:
    """Think harder over your move (``Act.HINT_DEEPER``): the expert's decision, in slices."""
    _keep(_deeper_hint())


async def _deeper_hint() -> None:
    screen = page.current.screen
    app, mine, asked = screen.app, screen.generation, screen.hint
    try:
        thinking = None if app is None else app.deeper_hint()
        if app is None or thinking is None:
            return

        def still() -> bool:
            # any click that clears the hint (a move, a selection's refusal, a new game) drops it
            return mine == screen.generation and screen.app is app and screen.hint is asked

        decision = await sliced(thinking, still)
        if decision is None or not still() or not app.drawn_to_act():
            return
        page.run(deeper_hint_found(screen, app, as_hint(decision)), "hint")
    except Exception as e:
        page.report(e)
    finally:
        page.run(deeper_hint_dropped(screen, asked), "hint")  # dropped: the button comes back


def _stopped(mine: int) -> None:
    """The loop ended: hand over to a newer game's loop, or show the table for your move (under the
    cover between people at this device, the cover's heading is said instead: "Pass the device to
    Liisa", not the last move nor "Your turn", which would speak to whoever held the device)."""
    screen = page.current.screen
    state["running"] = False
    page.computers_moving(False)
    if mine != screen.generation:
        start()  # a new game began while this loop waited: its players take over
        return
    page.save_game()
    page.show("bots")
    if screen.app is not None and screen.screen == "table":
        if screen.covered:  # the device is being passed: the cover says to whom, never a move's news
            page.announce(cover_title(screen.app))
            return
        page.announce(turn_news(screen.app, last_line(screen, screen.app)))
        if screen.app.drawn_to_act():
            focus_turn()


def focus_turn() -> None:
    """When it becomes your turn, put the keyboard where the move is: Pass, the piles, the card drawn
    (in the next frame: ``page.before_paint``).

    Only from nowhere or from your hand and action bar (where your last move left it), and only
    if you have pressed no key and touched nothing since that move: focus in the menu, the log
    or a dialog was put there by you and stays, and so does a card you arrowed to in your hand
    while the others answered (the keys would otherwise be taken from under your fingers).
    """
    page.before_paint(_focus_turn_now)


def _focus_turn_now() -> None:
    if page.touched_since_move():
        return
    active = nn(document.activeElement)
    if active is not None and active != document.body and closest(active, "#hand, #actions") is None:
        return
    # Never Buy: a stray Enter passes. After your draw, once the others have answered the buy
    # window, the card drawn (it only arrives then).
    page.focus(f'#buy-panel [data-act="{Act.PASS}"] || #centre .pile.live || #hand button.card.fresh')
