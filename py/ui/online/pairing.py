"""Same room, no Internet: the pairing links, read strictly (plain Python, standard library only).

With no relay to meet through, two devices on one network pair by hand: the host's page makes
a compact offer for one guest (``js/pair.mjs``: the ICE user and password, the DTLS
fingerprint and the host candidates, about 130 characters) and shows it as a link, and a QR
code, ``#pair=<offer>``; the guest's page opening it makes the answer, shown the same way as
``#answer=<answer>``, which the host pastes ("Paste the answer", then "Connect"). Each
pairing adds one guest; the table goes on as any online table.

What a person pastes or opens is read here before any of it reaches the browser's WebRTC:
bounded (``MOST`` characters, before anything else), then field by field; anything else is
``Refused`` with a ``link.pair_*`` key, translated, and changes nothing.

>>> offer = "1.o.AbC1.abcdefghijklmnopqrstuv." + "A" * 43 + ".PyUE4E-JQdOaDAMF6Cwz_w_5000"
>>> read_code(offer, "o").candidates
['PyUE4E-JQdOaDAMF6Cwz_w_5000']
>>> answer = "1.a.XyZ9.abcdefghijklmnopqrstuv." + "B" * 43 + ".AbC1~10.0.0.2_6000"
>>> answer_code(" https://x.org/rommi/#answer=" + answer + " ") == answer
True
>>> try:
...     answer_code("https://x.org/rommi/#pair=" + offer)
... except Refused as e:
...     print(e.key)
link.pair_not_answer
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rommi.errors import Refused

MOST = 400  # characters of a pasted answer or a link's code: longer is refused unread
MOST_CANDIDATES = 4
OFFER_PREFIX = "#pair="
ANSWER_PREFIX = "#answer="
PAIRED_PREFIX = "#paired="  # a guest's address once seated: its pairing link is spent
TABLE_PART = "&table="  # after the offer in a pairing link: the table's room
ANSWERS = "rommi-pairing-answers"  # the channel an answer link opened here goes to the host's page
_ICE = r"[A-Za-z0-9+/]"
_ROOM = re.compile(r"[0-9a-f]{32}")
_HOST = r"(?:[A-Za-z0-9_-]{22}|(?:\d{1,3}\.){3}\d{1,3})"
_CANDIDATE = re.compile(rf"({_HOST})_(\d{{1,5}})")
_CODE = re.compile(rf"1\.([oa])\.({_ICE}{{4,32}})\.({_ICE}{{22,64}})\.([A-Za-z0-9_-]{{43}})\.(.*)")


@dataclass(frozen=True)
class Code:
    """A pairing code's parts: ``kind`` "o" (an offer) or "a" (an answer), and for an answer
    ``to``, the ICE user of the offer it answers."""

    kind: str
    ufrag: str
    pwd: str
    fingerprint: str
    candidates: list[str]
    to: str = ""


def read_code(text: str, kind: str) -> Code:
    """The code ``text`` if it is a whole code of ``kind`` ("o" or "a"); ``Refused`` otherwise:
    ``link.pair_bad`` (not a pairing code, or cut short), ``link.pair_not_offer``/``link.pair_not_answer``
    (the other half of the pairing: the link was sent the wrong way)."""
    if len(text) > MOST:
        raise Refused("link.pair_bad", "too long")
    found = _CODE.fullmatch(text)
    if found is None:
        raise Refused("link.pair_bad", "not a pairing code")
    if found.group(1) != kind:
        raise Refused("link.pair_not_answer" if kind == "a" else "link.pair_not_offer", "the other half")
    parts = found.group(5).split("~")
    to = parts.pop(0) if kind == "a" else ""
    if kind == "a" and not re.fullmatch(rf"{_ICE}{{4,32}}", to):
        raise Refused("link.pair_bad", "no offer answered")
    if not 1 <= len(parts) <= MOST_CANDIDATES:
        raise Refused("link.pair_bad", "no address, or too many")
    for part in parts:
        candidate = _CANDIDATE.fullmatch(part)
        if candidate is None or not 1 <= int(candidate.group(2)) <= 65535:
            raise Refused("link.pair_bad", "not an address")
        if "." in candidate.group(1) and any(int(n) > 255 for n in candidate.group(1).split(".")):
            raise Refused("link.pair_bad", "not an address")
    return Code(found.group(1), found.group(2), found.group(3), found.group(4), parts, to)


def offer_code(fragment: str) -> str:
    """The offer in a pairing link's fragment (``#pair=<offer>``, and ``&table=<room>``), checked."""
    return read_offer(fragment)[0]


def read_offer(fragment: str) -> tuple[str, str | None]:
    """The offer in a pairing link's fragment and the table's room it names (None: a link made
    before links named their table), both checked."""
    if not fragment.startswith(OFFER_PREFIX):
        raise Refused("link.pair_bad", "not a pairing link")
    code, room = fragment[len(OFFER_PREFIX) :], None
    if TABLE_PART in code:
        code, room = code.split(TABLE_PART, 1)
        if not _ROOM.fullmatch(room):
            raise Refused("link.pair_bad", "not a table")
    read_code(code, "o")
    return code, room


