"""Playing at the table in Chromium: whole deals, refusals, swaps, buying, reloads, broken saves.

Positions are stacked decks (``tests/stacking.py``) written into localStorage as
a save before the page loads, which also exercises the resume path. The
computer players play at the "instant" pace; every wait is on a condition.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.table import (
    compose,
    play_move,
    play_until,
    preload,
    save_of,
    saved,
    screenshot,
    select,
    settings_with,
    settle,
)
from tests.stacking import new_game

from rommi import Game
from rommi.bots import hint
from ui.model.app import App
from ui.records.stores import GAME, SETTINGS

pytestmark = pytest.mark.browser

INSTANT = "?pace=instant"


def bots_answer(game: Game, levels: list[str]) -> Game:
    """The game after the computer players acted (in CPython) until seat 0 must act."""
    app = App.from_save(save_of(game, levels))
    while app.bot_to_act() is not None:
        app.bot_step()
    return app.game


def log_text(page: Page) -> str:
    return page.locator("#log").inner_text()


# --------------------------------------------------------------------- setup
def test_setup_offers_both_games_house_rules_and_shows_a_name_as_text(
    page: Page, site_url: str, boot
) -> None:
    boot(page, f"{site_url}?seed=abc&pace=instant")
    expect(page.locator("#notes")).to_contain_text("seed=abc, which is not valid here: ignored")
    form = page.locator("#setup-form")
    expect(form.get_by_label("Sitoumusrommi")).to_be_checked()
    expect(page.locator("#players option")).to_have_text([str(n) for n in range(3, 9)])
    expect(form).to_contain_text("All contract runs in different suits")
    expect(form).to_contain_text("default: No limit")
    expect(page.get_by_role("button", name="Continue the game in progress")).to_have_count(0)

    form.get_by_label("Perusrommi").check()
    expect(page.locator("#players option")).to_have_text([str(n) for n in range(2, 8)])
    expect(form).to_contain_text("Target score")
    expect(form).to_contain_text("(default: 100)")
    page.locator("#players").select_option("3")
    form.get_by_label("One level for all").uncheck()
    expect(page.locator("#level1, #level2")).to_have_count(2)
    page.locator("#level2").select_option("hard")
    hostile = "<img src=x onerror=alert(1)>"
    page.locator("#name").fill(hostile)
    page.locator("#opt-target").fill("150")
    page.locator('[data-act="start"]').click()

    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#mine .seat-name")).to_have_text(hostile)
    expect(page.locator("#app img")).to_have_count(0)
    expect(page.locator("#deal-info")).to_have_text("Deal 1: first to 150 points")
    expect(page.locator("#opponents .seat")).to_have_count(2)
    expect(page.locator('#opponents .seat[data-seat="2"] .seat-level')).to_have_text("hard")
    settle(page)
    save = saved(page)
    assert save["game"]["variant"] == "basic" and save["game"]["options"]["target"] == 150
    assert save["seats"][0]["name"] == hostile and [s["level"] for s in save["seats"]] == [
        None,
        "normal",
        "hard",
    ]
    # The settings are kept for the next game; the game in progress can be continued from the setup.
    page.get_by_role("button", name="New game").click()
    expect(page.locator("#name")).to_have_value(hostile)
    page.get_by_role("button", name="Continue the game in progress").click()
    expect(page.locator("#table")).to_be_visible()


# --------------------------------------------------- a whole contract deal
CONTRACT_HAND = ["7H", "7S", "7D", "7C", "9C", "9H", "9S", "9D", "KS", "2C"]


def contract_policy(page: Page, app: App) -> dict[str, Any]:
    """Buy the first offer, pass later ones; lay down two sets; lay off what fits; discard as hinted."""
    v = app.view()
    if v["phase"] == "buy":
        return {"type": "buy" if v["buys"][0] == 0 else "pass", "player": 0}
    if v["phase"] == "draw":
        return {"type": "draw", "player": 0, "source": "stock"}
    if not v["laid_down"][0]:
        return {
            "type": "meld",
            "player": 0,
            "melds": [["7H", "7S", "7D"], ["9C", "9H", "9S"]],
            "kinds": ["set", "set"],
        }
    if len(app.hand.entries) > 1:
        for uid, _ in app.hand.entries:
            layoffs = [o for o in app.options_for([uid]) if o.action.type == "layoff"]
            if layoffs:
                return dict(layoffs[0].action.to_json())
    suggested = dict(hint(v)["action"].to_json())
    return (
        suggested
        if suggested["type"] == "discard"
        else {"type": "discard", "player": 0, "card": v["hand"][0]}
    )


def test_a_whole_contract_deal_through_the_page_with_a_buy_and_a_lay_off(
    page: Page, site_url: str, boot
) -> None:
    game = new_game(
        "contract",
        3,
        [CONTRACT_HAND, [], []],
        "QD",
        ["7H", "7S", "9H", "9S", "7D", "7C", "9D", "9C"],
        dealer=2,
    )
    preload(page, save_of(game, ["easy", "easy"]), settings_with(buy_prompt="always"))  # asked at each offer
    boot(page, site_url + INSTANT)
    expect(page.locator("#deal-info")).to_have_text("Deal 1 of 7: two sets of three")
    expect(page.locator("#turn-info")).to_have_text("Your turn")
    expect(page.locator("#prompt")).to_have_text("Draw a card: choose the stock or the discard pile.")
    start = page.evaluate("performance.now()")
    play_move(page, {"type": "draw", "player": 0, "source": "stock"})
    assert settle(page) == "play"
    expect(page.locator('#area .draft[data-kind="set"]')).to_have_count(2)  # the contract's two slots
    expect(page.locator("#prompt")).to_have_text("Lay down the contract, or discard a card to end your turn.")

    phase = play_until(page, ("deal_over", "match_over"), policy=contract_policy)
    assert phase == "deal_over"
    log = log_text(page)
    assert re.search(r"You bought the .+ \(and one card from the stock\)\.", log)
    assert "You laid down the contract: 7♥ 7♠ 7♦; 9♣ 9♥ 9♠." in log
    assert re.search(r"You laid off 7♣ on your set of sevens\.", log)
    assert "Tester" not in log  # you are "you" in the log, never your name

    # The score sheet: this deal's row, the totals, who went out, the next contract.
    game_after = saved(page)["game"]
    row = game_after["deal_scores"][0]
    sheet = page.locator("#sheet-dialog")
    expect(sheet).to_be_visible()
    expect(sheet.locator("h2")).to_have_text("Deal 1 is over")
    out = game_after["went_out"]
    said = ["You went out.", "Aino went out.", "Eero went out."]
    expect(sheet.locator(".sheet-out")).to_have_text(said[out])
    expect(sheet.locator("tr.current td.out")).to_contain_text("out")
    expect(sheet.locator("tr.totals td")).to_have_text(["", *[str(x) for x in row]])
    expect(sheet.locator(".next-deal")).to_have_text("Deal 2: one set of three and one run of three")

    # How quick the page was: each computer decision, and the longest busy stretch (long tasks).
    stats = json.loads(page.evaluate("window.rommiStatsNow()"))
    longest = page.evaluate(f"window.rommiPerf.longestSince({start})")
    print(
        f"\ncomputer decisions: {len(stats['decisions'])}, max {max(stats['decisions'])} ms;"
        f" turns max {max(stats['turns'])} ms; renders max {max(stats['renders'])} ms;"
        f" longest task {longest} ms"
    )
    # Figures only: speed is a benchmark's business, never a timed assertion.
    assert stats["decisions"] and stats["turns"] and stats["renders"]
    assert isinstance(longest, (int, float))

    page.get_by_role("dialog").get_by_role("button", name="Next deal").click()  # on the score sheet
    expect(page.locator("#deal-info")).to_have_text("Deal 2 of 7: one set of three and one run of three")
    expect(page.locator("#hand button.card")).to_have_count(10)
    expect(page.locator("#hand button.card.fresh")).to_have_count(0)


# ---------------------------------------------------- a whole basic deal
def test_a_whole_basic_deal_ends_when_you_go_out(page: Page, site_url: str, boot) -> None:
    hand = ["3H", "4H", "5H", "6H", "8C", "8D", "8S", "JD", "JC", "JS"]
    game = new_game("basic", 2, [hand, []], "2S", ["KD"], dealer=1)
    preload(page, save_of(game, ["normal"]))
    boot(page, site_url + INSTANT)
    expect(page.locator("#deal-info")).to_have_text("Deal 1: first to 100 points")
    expect(page.locator("#area")).to_be_hidden()  # no contract: the area opens with your first meld

    play_move(page, {"type": "draw", "player": 0, "source": "stock"})
    expect(page.locator("#hand button.card.fresh")).to_have_attribute("data-card", "KD")
    expect(page.locator("#hand button.card.fresh .new-mark")).to_have_text("new")
    compose(page, [["3H", "4H", "5H", "6H"], ["8C", "8D", "8S"], ["JD", "JC", "JS"]], None)
    expect(page.locator('#area .draft[data-state="ok"]')).to_have_count(3)
    expect(page.locator("#area-status")).to_have_text("✓ Ready: press Lay down.")
    page.locator('[data-act="lay-down"]').click()
    expect(page.locator("#mine .meld")).to_have_count(3)
    play_move(page, {"type": "discard", "player": 0, "card": "KD"})

    expect(page.locator("#sheet-dialog")).to_be_visible()
    expect(page.locator("#sheet-dialog .sheet-out")).to_have_text("You went out.")
    game_after = saved(page)["game"]
    assert game_after["went_out"] == 0 and game_after["deal_end"] == "out"
    points = game_after["deal_scores"][0][0]
    assert points > 0 and game_after["deal_scores"][0][1] == 0
    expect(page.locator("#sheet-dialog tr.totals td")).to_have_text([str(points), "0"])
    assert "You went out. The deal is over." in log_text(page)


# ---------------------------------------------------------- the match's end
def test_the_match_end_names_the_winner_and_your_ledger_change(page: Page, site_url: str, boot) -> None:
    """rules C12, C15, C16: you go out in deal 7 with three runs; Aino keeps 74 points and
    Eero 88, so you win and each pays you the difference."""
    runs = [["3C", "4C", "5C"], ["8D", "9D", "TD"], ["5H", "6H", "7H", "8H"]]
    aino = ["AH", "AD", "5C", "6C", "7D", "8D", "2D", "3S", "4S", "9C"]
    eero = ["JK", "AS", "KS", "QS", "JS", "TS", "9S", "2H", "3H", "4H"]
    game = new_game(
        "contract", 3, [[c for run in runs for c in run], aino, eero], "QD", ["KS"], dealer=2, deal=7
    )
    preload(page, save_of(game, ["easy", "easy"]))
    boot(page, site_url + INSTANT)
    expect(page.locator("#deal-info")).to_contain_text("Deal 7 of 7")
    play_move(page, {"type": "draw", "player": 0, "source": "stock"})
    settle(page)
    play_move(page, {"type": "meld", "player": 0, "melds": runs, "kinds": ["run"] * 3})
    play_move(page, {"type": "discard", "player": 0, "card": "KS"})
    assert settle(page) == "match_over"
    sheet = page.get_by_role("dialog", name="You won the game")
    expect(sheet).to_be_visible()
    expect(sheet.locator(".winner")).to_have_text("Your ledger change for this game: +162")
    expect(sheet.locator("table.ledger tr").nth(1)).to_have_text(re.compile(r"Tester\s*\+162\s*\+162"))
    expect(sheet.locator("table.ledger tr").nth(2)).to_have_text(re.compile(r"Aino\s*-74\s*-74"))
    expect(sheet).to_contain_text("Games played: 1")
    assert_accessible(page, include="#sheet")
    screenshot(page, "match-end-1280x720")


# ------------------------------------------------------- a refused lay-down
def test_a_refused_lay_down_shows_the_engine_message_and_changes_nothing(
    page: Page, site_url: str, boot
) -> None:
    hand = ["3H", "4H", "5H", "9H", "TH", "JH", "KS", "QD", "2C", "8S"]
    game = new_game("contract", 3, [hand, [], []], "5D", ["6C"], dealer=2, deal=3)
    game.apply({"type": "draw", "player": 0, "source": "stock"})
    game = bots_answer(game, ["easy", "easy"])
    preload(page, save_of(game, ["easy", "easy"]))
    boot(page, site_url + INSTANT)
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    expect(page.locator("#deal-info")).to_have_text("Deal 3 of 7: two runs of three, different suits")
    compose(page, [["3H", "4H", "5H"], ["9H", "TH", "JH"]], ["run", "run"])
    expect(page.locator('#area .draft[data-state="ok"]')).to_have_count(2)  # each run is fine by itself
    message = (
        "Deal 3 needs two runs of three, different suits; your runs are not of different suits (hearts)."
    )
    expect(page.locator("#area-status")).to_have_text(message)
    lay = page.locator('[data-act="lay-down"]')
    expect(lay).to_have_attribute("aria-disabled", "true")
    before = saved(page)["game"]
    lay.click(force=True)  # aria-disabled still takes the click: the engine is asked, and says no
    expect(page.locator("#refusal")).to_have_text("Not allowed: " + message)
    assert saved(page)["game"] == before
    expect(page.locator("#area .draft-cards button")).to_have_count(6)
    # Until you commit, the area is yours to undo.
    page.locator('[data-act="area-clear"]').click()
    expect(page.locator("#area .draft-cards button")).to_have_count(0)
    expect(page.locator("#hand button.card")).to_have_count(11)


# ---------------------------------------------------------------- joker swap
def test_a_joker_swap_asks_where_and_gives_you_the_joker(page: Page, site_url: str, boot) -> None:
    hand = ["7H", "7S", "JK", "9C", "9H", "9S", "7D", "2C", "KS", "4D"]
    game = new_game("contract", 3, [hand, [], []], "QD", ["5C"], dealer=2)
    game.apply({"type": "draw", "player": 0, "source": "stock"})
    game = bots_answer(game, ["easy", "easy"])
    game.apply({"type": "meld", "player": 0, "melds": [["7H", "7S", "JK"], ["9C", "9H", "9S"]]})
    preload(page, save_of(game, ["easy", "easy"]))
    boot(page, site_url + INSTANT)
    meld = page.locator('#mine button.meld[data-meld="0"]')
    expect(meld).to_have_accessible_name(re.compile(r"your set of sevens: .*joker"))
    select(page, ["7D"])
    meld.click()
    # 7♦ could be laid off on the set or take the joker's place: the page asks.
    chooser = page.locator("#chooser")
    expect(chooser.locator("button[data-choice]")).to_have_text(
        ["Lay off on your set of sevens", "Swap it for the joker in your set of sevens"]
    )
    chooser.locator('button[data-choice="swap"]').click()
    expect(page.locator("#hand button.card.fresh")).to_have_attribute("data-card", "JK")
    expect(meld.locator(".card")).to_have_count(3)
    expect(meld.locator('.card[data-card="JK"]')).to_have_count(0)
    expect(meld.locator('.card[data-card="7D"]')).to_have_count(1)
    assert "You swapped the 7♦ for the joker in your set of sevens." in log_text(page)
    assert saved(page)["game"]["hands"][0].count("JK") == 1


# -------------------------------------------------------------- reload mid-turn
def test_a_reload_mid_turn_resumes_exactly(page: Page, site_url: str, boot) -> None:
    game = new_game("contract", 3, [CONTRACT_HAND, [], []], "QD", ["4H"], dealer=2)
    game.apply({"type": "draw", "player": 0, "source": "stock"})
    game = bots_answer(game, ["normal", "normal"])
    preload(page, save_of(game, ["normal", "normal"]))
    boot(page, site_url + INSTANT)
    expect(page.locator("#table")).to_have_attribute("data-phase", "play")
    compose(page, [["7H", "7S", "7D"]], ["set"])
    page.get_by_role("button", name="Sort by suit").click()
    # Drag the first card of the hand two places to the right.
    cards = page.locator("#hand button.card")
    first, third = cards.nth(0).bounding_box(), cards.nth(2).bounding_box()
    moved = cards.nth(0).get_attribute("data-uid")
    page.mouse.move(first["x"] + 10, first["y"] + 20)
    page.mouse.down()
    page.mouse.move(first["x"] + 40, first["y"] + 20, steps=3)
    page.mouse.move(third["x"] + third["width"] - 2, third["y"] + 20, steps=5)
    page.mouse.up()
    expect(cards.nth(2)).to_have_attribute("data-uid", moved)
    select(page, ["KS"])

    def picture() -> dict[str, Any]:
        return {
            "hand": page.locator("#hand button.card").evaluate_all(
                "ns => ns.map(n => [n.dataset.uid, n.dataset.card, n.getAttribute('aria-pressed'),"
                " n.classList.contains('fresh')])"
            ),
            "area": page.locator("#area .draft").evaluate_all(
                "ns => ns.map(n => [...n.querySelectorAll('.draft-cards button')].map(b => b.dataset.uid))"
            ),
            "log": log_text(page),
            "phase": page.locator("#table").get_attribute("data-phase"),
            "deal": page.locator("#deal-info").inner_text(),
            "save": saved(page),
        }

    before = picture()
    page.reload()
    boot(page)
    after = picture()
    assert after == before
    # And play goes on from there: the selected K♠ can be discarded.
    page.locator('[data-act="discard"]').click()
    settle(page)
    assert "You discarded the K♠." in log_text(page)


# ---------------------------------------------------------------- broken saves
def test_a_corrupt_or_outdated_save_is_reported_and_a_new_game_starts(
    page: Page, site_url: str, boot
) -> None:
    preload(page, raw_save="{this is not a save")
    boot(page, site_url + INSTANT)
    notice = page.locator("#setup-notice")
    expect(notice).to_contain_text("Your saved game could not be read")
    page.locator('[data-act="start"]').click()
    expect(page.locator("#table")).to_be_visible()
    settle(page)
    assert saved(page)["version"] == 1

    outdated = {**saved(page), "version": 2}
    page.evaluate(f"s => localStorage.setItem({json.dumps(GAME.key)}, s)", json.dumps(outdated))
    page.reload()
    boot(page)
    expect(notice).to_contain_text("Your saved game is from another version of Rommi")
    expect(page.locator("#table")).to_be_hidden()
    page.locator('[data-act="start"]').click()
    expect(page.locator("#table")).to_be_visible()


# ---------------------------------------------------------------- the buy prompt
def buy_position(up: str = "QD") -> dict[str, Any]:
    """Seat 1 drew from the stock, seat 2 passed: you are offered the ``up`` card (the Q♦
    fits nothing of yours; the joker fits anything, and the Hint finds it helps a little; the
    8♦ makes 7♦ 8♦ 9♦, but your hand already holds the two sets of deal 1, and the Hint says it
    does not help)."""
    game = new_game("contract", 3, [CONTRACT_HAND, [], []], up, ["5C"], dealer=0)
    game.apply({"type": "draw", "player": 1, "source": "stock"})
    game.apply({"type": "pass", "player": 2})
    return save_of(game, ["easy", "easy"])


def stored_settings(page: Page) -> dict[str, Any]:
    return json.loads(page.evaluate(f"localStorage.getItem({json.dumps(SETTINGS.key)})"))


def test_the_buy_prompt_buy_then_pass_and_the_ask_menu(page: Page, site_url: str, boot) -> None:
    """rule C6: asked every time, you buy; from the same offer you choose "never" in the prompt,
    which is kept as your setting while the offer still waits for your answer."""
    position = buy_position()
    preload(page, position, settings_with(buy_prompt="always"))
    boot(page, site_url + INSTANT)
    panel = page.locator("#buy-panel")
    expect(panel.locator("h3")).to_have_text("Buy the Q♦?")
    expect(panel).to_contain_text("It costs one extra card from the stock")
    expect(panel.locator(".buy-card .card")).to_have_attribute("data-card", "QD")
    expect(page.locator("#turn-info")).to_have_text("You may buy the Q♦")
    expect(panel.get_by_role("button", name="Pass")).to_be_focused()  # never Buy: a stray Enter passes
    menu = panel.get_by_label("Ask me to buy")
    expect(menu).to_have_value("always")
    assert_accessible(page, include="#buy-panel")
    panel.get_by_role("button", name="Buy").click()
    expect(page.locator("#buy-panel")).to_have_count(0)
    settle(page)
    assert "You bought the Q♦ (and one card from the stock)." in log_text(page)
    assert len(saved(page)["game"]["hands"][0]) == 12
    expect(page.locator("#mine .fact").nth(1)).to_have_text("Buys: 1")

    # The other answer, from the same position, after choosing "never" in the prompt.
    page.evaluate(f"s => localStorage.setItem({json.dumps(GAME.key)}, s)", json.dumps(position))
    page.reload()
    boot(page)
    expect(panel).to_be_visible()
    menu.select_option("never")
    expect(menu).to_be_focused()
    expect(menu).to_have_value("never")
    assert stored_settings(page)["buy_prompt"] == "never"
    expect(panel).to_be_visible()  # this offer still waits for Buy or Pass
    panel.get_by_role("button", name="Pass").click()
    settle(page)
    assert "You passed." in log_text(page)
    assert len(saved(page)["game"]["hands"][0]) == 10
    page.get_by_role("button", name="New game").first.click()
    expect(page.locator("#setup-form").get_by_label("Ask me to buy")).to_have_value("never")


@pytest.mark.parametrize("old", [False, True], ids=["never", "old-never-ask-buy"])
def test_never_ask_me_passes_for_you(page: Page, site_url: str, boot, old: bool) -> None:
    """rule C6: "never" passes even a card that fits (the joker), and so do settings kept from
    before the choice existed that say ``never_ask_buy``."""
    settings = settings_with(buy_prompt="never")
    if old:
        settings = {k: v for k, v in settings.items() if k != "buy_prompt"} | {"never_ask_buy": True}
    preload(page, buy_position("JK"), settings)
    boot(page, site_url + INSTANT)
    settle(page)
    expect(page.locator("#buy-panel")).to_have_count(0)
    assert "You passed." in log_text(page)
    expect(page.locator("#notes p")).to_have_count(0)  # read without "settings were reset"


def test_by_default_you_are_asked_only_about_a_card_that_fits(page: Page, site_url: str, boot) -> None:
    """rule C6: the Q♦ fits nothing of yours and is passed for you; the joker is offered, with the
    Hint's word on it (the 8♦ was offered too, and the Hint then said it does not help)."""
    preload(page, buy_position("QD"))
    boot(page, site_url + INSTANT)
    settle(page)
    offer = "Aino drew from the stock, so the Q♦ is offered for buying.\nEero passed.\nYou passed.\n"
    assert offer in log_text(page)
    expect(page.locator('#buy-panel .card[data-card="QD"]')).to_have_count(0)  # a later card may be offered
    page.evaluate(f"s => localStorage.setItem({json.dumps(GAME.key)}, s)", json.dumps(buy_position("JK")))
    page.reload()
    boot(page)
    panel = page.locator("#buy-panel")
    expect(panel.locator("h3")).to_have_text("Buy the joker?")
    expect(panel.get_by_text("Hint: pass", exact=True)).to_be_visible()  # helps a little, costs more
    expect(panel.get_by_label("Ask me to buy")).to_have_value("fits")
    expect(panel.get_by_label("Ask me to buy").locator("option:checked")).to_have_text(
        "Only when the card fits"
    )


# ------------------------------------------------------------ computer turns
def test_paced_computer_turns_leave_the_page_responsive(page: Page, site_url: str, boot) -> None:
    game = new_game("contract", 4, [CONTRACT_HAND, [], [], []], "QD", [], dealer=0)  # seat 1 plays first
    preload(page, save_of(game, ["easy", "normal", "hard"]), settings_with(pace="slow"))
    boot(page, site_url)
    table = page.locator("#table")
    expect(table).to_have_attribute("data-busy", "true")
    expect(page.locator("#turn-info")).to_have_text("Aino's turn")
    # While they play, your hand answers at once: select, sort, unselect.
    card = page.locator("#hand button.card").first
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Sort by rank").click()
    page.locator('#hand button.card[aria-pressed="true"]').click()
    expect(page.locator('#hand button.card[aria-pressed="true"]')).to_have_count(0)
    # Each move is shown: the seat that moved is marked and the log grows, one move at a time.
    expect(page.locator("#opponents .seat.just")).to_have_count(1)
    assert table.get_attribute("data-busy") == "true"
    # The pace can change mid-turn; at "instant" the table soon waits for you.
    page.locator("#pace").select_option("instant")
    settle(page)
    assert re.search(r"Aino (drew|took)", log_text(page))
