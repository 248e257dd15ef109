"""Storage that takes what is written but cannot give it back is no storage: the player is
told once, in their language, that this browser does not let Rommi save, and the game plays.

Some browsers (private modes, storage partly blocked by a setting or an extension) let
``localStorage.setItem`` work while ``getItem`` throws or answers nothing, or refuse to
remove: a game saved there is lost on reload all the same, so it must be said, not
discovered. The refusals are stood in for before the page's first script runs.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.browser.test_blocked_storage import play_a_turn

from ui.records.stores import GAME
from ui.words.i18n import set_language, t

pytestmark = pytest.mark.browser

REFUSED = "() => { throw new DOMException('The operation is insecure.', 'SecurityError'); }"
REFUSALS = {
    "reading throws": f"Storage.prototype.getItem = {REFUSED};",
    "reading forgets": "Storage.prototype.getItem = () => null;",
    "removing throws": f"Storage.prototype.removeItem = {REFUSED};",
}


@pytest.mark.parametrize(
    ("refusal", "lang"),
    [
        ("reading throws", "en"),
        ("reading throws", "fi"),
        ("reading forgets", "en"),
        ("removing throws", "en"),
    ],
)
def test_storage_that_cannot_be_read_back_is_said_to_save_nothing(
    page: Page, site_url: str, boot, refusal: str, lang: str
) -> None:
    page.add_init_script(REFUSALS[refusal])
    boot(page, site_url + f"?variant=contract&players=3&seed=3&pace=instant&lang={lang}")
    set_language(lang)
    try:
        note = page.locator("#notes").get_by_text(t("setup.storage_off"))
    finally:
        set_language("en")
    expect(note).to_have_count(1)
    play_a_turn(page)
    expect(note).to_have_count(1)  # said once, not at every move
    # Nothing is saved where it could not be read back.
    assert GAME.key not in page.evaluate("Object.keys(localStorage)")
    if refusal.startswith("reading"):  # nor is a Python snapshot restored whose crash could not be told
        expect(page.locator("html")).to_have_attribute("data-python", "fresh")
        expect(page.locator("html")).to_have_attribute("data-snapshot", "refused")
