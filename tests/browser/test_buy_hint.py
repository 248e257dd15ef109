"""The buy prompt and the Hint agree (issue 42): played as a person, by role and name.

Under "Ask me to buy: only when the card fits" (the default) the table asked about cards the
Hint then called no help. Now it asks only about cards the Hint's player judges helpful, and the
prompt shows the Hint's view in a word.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import preload, save_of, screenshot, settings_with, settle
from tests.stacking import new_game

from rommi import Game
from ui.records.stores import GAME, SETTINGS

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]
JUNK = ["2C", "4D", "6S", "8C", "TD", "QH", "KS", "AS"]  # no two of a rank, no two near in a suit


def offered(hand: list[str], up: str) -> Game:
    """Deal 1 for three: seat 1 draws from the stock and seat 2 passes, so you are offered ``up``."""
    game = new_game("contract", 3, [hand, [], []], up, ["5C"], dealer=0)
    game.apply({"type": "draw", "player": 1, "source": "stock"})
    game.apply({"type": "pass", "player": 2})
    return game


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_card_that_helps_is_offered_with_the_hints_word(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    """rule C6: your 7♥ 7♠ and the 7♦ make a set, and the Hint would buy it: you are asked."""
    page: Page = sized_page(width, height)
    preload(page, save_of(offered(["7H", "7S", *JUNK], "7D"), ["easy", "easy"]))
    boot(page, site_url + "?pace=instant&lang=en")
    panel = page.get_by_role("group", name="Buy the 7♦?")
    expect(panel).to_be_visible()
    expect(panel.get_by_text("Hint: buy", exact=True)).to_be_visible()
    screenshot(page, f"buy-hint-{width}x{height}")
    page.get_by_role("button", name="Hint", exact=True).click()
    said = "Hint: Buy the 7♦: it completes your set of sevens."
    expect(page.get_by_role("status").filter(has_text=said)).to_be_visible()


def test_a_card_the_hint_calls_no_help_is_passed_for_you_and_shown_as_pass_when_asked(
    page: Page, site_url: str, boot: Any
) -> None:
    """rule C6: in deal 1 (two sets) the 7♥ after your 5♥ 6♥ only makes a run: "fits" asked about
    it and the Hint said "does not help your hand". Now the table passes it for you; asked every
    time, the prompt says "Hint: pass", as the Hint does."""
    game = offered(["5H", "6H", *JUNK], "7H")
    preload(page, save_of(game, ["easy", "easy"]))
    boot(page, site_url + "?pace=instant&lang=en")
    settle(page)
    expect(page.get_by_role("list", name="What happened")).to_contain_text("You passed.")  # passed for you
    expect(page.get_by_role("group", name="Buy the 7♥?")).to_have_count(0)

    page.evaluate(
        "(records) => { for (const [key, text] of records) localStorage.setItem(key, text); }",
        [
            [GAME.key, json.dumps(save_of(game, ["easy", "easy"]))],
            [SETTINGS.key, json.dumps(settings_with(buy_prompt="always"))],
        ],
    )
    page.reload()
    boot(page)
    panel = page.get_by_role("group", name="Buy the 7♥?")
    expect(panel.get_by_text("Hint: pass", exact=True)).to_be_visible()
    page.get_by_role("button", name="Hint", exact=True).click()
    said = "Hint: Pass: the 7♥ does not help your hand."
    expect(page.get_by_role("status").filter(has_text=said)).to_be_visible()
