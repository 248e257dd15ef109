"""Calling the player back to a page in the background: the tab's title, and a short sound.

When your turn or a buy offer comes while the page is hidden (another tab, a phone's other
app), the tab's title says so ("Your turn — Rommi"), and a short sound plays if you turned
sound on (``Settings.sound``, off by default). The title is the page's own again once the page
is seen. This is for one device as for an online table: your turn after the computer players,
or after a friend's move that reached this device.

Only a call that *comes* while hidden counts: a turn that was already yours when you left the
page is not called again at each redraw. Plain Python: the browser half (``browser.attention``)
tells ``Attention`` what it sees (hidden or not, after each command) and does what it answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rommi.game import Phase
from ui.commands.acts import Effects
from ui.model.app import App, SeatKind
from ui.records.stores import SETTINGS
from ui.words.i18n import t


def calls_for(app: App | None) -> str | None:
    """What the table asks of a person at this device now: "buy" (a buy offer), "turn", or None."""
    if app is None:
        return None
    seat = app.seat_to_act()
    if seat is None or app.seats[seat].played_by != SeatKind.HERE:
        return None
    if app.auto_pass_seat() is not None:  # passed for without a question (the buy setting): no news
        return None
    return "buy" if app.phase() is Phase.BUY else "turn"


@dataclass(frozen=True)
class Call:
    """What the page does: its title now, and whether to play the sound."""

    title: str
    sound: bool = False


@dataclass
class Attention:
    """The page's title as the calls come and the page is seen (``base``: the page's own)."""

    base: str = "Rommi"
    last: str | None = None  # what the table asked at the last look
    calling: str | None = None  # what the title says while the page is hidden

    def after(self, need: str | None, hidden: bool, sound: bool) -> Call | None:
        """After a command: the title to set (and the sound) when a call comes while hidden;
        the page's own title when the call went before the page was seen; else None."""
        fresh = need is not None and need != self.last
        self.last = need
        if not hidden:
            return None
        if fresh:
            self.calling = need
            return Call(t("attention." + str(need)), sound)
        if need is None and self.calling is not None:
            self.calling = None
            return Call(self.base)
        return None

    def seen(self) -> Call | None:
        """The page is seen again: its own title back (None: it never changed)."""
        if self.calling is None:
            return None
        self.calling = None
        return Call(self.base)


def change_sound(screen: Any, on: bool) -> Effects:
    """The table's "Sound" switch: kept with the settings (off by default)."""
    screen.settings.sound = bool(on)
    screen.form.sound = bool(on)
    return Effects(save={SETTINGS}, redraw=False)
