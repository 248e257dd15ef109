"""The online table's notice under the turn line: who is away ("Waiting for Liisa…"), the host's
"Let the computer play for Liisa" (at a table paired by links, "Pair again with Liisa"), a
computer standing in, someone back, and "New game" asked first (end the table, or leave it).

What it says comes from plain Python (``ui.online.away.lines``); drawn only when it changed,
and hidden at a game at one device. Names go in as text.
"""

from __future__ import annotations

import time
from typing import Any

from browser.dom import button, by_id, el, fill
from ui.commands.acts import Act
from ui.draw.regions import changed
from ui.screen import Screen
from ui.words import i18n
from ui.words.i18n import t


def online_line(s: Screen) -> None:
    online = s.online
    node = by_id("online-line")
    if online is None:
        if changed("online-line", None):
            node.hidden = True
            fill(node, [])
        return
    from ui.online.away import lines

    shown = lines(online, time.time())
    asking = online.asking and s.screen == "table"
    if not changed("online-line", (tuple(shown), asking, online.role, i18n.language)):
        return
    parts: list[Any] = []
    for line in shown:
        parts.append(el("p", None, line.text))
        if line.again is not None:  # a table paired by links: a new link for this seat
            name = online.host.lobby.places[line.again].name
            parts.append(
                button(
                    t("online.pair_again", name=name),
                    Act.PAIR_AGAIN,
                    "primary",
                    key=f"pair-again-{line.again}",
                    data_index=line.again,
                )
            )
        if line.offer is not None:
            name = online.host.lobby.places[line.offer].name
            parts.append(
                button(
                    t("online.stand_in", name=name),
                    Act.STAND_IN,
                    "primary",
                    key=f"stand-in-{line.offer}",
                    data_index=line.offer,
                )
            )
    if asking:
        parts.append(_ask(online.role))
    node.hidden = not parts
    fill(node, parts)


def _ask(role: str) -> Any:
    """New game at an online table, asked first: the host ends the table, a guest leaves it."""
    ask = el("p", None, t(f"online.leave_ask.{role}"), id="online-leave-ask")
    return el(
        "div",
        "online-ask",
        role="group",
        aria_labelledby="online-leave-ask",
        children=[
            ask,
            button(t(f"online.leave_yes.{role}"), Act.LEAVE_YES, "danger"),
            button(t("online.leave_no"), Act.LEAVE_NO, "primary"),
        ],
    )
