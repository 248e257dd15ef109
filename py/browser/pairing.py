"""Same room, no Internet, the browser half: ``js/pair.mjs`` for Python (browser only).

Loaded only when a table paired by links opens. The connection it gives is the same as a
relay's (``browser.online.Connection``: send, hear text and peers, leave), so the session
runs the host and the guests as at any online table; only how the peers meet differs: the
host makes one offer per guest (``offer``) and takes its answer (``accept``), a guest makes
its answer from the host's offer (``answer``). The codes are checked by ``ui.online.pairing``
before they reach here.
"""

from __future__ import annotations

import json
from typing import Any

from js import URL, document, window  # type: ignore[import-not-found]
from pyodide.code import run_js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from browser.online import Connection

MODULE = "js/pair.mjs"  # relative to the page, as the build lays the site out


class Paired(Connection):
    """A connection whose peers are paired by hand, one code each way."""

    async def offer(self) -> str:
        """The host: a new pairing's offer, for the next guest's link."""
        return (await self.pairing())[0]

    async def pairing(self) -> tuple[str, str]:
        """The host: a new pairing's offer, for a guest's link, and the peer that guest will be."""
        made = await self._room.offer()
        return str(made.code), str(made.peer)

    async def accept(self, code: str) -> str:
        """The host: a guest's answer to one of its offers (that guest's channel then opens): its peer."""
        return str(await self._room.accept(code))

    def drop(self, peer: str) -> None:
        """The host: close one guest's connection (refused, or its pairing let go)."""
        self._room.drop(peer)

    async def answer(self) -> str:
        """A guest: its answer to the host's offer, for the link back."""
        return str(await self._room.answer)


async def _module() -> Any:
    url = str(URL.new(MODULE, document.baseURI).href)
    return await run_js(f"import({json.dumps(url)})")


async def host() -> Paired:
    """The host's end: no peer yet; each ``offer``/``accept`` adds one."""
    return Paired((await _module()).host())


async def guest(offer: str) -> Paired:
    """A guest's end, from the host's offer."""
    return Paired((await _module()).guest(offer))


_listening: dict[str, Any] = {}


def open_new_links() -> None:
    """A paired guest's page (its link spent): a new pairing link opened in this same tab (pasted
    into the address bar) changes only the address's fragment, which reloads no page; this page
    then opens it as a fresh visit would (a reload), to be paired again. Once per page."""
    from ui.online.pairing import OFFER_PREFIX

    if "hashchange" in _listening:
        return

    def changed(_: Any) -> None:
        if str(window.location.hash).startswith(OFFER_PREFIX):
            window.location.reload()

    _listening["hashchange"] = create_proxy(changed)
    window.addEventListener("hashchange", _listening["hashchange"])
