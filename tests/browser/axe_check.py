"""Accessibility checks with axe-core, for any page the browser tests open.

axe-core is an npm devDependency pinned in ``package.json``: ``npm ci`` (``make
deps``) puts it in ``node_modules/``; the build never copies it into the site.
The script is injected into the page under test, so the page itself loads
nothing extra and the harness's guard (no foreign requests) still holds.

Usage::

    from tests.browser.axe_check import assert_accessible

    def test_the_table_is_accessible(page, site_url):
        page.goto(site_url)
        assert_accessible(page)                       # the whole page, WCAG 2 A/AA
        assert_accessible(page, include="#table")     # one part of it
        assert_accessible(page, disable=("region",))  # a rule turned off, say why in the test

Fails on violations of impact ``serious`` or ``critical`` (``impacts=`` changes
that), listing each rule, its help text and the offending elements.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
AXE_PACKAGE = ROOT / "node_modules" / "axe-core"
AXE_SCRIPT = AXE_PACKAGE / "axe.min.js"

# WCAG 2.0, 2.1 and 2.2 at levels A and AA.
WCAG_TAGS: tuple[str, ...] = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
FAILING_IMPACTS: tuple[str, ...] = ("serious", "critical")


def pinned_version() -> str:
    """The axe-core version package-lock.json pins."""
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    return str(lock["packages"]["node_modules/axe-core"]["version"])


@lru_cache(maxsize=1)
def axe_source() -> str:
    """The text of axe.min.js, after checking that node_modules holds the pinned version."""
    if not AXE_SCRIPT.is_file():
        pytest.fail(f"{AXE_SCRIPT} is missing: run `make deps` (or `npm ci`) to install axe-core")
    installed = json.loads((AXE_PACKAGE / "package.json").read_text(encoding="utf-8"))["version"]
    if installed != pinned_version():
        pytest.fail(
            f"node_modules has axe-core {installed}, package-lock.json pins {pinned_version()}: run npm ci"
        )
    return AXE_SCRIPT.read_text(encoding="utf-8")


def run_axe(
    page: Page,
    include: str | None = None,
    tags: Sequence[str] = WCAG_TAGS,
    disable: Iterable[str] = (),
) -> dict[str, Any]:
    """Run axe on ``page`` (or the elements matching the CSS selector ``include``); return its results."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source())
    options = {
        "runOnly": {"type": "tag", "values": list(tags)},
        "resultTypes": ["violations"],
        "rules": {rule: {"enabled": False} for rule in disable},
    }
    return dict(
        page.evaluate(
            "([include, options]) => axe.run(include === null ? document : include, options)",
            [include, options],
        )
    )


def describe(violations: Sequence[dict[str, Any]]) -> str:
    """Violations as a readable list: rule, impact, help, and each element's selector and summary."""
    lines = []
    for v in violations:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']}  [{v['helpUrl']}]")
        for node in v["nodes"][:8]:
            target = " ".join(str(t) for t in node.get("target", []))
            summary = " ".join((node.get("failureSummary") or "").split())
            lines.append(f"    at {target}: {summary}")
        if len(v["nodes"]) > 8:
            lines.append(f"    ... and {len(v['nodes']) - 8} more elements")
    return "\n".join(lines)


def assert_accessible(
    page: Page,
    include: str | None = None,
    *,
    impacts: Sequence[str] = FAILING_IMPACTS,
    tags: Sequence[str] = WCAG_TAGS,
    disable: Iterable[str] = (),
) -> dict[str, Any]:
    """Fail the test if axe finds violations of the given impacts; return axe's results otherwise."""
    results = run_axe(page, include, tags, disable)
    bad = [v for v in results["violations"] if v.get("impact") in impacts]
    if bad:
        pytest.fail(f"axe-core found {len(bad)} accessibility problem(s) on {page.url}:\n" + describe(bad))
    return results
