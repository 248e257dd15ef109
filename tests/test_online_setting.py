"""The one setting for playing online (``ui.model.relays``) and the address's ``relay=``: which
relays a page may choose, the ICE servers it asks, and the policy the build writes from it."""

from __future__ import annotations

import pytest
from tools.build import build

from ui.model import relays
from ui.model.query import read_query
from ui.words import text_en, text_fi


def test_relay_in_the_address_chooses_built_in_and_loopback_relays_in_order_each_once() -> None:
    q = read_query(
        f"?relay={relays.RELAYS[1]}&relay=ws://127.0.0.1:7447/&relay=ws%3A%2F%2Flocalhost%3A9000"
        f"&relay={relays.RELAYS[1]}&relay=ws://127.0.0.1:7447"
    )
    assert q.relays == [relays.RELAYS[1], "ws://127.0.0.1:7447", "ws://localhost:9000"]
    assert q.notes == []
    assert read_query("?seed=3").relays == []


@pytest.mark.parametrize(
    "value",
    [
        "wss://relay.example.org",  # not built in: the page's policy would refuse it anyway
        "ws://192.168.1.5:7447",  # another machine, unencrypted
        "ws://127.0.0.1",  # no port
        "ws://127.0.0.1:0",
        "ws://127.0.0.1:70000",
        "ws://localhost:7447/path",
        "wss://127.0.0.1:7447",
        "http://localhost:7447",
        "ws://localhost.evil.example:7447",
        "",
        relays.RELAYS[0] + " ",
    ],
)
def test_any_other_relay_is_a_translated_note_and_chooses_nothing(value: str) -> None:
    from urllib.parse import quote

    q = read_query("?lang=fi&relay=" + quote(value, safe=""))
    assert q.relays == [] and q.lang == "fi"
    assert q.notes == [("setup.relay_note", {"value": value[:20] + ("…" if len(value) > 20 else "")})]
    for catalog in (text_en.TEXT, text_fi.TEXT):
        said = catalog["setup.relay_note"].format(value="wss://relay.example")
        assert "wss://relay.example" in said and "ws://127.0.0.1:" in said


def test_more_relays_than_a_table_uses_are_noted() -> None:
    many = [f"ws://127.0.0.1:{7000 + i}" for i in range(relays.MOST_RELAYS + 2)]
    q = read_query("?" + "&".join(f"relay={r}" for r in many))
    assert q.relays == many[: relays.MOST_RELAYS]
    assert [params["value"] for _, params in q.notes] == many[relays.MOST_RELAYS :]


def test_an_invitation_carries_the_chosen_relays_and_reads_back_the_same() -> None:
    chosen = ["ws://localhost:7447", relays.RELAYS[2]]
    assert read_query("?" + relays.address_part(chosen)).relays == chosen
    assert relays.address_part([]) == ""
    assert relays.relays_for([]) == list(relays.RELAYS) and relays.relays_for(chosen) == chosen


def test_stun_and_turn_are_asked_only_when_a_relay_is_not_on_this_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert relays.ice_servers(["ws://127.0.0.1:7447", "ws://localhost:7448"]) == []
    stun = [{"urls": url} for url in relays.STUN]
    assert relays.ice_servers(list(relays.RELAYS)) == stun
    assert relays.ice_servers(["ws://127.0.0.1:7447", relays.RELAYS[0]]) == stun
    turn = {"urls": "turn:turn.example.org:3478", "username": "rommi", "credential": "secret"}
    monkeypatch.setattr(relays, "TURN", turn)
    assert relays.ice_servers([relays.RELAYS[0]]) == [*stun, turn]
    assert relays.ice_servers(["ws://127.0.0.1:7447"]) == []


def test_the_build_writes_the_relays_into_the_policy_and_refuses_one_it_cannot_write(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = "<meta content=\"default-src 'self'; connect-src 'self'; object-src 'none'\">"
    written = build.with_relays(page)
    sources = " ".join([*relays.RELAYS, "ws://127.0.0.1:*", "ws://localhost:*"])
    assert f"connect-src 'self' {sources}; object-src" in written
    with pytest.raises(SystemExit):
        build.with_relays("<meta content=\"default-src 'self'\">")  # no connect-src to widen
    monkeypatch.setattr(relays, "RELAYS", ("wss://nos.lol; script-src *",))
    with pytest.raises(ValueError, match="not a wss:// relay address"):
        relays.connect_sources()
    monkeypatch.setattr(relays, "RELAYS", ("ws://relay.example.org",))
    with pytest.raises(ValueError):
        relays.connect_sources()
