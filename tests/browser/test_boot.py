"""Boot and render: the page paints its loading stages, boots Python, deals and draws a hand."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from ui.faces import face
from ui.sample import sample_hand

pytestmark = pytest.mark.browser

# The first seed whose hand shows a joker and cards of both colours, so one boot checks every kind of face.
SEED = next(
    s for s in range(1, 10_000) if {face(c).colour for c in sample_hand(s)} == {"red", "black", "joker"}
)

RECORD_STAGES = """
window.__stages = [];
new MutationObserver(() => {
  const stage = document.documentElement.dataset.stage;
  if (stage && window.__stages.at(-1) !== stage) window.__stages.push(stage);
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-stage"] });
"""


def test_first_paint_names_the_stages_then_python_deals_the_seeded_hand(
    page: Page, site_url: str, boot, dealt
) -> None:
    page.add_init_script(RECORD_STAGES)
    page.goto(f"{site_url}?seed={SEED}", wait_until="domcontentloaded")
    # Plain HTML and CSS before Python: the name and the stages.
    expect(page.locator("h1")).to_have_text("Rommi")
    expect(page.locator("#loading")).to_be_visible()
    stages = [re.compile(r"^Downloading Python"), "Starting Python", "Loading the game"]  # 1st counts MB
    expect(page.locator("#stages li")).to_have_text(stages)
    expect(page.locator("#table")).to_be_hidden()

    boot(page)
    assert page.evaluate("window.__stages") == ["start", "game"]
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#table")).to_be_visible()

    # Exactly the hand CPython deals from the same seed, drawn in order.
    hand = sample_hand(SEED)
    assert dealt(page) == [str(c) for c in hand]
    expect(page.locator("#deal-info")).to_contain_text(f"seed {SEED}")
    for index, card in enumerate(hand):
        f = face(card)
        button = page.locator("#hand button[data-card]").nth(index)
        expect(button).to_have_attribute("aria-label", f.name)
        expect(button).to_have_class(re.compile(rf"\bcard\b.*\b{f.colour}\b"))
        corner = f.rank + (f.suit or "JOKER")  # the joker's corners name it
        expect(button.locator(".corner.top")).to_have_text(corner)
        expect(button.locator(".corner.bottom")).to_have_text(corner)
        expect(button.locator(".pip")).to_have_text(f.suit or "★")

    # Red for hearts and diamonds, near-black for spades and clubs: drawn colours, not just classes.
    colours = page.locator("#hand button[data-card]").evaluate_all(
        "nodes => nodes.map(n => [n.dataset.card, getComputedStyle(n.querySelector('.corner')).color])"
    )
    red = {colour for code, colour in colours if code[-1] in "HD"}
    black = {colour for code, colour in colours if code[-1] in "SC"}
    assert len(red) == 1 and len(black) == 1 and red != black


def test_the_table_answers_clicks_and_keys(page: Page, site_url: str, boot, dealt) -> None:
    boot(page, f"{site_url}?seed={SEED}")
    first = page.locator("#hand button[data-card]").first
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#selection")).to_have_text(f"Selected: {face(sample_hand(SEED)[0]).name}")
    first.press("Enter")  # cards are buttons: the keyboard works too
    expect(first).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#selection")).to_have_text("Tap cards to select them.")

    page.get_by_role("button", name="New hand").click()
    expect(page).not_to_have_url(re.compile(rf"seed={SEED}$"))
    seed = int(re.search(r"seed=(\d+)", page.url).group(1))
    assert dealt(page) == [str(c) for c in sample_hand(seed)]
