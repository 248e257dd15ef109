"""The table around the lay-down area: status, opponents' seats, the piles, your melds, hand, actions, log.

Browser only: it draws through ``browser.dom``, which does ``from js import document``.
Each region is redrawn only when its signature changes (``render_common.changed``).
"""

from __future__ import annotations

import json
from typing import Any

from js import window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from browser.dom import (
    back,
    button,
    by_id,
    card_classes,
    card_face,
    card_span,
    el,
    fill,
    nn,
    patch_all,
    reals,
    refused,
    spoken,
    tab_stop,
)
from browser.render.contract import deal_info, deal_signature
from browser.render.tutorial import lesson_prompt
from rommi.actions import Swap
from rommi.cards import JOKER_CODE
from rommi.game import Phase
from rommi.views import MeldView, SeatView
from ui.commands.acts import Act
from ui.commands.handover import cover_seat, cover_title, several_here
from ui.draw.changes import (
    Words,
    actions_phase,
    backs_stay,
    kept,
    meld_signature,
    melds_stay,
    mine_signature,
    new_lines,
    seat_signature,
    touched,
)
from ui.draw.regions import changed, count, drawn, remember
from ui.model.app import App, Bar
from ui.model.buyprompt import hint_word
from ui.model.coach import buy_words
from ui.model.settings import PACES
from ui.online.guest_table import waiting_line
from ui.online.takenback import log_lines
from ui.screen import Screen, hand_stop, prompt_line, turn_line
from ui.words import i18n
from ui.words.i18n import card_name, card_text, cards_text, t
from ui.words.logtext import meld_spoken, view_meld_words

MAX_BACKS = 14
words = Words()  # the log's sentences, written once per move (the log and every seat read them)


# ------------------------------------------------------------------ status
def status(s: Screen, app: App, stamp: Any) -> None:
    """The deal and turn lines, and the pace select."""
    waiting = waiting_line(app) if app.remote else _host_waiting(s)  # in an open buy window
    if not changed("status", (stamp, s.pace, s.thinking, waiting, s.covered)):
        return
    if changed("deal-info", deal_signature(app)):  # the deal's line, not redrawn at every move
        deal_info(app)  # its contract's words are a control that explains it (``browser.render.contract``)
    turn = turn_line(app, s.thinking, by_names=s.covered)  # under the cover: "Liisa's turn"
    by_id("turn-info").textContent = turn if waiting is None else f"{turn} {waiting}"
    if not changed("pace", s.pace):  # the menu as it was: not looked at again at every move
        return
    pace = by_id("pace")
    if pace.options.length == 0:
        pace.append(*reals(el("option", None, t("pace." + p), value=p) for p in PACES))
    pace.value = s.pace


def _host_waiting(s: Screen) -> str | None:
    """The host's own table in an open buy window: how many answers it waits for (never whose)."""
    if s.online is None:
        return None
    from ui.online.away import waiting_words

    return waiting_words(s)


# ------------------------------------------------------------------- seats
def _seat_header(app: App, seat: int, v: SeatView) -> list[Any]:
    """An opponent's name, level and dealer badge."""
    badges = [el("span", "seat-name", app.names[seat])]
    badges.append(el("span", "seat-level", _level_words(app, seat)))
    if v["dealer"] == seat:
        badges.append(el("span", "badge", t("table.seat.dealer")))
    return badges


def _level_words(app: App, seat: int) -> str:
    """Who plays another seat: a computer player's level, or "player" for a person's seat."""
    level = app.seats[seat].level
    if level is not None and app.remote:  # a guest's table is not told the level the host chose
        return t("level.computer")
    return t("level." + level) if level is not None else t("level.person")


def _fact_words(v: SeatView, seat: int) -> list[str]:
    """In contract rummy: whether the seat has laid down, and its buys, in words."""
    if v["variant"] != "contract":
        return []
    laid = v["laid_down"][seat]
    return [
        t("table.seat.laid_down" if laid else "table.seat.not_laid_down"),
        t("table.seat.buys", count=v["buys"][seat]),
    ]


