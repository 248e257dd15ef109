"""The online table's lobby, its plain half (issue 41 point 1): the invitation link, read
strictly; the lobby's controls (``ui.commands.lobby``) for the host and for a guest; the
hosted game's own save beside the solo game's; the lobby's words and QR picture.

Two pages are played in memory: each ``Screen`` gets its clicks through ``ui.commands.table.handle``
as on the page, and the texts each leaves in its outbox are handed to the other side as the
browser half (``browser.session``) does.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rommi.errors import Refused
from ui.commands.acts import Act, Target
from ui.commands.lobby import join
from ui.commands.table import handle
from ui.model.invite import (
    Online,
    invitation,
    is_invitation,
    qr_image,
    qr_path,
    read_invitation,
    status_words,
)
from ui.online import messages
from ui.online.guest import Guest
from ui.records.stores import GAME, ONLINE, SEAT_TOKENS
from ui.screen import Screen
from ui.words.i18n import set_language, t

ROOM, SECRET = "0123456789abcdef" * 2, "fedcba9876543210" * 2
ADDRESS = "https://example.org/rommi/?relay=ws%3A%2F%2F127.0.0.1%3A7447"
RELAY = "ws://127.0.0.1:7447"


@pytest.fixture(autouse=True)
def english() -> Any:
    set_language("en")
    yield
    set_language("en")


def host_screen(players: int = 4) -> Screen:
    screen = Screen(address=ADDRESS, build="b1", relays=[RELAY])
    screen.form.name = "Aino"
    screen.form.variant = "contract"
    screen.form.players[screen.form.variant] = players
    return screen


def test_an_invitation_holds_the_room_and_secret_in_the_fragment_and_reads_back() -> None:
    link = invitation(ADDRESS, ROOM, SECRET, [RELAY])
    base, fragment = link.split("#")
    assert base == ADDRESS  # nothing of the table before the fragment: no web server learns it
    assert fragment == f"table={ROOM}.{SECRET}&relay=ws%3A%2F%2F127.0.0.1%3A7447"
    table = read_invitation("#" + fragment)
    assert (table.room, table.secret, table.relays) == (ROOM, SECRET, [RELAY])
    assert read_invitation(f"#table={ROOM}.{SECRET}").relays == []
    assert is_invitation("#table=x") and not is_invitation("#replay=1")


@pytest.mark.parametrize(
    "fragment",
    [
        f"#table={ROOM}",  # cut short
        f"#table={ROOM}.{SECRET[:-1]}",
        f"#table={ROOM.upper()}.{SECRET}",
        f"#table={ROOM}.{SECRET}x",
        f"#table={ROOM}.{SECRET}&relay=wss%3A%2F%2Fevil.example",  # a relay this page cannot use
        f"#table={ROOM}.{SECRET}&relay=ws%3A%2F%2F10.0.0.1%3A7447",
        f"#table={ROOM}.{SECRET}&other=1",
        "#table=",
    ],
)
def test_an_invitation_that_is_not_whole_is_refused_with_a_translated_note(fragment: str) -> None:
    with pytest.raises(Refused) as caught:
        read_invitation(fragment)
    assert caught.value.key == "link.table_bad"
    assert t("link.table_bad") != "link.table_bad"
    set_language("fi")
    assert "kutsulinkki" in t("link.table_bad").lower()


def test_play_with_friends_online_opens_the_lobby_with_the_game_chosen_in_the_form() -> None:
    screen = host_screen()
    fx = handle(screen, Target(Act.ONLINE, form={"variant": "basic", "players-basic": "3"}))
    assert screen.screen == "lobby" and screen.online is None
    assert fx.forget and fx.online is None  # nothing is opened yet: no network until a table is created
    assert screen.form.variant == "basic"


def test_create_a_table_makes_this_device_the_host_with_an_invitation() -> None:
    screen = host_screen(players=5)
    handle(screen, Target(Act.ONLINE))
    fx = handle(screen, Target(Act.CREATE_TABLE))
    online = screen.online
    assert isinstance(online, Online) and online.role == "host"
    assert fx.online == "open"
    assert online.link.startswith(ADDRESS + "#table=")
    table = read_invitation(online.link[online.link.index("#") :])
    assert (table.room, table.secret, table.relays) == (online.room, online.secret, [RELAY])
    assert len(online.room) == 32 and online.room != online.secret
    seats = online.seats()
    assert [s["kind"] for s in seats] == ["host", "empty", "empty", "empty", "empty"]
    assert seats[0]["name"] == "Aino"
    assert status_words(online) == t("online.status.connecting")
    online.status = "open"
    assert status_words(online) == t("online.status.open.host")
    assert handle(screen, Target(Act.CREATE_TABLE)).redraw is False  # one table at a time


def test_house_rules_that_do_not_go_together_are_said_and_no_table_is_made() -> None:
    screen = host_screen()
    screen.form.contract["jokers"] = 99
    handle(screen, Target(Act.CREATE_TABLE))
    assert screen.online is None and screen.screen == "setup"
    assert screen.setup_error is not None


class Pages:
    """A host's page and guests' pages in memory, joined as ``browser.session`` joins them."""

    def __init__(self, players: int = 4) -> None:
        self.host = host_screen(players)
        handle(self.host, Target(Act.CREATE_TABLE))
        self.host.online.status = "open"
        link = self.host.online.link
        self.table = read_invitation(link[link.index("#") :])
        self.guests: dict[str, Screen] = {}

    def guest(self, peer: str, build: str = "b1") -> Screen:
        screen = Screen(address=ADDRESS, build=build)
        fx = join(screen, self.table, "Player", None)
        assert fx.online == "open" and screen.screen == "lobby"
        self.guests[peer] = screen
        self.host.online.host.joined(peer)
        self.to_host(peer, [screen.online.guest.hello()])
        return screen

    def to_host(self, peer: str, texts: list[str]) -> None:
        from ui.commands.lobby import carry

        for text in texts:
            carry(self.host, self.host.online.host.receive(peer, text, 0.0))
        self.deliver()

    def deliver(self) -> None:
        """The host's outbox to its guests, their answers back, until nothing is left."""
        while self.host.online.outbox or any(g.online.outbox for g in self.guests.values()):
            waiting, self.host.online.outbox = self.host.online.outbox, []
            for peer, text in waiting:
                guest = self.guests[peer].online.guest
                answers = guest.receive(text)
                if guest.lobby is not None:
                    self.guests[peer].online.status = "open"
                self.guests[peer].online.outbox += [(None, a) for a in answers]
            for peer, screen in self.guests.items():
                texts, screen.online.outbox = [text for _, text in screen.online.outbox], []
                from ui.commands.lobby import carry

                for text in texts:
                    carry(self.host, self.host.online.host.receive(peer, text, 0.0))


