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

Fails on every violation, of any impact (minor, moderate, serious, critical),
of WCAG 2 A/AA and of axe's best practices (headings in order, landmarks, every
part of the page in one), listing each rule, its help text and the offending
elements. There is no allow-list: a rule is turned off only by a test that says
why (``disable=``), and none does today.

Colour contrast over a gradient: axe cannot measure text on a gradient or image
and files it under "incomplete", not as a violation, so the green felt (a radial
gradient on ``<body>``) would hide every contrast problem on the table. For the
check the body's gradient is replaced by its lightest colour (``--felt``, the
centre of the felt), where the table's light text has the least contrast: text
that passes there passes anywhere on the felt. Any text axe still cannot measure
because of a gradient or an image behind it fails the check.
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

# WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices.
WCAG_TAGS: tuple[str, ...] = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice")
IMPACTS: tuple[str, ...] = ("minor", "moderate", "serious", "critical")
# Why axe could not measure a text's contrast: a gradient or an image behind it.
UNMEASURED: tuple[str, ...] = ("bgGradient", "bgImage")

# The body's gradient, for the check, becomes its lightest colour (see the module's docstring).
FLATTEN_BODY = r"""() => {
  const image = getComputedStyle(document.body).backgroundImage;
  if (!image.includes("gradient")) return false;
  const lum = (rgb) => rgb.slice(0, 3).map((v) => v / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const stops = [...image.matchAll(/rgba?\(([^)]*)\)/g)].map((m) => m[1].split(",").map(Number));
  const lightest = stops.reduce((a, b) => (lum(b) > lum(a) ? b : a));
  const style = document.createElement("style");
  style.id = "axe-flat-body";
  style.textContent = `body { background: rgb(${lightest.slice(0, 3).join(",")}) !important; }`;
  document.head.append(style);
  return true;
}"""


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
    """Run axe on ``page`` (or the elements matching the CSS selector ``include``); return its results.

    The body's gradient is flat while axe looks (see the module's docstring), and restored after.
    """
    if not page.evaluate("typeof window.axe === 'object'"):
        # Evaluated by the test tool, not added as a <script>: the page's content security policy
        # rightly refuses an inline script it did not hash.
        page.evaluate("source => (0, eval)(source)", axe_source())
    options = {
        "runOnly": {"type": "tag", "values": list(tags)},
        "resultTypes": ["violations", "incomplete"],
        "rules": {rule: {"enabled": False} for rule in disable},
    }
    flat = page.evaluate(FLATTEN_BODY)
    try:
        return dict(
            page.evaluate(
                "([include, options]) => axe.run(include === null ? document : include, options)",
                [include, options],
            )
        )
    finally:
        if flat:
            page.evaluate("() => document.getElementById('axe-flat-body').remove()")


def _why(check: dict[str, Any]) -> Any:
    """The reason axe gives in a check's result (``bgGradient`` and so on), if any."""
    return (check.get("data") or {}).get("messageKey")


def unmeasured(results: dict[str, Any]) -> list[dict[str, Any]]:
    """The contrast checks axe left undecided because of a gradient or image behind the text."""
    found = []
    for result in results.get("incomplete", []):
        if result["id"] != "color-contrast":
            continue
        nodes = [n for n in result["nodes"] if any(_why(check) in UNMEASURED for check in n["any"])]
        if nodes:
            found.append({**result, "impact": "unmeasured", "nodes": nodes})
    return found


def problems(results: dict[str, Any], impacts: Sequence[str] = IMPACTS) -> list[dict[str, Any]]:
    """axe's violations of the given impacts (any impact axe gives, by default), and unmeasured contrast."""
    bad = [v for v in results["violations"] if v.get("impact") in impacts or v.get("impact") is None]
    return bad + unmeasured(results)


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
    impacts: Sequence[str] = IMPACTS,
    tags: Sequence[str] = WCAG_TAGS,
    disable: Iterable[str] = (),
) -> dict[str, Any]:
    """Fail the test if axe finds violations of the given impacts (any, by default) or cannot
    measure a contrast; return axe's results otherwise."""
    results = run_axe(page, include, tags, disable)
    bad = problems(results, impacts)
    if bad:
        pytest.fail(f"axe-core found {len(bad)} accessibility problem(s) on {page.url}:\n" + describe(bad))
    return results
