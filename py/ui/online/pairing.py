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
from dataclasses import dataclass

from rommi.errors import Refused

MOST = 400  # characters of a pasted answer or a link's code: longer is refused unread
MOST_CANDIDATES = 4
OFFER_PREFIX = "#pair="
ANSWER_PREFIX = "#answer="
ANSWERS = "rommi-pairing-answers"  # the channel an answer link opened here goes to the host's page
_ICE = r"[A-Za-z0-9+/]"
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
    """The offer in a pairing link's fragment (``#pair=<offer>``), checked."""
    if not fragment.startswith(OFFER_PREFIX):
        raise Refused("link.pair_bad", "not a pairing link")
    code = fragment[len(OFFER_PREFIX) :]
    read_code(code, "o")
    return code


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
