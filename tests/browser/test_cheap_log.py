"""The log scrolls on the compositor (issue 41, eight seats online).

At an online table every device adds each move's line to its log and scrolls the log to it.
Chromium leaves a scroller in the page's own layer at a device scale of 1 (to keep LCD text
there), so each scroll painted and rastered again every line the log shows, on every device
at every move: the log was the largest part of a guest's raster at another seat's move
(``tools/bench/online_cpu_where.py --paint-shots``). ``will-change: scroll-position`` gives the
log's lines a layer of their own that the compositor moves: a new line is all that is painted.
What a person sees is the same: the newest line shown at the end, the lines drawn as they were.
(A phone, 360x640 here, had given the log a layer of its own already.)
"""

from __future__ import annotations

import base64
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import play_move, preload, screenshot, settings_with, settle
from tests.browser.test_access import offered_after_a_long_log

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]
TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
PROBE = """() => {
  const probe = document.createElement("div");
  probe.id = "layer-probe";
  probe.style.cssText = "position: fixed; top: 0; left: 0; width: 1px; height: 1px; will-change: transform;";
  document.body.append(probe);
}"""
SHOWS_LAST = """e => {
  const box = e.getBoundingClientRect(), line = e.lastElementChild.getBoundingClientRect();
  return line.top >= box.top - 0.5 && line.bottom <= box.bottom + 0.5;
}"""
COMPARE = """async ([one, other]) => {
  const pixels = async (data) => {
    const image = new Image();  // the page's policy lets images come from data: addresses
    image.src = "data:image/png;base64," + data;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, image.width, image.height);
  };
  const [a, b] = [await pixels(one), await pixels(other)];
  let beyond = 0;
  if (a.width === b.width && a.height === b.height)
    for (let i = 0; i < a.data.length; i += 4)
      for (let c = 0; c < 3; c++) if (Math.abs(a.data[i + c] - b.data[i + c]) > 1) { beyond++; break; }
  return { size: a.width === b.width && a.height === b.height, beyond };
}"""
AT_END = "e => e.scrollHeight > e.clientHeight + 1 && e.scrollTop + e.clientHeight >= e.scrollHeight - 1"


def at_a_long_log(page: Page, site_url: str, boot: Any) -> None:
    """Deal 1 after four rounds, your draw: the log holds more lines than its box shows."""
    preload(page, offered_after_a_long_log(), settings_with(buy_prompt="always"))
    boot(page, site_url + "?pace=instant&lang=en")
    page.locator('#buy-panel [data-act="pass"]').click()
    assert settle(page) == "draw"


def layers_of(page: Page, selector: str) -> list[dict[str, Any]]:
    """The compositor's layers that draw the element ``selector`` (DevTools' layer tree, as its
    Layers panel shows it)."""
    cdp = page.context.new_cdp_session(page)
    trees: list[list[dict[str, Any]]] = []
    cdp.on("LayerTree.layerTreeDidChange", lambda event: trees.append(event.get("layers") or []))
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    backend = cdp.send("DOM.describeNode", {"nodeId": node})["node"]["backendNodeId"]
    cdp.send("LayerTree.enable")
    # The tree is sent when it changes: a probe of one transparent pixel with a layer of its own
    # comes and goes (the element's layers are the page's either way).
    page.evaluate(PROBE)
    page.evaluate(TWO_FRAMES)
    page.evaluate("() => document.getElementById('layer-probe').remove()")
    page.evaluate(TWO_FRAMES)
    cdp.send("LayerTree.disable")
    cdp.detach()
    assert trees, "no layer tree came"
    return [
        layer for layer in trees[-1] if layer.get("backendNodeId") == backend and layer.get("drawsContent")
    ]


def log_layers(page: Page) -> list[dict[str, Any]]:
    """The compositor's layers that draw the log."""
    return layers_of(page, "#log")


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_log_has_a_layer_of_its_own_and_still_shows_its_newest_line(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    at_a_long_log(page, site_url, boot)
    log = page.locator("#log")
    assert log.evaluate(AT_END)
    height_shown = log.evaluate("e => e.clientHeight")
    layers = log_layers(page)
    # The lines' layer holds every line, not only those shown: the compositor scrolls it.
    assert any(layer["height"] > height_shown + 1 for layer in layers), (height_shown, layers)
    play_move(page, {"type": "draw", "player": 0, "source": "stock"})
    settle(page)
    expect(log.locator("li").last).to_have_text("You drew from the stock.")
    page.evaluate(TWO_FRAMES)  # the log is scrolled to its end in the frame after the redraw
    assert log.evaluate(AT_END)
    assert log.evaluate(SHOWS_LAST), "the newest line is outside the log's box"
    screenshot(page, f"cheap-log-{width}x{height}")


def differences(page: Page, one: bytes, other: bytes) -> dict[str, Any]:
    """Whether two PNG pictures are the same size, and how many of their pixels differ by more
    than 1 of 255 in a colour (the felt's gradient may round one step apart where it is drawn)."""
    return dict(
        page.evaluate(
            COMPARE,
            [base64.b64encode(one).decode(), base64.b64encode(other).decode()],
        )
    )


def test_the_log_looks_as_it_did_in_the_pages_layer(sized_page: Any, site_url: str, boot: Any) -> None:
    """At 1280x800 (a device scale of 1), the log's picture is the same whether it has a layer
    of its own or is painted in the page's layer as before: every pixel of its lines the same,
    its background within one step of 255 (measured: 4 pixels of the felt one step apart)."""
    page: Page = sized_page(1280, 800)
    at_a_long_log(page, site_url, boot)
    shown = page.locator("#log").evaluate("e => e.clientHeight")
    assert any(layer["height"] > shown + 1 for layer in log_layers(page))
    own_layer = page.locator(".side").screenshot(animations="disabled")
    page.add_style_tag(content=".log { will-change: auto !important; }")  # as before
    assert not any(layer["height"] > shown + 1 for layer in log_layers(page))
    in_page_layer = page.locator(".side").screenshot(animations="disabled")
    assert differences(page, own_layer, in_page_layer) == {"size": True, "beyond": 0}
