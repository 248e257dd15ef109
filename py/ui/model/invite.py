"""The invitation to an online table, and the page's online session as plain state.

An invitation is the page's address with the table in its fragment, ``#table=<room>.<secret>``
(and ``&relay=...`` when the visit chose relays with its address, for the friend to use the same
ones): the fragment never leaves the browser, so no web server learns the room nor its secret.
The room names the table on the relays; the secret encrypts the signalling (the offers and
answers), so a relay can neither read nor answer them. Both are 128 random bits, as hex.

An invitation is read strictly: a fragment that starts ``#table=`` and is anything but a room,
a secret and relays this page may use is no table at all (a translated note says so, and the
page opens as it would without it).

Plain Python, standard library only (and ``ui.model.relays``).

>>> link = invitation("https://example.org/rommi/", "a" * 32, "b" * 32, ["ws://127.0.0.1:7447"])
>>> link
'https://example.org/rommi/#table=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb&relay=ws%3A%2F%2F127.0.0.1%3A7447'
>>> read_invitation(link[link.index("#") :]).relays
['ws://127.0.0.1:7447']
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from rommi.errors import Refused
from ui.model.relays import MOST_RELAYS, address_part, chosen_relay

PREFIX = "#table="
_PART = re.compile(r"[0-9a-f]{32}")
_FRAGMENT = re.compile(r"#table=([0-9a-f]{32})\.([0-9a-f]{32})((?:&relay=[^&#]{1,200}){0,8})")


@dataclass(frozen=True)
class Invitation:
    """A table to join: its room, its secret, and the relays its host chose ([]: the built-in ones)."""

    room: str
    secret: str
    relays: list[str] = field(default_factory=list)


def new_table() -> tuple[str, str]:
    """A new table's room and secret: 128 random bits each."""
    return secrets.token_hex(16), secrets.token_hex(16)


def invitation(address: str, room: str, secret: str, relays: list[str]) -> str:
    """The link a friend opens to join: ``address`` (the page's, without a fragment) and the table."""
    if not (_PART.fullmatch(room) and _PART.fullmatch(secret)):
        raise ValueError("a room and a secret are 32 hex digits each")
    relay = address_part(relays)
    return f"{_own_page(address)}{PREFIX}{room}.{secret}" + (f"&{relay}" if relay else "")


def _own_page(address: str) -> str:
    """The page's address for a friend: without its fragment, and without ``embed`` (the host's
    page may sit in another site's frame; the friend opens the link in a tab of their own).

    >>> _own_page("https://example.org/rommi/?embed=1&lang=fi#table=x")
    'https://example.org/rommi/?lang=fi'
    >>> _own_page("https://example.org/rommi/?embed=1")
    'https://example.org/rommi/'
    """
    page, _, query = address.split("#")[0].partition("?")
    kept = [part for part in query.split("&") if part and part.split("=")[0] != "embed"]
    return page + ("?" + "&".join(kept) if kept else "")


def is_invitation(fragment: str) -> bool:
    """Whether the address's fragment means to name a table (then it is read, or said to be bad)."""
    return fragment.startswith(PREFIX)


def read_invitation(fragment: str) -> Invitation:
    """The table named by the address's fragment; ``Refused("link.table_bad")`` for a fragment
    that is not one whole invitation (cut short, changed, or naming a relay this page cannot use)."""
    found = _FRAGMENT.fullmatch(fragment)
    if found is None:
        raise Refused("link.table_bad", "not a table's invitation")
    relays: list[str] = []
    for part in found.group(3).split("&relay=")[1:]:
        relay = chosen_relay(unquote(part))
        if relay is None:
            raise Refused("link.table_bad", "a relay this page cannot use")
        if relay not in relays:
            relays.append(relay)
    if len(relays) > MOST_RELAYS:
        raise Refused("link.table_bad", "too many relays")
    return Invitation(found.group(1), found.group(2), relays)


