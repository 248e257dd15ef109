"""The online table's lobby: create a table, its invitation, the seats, and "Start the game".

Drawn from ``Screen.online`` (``ui.model.invite.Online``) alone; redrawn only when what it
shows changed. Browser only: it draws through ``browser.dom``. Names typed by the players go
in as text; the QR code is an image drawn from the code's modules alone (``invite.qr_image``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from browser.dom import button, by_id, el, fill
from ui.commands.acts import Act
from ui.draw.regions import changed
from ui.screen import Screen
from ui.words import i18n
from ui.words.i18n import t

if TYPE_CHECKING:  # imported when a table is open: a game at one device loads nothing of it
    from ui.model.invite import Online


def lobby(s: Screen) -> None:
    """Draw the lobby when anything it shows changed."""
    online: Online | None = s.online
    words = ("no table", i18n.language) if online is None else (_signature(online), i18n.language)
    if not changed("lobby", words):
        return
    body = [el("h2", None, t("online.title"), id="lobby-title")]
    body += _no_table() if online is None else _table(online)
    fill(by_id("lobby"), [el("div", "lobby-panel", children=body)])


def _signature(online: Online) -> Any:
    return (
        online.role,
        online.link,
        online.status,
        online.error,
        online.copied,
        online.qr is not None,
        repr(online.seats()),
        online.you(),
        online.started(),
        online.name,
        None if online.guest is None else online.guest.bye,
        None if online.host is None else online.host.window.answer_time,
        online.pair_link,
        online.pair_qr is not None,
        online.pair_for,
        online.again_link,
        online.again_qr is not None,
        online.again_sent,
    )


def _no_table() -> list[Any]:
    return [
        el("p", None, t("online.intro")),
        el(
            "div",
            "setup-actions",
            children=[
                button(t("online.create"), Act.CREATE_TABLE, "primary"),
                button(t("online.pair"), Act.PAIR_TABLE),
                button(t("online.back"), Act.LEAVE_TABLE, "quiet"),
            ],
        ),
    ]


def _table(online: Online) -> list[Any]:
    from ui.model.invite import status_words

    parts = [el("p", "lobby-status", status_words(online), role="status", id="lobby-status")]
    if online.role == "host":
        parts.append(_pairing_host(online) if online.pairing else _invitation(online))
    elif online.pairing and online.status == "connecting":
        parts.append(_pairing_guest(online))
    elif online.you() is None and online.status not in ("bye", "lost"):
        parts.append(_name_field(online))
    if online.error is not None and online.status != "failed":
        key, params = online.error
        parts.append(el("p", "refusal", t(key, **params), role="alert"))
    if online.status != "bye" and (online.seats() or online.status != "lost"):
        parts.append(_seats(online))
    actions = []
    if online.role == "host" and not online.started():
        actions.append(button(t("online.start"), Act.START_ONLINE, "primary"))
    if _playing(online):  # the game is on: back to its table
        actions.append(button(t("online.to_table"), Act.CONTINUE, "primary"))
    actions.append(button(t("online.leave"), Act.LEAVE_TABLE, "quiet"))
    parts.append(el("div", "setup-actions", children=actions))
    if online.role == "host" and not online.started():
        parts.append(el("p", "help", t("online.start_help")))
        parts.append(_answer_time(online))
    if online.role == "host":
        # On a wide screen the invitation (its QR code) stands beside the seats, so "Start the
        # game" is in the first screen of a laptop's window or another site's embed frame (css).
        status, invitation, *rest = parts
        return [
            status,
            el("div", "lobby-columns", children=[invitation, el("div", "lobby-side", children=rest)]),
        ]
    return parts


def _answer_time(online: Online) -> Any:
    """The host's table setting: how long each person has to answer a buy offer (off by default),
    as a group of buttons, the one chosen pressed."""
    from ui.online.buywindow import ANSWER_TIMES

    chosen = online.host.window.answer_time
    buttons = [
        button(
            t("online.answer_time.off") if s is None else t("online.answer_time.seconds", count=s),
            Act.ANSWER_TIME,
            "chip",
            key=f"answer-time-{s or 0}",
            data_value="" if s is None else str(s),
            aria_pressed="true" if s == chosen else "false",
        )
        for s in ANSWER_TIMES
    ]
    return el(
        "div",
        "answer-time",
        role="group",
        aria_labelledby="answer-time-title",
        children=[
            el("p", "answer-time-title", t("online.answer_time"), id="answer-time-title"),
            el("div", "chips", children=buttons),
            el("p", "help", t("online.answer_time.help")),
        ],
    )


def _playing(online: Online) -> bool:
    """Whether this device has the online table's game to go back to."""
    if online.host is not None:
        return bool(online.host.started)
    return online.guest is not None and online.guest.view is not None and online.status == "open"


def _invitation(online: Online) -> Any:
    """The link in a read-only field, "Copy" beside it, what copying did, and its QR code."""
    from ui.model.invite import qr_image

    said = {"copied": t("online.copied"), "keys": t("online.copy_keys")}.get(online.copied or "", "")
    parts = [
        el("label", None, t("online.invite"), for_="invite-link"),
        el(
            "div",
            "replay-link-row",
            children=[
                el(
                    "input",
                    type="text",
                    id="invite-link",
                    readonly=True,
                    value=online.link,
                    spellcheck="false",
                ),
                button(t("online.copy"), Act.COPY_INVITE),
            ],
        ),
        el("p", "replay-link-said", said, role="status", id="invite-said"),
    ]
    if online.qr is not None:
        parts.append(
            el("img", "invite-qr", src=qr_image(online.qr), alt=t("online.qr"), width="200", height="200")
        )
    return el("div", "field invite", children=parts)


