"""The online table's lobby: its controls' handlers (plain Python).

"Play with friends online" opens the lobby; "Create a table" makes this device the host (it
runs the engine: ``ui.online.host.Host``) of a new table with the game, players and house
rules chosen in the setup form, and an invitation link (``ui.model.invite``); a friend who
opens the link is a guest (``ui.online.guest.Guest``), types a name and takes a free seat;
the host gives empty seats to computer players, or leaves them to "Start the game".

Nothing here touches the network: each handler changes ``Screen.online`` and leaves what is to
be sent in its outbox, which the browser half (``browser.session``) sends after the command,
and asks that half, through ``Effects.online``, to open the connection, copy the link or
leave. Each ``Reply`` of the host (messages to send, the ``Effects`` of moves) is carried the
same way (``carry``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rommi.errors import Refused
from ui.commands.acts import Act, Effects, Target
from ui.model.invite import Invitation, Online, invitation, new_table
from ui.model.settings import apply_form, engine_options
from ui.screen import Screen

Handler = Callable[[Screen, Target], Effects]
LOBBY = "#lobby"
# Where the keyboard goes once the lobby opens or changes: its first control that matters now.
FIRST = (
    f'{LOBBY} [data-act="{Act.CREATE_TABLE}"] || {LOBBY} #online-name || '
    f'{LOBBY} [data-act="{Act.START_ONLINE}"] || {LOBBY} [data-act="{Act.LEAVE_TABLE}"]'
)


def carry(screen: Screen, reply: Any) -> Effects:
    """A ``ui.online.host.Reply`` for the page: its messages into the outbox, the ``Effects`` of
    its moves as one (flags together, the last seat to act)."""
    online: Online = screen.online
    online.outbox += [(send.peer, send.text()) for send in reply.sends]
    fx = Effects(online="send")
    fx.announce = shown_reactions(online, reply.reactions, time.time())
    for moved in reply.effects:
        fx.new_game |= moved.new_game
        fx.forget |= moved.new_game  # the table appears in place of the lobby
        fx.run_bots |= moved.run_bots
        fx.deal_over |= moved.deal_over
        fx.match_over |= moved.match_over
        fx.save |= moved.save
        fx.forget |= moved.forget
        fx.to_act = moved.to_act
        fx.announce = moved.announce or fx.announce
        fx.post += moved.post
    return fx


def shown_reactions(online: Online, reactions: list[tuple[int, str]], now: float) -> str | None:
    """Reactions that reached this device, beside their seats from ``now``; what to say of them."""
    from ui.online import reactions as quick

    seats, said = online.seats(), []
    for seat, code in reactions:
        if quick.show(online.reactions, seat, code, now):
            name = str(seats[seat].get("name", "")) if 0 <= seat < len(seats) else ""
            said.append(quick.said(name, code))
    return " ".join(said) or None


def guest_reactions(online: Online, now: float) -> str | None:
    """The reactions a guest's device received since it last looked, beside their seats."""
    said = shown_reactions(online, online.guest.reactions, now)
    online.guest.reactions.clear()
    return said


def _react(screen: Screen, target: Target) -> Effects:
    """A quick reaction from the table's menu: to everyone at the table, through the host (a
    guest's comes back with the others', so it is shown once, as everyone sees it)."""
    online = screen.online
    if online is None or not online.started() or target.value is None:
        return Effects(redraw=False)
    online.reacted += 1
    focus = "#react-menu > summary"
    if online.guest is not None:
        online.outbox.append((None, online.guest.react(target.value)))
        return Effects(online="send", focus=focus)
    try:
        fx = carry(screen, online.host.react(0, target.value))
    except Refused:
        return Effects(redraw=False)  # not on the list: nothing sent, nothing shown
    fx.focus = focus
    return fx


