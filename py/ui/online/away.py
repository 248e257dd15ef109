"""The online table's words about who is away (plain Python, no engine, no ``js``).

A person whose device lost the connection keeps their seat (their seat token brings them
back). Meanwhile every table, the host's and each guest's, says "Waiting for Liisa…"; the
host knows it from ``Host.away(now)``, a guest from the ``lobby`` message's ``away``. After
``Host.stand_in_after`` seconds the host's table offers "Let the computer play for Liisa"
(``Host.stand_in_offers``); at a table paired by links (no relay), it also offers "Pair
again with Liisa" at once (``ui.online.pairing``), and a paired guest without its connection
is told to ask the host for a new link; once a computer stands in, the tables say so, and when Liisa's
device says hello again with her token the seat is hers (``Host.hand_back``) and the host's
table says she is back for ``SHOW_BACK`` seconds.

``lines(online, now)`` gives what the table shows, for the renderer
(``browser.render.online_line``) and for the tests; ``news`` what of it is new, to announce;
``waiting_words(screen)`` the turn line's "Waiting for 2 answers" in an open buy window, on the
host's table as on a guest's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ui.online.lobby import Kind
from ui.words.i18n import t

SHOW_BACK = 10.0  # seconds the host's table says "Liisa is back"


@dataclass(frozen=True)
class Line:
    """One line of the online table's notice: its words, and the seat whose stand-in the host
    is offered beside it (None: no button)."""

    text: str
    offer: int | None = None
    again: int | None = None  # at a table paired by links: the seat the host may pair again


def news(before: list[Line] | None, after: list[Line]) -> str:
    """What a screen reader is told when the notice changes: only its lines that are new (someone
    newly away, an offer newly made). A line that went (Liisa is back) says nothing here: the
    table has just said "Liisa is back at the table.", and repeating "Waiting for Pekka…" would
    talk over it in the live region before it was heard."""
    return " ".join(line.text for line in after if line not in (before or []))


def lines(online: Any, now: float) -> list[Line]:
    """What the online table says about who is away, in seat order: "Waiting for Liisa…" (with
    the host's offer once she has been away long enough), "The computer plays for Liisa", and
    on the host's table "Liisa is back" for a while after her seat was handed back."""
    if online is None:
        return []
    out: list[Line] = []
    host = online.host
    if host is not None:
        if not host.started:
            return []
        offers = set(host.stand_in_offers(now))
        again = online.pairing == "host"  # no relay: someone away comes back over a new pairing
        for seat, name, _ in host.away(now):
            if host.lobby.places[seat].stand_in is not None:
                out.append(Line(t("online.standing_in", name=name), again=seat if again else None))
            else:
                offer = seat if seat in offers else None
                out.append(Line(t("online.waiting_for", name=name), offer, seat if again else None))
        out += [Line(t("online.handed_back", name=name)) for name, at in online.back if now - at < SHOW_BACK]
        return out
    guest = online.guest
    lobby = None if guest is None else guest.lobby
    if not lobby or guest.view is None:
        return []
    if online.status == "lost":  # a paired guest: only a new pairing link brings it back
        return [Line(t("online.status.pair_lost"))]
    for seat, place in enumerate(lobby["seats"]):
        if seat == guest.seat or place.get("kind") != Kind.PERSON.value or not place.get("away"):
            continue
        key = "online.standing_in" if place.get("stand_in") else "online.waiting_for"
        out.append(Line(t(key, name=str(place.get("name", "")))))
    return out


def came_back(online: Any, seats: list[int], now: float) -> None:
    """Seats just handed back to their person (``Reply.back``): the host's table says so."""
    if not seats or online is None or online.host is None:
        return
    places = online.host.lobby.places
    online.back = [(n, at) for n, at in online.back if now - at < SHOW_BACK]
    online.back += [(places[seat].name, now) for seat in seats]


def waiting_words(screen: Any) -> str | None:
    """In an open buy window: "Waiting for 2 answers" (never whose), on a guest's table (from
    the host's count) and on the host's own (``Host.buy_waiting``); else None."""
    from ui.online.guest_table import waiting_line

    app = screen.app
    if app is None:
        return None
    if app.remote:
        return waiting_line(app)
    online = screen.online
    host = None if online is None else online.host
    if host is None or not host.started or host.app is not app:
        return None
    count = host.buy_waiting()
    if not count:
        return None
    return t("online.waiting_answers.one" if count == 1 else "online.waiting_answers", count=count)
