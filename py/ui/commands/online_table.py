"""The online table's own controls on the table (plain Python): the host's "Let the computer play
for Liisa", the host lobby's answer time for a buy offer, and "New game" asked first.

At an online table "New game" is not a game at this device: on the host's table it ends the
table for everyone, on a guest's it leaves the table. So it is asked first (``ask_leave``, from
``ui.commands.table``'s New game), in the table's notice line, with an explicit "yes" and a
"no" that goes back to the table as it was.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from rommi.errors import Refused
from ui.commands import lobby
from ui.commands.acts import Act, Effects, Target
from ui.model.settings import settings_from_dict
from ui.screen import Screen

Handler = Callable[[Screen, Target], Effects]
ASK = f'#online-line [data-act="{Act.LEAVE_NO}"]'  # the question's safe answer takes the keyboard
clock: Callable[[], float] = time.time  # wall-clock seconds, as the host's session passes them (tests set it)


def ask_leave(screen: Screen) -> Effects:
    """ "New game" at an online table: ask first (the host ends the table, a guest leaves it)."""
    screen.online.asking = True
    screen.sheet_open = False  # the question is on the table, not behind the score sheet
    return Effects(focus=ASK)


def _leave_yes(screen: Screen, target: Target) -> Effects:
    """Yes: the table ends (the host's goodbye to every guest) or is left (a guest), and the
    setup screen opens for a new game at this device, as New game does at one device."""
    if screen.online is None:
        return Effects(redraw=False)
    lobby.leave_table(screen)
    screen.screen = "setup"
    screen.form, _ = settings_from_dict(screen.settings.to_dict())
    return Effects(online="leave", forget=True, focus="#setup-form input, #setup-form button")


def _leave_no(screen: Screen, target: Target) -> Effects:
    """No: back to the table, as it was."""
    if screen.online is None:
        return Effects(redraw=False)
    screen.online.asking = False
    return Effects(focus='[data-act="menu-new-game"]')


def _stand_in(screen: Screen, target: Target) -> Effects:
    """ "Let the computer play for Liisa": a computer player at the table's level plays her seat
    until she is back (``Host.stand_in``); offered only once she has been away a while."""
    online = screen.online
    if online is None or online.host is None or target.index is None:
        return Effects(redraw=False)
    host = online.host
    if target.index not in host.stand_in_offers(clock()):
        return Effects(redraw=False)  # she came back meanwhile, or a computer already plays
    try:
        return lobby.carry(screen, host.stand_in(target.index, online.level))
    except Refused as e:
        online.error = (e.key, {"detail": e.detail})
        return Effects(online="send")


def _answer_time(screen: Screen, target: Target) -> Effects:
    """The host's lobby: how long each person has to answer a buy offer (off by default)."""
    online = screen.online
    if online is None or online.host is None:
        return Effects(redraw=False)
    online.error = None
    value = target.value or ""
    try:
        seconds = int(value) if value else None
        return lobby.carry(screen, online.host.set_answer_time(seconds))
    except Refused as e:  # (a ValueError too: first)
        online.error = (e.key, {"detail": e.detail})
        return Effects(online="send")
    except ValueError:  # not a number: no control sends that
        return Effects(redraw=False)


HANDLERS: dict[Act, Handler] = {
    Act.STAND_IN: _stand_in,
    Act.ANSWER_TIME: _answer_time,
    Act.LEAVE_YES: _leave_yes,
    Act.LEAVE_NO: _leave_no,
}
