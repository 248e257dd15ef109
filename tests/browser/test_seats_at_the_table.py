"""Seats in Chromium: a game saved by release 4deab09 (before seats had kinds) plays on, and a
second person at this device is a seat like any other, shown as a player and waited for, never
as "you" nor as a computer player (issue 39; choosing such seats is issue 40's).

The saves are written into localStorage before the page loads (``table.preload``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import SETTLED, play_move, preload, saved, screenshot, settle

from rommi import Game
from ui.model.app import App, Seat, bot_seed
from ui.words.i18n import t

pytestmark = pytest.mark.browser

INSTANT = "?pace=instant"
SIZES = [(1280, 800), (1366, 768), (360, 640)]
RELEASE = Path(__file__).parent.parent / "data" / "save_release_4deab09.json"


def a_discard(game: Game) -> dict[str, Any]:
    """A discard the engine accepts from seat 0 now (seat 0 is in its play phase)."""
    for card in game.view(0)["hand"]:
        action = {"type": "discard", "player": 0, "card": card}
        if game.check(action) is None:
            return action
    raise AssertionError("seat 0 can throw no card")


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_game_saved_by_release_4deab09_plays_on(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    save = json.loads(RELEASE.read_text(encoding="utf-8"))["contract"]
    assert "drawn_for" not in save and all("played_by" not in s for s in save["seats"])
    game = Game.from_dict(save["game"])
    page = sized_page(width, height)
    preload(page, save)
    boot(page, site_url + INSTANT)
    assert settle(page) == "play"
    expect(page.locator("#turn-info")).to_have_text(t("table.turn.you"))
    expect(page.locator("#hand button.card")).to_have_count(len(game.view(0)["hand"]))
    screenshot(page, f"seats-release-save-{width}x{height}")
    play_move(page, a_discard(game))
    settle(page)
    again = saved(page)
    assert again["drawn_for"] == 0
    assert [s["played_by"] for s in again["seats"]] == ["here", "computer", "computer", "computer"]
    assert [s["name"] for s in again["seats"]] == [s["name"] for s in save["seats"]]


def two_people_here(seed: int = 5) -> dict[str, Any]:
    """Perusrommi for three: you (Tester), Aino a computer player, Liisa another person here."""
    game = Game.new("basic", 3, seed=seed)
    seats = [Seat.here("Tester"), Seat.computer("Aino", "easy"), Seat.here("Liisa")]
    return App(game, seats, seed, [bot_seed(seed, i) for i in range(3)], log=[]).to_save()


def liisa(page: Page, phone: bool) -> Any:
    """Liisa's seat as a person finds it: her region, or on a phone her chip."""
    level = t("level.person")
    if phone:
        return page.get_by_role("button", name=re.compile(rf"^Liisa \d+ cards, {level}\b"))
    return page.get_by_role("region", name=re.compile(rf"^Liisa, {level}, \d+ cards$"))


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_another_person_here_is_a_player_the_table_waits_for(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    save = two_people_here()
    page = sized_page(width, height)
    preload(page, save)
    boot(page, site_url + INSTANT)
    expect(liisa(page, width < 600)).to_be_visible()
    expect(page.get_by_role("region", name=re.compile(r"^Liisa, you\b"))).to_have_count(0)
    # Play your turns (draw, throw) until the turn is Liisa's: the computer players stop there.
    waits = page.locator('#table[data-busy="false"][data-to-act="2"], ' + SETTLED)
    for _ in range(6):
        expect(waits).to_have_count(1)
        if page.locator("#table").get_attribute("data-to-act") == "2":
            break
        app = App.from_save(saved(page))
        if app.phase() == "draw":
            play_move(page, {"type": "draw", "player": 0, "source": "stock"})
            expect(page.locator('#table[data-phase="play"]')).to_have_count(1)
            app = App.from_save(saved(page))
        play_move(page, a_discard(app.game))
        expect(page.locator('#table:not([data-to-act="0"])')).to_have_count(1)
    table = page.locator("#table")
    expect(table).to_have_attribute("data-to-act", "2")
    expect(table).to_have_attribute("data-human", "false")
    expect(page.locator("#turn-info")).to_have_text(t("table.turn.other", name="Liisa"))
    screenshot(page, f"seats-liisa-to-act-{width}x{height}")
    after = saved(page)
    assert App.from_save(after).seat_to_act() == 2 and after["drawn_for"] == 0
    assert [s["played_by"] for s in after["seats"]] == ["here", "computer", "here"]
