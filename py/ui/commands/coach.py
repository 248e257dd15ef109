"""The coach's question answered (``ui.model.coach``): "Go ahead" plays the move held back, through
the one move path (``ui.play.play``) unchanged; "Take it back" drops it, and the table is as it
was before the move was tried (the card still selected), with the keyboard back where it was."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rommi.actions import Action
from ui.commands.acts import Act, Effects, Target
from ui.model.app import App
from ui.model.coach import question, words
from ui.play import play
from ui.screen import Screen
from ui.words.i18n import t

HAND_STOP = '#hand button.card[tabindex="0"]'
ASKED = f'#coach-dialog [data-act="{Act.COACH_BACK}"]'  # the keyboard starts on "Take it back"
AFTER_BACK = f'#actions [data-act="{Act.DISCARD}"] || {HAND_STOP}'


def ask_first(screen: Screen, app: App, action: Action, uids: Iterable[int]) -> Effects | None:
    """Before your move: the coach's question in its place (said, and the keyboard on it), or
    None when the coach has nothing to say and the move is played."""
    found = question(screen, app, action, tuple(uids))
    if found is None:
        return None
    screen.coach = found
    return Effects(focus=ASKED, announce=t("coach.said", text=words(found.concern, app)))


def _go(screen: Screen, app: App, target: Target) -> Effects:
    """Go ahead: the move as it was made, as if the coach had not spoken."""
    held, screen.coach = screen.coach, None
    if held is None:
        return Effects(redraw=False)
    fx = play(screen, app.drawn_for, held.action, held.uids)
    if fx.focus is None and not fx.cover and not fx.deal_over:
        fx.focus = HAND_STOP  # from the dialog, gone, back to your hand
    return fx


def _back(screen: Screen, app: App, target: Target) -> Effects:
    return take_back(screen)


def take_back(screen: Screen) -> Effects:
    """Take it back (also Esc): nothing is played; the same move at the same point is not asked
    about again (the coach asks once)."""
    held, screen.coach = screen.coach, None
    if held is None:
        return Effects(redraw=False)
    screen.coach_heard = held.at
    return Effects(focus=AFTER_BACK, announce=t("coach.taken_back"))


HANDLERS: dict[Act, Callable[[Screen, App, Target], Effects]] = {Act.COACH_GO: _go, Act.COACH_BACK: _back}
