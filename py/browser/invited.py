"""Where an online table begins in the page: an invitation opened, the host's table after a
reload, and the session after each command (browser half).

``main.py`` calls these; each imports ``browser.session`` (and with it the online code) only
when a table is opened, so a one-person game loads nothing of it and asks no other host.
"""

from __future__ import annotations

from typing import Any

from js import document  # type: ignore[import-not-found]

from browser import page, storage
from browser.dom import by_id
from ui.commands.acts import Act, Effects
from ui.records.replayview import LINK_PREFIX
from ui.records.stores import ONLINE
from ui.screen import Screen


def opened(screen: Screen, fragment: str, relays: list[str]) -> None:
    """The page opened: this build and the address's relays (for a table made later), and an
    invitation in the fragment (as a guest), or else the host's table kept from before a reload."""
    screen.build = str(document.documentElement.getAttribute("data-build") or "dev")
    screen.relays = list(relays)
    if fragment.startswith("#table="):
        join_table(screen, fragment)
    elif fragment.startswith("#pair="):
        join_paired(screen, fragment)
    elif fragment.startswith("#paired="):
        paired_before(screen, fragment)
    elif fragment.startswith("#answer="):
        answer_opened(screen, fragment)
    elif not fragment.startswith(LINK_PREFIX) and storage.get(ONLINE.key) is not None:
        resume_table()


def connect(screen: Screen) -> None:
    """Once the page answers clicks: connect the table opened by ``opened``, if any."""
    if screen.online is not None and screen.online.status != "lost":
        page.run(Effects(online="open", redraw=False))


def join_table(screen: Screen, fragment: str) -> None:
    """An invitation opened: the table's lobby, as a guest (with this browser's seat there, if
    it had one); a link that is not a whole invitation is said, and nothing else changes."""
    from rommi.errors import Refused
    from ui.commands.lobby import join
    from ui.model.invite import read_invitation

    try:
        table = read_invitation(fragment)
    except Refused as e:
        screen.note(e.key)
        return
    from browser.session import tokens

    join(screen, table, screen.settings.display_name(), tokens().get(table.room))


def join_paired(screen: Screen, fragment: str) -> None:
    """A host's pairing link opened (same room, no Internet): the table's lobby as a guest,
    this page's answer link to send back; a link that is not a whole offer is said."""
    from rommi.errors import Refused
    from ui.commands.lobby import join
    from ui.model.invite import Invitation
    from ui.online.pairing import read_offer, room_of

    try:
        code, table = read_offer(fragment)
    except Refused as e:
        screen.note(e.key)
        return
    from browser.session import tokens

    room = table or room_of(code)  # the table's room, where a seat token is kept (older links: the offer's)
    join(screen, Invitation(room, room, []), screen.settings.display_name(), tokens().get(room))
    screen.online.pairing, screen.online.link = code, ""


def paired_before(screen: Screen, fragment: str) -> None:
    """The page of a guest seated at a paired table, reloaded (its address says which table:
    ``browser.session`` wrote it once the pairing link was spent). With no relay only a new
    pairing brings it back: the lobby says to ask the host for a new link, the seat kept; nothing
    connects. Without a seat token for that table, a note says the link was used."""
    from rommi.errors import Refused
    from ui.commands.lobby import join
    from ui.model.invite import Invitation
    from ui.online.pairing import read_paired

    try:
        room = read_paired(fragment)
    except Refused as e:
        screen.note(e.key)
        return
    from browser.session import tokens

    token = tokens().get(room)
    if token is None:
        screen.note("link.pair_used")
        return
    join(screen, Invitation(room, room, []), screen.settings.display_name(), token)
    screen.online.pairing, screen.online.link, screen.online.status = "", "", "lost"
    from browser.pairing import open_new_links

    open_new_links()


def answer_opened(screen: Screen, fragment: str) -> None:
    """A guest's answer link opened on the host's device (its camera read the QR code): handed
    to the host's page open in this browser, as if pasted there; this page says so and opens
    as usual. A link that is not a whole answer is said, and nothing is handed on."""
    from js import BroadcastChannel

    from rommi.errors import Refused
    from ui.online.pairing import ANSWERS, answer_code

    try:
        code = answer_code(fragment)
    except Refused as e:
        screen.note(e.key)
        return
    channel = BroadcastChannel.new(ANSWERS)
    channel.postMessage(code)
    channel.close()
    screen.note("link.pair_answer_sent")


def resume_table() -> None:
    """The host reloaded: its table opens again from the hosted game's own save (the guests
    come back by themselves); a save that cannot be read is set aside as any unreadable record."""
    from browser.session import resume

    resume(storage.get(ONLINE.key))


def online_after(fx: Effects) -> None:
    """After every command while an online table is open: its session (loaded only then)."""
    from browser import session

    session.after(fx)


def typed(act: Act) -> dict[str, Any]:
    """What a control of the online table's lobby carries: the name typed, for "Take this seat";
    the answer pasted, for "Connect"."""
    if act is Act.PAIR_CONNECT:
        answer = by_id("pair-answer")
        return {} if answer is None else {"answer": str(answer.value)}
    field = by_id("online-name") if act is Act.TAKE_SEAT else None
    return {} if field is None else {"name": str(field.value)}
