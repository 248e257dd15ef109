"""The content security policy: the page boots and plays with not one violation, and a script
injected later (an inline script, an event handler attribute, a script from another host)
does not run.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from tests.browser.table import settle

pytestmark = pytest.mark.browser

WATCH = """window.violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.violations.push(e.violatedDirective + " " + e.blockedURI));"""


def test_the_game_runs_within_its_policy_and_injected_scripts_do_not(
    page: Page, site_url: str, boot, guard
) -> None:
    page.add_init_script(WATCH)
    boot(page, site_url + "?variant=contract&players=3&seed=3&pace=instant&lang=en")
    page.get_by_role("button", name="Start new game").click()
    settle(page)
    assert page.evaluate("window.violations") == []
    # Served isolated (tools/build/serve.py), so Pyodide's shared memory is no deprecated use of the API.
    assert page.evaluate("window.crossOriginIsolated") is True
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") or ""
    assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
    guard.allow("violates the following Content Security Policy")  # the browser says what it blocked
    page.evaluate(
        """() => {
        document.body.insertAdjacentHTML("beforeend", '<img alt="" src="data:," onerror="window.pwned = 1">');
        const inline = document.createElement("script");
        inline.textContent = "window.pwned = 2";
        document.body.append(inline);
        const remote = document.createElement("script");
        remote.src = "data:text/javascript,window.pwned=3";  // not this site's file
        document.body.append(remote);
      }"""
    )
    page.wait_for_function("window.violations.length >= 3")
    assert page.evaluate("window.pwned") is None
    blocked = page.evaluate("window.violations")
    assert sum(v.startswith("script-src") for v in blocked) >= 3, blocked
