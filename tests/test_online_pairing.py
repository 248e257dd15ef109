"""Same room, no Internet (issue 41 point 10), the plain half: the pairing codes carried by the
host's link (``#pair=<offer>``) and the guest's link back (``#answer=<answer>``) are read
strictly, bounded before anything else, each bad one refused with a translated note that
changes nothing; "Same room, no Internet" hosts a table with no relay, and "Connect" hands
only a checked answer to the browser half.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rommi.errors import Refused
from ui.commands.acts import Act, Target
from ui.commands.table import handle
from ui.model.invite import status_words
from ui.online.pairing import (
    MOST,
    answer_code,
    link,
    offer_code,
    offer_link,
    paired_link,
    read_code,
    read_offer,
    read_paired,
    room_of,
)
from ui.screen import Screen
from ui.words import text_en, text_fi
from ui.words.i18n import set_language, t

FP = "q1Xk0_p-" + "Zr3vT9w" * 5  # 43 characters of base64url, as a SHA-256
MDNS = "PyUE4E-JQdOaDAMF6Cwz_w"  # an mDNS name's UUID, as base64url
OFFER = f"1.o.AbC1.abcdefghij+/klmnopqrstuv.{FP}.{MDNS}_53211~192.168.1.20_53212"
ANSWER = f"1.a.XyZ9.0123456789abcdefghijkl.{FP}.AbC1~{MDNS}_40000"
ADDRESS = "https://example.org/rommi/"


@pytest.fixture(autouse=True)
def english() -> Any:
    set_language("en")
    yield
    set_language("en")


def test_an_offer_and_an_answer_read_back_field_by_field() -> None:
    offer = read_code(OFFER, "o")
    assert (offer.kind, offer.ufrag, offer.pwd, offer.fingerprint) == (
        "o",
        "AbC1",
        "abcdefghij+/klmnopqrstuv",
        FP,
    )
    assert offer.candidates == [f"{MDNS}_53211", "192.168.1.20_53212"]
    answer = read_code(ANSWER, "a")
    assert (answer.to, answer.candidates) == ("AbC1", [f"{MDNS}_40000"])
    assert len(OFFER) < 140  # about 130 characters: a small QR code


def test_links_carry_the_code_in_the_fragment_and_give_it_back() -> None:
    offer_link = link(ADDRESS + "#old", "#pair=", OFFER)
    assert offer_link == f"{ADDRESS}#pair={OFFER}"
    assert offer_code(offer_link[len(ADDRESS) :]) == OFFER
    # What the host pastes: the guest's whole link, or the code alone, spaces around let go.
    assert answer_code(f"  {link(ADDRESS, '#answer=', ANSWER)}\n") == ANSWER
    assert answer_code(ANSWER) == ANSWER


@pytest.mark.parametrize(
    ("text", "kind", "key"),
    [
        ("", "o", "link.pair_bad"),
        ("hello", "o", "link.pair_bad"),
        (OFFER[:60], "o", "link.pair_bad"),  # cut short, inside the fingerprint
        (OFFER.replace("1.o.", "2.o.", 1), "o", "link.pair_bad"),  # another version
        (OFFER.replace(FP, FP[:-1]), "o", "link.pair_bad"),  # a fingerprint cut short
        (OFFER.replace("AbC1", "A<b>"), "o", "link.pair_bad"),  # markup where the ICE user goes
        (OFFER.replace("_53211", "_70000"), "o", "link.pair_bad"),  # no such port
        (OFFER.replace("192.168.1.20", "192.168.1.300"), "o", "link.pair_bad"),  # no such address
        (OFFER.replace("192.168.1.20", "evil.example.org"), "o", "link.pair_bad"),  # a name: not carried
        (f"1.o.AbC1.abcdefghijklmnopqrstuv.{FP}.", "o", "link.pair_bad"),  # no address at all
        (OFFER + f"~{MDNS}_1~{MDNS}_2~{MDNS}_3", "o", "link.pair_bad"),  # five addresses: too many
        (OFFER + "x" * MOST, "o", "link.pair_bad"),  # too long: refused before it is read
        (ANSWER, "o", "link.pair_not_offer"),  # an answer opened as a host's link
        (OFFER, "a", "link.pair_not_answer"),  # the host's link pasted as an answer
        (f"1.a.XyZ9.0123456789abcdefghijkl.{FP}.{MDNS}_40000", "a", "link.pair_bad"),  # answers no offer
    ],
)
def test_a_bad_code_is_refused_with_a_translated_key(text: str, kind: str, key: str) -> None:
    with pytest.raises(Refused) as refused:
        read_code(text, kind)
    assert refused.value.key == key
    assert key in text_en.TEXT and key in text_fi.TEXT


def test_pasted_links_the_wrong_way_round_are_said_so() -> None:
    with pytest.raises(Refused) as refused:
        answer_code(link(ADDRESS, "#pair=", OFFER))
    assert refused.value.key == "link.pair_not_answer"
    with pytest.raises(Refused) as refused:
        offer_code("#answer=" + ANSWER)
    assert refused.value.key == "link.pair_bad"
    with pytest.raises(Refused) as refused:
        answer_code("x" * 10_000)  # bounded before anything is searched
    assert refused.value.key == "link.pair_bad"


def test_the_room_of_a_pairing_is_the_same_for_the_same_offer() -> None:
    room = room_of(OFFER)
    assert len(room) == 32 and int(room, 16) >= 0
    assert room_of(OFFER) == room and room_of(OFFER.replace(FP, FP[::-1])) != room


def host_screen() -> Screen:
    screen = Screen(address=ADDRESS, build="b1", relays=[])
    screen.form.name = "Aino"
    screen.form.variant = "contract"
    return screen


def test_same_room_hosts_a_table_with_no_relay_and_connect_takes_only_a_checked_answer() -> None:
    screen = host_screen()
    fx = handle(screen, Target(Act.PAIR_TABLE))
    online = screen.online
    assert online is not None and online.role == "host" and online.pairing == "host"
    assert (fx.online, online.relays, online.link) == ("open", [], "")
    online.status = "open"  # as the browser half sets it once its end of the pairing is made
    assert status_words(online) == t("online.status.pairing.host")
    # A bad paste: said, in the lobby, and nothing goes to the browser half.
    fx = handle(screen, Target(Act.PAIR_CONNECT, form={"answer": OFFER}))
    assert fx.online != "pair" and online.answer == ""
    assert online.error == ("link.pair_not_answer", {})
    set_language("fi")
    assert t(*online.error[:1]) == text_fi.TEXT["link.pair_not_answer"]
    set_language("en")
    # A good one: handed on, the note gone.
    fx = handle(screen, Target(Act.PAIR_CONNECT, form={"answer": link(ADDRESS, "#answer=", ANSWER)}))
    assert (fx.online, online.answer, online.error) == ("pair", ANSWER, None)


def test_connect_at_a_relay_table_changes_nothing() -> None:
    screen = host_screen()
    screen.relays = ["ws://127.0.0.1:7447"]
    handle(screen, Target(Act.CREATE_TABLE))
    fx = handle(screen, Target(Act.PAIR_CONNECT, form={"answer": ANSWER}))
    assert fx.online is None and screen.online.answer == "" and screen.online.pairing is None


def test_a_paired_tables_save_says_so_and_a_relay_tables_does_not() -> None:
    """After a reload the host's page opens a paired table with no relay (``browser.session.resume``
    reads this), its guests paired again; a relay table's save is as it was."""
    from ui.records.stores import ONLINE

    paired = host_screen()
    handle(paired, Target(Act.PAIR_TABLE))
    assert ONLINE.write(paired)["table"]["paired"] is True
    relayed = host_screen()
    relayed.relays = ["ws://127.0.0.1:7447"]
    handle(relayed, Target(Act.CREATE_TABLE))
    assert "paired" not in ONLINE.write(relayed)["table"]


