"""Two tabs of one game: when one saves a move, the other stops playing and says so plainly,
with "Play here" to take the game over; the moves made in the first are never overwritten.

Both tabs are pages of one browser context, so they share ``localStorage`` as two tabs do.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tests.browser.conftest import Guard, boot_page
from tests.browser.table import preload, save_of, saved, screenshot, settle
from tests.stacking import new_game

from ui.records.stores import GAME

pytestmark = pytest.mark.browser

HAND = ["7H", "7S", "7D", "9C", "9H", "KS", "2C", "4D", "JC", "QH"]
NOTICE = "This game is being played in another tab of this browser."


def draw(page: Page) -> None:
    page.get_by_role("button", name=re.compile("^Stock")).click()


# Without Web Locks (a page served over plain HTTP from another host, some third-party frames)
# the browser's storage events decide, as before the lock.
LOCKS = {
    "web locks": "",
    "no web locks": "Object.defineProperty(Navigator.prototype, 'locks',"
    " { configurable: true, get: () => undefined });",
    "web locks refused": "if (window.LockManager) LockManager.prototype.request = () => Promise.reject("
    "new DOMException('The request is not allowed.', 'SecurityError'));",
}


@pytest.mark.parametrize("locks", list(LOCKS))
def test_one_tab_plays_the_other_watches_and_can_take_over(
    context: BrowserContext, page: Page, site_url: str, boot, locks: str
) -> None:
    context.add_init_script(LOCKS[locks])
    first = page  # the context's first page (the one that planted the snapshot)
    preload(first, save_of(new_game("contract", 3, [HAND, [], []], "QD", ["5C"], dealer=2), ["easy", "easy"]))
    url = site_url + "?pace=instant&lang=en"
    boot(first, url)
    second = context.new_page()
    boot(second, url)
    assert settle(first) == "draw" and settle(second) == "draw"
    draw(first)  # the first tab moves and saves: the second steps aside
    settle(first)
    notice = second.get_by_role("alert").filter(has_text=NOTICE)
    expect(notice).to_be_visible()
    expect(second.locator("#table")).to_have_attribute("inert", "")
    moved = saved(first)["game"]
    # The second tab's table does nothing now, and nothing it had is saved over the first's.
    second.locator("#centre .pile.stock").click(force=True)
    assert saved(first)["game"] == moved
    assert len(second.locator("#hand").get_by_role("button").all()) == len(HAND)  # its own old view
    # Play here: the second tab reads the first's game and the first steps aside in turn.
    notice.get_by_role("button", name="Play here").click()
    expect(notice).to_be_hidden()
    expect(second.locator("#hand").get_by_role("button")).to_have_count(len(HAND) + 1)
    expect(first.get_by_role("alert").filter(has_text=NOTICE)).to_be_visible()
    second.locator("#hand").get_by_role("button", name=re.compile(", new$")).click()
    second.locator("#actions").get_by_role("button", name=re.compile("^Discard ")).click()
    settle(second)
    after = saved(second)["game"]
    assert len(after["history"]) > len(moved["history"]), "the second tab went on from the first's move"


def test_a_tab_opened_beside_the_playing_one_watches_from_the_start_and_plays_on_when_it_closes(
    context: BrowserContext, page: Page, site_url: str, boot
) -> None:
    first = page  # the context's first page (the one that planted the snapshot)
    preload(first, save_of(new_game("contract", 3, [HAND, [], []], "QD", ["5C"], dealer=2), ["easy", "easy"]))
    url = site_url + "?pace=instant&lang=en"
    boot(first, url)
    first.reload()  # a reload is the same tab: it still plays
    boot(first)
    notice = first.get_by_role("alert").filter(has_text=NOTICE)
    expect(notice).to_be_hidden()
    draw(first)
    expect(first.locator("#hand").get_by_role("button")).to_have_count(len(HAND) + 1)
    settle(first)
    second = context.new_page()
    boot(second, url)
    watching = second.get_by_role("alert").filter(has_text=NOTICE)
    expect(watching).to_be_visible()  # before either tab moves again
    expect(second.locator("#table")).to_have_attribute("inert", "")
    for width, height in ((1280, 800), (1366, 768), (360, 640)):
        second.set_viewport_size({"width": width, "height": height})
        expect(watching).to_be_in_viewport()
        screenshot(second, f"two-tabs-watching-{width}x{height}")
    first.close()
    expect(watching).to_be_hidden()  # the lock is free: this tab plays on from the first's save
    hand = second.locator("#hand").get_by_role("button")
    expect(hand).to_have_count(len(HAND) + 1)
    second.locator("#hand").get_by_role("button", name=re.compile(", new$")).click()
    second.locator("#actions").get_by_role("button", name=re.compile("^Discard ")).click()
    expect(hand).to_have_count(len(HAND))
    settle(second)


TRIALS = 5  # the race lost one move in about one trial of five before tabs held a lock
AT_ONCE = "([node, at]) => { setTimeout(() => node.click(), Math.max(0, at - Date.now())); }"
HEARD = "window.rommiHeard = []; addEventListener('storage', (e) => window.rommiHeard.push(e.key));"


def barrier(writer: Page, reader: Page, mark: str) -> None:
    """Wait until ``reader`` has heard every storage event ``writer`` caused so far: the browser
    delivers them in order, so once it hears ``mark``, written now, it has handled the rest."""
    writer.evaluate("(mark) => localStorage.setItem('rommi.test.barrier', mark)", mark)
    reader.wait_for_function(
        "(mark) => window.rommiHeard.includes('rommi.test.barrier')"
        " && localStorage.getItem('rommi.test.barrier') === mark",
        arg=mark,
    )


def test_two_tabs_moving_in_the_same_instant_never_both_step_aside_and_lose_no_move(
    browser: Browser, site_url: str, guard: Guard
) -> None:
    """Two tabs open on one game, and a draw pressed in each within the same millisecond (one
    from the stock, one from the discard pile), five times over: one tab plays, the other says
    the game is played in another tab, and the save holds the playing tab's move."""
    url = site_url + "?pace=instant&lang=en"
    save = json.dumps(
        save_of(new_game("contract", 3, [HAND, [], []], "QD", ["5C", "6C"], dealer=2), ["easy", "easy"])
    )
    for trial in range(TRIALS):
        context = browser.new_context(service_workers="block", viewport={"width": 1000, "height": 700})
        try:
            setup = guard.open(context)  # the page that planted the snapshot, on the site's icon
            setup.evaluate("([key, text]) => localStorage.setItem(key, text)", [GAME.key, save])
            tabs = [setup, context.new_page()]
            for tab in tabs:
                tab.add_init_script(HEARD)
                tab.goto(url, wait_until="commit")  # both boot at once: either may win the game
            for tab in tabs:
                boot_page(tab)
                settle(tab)
            # Tab 0 draws from the stock and tab 1 from the discard pile, or the other way round.
            piles = [re.compile("^Stock"), re.compile("^Discard pile")]
            if trial % 2:
                piles.reverse()
            at = tabs[0].evaluate("Date.now()") + 400
            for tab, pile in zip(tabs, piles, strict=True):
                node = tab.get_by_role("button", name=pile, include_hidden=True).element_handle()
                tab.evaluate(AT_ONCE, [node, at])
            for tab in tabs:
                tab.wait_for_function("(at) => Date.now() > at + 50 && !window.rommiSaving", arg=at)
            barrier(tabs[0], tabs[1], f"{trial}a")
            barrier(tabs[1], tabs[0], f"{trial}b")
            aside = [tab.get_by_role("alert").filter(has_text=NOTICE).is_visible() for tab in tabs]
            assert aside.count(True) <= 1, f"trial {trial}: both tabs say the game is played in another tab"
            playing = tabs[aside.index(False)]
            settle(playing)
            hand = sorted(
                str(c)
                for c in playing.locator("#hand button.card").evaluate_all(
                    "(cards) => cards.map((card) => card.dataset.card)"
                )
            )
            assert len(hand) == len(HAND) + 1, f"trial {trial}: the playing tab drew"
            assert sorted(saved(playing)["game"]["hands"][0]) == hand, (
                f"trial {trial}: its move is in the save"
            )
        finally:
            context.close()
