"""Quick reactions at an online table: which are shown beside which seat, and for how long.

A reaction is one of a short fixed list (``messages.REACTIONS``), worded in both languages
(``online.reaction.*``), so there is no text to moderate nor to translate. Any person at the
table sends one from the table's small menu ("React"); the host passes it to everyone
(``Host.react``), and each device shows it beside the seat for a few seconds and says it,
politely, to a screen reader ("Liisa: Nice!").

The time is handed in (``now``, seconds on the page's clock): nothing here sleeps or reads a
clock, so the tests pass the time they want and the page calls ``expire`` from its timer.

Plain Python.
"""

from __future__ import annotations

from ui.online.messages import REACTIONS
from ui.words.i18n import t

SHOW_FOR = 4.0  # seconds a reaction stays beside its seat

# seat -> (code, until when it is shown)
Shown = dict[int, tuple[str, float]]


def words(code: str) -> str:
    """The reaction as shown beside the seat ("Nice!")."""
    return t("online.reaction." + code)


def said(name: str, code: str) -> str:
    """The reaction as said to a screen reader: who, and what ("Liisa: Nice!")."""
    return t("online.reaction.said", name=name, reaction=words(code))


def show(shown: Shown, seat: int, code: str, now: float) -> bool:
    """Show ``code`` beside ``seat`` from ``now`` (a newer one replaces the seat's last);
    False, and nothing shown, for a code not on the list."""
    if code not in REACTIONS or not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        return False
    shown[seat] = (code, now + SHOW_FOR)
    return True


def current(shown: Shown, now: float) -> dict[int, str]:
    """The reactions to show at ``now``: the words beside each seat."""
    return {seat: words(code) for seat, (code, until) in shown.items() if now < until}


def expire(shown: Shown, now: float) -> bool:
    """Let go of the reactions whose time is up; whether any went (the table is drawn again)."""
    gone = [seat for seat, (_, until) in shown.items() if now >= until]
    for seat in gone:
        del shown[seat]
    return bool(gone)
