"""Pass-and-play in Chromium (issue 40): three people and a computer player at one device.

Between two people's turns a cover names who is to take the device ("Pass the device to
Player 2", its button "I am Player 2"), and behind it nothing private is in the page at all:
checked at every cover against the engine's hands, read from the game the page saved. Every
move is a click or tap on a control found by its role and accessible name (``person``), the
move being the Hint's for the person who lifted the cover (the save's ``drawn_for``).

What may stay under the cover is the table's public part: the piles, the melds, the seats'
counts, the log. A card in someone's hand that is also public (its twin was discarded or
melded: two decks) may be named there, so such a card is looked for only outside those parts;
every other card of every hand is looked for in the whole page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.browser.conftest import boot_page
from tests.browser.person import button, buy_panel, play_as_person, press
from tests.browser.table import hinted, saved, saved_app, screenshot, settle_or_cover
from tests.browser.test_laptop_turn import UNSEEN

from rommi.actions import Buy, Draw, Pass
from rommi.cards import JOKER_CODE
from rommi.names import Source
from ui.model.app import App, SeatKind
from ui.model.query import preset_form, read_query
from ui.model.settings import Settings
from ui.words import i18n
from ui.words.i18n import card_name, card_text, t

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (360, 640)]
IDS = [f"{w}x{h}" for w, h in SIZES]
DEAL_SEED = 11  # a first deal of 27 moves by the three people: draws, buys, melds, lay-offs, discards
# Seat 0 acts first; when it draws from the stock, the card turned up (J♥) is offered to seats 1
# and 2, both people whose buy setting ("when it fits") asks them, seat 1 first (C6).
BUY_SEED = 23
PEOPLE = "?players=4&people=3&seed={seed}&pace=instant&lang={lang}"
# What may stay in view under the cover: the table's public part (its status lines, the seats, the
# piles, the melds, the log) and the live region, which may say the log's last line. A card is
# looked for in these only when it was never public (``public_cards``).
PUBLIC = "#opponents, #log, .piles, button.meld, .status-lines, #live"
# What the cover takes out of the page: these are emptied, not hidden.
PRIVATE = ("#hand", "#area", "#actions", "#mine")
CARD = re.compile(r"^(JK|[A2-9TJQK][SHDC])$")
# Words that speak to the person the table was drawn for: never in the public part under the cover,
# where the device is being passed ("Your turn", "You drew...", "you deal", "Sinun vuorosi", "sinä jaat").
TO_YOU = re.compile(r"\b(you|your|yours|sinun|sinä)\b", re.IGNORECASE)

# Everything in the page a person or a screen reader could read: its text as shown (innerText),
# all its text (textContent), and for every element the words naming or describing it (aria-label,
# the text its aria-labelledby points at, title, alt...) and any card code it carries. The same
# once more for the page without its public part.
READ_PAGE = """public => {
  const ATTRS = ["aria-label", "aria-description", "aria-valuetext", "aria-roledescription",
                 "title", "alt", "placeholder", "data-card"];
  const names = (skipPublic) => {
    const out = [];
    for (const node of document.body.querySelectorAll("*")) {
      if (skipPublic && node.closest(public)) continue;
      for (const name of ATTRS) {
        const value = node.getAttribute(name);
        if (value) out.push(value);
      }
      if (["INPUT", "OPTION"].includes(node.tagName) && node.value) out.push(node.value);
      for (const attr of ["aria-labelledby", "aria-describedby"]) {
        for (const id of (node.getAttribute(attr) || "").split(/\\s+/).filter(Boolean)) {
          const target = document.getElementById(id);
          if (target && !(skipPublic && target.closest(public))) out.push(target.textContent);
        }
      }
    }
    return out;
  };
  const rest = document.body.cloneNode(true);
  rest.querySelectorAll(public).forEach((node) => node.remove());
  const table = document.getElementById("table").cloneNode(true);
  table.querySelectorAll(public).forEach((node) => node.remove());
  return {
    whole: [document.body.innerText, document.body.textContent, ...names(false)],
    rest: [rest.textContent, ...names(true)],
    table: [table.textContent, document.getElementById("live").textContent],
  };
}"""


@contextmanager
def language(lang: str) -> Iterator[None]:
    """The page's words in ``lang`` for this block (the card names looked for, the controls' names)."""
    was = i18n.language
    i18n.set_language(lang)
    try:
        yield
    finally:
        i18n.set_language(was)


def start(page: Page, site_url: str, seed: int, lang: str = "en") -> None:
    """Three people (you and two friends) and a computer player, from the address, through the form."""
    boot_page(page, site_url + PEOPLE.format(seed=seed, lang=lang))
    press(page, button(page, t("setup.start")))


def reload(page: Page) -> None:
    """Reload the page as a person does; the address presets the form, so it shows first with
    "Continue the game in progress", which is pressed."""
    page.reload()
    boot_page(page)
    press(page, button(page, t("setup.continue")))


def public_cards(app: App) -> set[str]:
    """Every card that has been public in this match: discarded, bought, melded, laid off,
    swapped in, turned up, on the table (a superset of what the public part may name)."""
    seen: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str) and CARD.match(value):
            seen.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    view = app.game.view(0)
    walk(app.log)
    walk(view["history"])
    walk(view["melds"])
    walk(view["discard_top"])
    return seen


def words_of(code: str) -> list[str]:
    return [card_name(code).lower(), card_text(code).lower()]


def nothing_private(page: Page, app: App, public: set[str]) -> None:
    """Under the cover: the private regions empty, no offer to buy, and no card of any hand in the page."""
    for region in PRIVATE:
        assert page.locator(f"{region} > *").count() == 0, f"{region} is not empty under the cover"
    expect(buy_panel(page)).to_have_count(0)
    no_card_of_any_hand(page, app, public)


def no_card_of_any_hand(page: Page, app: App, public: set[str]) -> None:
    """No card of any hand anywhere in the page (text, accessible names, card codes), but for a
    card that is public anyway (``public``, grown here by ``public_cards``) in the public part."""
    read = page.evaluate(READ_PAGE, PUBLIC)
    whole = [text.lower() for text in read["whole"]]
    rest = [text.lower() for text in read["rest"]]
    table = [text.lower() for text in read["table"]]
    public |= public_cards(app)
    for seat in range(app.game.players):
        for code in app.game.view(seat)["hand"]:
            # "joker" is also a word of the setup form's house rules ("Jokers"): looked for at the table
            where = (table if code == JOKER_CODE else whole) if code not in public else rest
            for word in [*words_of(code), code.lower()]:
                found = [text for text in where if _has(text, word, code)]
                assert not found, (
                    f"{app.names[seat]}'s {code} ({word}) is in the page under the cover: "
                    + repr(_around(found[0], word))
                )


def _around(text: str, word: str) -> str:
    at = text.find(word)
    return " ".join(text[max(0, at - 300) : at + 100].split())


def _has(text: str, word: str, code: str) -> bool:
    """Whether ``text`` holds ``word``: a card code only as a whole value (a data-card attribute),
    the words anywhere."""
    return text == word if word == code.lower() else word in text


def under_cover(page: Page, public: set[str]) -> tuple[App, int]:
    """The cover, once the page waits under it: it names the person to act now, in its heading
    and its button, and nothing private is in the page. Returns the saved game and that seat."""
    assert settle_or_cover(page) == "cover"
    app = saved_app(page)
    seat = app.seat_to_act()
    assert seat is not None and app.seats[seat].played_by == SeatKind.HERE, seat
    title = t("cover.title", name=app.names[seat])
    dialog = page.get_by_role("dialog", name=title, exact=True)
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name=title, exact=True)).to_be_visible()
    expect(button(dialog, t("cover.button", name=app.names[seat]))).to_be_visible()
    nothing_private(page, app, public)
    spoken_to_nobody(page, app, seat)
    return app, seat


def spoken_to_nobody(page: Page, app: App, seat: int) -> None:
    """Under the cover the turn line names the person to act ("Player 2's turn", even when the
    table was last drawn for them), and the log and the seats' last moves say names, never "you"."""
    card = app.view()["buy_card"]
    turn = (
        t("table.turn.other", name=app.names[seat])
        if card is None
        else t("table.turn.buy", name=app.names[seat], card=card_text(card))
    )
    expect(page.locator("#turn-info")).to_have_text(turn)
    lines = page.locator("#log li, #opponents .last").all_text_contents()
    assert len(lines) > 1, lines  # the deal's first line, and more
    said_to_you = [line for line in lines if TO_YOU.search(line)]
    assert not said_to_you, f"said to 'you' under the cover: {said_to_you}"


