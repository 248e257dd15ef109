"""What a page that embeds the game can and cannot get from it (issue 42, points 3 and 14).

The parent page here is on another origin, as an embedder is: it reads every message
the game posts, and it frames the game without ``allow="clipboard-write"``.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from playwright.sync_api import Page, expect
from tests.browser.test_embed import open_embedded, parent_url, wait_for_message
from tests.matches import played

from ui.model.app import ADDRESS_MAX_SEED
from ui.records.links import encode
from ui.records.replayview import LINK_PREFIX
from ui.records.stores import GAME

pytestmark = pytest.mark.browser
__all__ = ["parent_url"]  # the fixture, used by name


def test_a_new_game_in_a_frame_commits_to_a_seed_the_parent_cannot_find(
    page: Page, site_url: str, parent_url: str
) -> None:
    frame = open_embedded(page, parent_url, site_url + "?embed=1&variant=basic&players=2&pace=instant")
    frame.get_by_role("button", name="Start new game").click()
    started = wait_for_message(page, "game-started")
    wanted = started["seed_sha256"]
    # The parent's attack: every seed a new game used to have, hashed, against the commitment.
    found = [s for s in range(1, ADDRESS_MAX_SEED + 1) if hashlib.sha256(b"%d" % s).hexdigest() == wanted]
    assert found == []
    # The seed itself (read here from the game's own storage, which the parent cannot read):
    # drawn in Pyodide from the browser's secure randomness, too large to try, and salted.
    expect(frame.locator("#table")).to_be_visible()
    seed = json.loads(frame.evaluate(f"localStorage.getItem({json.dumps(GAME.key)})"))["seed"]
    assert 2**52 <= seed < 2**53, seed
    assert wanted != hashlib.sha256(str(seed).encode()).hexdigest()


def test_copy_link_in_a_frame_that_does_not_allow_the_clipboard_selects_the_link(
    page: Page, site_url: str, parent_url: str
) -> None:
    record = played("basic", 2, 9).record()
    assert record is not None
    src = f"{site_url}?embed=1&pace=instant{LINK_PREFIX}{encode(record, 1)}"
    frame = open_embedded(page, parent_url, src)
    frame.get_by_role("button", name="Share this deal").click()
    frame.get_by_role("button", name="Copy link").click()
    said = frame.get_by_role("status").filter(has_text="press Ctrl+C to copy it")
    expect(said).to_have_text("The link is selected: press Ctrl+C to copy it (⌘C on a Mac).")
    expect(frame.get_by_role("textbox", name="Link to this deal")).to_be_focused()
    whole = "(f => f.selectionStart === 0 && f.selectionEnd === f.value.length)(document.activeElement)"
    frame.wait_for_function(whole)
