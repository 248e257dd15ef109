"""Who sits where, and the cover between people at one device, in Chromium (issue 40 points 1,
2 and 6): seats chosen on the setup form by role and accessible name, the cover naming who is
next ("Pass the device to Liisa", "I am Liisa"), nothing of anyone's hand in the page behind it
(checked against the hands of the saved game), axe on the cover, both languages, the embed mode,
and at 1280x800, 1366x768 and 360x640.

Perusrommi for four with seed 1 deals from seat 0: Liisa (seat 1) acts first, then Matti
(seat 2), then the computer player Helmi (seat 3), then you (Tester, seat 0).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from tests.browser.axe_check import assert_accessible
from tests.browser.person import button, play_as_person, press
from tests.browser.table import saved_app, screenshot
from tests.browser.test_first_paint import Hold

from rommi.cards import JOKER_CODE
from ui.model.app import App
from ui.records.stores import GAME
from ui.words import i18n
from ui.words.i18n import card_name, card_text, t

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (360, 640)]
TABLE = "?variant=basic&players=4&pace=instant&seed=1"
HOSTILE = "<img src=x onerror=alert(1)>"
CODE = re.compile(r'"([2-9TJQKA][SHDC]|' + JOKER_CODE + ')"')
# Everything an element may say of itself besides its text.
SAID_BY_ATTRIBUTES = """() => [...document.querySelectorAll("#app *")].flatMap((node) =>
  ["aria-label", "aria-description", "title", "alt", "placeholder", "value", "data-card"]
    .map((name) => node.getAttribute(name)).filter((said) => said))"""


def seat_people(page: Page, me: str, friends: dict[int, str]) -> None:
    """On the setup form, as a person does: your name, and a friend (with a name) at each seat
    of ``friends`` ("Seat 2" is seat 1); the other seats stay computer players."""
    form = page.locator("#setup-form")
    expect(form).to_be_visible()
    form.get_by_role("textbox", name=t("setup.name"), exact=True).fill(me)
    for seat, name in friends.items():
        label = t("setup.seat", n=seat + 1)
        form.get_by_role("combobox", name=label, exact=True).select_option(label=t("setup.seat.here"))
        box = form.get_by_role("textbox", name=f"{label} {t('setup.seat.name')}", exact=True)
        expect(box).to_have_attribute("placeholder", t("setup.friend.default", n=seat + 1))
        box.fill(name)


def cover_of(page: Page, name: str) -> Locator:
    """The cover naming ``name``, found by its role and accessible name."""
    return page.get_by_role("dialog", name=t("cover.title", name=name), exact=True)


def private_codes(app: App) -> set[str]:
    """The cards in anyone's hand that nothing public names: with two decks a card in a hand may
    have a twin in a meld or in the log, which may be shown. Public is what every seat's view
    holds besides its own hand and last draw."""
    game = app.game
    seen: list[set[str]] = []
    for seat in range(game.players):
        view = {k: v for k, v in game.view(seat).items() if k not in ("hand", "last_drawn")}
        seen.append(set(CODE.findall(json.dumps(view))))
    public = set.intersection(*seen)
    hands = {code for seat in range(game.players) for code in game.view(seat)["hand"]}
    return hands - public


def assert_nothing_private(page: Page) -> set[str]:
    """Under the cover: no hand, dock, lay-down area or seat of yours in the page, and no card of
    any hand (but its public twins) in the page's text, in any accessible name or attribute."""
    for region in ("#hand", "#actions", "#area", "#mine"):
        expect(page.locator(f"{region} > *")).to_have_count(0)
    expect(page.locator("#buy-panel, #hint-text, #chooser, #selection")).to_have_count(0)
    app = saved_app(page)
    codes = private_codes(app)
    assert codes, "the hands hold no private card: the check would be empty"
    text = page.locator("body").inner_text() + str(
        page.evaluate("document.getElementById('app').textContent")
    )
    names = page.locator("body").aria_snapshot()
    attributes = page.evaluate(SAID_BY_ATTRIBUTES)
    for code in codes:
        assert code not in attributes, f"{code} is named by an attribute under the cover"
        if code == JOKER_CODE:  # "joker" is a word the table uses for public jokers too
            continue
        for said in (card_text(code), card_name(code)):
            assert said not in text, f"{said} ({code}, in a hand) is in the page's text under the cover"
            assert said not in names, f"{said} ({code}, in a hand) is in an accessible name under the cover"
    return codes


