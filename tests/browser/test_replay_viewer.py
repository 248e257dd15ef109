"""The replay viewer, share links and today's deal, played as a person: by role and name.

The matches are real seeded matches (rule G9: options, seed and actions make the
match), played in CPython by the computer players and the hint, then handed to
the page as its saved game, so the page's replay is checked against the engine.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.conftest import boot_page
from tests.browser.table import play_until, preload, screenshot
from tests.matches import settings_for, step
from tools.build.serve import serving

from ui.model.app import App
from ui.records import daily
from ui.records.links import encode
from ui.records.replayview import LINK_PREFIX
from ui.records.stores import DAILY, GAME

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]
CONTROLLED = (
    "navigator.serviceWorker.controller !== null && navigator.serviceWorker.controller.state === 'activated'"
)


def first_deal_played(seed: int) -> App:
    """A two-player Perusrommi match at the end of its first deal (the score sheet is open)."""
    app = App.new_match(settings_for("basic", 2), seed)
    while app.phase() != "deal_over":
        step(app)
    return app


def one_move_from_the_end(app: App) -> dict[str, Any]:
    """The save of ``app`` one action before its match ends (the page makes the last move)."""
    before = app.to_save()
    while not app.game.over:
        before = app.to_save()
        step(app)
    return before


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_finished_deal_replays_face_up_step_by_step_from_the_keyboard(
    sized_page: Any, site_url: str, width: int, height: int
) -> None:
    app = first_deal_played(4)
    page: Page = sized_page(width, height)
    preload(page, save=app.to_save())
    boot_page(page, f"{site_url}?pace=instant")
    sheet = page.get_by_role("dialog")
    sheet.get_by_role("button", name="Replay this deal").click()
    title = page.get_by_role("heading", name="Replay of deal 1 of 1")
    expect(title).to_be_focused()
    expect(page.get_by_text("Step 0 of", exact=False).first).to_be_visible()
    names = app.names
    for seat, name in enumerate(names):  # every hand face up, as dealt
        hand = page.get_by_role("img", name=f"{name}'s hand: 10 cards")
        expect(hand).to_be_visible()
        expect(hand.locator(".card")).to_have_count(10)
        assert seat in (0, 1)
    forward = page.get_by_role("button", name="Forward")
    forward.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".replay-where")).to_have_text(f"Step 1 of {len(app.log or [])}")
    slider = page.get_by_role("slider", name="Step")
    slider.focus()
    page.keyboard.press("End")
    total = int(slider.get_attribute("max") or 0)
    expect(page.locator(".replay-where")).to_have_text(f"Step {total} of {total}")
    expect(page.locator(".replay-log .now")).to_be_visible()
    screenshot(page, f"replay-{width}x{height}")
    assert_accessible(page)
    page.get_by_role("button", name="Back").click()
    expect(page.locator(".replay-where")).to_have_text(f"Step {total - 1} of {total}")
    page.get_by_role("button", name="First").click()
    expect(page.locator(".replay-where")).to_have_text(f"Step 0 of {total}")

    page.get_by_role("button", name="Share this deal").click()
    link = page.get_by_role("textbox", name="Link to this deal")
    expect(link).to_be_focused()
    value = link.input_value()
    assert value.startswith(site_url.split("?")[0]) and LINK_PREFIX + "r1." in value
    page.get_by_role("button", name="Close the replay").click()
    expect(sheet.get_by_role("button", name="Replay this deal")).to_be_focused()


def test_a_shared_link_opens_offline_and_you_can_play_its_cards(
    new_context: Any, guard: Any, site_dir: Path
) -> None:
    app = first_deal_played(9)
    record = app.record()
    assert record is not None
    fragment = LINK_PREFIX + encode(record, 1)
    context = guard.watch(new_context(service_workers="allow"))
    page = context.new_page()
    with serving(site_dir) as base:
        boot_page(page, base)
        page.wait_for_function(CONTROLLED, timeout=60_000)
    context.set_offline(True)
    page.goto(f"{base}?pace=instant{fragment}")
    boot_page(page)
    expect(page.get_by_role("heading", name="Replay of deal 1 of 1")).to_be_visible()
    expect(page.get_by_role("img", name="Sharer's hand: 10 cards")).to_be_visible()
    page.get_by_role("button", name="Last").click()
    page.get_by_role("button", name="Play these cards").click()
    expect(page.locator("#table")).to_be_visible()
    dealt = [c.get_attribute("data-card") for c in page.locator("#hand button.card").all()]
    assert sorted(dealt) == sorted(record.new_game().to_dict()["hands"][0])  # the same cards
    assert "#replay=" not in page.url  # ... and the link left the address bar


def test_a_damaged_link_is_refused_with_its_reason(page: Page, site_url: str) -> None:
    app = first_deal_played(9)
    record = app.record()
    assert record is not None
    text = encode(record, 1)
    damaged = text[:-6] + ("A" if text[-6] != "A" else "B") + text[-5:]
    boot_page(page, f"{site_url}?pace=instant{LINK_PREFIX}{damaged}")
    expect(page.get_by_text("This link has been changed or damaged, so it cannot be opened.")).to_be_visible()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    boot_page(page, f"{site_url}?lang=en{LINK_PREFIX}{text[: len(text) // 2]}")
    expect(page.get_by_text("This link has been cut short", exact=False)).to_be_visible()


def test_todays_deal_is_played_and_your_result_is_kept(page: Page, site_url: str) -> None:
    today = daily.deal_of(date.today())
    boot_page(page, f"{site_url}?pace=instant")
    box = page.get_by_role("region", name="Today's deal")
    expect(box).to_contain_text(f"{today.players} players")
    box.get_by_role("button", name="Play today's deal").click()
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#opponents .seat")).to_have_count(today.players - 1)

    # The same match, played to one move before its end here, is finished on the page.
    app = today.app("Player")
    save = one_move_from_the_end(app)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [GAME.key, json.dumps(save)])
    page.reload()
    boot_page(page)
    assert play_until(page, ("match_over",)) == "match_over"
    stored = json.loads(page.evaluate("key => localStorage.getItem(key)", DAILY.key))
    assert stored["days"][today.day]["score"] == app.view()["scores"][0]
    page.get_by_role("dialog").get_by_role("button", name="New game").click()
    expect(page.get_by_role("region", name="Today's deal")).to_contain_text("You played today's deal:")
    expect(page.get_by_role("button", name="Play today's deal")).to_have_count(0)
    screenshot(page, "daily-played", full_page=True)
    assert_accessible(page)
    page.get_by_role("button", name="Statistics", exact=True).click()
    results = page.get_by_role("table", name="Your deal-of-the-day results")
    if today.variant == "basic":
        page.get_by_role("button", name="Perusrommi").click()
    expect(results).to_contain_text(today.day)
    expect(results).to_contain_text(str(app.view()["scores"][0]))


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_slider_keeps_the_focus_from_key_to_key_and_the_turn_buttons_step_whole_turns(
    sized_page: Any, site_url: str, width: int, height: int
) -> None:
    """Arrow keys, End and Home each move the slider, which keeps the keyboard (it once lost it to
    the page after one key); Next turn / Previous turn go from one draw to the next."""
    app = first_deal_played(4)
    page: Page = sized_page(width, height)
    preload(page, save=app.to_save())
    boot_page(page, f"{site_url}?pace=instant")
    page.get_by_role("dialog").get_by_role("button", name="Replay this deal").click()
    expect(page.get_by_role("heading", name="Replay of deal 1 of 1")).to_be_focused()
    total = len(app.log or [])
    where = page.locator(".replay-where")
    slider = page.get_by_role("slider", name="Step")
    slider.focus()
    for at in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        expect(where).to_have_text(f"Step {at} of {total}")
        expect(slider).to_be_focused()
    page.keyboard.press("End")
    expect(where).to_have_text(f"Step {total} of {total}")
    expect(slider).to_be_focused()
    page.keyboard.press("Home")
    expect(where).to_have_text(f"Step 0 of {total}")
    expect(slider).to_be_focused()
    expect(slider).to_have_attribute("aria-valuetext", f"Step 0 of {total}")

    starts = [i for i, a in enumerate(app.log or [], 1) if a["type"] == "draw"]
    after = page.get_by_role("button", name="Next turn")
    after.focus()
    for number, start in enumerate(starts[:3], 1):
        page.keyboard.press("Enter")
        expect(where).to_have_text(f"Step {start} of {total}")
        expect(page.locator(".replay-turn")).to_have_text(f"Turn {number} of {len(starts)}")
        expect(after).to_be_focused()
    screenshot(page, f"replay-turns-{width}x{height}")
    before = page.get_by_role("button", name="Previous turn")
    before.click()
    expect(where).to_have_text(f"Step {starts[1]} of {total}")
    expect(slider).to_have_value(str(starts[1]))
