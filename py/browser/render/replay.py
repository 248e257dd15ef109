"""The replay viewer: a deal step by step with every hand face up (drawn from ``ReplayView``).

Browser only: it draws through ``browser.dom``, which does ``from js import document``.
Everything shown comes from the engine replaying the log (``ReplayView.table``):
the hands, the melds, both piles and the stock's order, the log's last lines,
and a computer player's reason.
"""

from __future__ import annotations

from typing import Any

from browser.dom import button, by_id, card_span, el, fill
from ui.commands.acts import Act
from ui.draw.regions import changed, count
from ui.records.replayview import ReplayView
from ui.screen import Screen
from ui.words.i18n import card_text, contract_text, t
from ui.words.logtext import view_meld_words


def replay(s: Screen) -> None:
    """Draw the viewer when its deal or step changed."""
    view = s.replay
    holder = by_id("replay")
    if view is None:
        return
    sig = (id(view), view.number, view.deal.at, view.link, view.link_said)
    if not changed("replay", sig):
        return
    table = view.table()
    fill(
        holder,
        [
            el("h2", None, _title(view, table), id="replay-title", tabindex="-1"),
            _controls(view),
            _now(view),
            el("div", "replay-seats", children=[_seat(view, table, i) for i in range(len(view.names))]),
            _piles(table),
            _closing(view),
        ],
    )


def _title(view: ReplayView, table: dict[str, Any]) -> str:
    deal = t("replay.title", deal=view.number, deals=view.deals)
    if table["variant"] == "contract":
        return f"{deal}: {contract_text(table)}"
    return deal


def _controls(view: ReplayView) -> Any:
    """First, back, forward, last, a turn back and on, the slider, and the choice of deal."""
    at, last = view.deal.at, len(view.deal)
    buttons = [
        button(t("replay.first"), Act.REPLAY_FIRST, disabled=at == 0),
        button(t("replay.back"), Act.REPLAY_BACK, disabled=at == 0),
        button(t("replay.forward"), Act.REPLAY_FORWARD, "primary", disabled=at == last),
        button(t("replay.last"), Act.REPLAY_LAST, disabled=at == last),
    ]
    turns = [
        button(t("replay.turn_back"), Act.REPLAY_TURN_BACK, disabled=view.turn_step(False) is None),
        button(t("replay.turn_forward"), Act.REPLAY_TURN_FORWARD, disabled=view.turn_step(True) is None),
    ]
    slider = el(
        "input",
        type="range",
        id="replay-step",
        min=0,
        max=last,
        step=1,
        value=at,
        aria_valuetext=view.where(),
    )
    parts = [
        el("div", "replay-buttons", children=buttons),
        el("div", "replay-buttons replay-turns", children=turns),
        el(
            "div",
            "field replay-slider",
            children=[el("label", None, t("replay.step_label"), for_="replay-step"), slider],
        ),
        el("p", "replay-where", t("replay.step", at=at, last=last)),
        el("p", "replay-turn", _turn_words(view)),
    ]
    if view.deals > 1:
        deals = [
            el("option", None, str(n), value=n, selected=n == view.number) for n in range(1, view.deals + 1)
        ]
        pick = el("select", id="replay-deal", children=deals)
        parts.append(
            el("div", "field", children=[el("label", None, t("replay.deal"), for_="replay-deal"), pick])
        )
    return el("div", "replay-controls", children=parts)


def _turn_words(view: ReplayView) -> str:
    """The turn in words, "Turn 5 of 83" (at the deal as dealt, before the first turn)."""
    turn = view.turn()
    return t("replay.turn", turn=turn, turns=len(view.turn_starts())) if turn else t("replay.no_turn")


def _now(view: ReplayView) -> Any:
    """The log up to this step (the newest last, marked), and why a computer player did it."""
    lines = view.lines()
    items = [el("li", "now" if i == len(lines) - 1 else None, line) for i, line in enumerate(lines)]
    parts = [el("ul", "replay-log", aria_label=t("table.log"), children=items)]
    why = view.why()
    if why:
        parts.append(el("p", "replay-why", why))
    return el("div", "replay-now", children=parts)  # each step is also announced (commands_replay)