def uncover(page: Page, name: str) -> list[str]:
    """Press "I am <name>" and see that person's hand, as the saved game has it."""
    press(page, button(cover_of(page, name), t("cover.button", name=name)))
    expect(page.get_by_role("dialog")).to_have_count(0)
    app = saved_app(page)
    hand = app.game.view(app.names.index(name))["hand"]
    cards = page.locator("#hand button.card")
    expect(cards).to_have_count(len(hand))
    assert sorted(cards.evaluate_all("nodes => nodes.map(n => n.dataset.card)")) == sorted(hand)
    return list(hand)


def play_a_turn(page: Page, seat: int) -> None:
    """Draw from the stock and throw the first card the engine accepts, through the controls."""
    play_as_person(page, {"type": "draw", "player": seat, "source": "stock"})
    expect(page.locator('#table[data-phase="play"][data-busy="false"]')).to_have_count(1)
    game = saved_app(page).game
    throw = next(
        {"type": "discard", "player": seat, "card": c}
        for c in game.view(seat)["hand"]
        if game.check({"type": "discard", "player": seat, "card": c}) is None
    )
    play_as_person(page, throw)


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_friends_chosen_on_the_form_pass_the_device_under_a_cover(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    page = sized_page(width, height)
    boot(page, site_url + TABLE)
    seat_people(page, "Tester", {1: "Liisa", 2: "Matti"})
    form = page.locator("#setup-form")
    expect(form.get_by_role("combobox", name=t("setup.seat", n=4))).to_have_value("computer")
    expect(form.get_by_text("Helmi", exact=True)).to_be_visible()  # the computer player's seat
    assert_accessible(page, include="#setup-form")
    form.get_by_role("group", name=t("setup.who")).scroll_into_view_if_needed()
    screenshot(page, f"who-sits-where-{width}x{height}")
    press(page, button(page, t("setup.start")))

    liisa = cover_of(page, "Liisa")
    expect(liisa).to_be_visible()
    expect(page.locator("#table")).to_have_attribute("data-covered", "true")
    assert saved_app(page).names == ["Tester", "Liisa", "Matti", "Helmi"]
    expect(button(liisa, t("cover.button", name="Liisa"))).to_be_focused()
    expect(liisa).to_contain_text(t("cover.help", name="Liisa"))
    expect(page.locator("#table > .board")).to_have_attribute("inert", "")
    assert_nothing_private(page)
    assert_accessible(page)
    screenshot(page, f"cover-{width}x{height}")

    hand = uncover(page, "Liisa")
    expect(page.locator("#table > .board:not([inert])")).to_have_count(1)
    expect(page.locator("#mine .seat-name")).to_have_text("Liisa")
    screenshot(page, f"cover-lifted-{width}x{height}")

    # Liisa's turn over, the device goes to Matti: her cards are gone from the page, not hidden.
    play_a_turn(page, 1)
    expect(cover_of(page, "Matti")).to_be_visible()
    assert set(hand) & assert_nothing_private(page), "none of Liisa's cards was left to look for"
    uncover(page, "Matti")
    play_a_turn(page, 2)
    # Helmi plays under the cover, then it names you.
    expect(cover_of(page, "Tester")).to_be_visible()
    assert_nothing_private(page)
    uncover(page, "Tester")


def test_the_cover_in_finnish_while_a_computer_player_plays_first(
    sized_page: Any, site_url: str, boot: Any
) -> None:
    """Sitoumusrommi with seed 4 deals from seat 2: the computer player at seat 3 plays first,
    under a cover that names nobody yet (at the slow pace, long enough to be seen); then it
    names a person. Every word in Finnish."""
    page = sized_page(1280, 800)
    page.clock.install()  # time flows as usual; run_for below lets the slow pace's waits pass at once
    boot(page, site_url + "?lang=fi&players=4&pace=slow&seed=4")
    i18n.set_language("fi")
    try:
        seat_people(page, "Tester", {1: "Liisa", 2: "Matti"})
        press(page, button(page, t("setup.start")))
        waiting = page.get_by_role("dialog", name="Tietokonepelaajat pelaavat", exact=True)
        expect(waiting).to_be_visible()
        expect(waiting.get_by_role("button")).to_have_count(0)
        assert_nothing_private(page)
        page.clock.run_for(10_000)  # Helmi's wait before her moves, and the buy window's
        named = page.get_by_role("dialog", name=re.compile("^Anna laite pelaajalle "))
        expect(named).to_be_visible(timeout=30_000)
        name = str(named.get_by_role("heading").inner_text()).removeprefix("Anna laite pelaajalle ")
        assert name in ("Tester", "Liisa", "Matti")
        expect(button(named, f"Olen {name}")).to_be_focused()
        assert any(e.get("player") == 3 for e in saved_app(page).game.view(0)["history"]), (
            "Helmi has not played"
        )
        assert_nothing_private(page)
        assert_accessible(page)
        uncover(page, name)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (360, 640)], ids=["1280x800", "360x640"])
