"""Helpers for browser tests that play at the table: read the save, wait, click moves.

A test knows the position by reading the game the page saved into localStorage
(``saved_app``); it can start from a position by writing a save before the
page loads (``preload``), which also exercises the resume path. ``play_move``
performs one protocol action through the page as a person would: clicking
piles, selecting cards, composing in the lay-down area, choosing a meld.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from rommi import Game
from rommi.actions import Action
from rommi.bots import hint
from ui.model.app import App, Seat, bot_seed
from ui.model.settings import Settings
from ui.records.stores import GAME, SETTINGS

TIMEOUT_MS = 60_000
SCREENS = Path(__file__).resolve().parents[2] / ".pytest_cache" / "rommi" / "screens"
# The table waits for you: your move, a finished deal, or a finished match (and no computer is moving).
SETTLED = (
    '#table[data-busy="false"][data-human="true"], '
    '#table[data-busy="false"][data-phase="deal_over"], '
    '#table[data-busy="false"][data-phase="match_over"]'
)

# With several people at this device the table also waits under the cover between their turns
# ("Pass the device to Liisa"), until the person it names presses its button ("I am Liisa").
COVERED = '#table[data-busy="false"][data-covered="true"] #cover button[data-act="uncover"]'


def screenshot(page: Page, name: str, full_page: bool = False) -> Path:
    """Save what the page shows as ``.pytest_cache/rommi/screens/<name>.png``, to be looked at."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    path = SCREENS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def start_game(page: Page) -> Page:
    """Press "Start new game" on the setup screen and wait for the table."""
    expect(page.locator("#setup-form")).to_be_visible()
    page.locator('[data-act="start"]').click()
    expect(page.locator("#table")).to_be_visible()
    return page


def first_hand(seed: int) -> list[str]:
    """Your hand, in the order dealt, in a new game of the default settings with ``seed``."""
    return list(App.new_match(Settings(), seed).view()["hand"])


def save_of(
    game: Game, levels: list[str] | None = None, name: str = "Tester", seed: int = 1
) -> dict[str, Any]:
    """A save for ``game`` with you at seat 0 and computer players elsewhere (for ``preload``)."""
    levels = levels or ["normal"] * (game.players - 1)
    seats = [Seat.here(name)] + [
        Seat.computer(n, lv)
        for n, lv in zip(("Aino", "Eero", "Helmi", "Onni", "Saara", "Veikko", "Kerttu"), levels, strict=False)
    ]
    app = App(game, seats, seed, [bot_seed(seed, i) for i in range(game.players)])
    return app.to_save()


def settings_with(**changes: Any) -> dict[str, Any]:
    s = Settings()
    for key, value in changes.items():
        setattr(s, key, value)
    return s.to_dict()


def preload(
    page: Page,
    save: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    raw_save: str | None = None,
) -> None:
    """Write a save (and settings) into localStorage before the page's first load (once, not on reload)."""
    items = {}
    if save is not None:
        items[GAME.key] = json.dumps(save)
    if raw_save is not None:
        items[GAME.key] = raw_save
    if settings is not None:
        items[SETTINGS.key] = json.dumps(settings)
    page.add_init_script(
        "(items => { if (sessionStorage.getItem('rommi.test.preloaded')) return;"
        " sessionStorage.setItem('rommi.test.preloaded', '1');"
        " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); })("
        + json.dumps(items)
        + ")"
    )


def stored_text(page: Page, key: str) -> str | None:
    """What the page keeps at ``key``, once a save of the game it queued is written
    (``browser.page.save_game`` writes in a task of its own, right after the one that asked)."""
    page.wait_for_function("!window.rommiSaving", timeout=TIMEOUT_MS)
    text = page.evaluate(f"localStorage.getItem({json.dumps(key)})")
    return None if text is None else str(text)


def saved(page: Page) -> dict[str, Any]:
    """The game as the page saved it."""
    text = stored_text(page, GAME.key)
    assert text is not None, "the page has no saved game"
    return dict(json.loads(text))


def saved_app(page: Page) -> App:
    return App.from_save(saved(page))


def settle(page: Page) -> str:
    """Wait until the page waits for you (or the deal/match is over); return the phase."""
    expect(page.locator(SETTLED)).to_have_count(1, timeout=TIMEOUT_MS)
    return str(page.locator("#table").get_attribute("data-phase"))