def offer_link(address: str, code: str, room: str) -> str:
    """The host's pairing link: the offer, and the table's room (where each guest's browser keeps
    its seat token, so a link made later for the same seat finds it)."""
    if not _ROOM.fullmatch(room):
        raise ValueError("a room is 32 hex digits")
    return link(address, OFFER_PREFIX, code) + TABLE_PART + room


def paired_link(address: str, room: str) -> str:
    """What a guest's page shows in its address once it sits at a paired table: its offer is
    spent, and a reload of this address says to ask the host for a new link (``read_paired``)."""
    return f"{address.split('#')[0]}{PAIRED_PREFIX}{room}"


def read_paired(fragment: str) -> str:
    """The room of a paired table this page sat at before it was reloaded (``#paired=<room>``)."""
    room = fragment[len(PAIRED_PREFIX) :] if fragment.startswith(PAIRED_PREFIX) else ""
    if not _ROOM.fullmatch(room):
        raise Refused("link.pair_bad", "not a paired table")
    return room


def answer_code(pasted: str) -> str:
    """The answer in what the host pasted: the guest's whole answer link, or the code alone,
    checked (spaces around it are let go: a copied line often carries them)."""
    text = pasted.strip()
    if len(text) > MOST + 400:
        raise Refused("link.pair_bad", "too long")
    if ANSWER_PREFIX in text:
        text = text[text.index(ANSWER_PREFIX) + len(ANSWER_PREFIX) :]
    elif OFFER_PREFIX in text:
        raise Refused("link.pair_not_answer", "the host's own link")
    read_code(text, "a")
    return text


def link(address: str, prefix: str, code: str) -> str:
    """The page's ``address`` (without its fragment) with the code: a link to open or send."""
    return f"{address.split('#')[0]}{prefix}{code}"


def room_of(code: str) -> str:
    """A room name for a paired table (where a guest's seat token is kept): 32 hex digits from
    the offer's fingerprint, so the same pairing keeps the same seat after the guest reloads."""
    import hashlib

    return hashlib.sha256(code.split(".")[4].encode()).hexdigest()[:32]


# ------------------------------------------------------------------ pairing again
@dataclass
class Pairings:
    """The host's pairings made for a seat ("Pair again with Liisa"), by the peer each will be.

    With no relay, a person away (a reload, a lost connection, or everyone after the host's own
    reload) comes back only over a new pairing. The host makes it for their seat; whoever opens
    that link must show that seat's token in their first message (``hello``, as any device
    coming back does). Anything else from that peer (no token, another seat's, another message)
    is the note ``bye("seat")`` ("this link is for someone else's seat"): it reaches the host's
    table not at all, so no seat, token or lobby changes, and the peer's later texts are dropped
    unread (``refused``) until its connection closes. A pairing for the next friend binds no seat
    (``made(peer, None)``): the host's usual rules decide, as at a relay table.
    """

    bound: dict[str, int] = field(default_factory=dict)  # peer -> the seat its link was made for
    refused: set[str] = field(default_factory=set)  # peers told ``bye("seat")``: not read any more

    def made(self, peer: str, seat: int | None) -> None:
        """A pairing was made for ``seat`` (None: the next friend); ``peer`` is who answers it."""
        if seat is None:
            self.bound.pop(peer, None)
        else:
            self.bound[peer] = seat

    def screen(self, peer: str, text: str, host: Any) -> str | None:
        """Before ``host.receive`` reads a peer's ``text``: None to let it through; else the text to
        send that peer instead (the host reads nothing of it), or "" to drop it unread."""
        if peer in self.refused:
            return ""
        seat = self.bound.get(peer)
        if seat is None:
            return None
        from ui.online import messages

        try:
            msg = messages.parse(text)
        except Refused:
            msg = None
        if (
            isinstance(msg, messages.Hello)
            and msg.token is not None
            and host.lobby.by_token(msg.token) == seat
        ):
            del self.bound[peer]  # their own seat: the host gives it back, as after any reload
            return None
        del self.bound[peer]
        self.refused.add(peer)
        return messages.encode(messages.bye("seat"))

    def left(self, peer: str) -> None:
        """The peer's connection closed."""
        self.bound.pop(peer, None)
        self.refused.discard(peer)


def again_offers(host: Any) -> list[int]:
    """The seats the host's table offers "Pair again with Liisa" for: every person away."""
    from ui.online.lobby import Kind

    return [i for i, p in enumerate(host.lobby.places) if p.kind == Kind.PERSON and p.peer is None]


def back_from_pairing(online: Any) -> str | None:
    """After each message at a paired host: once the person the host is pairing again
    (``Online.pair_for``) sits at their seat again, the pairing is done: the host's page goes back
    to the table if a match is on (it was there when it pressed "Pair again with Liisa"); what
    to say. None while they are not back yet."""
    host, seat = online.host, online.pair_for
    if host is None or seat is None or host.lobby.places[seat].peer is None:
        return None
    online.pair_for, online.again_link, online.again_qr, online.again_sent = None, "", None, False
    if host.started and host.screen.screen == "lobby":
        host.screen.screen = "table"
    from ui.words.i18n import t

    return t("online.pair_again_back", name=host.lobby.places[seat].name)
