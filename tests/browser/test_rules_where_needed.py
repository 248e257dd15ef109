"""The rules where they are needed (issue 43, point 4), played as a person: by role and name.

- The deal line's contract is a button ("Contract: two runs of three, different suits") that
  opens a short explanation with a picture of a lay-down that meets it, drawn with the
  table's card faces; Close (or Esc) shuts it and the keyboard is back on the button.
- A refused move offers its rule ("Rule G8"), a link to the rules page at that rule, opened in
  a new tab as the page's Rules link is.

At 1280x800, 1366x768 and 360x640 (a touch phone), with axe, and in Finnish.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.person import hand_card, press
from tests.browser.table import preload, save_of, screenshot, settings_with
from tests.stacking import new_game

from rommi.contracts import contract_for
from ui.model.contract_help import examples_for
from ui.words.i18n import set_language, t

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]
IDS = [f"{w}x{h}" for w, h in SIZES]
HAND = ["7H", "7S", "2C", "9D", "JS", "4C", "QH", "KD", "5S", "8C"]  # melds nothing


def deal3(page: Page, **settings: Any) -> None:
    """Deal 3 of contract rummy for three (two runs, different suits); you first, to draw."""
    game = new_game("contract", 3, [HAND, [], []], "QD", ["5C"], dealer=2, deal=3)
    preload(page, save_of(game, ["easy", "easy"]), settings_with(**settings) if settings else None)


def fits(page: Page, box: Locator) -> None:
    """Nothing wider than the window, and ``box`` inside it from side to side."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    edges = box.bounding_box()
    assert edges is not None and edges["x"] >= 0 and edges["x"] + edges["width"] <= width, edges


@pytest.mark.parametrize(("width", "height"), SIZES, ids=IDS)
def test_the_contract_opens_its_explanation_with_a_lay_down_that_meets_it(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    """rules C4 and C7: deal 3's contract, pressed, explains itself and pictures two runs of
    different suits, card by card; the dialog is named, described, keeps the keyboard, fits."""
    page: Page = sized_page(width, height)
    deal3(page)
    boot(page, site_url + "?pace=instant&lang=en")
    set_language("en")
    expect(page.locator("#deal-info")).to_have_text("Deal 3 of 7: two runs of three, different suits")
    control = page.get_by_role("button", name="Contract: two runs of three, different suits", exact=True)
    expect(control).to_have_attribute("aria-haspopup", "dialog")
    press(page, control)
    dialog = page.get_by_role("dialog", name="The contract of deal 3: two runs of three, different suits")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_accessible_description(t("contract_help.lead.contract"))
    close = dialog.get_by_role("button", name="Close", exact=True)
    expect(close).to_be_focused()
    expect(dialog).to_contain_text("The runs must be of different suits.")
    examples = examples_for("contract", contract_for(3), 3)
    assert [x.kind.value for x in examples] == ["run", "run"]
    for x in examples:
        picture = dialog.get_by_role("img", name=x.words(), exact=True)
        expect(picture).to_be_visible()
        expect(picture.locator("span.card")).to_have_count(len(x.cards))  # the table's card faces
    expect(dialog.get_by_role("img", name="Run: 4 of hearts, 5 of hearts, 6 of hearts")).to_be_visible()
    link = dialog.get_by_role("link", name="Rule C4 in the rules", exact=True)
    expect(link).to_have_attribute("href", "rules/en.html#C4")
    expect(link).to_have_attribute("target", "_blank")
    fits(page, dialog.locator("xpath=.."))
    fits(page, dialog)
    screenshot(page, f"contract-help-{width}x{height}")
    assert_accessible(page)
    page.keyboard.press("Tab")  # from Close, the last control, round to the first: the rule's link
    expect(link).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(close).to_be_focused()
    press(page, close)
    expect(dialog).to_have_count(0)
    expect(control).to_be_focused()
    control.press("Enter")
    expect(close).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(control).to_be_focused()


def test_deal_7s_explanation_pictures_a_whole_hand_laid_down_at_once_on_a_phone(
    sized_page: Any, site_url: str, boot: Any
) -> None:
    """rule C12: three runs, all ten cards at once but the discard; ten cards fit a phone."""
    page: Page = sized_page(360, 640)
    game = new_game("contract", 3, [HAND, [], []], "QD", ["5C"], dealer=2, deal=7)
    preload(page, save_of(game, ["easy", "easy"]))
    boot(page, site_url + "?pace=instant&lang=en")
    set_language("en")
    press(page, page.get_by_role("button", name="Contract: three runs of three", exact=True))
    dialog = page.get_by_role("dialog", name="The contract of deal 7: three runs of three")
    expect(dialog).to_have_accessible_description(t("contract_help.lead.deal7"))
    examples = examples_for("contract", contract_for(7), 7)
    for x in examples:
        picture = dialog.get_by_role("img", name=x.words(), exact=True)
        picture.scroll_into_view_if_needed()
        expect(picture).to_be_in_viewport(ratio=1)
        fits(page, picture)
    expect(dialog.locator("span.card")).to_have_count(10)
    expect(dialog.get_by_role("link", name="Rule C12 in the rules")).to_have_attribute(
        "href", "rules/en.html#C12"
    )
    screenshot(page, "contract-help-deal7-360x640")
    assert_accessible(page)


def test_perusrommi_has_no_contract_and_its_control_says_so_with_a_set_and_a_run(
    sized_page: Any, site_url: str, boot: Any
) -> None:
    """rules B3 and B4: the goal in the deal line is the control; any set and run, pictured."""
    page: Page = sized_page(360, 640)
    game = new_game("basic", 3, [HAND[:7], [], []], "QD", ["5C"], dealer=2)
    preload(page, save_of(game, ["easy", "easy"]))
    boot(page, site_url + "?pace=instant&lang=en")
    set_language("en")
    expect(page.locator("#deal-info")).to_have_text("Deal 1: first to 100 points")
    press(page, page.get_by_role("button", name="No contract, any melds: first to 100 points", exact=True))
    dialog = page.get_by_role("dialog", name="Perusrommi: no contract, any melds")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("img", name="Set: 7 of hearts, 7 of spades, 7 of clubs")).to_be_visible()
    expect(dialog.get_by_role("img", name="Run: 4 of diamonds, 5 of diamonds, 6 of diamonds")).to_be_visible()
    expect(dialog.get_by_role("link", name="Rule B4 in the rules")).to_have_attribute(
        "href", "rules/en.html#B4"
    )
    fits(page, dialog)
    screenshot(page, "contract-help-basic-360x640")
    assert_accessible(page)


