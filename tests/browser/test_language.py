"""Finnish and English in Chromium: the browser's language, the switch, and what it rewords.

One refused lay-down (deal 3's two runs in one suit) is asked in English, then
in Finnish after the switch: the engine's refusal, the contract and the cards'
spoken names all follow, ``<html lang>`` and the rules link too, and the
choice survives a reload.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table import compose, preload, save_of
from tests.browser.test_table import bots_answer
from tests.stacking import new_game

pytestmark = pytest.mark.browser

EN_REFUSAL = (
    "Not allowed: Deal 3 needs two runs of three, different suits;"
    " your runs are not of different suits (hearts)."
)
FI_REFUSAL = "Jaon 3 sitoumus on kaksi sarjaa eri maista; sarjasi eivät ole eri maista (hertta)."


def deal3_refusal_position(page: Page) -> None:
    hand = ["3H", "4H", "5H", "9H", "TH", "JH", "KS", "QD", "2C", "8S"]
    game = new_game("contract", 3, [hand, [], []], "5D", ["6C"], dealer=2, deal=3)
    game.apply({"type": "draw", "player": 0, "source": "stock"})
    game = bots_answer(game, ["easy", "easy"])
    preload(page, save_of(game, ["easy", "easy"]))


def refuse(page: Page) -> None:
    page.locator('[data-act="lay-down"]').click(force=True)


def test_the_switch_rewords_a_refusal_card_names_and_the_contract_and_is_kept(
    page: Page, site_url: str, boot
) -> None:
    deal3_refusal_position(page)
    boot(page, site_url + "?pace=instant")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#lang")).to_have_value("en")
    expect(page.locator("#rules-link")).to_have_attribute("href", "rules/en.html")
    expect(page.locator('#hand button.card[data-card="3H"]')).to_have_accessible_name("3 of hearts")
    compose(page, [["3H", "4H", "5H"], ["9H", "TH", "JH"]], ["run", "run"])
    refuse(page)
    expect(page.locator("#refusal")).to_have_text(EN_REFUSAL)

    page.locator("#lang").select_option("fi")
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    expect(page.locator("#rules-link")).to_have_attribute("href", "rules/fi.html")
    expect(page.locator("#rules-link")).to_have_text("Säännöt")
    expect(page.locator("#deal-info")).to_contain_text("kaksi sarjaa eri maista")
    expect(page.locator('#area button[data-card="3H"]')).to_have_accessible_name("hertta 3")
    expect(page.locator('#hand button.card[data-card="KS"]')).to_have_accessible_name("pata kuningas")
    refuse(page)
    expect(page.locator("#refusal")).to_contain_text(FI_REFUSAL)
    expect(page.locator("#live")).to_contain_text(FI_REFUSAL)

    page.reload()
    boot(page)
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    expect(page.locator("#lang")).to_have_value("fi")
    expect(page.locator('[data-act="scores"]')).to_have_text("Pisteet")


def test_a_finnish_browser_starts_in_finnish_and_lang_en_overrides_it(
    browser: Browser, site_url: str, guard, boot
) -> None:
    context = guard.watch(browser.new_context(locale="fi-FI", service_workers="block"))
    try:
        page = context.new_page()
        boot(page, site_url)
        expect(page.locator("html")).to_have_attribute("lang", "fi")
        expect(page.locator("#setup-title")).to_have_text("Uusi peli")
        # The first paint (before Python) was Finnish too.
        expect(page.locator('#stages li[data-stage="start"]')).to_have_text("Käynnistetään Pythonia")
        boot(page, site_url + "?lang=en")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator("#setup-title")).to_have_text("New game")
    finally:
        context.close()
