"""The page's online table: its connection, and the host's or the guest's side wired to it.

Browser only, and imported only once an online table is opened ("Create a table", an
invitation opened, or a hosted game resumed after a reload): a game at one device loads
none of it and asks nothing of another host. The plain half decides everything
(``ui.commands.lobby``, ``ui.online.host.Host``, ``ui.online.guest.Guest``); this module
opens the connection (``browser.online.join``), sends what waits in ``Screen.online``'s
outbox, and hands in what arrives:

- on the host's device, each peer's text goes to ``Host.receive`` and each peer that comes
  or goes to ``Host.joined``/``Host.left``; after every command run on this page (the host's
  own clicks, its computer players' moves) ``Host.moved`` sends each guest its new view, and
  ``Host.tick`` runs every second while a match is played (a buy window's answer time). The
  hosted game is kept in its own save (``ui.records.stores.ONLINE``), never over the solo game's.
- on a guest's device, its ``hello`` goes to each peer that appears (other guests ignore it);
  the first whose text reads as a host's is its host, and from then on only that peer's texts
  are read, by ``Guest.receive`` (or a new peer's that welcomes this device back with its
  token: the host reloaded). The seat token is kept by room (``SEAT_TOKENS``), so a reload
  brings the seat back.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from js import document, performance, window  # type: ignore[import-not-found]
from pyodide.code import run_js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from browser import page, storage
from browser.online import Connection, join
from ui.commands.acts import Effects
from ui.commands.lobby import carry
from ui.model.invite import Online
from ui.model.relays import relays_for
from ui.online import messages
from ui.online.away import came_back, lines, news
from ui.online.host import Counts
from ui.records.stores import ONLINE, SEAT_TOKENS
from ui.words.i18n import t

APP_ID = "rommi-online-v1"  # the tables' namespace on the relays
QR_MODULE = "vendor/uqr.mjs"
MOST_TOKENS = 20  # a guest's seat tokens kept, the newest tables'
COUNT_HOLD_MS = 60  # a buy window's count of answers awaited goes out at most this late (``Counts``)


class Session:
    """What the page keeps of its online table beside ``Screen.online``."""

    def __init__(self) -> None:
        self.connection: Connection | None = None
        self.online: Online | None = None  # the table the connection is for
        self.host_peer: str | None = None  # a guest's host, once it answered
        self.inside = False  # carrying out a reply: ``Host.moved`` is not asked again meanwhile
        self.timer: Any = None
        self.tasks: set[asyncio.Future[None]] = set()
        self.said: Any = None  # the away notice last drawn on the host's table (``ui.online.away.lines``)
        self.answers: Any = None  # a paired host's ear for answer links opened in this browser
        self.counts = Counts()  # a host's counts of buy answers awaited, held a moment (``COUNT_HOLD_MS``)
        self.count_timer: Any = None
        self.count_call: Any = None


current = Session()
MOST_MARKS = 3000  # the stage times kept (``mark``), the newest


def _now() -> float:
    """This machine's clock in ms (as ``Date.now()``, comparable between pages), finer grained."""
    return float(performance.timeOrigin + performance.now())


def mark(stage: str, start: float) -> None:
    """For the online benchmark (``tools/bench/bench_online.py``, read through
    ``window.rommiStatsNow()``): a stage of a move on this page, as ``[start, stage, ms]``."""
    marks = page.current.stats.setdefault("online", [])
    marks.append([round(start, 1), stage, round(_now() - start, 2)])
    del marks[:-MOST_MARKS]


def _later(work: Any) -> None:
    task = asyncio.ensure_future(work)
    current.tasks.add(task)
    task.add_done_callback(current.tasks.discard)


def _screen() -> Any:
    return page.current.screen


