"""A rematch at an online table (issue 41 point 9), in the page, through a real Nostr relay on this
machine: a host (Aino, 1280x800) and a guest (Liisa, on a 360x640 phone) plus a computer player
play a whole match through what each sees, clicked by role and accessible name; at its end the
host presses "Play again at this table" and both are at a new match: the same people in the same
seats, new cards (the fair seed's round runs again: every person commits to a new value), and the
guest's table works (Liisa makes a move there, and the host's table shows it).

The shortest whole match the setup form offers: Perusrommi for three, with its house rules at
their least, "1 deck, 7 cards each" and a target score of 10 (the lowest the form takes), so the
first deal's winner almost always ends the match (its losers hold 10 points or more); a deal more
is played when not. Each person's move is the hint for their seat, worked out from the host's
engine (``tests/browser/online_play.py``). The cards come from the table's fair seed, which no one
chooses, the test included: it prints the seed and each move, for a failure to be played again.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.online_play import (
    TIMEOUT_MS,
    create_table,
    heard,
    hosted,
    join,
    next_save,
    next_turn,
    play,
    play_until,
    recording,
    start,
)
from tests.browser.person import press
from tests.browser.relay import relay_fixture  # noqa: F401 (the fixture nostr_relay: a Nostr relay on this machine)
from tests.browser.table import screenshot

from rommi.bots import hint
from ui.online.fairseed import check

pytestmark = pytest.mark.browser

MOST_MOVES = 1000  # seeded CPython runs of this table: median 40 moves of people, the most 170
LIISA = 1


def shortest_match(host: Page) -> None:
    """The setup form's house rules for the shortest match: 7 cards each, a target of 10."""
    host.get_by_role("combobox", name="Cards", exact=True).select_option(label="1 deck, 7 cards each")
    host.get_by_role("spinbutton", name="Target score").fill("10")


def hand(page: Page) -> list[str]:
    cards = page.locator("#hand button[data-card]")
    return sorted(cards.evaluate_all("nodes => nodes.map(n => n.dataset.card)"))


def rounds(messages: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The hashes of every seed's round the guest was sent (``commits``), in order."""
    return [m["hashes"] for m in messages if m["t"] == "commits"]


def test_after_a_whole_match_the_host_plays_again_at_the_table_with_the_same_seats_and_new_cards(
    sized_page: Any, site_url: str, boot: Any, nostr_relay: str
) -> None:
    host, guest = sized_page(1280, 800), sized_page(360, 640)
    for page in (host, guest):  # the host's page for its transport's id, the guest's for what it hears
        page.route("**/js/online.mjs", recording)
    link = create_table(
        host,
        site_url,
        nostr_relay,
        boot,
        variant="Perusrommi",
        players=3,
        query="&pace=instant",
        house_rules=shortest_match,
    )
    join(guest, link, boot, "Liisa", 2, host)
    start(host, [host, guest], "basic")  # seat 3: a computer player
    host_id = str(host.evaluate("window.rommiRoom.selfId"))
    text, first = hosted(host)
    places = json.loads(text)["host"]["places"]
    names = list(first.names)
    assert names[:2] == ["Aino", "Liisa"] and first.game.players == 3
    assert first.game.view(0)["options"]["target"] == 10 and first.game.view(0)["options"]["hand_size"] == 7
    assert hand(guest) == sorted(first.game.view(LIISA)["hand"])

    # The whole match, every person's move on their own device.
    text, over, _ = play_until([host, guest], text, first, ("match_over",), most=MOST_MOVES)
    assert over.seed == first.seed
    for page in (host, guest):
        expect(page.locator("#table")).to_have_attribute("data-phase", "match_over", timeout=TIMEOUT_MS)
    # The guest's device was sent every value at the end, and they make the seed its cards came from.
    ends = [m for m in heard(guest, host_id) if m["t"] == "over"]
    assert len(ends) == 1 and ends[0]["seed"] == first.seed
    hashes = {int(seat): h for seat, h in ends[0]["hashes"].items()}
    reveals = {int(seat): (r[0], r[1]) for seat, r in ends[0]["reveals"].items()}
    assert sorted(hashes) == [0, LIISA] and check(hashes, reveals, first.seed)
    assert len(rounds(heard(guest, host_id))) == 1

    again = host.get_by_role("dialog").get_by_role("button", name="Play again at this table")
    expect(again).to_be_visible()
    expect(guest.get_by_role("button", name="Play again at this table")).to_have_count(0)  # the host's
    screenshot(host, "online-rematch-offered-1280x800")
    press(host, again)

    # A new match at the same table: a new round of values, so new cards; the same seats.
    text, second = next_save(host, text)
    for page in (host, guest):
        expect(page.get_by_role("dialog")).to_have_count(0, timeout=TIMEOUT_MS)
        expect(page.locator("#table")).to_be_visible(timeout=TIMEOUT_MS)
        expect(page.locator("#table")).to_have_attribute("data-phase", re.compile("^(draw|play)$"))
    text, second = hosted(host)
    assert second.seed != first.seed and second.game.deal == 1
    assert second.names == names and second.game.players == 3
    assert json.loads(text)["host"]["places"] == places  # the same people, computer and tokens
    sent = rounds(heard(guest, host_id))
    assert len(sent) == 2 and sorted(sent[1]) == sorted(sent[0])
    assert not set(sent[1].values()) & set(sent[0].values()), "the second round's values are new"
    expect(guest.locator("#hand button[data-card]")).to_have_count(7, timeout=TIMEOUT_MS)
    assert hand(guest) == sorted(second.game.view(LIISA)["hand"])
    expect(guest.locator("#mine")).to_contain_text("Liisa")
    expect(guest.locator("#opponents")).to_contain_text("Aino")
    expect(host.locator("#opponents")).to_contain_text("Liisa")
    screenshot(guest, "online-rematch-guest-360x640")

    # Liisa's table works: the moves up to and including her first, each on its person's device.
    for _ in range(MOST_MOVES):
        text, second = next_turn([host, guest], text, second)
        seat = second.game.to_act
        assert seat is not None and second.game.phase.value in ("draw", "play")
        action = dict(hint(second.game.view(seat))["action"].to_json())
        print(f"rematch: seat {seat}, {action}")  # shown when the test fails
        play([host, guest][seat], second, seat, action)
        text, second = next_save(host, text)
        if seat == LIISA:
            break
    assert any(a.get("player") == LIISA for a in second.log or [])
    expect(host.locator("#log")).to_contain_text(re.compile(r"Liisa (drew from the stock|took the)"))
