"""Browser test harness: the built site, served from the tests, in the system's Chromium.

Every browser test fails on a console error, an uncaught page error (Python
tracebacks arrive this way) or a request to any host but the local test
server: the ``guard`` watches each context, ordinary tests get one through the
``context`` fixture, and a test that makes its own context calls
``guard.watch(context)``. Each such context starts with the session's Python
snapshot planted (``tests/browser/snapshots.py``), so its pages boot as a
repeat visit does; a test marked ``fresh_python`` gets contexts without it.

``make e2e`` runs two tests at a time (pytest-xdist, ``-n 2``); no test reads
the wall clock (how fast the page is, is the benchmarks' business, ``tools/bench``),
so none needs the machine to itself.

Where the time goes (7 December): Chromium keeps both cores busy, and starting Python
is over half of it: 427 boots in 296 guarded tests, about 2.5 s each in a new context.
A context reused with its storage cleared boots no faster (2.0-2.5 s against 1.9-2.3 s
plus 0.6 s of planting), so the tests keep a context each; what helped was
``chromium.TEST_ARGS`` and the page's bytecode in the snapshot (``boot/snapshot.mjs``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Route, WebError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from tests.browser.snapshots import Snapshot, make_snapshot, plant, plant_from, serving_with_snapshots
from tests.browser.table import start_game
from tools import chromium
from tools.build.build import build

LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost"})
BOOT_TIMEOUT_MS = 90_000  # a first boot takes 2-3 s on an idle machine; CI machines may be busy
STARTED = 'html[data-ready="true"], html[data-boot="failed"]'  # a boot that ended, either way
STARTED_POLL_MS = 50
# Any URL but one on LOCAL_HOSTS (a host such as localhost.example.org is another host).
OTHER_HOSTS = re.compile(
    r"^(?!(https?|wss?)://(" + "|".join(map(re.escape, sorted(LOCAL_HOSTS))) + r")(:\d+)?/)"
)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    try:
        return {**browser_type_launch_args, **chromium.launch_options(*chromium.TEST_ARGS)}
    except FileNotFoundError as error:
        pytest.fail(str(error))


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1000, "height": 700}}


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built afresh for this session (never the developer's dist/)."""
    out = tmp_path_factory.mktemp("site")
    build(out, quiet=True)
    return out


