"""A boot that cannot succeed says so in the page, not only in the console."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect
from tests.browser.conftest import boot_page

pytestmark = pytest.mark.browser

FAILED = 'html[data-boot="failed"]'


def wait_for_failure(page: Page) -> None:
    expect(page.locator(FAILED)).to_have_count(1, timeout=90_000)
    expect(page.locator("#failure")).to_be_visible()
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("html")).not_to_have_attribute("data-ready", "true")


def test_no_webassembly(page: Page, site_url: str) -> None:
    page.add_init_script("delete window.WebAssembly")
    page.goto(site_url)
    wait_for_failure(page)
    expect(page.locator("#failure-message")).to_contain_text("no WebAssembly")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "This browser cannot run Rommi: it has no Web Workers (or they are turned off)."),
        ("fi", "Tämä selain ei pysty pyörittämään Rommia: siitä puuttuvat Web Workerit"),
    ],
)
def test_no_workers_is_said_for_what_it_is(page: Page, site_url: str, lang: str, said: str) -> None:
    """Without ``Worker`` PyScript cannot even load; that is no file failing to load (issue 42)."""
    page.add_init_script("delete window.Worker")
    page.goto(site_url + f"?lang={lang}")
    wait_for_failure(page)
    expect(page.locator("#failure-message")).to_contain_text(said)
    expect(page.locator("#failure-message")).not_to_contain_text("failed to load")


def test_a_file_that_failed_to_load_is_named(page: Page, guard, site_url: str) -> None:
    guard.allow("404")
    page.route("**/vendor/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site_url)
    wait_for_failure(page)
    expect(page.locator("#failure-message")).to_have_text("A file the game needs failed to load.")
    expect(page.locator("#failure-detail")).to_contain_text("pyodide.asm.wasm: HTTP 404")


def test_wasm_served_with_the_wrong_type_is_explained(page: Page, guard, site_url: str) -> None:
    def wrong_type(route: Route) -> None:
        response = route.fetch()
        route.fulfill(
            response=response, headers={**response.headers, "content-type": "application/octet-stream"}
        )

    page.route("**/vendor/pyodide/pyodide.asm.wasm", wrong_type)
    page.goto(site_url)
    wait_for_failure(page)
    expect(page.locator("#failure-message")).to_contain_text("wrong type")
    expect(page.locator("#failure-detail")).to_contain_text("application/wasm")


def test_a_python_error_at_start_is_shown(page: Page, guard, site_url: str) -> None:
    guard.allow("PythonError|boom at start")
    broken = "import rommi\nraise RuntimeError('boom at start')\n"
    page.route(
        "**/py/main.py", lambda route: route.fulfill(status=200, content_type="text/x-python", body=broken)
    )
    page.goto(site_url)
    wait_for_failure(page)
    expect(page.locator("#failure-message")).to_contain_text("RuntimeError: boom at start")
    expect(page.locator("#failure-detail")).to_contain_text("Traceback")
    expect(page.locator(".py-error")).to_have_count(0)  # PyScript's raw box is folded into ours
    # It booted from the session's snapshot: that snapshot goes, and the next visit starts afresh.
    assert page.evaluate("document.documentElement.dataset.python") == "snapshot"
    page.wait_for_function("caches.keys().then((keys) => !keys.some((k) => k.startsWith('rommi-python:')))")
    page.unroute("**/py/main.py")
    boot_page(page, site_url)
    assert page.evaluate("document.documentElement.dataset.python") == "fresh"
