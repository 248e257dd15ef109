"""Calling the player back to a hidden page (issue 41 point 9): the tab's title says "Your turn"
or offers the card when either comes while the page is in the background, the page's own title
comes back when it is seen, and a short sound plays only if the player turned sound on (off by
default, kept with the settings). The same for a game at one device as for an online table.
"""

from __future__ import annotations

from typing import Any

import pytest

from matches import settings_for, step
from rommi import Phase
from ui.attention import Attention, Call, calls_for, change_sound
from ui.model.app import App
from ui.model.settings import Settings, settings_from_dict
from ui.records.stores import SETTINGS
from ui.screen import Screen
from ui.words.i18n import set_language


@pytest.fixture(autouse=True)
def english() -> Any:
    set_language("en")
    yield
    set_language("en")


def test_a_turn_that_comes_while_hidden_sets_the_title_once_and_seeing_the_page_restores_it() -> None:
    a = Attention(base="Rommi")
    assert a.after(None, hidden=True, sound=False) is None  # the computers play
    assert a.after("turn", hidden=True, sound=False) == Call("Your turn — Rommi", False)
    assert a.after("turn", hidden=True, sound=False) is None  # said once, not at every redraw
    assert a.seen() == Call("Rommi")
    assert a.seen() is None  # nothing to restore twice


def test_the_sound_plays_only_if_turned_on_and_only_as_the_call_comes() -> None:
    a = Attention()
    assert a.after("buy", hidden=True, sound=True) == Call("Buy the card? — Rommi", True)
    assert a.after("buy", hidden=True, sound=True) is None
    assert a.after("turn", hidden=True, sound=True) == Call("Your turn — Rommi", True)  # a new call


def test_a_turn_already_yours_when_the_page_was_left_is_not_called() -> None:
    a = Attention()
    assert a.after("turn", hidden=False, sound=True) is None  # seen: nothing to call
    assert a.after("turn", hidden=True, sound=True) is None  # then hidden: no news, no sound
    assert a.seen() is None


def test_a_call_that_went_before_the_page_was_seen_gives_the_title_back() -> None:
    a = Attention(base="Rommi")
    assert a.after("buy", hidden=True, sound=False) is not None
    assert a.after(None, hidden=True, sound=False) == Call("Rommi")  # the window closed meanwhile


def test_the_title_in_finnish() -> None:
    set_language("fi")
    assert Attention().after("turn", hidden=True, sound=False) == Call("Sinun vuorosi — Rommi", False)
    assert Attention().after("buy", hidden=True, sound=False) == Call("Ostatko kortin? — Rommi", False)


def test_at_one_device_the_turn_after_the_computer_players_and_a_buy_offer_are_called_while_hidden() -> None:
    app = App.new_match(settings_for("contract", 4, "easy"), 7)
    a = Attention()
    calls: list[tuple[str, Phase]] = []
    for _ in range(400):
        need = calls_for(app)
        seat = app.seat_to_act()
        quiet = app.auto_pass_seat() is not None  # passed for without a question: nothing to call
        assert need == (None if seat != 0 or quiet else "buy" if app.phase() is Phase.BUY else "turn")
        call = a.after(need, hidden=True, sound=True)
        if call is not None and call.sound:
            calls.append((call.title, app.phase()))
        if app.game.over:
            break
        step(app)
    titles = {title for title, _ in calls}
    assert titles == {"Your turn — Rommi", "Buy the card? — Rommi"}, f"seed 7: {calls[:5]}"
    assert all((phase is Phase.BUY) == title.startswith("Buy") for title, phase in calls)


def test_a_buy_offer_the_buy_setting_passes_for_without_asking_is_not_called() -> None:
    settings = settings_for("contract", 4, "easy")
    settings.buy_prompt = "never"
    app = App.new_match(settings, 7)
    offers = 0
    for _ in range(300):
        if app.phase() is Phase.BUY and app.seat_to_act() == 0:
            offers += 1
            assert calls_for(app) is None
        if app.game.over:
            break
        step(app)
    assert offers > 0, "seed 7: no buy offer to seat 0"


def test_no_call_on_the_setup_screen_or_for_a_seat_played_elsewhere() -> None:
    assert calls_for(None) is None
    app = App.new_match(settings_for("basic", 2, "easy"), 3)
    while app.seat_to_act() != 0:
        step(app)
    assert calls_for(app) == "turn"
    app.seats[0] = type(app.seats[0]).elsewhere(app.seats[0].name)
    assert calls_for(app) is None  # a friend's seat on another device: their device calls them


def test_sound_is_off_by_default_kept_with_the_settings_and_older_settings_still_read() -> None:
    assert Settings().sound is False
    screen = Screen()
    fx = change_sound(screen, True)
    assert fx.save == {SETTINGS} and screen.settings.sound and screen.form.sound
    back, good = settings_from_dict(screen.settings.to_dict())
    assert good and back.sound is True
    old = Settings().to_dict()
    del old["sound"]  # settings kept before the switch existed
    back, good = settings_from_dict(old)
    assert good and back.sound is False
    back, good = settings_from_dict({**Settings().to_dict(), "sound": "loud"})
    assert not good and back.sound is False