# ------------------------------------------------------------------ pairing again (issue 41 gap 2)
ROOM = "0123456789abcdef" * 2


def test_a_pairing_link_names_its_table_so_a_later_link_finds_the_same_seat_token() -> None:
    made = offer_link(ADDRESS + "#old", OFFER, ROOM)
    assert made == f"{ADDRESS}#pair={OFFER}&table={ROOM}"
    assert read_offer(made[len(ADDRESS) :]) == (OFFER, ROOM)
    assert read_offer(f"#pair={OFFER}") == (OFFER, None)  # a link made before links named their table
    assert len(made) - len(ADDRESS) < 200  # still a small QR code
    for bad in (
        f"#pair={OFFER}&table=xyz",
        f"#pair={OFFER}&table={ROOM}0",
        f"#pair={OFFER}&table={ROOM.upper()}",
    ):
        with pytest.raises(Refused) as refused:
            read_offer(bad)
        assert refused.value.key == "link.pair_bad"
    # A seated guest's address: its link is spent; a reload says which table.
    spent = paired_link(made, ROOM)
    assert spent == f"{ADDRESS}#paired={ROOM}" and read_paired(spent[len(ADDRESS) :]) == ROOM
    for bad in ("#paired=", "#paired=" + ROOM[:-1], "#paired=" + ROOM + "&x", "#pair=" + ROOM):
        with pytest.raises(Refused):
            read_paired(bad)
    assert "link.pair_used" in text_en.TEXT and "link.pair_used" in text_fi.TEXT