def _seat_facts(v: SeatView, seat: int) -> list[Any]:
    """The facts as spans, the laid-down one ticked."""
    words = _fact_words(v, seat)
    if not words:
        return []
    laid = v["laid_down"][seat]
    return [
        el("span", "fact laid" if laid else "fact", ("✓ " if laid else "") + words[0]),
        el("span", "fact", words[1]),
    ]


def _meld_button(app: App, m: MeldView, just: bool) -> Any:
    """A meld on the table as a button (to lay off on it), named by its words and cards;
    ``just``: the last move made or changed it."""
    desc = view_meld_words(m, app.names, app.drawn_for)  # "your run 5♥–8♥" for yours
    return button(
        None,
        Act.MELD,
        "meld targetable" + (" just" if just else ""),
        key=f"meld-{m['id']}",
        data_meld=m["id"],
        children=[spoken(t("meld.label", desc=desc, cards=meld_spoken(m))), *_meld_cards(m)],
    )


def _meld_buttons(app: App, v: SeatView, seat: int) -> list[Any]:
    """The melds ``seat`` has laid down, as buttons; a meld that looks as it did keeps its node
    (a seat is redrawn at every move of its player, its melds seldom change)."""
    just = touched(v)[1]
    out = []
    for m in v["melds"]:
        if m["owner"] != seat:
            continue
        key = (meld_signature(m, just), i18n.language, tuple(app.names))
        node = _melds_made.get(m["id"])
        if node is None or node[0] != key:
            node = _melds_made[m["id"]] = (key, _meld_button(app, m, m["id"] in just))
        out.append(node[1])
    return out


_melds_made: dict[int, tuple[Any, Any]] = {}  # meld id: (what it showed, its button)


def _meld_cards(m: MeldView) -> list[Any]:
    """A meld's cards, each joker marked with what it stands for."""
    cards = []
    for code, stands in zip(m["cards"], m["stands_for"], strict=False):
        note = None
        if code == JOKER_CODE:  # what it stands for, short: 6♥ in a run, K in a set
            note = card_text(stands) if len(stands) == 2 else card_text(stands + "S")[:-1]
        cards.append(card_span(code, "small", note))
    return cards


def opponents(s: Screen, app: App, stamp: Any) -> None:
    """The computer players' seats; each is rebuilt only when what it shows changed."""
    v = app.view()
    last = words.last_moves(v, app.names, by_names=s.covered)  # under the cover: names, no "you"
    box = by_id("opponents")
    refill = changed("opponents", (v["players"], app.drawn_for))
    patches = []
    for seat in app.others():
        open_ = s.peek == seat
        sig = seat_signature(v, app.names, app.seats[seat].level, seat, open_, last.get(seat, ""))
        same_melds = melds_stay(seat, sig, i18n.language, app.names)  # its box keeps their element
        same_backs = backs_stay(seat, min(v["hand_sizes"][seat], MAX_BACKS))  # and its backs'
        if changed(f"seat-{seat}", sig) and not refill:
            node = box.querySelector(f':scope > [data-seat="{seat}"]')
            kept_melds = nn(node.querySelector(":scope > .melds")) if same_melds else None
            kept_backs = nn(node.querySelector(":scope > .seat-hand > .backs")) if same_backs else None
            patches.append((node, _seat(app, v, seat, open_, last, kept_melds, kept_backs)))
    patch_all(patches)  # every seat that changed, in one call into the page
    if refill:
        box.setAttribute("data-count", str(v["players"] - 1))
        fill(box, [_seat(app, v, seat, s.peek == seat, last) for seat in app.others()])


