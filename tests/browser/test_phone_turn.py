"""A whole turn on one phone screen (360x640), in both languages: after drawing, every card
of your hand, both piles and Discard are on screen at once, with no scrolling; the opponents
are a strip of chips, each pressed to show that seat's melds; the lay-down area is a drawer
that opens only when you start a meld.

Everything is pressed by role and accessible name, as a person finds it. A screenshot of
each language is written to ``.pytest_cache/rommi/screens/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from tests.browser.table import preload, save_of, screenshot, settle
from tests.stacking import new_game

from ui.words import i18n

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 360, 640
HAND = ["7H", "7S", "7D", "9C", "9H", "KS", "2C", "4D", "JC", "QH"]
WORDS = {
    "en": {"stock": "^Stock", "discard": "Discard", "meld": "New meld", "clear": "Clear the area"},
    "fi": {"stock": "^Umpipakka", "discard": "Lyö pois", "meld": "Uusi yhdistelmä", "clear": "Tyhjennä alue"},
}


@pytest.fixture
def speak(request: pytest.FixtureRequest) -> Iterator[str]:
    """The test's language, also for the card names it reads (set back afterwards)."""
    lang = str(request.param)
    i18n.set_language(lang)
    yield lang
    i18n.set_language("en")


def on_screen(page: Page, locator: Locator) -> list[str]:
    """The elements of ``locator`` not wholly inside the viewport as it is now."""
    out = []
    for i in range(locator.count()):
        box = locator.nth(i).bounding_box()
        assert box is not None, f"{locator} #{i} is not drawn"
        if (
            box["x"] < 0
            or box["y"] < 0
            or box["x"] + box["width"] > WIDTH
            or box["y"] + box["height"] > HEIGHT
        ):
            out.append(
                f"{locator.nth(i).get_attribute('aria-label') or locator.nth(i).inner_text()} at {box}"
            )
    return out


def start(page: Page, boot: Any, site_url: str, lang: str) -> None:
    """Four players, you first to draw in deal 1, holding a set of sevens."""
    game = new_game("contract", 4, [HAND, [], [], []], "QD", ["5C"], dealer=3)
    preload(page, save_of(game, ["normal", "easy", "hard"]))
    boot(page, f"{site_url}?pace=instant&lang={lang}")
    assert settle(page) == "draw"


@pytest.mark.parametrize("speak", ["en", "fi"], indirect=True)
def test_a_whole_turn_fits_one_phone_screen(sized_page, site_url: str, boot, speak: str) -> None:
    words = WORDS[speak]
    page = sized_page(WIDTH, HEIGHT)
    start(page, boot, site_url, speak)
    hand = page.locator("#hand").get_by_role("button")
    page.get_by_role("button", name=re.compile(words["stock"])).tap()
    expect(hand).to_have_count(len(HAND) + 1)
    assert page.evaluate("window.scrollY") == 0
    wanted = [
        hand,
        page.get_by_role("button", name=re.compile(words["stock"])),
        page.get_by_role("button", name=re.compile("^" + i18n.t("table.discard.label", card=".*"))),
        page.locator("#actions").get_by_role("button", name=words["discard"], exact=True),
    ]
    for locator in wanted:
        assert on_screen(page, locator) == []
    screenshot(page, f"phone-turn-{speak}-{WIDTH}x{HEIGHT}")
    chosen = page.locator("#hand").get_by_role("button", name=i18n.card_name("KS"))
    chosen.tap()
    page.locator("#actions").get_by_role("button", name=i18n.t("act.discard.named", card="K♠")).tap()
    expect(hand).to_have_count(len(HAND))
    settle(page)


@pytest.mark.parametrize("speak", ["en", "fi"], indirect=True)
def test_opponents_are_a_strip_and_a_chip_shows_a_seats_melds(
    sized_page, site_url: str, boot, speak: str
) -> None:
    page = sized_page(WIDTH, HEIGHT)
    start(page, boot, site_url, speak)
    strip = page.locator("#opponents")
    chips = [
        strip.get_by_role("button", name=re.compile(f"^{name} 10 ")) for name in ("Aino", "Eero", "Helmi")
    ]
    boxes = [chip.bounding_box() for chip in chips]
    assert all(b is not None and b["height"] <= 56 for b in boxes), boxes
    assert len({round(b["y"]) for b in boxes if b}) == 1, f"one row: {boxes}"
    assert on_screen(page, strip.get_by_role("button")) == []
    no_melds = strip.get_by_text(i18n.t("table.no_melds"))
    expect(no_melds).to_have_count(3)
    for i in range(3):
        expect(no_melds.nth(i)).to_be_hidden()  # melds stay folded away until asked for
    chips[1].tap()
    expect(chips[1]).to_have_attribute("aria-expanded", "true")
    expect(page.locator('#opponents [data-seat="2"]').get_by_text(i18n.t("table.no_melds"))).to_be_visible()
    expect(chips[0]).to_have_attribute("aria-expanded", "false")
    chips[1].tap()
    expect(chips[1]).to_have_attribute("aria-expanded", "false")
    expect(page.locator('#opponents [data-seat="2"]').get_by_text(i18n.t("table.no_melds"))).to_be_hidden()


@pytest.mark.parametrize("speak", ["en", "fi"], indirect=True)
def test_the_lay_down_area_opens_only_when_you_start_a_meld(
    sized_page, site_url: str, boot, speak: str
) -> None:
    words = WORDS[speak]
    page = sized_page(WIDTH, HEIGHT)
    start(page, boot, site_url, speak)
    page.get_by_role("button", name=re.compile(words["stock"])).tap()
    area = page.get_by_role("heading", name=i18n.t("ld.title"), exact=True)
    expect(area).to_be_hidden()
    for code in ("7H", "7S", "7D"):
        page.locator("#hand").get_by_role("button", name=i18n.card_name(code)).tap()
    page.locator("#actions").get_by_role("button", name=words["meld"]).tap()
    expect(area).to_be_visible()
    expect(page.locator("#hand").get_by_role("button")).to_have_count(len(HAND) + 1 - 3)
    page.get_by_role("button", name=words["clear"]).tap()
    expect(area).to_be_hidden()
    expect(page.locator("#hand").get_by_role("button")).to_have_count(len(HAND) + 1)