def lift(page: Page, app: App, seat: int) -> App:
    """Press "I am <name>": the table is drawn for that person, their hand in view."""
    press(page, button(page, t("cover.button", name=app.names[seat])))
    expect(page.get_by_role("dialog")).to_have_count(0)
    after = saved_app(page)
    assert after.drawn_for == seat
    hand = after.game.view(seat)["hand"]
    expect(page.get_by_role("toolbar").get_by_role("button")).to_have_count(len(hand))
    return after


@pytest.mark.parametrize(("width", "height"), SIZES, ids=IDS)
def test_three_people_and_a_computer_play_a_whole_deal(
    sized_page: Any, site_url: str, width: int, height: int
) -> None:
    """issue 40, points 2 and 6: each person plays only after their own cover, which hides every hand."""
    page = sized_page(width, height)
    start(page, site_url, DEAL_SEED)
    public: set[str] = set()
    covers: list[int] = []
    moves: dict[int, int] = {}
    for _ in range(600):
        state = settle_or_cover(page)
        if state == "deal_over":
            break
        assert state != "match_over"
        if state == "cover":
            app, seat = under_cover(page, public)
            covers.append(seat)
            if len(covers) == 1:
                screenshot(page, f"pass-and-play-cover-{width}x{height}")
            lift(page, app, seat)
            if len(covers) == 1:
                screenshot(page, f"pass-and-play-lifted-{width}x{height}")
                with pytest.raises(AssertionError, match="is in the page"):  # the look-out sees a hand
                    no_card_of_any_hand(page, app, set())
            continue
        app = saved_app(page)
        assert covers and app.drawn_for == covers[-1] == app.seat_to_act()
        moves[app.drawn_for] = moves.get(app.drawn_for, 0) + 1
        play_as_person(page, hinted(page))
    else:
        raise AssertionError(f"seed {DEAL_SEED}: the deal did not end ({len(covers)} covers)")
    print(f"{width}x{height}: {len(covers)} covers, moves by seat {moves}")
    assert sorted(moves) == [0, 1, 2], moves  # all three people played
    assert len(covers) >= 6 and len(set(covers)) == 3, covers
    # The score sheet shows the hands; "Next deal" deals a new hand: under the cover again.
    play_as_person(page, {"type": "next_deal"})
    app, seat = under_cover(page, public)
    assert app.view()["deal"] == 2


