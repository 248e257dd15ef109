"""One Python snapshot for the whole browser session, planted in each new browser context.

A visit with a snapshot of Rommi's Python in Cache Storage (``boot/interpreter.mjs``)
boots in about a third of the time of one without. Every context the tests make is a
fresh profile, so without help each test would pay for a first visit's boot (and then
make a snapshot in the background, which slows the next test). So the session boots
the site once, afresh, lets it store its snapshot, and uploads the bytes to the test
server (``SnapshotHandler``); each new context is then given a copy before its first
page opens, so its pages boot as a player's repeat visit does.

Tests of the first visit itself (the normal boot, how a snapshot is made, what the page
fetches) are marked ``fresh_python`` and get contexts with nothing planted.
"""

from __future__ import annotations

import warnings
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from tools.build.serve import SiteHandler, serving

SNAPSHOT_PATH = "/__tests__/python.snapshot"  # the test server's copy (never part of the site)
STORED = "html[data-snapshot]"


class SnapshotHandler(SiteHandler):
    """The site's files, plus ``SNAPSHOT_PATH``: POST stores the bytes, GET serves them."""

    snapshot_file: ClassVar[Path]

    def do_POST(self) -> None:
        if self.path != SNAPSHOT_PATH:
            self.send_error(405)
            return
        size = int(self.headers.get("Content-Length", "0"))
        self.snapshot_file.write_bytes(self.rfile.read(size))
        self.send_response(204)
        self.end_headers()

    def translate_path(self, path: str) -> str:
        if path.split("?")[0] == SNAPSHOT_PATH:
            return str(self.snapshot_file)
        return super().translate_path(path)


def serving_with_snapshots(directory: Path, snapshot_file: Path) -> AbstractContextManager[str]:
    """Serve ``directory`` like ``tools.build.serve.serving``, with the snapshot upload; yield its URL."""
    return serving(directory, handler=type("Handler", (SnapshotHandler,), {"snapshot_file": snapshot_file}))


@dataclass(frozen=True)
class Snapshot:
    """Where the page keeps its snapshot (the cache and the key it chose) and the site's URL."""

    cache: str
    key: str
    site_url: str


UPLOAD = """async (path) => {
  const name = (await caches.keys()).find((key) => key.startsWith("rommi-python:"));
  const cache = await caches.open(name);
  const [request] = await cache.keys();
  const body = await (await cache.match(request)).arrayBuffer();
  const response = await fetch(path, { method: "POST", body });
  if (!response.ok) throw new Error(`upload: HTTP ${response.status}`);
  return [name, request.url];
}"""

PLANT = """async ([name, key, path]) => {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  await (await caches.open(name)).put(key, response);
}"""


def make_snapshot(browser: Any, site_url: str, timeout_ms: int) -> Snapshot:
    """The session's snapshot, made (``first_visit``) and then checked by one boot from it.

    A snapshot that does not boot is made once more, with a warning: it would otherwise
    fail every test that plants it, far from the cause. A second bad one fails the session.
    """
    snapshot = first_visit(browser, site_url, timeout_ms)
    problem = restores(browser, snapshot, timeout_ms)
    if problem:
        warnings.warn(f"the session's Python snapshot did not boot ({problem}); made again", stacklevel=1)
        snapshot = first_visit(browser, site_url, timeout_ms)
        problem = restores(browser, snapshot, timeout_ms)
        if problem:
            raise RuntimeError(f"the session's Python snapshot did not boot, twice: {problem}")
    return snapshot


def restores(browser: Any, snapshot: Snapshot, timeout_ms: int) -> str | None:
    """Why a page given ``snapshot`` did not boot from it (its renderer crashed, say), or None."""
    context = browser.new_context(service_workers="block")
    try:
        plant(context, snapshot)
        page = context.new_page()
        crashed: list[bool] = []
        page.on("crash", lambda _: crashed.append(True))
        try:
            page.goto(snapshot.site_url)
            page.wait_for_selector('html[data-ready="true"]', state="attached", timeout=timeout_ms)
        except Exception as error:  # the reason is reported, whatever it is
            return "the renderer crashed" if crashed else f"{type(error).__name__}: {error}"
        python = page.evaluate("document.documentElement.dataset.python")
        return None if python == "snapshot" else f"it booted {python!r}"
    finally:
        context.close()


def first_visit(browser: Any, site_url: str, timeout_ms: int) -> Snapshot:
    """Boot the site once afresh, wait for it to store its snapshot, and upload it to the server."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector(STORED, state="attached", timeout=timeout_ms)
        state = page.evaluate("document.documentElement.dataset.snapshot")
        if state != "stored":
            raise RuntimeError(f"the page did not store its Python snapshot (data-snapshot={state!r})")
        cache, key = page.evaluate(UPLOAD, SNAPSHOT_PATH)
        return Snapshot(cache, key, site_url)
    finally:
        context.close()


def plant(context: Any, snapshot: Snapshot) -> None:
    """Give ``context`` the session's snapshot, before any of the test's pages opens."""
    page = context.new_page()
    try:
        plant_from(page, snapshot)
    finally:
        page.close()


def plant_from(page: Any, snapshot: Snapshot) -> Any:
    """Give ``page``'s context the session's snapshot from ``page`` itself, and return the page.

    The page is left on the site's icon (the planting needs a document of the site's origin),
    ready to be the test's own page: a tab opened and closed for the planting alone costs
    a test about a quarter of a second, and its renderer another start.
    """
    page.goto(snapshot.site_url + "icon.svg")
    page.evaluate(PLANT, [snapshot.cache, snapshot.key, SNAPSHOT_PATH])
    return page
