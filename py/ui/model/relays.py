"""The one setting for playing online: the relays that carry the signalling, the STUN servers and
an optional TURN server; and the address's ``relay=``, which chooses among them.

Players' browsers find each other through public Nostr relays (Trystero's Nostr strategy,
``js/online.mjs``), then talk over WebRTC data channels. Edit ``RELAYS``, ``STUN`` and ``TURN``
here and build again: the build (``tools/build/build.py``, which loads this file alone) writes
the relays into the page's content security policy (``connect-src``), because a ``<meta>``
policy cannot be widened at run time, so a relay not named here at build time is out of the
page's reach. Loopback relays (``ws://127.0.0.1:PORT``, ``ws://localhost:PORT``: a relay on
this machine, as the tests start) are always allowed. The policy does not govern STUN and TURN
traffic (ICE is not a fetch): those servers are listed here only so the page knows them.

Plain Python, standard library only: ``ui.model.query`` reads ``relay=`` with it, the browser
half (``browser.online``) passes the chosen relays and ICE servers to ``js/online.mjs``.

>>> chosen_relay("ws://127.0.0.1:7447"), chosen_relay(RELAYS[0]), chosen_relay("wss://evil.example")
('ws://127.0.0.1:7447', 'wss://nos.lol', None)
>>> ice_servers(["ws://localhost:7447"])
[]
"""

from __future__ import annotations

import re
from typing import Any

# Public Nostr relays from Trystero 0.25.4's own default list (they take its short-lived events);
# every peer of a room must share at least one. wss:// only: a page served over https may open
# no plain ws:// to another host.
RELAYS: tuple[str, ...] = (
    "wss://nos.lol",
    "wss://relay.mostr.pub",
    "wss://purplerelay.com",
    "wss://nostr.data.haus",
    "wss://relay.sigit.io",
)
# STUN servers: each browser asks them its public address, so two players behind ordinary
# home routers can connect directly. Trystero's defaults.
STUN: tuple[str, ...] = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
# A TURN server relays the data when no direct path works (strict NAT on both sides, UDP
# blocked: roughly 15-25% of player pairs). None by default; for example
# {"urls": "turn:turn.example.org:3478", "username": "rommi", "credential": "secret"}.
TURN: dict[str, str] | None = None

# connect-src sources for relays on this machine, any port (the tests start one on a free port).
LOOPBACK_SOURCES = ("ws://127.0.0.1:*", "ws://localhost:*")
LOOPBACK = re.compile(r"ws://(?:127\.0\.0\.1|localhost):([0-9]{1,5})/?")
# A built-in relay's address as it may appear in the policy: no spaces, quotes or semicolons.
RELAY_ADDRESS = re.compile(r"wss://[a-z0-9.-]+(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~/-]*)?")
MOST_RELAYS = 8  # relay= values beyond these are noted and ignored


def chosen_relay(value: str) -> str | None:
    """``value`` as a relay the page may use: a built-in one, or a loopback address with a port
    (without its trailing ``/``); None for anything else."""
    if value in RELAYS:
        return value
    loopback = LOOPBACK.fullmatch(value)
    if loopback and 1 <= int(loopback.group(1)) <= 65535:
        return value.removesuffix("/")
    return None


def relays_for(chosen: list[str]) -> list[str]:
    """The relays an online table uses: those the address chose, else every built-in one."""
    return list(chosen) if chosen else list(RELAYS)


def address_part(chosen: list[str]) -> str:
    """``relay=...&relay=...`` for an invitation made on a visit whose address chose relays
    (the friend must use the same ones); empty when it chose none.

    >>> address_part(["ws://127.0.0.1:7447"])
    'relay=ws%3A%2F%2F127.0.0.1%3A7447'
    """
    from urllib.parse import quote

    return "&".join("relay=" + quote(relay, safe="") for relay in chosen)


def ice_servers(relays: list[str]) -> list[dict[str, Any]]:
    """The ICE servers (RTCIceServer objects) for a table signalled through ``relays``: the STUN
    servers and the TURN server, if any; none when every relay is on this machine (then every
    player is too, and nothing is asked of another host)."""
    if relays and all(LOOPBACK.fullmatch(relay) for relay in relays):
        return []
    servers: list[dict[str, Any]] = [{"urls": url} for url in STUN]
    if TURN is not None:
        servers.append(dict(TURN))
    return servers


def connect_sources() -> list[str]:
    """The policy's ``connect-src`` beyond ``'self'``: the built-in relays and the loopback ones.

    Raises ValueError for a built-in relay that is not a plain ``wss://`` address (it would
    otherwise be written into the policy as it is).
    """
    for relay in RELAYS:
        if not RELAY_ADDRESS.fullmatch(relay):
            raise ValueError(f"not a wss:// relay address: {relay!r}")
    return [*RELAYS, *LOOPBACK_SOURCES]