def test_a_reload_comes_back_under_the_cover(sized_page: Any, site_url: str) -> None:
    """issue 40, point 5: a reload under the cover, and one in the middle of a person's turn after
    "I am <name>", both come back under the cover for the person to act, with nothing lost."""
    page = sized_page(1280, 800)
    start(page, site_url, DEAL_SEED)
    public: set[str] = set()
    app, seat = under_cover(page, public)
    before = saved(page)
    reload(page)
    app, named = under_cover(page, public)
    assert named == seat and saved(page)["game"] == before["game"]
    app = lift(page, app, seat)
    # Taking the top discard opens no buy window: the turn stays this person's, mid-way.
    play_as_person(page, {"type": "draw", "source": "discard"})
    assert settle_or_cover(page) == "play"
    mid = saved(page)
    assert mid["drawn_for"] == seat
    hand = App.from_save(mid).game.view(seat)["hand"]
    reload(page)  # a reload always covers with several people here, even for the person drawn for
    app, named = under_cover(page, public)
    after = saved(page)
    assert named == seat and after["game"] == mid["game"] and after["log"] == mid["log"]
    lift(page, app, seat)
    for code in set(hand):  # the hand as it was, card for card
        named_card = page.get_by_role("toolbar").get_by_role(
            "button", name=re.compile("^" + re.escape(card_name(code)))
        )
        expect(named_card).to_have_count(hand.count(code))
    # The turn plays on from where it was: the discard hands the device over.
    play_as_person(page, hinted(page))
    app, named = under_cover(page, public)
    assert named != seat


