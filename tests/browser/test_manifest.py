"""The web-app manifest and its icons, and what the service worker keeps for offline use.

The built site serves ``manifest.webmanifest`` with its PNG icons at the sizes
it declares; the rules pages, the icons and the manifest are in the service
worker's precache list, so they open offline; axe-core (a test tool) is not
shipped.
"""

from __future__ import annotations

import json
import re
import struct
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page
from tools.build.serve import serving

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
MAX_ICON_BYTES = 16 * 1024  # the icons are flat drawings: a few KB each
OFFLINE_EXTRAS = (
    "icons/icon-192.png",
    "icons/icon-512.png",
    "icons/maskable-512.png",
    "manifest.webmanifest",
)
CONTROLLED = (
    "navigator.serviceWorker.controller !== null && navigator.serviceWorker.controller.state === 'activated'"
)


def fetch(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url) as response:
        return response.headers.get_content_type(), response.read()


def png_size(data: bytes) -> tuple[int, int, int]:
    """Width, height and colour type from a PNG's IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    width, height, _, colour = struct.unpack(">IIBB", data[16:26])
    return width, height, colour


def precache(site_dir: Path) -> list[str]:
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"^const BUILD = (\{.*?\});$", text, re.MULTILINE | re.DOTALL)
    assert match, "sw.js has no generated BUILD line"
    return list(json.loads(match.group(1))["files"])


def felt_colour() -> str:
    css = (ROOT / "css" / "rommi.css").read_text(encoding="utf-8")
    match = re.search(r"--felt:\s*(#[0-9a-fA-F]{6})", css)
    assert match, "css/rommi.css defines no --felt colour"
    return match.group(1).lower()


@pytest.fixture(scope="module")
def manifest(site_url: str) -> dict[str, Any]:
    kind, body = fetch(site_url + "manifest.webmanifest")
    assert kind == "application/manifest+json"
    return dict(json.loads(body))


def test_the_manifest_names_the_app_and_opens_it_standalone_in_its_own_folder(
    manifest: dict[str, Any],
) -> None:
    assert manifest["name"] == "Rommi"
    assert manifest["short_name"] and len(manifest["short_name"]) <= 12
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"].lower() == felt_colour()
    assert manifest["background_color"].lower() == felt_colour()
    urls = [manifest["start_url"], manifest["scope"], *(icon["src"] for icon in manifest["icons"])]
    assert [u for u in urls if u.startswith("/") or "://" in u] == [], "URLs must be relative"


def test_every_icon_is_served_at_the_size_the_manifest_declares(
    manifest: dict[str, Any], site_url: str
) -> None:
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    declared = {(icon["sizes"], icon.get("purpose", "any")) for icon in pngs}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= declared
    for icon in manifest["icons"]:
        kind, data = fetch(site_url + icon["src"])
        assert kind == icon["type"], icon["src"]
        if icon["type"] != "image/png":
            continue
        width, height, colour = png_size(data)
        assert f"{width}x{height}" == icon["sizes"], icon["src"]
        assert len(data) <= MAX_ICON_BYTES, f"{icon['src']} is {len(data)} bytes"
        if icon.get("purpose") == "maskable":
            assert colour == 2, "a maskable icon fills its square: no transparency (RGB)"


def test_the_browser_decodes_each_icon_at_its_declared_size(
    page: Page, site_url: str, manifest: dict[str, Any]
) -> None:
    page.goto(site_url + "rules/en.html")
    for icon in manifest["icons"]:
        if icon["type"] != "image/png":
            continue
        size = page.evaluate(
            """async src => {
                const bitmap = await createImageBitmap(await (await fetch(src)).blob());
                return `${bitmap.width}x${bitmap.height}`;
            }""",
            "../" + icon["src"],
        )
        assert size == icon["sizes"], icon["src"]


def test_the_service_worker_precaches_the_rules_pages_icons_and_manifest(
    site_dir: Path, manifest: dict[str, Any]
) -> None:
    files = precache(site_dir)
    wanted = {"rules/en.html", "rules/fi.html", "rules/rules.css", "manifest.webmanifest", "icon.svg"}
    wanted |= {icon["src"] for icon in manifest["icons"]}
    assert wanted <= set(files), f"missing from the precache list: {sorted(wanted - set(files))}"
    assert all((site_dir / f).is_file() for f in wanted)


def test_axe_core_is_a_test_tool_and_not_shipped(site_dir: Path) -> None:
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert "axe-core" in package["devDependencies"]
    assert "axe-core" not in package.get("dependencies", {})
    assert re.fullmatch(r"\d+\.\d+\.\d+", package["devDependencies"]["axe-core"]), "pin an exact version"
    shipped = [p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()]
    assert not [f for f in shipped if "axe" in f.lower()]
    assert not [f for f in precache(site_dir) if "axe" in f.lower()]


def test_the_rules_pages_and_icons_open_offline_from_the_service_worker(
    new_context, guard, site_dir: Path
) -> None:
    context = guard.watch(new_context(service_workers="allow"))
    page = context.new_page()
    with serving(site_dir) as base:
        page.goto(base + "rules/en.html")
        page.evaluate("navigator.serviceWorker.register('../sw.js')")
        page.wait_for_function(CONTROLLED, timeout=60_000)
    context.set_offline(True)  # and the server is gone
    for lang, heading in (("fi", "Sitoumusrommin"), ("en", "Sitoumusrommi")):
        page.goto(base + f"rules/{lang}.html")
        assert page.get_attribute("html", "lang") == lang
        assert heading in page.locator("h1").inner_text()
        # The page's stylesheet came from the cache too: the header is felt green.
        background = page.locator("header.top").evaluate("h => getComputedStyle(h).backgroundColor")
        assert background == "rgb(29, 90, 60)"
    statuses = page.evaluate(
        """srcs => Promise.all(srcs.map(s => fetch(s).then(r => r.status)))""",
        [f"../{name}" for name in OFFLINE_EXTRAS],
    )
    assert statuses == [200] * len(OFFLINE_EXTRAS)