def test_a_guest_types_a_name_takes_a_seat_and_the_host_sees_it() -> None:
    pages = Pages()
    liisa = pages.guest("peer-a")
    pages.deliver()
    online = liisa.online
    assert status_words(online) == t("online.status.open.guest")
    assert [s["kind"] for s in online.seats()] == ["host", "empty", "empty", "empty"]
    handle(liisa, Target(Act.TAKE_SEAT, index=2, form={"name": "  Liisa  "}))
    sent = [json.loads(text) for _, text in online.outbox]
    assert [m["t"] for m in sent] == ["hello", "sit"] and sent[0]["name"] == "Liisa"
    pages.deliver()
    assert online.you() == 2 and online.guest.token is not None
    assert status_words(online) == t("online.status.seated", seat=3)
    host_seats = pages.host.online.seats()
    assert host_seats[2] == {"name": "Liisa", "kind": "person", "away": False, "stand_in": False}
    assert online.seats() == host_seats  # the guest sees what the host sees


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "Li\u0000sa"])
def test_a_name_that_cannot_be_shown_is_refused_in_words_and_nothing_is_sent(name: str) -> None:
    pages = Pages()
    liisa = pages.guest("peer-a")
    pages.deliver()
    handle(liisa, Target(Act.TAKE_SEAT, index=1, form={"name": name}))
    assert liisa.online.outbox == []
    assert liisa.online.error is not None and liisa.online.error[0] == "online.bad_name"
    assert pages.host.online.seats()[1]["kind"] == "empty"


def test_a_name_taken_at_the_table_is_refused_by_the_host_and_said_to_that_guest() -> None:
    pages = Pages()
    pages.guest("peer-a")
    pekka = pages.guest("peer-b")
    pages.deliver()
    handle(pekka, Target(Act.TAKE_SEAT, index=1, form={"name": "aino"}))  # the host's, in other case
    pages.deliver()
    assert pekka.online.guest.refused["key"] == "online.name_taken"
    assert pages.host.online.seats()[1]["kind"] == "empty"


def test_the_host_gives_an_empty_seat_to_a_computer_player_and_frees_it_again() -> None:
    pages = Pages()
    liisa = pages.guest("peer-a")
    pages.deliver()
    handle(pages.host, Target(Act.SEAT_COMPUTER, index=3))
    pages.deliver()
    assert pages.host.online.seats()[3]["kind"] == "computer"
    assert liisa.online.seats()[3]["kind"] == "computer"  # told to every guest
    handle(pages.host, Target(Act.SEAT_COMPUTER, index=0))  # the host's own seat: refused in words
    assert pages.host.online.error is not None and pages.host.online.error[0] == "online.seat_taken"
    handle(pages.host, Target(Act.SEAT_FREE, index=3))
    pages.deliver()
    assert liisa.online.seats()[3]["kind"] == "empty"


