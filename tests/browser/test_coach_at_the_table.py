"""The coach at the table (issue 43, point 2): a person is asked before a costly discard, takes it
back, is asked about another, and goes ahead; the question is a dialog with a name, the keyboard
on "Take it back", said, and accessible (axe), at a laptop's and a phone's size."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.person import button, hand_cards, press, select
from tests.browser.table import preload, save_of, saved_app, screenshot, settings_with

from coach_positions import laid_down_then_drew_the_7c, offered_the_5c
from rommi import Game
from ui.words.i18n import t

pytestmark = pytest.mark.browser
SIZES = [(1280, 800), (1366, 768), (360, 640)]


def two_cards_to_lay_off() -> Game:
    """You laid down your sevens and nines last turn and kept the 9♦; now you drew the 7♣. Both go
    on your own sets: the hard player lays off both and throws the J♦."""
    return laid_down_then_drew_the_7c(kept="9D")


def discard(page: Page, card: str) -> None:
    """Select ``card`` and press Discard, as a person does."""
    select(page, [card])
    press(page, page.locator("#actions").get_by_role("button", name=re.compile("^" + t("act.discard"))))


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_asked_before_a_costly_discard_take_it_back_then_go_ahead(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    page: Page = sized_page(width, height)
    preload(page, save_of(two_cards_to_lay_off(), ["easy", "easy"]), settings_with(coach="on"))
    boot(page, f"{site_url}?pace=instant&lang=en")
    discard(page, "7C")
    asked = page.get_by_role("alertdialog", name=t("coach.title"))
    expect(asked).to_be_visible()
    expect(asked).to_contain_text("The 7♣ could go on")
    expect(asked).to_contain_text("J♦")
    back = button(asked, t("coach.back"))
    expect(back).to_be_focused()
    expect(page.locator("#live")).to_contain_text("Coach: The 7♣ could go on")
    assert_accessible(page, "#coach")
    screenshot(page, f"coach-question-{width}x{height}")
    press(page, back)
    expect(asked).to_be_hidden()
    expect(page.locator("#live")).to_have_text(t("coach.taken_back"))
    expect(
        page.locator("#actions").get_by_role("button", name=re.compile("^" + t("act.discard")))
    ).to_be_focused()
    assert "7C" in saved_app(page).view()["hand"]  # nothing was played
    press(page, hand_cards(page, "7C", True).first)  # the 7♣, still selected, unselected
    discard(page, "9D")  # another card that fits: another question
    expect(asked).to_contain_text("The 9♦ could go on")
    press(page, button(asked, t("coach.go")))
    expect(asked).to_be_hidden()
    expect(page.locator("#log")).to_contain_text("You discarded the 9♦.")  # played, through the one move path
    screenshot(page, f"coach-went-ahead-{width}x{height}")


def test_the_setup_form_has_the_coach_setting(page: Page, site_url: str, boot: Any) -> None:
    boot(page, f"{site_url}?lang=en")
    coach = page.get_by_role("combobox", name=t("setup.coach"))
    expect(coach).to_have_value("auto")
    expect(coach.get_by_role("option", name=t("coach.choice.auto"))).to_be_attached()


def test_the_buy_prompt_is_the_coachs_question(sized_page: Any, site_url: str, boot: Any) -> None:
    """One decision, one interruption: the coach's sentence is in the buy prompt, Buy and Pass are
    described by it, and no second dialog follows Buy."""
    page: Page = sized_page(1280, 800)
    preload(page, save_of(offered_the_5c(), ["easy", "easy"]), settings_with(coach="on", buy_prompt="always"))
    boot(page, f"{site_url}?pace=instant&lang=en")
    panel = page.get_by_role("group", name=t("buy.title", card="5♣"))
    expect(panel).to_contain_text("Coach: Eero plays next, has laid down and holds only 1 card")
    buy = button(panel, t("buy.buy"))
    expect(buy).to_have_accessible_description(re.compile("^Coach: Eero plays next"))
    assert_accessible(page, "#buy-panel")
    screenshot(page, "coach-buy-prompt-1280x800")
    press(page, buy)
    expect(panel).to_be_hidden()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    expect(page.locator("#log")).to_contain_text("You bought the 5♣")
