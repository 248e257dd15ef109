"""The cover between people at one device (pass-and-play): when it goes up, whom it names, lifting it.

Several people at one device pass it round the table. When one person's turn is over, a cover
hides everything private (``Screen.covered``: the renderer then draws no hand, no lay-down area,
no hint, no selection at all) and names who is next: "Pass the device to Liisa". Liisa presses
"I am Liisa" (``Act.UNCOVER``) and the table is drawn for her (``App.draw_for``). Computer
players' turns between two people play on under the cover, and a person passed for without
being called (their buy setting says "never": ``App.auto_pass_seat``) is never named.

With one person at the device nothing here ever happens. Pure Python.
"""

from __future__ import annotations

from rommi import Phase
from ui.commands.acts import Act, Effects
from ui.model.app import App, SeatKind
from ui.screen import Screen
from ui.words.i18n import t

# The cover's button, "I am Liisa" (drawn by ``browser.render.table``): the keyboard goes there.
COVER_BUTTON = f'#cover button[data-act="{Act.UNCOVER}"]'
# Where the keyboard goes once the cover is lifted: Pass when offered a card (never Buy: a stray
# Enter passes), else the piles to draw from, else the card drawn, else the hand.
UNCOVERED = (
    f'#buy-panel [data-act="{Act.PASS}"] || #centre .pile.live'
    " || #hand button.card.fresh || #hand button.card"
)
# What may be pressed while the cover is up: lifting it and the menu. Everything else is about the
# private part (cards, moves, hint, undo, sort, the lay-down area, buying) and changes nothing.
OPEN_ACTS = frozenset({Act.UNCOVER, Act.NEW_GAME, Act.MENU_NEW_GAME, Act.SCORES, Act.SHEET_CLOSE})


def several_here(app: App) -> bool:
    """More than one person plays at this device: the table covers between their turns."""
    return len(app.people_here()) >= 2


def cover_seat(app: App) -> int | None:
    """The person the cover names: the one who must act now, if a person here who is to be called;
    None while computer players play under the cover (or a person is passed for), or between deals."""
    seat = app.seat_to_act()
    if seat is None or app.seats[seat].played_by != SeatKind.HERE or app.auto_pass_seat() == seat:
        return None
    return seat


def cover_title(app: App) -> str:
    """The cover's heading: "Pass the device to Liisa", or that the computer players are playing."""
    seat = cover_seat(app)
    return t("cover.wait") if seat is None else t("cover.title", name=app.names[seat])


def hands_over(app: App) -> bool:
    """After a move: the table must be covered, since the drawn person does not act next. The turn
    passes to another person who is to be called, or the drawn person's turn is over (computer
    players or people passed for play on under the cover). Computer players answering a buy
    window inside the drawn person's own turn do not cover their hand."""
    seat = app.seat_to_act()
    if seat is None or seat == app.drawn_for:
        return False
    if cover_seat(app) is not None:
        return True
    return bool(app.view()["turn"] != app.drawn_for)


def after_move(screen: Screen, app: App, fx: Effects, new_deal: bool) -> None:
    """Raise (or drop) the cover after a move that was applied (``ui.play.play``). A deal or the
    match over: no cover (the score sheet shows, the hands are public then). A new deal always
    covers: a new hand, passed to whoever acts first.

    ``fx.cover`` says the cover went up now, or now names the person to take the device (the
    computer players played under it until now: only they, or a person passed for without being
    called, move while it is up, so it named nobody before this move)."""
    if not several_here(app):
        return
    if app.phase() in (Phase.DEAL_OVER, Phase.MATCH_OVER):
        screen.covered = False
        return
    was = screen.covered
    if not was and (new_deal or hands_over(app)):
        screen.covered = True
        screen.clear_messages()
        app.selected = []
    if screen.covered and (not was or cover_seat(app) is not None):
        said(app, fx)


def said(app: App, fx: Effects) -> None:
    """The cover is news: the live region says whom it names, the keyboard goes to its button."""
    fx.cover = True
    fx.focus = COVER_BUTTON
    fx.announce = cover_title(app)


def cover_new_table(screen: Screen, app: App) -> bool:
    """A new match or a reload with several people here starts under the cover (unless the deal
    or match is over): whoever acts first takes the device. True when the cover is up."""
    screen.covered = several_here(app) and app.phase() not in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    return screen.covered


def lift(screen: Screen, app: App) -> bool:
    """The cover's "I am Liisa": the table is drawn for the person the cover names; False (nothing changes)
    when the cover is not up or names nobody (the computer players are still playing)."""
    seat = cover_seat(app)
    if not screen.covered or seat is None:
        return False
    app.draw_for(seat)
    screen.covered = False
    screen.clear_messages()
    screen.hand_cursor = None
    return True


def refused_while_covered(screen: Screen, act: Act) -> bool:
    """Whether ``act`` is about the private part and the cover is up: it changes nothing."""
    return screen.covered and act not in OPEN_ACTS