def _seat(
    app: App,
    v: SeatView,
    seat: int,
    open_: bool,
    last: dict[int, str],
    kept: Any = None,
    backs_kept: Any = None,
) -> Any:
    """One opponent: header, the backs of their cards, facts, last move and melds (``kept``: the
    melds' element in the page, which shows them already and stays as it is; ``backs_kept``: the
    backs' element, likewise).

    On a phone only the chip (``_chip``) shows until it is pressed, then the seat's melds.
    """
    n = v["hand_sizes"][seat]
    current = v["to_act"] == seat
    backs = _BACKS[: min(n, MAX_BACKS)]  # one description for every back: never changed once made
    melds = [] if kept is not None else _meld_buttons(app, v, seat)
    label = t("table.seat.label", name=app.names[seat], level=_level_words(app, seat), count=n)
    shown = backs_kept if backs_kept is not None else el("span", "backs", aria_hidden="true", children=backs)
    hand = [shown, el("span", "count", count(n))]
    return el(
        "section",
        "seat" + (" current" if current else "") + (" just" if touched(v)[0] == seat else ""),
        data_seat=seat,
        data_open="true" if open_ else "false",
        aria_label=label,
        aria_current="true" if current else None,
        children=[
            _chip(app, v, seat, open_),
            el("header", "seat-head", children=_seat_header(app, seat, v)),
            el("div", "seat-hand", children=hand),
            el("p", "facts", children=_seat_facts(v, seat)),
            el("p", "last", last.get(seat) or "\u00a0"),
            kept
            if kept is not None
            else el("div", "melds", children=melds or [el("span", "help", t("table.no_melds"))]),
        ],
    )


_BACKS = [back() for _ in range(MAX_BACKS)]


def _chip(app: App, v: SeatView, seat: int, open_: bool) -> Any:
    """The seat as one small button on a phone: name, cards left, laid down; it shows the melds."""
    laid = v["variant"] == "contract" and v["laid_down"][seat]
    melds = sum(1 for m in v["melds"] if m["owner"] == seat)
    n = v["hand_sizes"][seat]
    level = _level_words(app, seat)
    # The name begins with what the chip shows ("Aino 10"), as a spoken name should.
    chip = t("table.seat.chip", name=app.names[seat], count=n, level=level)
    said = ", ".join([chip, *_fact_words(v, seat), t("table.seat.melds", count=melds)])
    return button(
        None,
        Act.PEEK,
        "peek",
        key=f"peek-{seat}",
        data_index=seat,
        aria_expanded="true" if open_ else "false",
        aria_label=said,
        children=[
            el("span", "seat-name", app.names[seat]),
            el("span", "chip-count", children=[back(), el("span", None, f" {n}")]),  # " ": "Aino 10" as text
            el("span", "chip-laid", "✓", aria_hidden="true") if laid else None,
        ],
    )


# ------------------------------------------------------------------ centre
def centre(s: Screen, app: App, stamp: Any) -> None:
    """The piles, the prompt while you draw, the buy panel, refusals and messages."""
    v = app.view()
    mine = app.drawn_to_act() and not s.covered
    if not changed("centre", (s.covered, *_centre_signature(s, app, v, mine))):
        return
    if s.covered:  # only the piles: the cover names who is next (``cover``)
        fill(by_id("centre"), [_piles(v, False)])
        return
    drawing = mine and v["phase"] == Phase.DRAW
    # Your prompt sits by the piles while you draw; while you play it is in the dock, by your hand.
    playing = mine and v["phase"] == Phase.PLAY
    said = lesson_prompt(s) or prompt_line(app, s.thinking)  # in a lesson: what its step asks
    prompt = el("p", "prompt" + (" yours" if mine else ""), said, id="prompt")
    parts = [_piles(v, drawing), None if playing else prompt]
    if mine and v["phase"] == Phase.BUY:
        parts.append(_buy_panel(app, buy_words(s, app)))
    parts.append(refused(s, "piles"))
    if s.message:
        parts.append(el("p", "message", s.message, role="status", id="message"))
    fill(by_id("centre"), parts)


def _centre_signature(s: Screen, app: App, v: SeatView, mine: bool) -> tuple[Any, ...]:
    """Everything the centre shows: the piles, the prompt, the buy offer, refusal and message."""
    buying = mine and v["phase"] == Phase.BUY
    offer: tuple[Any, ...] = (
        v["buy_card"],
        v["options"].get("max_buys"),
        v["buys"][app.drawn_for],
        app.names[v["turn"]],
    )
    if buying:
        offer += (hint_word(v), buy_words(s, app))  # the Hint's word and the coach's, beside Buy and Pass
    return (
        mine,
        v["phase"],
        lesson_prompt(s) or prompt_line(app, s.thinking),
        (v["discard_top"], v["discard_size"], v["stock_size"], touched(v)[2]),
        (s.refusal, s.refused_at, s.message, app.buy_prompt),
        offer if buying else None,
    )


