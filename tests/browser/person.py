"""Playing as a person does: every control found by its role and accessible name, the names
being the words the page itself uses (``ui.words.i18n``, ``ui.words.logtext``), never by ids or data
attributes. ``play_as_person(page, action)`` performs one protocol action of the person the
table is drawn for (the save's ``drawn_for``: seat 0 with one person at the device, whoever
pressed "I am Liisa" with several); the action comes from the saved game (``table.hinted``),
the clicks from what is on screen.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, expect

from ui.words.i18n import card_name, card_text, t
from ui.words.logtext import meld_spoken, view_meld_words

from .table import saved_app

HOLE = "@@hole@@"  # a placeholder in ``words_pattern``: re.escape leaves it as it is
YOU = 0  # the seat of the one person at the device; with several, the save's ``drawn_for``


def button(where: Page | Locator, name: str, exact: bool = True) -> Locator:
    return where.get_by_role("button", name=name, exact=exact)


def press(page: Page, locator: Locator) -> None:
    """Click, or on a touch phone tap, what a person sees (scrolled into view first)."""
    locator.scroll_into_view_if_needed()
    if page.viewport_size and page.viewport_size["width"] < 600:
        locator.tap()
    else:
        locator.click()


def hand_cards(page: Page, code: str, pressed: bool) -> Locator:
    """The cards of that name in your hand, selected (``pressed``) or not."""
    cards = page.get_by_role("toolbar").get_by_role(
        "button", name=re.compile("^" + re.escape(card_name(code)))
    )
    return cards.and_(page.locator(f"[aria-pressed='{str(pressed).lower()}']"))


def hand_card(page: Page, code: str) -> Locator:
    """One card of that name in your hand not yet selected."""
    return hand_cards(page, code, False).first


def select(page: Page, codes: list[str]) -> None:
    """Each card pressed, and seen selected: one more of its name pressed (a selection lost or
    doubled fails here, at the card, not later at a button named for the selection)."""
    for code in codes:
        chosen = hand_cards(page, code, True)
        before = chosen.count()
        press(page, hand_card(page, code))
        expect(chosen).to_have_count(before + 1)


def meld_button(page: Page, meld: dict[str, Any], names: list[str], me: int = YOU) -> Locator:
    """A meld on the table by its spoken name: "Aino's run 5♥–8♥: 5 of hearts, ..." ("your run"
    when it is seat ``me``'s, the person the table is drawn for). On a phone another seat's
    melds are folded under its chip: the chip is pressed first."""
    name = t("meld.label", desc=view_meld_words(meld, names, me), cards=meld_spoken(meld))
    target = page.get_by_role("button", name=name, exact=True).first
    if not target.is_visible() and meld["owner"] != me:
        chip = page.get_by_role("button", name=re.compile("^" + re.escape(names[meld["owner"]]) + " \\d"))
        press(page, chip)
    return target


def words_pattern(key: str, **fixed: str) -> str:
    """A regular expression for the page's words ``t(key)``: the values in ``fixed`` as given, any
    other placeholder anything ("Buy the .*\\?" for ``buy.title``)."""
    holes = {name: HOLE for name in re.findall(r"{(\w+)}", t(key))}
    return re.escape(t(key, **{**holes, **fixed})).replace(HOLE, ".*")


def buy_panel(page: Page) -> Locator:
    """The offer of a card to buy: "Buy the 7♥?", or with several people at the device the one
    naming whom it asks, "Liisa: buy the 7♥?"."""
    named = words_pattern("buy.prompt.named")
    return page.get_by_role("group", name=re.compile(f"^({words_pattern('buy.title')}|{named})$"))


def play_as_person(page: Page, action: dict[str, Any]) -> None:
    kind = action["type"]
    if kind == "draw":
        pile = "^" + (t("table.stock") if action["source"] == "stock" else t("table.discard"))
        press(page, page.get_by_role("button", name=re.compile(pile)).first)
    elif kind in ("buy", "pass"):
        press(page, button(buy_panel(page), t("buy." + kind)))
    elif kind == "discard":
        select(page, [action["card"]])
        press(page, button(page, t("act.discard.named", card=card_text(action["card"]))))
    elif kind == "meld":
        _lay_down(page, action)
    elif kind in ("layoff", "swap"):
        _lay_off(page, action)
    elif kind == "next_deal":
        dialog = page.get_by_role("dialog")
        if dialog.count() and dialog.is_visible():
            press(page, button(dialog, t("table.next_deal")))
        else:
            press(page, button(page, t("table.next_deal")))
    else:  # pragma: no cover - the protocol has no other actions
        raise AssertionError(kind)


def _lay_down(page: Page, action: dict[str, Any]) -> None:
    """Each meld through "New meld" (it finds the contract's slot of its kind), its kind set
    when it went into a new draft (the toggles of its kind are one more then: a meld that went
    into a contract slot leaves an earlier draft's kind as it was), then "Lay down"."""
    kinds = action.get("kinds") or []
    for i, cards in enumerate(action["melds"]):
        select(page, cards)
        toggle = page.get_by_role(
            "button", name=t("ld.slot." + (kinds[i] if i < len(kinds) else "set")), exact=True
        )
        drafts = toggle.count()
        press(page, button(page, t("act.new_meld")))
        if kinds and toggle.count() > drafts:
            pressed = toggle.last.get_attribute("aria-pressed")
            if pressed == "false":
                press(page, toggle.last)
    press(page, button(page, t("ld.lay_down")))


def _lay_off(page: Page, action: dict[str, Any]) -> None:
    """Select the cards, press the meld; if the page asks where, choose by the words it uses."""
    app = saved_app(page)
    meld = next(m for m in app.view()["melds"] if m["id"] == action["meld"])
    select(page, action["cards"] if action["type"] == "layoff" else [action["card"]])
    press(page, meld_button(page, meld, app.names, app.drawn_for))
    chooser = page.get_by_role("group", name=t("choose.title"))
    if not chooser.count():
        return
    expect(chooser).to_be_visible()
    swap = t("choose.swap", meld="").strip()  # "Swap it for the joker in"
    options = chooser.get_by_role("button")
    if action["type"] == "swap":
        options = options.filter(has_text=swap)
    else:
        options = options.filter(has_not_text=swap)
        if action.get("end"):  # "at the low end (before 5♥)": the words before the card
            options = options.filter(has_text=t("choose.end." + action["end"], card="").split("(")[0].strip())
    press(page, options.first)
