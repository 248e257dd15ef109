"""Around an online game (issue 41 point 9), the plain half: quick reactions from the fixed list
shown beside their seat for a few seconds (on the clock handed in) and said in both languages;
the host's invitation reopened from the table; a rematch at the same table through the table's
control; no pace on a guest's table is the browser test's (tests/browser/test_online_around.py).

The pages are played in memory as ``tests/test_online_lobby_ui.py`` plays them (``Pages``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rommi.actions import NEXT_DEAL
from rommi.bots import make_bot
from test_online_lobby_ui import Pages
from ui.commands.acts import Act, Target
from ui.commands.lobby import guest_reactions
from ui.commands.table import handle
from ui.online import reactions
from ui.online.messages import REACTIONS
from ui.play import play
from ui.screen import Screen
from ui.words.i18n import set_language, t


@pytest.fixture(autouse=True)
def english() -> Any:
    set_language("en")
    yield
    set_language("en")


def seated(players: int = 3) -> tuple[Pages, Screen]:
    """A host (Aino, seat 0) and Liisa at seat 1, the game started."""
    pages = Pages(players=players)
    liisa = pages.guest("peer-a")
    pages.deliver()
    handle(liisa, Target(Act.TAKE_SEAT, index=1, form={"name": "Liisa"}))
    pages.deliver()
    handle(pages.host, Target(Act.START_ONLINE))
    pages.deliver()
    assert pages.host.app is not None and liisa.online.guest.view is not None
    return pages, liisa


def test_a_reaction_is_shown_beside_its_seat_for_a_few_seconds_on_the_clock_handed_in() -> None:
    shown: reactions.Shown = {}
    assert reactions.show(shown, 2, "nice", 100.0)
    assert reactions.current(shown, 100.0) == {2: "Nice!"}
    assert reactions.current(shown, 100.0 + reactions.SHOW_FOR - 0.01) == {2: "Nice!"}
    assert not reactions.expire(shown, 100.0 + reactions.SHOW_FOR - 0.01)
    assert reactions.show(shown, 2, "oops", 101.0)  # a newer one replaces the seat's last
    assert reactions.current(shown, 104.5) == {2: "Oops"}
    assert reactions.expire(shown, 101.0 + reactions.SHOW_FOR) and shown == {}
    assert not reactions.show(shown, 1, "<b>hi</b>", 100.0) and shown == {}  # only the fixed list


def test_every_reaction_is_worded_in_both_languages_and_said_with_the_name() -> None:
    for lang in ("en", "fi"):
        set_language(lang)
        worded = [reactions.words(code) for code in REACTIONS]
        assert all(worded) and len(set(worded)) == len(REACTIONS)
        assert not any(w.startswith("online.") for w in worded)
    set_language("fi")
    assert reactions.said("Liisa", "well_played") == "Liisa: Hyvin pelattu"
    set_language("en")
    assert reactions.said("Liisa", "well_played") == "Liisa: Well played"


def test_the_hosts_reaction_goes_to_every_guest_and_shows_beside_the_hosts_seat_on_both() -> None:
    pages, liisa = seated()
    fx = handle(pages.host, Target(Act.REACT, value="thinking"))
    assert fx.announce == "Aino: Let me think…"
    assert fx.focus == "#react-menu > summary"
    assert set(pages.host.online.reactions) == {0} and pages.host.online.reacted == 1
    sent = [json.loads(text) for _, text in pages.host.online.outbox]
    assert [(m["t"], m["seat"], m["code"]) for m in sent] == [("reaction", 0, "thinking")]
    pages.deliver()
    assert guest_reactions(liisa.online, 50.0) == "Aino: Let me think…"
    assert reactions.current(liisa.online.reactions, 50.0) == {0: "Let me think…"}
    assert reactions.current(liisa.online.reactions, 50.0 + reactions.SHOW_FOR) == {}
    assert guest_reactions(liisa.online, 51.0) is None  # each said once


def test_a_guests_reaction_goes_through_the_host_to_everyone_the_guest_included() -> None:
    pages, liisa = seated()
    fx = handle(liisa, Target(Act.REACT, value="well_played"))
    assert fx.online == "send" and liisa.online.reactions == {}  # shown when the host passes it on
    [(_, text)] = liisa.online.outbox
    assert json.loads(text) == {"v": 1, "t": "react", "code": "well_played"}
    pages.deliver()
    assert set(pages.host.online.reactions) == {1}
    assert guest_reactions(liisa.online, 10.0) == "Liisa: Well played"
    assert set(liisa.online.reactions) == {1}


def test_a_reaction_not_on_the_list_or_before_the_game_changes_nothing() -> None:
    pages, liisa = seated()
    handle(pages.host, Target(Act.REACT, value="insult"))
    assert pages.host.online.outbox == [] and pages.host.online.reactions == {}
    handle(liisa, Target(Act.REACT, value="insult"))  # the host refuses it: nothing shown anywhere
    pages.deliver()
    assert pages.host.online.reactions == {} and liisa.online.guest.reactions == []
    lobby = Pages()
    handle(lobby.host, Target(Act.REACT, value="nice"))  # the lobby: no game to react to yet
    assert lobby.host.online.outbox == [] and lobby.host.online.reacted == 0


def test_the_host_reopens_the_invitation_from_the_table_and_goes_back() -> None:
    pages, liisa = seated()
    assert pages.host.screen == "table"
    fx = handle(pages.host, Target(Act.INVITE_AGAIN))
    assert pages.host.screen == "lobby" and fx.focus == "#lobby #invite-link"
    assert pages.host.online.link.split("#")[1].startswith("table=")
    handle(pages.host, Target(Act.CONTINUE))
    assert pages.host.screen == "table"
    liisa.screen = "table"
    assert handle(liisa, Target(Act.INVITE_AGAIN)).redraw is False  # a guest has no invitation to show
    assert liisa.screen == "table"


def test_a_rematch_at_the_same_table_deals_a_new_fair_match_that_the_guest_follows() -> None:
    pages, liisa = seated(players=3)
    first = pages.host.app
    assert first is not None
    handle(pages.host, Target(Act.REMATCH))  # not while the match is on: said, nothing changes
    assert pages.host.online.error is not None and pages.host.online.error[0] == "online.started"
    assert pages.host.app is first
    pages.host.online.error = None
    while not first.view()["over"]:  # a quick end: computer players play every seat from here
        for seat in (0, 1):
            first.seats[seat] = type(first.seats[2]).computer(first.seats[seat].name, "easy")
        first.bots = [make_bot("easy", s) for s in range(3)]
        while first.seat_to_act() is not None:
            first.bot_step()
        if not first.view()["over"]:
            play(pages.host, 0, NEXT_DEAL)
    pages.host.sheet_open = True
    guest = liisa.online.guest
    assert guest.matches == 1
    handle(pages.host, Target(Act.REMATCH))
    assert not pages.host.sheet_open
    pages.deliver()  # Liisa's device commits and reveals by itself
    second = pages.host.app
    assert second is not None and second is not first and second.seed != first.seed
    assert [s.name for s in second.seats] == [s.name for s in first.seats]
    assert [s.played_by for s in second.seats] == ["here", "elsewhere", "computer"]
    assert guest.matches == 2 and guest.view is not None and guest.view["seat"] == 1
    assert guest.view["history"] == second.game.view(1)["history"]
    assert t("online.rematch") == "Play again at this table"
