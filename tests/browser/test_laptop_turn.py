"""A whole turn on one laptop screen (1280x800, 1366x768), as on the phone: the opponents,
the piles, your seat, your hand, the actions and the prompt line are all in the window, and
the page itself never scrolls, for 2, 4 and 6 players and a hand of 16 cards (bought up to
it in a contract deal). The Hint's words before you draw are in the window too, and "Start
new game" is on the setup form's first screen. The embed's frame (40rem tall, the README's
example) keeps the same rule.

"In the window" means wholly inside the viewport and not cut off by any region that scrolls
inside itself. Screenshots of each size mid-turn go to ``.pytest_cache/rommi/screens/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import FrameLocator, Page, expect
from tests.browser.conftest import BOOT_TIMEOUT_MS
from tests.browser.table import TIMEOUT_MS, preload, save_of, screenshot, settings_with, settle
from tests.stacking import new_game
from tools.build.serve import serving

from rommi import Game
from ui.words import i18n

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768)]
PLAYERS = [2, 4, 6]
HAND = 16  # cards in your hand before you draw (10 dealt, three buys of two)

# Why an element is not wholly seen: outside the window, or cut off by a region that scrolls.
UNSEEN = """el => {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return "not drawn";
  const inside = (b) => r.left >= b.left - 0.5 && r.top >= b.top - 0.5
    && r.right <= b.right + 0.5 && r.bottom <= b.bottom + 0.5;
  const where = [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
  if (!inside({left: 0, top: 0, right: innerWidth, bottom: innerHeight})) {
    return `outside the ${innerWidth}x${innerHeight} window at ${where}`;
  }
  for (let box = el.parentElement; box; box = box.parentElement) {
    const style = getComputedStyle(box);
    const scrolls = style.overflowX !== "visible" || style.overflowY !== "visible";
    const name = box.id || box.className;
    if (scrolls && !inside(box.getBoundingClientRect())) return `cut off by ${name} at ${where}`;
  }
  return "";
}"""
NO_PAGE_SCROLL = "[document.scrollingElement.scrollHeight, innerHeight]"


def bought_up_to(players: int, cards: int, seed: int = 3) -> Game:
    """A contract deal at your draw, your hand bought up to ``cards``: the computer seats draw
    from the stock and discard their first card, you buy every discard offered until then."""
    game = Game.new("contract", players=players, seed=seed, dealer=players - 1)
    for _ in range(2000):
        seat = game.to_act
        if game.phase == "draw" and seat == 0 and len(game.hand(0)) >= cards:
            return game
        if game.phase == "buy":
            action = {"type": "buy" if seat == 0 and len(game.hand(0)) < cards else "pass", "player": seat}
        elif game.phase == "draw":
            action = {"type": "draw", "player": seat, "source": "stock"}
        else:
            action = {"type": "discard", "player": seat, "card": str(game.hand(seat)[0])}
        game.apply(action)
    raise AssertionError(f"no hand of {cards} with {players} players, seed {seed}")


def game_for(players: int) -> Game:
    """Two players: Perusrommi (Sitoumusrommi needs three), its ten cards; else a bought-up hand."""
    if players == 2:
        return Game.new("basic", players=2, seed=3, dealer=1)
    return bought_up_to(players, HAND)


def stock_name() -> re.Pattern[str]:
    """The stock's name, whatever its count, in the language of the test."""
    return re.compile("^" + re.escape(i18n.t("table.stock.label", count=0).split(",")[0]))


def unseen(root: Page | FrameLocator, players: int) -> list[str]:
    """Every part of a turn that is not wholly seen, named."""
    wanted = {
        "a card of your hand": root.locator("#hand").get_by_role("button"),
        "the stock": root.get_by_role("button", name=stock_name()),
        "the discard pile": root.get_by_role(
            "button", name=re.compile("^" + i18n.t("table.discard.label", card=".*"))
        ),
        "Discard": root.locator("#actions").get_by_role(
            "button", name=re.compile("^" + i18n.t("act.discard"))
        ),
        "an opponent": root.locator("#opponents > .seat"),
        "your seat": root.locator("#mine"),
        "the turn line": root.locator("#turn-info"),
        "the prompt": root.locator("#prompt"),
    }
    expect(wanted["an opponent"]).to_have_count(players - 1)
    out = []
    for name, locator in wanted.items():
        assert locator.count() > 0, f"{name} is not on the page"
        for i in range(locator.count()):
            why = locator.nth(i).evaluate(UNSEEN)
            if why:
                out.append(f"{name} #{i}: {why}")
    return out


def page_scrolls(root: Page | FrameLocator) -> bool:
    height, window = root.locator("html").evaluate(f"() => {NO_PAGE_SCROLL}")
    return bool(height > window)


def play_a_turn(
    root: Page | FrameLocator,
    players: int,
    shot: Page,
    name: str,
    sizes: Sequence[tuple[int, int] | None] = (None,),
) -> None:
    """At your draw: all seen; Hint's words seen; draw from the stock: all seen (a screenshot).

    Each check is made at each of ``sizes`` in turn, ``shot`` resized to it (None: as it is). The
    table's layout is CSS alone (no script reads the window's size), so a page resized is laid
    out as one opened at that size, and one boot serves both laptop sizes."""

    def at(size: tuple[int, int] | None) -> str:
        if size is None:
            return ""
        shot.set_viewport_size({"width": size[0], "height": size[1]})
        return f" at {size[0]}x{size[1]}"

    for size in sizes:
        where = at(size)
        assert not page_scrolls(root), "the page scrolls at your draw" + where
        assert unseen(root, players) == [], where
    root.get_by_role("button", name=i18n.t("table.hint"), exact=True).click()
    hint = root.locator("#hint-text")
    expect(hint).to_contain_text(i18n.t("table.hint"))
    for size in sizes:
        where = at(size)
        assert hint.evaluate(UNSEEN) == "", "the Hint's words are not seen" + where
        assert not page_scrolls(root), "the page scrolls with the hint shown" + where
    root.get_by_role("button", name=stock_name()).click()
    expect(root.locator('#table[data-phase="play"][data-busy="false"]')).to_have_count(1, timeout=TIMEOUT_MS)
    expect(root.locator("#hand").get_by_role("button")).to_have_count(len_hand(players) + 1)
    for size in sizes:
        where = at(size)
        assert not page_scrolls(root), "the page scrolls mid-turn" + where
        assert unseen(root, players) == [], where
        screenshot(shot, name if size is None else f"{name}-{size[0]}x{size[1]}")


def len_hand(players: int) -> int:
    return 10 if players == 2 else HAND


@pytest.mark.parametrize("players", PLAYERS, ids=[f"{n}players" for n in PLAYERS])
def test_a_whole_turn_fits_a_laptop_screen(sized_page: Any, site_url: str, boot: Any, players: int) -> None:
    """At 1280x800 and at 1366x768: one page, resized at each step (see ``play_a_turn``)."""
    page: Page = sized_page(*SIZES[0])
    preload(page, save_of(game_for(players)))
    boot(page, f"{site_url}?pace=instant&lang=en")
    assert settle(page) == "draw"
    play_a_turn(page, players, page, f"laptop-turn-{players}p", SIZES)


@pytest.fixture
def finnish() -> Iterator[None]:
    """The catalog in Finnish for the names the test reads (set back afterwards)."""
    i18n.set_language("fi")
    yield
    i18n.set_language("en")


def test_a_whole_turn_fits_a_laptop_screen_in_finnish(
    sized_page: Any, site_url: str, boot: Any, finnish: None
) -> None:
    """Finnish words are longer: six players, a hand of 16, the tightest case (both laptop sizes)."""
    page: Page = sized_page(*SIZES[0])
    preload(page, save_of(game_for(6)))
    boot(page, f"{site_url}?pace=instant&lang=fi")
    assert settle(page) == "draw"
    play_a_turn(page, 6, page, "laptop-turn-fi-6p", SIZES)


def test_start_new_game_is_on_the_first_screen_of_the_setup_form(
    sized_page: Any, site_url: str, boot: Any
) -> None:
    """At both laptop sizes: one page, resized (its layout is CSS alone)."""
    page: Page = sized_page(*SIZES[0])
    boot(page, f"{site_url}?lang=en")
    start = page.get_by_role("button", name="Start new game")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        expect(start).to_be_visible()
        assert page.evaluate("window.scrollY") == 0, f"{width}x{height}"
        assert start.evaluate(UNSEEN) == "", f"{width}x{height}"
        screenshot(page, f"laptop-setup-{width}x{height}")


PARENT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A site with Rommi</title>
<link rel="icon" href="data:,"></head>
<body><main><h1>A site with Rommi</h1>
<iframe id="rommi" title="Rommi" style="width: 100%; height: 40rem; border: 0"></iframe></main>
<script>document.getElementById("rommi").src = decodeURIComponent(location.hash.slice(1));</script>
</body></html>
"""


@pytest.mark.parametrize("players", [4, 6], ids=["4players", "6players"])
def test_a_whole_turn_fits_the_embeds_frame(
    sized_page: Any, site_url: str, tmp_path: Any, players: int
) -> None:
    """The README's frame: the whole width, 40rem tall, on a 1280x800 page."""
    (tmp_path / "parent.html").write_text(PARENT, encoding="utf-8")
    page: Page = sized_page(1280, 800)
    preload(page, save_of(bought_up_to(players, HAND)))
    with serving(tmp_path) as parent:
        page.goto(parent + "parent.html#" + quote(site_url + "?embed=1&pace=instant&lang=en", safe=""))
        frame = page.frame_locator("#rommi")
        expect(frame.locator('html[data-ready="true"]')).to_have_count(1, timeout=BOOT_TIMEOUT_MS)
        settled = frame.locator('#table[data-human="true"][data-busy="false"]')
        expect(settled).to_have_count(1, timeout=TIMEOUT_MS)
        size = frame.locator("html").evaluate("() => [innerWidth, innerHeight]")
        assert size[1] == 640, size  # 40rem
        play_a_turn(frame, players, page, f"embed-turn-{players}p")


def offered_a_card(players: int) -> Game:
    """A contract deal in its first buy window, at you: Aino (after the dealer, you) drew from the
    stock, so the card turned up is offered, the others passed it and you are asked. Aino's last
    move then takes two lines of her seat."""
    hands: list[list[str]] = [["7H", "7S", "7D", "7C", "9C", "9H", "9S", "9D", "KS", "2C"]]
    game = new_game("contract", players, hands + [[] for _ in range(players - 1)], "8D", ["5C"], dealer=0)
    game.apply({"type": "draw", "player": 1, "source": "stock"})
    for seat in range(2, players):
        game.apply({"type": "pass", "player": seat})
    return game


def unseen_offer(page: Page, players: int) -> list[str]:
    """Every part of the table offered a card that is not wholly seen, named."""
    panel = page.get_by_role("group", name=re.compile("^" + re.escape(i18n.t("buy.title", card="8♦"))))
    wanted = {
        "an opponent": page.locator("#opponents > .seat"),
        "the stock": page.get_by_role("button", name=stock_name()),
        "Buy": panel.get_by_role("button", name=i18n.t("buy.buy"), exact=True),
        "Pass": panel.get_by_role("button", name=i18n.t("buy.pass"), exact=True),
        "Ask me to buy": panel.get_by_role("combobox", name=i18n.t("buy.ask")),
        "your seat": page.locator("#mine"),
        "the turn line": page.locator("#turn-info"),
    }
    expect(wanted["an opponent"]).to_have_count(players - 1)
    out = []
    for name, locator in wanted.items():
        assert locator.count() > 0, f"{name} is not on the page"
        for i in range(locator.count()):
            why = locator.nth(i).evaluate(UNSEEN)
            if why:
                out.append(f"{name} #{i}: {why}")
    return out


@pytest.mark.parametrize("players", [3, 4, 6], ids=[f"{n}players" for n in (3, 4, 6)])
@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_offered_a_card_every_opponent_is_seen_whole(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int, players: int
) -> None:
    """The offer to buy sits beside the piles on a laptop: under them it took the opponents'
    room, and their seats were cut off ("No melds yet" hidden under the piles' row). The piles
    are where they are when you draw."""
    page: Page = sized_page(width, height)
    preload(page, save_of(offered_a_card(players)), settings_with(buy_prompt="always"))
    boot(page, f"{site_url}?pace=slow&lang=en")  # slow: the table after Pass is seen before Aino moves
    assert settle(page) == "buy"
    assert not page_scrolls(page), "the page scrolls with the offer"
    assert unseen_offer(page, players) == []
    piles = page.locator("#centre .piles").bounding_box()
    screenshot(page, f"laptop-offer-{players}p-{width}x{height}")
    page.get_by_role("button", name=i18n.t("buy.pass"), exact=True).click()
    expect(page.locator('#table[data-phase="play"][data-to-act="1"]')).to_have_count(1)
    expect(page.locator("#buy-panel")).to_have_count(0)
    assert page.locator("#centre .piles").bounding_box() == piles, "the piles moved when the offer went"


def test_offered_a_card_in_finnish_every_opponent_is_seen_whole(
    sized_page: Any, site_url: str, boot: Any, finnish: None
) -> None:
    """The offer's Finnish words are longer, so it is taller: six players, the tightest case
    (at both laptop sizes: one page, resized; its layout is CSS alone)."""
    page: Page = sized_page(*SIZES[0])
    preload(page, save_of(offered_a_card(6)), settings_with(buy_prompt="always"))
    boot(page, f"{site_url}?pace=instant&lang=fi")
    assert settle(page) == "buy"
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert not page_scrolls(page), f"the page scrolls with the offer at {width}x{height}"
        assert unseen_offer(page, 6) == [], f"{width}x{height}"
        screenshot(page, f"laptop-offer-fi-6p-{width}x{height}")