def _piles(v: SeatView, drawing: bool) -> Any:
    """The stock and the discard pile, each with its name."""
    return el(
        "div",
        "piles",
        children=[
            el("div", "pile-box", children=[el("span", "pile-name", t("table.stock")), _stock(v, drawing)]),
            el(
                "div",
                "pile-box",
                children=[el("span", "pile-name", t("table.discard")), _discard(v, drawing)],
            ),
        ],
    )


def _stock(v: SeatView, drawing: bool) -> Any:
    """The stock: a back and how many cards are left."""
    return button(
        None,
        Act.DRAW_STOCK,
        "pile stock" + (" live" if drawing else ""),
        aria_label=t("table.stock.label", count=v["stock_size"]),
        children=[back("back big"), el("span", "pile-count", count(v["stock_size"]))],
    )


def _discard(v: SeatView, drawing: bool) -> Any:
    """The discard pile: its top card (or an empty place) and its size."""
    top = v["discard_top"]
    if top:
        discard_face = _face_up(top)
        label = t("table.discard.label", card=card_name(top))
    else:
        discard_face = el("span", "empty-pile", aria_hidden="true")
        label = t("table.discard.empty")
    return button(
        None,
        Act.DRAW_DISCARD,
        "pile discard" + (" live" if drawing else "") + (" just" if touched(v)[2] else ""),
        children=[
            spoken(label),
            discard_face,
            el("span", "pile-count", count(v["discard_size"]), aria_hidden="true"),
        ],
    )


def _face_up(code: str) -> Any:
    """A full-size card face up, only drawn (its name is said elsewhere)."""
    return el("span", card_classes(code, ""), aria_hidden="true", data_card=code, children=card_face(code))


def _buy_panel(app: App, coach: str | None = None) -> Any:
    """The offer to buy the discard: the card, who discarded it, your buys, Buy and Pass, and
    the menu of when to ask (every time, when the card fits, never). ``coach``: the coach's
    question about buying (``ui.model.coach.buy_words``), one with the prompt, Buy and Pass
    described by it."""
    v = app.view()
    card = v["buy_card"]
    assert card is not None  # drawn in the buy window only, where a card is offered
    max_buys = v["options"].get("max_buys")
    bought = v["buys"][app.drawn_for]
    # With several people at this device the offer names whom it asks ("Liisa: buy the 7♥?").
    title = (
        t("buy.prompt.named", name=app.names[app.drawn_for], card=card_text(card))
        if several_here(app)
        else t("buy.title", card=card_text(card))
    )
    lines = [
        el("h3", None, title, id="buy-title"),
        el("div", "buy-card", children=[_face_up(card)]),
        el("p", None, t("buy.text", name=app.names[v["turn"]], card=card_text(card))),
        el("p", "buy-hint", t("buy.hint." + hint_word(v))),  # the Hint's view, so the two agree
    ]
    if coach:
        lines.append(el("p", "buy-coach", coach, id="buy-coach"))
    if max_buys is not None:
        left = max_buys - bought
        lines.append(el("p", "help", t("buy.limit.one") if left == 1 else t("buy.limit", left=left)))
    elif bought:
        lines.append(el("p", "help", t("buy.bought", count=bought)))
    said = {"aria-describedby": "buy-coach"} if coach else None
    buttons = [
        button(t("buy.buy"), Act.BUY, "primary", attrs=said),
        button(t("buy.pass"), Act.PASS, attrs=said),
    ]
    lines.append(el("div", "buy-actions", children=buttons))
    # The buy setting, changeable right here (kept at once, for the offers that follow).
    from ui.model.settings import BUY_PROMPTS

    asks = [el("option", None, t("buy.ask." + c), value=c, selected=c == app.buy_prompt) for c in BUY_PROMPTS]
    menu = el("select", id="buy-prompt", children=asks)
    lines.append(el("p", "buy-ask", children=[el("label", None, t("buy.ask"), for_="buy-prompt"), menu]))
    return el(
        "section", "buy-panel", role="group", aria_labelledby="buy-title", id="buy-panel", children=lines
    )


