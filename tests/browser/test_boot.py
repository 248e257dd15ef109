"""Boot and render: the page paints its loading stages, boots Python, shows the setup, deals a hand."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import first_hand

from ui.words.faces import face_of

pytestmark = pytest.mark.browser

# The first seed whose first hand shows a joker and both colours, so one boot checks every kind of face.
SEED = next(
    s for s in range(1, 10_000) if {face_of(c).colour for c in first_hand(s)} == {"red", "black", "joker"}
)

RECORD_STAGES = """
window.__stages = [];
new MutationObserver(() => {
  const stage = document.documentElement.dataset.stage;
  if (stage && window.__stages.at(-1) !== stage) window.__stages.push(stage);
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-stage"] });
"""


def test_first_paint_names_the_stages_then_python_deals_the_seeded_hand(
    page: Page, site_url: str, boot, dealt, start
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
    expect(page.locator("#setup-form")).to_be_visible()  # no saved game: the setup comes first
    expect(page.locator("#table")).to_be_hidden()
    start(page)

    # Exactly the hand CPython deals from the same seed, drawn in order.
    hand = first_hand(SEED)
    assert dealt(page) == hand
    expect(page.locator("#deal-info")).to_have_text("Deal 1 of 7: two sets of three")
    for index, card in enumerate(hand):
        f = face_of(card)
        button = page.locator("#hand button[data-card]").nth(index)
        expect(button).to_have_accessible_name(f.name)
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


def test_the_table_answers_clicks_and_keys(page: Page, site_url: str, boot, dealt, start) -> None:
    boot(page, f"{site_url}?seed={SEED}&pace=instant")
    # PyScript's watch over the whole document is let go once the table is ready (js/boot.mjs):
    # every redraw would pay for it. The table below answers all the same.
    assert page.evaluate("window.rommiPerf.unwatched") >= 1
    start(page)
    hand = first_hand(SEED)
    first = page.locator("#hand button[data-card]").first
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    shown = hand[0][0].replace("T", "10") + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(hand[0][1:], "")
    expect(page.locator("#selection")).to_have_text(f"Selected: {shown if hand[0] != 'JK' else 'joker'}.")
    first.press("Enter")  # cards are buttons: the keyboard works too
    expect(first).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#selection")).to_have_text("Select cards in your hand.")

    # Sorting is one click; Alt+arrow moves the focused card; the order is yours.
    page.get_by_role("button", name="Sort by rank").click()
    ranks = "A23456789TJQK"
    order = dealt(page)
    assert order == sorted(
        hand, key=lambda c: (99, 9) if c == "JK" else (ranks.index(c[0]), "SHCD".index(c[1]))
    )
    card = page.locator("#hand button[data-card]").first
    card.focus()
    page.keyboard.press("Alt+ArrowRight")
    assert dealt(page) == [order[1], order[0], *order[2:]]
    expect(page.locator("#hand button[data-card]").nth(1)).to_be_focused()