def after(fx: Effects) -> None:
    """After every command run on the page while an online table is open (``browser.page.run``):
    do what it asked (open, copy, leave), let the host's guests see its moves, send the outbox."""
    online = _screen().online
    if fx.online == "leave":
        _leave()
        return
    if online is None:
        return
    if fx.online == "open" and current.online is not online:
        _open(online)
    if fx.online == "copy":
        _copy(online)
    if fx.online == "pair" and online.answer:
        _later(_accept(online, online.answer))
        online.answer = ""
    if fx.online == "again" and online.pair_for is not None and current.connection is not None:
        _later(_pair_link(online, online.pair_for))  # "Pair again with Liisa": a link for her seat
    host, guest = online.host, online.guest
    if host is not None and host.started and not current.inside:
        _carry(host.moved(time.time()))
    if guest is not None:  # a guest's moves go to the host, which decides (``ui.play.play``)
        if fx.send:
            mark("guest.send", _now())
        for action in fx.send:
            online.outbox.append(
                (None, guest.take_back() if action.get("undo") is True else guest.act(action))
            )
    flush()
    if host is not None and (fx.online == "open" or (fx.online == "send" and not host.started)):
        _keep(online)  # the lobby changed (once the match is on, its moves' saves write it)


def flush() -> None:
    """Send what waits in the outbox: the host's to its peers; a guest's to its host (to every
    peer while none has answered yet)."""
    online = _screen().online
    if online is None or current.connection is None:
        return
    waiting, online.outbox = online.outbox, []
    for peer, text in waiting:
        current.connection.send(text, peer if peer is not None else current.host_peer)


def _carry(reply: Any) -> bool:
    """A host's reply: its messages out, the ``Effects`` of its moves carried out on this page;
    whether the page was drawn for them."""
    reply.sends = current.counts.sort(reply.sends)
    if current.counts.held and current.count_timer is None:
        if current.count_call is None:
            current.count_call = create_proxy(lambda *_: _safe(_release_counts))
        current.count_timer = window.setTimeout(current.count_call, COUNT_HOLD_MS)
    fx = carry(_screen(), reply)
    current.inside = True
    try:
        start = _now()
        flush()  # the guests first: each draws its table while this page draws its own
        mark("host.flush", start)
        start = _now()
        if reply.effects:
            page.run(fx, "bots", whole=True)
        elif reply.reactions:
            page.announce(fx.announce)
        mark("host.run", start)
        flush()  # anything the moves' effects added
    finally:
        current.inside = False
    return bool(reply.effects) and fx.redraw


def _release_counts() -> None:
    """The counts held (``Counts``) go out: each guest gets only the newest of its own."""
    current.count_timer = None
    online = _screen().online
    held = current.counts.release()
    if online is None or online.host is None:
        return
    here = online.host.peers  # a guest gone meanwhile is sent nothing
    online.outbox += [(send.peer, send.text()) for send in held if send.peer in here]
    flush()


def _keep(online: Online) -> None:
    """The hosted game's own save (nothing is kept of a guest's table but its seat token)."""
    if online.host is not None and ONLINE.key not in _screen().stuck:
        page.put(ONLINE)


# ------------------------------------------------------------------ connecting
def _open(online: Online) -> None:
    current.online, current.host_peer = online, None
    after = getattr(window, "rommiStandInAfter", None)  # a test hook: the stand-in offered sooner
    if online.host is not None and isinstance(after, (int, float)) and after > 0:
        online.host.stand_in_after = float(after)
    online.status = "connecting"
    _later(_connect(online))
    if online.role == "host" and online.pairing is None:
        _later(_qr(online))


async def _connect(online: Online) -> None:
    try:
        if online.pairing is not None:
            from browser import pairing

            connection: Connection = await (
                pairing.host() if online.pairing == "host" else pairing.guest(online.pairing)
            )
        else:
            connection = await join(APP_ID, online.room, online.secret, relays_for(online.relays))
    except Exception as e:  # no relay reached, the module not loaded: said in the lobby
        online.status, online.error = "failed", ("online.status.failed", {"detail": str(e)[:120]})
        page.show()
        return
    if current.online is not online:  # the table was left meanwhile
        connection.leave()
        return
    current.connection = connection
    connection.on_peer(lambda peer, joined: _safe(_peer, peer, joined))
    connection.on_message(lambda text, peer: _safe(_message, text, peer))
    connection.on_trouble(lambda what, peer: _safe(_trouble, what, peer))
    if online.role == "host":
        online.status = "open"
    current.timer = window.setInterval(create_proxy(lambda *_: _safe(_tick)), 1000)
    page.show()
    flush()
    if online.pairing is not None:
        _later(_pair_link(online))
    if online.pairing == "host":
        from ui.online.pairing import Pairings

        online.pairings = Pairings()
        _hear_answers(online)