# -------------------------------------------------------------- your melds
def mine(app: App, stamp: Any) -> None:
    """Your seat: your name, facts and the melds you have laid down."""
    v = app.view()
    you = app.drawn_for
    if not changed("mine", mine_signature(v, app.names, you)):
        return
    melds = _meld_buttons(app, v, you)
    head = el(
        "header",
        "seat-head",
        children=[
            el("span", "seat-name", app.names[you]),
            el("span", "seat-level", t("table.seat.you")),
            *_seat_facts(v, you),
            el("span", "badge", t("table.seat.dealer")) if v["dealer"] == you else None,
        ],
    )
    box = by_id("mine")
    box.classList.toggle("current", v["to_act"] == you)
    fill(box, [head, el("div", "melds", children=melds or [el("span", "help", t("table.no_melds"))])])


# ---------------------------------------------------------------- the hand
def hand(s: Screen, app: App) -> None:
    """Your cards not in the lay-down area, in your order, and the hand's title."""
    hinted = set(s.hint.get("cards", [])) if s.hint else set()
    row = app.in_hand_row()
    sig = (
        tuple(row),
        tuple(app.selected),
        tuple(sorted(app.hand.fresh)),
        s.hand_cursor,
        tuple(sorted(hinted)),
        len(app.hand.entries),
    )
    if not changed("hand", sig):
        return
    stop = hand_stop([u for u, _ in row], s.hand_cursor, app.hand.fresh)
    _hand_cards(app, row, hinted, stop)
    parked = len(app.area.used())
    title = t("table.hand.count", count=len(app.hand.entries))
    by_id("hand-title").textContent = title + (t("table.hand.parked", count=parked) if parked else "")


def _hand_cards(app: App, row: list[tuple[int, str]], hinted: set[int], stop: int | None) -> None:
    """The hand's cards: a card that looks as it did keeps its node (and so its focus), only
    its place in the Tab order is set again (the arrow keys move it without a redraw)."""
    before: dict[int, tuple[Any, Any]] = drawn("hand-cards") or {}
    wanted = [(uid, (code, uid in app.hand.fresh, uid in hinted, uid in app.selected)) for uid, code in row]
    keep = kept(before, wanted)
    codes = dict(row)
    changes = [(uid, sig) for (uid, sig), stays in zip(wanted, keep, strict=True) if not stays]
    again = [(uid, sig) for uid, sig in changes if uid in before]
    new = [(uid, sig) for uid, sig in changes if uid not in before]

    def card(uid: int) -> Any:
        return _hand_card(app, uid, codes[uid], uid in hinted, uid == stop)

    # A card still in the page that looks different (selected, no longer new) is changed in place.
    patch_all([(before[uid][1], card(uid)) for uid, _ in again])
    made = reals(card(uid) for uid, _ in new)
    now = {uid: before[uid] for (uid, _), stays in zip(wanted, keep, strict=True) if stays}
    now.update((uid, (sig, before[uid][1])) for uid, sig in again)
    now.update((uid, (sig, node)) for (uid, sig), node in zip(new, made, strict=True))
    remember("hand-cards", now)
    box = by_id("hand")
    if drawn("hand-order") != [u for u, _ in row] or new:
        fill(box, [now[uid][1] for uid, _ in row])
    remember("hand-order", [u for u, _ in row])
    if any(keep):  # the arrow keys may have moved the stop since (``browser.pointer``)
        tab_stop(box, None if stop is None else f"card-{stop}")


def _hand_card(app: App, uid: int, code: str, hinted: bool, stop: bool) -> Any:
    """One card of your hand as a toggle button; a new arrival is marked. Only the ``stop``
    card is in the Tab order; the arrow keys move between cards (``browser.pointer``)."""
    fresh = uid in app.hand.fresh
    label = card_name(code) + (f", {t('table.new_card')}" if fresh else "")
    cls = card_classes(code) + (" fresh" if fresh else "") + (" hinted" if hinted else "")
    children = card_face(code)
    if fresh:
        children.append(el("span", "new-mark", t("table.new_card"), aria_hidden="true"))
    return button(
        None,
        Act.CARD,
        cls,
        key=f"card-{uid}",
        data_uid=uid,
        data_card=code,
        aria_pressed="true" if uid in app.selected else "false",
        tabindex="0" if stop else "-1",  # one stop in the Tab order
        children=[spoken(label), *children],
    )


