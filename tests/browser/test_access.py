"""Keyboard, screen reader, phone and hostile input, in Chromium.

A deal of Perusrommi you can end in one turn (go out with three melds) is played
with the keyboard alone; axe-core checks the page at each stage (setup, table,
lay-down area, score sheet) and fails on serious or critical problems. The same
deal with a name that looks like HTML shows it as text everywhere. At 360×640
the setup and the table fit without sideways scrolling.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.table import compose, play_move, preload, save_of, settings_with, settle
from tests.stacking import new_game

pytestmark = pytest.mark.browser

HAND = ["3H", "4H", "5H", "6H", "8C", "8D", "8S", "JD", "JC", "JS"]
MELDS = [["3H", "4H", "5H", "6H"], ["8C", "8D", "8S"], ["JD", "JC", "JS"]]
HOSTILE = "<img src=x onerror=alert(1)>"
NO_ALERTS = "window.alerted = []; window.alert = (m) => window.alerted.push(String(m));"


def go_out_position(name: str = "Tester") -> dict[str, Any]:
    game = new_game("basic", 2, [HAND, []], "2S", ["KD"], dealer=1)
    return save_of(game, ["normal"], name=name)


def tab_to(page: Page, selector: str, limit: int = 250) -> None:
    """Press Tab until the element matching ``selector`` has the focus (keyboard only)."""
    for _ in range(limit):
        if has_focus(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def has_focus(page: Page, selector: str) -> bool:
    """The element matching ``selector`` has the keyboard focus."""
    return bool(page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector))


def key_to_card(page: Page, code: str, limit: int = 20) -> None:
    """Tab into the hand (one tab stop), then Home and the right arrow to the card ``code``."""
    card = f'#hand button.card[data-card="{code}"]'
    tab_to(page, "#hand button.card")
    page.keyboard.press("Home")
    for _ in range(limit):
        if has_focus(page, card):
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {card}")


def focus_ring_shows(page: Page) -> bool:
    """The focused element draws a visible outline (the :focus-visible ring)."""
    style = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, s.outlineWidth]; }"
    )
    return style[0] != "none" and style[1] != "0px"


def test_a_whole_turn_by_keyboard_alone_and_axe_at_each_stage(page: Page, site_url: str, boot) -> None:
    preload(page, go_out_position())
    boot(page, site_url + "?pace=instant")
    settle(page)
    assert_accessible(page)  # the table

    tab_to(page, '[data-act="draw-stock"]')
    assert focus_ring_shows(page)
    page.keyboard.press("Enter")
    expect(page.locator("#hand button.card")).to_have_count(11)
    for meld in MELDS:
        for code in meld:
            key_to_card(page, code)
            page.keyboard.press("Space")
            card = page.locator(f'#hand button.card[data-card="{code}"]')
            expect(card).to_have_attribute("aria-pressed", "true")
        tab_to(page, '#actions [data-act="new-meld"]')
        page.keyboard.press("Enter")
    expect(page.locator('#area .draft[data-state="ok"]')).to_have_count(3)
    assert_accessible(page)  # with the lay-down area
    tab_to(page, '[data-act="lay-down"]')
    page.keyboard.press("Enter")
    expect(page.locator("#mine .meld")).to_have_count(3)
    key_to_card(page, "KD")
    page.keyboard.press("Enter")
    tab_to(page, '#actions [data-act="discard"]')
    page.keyboard.press("Enter")
    expect(page.locator("#sheet-dialog")).to_be_visible()
    expect(page.locator("#live")).to_contain_text("You went out.")
    assert_accessible(page)  # the score sheet
    # The sheet is the keyboard's next stop, and it closes from the keyboard too.
    tab_to(page, '#sheet-dialog [data-act="sheet-close"]')
    page.keyboard.press("Enter")
    expect(page.locator("#sheet-dialog")).to_have_count(0)


def test_a_name_that_looks_like_html_is_text_everywhere_and_four_colours_show(
    page: Page, site_url: str, boot
) -> None:
    page.add_init_script(NO_ALERTS)
    preload(page, go_out_position(HOSTILE), settings_with(name=HOSTILE, four_colour=True))
    boot(page, site_url + "?pace=instant")
    settle(page)
    expect(page.locator("#mine")).to_contain_text(HOSTILE)
    # The four-colour deck (set in the same settings): diamonds blue, clubs green, hearts red.
    colour = '(code) => getComputedStyle(document.querySelector(`#hand [data-card="${code}"]`)).color'
    assert page.evaluate(colour, "8D") == "rgb(20, 80, 184)"
    assert page.evaluate(colour, "8C") == "rgb(19, 115, 51)"
    assert page.evaluate(colour, "8S") != page.evaluate(colour, "3H")
    play_move(page, {"type": "draw", "player": 0, "source": "stock"})
    compose(page, MELDS, None)
    page.locator('[data-act="lay-down"]').click()
    play_move(page, {"type": "discard", "player": 0, "card": "KD"})
    # Your name heads your column of the score sheet; the sentences about you say "you".
    expect(page.locator("#sheet-dialog th", has_text=HOSTILE)).to_have_count(1)
    expect(page.locator("#log")).to_contain_text("You went out.")
    expect(page.locator("#log")).not_to_contain_text(HOSTILE)
    page.locator('#sheet-dialog [data-act="sheet-close"]').click()
    page.locator('[data-act="menu-new-game"]').click()
    expect(page.locator("#setup-form #name")).to_have_value(HOSTILE)
    assert page.locator("img").count() == 0
    assert page.evaluate("window.alerted") == []


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_360_px_phone_plays_without_sideways_scrolling(
    browser: Browser, site_url: str, guard, boot, lang: str
) -> None:
    context = guard.watch(
        browser.new_context(
            viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, service_workers="block"
        )
    )
    try:
        page = context.new_page()
        boot(page, f"{site_url}?variant=basic&players=2&seed=11&pace=instant&lang={lang}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert_accessible(page)  # the setup screen
        page.locator('[data-act="start"]').tap()
        settle(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert_accessible(page)  # the table at phone width
        cards = page.locator("#hand button.card")
        held = cards.count()
        expect(page.locator("#table")).to_have_attribute("data-phase", "draw")
        page.locator('[data-act="draw-stock"]').tap()
        expect(cards).to_have_count(held + 1)
        cards.last.tap()
        page.locator('#actions [data-act="discard"]').tap()
        expect(cards).to_have_count(held)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