def _safe(handler: Any, *args: Any) -> None:
    """A connection's event, its failure reported as any other (never raised into JavaScript)."""
    try:
        handler(*args)
    except Exception as e:
        page.report(e)


async def _qr(online: Online) -> None:
    """The invitation's QR code."""
    online.qr = await _qr_rows(online.link)
    page.show()


async def _qr_rows(text: str) -> list[str]:
    """A QR code of ``text``, made by the vendored library (uqr) as rows of 0s and 1s."""
    url = str(window.URL.new(QR_MODULE, document.baseURI).href)
    module = await run_js(f"import({json.dumps(url)})")
    rows = run_js(
        "(qr, text) => qr.encode(text, {ecc: 'M', border: 0})"
        ".data.map((r) => r.map((m) => (m ? '1' : '0')).join(''))"
    )
    return [str(row) for row in rows(module, text).to_py()]


# ------------------------------------------------------- same room, no Internet
async def _pair_link(online: Online, seat: int | None = None) -> None:
    """A table paired by links: the host's link for its next guest (a new offer), or for the
    person away at ``seat`` ("Pair again with Liisa": only her seat's token gets through it,
    ``ui.online.pairing.Pairings``), or a guest's answer link to send back; each with its QR code."""
    from ui.online.pairing import ANSWER_PREFIX, link, offer_link

    connection: Any = current.connection
    if seat is None:
        online.pair_link, online.pair_qr = "", None
    try:
        if online.pairing == "host":
            code, peer = await connection.pairing()
            online.pairings.made(peer, seat)
            text = offer_link(_screen().address, code, online.room)
        else:
            text = link(_screen().address, ANSWER_PREFIX, await connection.answer())
    except Exception as e:  # the browser could not make its half: said in the lobby
        online.error = ("online.pair_failed", {"detail": str(e)[:120]})
        page.show()
        return
    if current.online is not online or (seat is not None and online.pair_for != seat):
        return  # the table was left, or the host moved on meanwhile
    qr = await _qr_rows(text)
    if seat is None:
        online.pair_link, online.pair_qr = text, qr
    elif online.pair_for == seat:
        online.again_link, online.again_qr = text, qr
    page.show()


def _hear_answers(online: Online) -> None:
    """A guest's answer link opened in this browser (the host's camera read its QR code, or the
    link was tapped) reaches this page as if pasted: the opened page hands it on
    (``browser.invited.answer_opened``) over a channel between pages of this site."""
    from ui.online.pairing import ANSWERS

    def heard(event: Any) -> None:
        from rommi.errors import Refused
        from ui.online.pairing import answer_code

        if current.online is not online:
            return
        try:
            code = answer_code(str(event.data)[:2000])
        except Refused as e:
            online.error = (e.key, {})
            page.show()
            return
        online.error = None
        _later(_accept(online, code))

    current.answers = window.BroadcastChannel.new(ANSWERS)
    current.answers.onmessage = create_proxy(lambda event: _safe(heard, event))


async def _accept(online: Online, code: str) -> None:
    """The host's "Connect": the guest's answer to its offer; then the next guest's link."""
    connection: Any = current.connection
    if connection is None or current.online is not online:
        return
    try:
        peer = await connection.accept(code)
    except Exception as e:  # an answer to an older link, or the browser refused it: said
        online.error = ("online.pair_failed", {"detail": str(e)[:120]})
        page.show()
        return
    if peer in online.pairings.bound:  # someone away paired again: their device is connecting
        if online.pair_for == online.pairings.bound[peer]:
            online.again_sent = True
            page.show()
        return
    await _pair_link(online)