# ----------------------------------------------------------------- actions
def actions(s: Screen, app: App, stamp: Any) -> None:
    """The dock by your hand: the prompt while you play, the selection, the action bar, chooser, hint."""
    v = app.view()
    sel = app.selected
    codes = [app.code(u) for u in sel]
    playing = app.drawn_to_act() and v["phase"] == Phase.PLAY
    bar = app.bar()  # with nothing selected, no engine check: the same words every move
    if not changed("actions", _actions_signature(s, app, v, codes, bar)):
        return
    selection = t("prompt.selected", cards=cards_text(codes)) if sel else t("prompt.select")
    parts = [
        el("p", "prompt yours", lesson_prompt(s) or prompt_line(app), id="prompt") if playing else None,
        el("p", "selection", selection, id="selection", aria_live="polite"),
        el("div", "action-buttons", children=_action_buttons(app, v, codes, bar)),
        refused(s, "actions"),
    ]
    if s.chooser:
        parts.append(_chooser(s))
    if s.hint:
        parts.append(el("p", "hint-text", s.hint["text"], id="hint-text", role="status"))
        if s.hint_thinking:
            parts.append(el("p", "hint-text", t("table.hint.thinking"), id="hint-thinking", role="status"))
        elif not s.hint.get("deeper"):
            parts.append(button(t("table.hint.deeper"), Act.HINT_DEEPER, "quiet"))
    fill(by_id("actions"), parts)


def _actions_signature(s: Screen, app: App, v: SeatView, codes: list[str], bar: Bar) -> tuple[Any, ...]:
    """Everything the dock shows: the selection, what the engine says of it, the loop buttons,
    the prompt while you play, the refusal, the chooser and the hint."""
    mine = app.drawn_to_act()
    return (
        mine,
        actions_phase(v, mine),  # another seat's draw or discard leaves the dock as it was
        tuple(app.selected),
        tuple(codes),
        bar,
        app.can_undo(),
        (lesson_prompt(s) or prompt_line(app)) if mine else "",
        (s.refusal, s.refused_at),
        tuple((o.label, o.action) for o in s.chooser) if s.chooser else (),
        json.dumps(s.hint, sort_keys=True) if s.hint else "",
        s.hint_thinking,
    )


def _refused(why: str | None) -> dict[str, Any]:
    """Unavailable, with the engine's reason as its description; pressing it shows the reason too."""
    return {} if why is None else {"aria-disabled": "true", "title": why}


def _action_buttons(app: App, v: SeatView, codes: list[str], bar: Bar) -> list[Any]:
    """The action bar: what the selected cards can do, as the engine says (``App.bar``)."""
    sel = app.selected
    mine = app.drawn_to_act() and v["phase"] in (Phase.DRAW, Phase.PLAY)
    one = len(sel) == 1
    return [
        *_loop_buttons(app, v),
        # Discard first: the move of every turn, one Tab away from the hand.
        button(
            t("act.discard.named", card=card_text(codes[0])) if one else t("act.discard"),
            Act.DISCARD,
            "primary" if bar.discard is None else None,
            attrs=_refused(bar.discard),
            disabled=not (one and mine),
        ),
        button(t("act.new_meld"), Act.NEW_MELD, None, disabled=not sel),
        button(t("act.lay_off"), Act.LAY_OFF, None, attrs=_refused(bar.lay_off), disabled=not (sel and mine)),
        button(t("act.swap"), Act.SWAP, None, attrs=_refused(bar.swap), disabled=not (one and mine))
        if bar.swap_shown
        else None,
        button(t("act.clear_selection"), Act.CLEAR_SELECTION, "quiet", disabled=not sel),
        button(t("table.hint"), Act.HINT, "quiet", disabled=not app.drawn_to_act()),
    ]


def _loop_buttons(app: App, v: SeatView) -> list[Any]:
    """What leads on: Next deal once a deal is over (also with the score sheet closed), New game
    after the match, and Undo while a meld, lay-off or swap of this turn can be taken back."""
    if v["phase"] == Phase.DEAL_OVER:
        return [button(t("table.next_deal"), Act.NEXT_DEAL, "primary", key="next-deal-table")]
    if v["phase"] == Phase.MATCH_OVER:
        return [button(t("act.new_game"), Act.NEW_GAME, "primary", key="new-game-table")]
    return [button(t("act.undo"), Act.UNDO, None)] if app.can_undo() else []