def test_start_the_game_gives_empty_seats_to_computers_deals_and_each_guest_gets_its_table() -> None:
    pages = Pages(players=4)
    liisa = pages.guest("peer-a")
    pages.deliver()
    handle(liisa, Target(Act.TAKE_SEAT, index=1, form={"name": "Liisa"}))
    pages.deliver()
    handle(pages.host, Target(Act.START_ONLINE))
    assert pages.host.screen == "lobby"  # the seed's round first: the guest's value is awaited
    assert status_words(pages.host.online) == t("online.status.dealing")
    pages.deliver()
    app = pages.host.app
    assert app is not None and pages.host.screen == "table"
    assert [s.played_by for s in app.seats] == ["here", "elsewhere", "computer", "computer"]
    guest = liisa.online.guest
    assert guest.view is not None and guest.view["seat"] == 1
    from ui.online.remote import guest_app

    table = guest_app(guest.view, guest.legal, guest.lobby, guest.waiting)
    assert table.remote and table.drawn_for == 1
    assert handle(liisa, Target(Act.TAKE_SEAT, index=2, form={"name": "Liisa"})).online == "send"
    pages.deliver()
    assert liisa.online.guest.refused["key"] in ("online.started", "online.seated")


def test_a_guest_of_another_build_is_told_to_reload() -> None:
    pages = Pages()
    other = pages.guest("peer-x", build="b2")
    pages.deliver()
    assert other.online.guest.bye == "build"
    other.online.status = "bye"
    assert status_words(other.online) == t("online.bye.build")
    assert "Reload" in status_words(other.online)


def test_a_guest_who_comes_back_with_its_token_gets_its_seat() -> None:
    pages = Pages()
    liisa = pages.guest("peer-a")
    pages.deliver()
    handle(liisa, Target(Act.TAKE_SEAT, index=1, form={"name": "Liisa"}))
    pages.deliver()
    token = liisa.online.guest.token
    pages.host.online.host.left("peer-a", 1.0)
    again = Screen(address=ADDRESS, build="b1")
    join(again, pages.table, "Player", token)
    pages.guests["peer-a2"] = again
    pages.host.online.host.joined("peer-a2")
    pages.to_host("peer-a2", [again.online.guest.hello()])
    assert again.online.you() == 1


def test_while_hosting_the_hosted_game_has_its_own_save_and_it_opens_the_same_table_again() -> None:
    from ui.online import hostsave

    pages = Pages(players=3)
    handle(pages.host, Target(Act.START_ONLINE))  # no guest: computers at both free seats, dealt now
    host = pages.host
    assert host.app is not None and host.screen == "table"
    data = ONLINE.write(host)
    assert data["table"] == {"room": host.online.room, "secret": host.online.secret, "relays": [RELAY]}
    again = Screen(address=ADDRESS, build="b1")
    restored = hostsave.restore(json.loads(json.dumps(data["host"])), again, "b1", 5.0, lambda n: "0" * 2 * n)
    assert restored.started and again.app is not None
    assert again.app.view() == host.app.view()
    assert ONLINE.key != GAME.key and SEAT_TOKENS.key not in (GAME.key, ONLINE.key)
    assert ONLINE.write(Screen()) is None  # no table: nothing


def test_leaving_the_table_says_goodbye_to_every_guest_and_gives_back_the_game_kept_before() -> None:
    pages = Pages()
    solo = object()
    pages.host.online.solo = solo
    pages.guest("peer-a")
    pages.deliver()
    fx = handle(pages.host, Target(Act.LEAVE_TABLE))
    assert fx.online == "leave" and pages.host.screen == "setup" and pages.host.app is solo
    assert [json.loads(text)["t"] for _, text in pages.host.online.outbox] == ["bye"]


def test_the_qr_code_is_drawn_from_its_modules_alone() -> None:
    assert qr_path(["101", "111"]) == "M0 0h1v1h-1zM2 0h1v1h-1zM0 1h3v1h-3z"
    image = qr_image(["101", "010"])
    assert image.startswith("data:image/svg+xml,") and "%3Cpath" in image
    with pytest.raises(ValueError):
        qr_image(["10<script>"])


def test_the_lobby_words_exist_in_both_languages() -> None:
    names = ["online.play", "online.create", "online.invite", "online.copy", "online.take_seat"]
    names.append("online.start")
    english = [t(k) for k in names]
    assert english == [
        "Play with friends online",
        "Create a table",
        "Invitation link",
        "Copy",
        "Take this seat",
        "Start the game",
    ]
    set_language("fi")
    assert all(t(k) != k and t(k) not in english for k in names)
    assert messages.MAX_NAME == 24
    assert isinstance(Guest("b", "x").hello(), str)


def test_a_new_game_at_this_device_leaves_the_online_table_first_and_tells_the_guests() -> None:
    pages = Pages(players=3)
    pages.guest("peer-a")
    pages.deliver()
    handle(pages.host, Target(Act.SEAT_COMPUTER, index=1))
    handle(pages.host, Target(Act.START_ONLINE))
    pages.deliver()
    hosted = pages.host.app
    assert hosted is not None and pages.host.online.host.started
    assert status_words(pages.host.online) == t("online.status.playing")
    fx = handle(pages.host, Target(Act.START, form={}))
    assert fx.online == "leave" and fx.new_game
    assert pages.host.app is not hosted and pages.host.app is not None
    assert [s.played_by for s in pages.host.app.seats] == ["here", "computer", "computer"]
    assert [json.loads(text)["t"] for _, text in pages.host.online.outbox] == ["bye"]