def _screened(online: Online, text: str, peer: str) -> bool:
    """A paired host: a text from a pairing made for someone's seat that is not that seat's
    hello is not read by the host (``Pairings.screen``): the peer is told, then let go. True
    when the text stops here."""
    said = online.pairings.screen(peer, text, online.host)
    if said is None:
        return False
    if said and current.connection is not None:
        current.connection.send(said, peer)
    return True


def _paired_back(online: Online) -> None:
    """The person the host was pairing again is back: the host's page returns to the table."""
    from ui.online.pairing import back_from_pairing

    said = back_from_pairing(online)
    if said is not None:
        page.announce(said)


def _spent(online: Online) -> None:
    """A guest seated at a paired table: its pairing link is spent, so the page's address says
    which table it sat at instead (a reload then says to ask the host for a new link)."""
    from ui.online.pairing import paired_link

    address = paired_link(_screen().address, online.room)
    if str(window.location.href) != address:
        from browser.pairing import open_new_links

        window.history.replaceState(None, "", address)
        open_new_links()


def _leave() -> None:
    """Leave the table: the goodbyes still waiting go first; the hosted game's save is let go."""
    online, connection = current.online, current.connection
    if connection is not None and online is not None:
        for peer, text in online.outbox:
            connection.send(text, peer if peer is not None else current.host_peer)
        connection.leave()
    if online is not None and online.role == "host":
        storage.remove(ONLINE.key)
    if current.timer is not None:
        window.clearInterval(current.timer)
    if current.answers is not None:
        current.answers.close()
        current.answers = None
    current.connection, current.online, current.host_peer, current.timer = None, None, None, None
    if current.count_timer is not None:
        window.clearTimeout(current.count_timer)
    current.counts, current.count_timer = Counts(), None
    screen = _screen()
    screen.online = None
    page.show()


def resume(text: str | None) -> None:
    """The host reloaded: its table from the hosted game's own save, the same room and secret,
    every guest away until their device says hello again. A save that does not read is said
    (and left as it is, until a new table is hosted), and the page opens as without it."""
    import secrets

    from rommi.errors import Refused
    from ui.model.invite import PREFIX, invitation, read_invitation
    from ui.online import hostsave
    from ui.records import outside

    screen = _screen()
    solo, shown = screen.app, screen.screen
    try:
        data = outside.parse(text, 2_000_000, 40)
        table = data["table"]
        relays = "".join(f"&relay={r}" for r in table["relays"])
        read_invitation(f"{PREFIX}{table['room']}.{table['secret']}{relays}")  # the same checks as a link's
        host = hostsave.restore(data["host"], screen, screen.build, time.time(), secrets.token_hex)
    except (Refused, KeyError, TypeError, ValueError, AttributeError) as e:
        screen.app, screen.screen = solo, shown
        screen.note("setup.save_corrupt", detail=getattr(e, "detail", "") or type(e).__name__)
        return
    link = invitation(screen.address, table["room"], table["secret"], list(table["relays"]))
    screen.online = Online(
        "host",
        table["room"],
        table["secret"],
        list(table["relays"]),
        link,
        host=host,
        solo=solo,
        level=screen.form.level,
    )
    if table.get("paired") is True:  # same room, no Internet: no relay; each guest paired again
        screen.online.pairing, screen.online.link = "host", ""
    if not host.started:
        screen.screen = "lobby"


# ---------------------------------------------------------------------- events
def _peer(peer: str, joined: bool) -> None:
    online = current.online
    if online is None:
        return
    if online.host is not None:
        if joined:
            online.host.joined(peer)
        else:
            if online.pairings is not None:
                online.pairings.left(peer)
            _carry(online.host.left(peer, time.time()))
            _keep(online)
            page.show()
        return
    guest = online.guest
    if joined and current.connection is not None:  # the host, or another guest (who ignores it)
        current.connection.send(guest.hello(), peer)
    elif not joined and peer == current.host_peer:
        current.host_peer = None
        online.status = "lost" if online.pairing else "gone"  # paired: only a new link brings it back
        page.announce(t(f"online.status.{'pair_lost' if online.pairing else 'gone'}"))
        page.show()


