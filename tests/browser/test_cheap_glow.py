"""The table's glows cost the compositor only: the live pile's beckoning and the flash of what
the last move touched (issue 41, 8 seats online).

Each was a ``box-shadow`` animated in its keyframes, which Chromium paints and rasters again in
every frame of it; at an online table every device flashes every move, so eight pages on one
machine spent most of a move's CPU painting glows (``tools/bench/online_cpu_where.py``). Now the
glow is the same shadow on a ``::after`` layer whose opacity is animated, which the compositor
does alone. What a person sees is the same: the pile to draw from glows and fades while you
choose, the discard flashes once; with reduced motion neither moves, nor shows.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.person import press
from tests.browser.table import preload, save_of, screenshot, settle
from tests.stacking import new_game

from ui.words.i18n import card_name

pytestmark = pytest.mark.browser

HAND = ["7H", "7S", "7D", "9C", "9H", "KS", "2C", "4D", "JC", "QH"]
SIZES = [(1280, 800), (360, 640)]
COMPOSITED = {"opacity", "transform"}  # what a compositor animates without painting again
LIVE = ".pile.live:not(:focus-visible)"  # a pile to draw from, beckoning (a focused one does not)
NOT_ANIMATED = {"offset", "computedOffset", "easing", "composite"}  # a keyframe's own fields

# Every CSS animation that starts, with the properties its keyframes change.
WATCH = """(() => {
  window.started = [];
  document.addEventListener("animationstart", (event) => {
    const running = document.getAnimations().filter((a) => a.animationName === event.animationName);
    const props = new Set();
    for (const a of running)
      for (const k of a.effect.getKeyframes()) for (const p of Object.keys(k)) props.add(p);
    const shadow = getComputedStyle(event.target, event.pseudoElement || null).boxShadow;
    window.started.push({ name: event.animationName, pseudo: event.pseudoElement,
                          cls: event.target.className, props: [...props], shadow });
  }, true);
})()"""

# The properties each @keyframes rule of the page's style sheets changes.
KEYFRAMES = """() => {
  const found = {};
  for (const sheet of document.styleSheets) for (const rule of sheet.cssRules) {
    if (!(rule instanceof CSSKeyframesRule)) continue;
    const props = new Set();
    for (const frame of rule.cssRules) for (let i = 0; i < frame.style.length; i++) props.add(frame.style[i]);
    found[rule.name] = [...props];
  }
  return found;
}"""


def glow(page: Page, selector: str) -> dict[str, str]:
    return dict(
        page.locator(selector).first.evaluate(
            "el => { const s = getComputedStyle(el, '::after');"
            " return {content: s.content, shadow: s.boxShadow, opacity: s.opacity}; }"
        )
    )


def at_your_draw(page: Page, site_url: str, boot: Any) -> None:
    game = new_game("contract", 3, [HAND, [], []], "QD", ["5C"], dealer=2)
    preload(page, save_of(game, ["easy", "easy"]))
    page.add_init_script(WATCH)
    boot(page, f"{site_url}?pace=instant&lang=en")
    assert settle(page) == "draw"


def draw_and_discard(page: Page) -> None:
    press(page, page.get_by_role("button", name=re.compile("^Stock")))
    settle(page)
    press(page, page.locator("#hand").get_by_role("button", name=card_name("KS")))
    press(page, page.locator("#actions").get_by_role("button", name="Discard K♠"))
    settle(page)


def test_every_animation_of_the_page_is_the_compositors(sized_page: Any, site_url: str, boot: Any) -> None:
    """No @keyframes rule changes what must be painted again (a shadow, a colour, a size)."""
    page: Page = sized_page(1280, 800)
    at_your_draw(page, site_url, boot)
    keyframes = page.evaluate(KEYFRAMES)
    assert {"beckon", "flash"} <= set(keyframes), keyframes
    painted = {name: props for name, props in keyframes.items() if not set(props) <= COMPOSITED}
    assert not painted, f"animations that repaint every frame: {painted}"


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_live_pile_beckons_and_the_discard_flashes(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    at_your_draw(page, site_url, boot)
    expect(page.locator(LIVE).first).to_be_visible()
    seen = glow(page, LIVE)
    assert seen["content"] == '""' and seen["shadow"].startswith("rgba(242, 193, 78, 0.6)"), seen
    # At the middle of its beat the glow shows whole (held there for the picture).
    page.evaluate(
        "document.getAnimations().filter(a => a.animationName === 'beckon')"
        ".forEach(a => { a.pause(); a.currentTime = 800; })"
    )
    assert glow(page, LIVE)["opacity"] == "1"
    if width >= 600:  # the stock has the focus, where the keyboard starts: no glow over its ring
        expect(page.locator(".pile.live:focus-visible")).to_have_count(1)
        assert glow(page, ".pile.live:focus-visible")["opacity"] == "0"
    screenshot(page, f"cheap-glow-beckon-{width}x{height}")
    page.evaluate("document.getAnimations().forEach(a => a.play())")
    draw_and_discard(page)
    started = page.evaluate("window.started")
    names = {(s["name"], s["pseudo"]) for s in started}
    assert ("beckon", "::after") in names and ("flash", "::after") in names, started
    assert all(set(s["props"]) - NOT_ANIMATED <= COMPOSITED for s in started), started
    flashed = [s for s in started if s["name"] == "flash"]
    assert any("card" in s["cls"] for s in flashed), flashed  # the discard pile's top card
    assert all(s["shadow"].startswith("rgb(159, 214, 255)") for s in flashed), flashed


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_with_reduced_motion_no_glow_moves_or_shows(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    page.emulate_media(reduced_motion="reduce")
    at_your_draw(page, site_url, boot)
    assert glow(page, LIVE)["opacity"] == "0"
    draw_and_discard(page)
    assert page.evaluate("window.started") == []
    glows = page.locator(".pile.live, .pile.just .card, .meld.just").evaluate_all(
        "els => els.map(el => getComputedStyle(el, '::after').opacity)"
    )
    assert glows and set(glows) == {"0"}, glows
    screenshot(page, f"cheap-glow-reduced-{width}x{height}")
