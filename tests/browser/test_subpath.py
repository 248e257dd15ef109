"""All URLs are relative: the site also works from a sub-path such as http://host/games/rommi/."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import first_hand, start_game
from tools.build.serve import serving

pytestmark = pytest.mark.browser

SEED = 5


def test_the_site_boots_and_plays_from_a_sub_path(
    page: Page, guard, site_dir: Path, tmp_path: Path, boot, dealt
) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "rommi").symlink_to(site_dir, target_is_directory=True)
    with serving(tmp_path) as root:
        boot(page, f"{root}games/rommi/?seed={SEED}")
        start_game(page)
        assert dealt(page) == first_hand(SEED)
        card = page.locator("#hand button[data-card]").first
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        expect(page).to_have_url(f"{root}games/rommi/?seed={SEED}")

    paths = {urlsplit(url).path for url in guard.requests if url.startswith(root)}
    assert "/games/rommi/vendor/pyodide/pyodide.asm.wasm" in paths
    assert "/games/rommi/py/modules.tar" in paths
    assert [p for p in paths if not p.startswith("/games/rommi/")] == []