def _pair_code(online: Online, field: str, label: str, qr: str) -> list[Any]:
    """A pairing link in a read-only field (or a line saying it is being made) and its QR code."""
    from ui.model.invite import qr_image

    parts = [el("label", None, t(label), for_=field)]
    if online.pair_link:
        parts.append(
            el("input", type="text", id=field, readonly=True, value=online.pair_link, spellcheck="false")
        )
    else:
        parts.append(el("p", "help", t("online.pair_making"), id=field))
    if online.pair_qr is not None:
        parts.append(
            el("img", "invite-qr", src=qr_image(online.pair_qr), alt=t(qr), width="200", height="200")
        )
    return parts


def _pairing_host(online: Online) -> Any:
    """Same room, no Internet, the host: the link for the next guest (or for someone away, paired
    again: ``Online.pair_for``), and where its answer goes."""
    if online.pair_for is not None:
        name = online.host.lobby.places[online.pair_for].name
        parts = [] if online.again_sent else _again_code(online, name)
        help_text = t("online.pair_again_help", name=name)
    else:
        parts = _pair_code(online, "pair-link", "online.pair_link", "online.pair_qr")
        help_text = t("online.pair_help")
    parts += [
        el("p", "help", help_text),
        el("label", None, t("online.pair_answer"), for_="pair-answer"),
        el(
            "div",
            "replay-link-row",
            children=[
                el("input", type="text", id="pair-answer", spellcheck="false", autocomplete="off"),
                button(t("online.pair_connect"), Act.PAIR_CONNECT, "primary"),
            ],
        ),
    ]
    return el("div", "field invite", children=parts)


def _again_code(online: Online, name: str) -> list[Any]:
    """The pairing link made for someone away (their seat kept for them) and its QR code."""
    from ui.model.invite import qr_image

    parts = [el("label", None, t("online.pair_again_link", name=name), for_="again-link")]
    if online.again_link:
        parts.append(
            el(
                "input",
                type="text",
                id="again-link",
                readonly=True,
                value=online.again_link,
                spellcheck="false",
            )
        )
    else:
        parts.append(el("p", "help", t("online.pair_making"), id="again-link"))
    if online.again_qr is not None:
        alt = t("online.pair_again_qr", name=name)
        parts.append(
            el("img", "invite-qr", src=qr_image(online.again_qr), alt=alt, width="200", height="200")
        )
    return parts


def _pairing_guest(online: Online) -> Any:
    """Same room, no Internet, a guest: its answer link to send back to the host."""
    parts = _pair_code(online, "answer-link", "online.answer_link", "online.answer_qr")
    parts.append(el("p", "help", t("online.answer_help")))
    return el("div", "field invite", children=parts)


def _name_field(online: Online) -> Any:
    return el(
        "div",
        "field",
        children=[
            el("label", None, t("online.your_name"), for_="online-name"),
            el(
                "input",
                type="text",
                id="online-name",
                name="online-name",
                maxlength="24",
                autocomplete="nickname",
                value=online.name,
            ),
        ],
    )


def _seats(online: Online) -> Any:
    """Each seat: who sits there, and what this device may do with it now."""
    you, started = online.you(), online.started()
    rows = []
    for i, seat in enumerate(online.seats()):
        kind = str(seat.get("kind"))
        who = t("online.kind." + kind) if kind in ("empty", "host", "person", "computer") else ""
        words = [t("online.seat", seat=i + 1) + ":"]
        if kind != "empty":
            words.append(str(seat.get("name", "")))
        words.append(f"({who})")
        if i == you:
            words.append(f"({t('online.you')})")
        if seat.get("away"):
            words.append(f"({t('online.away')})")
        controls = _seat_controls(online, i, kind, bool(seat.get("away")), started)
        rows.append(
            el("li", "lobby-seat", children=[el("span", "lobby-seat-name", " ".join(words)), *controls])
        )
    return el(
        "section",
        "lobby-seats",
        aria_labelledby="lobby-seats-title",
        children=[el("h3", None, t("online.seats"), id="lobby-seats-title"), el("ol", None, children=rows)],
    )


def _seat_controls(online: Online, i: int, kind: str, away: bool, started: bool) -> list[Any]:
    controls = []
    if (
        online.role == "host"
        and online.pairing
        and kind == "person"
        and away
        and online.status == "open"
        and online.pair_for != i  # (being paired again now: its link is above)
    ):
        name = str(online.seats()[i].get("name", ""))  # paired by links: a new link for the seat kept
        controls.append(
            button(t("online.pair_again", name=name), Act.PAIR_AGAIN, key=f"again-{i}", data_index=i)
        )
    if started or online.status != "open":
        return controls
    if online.role == "guest":
        if kind == "empty" and online.you() is None:
            return [button(t("online.take_seat"), Act.TAKE_SEAT, "primary", key=f"take-{i}", data_index=i)]
        return []
    if kind == "empty":
        label = t("online.seat_computer.label", seat=i + 1)
        return [
            button(
                t("online.seat_computer"),
                Act.SEAT_COMPUTER,
                key=f"computer-{i}",
                data_index=i,
                aria_label=label,
            )
        ]
    if kind == "computer" or (kind == "person" and away):
        label = t("online.seat_free.label", seat=i + 1)
        return [
            *controls,
            button(
                t("online.seat_free"), Act.SEAT_FREE, "quiet", key=f"free-{i}", data_index=i, aria_label=label
            ),
        ]
    return controls