def _chooser(s: Screen) -> Any:
    """Where the selected cards could go, one button per way, and Cancel."""
    options = [
        button(
            o.label,
            Act.CHOOSE,
            "choice-button",
            key=f"choose-{i}",
            data_index=i,
            data_meld=o.action.meld,
            data_choice=str(o.action.type) if isinstance(o.action, Swap) else str(o.action.end or "set"),
        )
        for i, o in enumerate(s.chooser or [])
    ]
    options.append(button(t("act.cancel"), Act.CHOOSE_CANCEL, "quiet"))
    return el(
        "section",
        "chooser",
        role="group",
        aria_labelledby="chooser-title",
        id="chooser",
        children=[el("h3", None, t("choose.title"), id="chooser-title"), *options],
    )


# --------------------------------------------------------------------- log
def log(s: Screen, app: App, stamp: Any) -> None:
    """The game's log, newest last, scrolled to the end: only the new lines are added. Under the
    cover every move is said by its player's name ("Liisa deals"), never "you"."""
    v = app.view()
    lines = log_lines(app, words.entries(v, app.names, by_names=s.covered))
    wanted = (t("log.earlier") if v["deal"] > 1 else None, lines)
    before = drawn("log")
    if not changed("log", wanted):
        return
    box = by_id("log")
    more = new_lines(before, wanted)
    if more is None:
        head = [el("li", "earlier", wanted[0])] if wanted[0] else []
        fill(box, [*head, *(el("li", None, line) for line in wanted[1])])
    if more:
        box.append(*reals(el("li", None, line) for line in more))
    _scroll_log()


def _scroll_now(*_: Any) -> None:
    scrolling["pending"] = False
    box = by_id("log")
    if box is not None:
        box.scrollTop = box.scrollHeight


scrolling = {"pending": False, "call": create_proxy(_scroll_now)}


def _scroll_log() -> None:
    """Scroll the log to its end at the next frame: reading its height forces a layout, which
    there costs nothing extra (the frame lays out anyway), but would in the middle of a redraw."""
    if not scrolling["pending"]:
        scrolling["pending"] = True
        window.requestAnimationFrame(scrolling["call"])


# ------------------------------------------------------------------- cover
# What is private to the person drawn for: emptied when the cover goes up, drawn again (their
# signatures forgotten) when it is lifted. The centre draws only its piles under the cover.
PRIVATE = ("hand", "actions", "area", "mine")
PRIVATE_MEMORY = (*PRIVATE, "hand-cards", "hand-order")


def cover(s: Screen, app: App) -> None:
    """The cover between two people's turns at this device: a dialog naming who is next, with
    their "I am Liisa" button (or, while computer players play under it, saying so).

    Behind it nothing private is in the page at all (``PRIVATE`` is emptied, not hidden:
    a screen reader or the page's text must not hold a card of anyone's hand), and the
    public rest of the table is inert, so the focus stays in the cover."""
    seat = cover_seat(app) if s.covered else None
    name = None if seat is None else app.names[seat]
    if not changed("cover", (s.covered, name, i18n.language)):
        return
    table = by_id("table")
    for part in table.querySelectorAll(":scope > .topbar, :scope > .board"):
        part.inert = s.covered
    box = by_id("cover")
    if not s.covered:
        box.hidden = True
        box.replaceChildren()
        return
    for region in PRIVATE:
        by_id(region).replaceChildren()
    by_id("area").hidden = True
    by_id("hand-title").textContent = ""
    for region in PRIVATE_MEMORY:
        remember(region, None)
    parts = [el("h2", None, cover_title(app), id="cover-title")]
    if name is not None:
        parts.append(el("p", "cover-help", t("cover.help", name=name), id="cover-help"))
        parts.append(button(t("cover.button", name=name), Act.UNCOVER, "primary"))
    dialog = el(
        "section",
        "cover",
        role="dialog",
        aria_modal="true",
        aria_labelledby="cover-title",
        aria_describedby=None if name is None else "cover-help",
        id="cover-dialog",
        children=parts,
    )
    box.hidden = False
    fill(box, [dialog])