def settle_or_cover(page: Page) -> str:
    """Wait until the page waits for a person: ``"cover"`` when the cover names who is to take
    the device next (several people here), else the phase, as ``settle``."""
    expect(page.locator(f"{SETTLED}, {COVERED}")).to_have_count(1, timeout=TIMEOUT_MS)
    if page.locator(COVERED).count():
        return "cover"
    return str(page.locator("#table").get_attribute("data-phase"))


def pass_offers(page: Page) -> str:
    """Wait for the page, pressing Pass while it offers you a computer player's discard to buy
    (when one drew first); return the phase it then waits in."""
    while (phase := settle(page)) == "buy":
        page.locator("#buy-panel").get_by_role("button", name="Pass").click()
    return phase


def select(page: Page, codes: list[str]) -> None:
    """Select one card of each code in the hand (a different physical card for repeated codes)."""
    for code in codes:
        card = page.locator(f'#hand button.card[data-card="{code}"][aria-pressed="false"]').first
        card.click()


def choose_meld(page: Page, meld: int, choice: str) -> None:
    """Click meld ``meld`` on the table; if the page asks where, answer ``choice`` (low/high/set/swap)."""
    target = page.locator(f'button.meld[data-meld="{meld}"]')
    if not target.is_visible():  # a phone folds each opponent's melds under its chip
        page.locator(f'#opponents .seat:has(button.meld[data-meld="{meld}"]) [data-act="peek"]').click()
    target.click()
    chooser = page.locator(f'#chooser button[data-meld="{meld}"][data-choice="{choice}"]')
    if page.locator("#chooser").count():
        chooser.click()


def play_move(page: Page, move: Action | dict[str, Any]) -> None:
    """Perform one of your protocol actions through the page: a typed action (a computer
    player's choice, ``rommi.bots.hint``) or its JSON."""
    action = move if isinstance(move, dict) else dict(move.to_json())
    kind = action["type"]
    if kind == "draw":
        page.locator(f'[data-act="draw-{action["source"]}"]').click()
    elif kind in ("buy", "pass"):
        page.locator(f'#buy-panel [data-act="{kind}"]').click()
    elif kind == "discard":
        select(page, [action["card"]])
        page.locator('[data-act="discard"]').click()
    elif kind == "layoff":
        select(page, action["cards"])
        choose_meld(page, action["meld"], action.get("end") or "set")
    elif kind == "swap":
        select(page, [action["card"]])
        choose_meld(page, action["meld"], "swap")
    elif kind == "meld":
        compose(page, action["melds"], action.get("kinds"))
        page.locator('[data-act="lay-down"]').click()
    elif kind == "next_deal":
        # From the score sheet when it is open, else from the table.
        where = "#sheet-dialog" if page.locator("#sheet-dialog").is_visible() else "#actions"
        page.locator(f'{where} [data-act="next-deal"]').click()
    else:  # pragma: no cover - the protocol has no other actions
        raise AssertionError(kind)


def compose(page: Page, melds: list[list[str]], kinds: list[str] | None) -> None:
    """Put each meld into the lay-down area: a contract slot of its kind, or a new draft.

    On a phone the area is a closed drawer until it holds cards: the first meld goes in
    through "New meld", which finds the contract slot of its kind itself.
    """
    free = page.locator('#area .draft:has([data-act="draft-kind"])')
    for i, cards in enumerate(melds):
        kind = kinds[i] if kinds else ("set" if len({c[0] for c in cards if c != "JK"}) <= 1 else "run")
        select(page, cards)
        slot = page.locator(f'#area .draft[data-state="empty"][data-kind="{kind}"]').first
        if slot.count() and slot.is_visible():
            slot.locator('[data-act="put"]').click()
            continue
        drafts = free.count()
        page.locator('#actions [data-act="new-meld"]').click()
        if free.count() > drafts:
            free.last.locator(f'[data-act="draft-kind"][data-value="{kind}"]').click()


def hinted(page: Page) -> dict[str, Any]:
    """What the hint (the hard player) would do now in the seat the table is drawn for (yours,
    or with several people at the device whoever lifted the cover), from the saved game, as JSON."""
    app = saved_app(page)
    return dict(hint(app.game.view(app.drawn_for))["action"].to_json())


def play_until(page: Page, phases: tuple[str, ...], limit: int = 400, policy: Any = None) -> str:
    """Play your moves (``policy(page, app) -> action``, default the hint for the seat the table is
    drawn for) until a phase in ``phases``."""
    for _ in range(limit):
        phase = settle(page)
        if phase in phases:
            return phase
        app = saved_app(page)
        action = policy(page, app) if policy else hint(app.game.view(app.drawn_for))["action"]
        play_move(page, action)
    raise AssertionError(f"no {phases} after {limit} moves")