@pytest.fixture(scope="session")
def site_url(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL (ending in /) of an in-process server for the site (and the session's snapshot)."""
    with serving_with_snapshots(site_dir, tmp_path_factory.mktemp("snapshot") / "python.snapshot") as url:
        yield url


@pytest.fixture(scope="session")
def python_snapshot(browser: Any, site_url: str) -> Snapshot:
    """The session's Python snapshot, made by one first visit (see ``tests/browser/snapshots.py``)."""
    return make_snapshot(browser, site_url, BOOT_TIMEOUT_MS * 2)


class Guard:
    """Collects console errors, page errors and requests to other hosts; fails the test on any."""

    def __init__(self, snapshot: Snapshot | None = None) -> None:
        self.problems: list[str] = []
        self.allowed: list[re.Pattern[str]] = []
        self.requests: list[str] = []
        self.snapshot = snapshot

    def allow(self, pattern: str) -> None:
        """Accept console and page errors matching ``pattern`` (for tests that break the page on purpose)."""
        self.allowed.append(re.compile(pattern))

    def watch(self, context: BrowserContext) -> BrowserContext:
        """Guard ``context``, after planting the session's snapshot in it (unless ``fresh_python``)."""
        if self.snapshot is not None:
            plant(context, self.snapshot)
        return self._listen(context)

    def open(self, context: BrowserContext) -> Page:
        """Guard ``context`` as ``watch`` does and return its first page, the one that planted
        the snapshot (left on the site's icon; see ``plant_from``), saving a tab for planting alone."""
        page = context.new_page()
        if self.snapshot is not None:
            plant_from(page, self.snapshot)
        self._listen(context)
        return page

    def _listen(self, context: BrowserContext) -> BrowserContext:
        # Routes and listeners of a context cover its pages already open, too. Only requests to
        # other hosts are routed, so the site's own files need no round trip through this process
        # (five alternating runs of three test files: 114 s on average against 119 s, within noise).
        context.route(OTHER_HOSTS, self._route)
        context.on("request", lambda request: self._record(request.url))
        context.on("console", self._console)
        context.on("weberror", self._web_error)
        return context

    def _record(self, url: str) -> None:
        self.requests.append(url)
        if (
            urlsplit(url).scheme in ("http", "https", "ws", "wss")
            and urlsplit(url).hostname not in LOCAL_HOSTS
        ):
            self._problem(f"request to another host: {url}", force=True)

    def _route(self, route: Route) -> None:
        if urlsplit(route.request.url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            self._problem(f"request to another host (aborted): {route.request.url}", force=True)
            route.abort()

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self._problem(f"console error: {message.text}")

    def _web_error(self, error: WebError) -> None:
        self._problem(f"page error: {error.error}")

    def _problem(self, text: str, force: bool = False) -> None:
        if force or not any(p.search(text) for p in self.allowed):
            self.problems.append(text)

    def take(self) -> list[str]:
        """The problems so far, forgotten (for a test that provokes one on purpose)."""
        taken, self.problems = self.problems, []
        return taken

    def check(self) -> None:
        if self.problems:
            pytest.fail("the page reported problems:\n" + "\n".join(f"  {p}" for p in self.problems))


@pytest.fixture
def guard(request: pytest.FixtureRequest) -> Iterator[Guard]:
    fresh = request.node.get_closest_marker("fresh_python") is not None
    watcher = Guard(None if fresh else request.getfixturevalue("python_snapshot"))
    yield watcher
    watcher.check()


@pytest.fixture
def context(new_context: Any, guard: Guard, request: pytest.FixtureRequest) -> BrowserContext:
    # Blocked service workers leave every request visible to routing; the offline test allows them.
    made = new_context(service_workers="block")
    if "page" in request.fixturenames:
        guard.open(made)  # the page that planted the snapshot is the test's ``page``
        return made
    return guard.watch(made)


@pytest.fixture
def page(context: BrowserContext) -> Page:
    """The context's first page (pytest-playwright's ``page``): the one ``Guard.open`` planted from."""
    return context.pages[0] if context.pages else context.new_page()


def boot_page(page: Page, url: str | None = None) -> Page:
    """Open ``url`` (or stay on the page already opening) and wait until the table is interactive.

    Fails with the page's own message if it cannot start.
    """
    if url is not None:
        page.goto(url)
    # Awaited in the page, looked for every STARTED_POLL_MS: ``expect`` looks only every half second
    # once its first few looks failed (on a busy machine it saw a boot 80 ms late on average, this 40).
    try:
        page.wait_for_function(
            "(started) => Boolean(document.querySelector(started))",
            arg=STARTED,
            timeout=BOOT_TIMEOUT_MS,
            polling=STARTED_POLL_MS,
        )
    except PlaywrightTimeoutError:
        pytest.fail(f"the page neither became ready nor reported a failed boot in {BOOT_TIMEOUT_MS} ms")
    if page.locator('html[data-boot="failed"]').count():
        pytest.fail(
            "the page could not start: "
            + page.inner_text("#failure-message")
            + "\n"
            + (page.text_content("#failure-detail") or "")
        )
    return page


@pytest.fixture
def sized_page(browser: Any, guard: Guard) -> Iterator[Callable[[int, int], Page]]:
    """``sized_page(width, height)``: a page in a new, guarded context of that viewport;
    narrower than 600 px it is a touch phone. The contexts close when the test ends."""
    contexts: list[BrowserContext] = []

    def make(width: int, height: int) -> Page:
        phone = width < 600
        context = browser.new_context(
            viewport={"width": width, "height": height},
            has_touch=phone,
            is_mobile=phone,
            service_workers="block",
        )
        contexts.append(context)
        return guard.open(context)

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def boot() -> Callable[..., Page]:
    """``boot(page, url)``: open the page and wait until the table is interactive."""
    return boot_page


@pytest.fixture
def start() -> Callable[[Page], Page]:
    """``start(page)``: start a new game from the setup screen (default settings)."""
    return start_game


@pytest.fixture
def dealt() -> Callable[[Page], list[str]]:
    """``dealt(page)``: the cards in the hand as drawn, in G2 notation."""

    def cards(page: Page) -> list[str]:
        return list(
            page.locator("#hand button[data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
        )

    return cards