def test_the_cover_in_the_embed_mode(
    sized_page: Any, site_url: str, boot: Any, width: int, height: int
) -> None:
    page = sized_page(width, height)
    boot(page, site_url + TABLE + "&embed=1")
    expect(page.locator("html")).to_have_attribute("data-embed", "true")
    seat_people(page, "Tester", {1: "Liisa"})
    press(page, button(page, t("setup.start")))
    cover = cover_of(page, "Liisa")
    expect(cover).to_be_in_viewport(ratio=1)
    expect(button(cover, t("cover.button", name="Liisa"))).to_be_focused()
    assert_nothing_private(page)
    screenshot(page, f"cover-embed-{width}x{height}")
    uncover(page, "Liisa")


def test_a_hostile_friend_name_is_text(sized_page: Any, site_url: str, boot: Any) -> None:
    page = sized_page(1280, 800)
    boot(page, site_url + TABLE)
    seat_people(page, "Tester", {1: HOSTILE})
    press(page, button(page, t("setup.start")))
    cover = cover_of(page, HOSTILE)
    expect(cover.get_by_role("heading")).to_have_text(t("cover.title", name=HOSTILE))
    expect(button(cover, t("cover.button", name=HOSTILE))).to_be_visible()
    expect(page.locator("#app img")).to_have_count(0)
    uncover(page, HOSTILE)
    expect(page.locator("#mine .seat-name")).to_have_text(HOSTILE)
    expect(page.locator("#app img")).to_have_count(0)


def test_the_next_visit_opens_on_the_seats_as_chosen_at_first_paint_and_python_keeps_it(
    sized_page: Any, site_url: str, boot: Any
) -> None:
    """The form kept for the next visit's first paint (``browser.firstpaint``) holds the friends'
    rows; Python, starting, finds the very form it would draw and keeps it."""
    page = sized_page(1280, 800)
    boot(page, site_url + TABLE)
    seat_people(page, "Tester", {1: "Liisa"})
    press(page, button(page, t("setup.start")))
    expect(cover_of(page, "Liisa")).to_be_visible()
    page.evaluate("key => localStorage.removeItem(key)", GAME.key)  # no game in progress: it opens on setup

    hold = Hold(page)
    page.goto(site_url)  # an address choosing the game waits for Python: no first paint
    form = page.locator("#setup-form")
    seat2 = t("setup.seat", n=2)
    expect(form.get_by_role("combobox", name=seat2, exact=True)).to_have_value("here")
    expect(form.get_by_role("textbox", name=f"{seat2} {t('setup.seat.name')}", exact=True)).to_have_value(
        "Liisa"
    )
    assert page.evaluate("document.documentElement.dataset.ready") is None, "Python must not be running yet"
    page.evaluate("document.getElementById('setup-form').rommiMark = 'first paint'")
    hold.release()
    boot(page)
    expect(page.locator("#setup")).to_have_attribute("data-taken", "kept")
    assert page.evaluate("document.getElementById('setup-form').rommiMark") == "first paint"
