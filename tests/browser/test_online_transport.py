"""The transport for playing online (issue 41 point 2): pages in separate browser contexts join one
room through a real Nostr relay on this machine (the ``nostr_relay`` fixture, PyPI's
``nostr-relay``) with ``js/online.mjs``, and a text sent to one peer reaches that peer only; the
Python wrapper (``browser.online``) does the same from Pyodide. Nothing goes to another host:
the relay is a loopback one (``relay=``), which the page's policy allows, and no STUN server is
asked (``ui.model.relays.ice_servers``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page
from tests.browser.relay import relay_fixture  # noqa: F401 (the fixture nostr_relay: a Nostr relay on this machine)

pytestmark = pytest.mark.browser

JOIN_TIMEOUT_MS = 60_000  # about 5 s for three peers on an idle machine (the spike's figure)

WATCH = """window.violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.violations.push(e.violatedDirective + " " + e.blockedURI));"""

# Join the room from the page, as py/browser/online.py does: import the module, then join.
JOIN = """async ({ relay, room }) => {
  const started = performance.now();
  const online = await import(new URL("js/online.mjs", document.baseURI).href);
  window.got = [];
  window.peers = [];
  window.troubles = [];
  const connection = window.connection = online.join(
    { appId: "rommi-test", room, password: "a secret", relays: [relay], iceServers: [] });
  connection.onMessage((text, peer) => window.got.push([text, peer]));
  connection.onPeer((peer, joined) => window.peers.push([peer, joined, performance.now() - started]));
  connection.onTrouble((what, peer) => window.troubles.push([what, peer]));
  return connection.selfId;
}"""


def open_page(new_context: Any, guard: Any, url: str) -> tuple[BrowserContext, Page]:
    context = guard.watch(new_context(service_workers="block"))
    page = context.new_page()
    page.add_init_script(WATCH)
    return context, page


def test_three_pages_join_one_room_and_a_text_to_one_peer_reaches_that_peer_only(
    new_context: Any, guard: Any, site_url: str, boot: Any, nostr_relay: str
) -> None:
    pages = []
    for _ in range(3):
        _, page = open_page(new_context, guard, site_url)
        boot(page, f"{site_url}?lang=en&relay={nostr_relay}")
        pages.append(page)
    host, first, second = pages
    # No script of the one-device page loaded the transport: only joining does.
    loaded = host.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert not [name for name in loaded if "online.mjs" in name or "trystero" in name]
    ids = [page.evaluate(JOIN, {"relay": nostr_relay, "room": "room-1"}) for page in pages]
    assert len(set(ids)) == 3
    for page in pages:
        page.wait_for_function("window.peers.filter(p => p[1]).length >= 2", timeout=JOIN_TIMEOUT_MS)
    joined = [max(p[2] for p in page.evaluate("window.peers")) for page in pages]
    print(
        f"join time (import to both other peers connected): {', '.join(f'{t / 1000:.1f} s' for t in joined)}"
    )
    assert sorted(host.evaluate("window.connection.peers()")) == sorted(ids[1:])

    host.evaluate(
        "([a, b]) => { window.connection.send('for the first', a); "
        "window.connection.send('for the second', b); window.connection.send('for all'); }",
        ids[1:],
    )
    first.evaluate("host => window.connection.send('from the first to the host', host)", ids[0])
    # Each channel keeps its order: once "for all" is in, a misdelivered text would be in too.
    for page in (first, second):
        page.wait_for_function("window.got.some(([text]) => text === 'for all')")
    host.wait_for_function("window.got.length >= 1")
    assert first.evaluate("window.got") == [["for the first", ids[0]], ["for all", ids[0]]]
    assert second.evaluate("window.got") == [["for the second", ids[0]], ["for all", ids[0]]]
    assert host.evaluate("window.got") == [["from the first to the host", ids[1]]]
    for page in pages:
        assert page.evaluate("window.violations") == [], "the policy allows the loopback relay"
        assert page.evaluate("window.troubles") == []

    # A peer that leaves is seen to go by the others.
    second.evaluate("window.connection.leave()")
    host.wait_for_function(
        "id => window.peers.some(([peer, joined]) => peer === id && !joined)",
        arg=ids[2],
        timeout=JOIN_TIMEOUT_MS,
    )


# Python in a bare Pyodide (the site's runtime and modules, as test_outside_text.py loads them) on a
# page of the site that runs no game, joining through the wrapper and answering each text it hears.
RUN_PYTHON = """async (code) => {
  const { loadPyodide } = await import("../vendor/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", location.href).href });
  const archive = await (await fetch("../py/modules.tar")).arrayBuffer();
  pyodide.unpackArchive(archive, "gztar");
  return await pyodide.runPythonAsync(code);
}"""

ECHO = """
import js
from browser import online

heard = []
connection = await online.join("rommi-test", "room-2", "a secret", [RELAY], module="../js/online.mjs")
js.window.pyPeers = 0

def on_peer(peer, joined):
    js.window.pyPeers = len(connection.peers())

def on_message(text, peer):
    heard.append(text)
    connection.send(f"python heard {text!r} ({len(heard)})", peer)

connection.on_peer(on_peer)
connection.on_message(on_message)
js.window.pyConnection = connection
connection.self_id
"""


def test_the_python_wrapper_joins_hears_and_answers_one_peer(
    new_context: Any, guard: Any, site_url: str, boot: Any, nostr_relay: str
) -> None:
    _, page = open_page(new_context, guard, site_url)
    boot(page, f"{site_url}?lang=en&relay={nostr_relay}")
    _, python = open_page(new_context, guard, site_url)
    python.goto(site_url + "rules/en.html")
    python_id = python.evaluate(RUN_PYTHON, ECHO.replace("RELAY", json.dumps(nostr_relay)))
    page_id = page.evaluate(JOIN, {"relay": nostr_relay, "room": "room-2"})
    page.wait_for_function(
        "id => window.peers.some(([p, joined]) => p === id && joined)", arg=python_id, timeout=JOIN_TIMEOUT_MS
    )
    python.wait_for_function("window.pyPeers === 1", timeout=JOIN_TIMEOUT_MS)
    page.evaluate("id => window.connection.send('hello, Python', id)", python_id)
    page.wait_for_function("window.got.length >= 1")
    assert page.evaluate("window.got") == [["python heard 'hello, Python' (1)", python_id]]
    assert python.evaluate("window.pyConnection.self_id") == python_id != page_id
    assert page.evaluate("window.violations") == []