@pytest.mark.parametrize(("width", "height"), SIZES, ids=IDS)
def test_two_people_are_asked_to_buy_in_turn(sized_page: Any, site_url: str, width: int, height: int) -> None:
    """issue 40, point 3 (rule C6): seat 0 draws from the stock; the card turned up is offered to
    Player 2, then Player 3, each behind their own cover, the prompt naming them; one passes, the
    other buys. The page's game is then the engine's after those very moves."""
    page = sized_page(width, height)
    start(page, site_url, BUY_SEED)
    public: set[str] = set()
    app, seat = under_cover(page, public)
    assert seat == 0
    lift(page, app, 0)
    play_as_person(page, {"type": "draw", "source": "stock"})
    for asked, answer in ((1, "pass"), (2, "buy")):
        app, seat = under_cover(page, public)
        assert seat == asked, f"seed {BUY_SEED}: {app.names[seat]} is asked, not {app.names[asked]}"
        card = app.view()["buy_card"]
        assert card is not None
        lift(page, app, seat)
        prompt = page.get_by_role(
            "group", name=t("buy.prompt.named", name=app.names[seat], card=card_text(card)), exact=True
        )
        expect(prompt).to_be_visible()
        expect(prompt).to_contain_text(t("buy.text", name=app.names[0], card=card_text(card)))  # the cost
        if asked == 1:
            screenshot(page, f"pass-and-play-buy-{width}x{height}")
            if width > 960:  # beside the offer every seat is seen whole, none cut off by the piles' row
                cut = [seat.evaluate(UNSEEN) for seat in page.locator("#opponents > .seat").all()]
                assert cut == ["", "", ""], cut
        play_as_person(page, {"type": answer})
    # The buy closed the window (Helmi, the computer player, is not asked): seat 0 plays on.
    app, seat = under_cover(page, public)
    assert seat == 0
    expected = App.new_match(people_settings(), BUY_SEED)
    for action in (Draw(0, Source.STOCK), Pass(1), Buy(2)):
        assert expected.apply(action) is None
    assert app.game.to_dict() == expected.game.to_dict()
    assert app.game.view(2)["hand"].count(card) >= 1


def test_the_cover_in_finnish(sized_page: Any, site_url: str) -> None:
    """issue 40, point 6: the cover's heading and button in Finnish, and no card's Finnish name
    under it."""
    page = sized_page(360, 640)
    with language("fi"):
        assert t("cover.title", name="Pelaaja") == "Anna laite pelaajalle Pelaaja"
        assert t("cover.button", name="Pelaaja") == "Olen Pelaaja"
        start(page, site_url, BUY_SEED, "fi")
        public: set[str] = set()
        app, seat = under_cover(page, public)
        assert app.names[seat] == "Pelaaja"
        screenshot(page, "pass-and-play-cover-fi-360x640")
        lift(page, app, seat)
        expect(page.get_by_role("dialog")).to_have_count(0)


def test_the_cover_is_said_and_keeps_the_focus(sized_page: Any, site_url: str) -> None:
    """issue 40, point 6: when the cover goes up, the live region says whom it names and the
    keyboard is on its button, and stays there (Tab does not leave the dialog)."""
    page = sized_page(1280, 800)
    start(page, site_url, BUY_SEED)
    public: set[str] = set()
    for step in range(2):
        app, seat = under_cover(page, public)
        name = app.names[seat]
        cover_button = button(page.get_by_role("dialog"), t("cover.button", name=name))
        expect(cover_button).to_be_focused()
        page.keyboard.press("Tab")
        expect(cover_button).to_be_focused()
        expect(page.locator("#live")).to_have_text(t("cover.title", name=name))
        if step == 0:
            lift(page, app, seat)
            play_as_person(page, {"type": "draw", "source": "stock"})  # the card is offered to Player 2


def people_settings() -> Settings:
    """The form's settings after ``?players=4&people=3``: you, two friends, a computer player."""
    settings = Settings()
    preset_form(settings, read_query("?players=4&people=3"))
    return settings
