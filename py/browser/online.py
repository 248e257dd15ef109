"""Playing online, the browser half of the transport: ``js/online.mjs`` for Python.

Browser only. The module is imported by the page only when an online table opens (a dynamic
``import()``), so a game at one device never loads Trystero nor talks to another host. Text
goes both ways as ``str``: the plain half (``ui.online``) writes every message and bounds and
checks every one that arrives; nothing here parses or trusts it. Uses Pyodide's own bridge
(``pyodide.ffi``), not PyScript's, so it also runs in a bare Pyodide (the browser tests do)::

    connection = await join("rommi", room, secret, relays_for(address.relays))
    connection.on_message(lambda text, peer: ...)
    connection.send('{"t": "hello", ...}')  # to every peer; send(text, peer) to one
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from js import URL, Object, document  # type: ignore[import-not-found]
from pyodide.code import run_js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from ui.model.relays import ice_servers

MODULE = "js/online.mjs"  # relative to the page (document.baseURI), as the build lays the site out


class Connection:
    """This browser in one room: send text to one peer or all, hear text, peers and trouble.

    Each handler replaces the one before; the JavaScript callbacks made for them are released
    by ``leave``.
    """

    def __init__(self, room: Any) -> None:
        self._room = room
        self._proxies: list[Any] = []
        self.self_id = str(room.selfId)

    def _listen(self, register: Any, handler: Callable[..., None]) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        register(proxy)

    def send(self, text: str, peer: str | None = None) -> None:
        """``text`` to ``peer`` only, or to every peer in the room when ``peer`` is None."""
        self._room.send(text, peer)

    def on_message(self, handler: Callable[[str, str], None]) -> None:
        """``handler(text, peer)`` for each text a peer sent (to this browser alone or to all)."""
        self._listen(self._room.onMessage, lambda text, peer: handler(str(text), str(peer)))

    def on_peer(self, handler: Callable[[str, bool], None]) -> None:
        """``handler(peer, joined)`` when a peer's data channel opens (True) or closes (False)."""
        self._listen(self._room.onPeer, lambda peer, joined: handler(str(peer), bool(joined)))

    def on_trouble(self, handler: Callable[[str, str], None]) -> None:
        """``handler(what, peer)`` when a peer could not be reached (the connection failed after
        the signalling, or a send found the peer gone); a TURN server may be needed."""
        self._listen(self._room.onTrouble, lambda what, peer: handler(str(what), str(peer)))

    def peers(self) -> list[str]:
        """The peers whose data channels are open now."""
        return [str(peer) for peer in self._room.peers()]

    def leave(self) -> None:
        """Leave the room and release the handlers."""
        self._room.leave()
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies.clear()


async def join(
    app_id: str,
    room: str,
    password: str,
    relays: list[str],
    servers: list[dict[str, Any]] | None = None,
    module: str = MODULE,
) -> Connection:
    """Load ``js/online.mjs`` (the first call only: the browser keeps the module) and join
    ``room`` through ``relays``; ``servers``, the ICE servers, default to those of the one
    setting for these relays (``ui.model.relays.ice_servers``)."""
    url = str(URL.new(module, document.baseURI).href)
    online = await run_js(f"import({json.dumps(url)})")
    config = {
        "appId": app_id,
        "room": room,
        "password": password,
        "relays": list(relays),
        "iceServers": ice_servers(list(relays)) if servers is None else servers,
    }
    return Connection(online.join(to_js(config, dict_converter=Object.fromEntries)))