def refuse_a_discard_before_drawing(page: Page) -> None:
    """Select a card and press Discard before drawing: a person can press it (it only looks
    unavailable); Playwright will not press an aria-disabled button without being told to."""
    press(page, hand_card(page, "7H"))
    discard = page.locator("#actions").get_by_role("button", name=re.compile("^(Discard|Lyö pois)"))
    expect(discard).to_have_attribute("aria-disabled", "true")
    discard.scroll_into_view_if_needed()
    if page.viewport_size and page.viewport_size["width"] < 600:
        discard.tap(force=True)
    else:
        discard.click(force=True)


@pytest.mark.parametrize(("width", "height"), SIZES, ids=IDS)
def test_a_refused_move_links_its_rule_on_the_rules_page_in_a_new_tab(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    """rule G8: a discard before drawing is refused; beside the refusal, "Rule G8" opens the
    rules page at G8 in a new tab, and the table stays as it was."""
    page: Page = sized_page(width, height)
    deal3(page)
    boot(page, site_url + "?pace=instant&lang=en")
    refuse_a_discard_before_drawing(page)
    refusal = page.get_by_role("alert").filter(has_text="Not allowed: Draw a card first.")
    expect(refusal).to_be_visible()
    expect(page.locator("#refusal")).to_have_text("Not allowed: Draw a card first.")  # as before
    link = page.get_by_role("link", name="Rule G8", exact=True)
    expect(link).to_be_visible()
    expect(link).to_have_attribute("href", "rules/en.html#G8")
    expect(link).to_have_attribute("target", "_blank")
    said, linked = refusal.bounding_box(), link.bounding_box()
    assert said and linked and abs(linked["y"] - said["y"]) < 60, (said, linked)  # beside it
    fits(page, link)
    link.scroll_into_view_if_needed()
    screenshot(page, f"refusal-rule-{width}x{height}")
    assert_accessible(page)
    with page.context.expect_page() as opened:
        press(page, link)
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url == site_url + "rules/en.html#G8"
    expect(rules.locator("#G8")).to_be_in_viewport()
    expect(rules.locator("#G8")).to_contain_text("A turn.")
    rules.close()
    expect(page.locator("#table")).to_have_attribute("data-phase", "draw")  # nothing changed


def test_in_finnish_the_contract_and_a_refusals_rule_are_finnish(
    sized_page: Any, site_url: str, boot: Any
) -> None:
    """rules C4 and G8, in Finnish: "Sitoumus: ..." and "Sääntö G8" to rules/fi.html#G8."""
    page: Page = sized_page(1280, 800)
    deal3(page)
    boot(page, site_url + "?pace=instant&lang=fi")
    set_language("fi")
    press(page, page.get_by_role("button", name="Sitoumus: kaksi sarjaa eri maista", exact=True))
    dialog = page.get_by_role("dialog", name="Jaon 3 sitoumus: kaksi sarjaa eri maista")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("img", name="Sarja: hertta 4, hertta 5, hertta 6")).to_be_visible()
    expect(dialog.get_by_role("link", name="Sääntö C4 säännöissä")).to_have_attribute(
        "href", "rules/fi.html#C4"
    )
    assert_accessible(page)
    screenshot(page, "contract-help-fi-1280x800")
    press(page, dialog.get_by_role("button", name="Sulje", exact=True))
    refuse_a_discard_before_drawing(page)
    expect(page.get_by_role("alert")).to_contain_text("Ei sallittu")
    link = page.get_by_role("link", name="Sääntö G8", exact=True)
    expect(link).to_have_attribute("href", "rules/fi.html#G8")
    expect(link).to_have_attribute("target", "_blank")
    set_language("en")