def _message(text: str, peer: str) -> None:
    online = current.online
    if online is None:
        return
    start = _now()
    if online.host is not None:
        host = online.host
        if online.pairings is not None and _screened(online, text, peer):
            return
        seated = repr(host.lobby.public())
        reply = host.receive(peer, text, time.time())
        mark("host.receive", start)
        came_back(online, reply.back, time.time())  # "Liisa is back" on the host's table
        drawn = _carry(reply)
        if repr(host.lobby.public()) != seated:
            _keep(online)
        if online.pairings is not None:
            _paired_back(online)
        shown = _now()
        if not drawn or page.current.drawing_rest or online.pairings is not None:
            page.show()  # a move's redraw drew it all, unless it left regions for later
        mark("host.show", shown)
        mark("host.message", start)
        return
    _guest_message(online, text, peer)
    mark("guest.message", start)


def _guest_message(online: Online, text: str, peer: str) -> None:
    """A text to a guest: read only from its host (the first peer whose text reads as a host's)."""
    guest = online.guest
    if current.host_peer != peer:
        try:
            first = messages.read_host(text)
        except Exception:
            return
        # Another peer than the host's: the host on a new connection (it reloaded) only if it
        # welcomes this device back with the token the host gave it.
        back = first["t"] == "welcome" and guest.token is not None and first.get("token") == guest.token
        if current.host_peer is not None and not back:
            return
        if (back or online.status == "gone") and _guest_table() is not None:
            page.announce(t("online.host_back"))  # the table goes on: said, as its going was
        current.host_peer = peer
    token, shown, waiting, matches = guest.token, guest.view, guest.waiting, guest.matches
    start = _now()
    answers = guest.receive(text)
    mark("guest.read", start)
    if guest.reactions:
        from ui.commands.lobby import guest_reactions

        page.announce(guest_reactions(online, time.time()))
    if guest.matches != matches and _guest_table() is not None:
        # A rematch at the same table: the lobby says it is being dealt until the new match's
        # first view builds its table afresh.
        _screen().app, _screen().screen, _screen().sheet_open = online.solo, "lobby", False
    for answer in answers:
        if current.connection is not None:
            current.connection.send(answer, peer)
    if guest.token != token and guest.token is not None:
        _keep_token(online.room, guest.token)
    if online.pairing and guest.seat is not None and guest.bye is None:
        _spent(online)
    if guest.bye is not None:
        online.status = "bye"
        _bye(online)
    elif guest.lobby is not None and online.status in ("connecting", "gone"):
        online.status = "open"
    app = _guest_table()
    _guest_refusals(online, app)
    drawn = False
    if guest.view is not None and (guest.view is not shown or guest.waiting != waiting):
        drawn = _guest_view(online, app)
    start = _now()
    if not drawn or page.current.drawing_rest:  # a view's redraw drew it all, unless it left some
        page.show()
    mark("guest.show", start)


def _guest_refusals(online: Online, app: Any) -> None:
    """The host's refusal of this guest's move, and its moves taken back, on the table (or in the
    lobby, before the match began here)."""
    guest = online.guest
    if guest.refused is not None:
        key, params = str(guest.refused.get("key")), dict(guest.refused.get("params") or {})
        guest.refused = None
        if app is None:
            online.error = (key, params)
        else:
            from ui.online.guest_table import refused

            page.run(refused(_screen(), app, key, params), "bots")
    while guest.undone and app is not None:
        from ui.online.guest_table import undone

        page.run(undone(_screen(), app, guest.undone.pop(0)), "bots")


def _guest_table() -> Any:
    """The guest's table (its ``App``, ``remote``) once the match began here, else None."""
    app = _screen().app
    return app if app is not None and getattr(app, "remote", False) else None