def _invite_again(screen: Screen, target: Target) -> Effects:
    """The host's "Invitation" on the table: the lobby again, with the link, Copy and the QR
    code ("Back to the table" returns)."""
    online = screen.online
    if online is None or online.host is None:
        return Effects(redraw=False)
    online.copied, online.pair_for = None, None  # (a paired table: the next friend's link)
    screen.screen = "lobby"
    return Effects(forget=True, focus=f"{LOBBY} #invite-link")


def _rematch(screen: Screen, target: Target) -> Effects:
    """ "Play again at this table" once the match is over: the host starts a new match with the
    same seats (a new round of fair values, every person's device answering by itself)."""
    fx = _start_online(screen, target)
    if fx.forget:  # started (a refusal is said beside the control, and the sheet stays)
        screen.sheet_open = False
    return fx


def _refused(screen: Screen, e: Refused) -> Effects:
    """A lobby control that changed nothing: why, beside it."""
    screen.online.error = (e.key, {"detail": e.detail})
    return Effects(online="send")


def _online(screen: Screen, target: Target) -> Effects:
    """ "Play with friends online": the lobby, with the game chosen in the setup form."""
    if target.form:
        screen.form = apply_form(screen.form, target.form)
    screen.screen = "lobby"
    screen.clear_messages()
    return Effects(forget=True, focus=FIRST)


def _create(screen: Screen, target: Target) -> Effects:
    """ "Create a table": this device hosts a new table of the game chosen; its link to share."""
    if screen.online is not None:
        return Effects(redraw=False)
    from ui.online.host import Host

    f = screen.form
    variant = f.variant
    players = f.players_for(variant)
    try:
        host = Host(
            screen,
            players=players,
            host_name=f.display_name(),
            build=screen.build,
            variant=variant,
            options=engine_options(f, variant, players),
        )
    except ValueError as e:  # house rules that do not go together: said as at Start
        from ui.words.i18n import t

        screen.setup_error = t("setup.bad_options", detail=str(e))
        screen.screen = "setup"
        return Effects(forget=True)
    room, secret = new_table()
    link = invitation(screen.address, room, secret, screen.relays)
    screen.online = Online(
        "host", room, secret, list(screen.relays), link, host=host, solo=screen.app, level=f.level
    )
    screen.screen = "lobby"
    return Effects(online="open", focus=f"{LOBBY} #invite-link")


def _pair_table(screen: Screen, target: Target) -> Effects:
    """ "Same room, no Internet": host a new table as "Create a table" does, its guests paired
    one by one by links (``ui.online.pairing``) instead of meeting through a relay."""
    if screen.online is not None:
        return Effects(redraw=False)
    fx = _create(screen, target)
    if screen.online is not None:
        screen.online.pairing, screen.online.relays, screen.online.link = "host", [], ""
        fx.focus = f"{LOBBY} #pair-link"
    return fx


def _pair_connect(screen: Screen, target: Target) -> Effects:
    """The host's "Connect": the answer pasted, checked (a bad one is said and nothing is sent)."""
    online = screen.online
    if online is None or online.pairing != "host":
        return Effects(redraw=False)
    from ui.online.pairing import answer_code

    try:
        online.answer = answer_code(str(target.form.get("answer", "")))
    except Refused as e:
        online.error = (e.key, {})
        return Effects(online="send", focus=f"{LOBBY} #pair-answer")
    online.error = None
    return Effects(online="pair", focus=f"{LOBBY} #pair-link")


def _pair_again(screen: Screen, target: Target) -> Effects:
    """ "Pair again with Liisa" at a table paired by links (no relay: someone away comes back only
    over a new pairing): a new pairing link made for her seat, shown in the lobby with where her
    answer goes; the host lets only her seat's token through it (``ui.online.pairing.Pairings``)."""
    online = screen.online
    if online is None or online.host is None or online.pairing != "host" or target.index is None:
        return Effects(redraw=False)
    from ui.online.pairing import again_offers

    if target.index not in again_offers(online.host):
        return Effects(redraw=False)  # she came back meanwhile
    online.pair_for, online.again_link, online.again_qr, online.again_sent = target.index, "", None, False
    online.error = None
    screen.screen = "lobby"
    return Effects(online="again", forget=True, focus=f"{LOBBY} #again-link")