def paired_table() -> tuple[Any, Any, Any]:
    """A paired host mid-deal (Liisa at seat 1, Pekka at seat 2, a computer at 3), both friends
    away (their pages reloaded), and the host's bookkeeping of pairings made for a seat."""
    from online_table import Table

    table = Table(41)
    liisa = table.join("guest-1", "Liisa", 1)
    pekka = table.join("guest-2", "Pekka", 2)
    table.start("easy")
    for _ in range(6):
        table.guest_moves() or table.host_moves()
    table.deliver(table.host.left("guest-1", table.now))
    table.deliver(table.host.left("guest-2", table.now))
    assert liisa.token and pekka.token and liisa.token != pekka.token
    return table, liisa, pekka


def host_state(host: Any) -> Any:
    app = host.app
    return (
        repr(host.lobby.public()),
        [(p.token, p.peer, p.away_since, p.stand_in) for p in host.lobby.places],
        app.game.view(1),
        app.game.view(2),
        sorted(host.peers),
    )


def test_a_link_made_for_liisas_seat_gives_it_back_only_to_liisas_token() -> None:
    from online_table import BUILD
    from ui.online import messages
    from ui.online.pairing import Pairings, again_offers

    table, liisa, pekka = paired_table()
    host = table.host
    assert again_offers(host) == [1, 2]  # "Pair again with Liisa", "... with Pekka"
    pairings = Pairings()
    before = host_state(host)
    hello = {"v": 1, "t": "hello", "build": BUILD, "name": "Liisa"}
    wrong = [
        dict(hello),  # a browser with no token for this table
        dict(hello, token=pekka.token),  # Pekka's: a seat of its own, but this link is Liisa's
        dict(hello, token="0" * 32),  # no seat's token
        {"v": 1, "t": "sit", "seat": 1},  # not a hello at all
        {"v": 1, "t": "act", "action": {"type": "draw", "player": 1, "source": "stock"}},
        "not json",
    ]
    for i, message in enumerate(wrong):
        peer = f"guest-{10 + i}"
        pairings.made(peer, 1)
        host.joined(peer)
        text = message if isinstance(message, str) else json.dumps(message)
        said = pairings.screen(peer, text, host)
        assert said is not None and messages.read_host(said) == {"v": 1, "t": "bye", "reason": "seat"}, (
            message
        )
        # Whatever it sends next is dropped unread: the host never reads this peer.
        assert pairings.screen(peer, json.dumps(dict(hello, token=liisa.token)), host) == ""
        assert host_state(host)[:4] == before[:4], message  # no seat, token, lobby or hand changed
    assert host.away(table.now)[0][:2] == (1, "Liisa")
    # Liisa's own browser, over her link: her token gets through, and the host gives her seat back
    # with the table as it is now.
    pairings.made("guest-20", 1)
    text = json.dumps(dict(hello, token=liisa.token))
    assert pairings.screen("guest-20", text, host) is None
    back = table.guests.setdefault("guest-20", type(liisa)("guest-20", "Liisa"))
    host.joined("guest-20")
    table.deliver(host.receive("guest-20", text, table.now))
    assert back.seat == 1 and back.token == liisa.token
    view = back.last("view")
    assert view is not None and view["view"] == json.loads(json.dumps(host.app.game.view(1)))
    assert host.lobby.seat_of("guest-20") == 1 and again_offers(host) == [2]
    assert pairings.screen("guest-20", json.dumps({"v": 1, "t": "react", "code": "nice"}), host) is None
    # A link for the next friend binds no seat: the host's own rules decide (a token, its seat).
    pairings.made("guest-21", None)
    assert pairings.screen("guest-21", json.dumps(dict(hello, name="Pekka", token=pekka.token)), host) is None
    pairings.left("guest-10")
    assert "guest-10" not in pairings.refused
    assert "online.bye.seat" in text_en.TEXT and "online.bye.seat" in text_fi.TEXT


