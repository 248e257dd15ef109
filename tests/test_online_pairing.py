"""Same room, no Internet (issue 41 point 10), the plain half: the pairing codes carried by the
host's link (``#pair=<offer>``) and the guest's link back (``#answer=<answer>``) are read
strictly, bounded before anything else, each bad one refused with a translated note that
changes nothing; "Same room, no Internet" hosts a table with no relay, and "Connect" hands
only a checked answer to the browser half.
"""

from __future__ import annotations

from typing import Any

import pytest

from rommi.errors import Refused
from ui.commands.acts import Act, Target
from ui.commands.table import handle
from ui.model.invite import status_words
from ui.online.pairing import MOST, answer_code, link, offer_code, read_code, room_of
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
