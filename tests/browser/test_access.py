"""Keyboard, screen reader, phone and hostile input, in Chromium.

axe-core finds nothing, of any impact, on every screen of the game (the buy
prompt, the table with a log long enough to scroll, the lay-down area with
melds composed in it, the score sheet after a deal, the table after it, the
setup screen, the match's end), at 1280x800 and 360x640, in English and in
Finnish, and none of them scrolls sideways. A screenshot of each screen at each
size is written to ``.pytest_cache/rommi/screens/axe-<screen>-<w>x<h>.png``.
A deal of Perusrommi you can end in one turn (go out with three melds) is played
with the keyboard alone, and axe checks it at each stage too. The same deal with
a name that looks like HTML shows it as text everywhere.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.axe_check import assert_accessible, describe, problems, run_axe
from tests.browser.table import compose, play_move, preload, save_of, screenshot, settings_with, settle
from tests.stacking import new_game, quiet_turn

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (360, 640)]
LANGUAGES = ("en", "fi")

HAND = ["3H", "4H", "5H", "6H", "8C", "8D", "8S", "JD", "JC", "JS"]
MELDS = [["3H", "4H", "5H", "6H"], ["8C", "8D", "8S"], ["JD", "JC", "JS"]]
HOSTILE = "<img src=x onerror=alert(1)>"
NO_ALERTS = "window.alerted = []; window.alert = (m) => window.alerted.push(String(m));"
# Sitoumusrommi, deal 1 (two sets): three sets in hand, so you can go out in one turn (C7, C11).
SETS = [["7H", "7S", "7D"], ["9C", "9H", "9S"], ["KS", "KD", "KC", "KH"]]
# Deal 7 (three runs): all but one card in one lay-down, which ends the deal and the match (C12, C15).
RUNS = [["3H", "4H", "5H"], ["6S", "7S", "8S"], ["9D", "TD", "JD", "QD"]]
FILLER = [rank + suit for rank in "23456" for suit in "CDHS"]  # cards none of the sets needs


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
    expect(page.locator("#hand button.card")).to_have_count(11)  # no waiting: keys at once are yours
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


def offered_after_a_long_log() -> dict[str, Any]:
    """Deal 1 after four quiet rounds, so the log holds more lines than its box shows at either size;
    then Aino discards the 7♣ and Eero draws from the stock, so you are offered a fourth seven
    (C6): the buy prompt, shown under "Ask me to buy: every time" (the Hint says a fourth seven
    does not help, so "only when it fits" passes it)."""
    hand = [card for meld in SETS for card in meld]
    game = new_game("contract", 3, [hand, [], []], "QD", [*FILLER[:12], "7C"])
    for _ in range(3 * 4 + 1):
        quiet_turn(game)
    game.apply({"type": "draw", "player": 2, "source": "stock"})
    assert game.view(0)["buy_card"] == "7C" and game.to_act == 0
    return save_of(game, ["easy", "easy"])


def last_deal_to_go_out() -> dict[str, Any]:
    """Deal 7, your turn first: draw, lay down three runs, discard, and the match is over."""
    hand = [card for meld in RUNS for card in meld]
    game = new_game("contract", 3, [hand, [], []], "2C", ["KC"], dealer=2, deal=7)
    return save_of(game, ["easy", "easy"])


class Audit:
    """axe on each screen in both languages, switched with the page's own language menu (as a person
    would, so the screen stays as it is); every finding is kept, so one run lists all of them."""

    def __init__(self, page: Page, width: int, height: int) -> None:
        self.page, self.width, self.size = page, width, f"{width}x{height}"
        self.found: list[str] = []

    def look(self, screen: str) -> None:
        """Check ``screen`` in the language shown, then in the other one (axe, and no sideways
        scrolling); save a screenshot of it in English."""
        shown = self.page.get_attribute("html", "lang")
        for lang in sorted(LANGUAGES, key=lambda lang: lang != shown):
            if lang != shown:
                self.page.locator("#lang").select_option(lang)
                expect(self.page.locator("html")).to_have_attribute("lang", lang)
            bad = problems(run_axe(self.page))
            if bad:
                self.found.append(f"{screen} at {self.size} in {lang}:\n{describe(bad)}")
            wide = self.page.evaluate("document.documentElement.scrollWidth")
            if wide > self.width:
                self.found.append(f"{screen} at {self.size} in {lang}: {wide} px wide, it scrolls sideways")
            if lang == "en":
                # The whole page, but a dialog as it shows (its backdrop covers the window, not the page).
                whole = not self.page.locator("#sheet-dialog").is_visible()
                screenshot(self.page, f"axe-{screen}-{self.size}", full_page=whole)

    def check(self) -> None:
        if self.found:
            pytest.fail("axe-core found problems:\n" + "\n".join(self.found))


LOG_AT_END = "(e => e.scrollTop + e.clientHeight >= e.scrollHeight - 1)(document.querySelector('#log'))"


def scrolls(page: Page, selector: str) -> bool:
    """The element holds more than it shows (so it must take the keyboard focus to be scrolled)."""
    return bool(page.locator(selector).evaluate("e => e.scrollHeight > e.clientHeight + 1"))


def draw_and_compose(page: Page, melds: list[list[str]]) -> None:
    """Draw from the stock and put ``melds`` (all your cards but the one drawn) in the lay-down area."""
    play_move(page, {"type": "draw", "player": 0, "source": "stock"})
    settle(page)
    compose(page, melds, None)
    expect(page.locator('#area .draft[data-state="ok"]')).to_have_count(len(melds))


def go_out(page: Page) -> None:
    """Lay down what the area holds and discard the one card left: the deal is over."""
    page.locator('[data-act="lay-down"]').click()
    last = page.locator("#hand button.card")
    expect(last).to_have_count(1)
    play_move(page, {"type": "discard", "player": 0, "card": last.get_attribute("data-card")})
    expect(page.locator("#sheet-dialog")).to_be_visible()


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_axe_finds_nothing_on_any_screen_in_english_and_finnish(
    sized_page, site_url: str, boot, width: int, height: int
) -> None:
    """Every screen a player meets, both languages, findings of any impact (two boots per size)."""
    page = sized_page(width, height)
    audit = Audit(page, width, height)
    preload(page, offered_after_a_long_log(), settings_with(buy_prompt="always"))
    boot(page, site_url + "?pace=instant&lang=en")
    expect(page.locator("#buy-panel")).to_be_visible()
    assert scrolls(page, "#log")
    audit.look("buy")
    page.locator('#buy-panel [data-act="pass"]').click()
    assert settle(page) == "draw"
    # The log scrolls, and shows its newest line: the table as a player sees it after a few rounds.
    assert scrolls(page, "#log")
    # It is scrolled to its end in the frame after the redraw: await it, do not read it at once.
    page.wait_for_function(LOG_AT_END)
    audit.look("table")
    # The keyboard reaches the log and scrolls it back to the deal's first line.
    tab_to(page, "#log")
    assert focus_ring_shows(page)
    page.keyboard.press("Home")
    expect(page.locator("#log")).to_have_js_property("scrollTop", 0)
    draw_and_compose(page, SETS)
    audit.look("area")
    go_out(page)
    expect(page.locator("#sheet-dialog tr.future")).to_have_count(6)  # deals 2-7, still to play
    audit.look("sheet")
    page.locator('[data-act="sheet-close"]').click()
    expect(page.locator('#actions [data-act="next-deal"]')).to_be_visible()
    audit.look("deal-over")
    page.locator('[data-act="menu-new-game"]').click()
    expect(page.locator("#setup-form")).to_be_visible()
    audit.look("setup")

    page = sized_page(width, height)
    audit.page = page
    preload(page, last_deal_to_go_out())
    boot(page, site_url + "?pace=instant&lang=en")
    draw_and_compose(page, RUNS)
    go_out(page)
    expect(page.locator("#sheet-dialog .winner")).to_be_visible()
    expect(page.locator("#sheet-dialog .ledger")).to_be_visible()
    expect(page.locator("#log li.earlier")).to_have_count(1)  # deal 7: the earlier deals, in one line
    audit.look("match-end")
    audit.check()