def paired_online(table: Any) -> Any:
    from ui.model.invite import Online
    from ui.online.pairing import Pairings

    online = Online(
        "host", ROOM, ROOM, [], "", host=table.host, status="open", pairing="host", pairings=Pairings()
    )
    table.screen.online, table.screen.address = online, ADDRESS
    return online


def test_the_hosts_table_offers_to_pair_again_everyone_away_and_goes_back_once_they_are() -> None:
    from ui.online.away import lines
    from ui.online.pairing import back_from_pairing

    table, liisa, _ = paired_table()
    online = paired_online(table)
    shown = lines(online, table.now + 1)
    assert [(line.text, line.again, line.offer) for line in shown] == [
        ("Waiting for Liisa…", 1, None),
        ("Waiting for Pekka…", 2, None),
    ]
    # After a while the computer's offer too, exactly as at a relay table.
    later = lines(online, table.now + table.host.stand_in_after + 1)
    assert [(line.text, line.again, line.offer) for line in later] == [
        ("Waiting for Liisa…", 1, 1),
        ("Waiting for Pekka…", 2, 2),
    ]
    table.deliver(table.host.stand_in(1, "easy"))  # a computer plays for Liisa: she may still be paired again
    standing = lines(online, table.now + table.host.stand_in_after + 1)[0]
    assert (standing.text, standing.again) == ("The computer plays for Liisa until they are back.", 1)
    screen = table.screen
    fx = handle(screen, Target(Act.PAIR_AGAIN, index=1))
    assert (fx.online, screen.screen, online.pair_for) == ("again", "lobby", 1)
    assert status_words(online) == "Pair Liisa's device again with this link. Their seat is kept."
    online.again_sent = True
    assert status_words(online) == "Connecting Liisa's device…"
    assert back_from_pairing(online) is None  # not back yet: the host stays with her link
    # Nobody away there, or not a paired table: nothing.
    assert handle(screen, Target(Act.PAIR_AGAIN, index=3)).online is None
    assert handle(screen, Target(Act.PAIR_AGAIN, index=0)).online is None
    # Liisa's hello over her new pairing: her seat, and the host's page back at the table.
    table.host.joined("guest-20")
    table.send(
        "guest-20", {"v": 1, "t": "hello", "build": table.host.build, "name": "Liisa", "token": liisa.token}
    )
    assert back_from_pairing(online) == "Liisa is back at the table."
    assert (screen.screen, online.pair_for, online.again_link, online.again_sent) == (
        "table",
        None,
        "",
        False,
    )
    assert [line.again for line in lines(online, table.now + 1)] == [2]
    set_language("fi")
    assert lines(online, table.now + 1)[0].text == "Odotetaan pelaajaa Pekka…"
    assert t("online.pair_again", name="Pekka") == "Parita pelaajan Pekka laite uudelleen"
    set_language("en")
    online.pairing = None  # a relay table: the guests come back by themselves, no link to offer
    assert [line.again for line in lines(online, table.now + 1)] == [None]
    assert handle(screen, Target(Act.PAIR_AGAIN, index=2)).online is None


def test_a_paired_guest_without_its_connection_is_told_to_ask_for_a_new_link() -> None:
    from ui.model.invite import Online
    from ui.online.away import lines
    from ui.online.guest import Guest

    guest = Guest("b1", "Liisa", "a" * 32)
    online = Online("guest", ROOM, ROOM, [], "", guest=guest, status="lost")
    said = (
        "The connection to the host was lost. Ask the host for a new pairing link and open it "
        "on this device. Your seat is kept."
    )
    assert status_words(online) == said  # the lobby of a page reloaded at a paired table
    assert lines(online, 0.0) == []  # no table yet on this page
    guest.lobby = {"seats": [{"name": "Aino", "kind": "host", "away": False, "stand_in": False}], "you": 1}
    guest.view = {"over": False}
    assert [line.text for line in lines(online, 0.0)] == [said]  # on the table, mid-match
    set_language("fi")
    assert status_words(online).startswith("Yhteys pöydän pitäjään katkesi.")
