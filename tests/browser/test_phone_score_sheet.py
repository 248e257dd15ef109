"""The score sheet on a phone (360x640) shows every player's column whole (issue 42: the last
one, the winner's "0" and its "out" mark, was cut off with nothing showing that it scrolls).

A contract match is played to its end by the hint for every seat (the last deal only), the
winner seated last; the page opens on it and the sheet's table must not need scrolling: each
cell wholly inside the sheet and the screen. A screenshot of each goes to
``.pytest_cache/rommi/screens/``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table import preload, save_of, screenshot

from rommi import Game
from rommi.bots import hint

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 360, 640
# Players: a seed whose last deal the last seat wins by going out.
MATCHES = {6: 3, 8: 2}

CUT = """table => {
  const box = table.parentElement.getBoundingClientRect();
  const right = Math.min(box.right, innerWidth), left = Math.max(box.left, 0);
  return [...table.querySelectorAll("th, td")].filter((cell) => {
    const r = cell.getBoundingClientRect();
    return r.width > 0 && (r.left < left - 0.5 || r.right > right + 0.5);
  }).map((cell) => `${cell.textContent} at ${Math.round(cell.getBoundingClientRect().right)}`);
}"""


def won_by_the_last_seat(players: int, seed: int) -> Game:
    """The last deal of a contract match, every seat playing as the hint says, to its end."""
    game = Game.new("contract", players=players, seed=seed, dealer=players - 1, deal=7)
    for _ in range(5000):
        if game.phase == "match_over":
            break
        game.apply(hint(game.view(game.to_act))["action"])
    view = game.view(0)
    assert view["phase"] == "match_over" and view["went_out"] == players - 1, f"seed {seed}: {view['scores']}"
    return game


@pytest.mark.parametrize(("players", "seed"), MATCHES.items(), ids=[f"{n}players" for n in MATCHES])
def test_every_column_of_the_score_sheet_is_on_a_phone_screen(
    sized_page: Any, site_url: str, boot: Any, players: int, seed: int
) -> None:
    page: Page = sized_page(WIDTH, HEIGHT)
    preload(page, save_of(won_by_the_last_seat(players, seed)))
    boot(page, f"{site_url}?pace=instant&lang=en")
    sheet = page.get_by_role("dialog")
    expect(sheet).to_be_visible()
    table = sheet.locator("table.scores")
    winner = table.locator("tr.totals td").last
    expect(winner).to_have_text("0")
    assert table.evaluate(CUT) == []
    scroll = table.evaluate("t => [t.parentElement.scrollWidth, t.parentElement.clientWidth]")
    assert scroll[0] <= scroll[1], f"the scores scroll sideways: {scroll}"
    out = table.locator("td.out")
    expect(out).to_contain_text("out")
    out.scroll_into_view_if_needed()
    box = out.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box
    screenshot(page, f"phone-score-sheet-{players}p-{WIDTH}x{HEIGHT}")