@dataclass
class Online:
    """The page's online table, as plain state (``Screen.online``): the lobby draws from it, its
    handlers (``ui.commands.lobby``) change it, and the browser half (``browser.session``) sends
    what waits in ``outbox`` and hands in what arrives.

    ``role``: "host" (this device runs the engine, ``host`` is its ``ui.online.host.Host``) or
    "guest" (``guest`` is its ``ui.online.guest.Guest``). ``status``: "connecting" (the
    connection is being opened), "open", "failed" (it could not be opened), "bye" (the host
    said goodbye: ``bye`` why), "gone" (the host left) or "lost" (a guest of a table paired by
    links without its connection, after a reload or a lost connection: it waits for a new
    pairing link, its seat kept). ``error``: the last refusal or
    trouble, as a catalog key and its parameters, shown in the lobby.
    """

    role: str
    room: str
    secret: str
    relays: list[str]
    link: str = ""
    host: Any = None
    guest: Any = None
    status: str = "connecting"
    error: tuple[str, dict[str, Any]] | None = None
    outbox: list[tuple[str | None, str]] = field(default_factory=list)  # (peer or None: the host, text)
    name: str = ""  # the guest's name as typed in the lobby
    copied: str | None = None  # what copying the link did: "copied", or "keys" (select and press Ctrl+C)
    qr: list[str] | None = None  # the link's QR code, rows of "0" and "1" (made by the browser half)
    level: str = "normal"  # the computer players' level the host chose (empty seats at the start)
    solo: Any = None  # the game at this device before the table (``App``), back when it is left
    asking: bool = False  # "New game" at the table: asked first whether to end (host) or leave (guest) it
    back: list[tuple[str, float]] = field(default_factory=list)  # (name, when): seats handed back
    # The quick reactions shown beside their seats (``ui.online.reactions``: seat -> code, until
    # when), and how many this device sent (the table's menu closes after each).
    reactions: dict[int, tuple[str, float]] = field(default_factory=dict)
    reacted: int = 0
    # Same room, no Internet (``ui.online.pairing``): "host" at a host paired by links, the
    # host's offer at such a guest (None: the relays). ``pair_link``: the host's pairing link for
    # the next guest, or the guest's answer link, and its QR code; ``answer``: the code the host
    # pasted, for the browser half to connect.
    pairing: str | None = None
    pair_link: str = ""
    pair_qr: list[str] | None = None
    answer: str = ""
    # A paired host pairing someone away again ("Pair again with Liisa"): their seat, its link and
    # QR code, whether its answer was taken (connecting), and which peer each pairing is for
    # (``ui.online.pairing.Pairings``: the host's check that they show that seat's token).
    pair_for: int | None = None
    again_link: str = ""
    again_qr: list[str] | None = None
    again_sent: bool = False
    pairings: Any = None

    def seats(self) -> list[dict[str, Any]]:
        """Every seat of the table as the lobby shows it (``name``, ``kind``, ``away``, ``stand_in``)."""
        if self.host is not None:
            return list(self.host.lobby.public())
        lobby = None if self.guest is None else self.guest.lobby
        return list(lobby["seats"]) if lobby else []

    def you(self) -> int | None:
        """This device's seat: the host's is 0; a guest's once it sat (or came back)."""
        if self.role == "host":
            return 0
        return None if self.guest is None else self.guest.seat

    def started(self) -> bool:
        if self.host is not None:
            return bool(self.host.started or self.host.round is not None)
        lobby = None if self.guest is None else self.guest.lobby
        return bool(lobby and lobby.get("started"))


def status_words(online: Online) -> str:
    """The lobby's status line: where the connection is, and what to do next."""
    from ui.words.i18n import t

    if online.status == "failed" and online.error is not None:
        return t("online.status.failed", detail=online.error[1].get("detail", ""))
    if online.pairing and online.role == "guest" and online.status == "connecting":
        return t("online.status.pairing.guest")  # same room, no Internet: the answer goes back first
    if online.status in ("connecting", "failed"):
        return t("online.status.connecting")
    if online.status == "bye" and online.guest is not None and online.guest.bye:
        return t("online.bye." + online.guest.bye)
    if online.status == "gone":
        return t("online.status.gone")
    if online.status == "lost":
        return t("online.status.pair_lost")
    if online.role == "host" and online.pair_for is not None:
        name = online.host.lobby.places[online.pair_for].name
        return t(
            "online.status.pair_again_sent" if online.again_sent else "online.status.pair_again", name=name
        )
    if online.started():
        playing = online.host.started if online.host is not None else online.guest.view is not None
        return t("online.status.playing" if playing else "online.status.dealing")
    if online.role == "host":
        return t("online.status.pairing.host" if online.pairing else "online.status.open.host")
    if online.guest is None or online.guest.lobby is None:
        return t("online.status.waiting_host")
    seat = online.you()
    if seat is not None:
        return t("online.status.seated", seat=seat + 1)
    return t("online.status.open.guest")


def qr_path(rows: list[str]) -> str:
    """An SVG path drawing a QR code's dark modules (``rows``: "1" dark, "0" light), one
    rectangle per run of dark modules in a row, so the picture is small and sharp at any size.

    >>> qr_path(["110", "011"])
    'M0 0h2v1h-2zM1 1h2v1h-2z'
    """
    parts = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x] != "1":
                x += 1
                continue
            run = len(row[x:]) - len(row[x:].lstrip("1"))
            parts.append(f"M{x} {y}h{run}v1h-{run}z")
            x += run
    return "".join(parts)


def qr_image(rows: list[str]) -> str:
    """The QR code as an image address (``data:image/svg+xml``) with a quiet zone of 4 modules:
    drawn from 0s and 1s alone, it carries no text of anyone's."""
    from urllib.parse import quote

    if any(set(row) - {"0", "1"} for row in rows):
        raise ValueError("a QR code's rows are 0s and 1s")
    size = len(rows) + 8
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 {size} {size}" shape-rendering="crispEdges">'
        f'<rect x="-4" y="-4" width="{size}" height="{size}" fill="#fff"/>'
        f'<path fill="#000" d="{qr_path(rows)}"/></svg>'
    )
    return "data:image/svg+xml," + quote(svg, safe="")
