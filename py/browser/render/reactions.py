"""The online table's bits around the game: each seat's quick reaction beside it, the table's
menu of reactions, the host's "Invitation", the "Sound" switch, and no pace on a guest's table.

Browser only. Drawn after the seats: a seat redrawn by its own region loses its reaction's
element, which is put back here (only then, or when a reaction came or went:
``ui.draw.changes.beside_seats``).
"""

from __future__ import annotations

import time
from typing import Any

from browser.dom import button, by_id, el, fill, nn, query, real
from ui.commands.acts import Act
from ui.draw.changes import beside_seats
from ui.draw.regions import changed
from ui.model.app import App
from ui.online.messages import REACTIONS
from ui.online.reactions import current, words
from ui.screen import Screen
from ui.words import i18n
from ui.words.i18n import t


def table_bits(s: Screen, app: App) -> None:
    online = s.online
    shown = current(online.reactions, time.time()) if online is not None else {}
    # Only the seats whose reaction came, went or changed, or whose box was drawn again (which
    # took its reaction away): each seat looked up in the page costs a few calls into JavaScript.
    for seat in beside_seats(shown, app.drawn_for, len(app.seats)):
        box = by_id("mine") if seat == app.drawn_for else query(f'#opponents > [data-seat="{seat}"]')
        if box is not None:
            _beside(box, shown.get(seat))
    if changed("pace-shown", app.remote):
        for node in (by_id("pace"), query('label[for="pace"]')):
            if node is not None:
                node.hidden = app.remote  # the pace of the computer players is the host's
    sound = by_id("sound")
    if sound is not None and bool(sound.checked) != s.settings.sound:
        sound.checked = s.settings.sound
    _tools(s, app)


def _beside(box: Any, said: str | None) -> None:
    node = nn(box.querySelector(":scope > .reaction"))
    if said is None:
        if node is not None:
            node.remove()
    elif node is None:
        box.append(real(el("p", "reaction", said)))
    elif node.textContent != said:
        node.textContent = said


def _tools(s: Screen, app: App) -> None:
    """The reactions' menu (everyone at an online table) and "Invitation" (its host)."""
    online = s.online
    on = online is not None and app is not None and (online.host is not None or app.remote)
    sig = (on, i18n.language, None if online is None else (online.role, online.reacted))
    if not changed("online-tools", sig):
        return
    box = by_id("online-tools")
    if box is None:
        return
    box.hidden = not on
    if not on:
        box.replaceChildren()
        return
    choices = [button(words(code), Act.REACT, key=f"react-{code}", data_value=code) for code in REACTIONS]
    parts = [
        el(
            "details",
            "react-menu",
            id="react-menu",
            children=[
                el("summary", None, t("online.react")),
                el("div", "react-list", role="group", aria_label=t("online.react.title"), children=choices),
            ],
        )
    ]
    if online is not None and online.host is not None:
        parts.append(button(t("online.invite_again"), Act.INVITE_AGAIN, key="invite-again"))
    fill(box, parts)