def join(screen: Screen, table: Invitation, name: str, token: str | None) -> Effects:
    """Open the lobby of the table an invitation names, as a guest (``token``: this browser's
    seat there, kept from an earlier visit)."""
    from ui.online.guest import Guest

    link = invitation(screen.address, table.room, table.secret, table.relays)
    guest = Guest(screen.build, name, token)
    relays = table.relays or list(screen.relays)
    screen.online = Online(
        "guest", table.room, table.secret, relays, link, guest=guest, name=name, solo=screen.app
    )
    screen.screen = "lobby"
    return Effects(online="open", forget=True)


def _copy(screen: Screen, target: Target) -> Effects:
    if screen.online is None:
        return Effects(redraw=False)
    return Effects(online="copy", redraw=False)


def _take_seat(screen: Screen, target: Target) -> Effects:
    """A guest takes a free seat under the name typed (said again to the host: a name is given
    with ``hello``); a name that cannot be shown is refused here, with nothing sent."""
    online = screen.online
    if online is None or online.guest is None or target.index is None:
        return Effects(redraw=False)
    from ui.online import messages

    typed = str(target.form.get("name", online.name))
    online.name = typed
    online.error = None
    try:
        name = messages.name(typed)
    except Refused as e:
        return _refused(screen, e)
    guest = online.guest
    guest.name = name
    online.outbox += [(None, guest.hello()), (None, guest.sit(target.index))]
    return Effects(online="send")


def _host_call(call: Callable[[Any, Online], Any]) -> Handler:
    """A host's lobby control: the host's method, its reply carried, a refusal said."""

    def handler(screen: Screen, target: Target) -> Effects:
        online = screen.online
        if online is None or online.host is None or target.index is None:
            return Effects(redraw=False)
        online.error = None
        try:
            return carry(screen, call(target, online))
        except Refused as e:
            return _refused(screen, e)

    return handler


def _start_online(screen: Screen, target: Target) -> Effects:
    """ "Start the game": empty seats to computer players at the level chosen, then the seed's round."""
    online = screen.online
    if online is None or online.host is None:
        return Effects(redraw=False)
    online.error = None
    try:
        fx = carry(screen, online.host.start(online.level, time.time()))
    except Refused as e:
        return _refused(screen, e)
    fx.forget = True
    return fx


def _leave(screen: Screen, target: Target) -> Effects:
    """Leave the online table (the host closes it: every guest is told); back to the setup
    screen, with the game kept on this device before the table as it was."""
    screen.screen = "setup"
    if screen.online is None:
        return Effects(forget=True)
    leave_table(screen)
    return Effects(online="leave", forget=True)


def leave_table(screen: Screen) -> None:
    """The table is left (its session then closes the connection: ``Effects.online`` "leave"):
    the host's goodbye to every guest waits in the outbox, and the game this device had before
    the table is its game again. Also before a new game at this device ("Start new game")."""
    online = screen.online
    if online.host is not None:
        online.outbox += [(send.peer, send.text()) for send in online.host.close().sends]
    screen.app = online.solo


HANDLERS: dict[Act, Handler] = {
    Act.ONLINE: _online,
    Act.CREATE_TABLE: _create,
    Act.COPY_INVITE: _copy,
    Act.TAKE_SEAT: _take_seat,
    Act.PAIR_TABLE: _pair_table,
    Act.PAIR_CONNECT: _pair_connect,
    Act.PAIR_AGAIN: _pair_again,
    Act.SEAT_COMPUTER: _host_call(lambda target, online: online.host.to_computer(target.index, online.level)),
    Act.SEAT_FREE: _host_call(lambda target, online: online.host.free(target.index)),
    Act.START_ONLINE: _start_online,
    Act.LEAVE_TABLE: _leave,
    Act.REACT: _react,
    Act.INVITE_AGAIN: _invite_again,
    Act.REMATCH: _rematch,
}
