"""The deal's contract explained: the deal line's control opens its dialog, Close (or Esc) shuts it.

The dialog is drawn by ``browser.render.contract`` from ``Screen.contract_help`` and says what
``ui.model.contract_help.explanation`` says. Opening it puts the keyboard on its Close button
(a screen reader then reads the dialog's name and description); closing it puts the keyboard
back on the control that opened it. Nothing here is a move, so nothing is saved.
"""

from __future__ import annotations

from collections.abc import Callable

from ui.commands.acts import Act, Effects, Target
from ui.model.app import App
from ui.screen import Screen

CONTROL = f'[data-act="{Act.CONTRACT_HELP}"]'
CLOSE = f'#contract-help-dialog [data-act="{Act.CONTRACT_HELP_CLOSE}"]'


def open_help(screen: Screen, app: App, target: Target) -> Effects:
    """The deal line's control: the explanation of this deal's contract opens."""
    if screen.screen != "table":
        return Effects(redraw=False)
    screen.contract_help = True
    return Effects(focus=CLOSE)


def close_help(screen: Screen, app: App | None = None, target: Target | None = None) -> Effects:
    """Close (or Esc): the dialog shuts and the keyboard is back on the control."""
    if not screen.contract_help:
        return Effects(redraw=False)
    screen.contract_help = False
    return Effects(focus=CONTROL)


HANDLERS: dict[Act, Callable[[Screen, App, Target], Effects]] = {
    Act.CONTRACT_HELP: open_help,
    Act.CONTRACT_HELP_CLOSE: close_help,
}