def _seat(view: ReplayView, table: dict[str, Any], seat: int) -> Any:
    """One seat: name, every card in hand face up, and its melds on the table."""
    hand = table["hands"][seat]
    name = view.names[seat]
    turn = table.get("to_act") == seat
    head = el("h3", None, name + (" " + t("replay.to_act") if turn else ""))
    cards = el(
        "div",
        "replay-hand",
        aria_label=t("replay.hand", name=name, cards=count(len(hand))),
        role="img",
        children=[card_span(c, "small") for c in hand],
    )
    mine = [m for m in table["melds"] if m["owner"] == seat]
    melds = [el("li", None, _capital(view_meld_words(m, view.names, view.you))) for m in mine]
    words = ", ".join(card_text(c) for c in hand) or t("replay.none")
    parts = [
        head,
        cards,
        el("p", "help", t("replay.hand_words", cards=words)),
    ]
    if melds:
        parts.append(el("ul", "replay-melds", children=melds))
    return el("section", "replay-seat" + (" to-act" if turn else ""), children=parts)


def _piles(table: dict[str, Any]) -> Any:
    """The discard pile (top last) and the stock in the order it will be drawn."""
    discard, stock = table["discard"], table["stock"]
    top = discard[-1] if discard else None
    parts = [
        el(
            "p",
            None,
            t("replay.discard", card=card_text(top) if top else t("replay.none"), count=count(len(discard))),
        ),
        el(
            "details",
            None,
            children=[
                el("summary", None, t("replay.stock", count=count(len(stock)))),
                el("p", "help", ", ".join(card_text(c) for c in reversed(stock)) or t("replay.none")),
            ],
        ),
    ]
    return el("div", "replay-piles", children=parts)


def _closing(view: ReplayView) -> Any:
    """Share this deal (the link is shown to copy), play its cards (a shared match), close."""
    buttons = [button(t("replay.share"), Act.REPLAY_SHARE)]
    if view.deals > 1:
        buttons.append(
            button(t("replay.share_match"), Act.REPLAY_SHARE, key="replay-share-match", data_value="match")
        )
    if view.came_from == "link":
        buttons.append(button(t("replay.play"), Act.REPLAY_PLAY, "primary"))
    buttons.append(button(t("replay.close"), Act.REPLAY_CLOSE, "quiet"))
    parts = [el("div", "replay-buttons", children=buttons)]
    if view.link:
        parts.append(_link(view, view.link))
    return el("div", "replay-closing", children=parts)


def _link(view: ReplayView, link: str) -> Any:
    """The link in a field, "Copy link" (and the system's share sheet where there is one) beside
    it, and a polite status that says what copying did."""
    field = el("input", type="text", id="replay-link", readonly=True, value=link)
    copying = [button(t("replay.copy"), Act.REPLAY_COPY)]
    if share_sheet():
        copying.append(button(t("replay.send"), Act.REPLAY_SEND))
    said = {"copied": t("replay.copied"), "keys": t("replay.copy_keys")}.get(view.link_said or "", "")
    return el(
        "div",
        "field",
        children=[
            el("label", None, t("replay.link"), for_="replay-link"),
            el("div", "replay-link-row", children=[field, *copying]),
            el("span", "help", t("replay.link_help", length=len(link))),
            el("p", "replay-link-said", said, role="status", id="replay-link-said"),
        ],
    )


def share_sheet() -> bool:
    """Whether the browser has a system share sheet (``navigator.share``: phones, Windows, macOS,
    ChromeOS; not Chromium on Linux) that this page may use (a frame from another site needs
    its embedder's ``allow="web-share"``)."""
    from js import navigator  # type: ignore[import-not-found]

    from browser.clipboard import allowed

    return hasattr(navigator, "share") and allowed("web-share")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