def _guest_view(online: Online, app: Any) -> bool:
    """A new view for the guest's table (``ui.online.guest_table``): the first one sets the table.
    Whether the page was drawn for it (all of it: a new table is drawn over two tasks)."""
    from ui.online.guest_table import update
    from ui.online.remote import guest_app, remote_game

    screen, guest = _screen(), online.guest
    if app is None:
        screen.app = guest_app(guest.view, guest.legal, guest.lobby, guest.waiting)
        screen.screen = "table"
        screen.clear_messages()
        page.run(Effects(new_game=True, forget=True, to_act=screen.app.seat_to_act()), "bots")
        return False
    start = _now()
    fx = update(screen, app, guest.view, guest.legal, guest.waiting)
    mark("guest.update", start)
    start = _now()
    page.run(fx, "bots", whole=True)
    mark("guest.run", start)
    if remote_game(app).held:  # a buy offer: the move that opened it is shown first
        page.after_paint(lambda: _guest_offer(app))
    return fx.redraw


def _guest_offer(app: Any) -> None:
    """The buy offer held while the move that opened it was painted: passed for or shown
    (``ui.online.guest_table.offer``), unless the table moved on meanwhile."""
    from ui.online.guest_table import offer

    if _guest_table() is not app:
        return
    start = _now()
    fx = offer(_screen(), app)
    if fx is not None:
        page.run(fx, "bots")
        mark("guest.offer", start)


def _bye(online: Online) -> None:
    """The host will not talk to this connection any more: back to the lobby, which says why."""
    screen = _screen()
    if _guest_table() is not None:
        screen.app = online.solo
    screen.screen = "lobby"
    if current.connection is not None:
        current.connection.leave()
        current.connection = None


def _trouble(what: str, peer: str) -> None:
    online = current.online
    if online is None:
        return
    online.error = ("online.status.failed", {"detail": what[:120]})
    page.show()


def _tick() -> None:
    """Every second: reactions whose time is up leave their seats; a guest's move only marked to be
    saved (``page.save_later``) is written, so a host's browser killed between two moves loses none;
    the host's buy window's clock."""
    from ui.online.reactions import expire

    online = current.online
    if online is not None and expire(online.reactions, time.time()):
        page.show()
    if online is None or online.host is None or not online.host.started:
        return
    now = time.time()
    if page.current.save_dirty:  # a guest's move marked to save within the last 250 ms: kept now
        page.save_game()
    _carry(online.host.tick(now))
    said = lines(online, now)  # "Let the computer play for Liisa" once she has been away long enough
    if said != current.said:
        page.announce(news(current.said, said))  # what is new, to a screen reader too
        current.said = said
        page.show()


# ------------------------------------------------------------------ seat tokens
def tokens() -> dict[str, str]:
    """A guest's seat tokens by room, as kept (anything unreadable is no token)."""
    text = storage.get(SEAT_TOKENS.key)
    try:
        data = json.loads(text) if text and len(text) < 20_000 else {}
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str) and len(v) == 32}


def _keep_token(room: str, token: str) -> None:
    kept = {k: v for k, v in tokens().items() if k != room}
    kept[room] = token
    storage.put(SEAT_TOKENS.key, dict(list(kept.items())[-MOST_TOKENS:]))


def _copy(online: Online) -> None:
    """The link to the clipboard; where the browser refuses, selected for the person's Ctrl+C."""
    from browser.clipboard import allowed

    def by_keys() -> None:
        online.copied = "keys"
        page.show()
        field = document.getElementById("invite-link")
        if field is not None:
            field.focus()
            field.select()

    if not allowed("clipboard-write"):
        by_keys()
        return
    try:
        writing = window.navigator.clipboard.writeText(online.link)
    except Exception:
        by_keys()
        return

    async def copied() -> None:
        try:
            await writing
        except Exception:
            by_keys()
            return
        online.copied = "copied"
        page.show()

    _later(copied())
