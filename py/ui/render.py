"""Draw the page from ``Screen`` and ``App``: the setup form, the table, the score sheet.

Rendering is a function of the human seat's view plus the table's own state
(selection, lay-down drafts, hand order). Each region is redrawn only when
what it shows has changed (a signature per region), which keeps the page
quick while the computer players move and keeps focus where it was.
Every control is a ``<button data-act=...>``; ``main.py`` has one click handler.
"""

from __future__ import annotations

import json
from typing import Any

from rommi.bots import LEVELS
from rommi.melds import RUN
from rommi.options import PLAYERS, VARIANTS

from .app import HUMAN, App
from .dom import back, button, by_id, card_classes, card_face, card_span, el, fill, focus_key, restore_focus
from .faces import rank_label
from .i18n import (
    card_name,
    card_text,
    cards_text,
    contract_text,
    deal_contract,
    join_names,
    rank_plural,
    suit_word,
    t,
)
from .logtext import log_lines, view_meld_words
from .settings import MAX_OPPONENTS, NAME_MAX, PACES, house_rules
from .state import Screen, deal_line, prompt_line, turn_line, went_out_of_row
from .text_en import BOT_NAMES

_last: dict[str, Any] = {}
MAX_BACKS = 14


def _changed(region: str, signature: Any) -> bool:
    """True (and remembered) when ``region`` must be redrawn."""
    if _last.get(region) == signature:
        return False
    _last[region] = signature
    return True


def forget() -> None:
    """Redraw every region next time (after the screen changed)."""
    _last.clear()


# ============================================================== the page
def _spoken(text: str) -> Any:
    """A control's accessible name as hidden text inside it (its drawn face is ``aria-hidden``).

    Naming a card by its content rather than ``aria-label`` keeps the name and
    the visible text from disagreeing (axe: label-content-name-mismatch).
    """
    return el("span", "visually-hidden spoken", text)


def render(s: Screen) -> None:
    key = focus_key()
    root = by_id("app")
    root.setAttribute("data-screen", s.screen)
    root.classList.toggle("four-colour", s.settings.four_colour)
    _notes(s)
    if s.screen == "setup" or s.app is None:
        by_id("setup").hidden = False
        by_id("table").hidden = True
        _setup(s)
    else:
        by_id("setup").hidden = True
        by_id("table").hidden = False
        _table(s, s.app)
    restore_focus(key)


def _notes(s: Screen) -> None:
    if not _changed("notes", tuple(s.notes)):
        return
    box = by_id("notes")
    fill(box, [el("p", "note", n) for n in s.notes])
    box.hidden = not s.notes


# ============================================================== setup
def _setup(s: Screen) -> None:
    f = s.form
    v = f.variant
    players = f.players_for(v)
    sig = (json.dumps(f.to_dict(), sort_keys=True), s.setup_notice, s.setup_error, s.app is not None)
    if not _changed("setup", sig):
        return
    body: list[Any] = [el("h2", None, t("setup.title"), {"id": "setup-title"})]
    if s.setup_notice:
        body.append(el("p", "notice", s.setup_notice, {"role": "alert", "id": "setup-notice"}))
    if s.app is not None:
        body.append(el("p", "notice info", t("setup.in_progress", summary=s.app.summary())))

    # Game
    games = []
    for variant in VARIANTS:
        rid = f"variant-{variant}"
        games.append(
            el(
                "label",
                "choice" + (" chosen" if variant == v else ""),
                None,
                {"for": rid},
                [
                    el(
                        "input",
                        None,
                        None,
                        {
                            "type": "radio",
                            "name": "variant",
                            "value": variant,
                            "id": rid,
                            "checked": variant == v,
                        },
                    ),
                    el("span", "choice-name", t("setup.variant." + variant)),
                    el("span", "help", t(f"setup.variant.{variant}.help", target=f.basic["target"])),
                ],
            )
        )
    body.append(el("fieldset", "games", None, None, [el("legend", None, t("setup.game")), *games]))

    # Players and name
    low, high = PLAYERS[v]
    player_select = el(
        "select",
        None,
        None,
        {"name": "players", "id": "players"},
        [el("option", None, str(n), {"value": n, "selected": n == players}) for n in range(low, high + 1)],
    )
    name_input = el(
        "input",
        None,
        None,
        {
            "type": "text",
            "name": "name",
            "id": "name",
            "maxlength": NAME_MAX,
            "autocomplete": "nickname",
            "placeholder": t("setup.name.default"),
        },
    )
    name_input.value = f.name
    body.append(
        el(
            "fieldset",
            "people",
            None,
            None,
            [
                el("legend", None, t("setup.players")),
                _field(
                    t("setup.players"), "players", player_select, t("setup.players.help", count=players - 1)
                ),
                _field(t("setup.name"), "name", name_input, None),
            ],
        )
    )

    # Computer players
    same = el(
        "input",
        None,
        None,
        {"type": "checkbox", "name": "same_level", "id": "same_level", "checked": f.same_level},
    )
    rows = [el("legend", None, t("setup.opponents")), _check(same, t("setup.same_level"), "same_level", None)]
    if f.same_level:
        rows.append(_field(t("setup.level"), "level", _level_select("level", f.level), None))
    else:
        for i in range(min(players - 1, MAX_OPPONENTS)):
            name = f"level{i + 1}"
            rows.append(_field(BOT_NAMES[i], name, _level_select(name, f.levels[i]), None))
    body.append(el("fieldset", "opponents-setup", None, None, rows))

    # House rules
    rules = [el("legend", None, t("setup.house_rules"))]
    for rule in house_rules(f, v, players):
        fid = f"opt-{rule.key}"
        help_text = f"{rule.help} ({rule.default})"
        if rule.control == "select":
            control = el(
                "select",
                None,
                None,
                {"name": rule.key, "id": fid},
                [
                    el("option", None, c.label, {"value": c.value, "selected": c.value == rule.value})
                    for c in rule.choices
                ],
            )
            rules.append(_field(rule.label, fid, control, help_text))
        elif rule.control == "check":
            box = el(
                "input",
                None,
                None,
                {"type": "checkbox", "name": rule.key, "id": fid, "checked": rule.value == "1"},
            )
            rules.append(_check(box, rule.label, fid, help_text))
        else:
            control = el(
                "input",
                None,
                None,
                {"type": "number", "name": rule.key, "id": fid, "min": rule.low, "max": rule.high, "step": 1},
            )
            control.value = rule.value
            rules.append(_field(rule.label, fid, control, help_text))
    body.append(el("fieldset", "house-rules", None, None, rules))

    # At the table
    pace = el(
        "select",
        None,
        None,
        {"name": "pace", "id": "pace-setup"},
        [el("option", None, t("pace." + p), {"value": p, "selected": p == f.pace}) for p in PACES],
    )
    never = el(
        "input",
        None,
        None,
        {"type": "checkbox", "name": "never_ask_buy", "id": "never_ask_buy", "checked": f.never_ask_buy},
    )
    four = el(
        "input",
        None,
        None,
        {"type": "checkbox", "name": "four_colour", "id": "four_colour", "checked": f.four_colour},
    )
    body.append(
        el(
            "fieldset",
            "table-setup",
            None,
            None,
            [
                el("legend", None, t("setup.table")),
                _field(t("setup.pace"), "pace-setup", pace, t("setup.pace.help")),
                _check(never, t("setup.never_ask_buy"), "never_ask_buy", t("setup.never_ask_buy.help")),
                _check(four, t("setup.four_colour"), "four_colour", t("setup.four_colour.help")),
            ],
        )
    )
    if s.setup_error:
        body.append(el("p", "refusal", s.setup_error, {"role": "alert"}))
    actions = [button(t("setup.start"), "start", "primary")]
    if s.app is not None:
        actions.append(button(t("setup.continue"), "continue"))
    body.append(el("div", "setup-actions", None, None, actions))
    form = el("form", "setup-form", None, {"id": "setup-form", "novalidate": True}, body)
    fill(by_id("setup"), [form])


def _field(label: str, fid: str, control: Any, help_text: str | None) -> Any:
    parts = [el("label", None, label, {"for": fid}), control]
    if help_text:
        hid = f"{fid}-help"
        control.setAttribute("aria-describedby", hid)
        parts.append(el("span", "help", help_text, {"id": hid}))
    return el("div", "field", None, None, parts)


def _check(box: Any, label: str, fid: str, help_text: str | None) -> Any:
    parts = [el("label", "check", None, {"for": fid}, [box, el("span", None, label)])]
    if help_text:
        hid = f"{fid}-help"
        box.setAttribute("aria-describedby", hid)
        parts.append(el("span", "help", help_text, {"id": hid}))
    return el("div", "field", None, None, parts)


def _level_select(name: str, value: str) -> Any:
    return el(
        "select",
        None,
        None,
        {"name": name, "id": name},
        [el("option", None, t("setup.level." + lv), {"value": lv, "selected": lv == value}) for lv in LEVELS],
    )


# ============================================================== the table
def _table(s: Screen, app: App) -> None:
    v = app.view()
    table = by_id("table")
    table.setAttribute("data-phase", v["phase"])
    table.setAttribute("data-to-act", "" if v["to_act"] is None else str(v["to_act"]))
    table.setAttribute("data-human", "true" if app.human_to_act() else "false")
    table.setAttribute("data-busy", "true" if s.busy else "false")
    table.setAttribute("data-deal", str(v["deal"]))
    table.setAttribute("data-variant", v["variant"])
    stamp = (len(v["history"]), v["deal"], v["phase"], v["to_act"])
    _status(s, app, stamp)
    _opponents(app, stamp)
    _centre(s, app, stamp)
    _mine(app, stamp)
    _area(s, app, stamp)
    _hand(s, app)
    _actions(s, app, stamp)
    _log(app, stamp)
    _sheet(s, app, stamp)


def _status(s: Screen, app: App, stamp: Any) -> None:
    if not _changed("status", (stamp, s.pace)):
        return
    by_id("deal-info").textContent = deal_line(app)
    by_id("turn-info").textContent = turn_line(app)
    pace = by_id("pace")
    if pace.options.length == 0:
        for p in PACES:
            pace.appendChild(el("option", None, t("pace." + p), {"value": p}))
    pace.value = s.pace


def _seat_header(app: App, seat: int, v: dict[str, Any]) -> list[Any]:
    level = app.seats[seat].level
    badges = [el("span", "seat-name", app.names[seat])]
    badges.append(el("span", "seat-level", t("level." + (level or "human"))))
    if v["dealer"] == seat:
        badges.append(el("span", "badge", t("table.seat.dealer")))
    return badges


def _seat_facts(v: dict[str, Any], seat: int) -> list[Any]:
    facts = []
    if v["variant"] == "contract":
        laid = v["laid_down"][seat]
        facts.append(
            el(
                "span",
                "fact laid" if laid else "fact",
                ("✓ " if laid else "") + t("table.seat.laid_down" if laid else "table.seat.not_laid_down"),
            )
        )
        facts.append(el("span", "fact", t("table.seat.buys", count=v["buys"][seat])))
    return facts


def touched(v: dict[str, Any]) -> tuple[int | None, set[int], bool]:
    """What the last move touched, to show it: (the seat that moved, meld ids, the discard pile)."""
    history = v["history"]
    if not history:
        return None, set(), False
    e = history[-1]
    melds: set[int] = set()
    if e.get("type") == "meld":
        melds = set(e.get("ids", []))
    elif e.get("type") in ("layoff", "swap"):
        melds = {e["meld"]}
    pile = e.get("type") in ("discard", "deal") or (e.get("type") == "draw" and e.get("source") == "discard")
    return e.get("player"), melds, pile


def _meld_button(app: App, m: dict[str, Any], selectable: bool) -> Any:
    words = view_meld_words(m, app.names)
    cards = []
    for code, stands in zip(m["cards"], m["stands_for"], strict=False):
        note = None
        if code == "JK":  # what it stands for, short: 6♥ in a run, K in a set
            note = card_text(stands) if len(stands) == 2 else card_text(stands + "S")[:-1]
        cards.append(card_span(code, "small", note))
    spoken = ", ".join(
        (
            card_name(c)
            + (f" ({t('ld.joker_stands', card=card_text(st))})" if c == "JK" and len(st) == 2 else "")
        )
        for c, st in zip(m["cards"], m["stands_for"], strict=False)
    )
    just = m["id"] in touched(app.view())[1]
    return button(
        None,
        "meld",
        "meld" + (" targetable" if selectable else "") + (" just" if just else ""),
        key=f"meld-{m['id']}",
        attrs={"data-meld": m["id"]},
        children=[_spoken(t("meld.label", desc=words, cards=spoken)), *cards],
    )


def _opponents(app: App, stamp: Any) -> None:
    if not _changed("opponents", (stamp, tuple(app.names))):
        return
    v = app.view()
    seats = []
    from .logtext import last_move

    for seat in range(1, v["players"]):
        count = v["hand_sizes"][seat]
        current = v["to_act"] == seat
        backs = [back() for _ in range(min(count, MAX_BACKS))]
        melds = [_meld_button(app, m, True) for m in v["melds"] if m["owner"] == seat]
        count_text = t("table.seat.card") if count == 1 else t("table.seat.cards", count=count)
        level = app.seats[seat].level or "human"
        seats.append(
            el(
                "section",
                "seat" + (" current" if current else "") + (" just" if touched(v)[0] == seat else ""),
                None,
                {
                    "data-seat": seat,
                    "aria-label": t(
                        "table.seat.label", name=app.names[seat], level=t("level." + level), count=count
                    ),
                    "aria-current": "true" if current else None,
                },
                [
                    el("header", "seat-head", None, None, _seat_header(app, seat, v)),
                    el(
                        "div",
                        "seat-hand",
                        None,
                        None,
                        [
                            el("span", "backs", None, {"aria-hidden": "true"}, backs),
                            el("span", "count", count_text),
                        ],
                    ),
                    el("p", "facts", None, None, _seat_facts(v, seat)),
                    el("p", "last", last_move(v, app.names, seat) or "\u00a0"),
                    el("div", "melds", None, None, melds),
                ],
            )
        )
    box = by_id("opponents")
    box.setAttribute("data-count", str(v["players"] - 1))
    fill(box, seats)


def _centre(s: Screen, app: App, stamp: Any) -> None:
    v = app.view()
    sig = (stamp, v["discard_top"], v["stock_size"], s.refusal, s.message, s.settings.never_ask_buy)
    if not _changed("centre", sig):
        return
    mine = app.human_to_act()
    drawing = mine and v["phase"] == "draw"
    stock = button(
        None,
        "draw-stock",
        "pile stock" + (" live" if drawing else ""),
        attrs={"aria-label": t("table.stock.label", count=v["stock_size"])},
        children=[back("back big"), el("span", "pile-count", _count(v["stock_size"]))],
    )
    top = v["discard_top"]
    if top:
        discard_face = el(
            "span", card_classes(top, ""), None, {"aria-hidden": "true", "data-card": top}, card_face(top)
        )
        label = t("table.discard.label", card=card_name(top))
    else:
        discard_face = el("span", "empty-pile", None, {"aria-hidden": "true"})
        label = t("table.discard.empty")
    discard = button(
        None,
        "draw-discard",
        "pile discard" + (" live" if drawing else "") + (" just" if touched(v)[2] else ""),
        children=[
            _spoken(label),
            discard_face,
            el("span", "pile-count", _count(v["discard_size"]), {"aria-hidden": "true"}),
        ],
    )
    piles = el(
        "div",
        "piles",
        None,
        None,
        [
            el("div", "pile-box", None, None, [el("span", "pile-name", t("table.stock")), stock]),
            el("div", "pile-box", None, None, [el("span", "pile-name", t("table.discard")), discard]),
        ],
    )
    # Your prompt sits by the piles while you draw; while you play it is in the dock, by your hand.
    playing = mine and v["phase"] == "play"
    parts = [
        piles,
        None
        if playing
        else el("p", "prompt" + (" yours" if mine else ""), prompt_line(app), {"id": "prompt"}),
    ]
    if mine and v["phase"] == "buy":
        parts.append(_buy_panel(s, app))
    if s.refusal:
        parts.append(el("p", "refusal", t("refused", message=s.refusal), {"role": "alert", "id": "refusal"}))
    if s.message:
        parts.append(el("p", "message", s.message, {"role": "status", "id": "message"}))
    fill(by_id("centre"), parts)


def _count(n: int) -> str:
    return t("table.seat.card") if n == 1 else t("table.seat.cards", count=n)


def _buy_panel(s: Screen, app: App) -> Any:
    v = app.view()
    card = v["buy_card"]
    offered_by = v["turn"]
    max_buys = v["options"].get("max_buys")
    bought = v["buys"][HUMAN]
    lines = [
        el("h3", None, t("buy.title", card=card_text(card)), {"id": "buy-title"}),
        el(
            "div",
            "buy-card",
            None,
            None,
            [
                el(
                    "span",
                    card_classes(card, ""),
                    None,
                    {"aria-hidden": "true", "data-card": card},
                    card_face(card),
                )
            ],
        ),
        el("p", None, t("buy.text", name=app.names[offered_by], card=card_text(card))),
    ]
    if max_buys is not None:
        lines.append(el("p", "help", t("buy.limit", left=max_buys - bought)))
    elif bought:
        lines.append(el("p", "help", t("buy.bought", count=bought)))
    never = el("input", None, None, {"type": "checkbox", "id": "buy-never", "data-act": "buy-never"})
    lines.append(
        el(
            "div",
            "buy-actions",
            None,
            None,
            [button(t("buy.buy"), "buy", "primary"), button(t("buy.pass"), "pass")],
        )
    )
    lines.append(
        el("label", "check small", None, {"for": "buy-never"}, [never, el("span", None, t("buy.never"))])
    )
    return el(
        "section",
        "buy-panel",
        None,
        {"role": "group", "aria-labelledby": "buy-title", "id": "buy-panel"},
        lines,
    )


def _mine(app: App, stamp: Any) -> None:
    if not _changed("mine", (stamp, tuple(app.names))):
        return
    v = app.view()
    melds = [_meld_button(app, m, True) for m in v["melds"] if m["owner"] == HUMAN]
    head = el(
        "header",
        "seat-head",
        None,
        None,
        [
            el("span", "seat-name", app.names[HUMAN]),
            el("span", "seat-level", t("table.seat.you")),
            *_seat_facts(v, HUMAN),
        ]
        + ([el("span", "badge", t("table.seat.dealer"))] if v["dealer"] == HUMAN else []),
    )
    box = by_id("mine")
    box.classList.toggle("current", v["to_act"] == HUMAN)
    fill(
        box,
        [
            head,
            el("div", "melds", None, None, melds or [el("span", "help", t("table.no_melds"))]),
        ],
    )


# --------------------------------------------------------------- lay-down area
def _area(s: Screen, app: App, stamp: Any) -> None:
    v = app.view()
    area = app.area
    sig = (
        stamp,
        json.dumps(area.to_dict()),
        tuple(app.selected),
        tuple(app.hand.entries),
        v["phase"],
    )
    if not _changed("area", sig):
        return
    box = by_id("area")
    live = v["phase"] in ("draw", "play", "buy")
    playing = app.human_to_act() and v["phase"] == "play"
    if not area.drafts or not live or (area.is_empty() and not playing):
        box.hidden = True
        box.replaceChildren()
        return
    box.hidden = False
    ace_high = app.ace_high
    code = app.code
    drafts = []
    for i, d in enumerate(area.drafts):
        check = area.check(i, code, ace_high)
        kind = area.kind_of(i, code)
        if d.slot:
            title = t("ld.slot.contract", name=t("ld.slot." + (d.kind or "meld")))
        else:
            title = (
                t("ld.slot.extra")
                if v["variant"] == "contract" and not v["laid_down"][HUMAN]
                else t("ld.slot.meld")
            )
        head = [el("span", "draft-title", title)]
        if not d.slot:
            for k in ("set", "run"):
                head.append(
                    button(
                        t("ld.slot." + k),
                        "draft-kind",
                        "toggle" + (" on" if kind == k else ""),
                        key=f"draft-{i}-kind-{k}",
                        attrs={
                            "data-index": i,
                            "data-value": k,
                            "aria-pressed": "true" if kind == k else "false",
                        },
                    )
                )
            head.append(
                button(
                    "✕",
                    "draft-remove",
                    "icon",
                    key=f"draft-{i}-remove",
                    attrs={"data-index": i, "aria-label": t("ld.remove_slot"), "title": t("ld.remove_slot")},
                )
            )
        order = list(check.order) if check.order else area.arranged(i, code, ace_high) if d.uids else []
        cards = []
        for pos, uid in enumerate(order):
            c = code(uid)
            note = None
            if c == "JK" and check.meld is not None:
                stands = check.meld.stands_for(pos)
                note = card_text(str(stands)) if stands is not None else rank_label(check.meld.rank)
            name = card_name(c) + (f" ({t('ld.joker_stands', card=note)})" if note else "")
            cards.append(
                button(
                    None,
                    "draft-card",
                    card_classes(c, "small"),
                    key=f"card-{uid}",
                    attrs={"data-uid": uid, "data-card": c},
                    children=[
                        _spoken(name),
                        *card_face(c),
                        el("span", "stands", note, {"aria-hidden": "true"}) if note else None,
                    ],
                )
            )
        if check.empty:
            status = el("p", "draft-status", t("ld.slot.empty"))
        elif check.ok and check.meld is not None:
            status = el("p", "draft-status ok", _meld_ok(check.meld))
        else:
            status = el("p", "draft-status bad", app.refusal_text(check.error) if check.error else "")
        controls = [
            button(
                t("ld.put_here"),
                "put",
                "small-button",
                key=f"draft-{i}-put",
                attrs={"data-index": i},
                disabled=not app.selected,
            )
        ]
        if kind == RUN and d.uids:
            low, high = area.spare_jokers(i, code, ace_high)
            if high:
                controls.append(
                    button(
                        t("ld.joker.low"),
                        "joker-low",
                        "small-button",
                        key=f"draft-{i}-jl",
                        attrs={"data-index": i},
                    )
                )
            if low:
                controls.append(
                    button(
                        t("ld.joker.high"),
                        "joker-high",
                        "small-button",
                        key=f"draft-{i}-jh",
                        attrs={"data-index": i},
                    )
                )
            if area.has_ace_choice(i, code, ace_high):
                up = area.ace_is_high(i, code, ace_high)
                controls.append(
                    button(
                        t("ld.ace.low" if up else "ld.ace.high"),
                        "ace",
                        "small-button",
                        key=f"draft-{i}-ace",
                        attrs={"data-index": i, "data-value": "low" if up else "high"},
                    )
                )
        state = "empty" if check.empty else ("ok" if check.ok else "bad")
        drafts.append(
            el(
                "section",
                f"draft {state}",
                None,
                {"data-index": i, "data-state": state, "data-kind": d.kind or "", "aria-label": title},
                [
                    el("header", "draft-head", None, None, head),
                    el("div", "draft-cards", None, None, cards),
                    status,
                    el("div", "draft-controls", None, None, controls),
                ],
            )
        )
    # The whole lay-down: the engine's verdict (Game.check), nothing done.
    action = app.lay_down_action()
    ready = False
    if action is None:
        overall = el("p", "area-status", t("ld.help"))
    elif not (app.human_to_act() and v["phase"] == "play"):
        overall = el("p", "area-status", t("ld.wait_turn"))
    else:
        error = app.check(action)
        if error is None:
            ready = True
            text = (
                t("ld.ready.contract", contract=contract_text(v))
                if v["variant"] == "contract" and not v["laid_down"][HUMAN]
                else t("ld.ready")
            )
            overall = el("p", "area-status ok", text, {"id": "area-status"})
        else:
            overall = el("p", "area-status bad", app.refusal_text(error), {"id": "area-status"})
    lay = button(
        t("ld.lay_down"),
        "lay-down",
        "primary" if ready else None,
        attrs={"aria-disabled": None if ready else "true", "aria-describedby": "area-status"},
    )
    footer = el(
        "footer",
        "area-foot",
        None,
        None,
        [
            overall,
            el(
                "div",
                "area-buttons",
                None,
                None,
                [
                    button(t("ld.add_extra"), "new-meld", None, key="area-add", disabled=not app.selected),
                    button(t("ld.clear"), "area-clear", None, disabled=area.is_empty()),
                    lay,
                ],
            ),
        ],
    )
    fill(
        box,
        [
            el("h2", "area-title", t("ld.title")),
            el("div", "drafts", None, None, drafts),
            footer,
        ],
    )


def _meld_ok(meld: Any) -> str:
    if meld.kind == "set":
        return t("ld.ok.set", rank=rank_plural(meld.rank))
    shown = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}
    return t(
        "ld.ok.run",
        suit=suit_word(meld.suit),
        low=shown.get(meld.rank, str(meld.rank)),
        high=shown.get(meld.high, str(meld.high)),
    )


# ------------------------------------------------------------------- the hand
def _hand(s: Screen, app: App) -> None:
    hinted = set(s.hint.get("cards", [])) if s.hint else set()
    row = app.in_hand_row()
    sig = (
        tuple(row),
        tuple(app.selected),
        tuple(sorted(app.hand.fresh)),
        tuple(sorted(hinted)),
        len(app.hand.entries),
    )
    if not _changed("hand", sig):
        return
    cards = []
    for uid, code in row:
        fresh = uid in app.hand.fresh
        label = card_name(code) + (f", {t('table.new_card')}" if fresh else "")
        cls = card_classes(code) + (" fresh" if fresh else "") + (" hinted" if uid in hinted else "")
        children = card_face(code)
        if fresh:
            children.append(el("span", "new-mark", t("table.new_card"), {"aria-hidden": "true"}))
        cards.append(
            button(
                None,
                "card",
                cls,
                key=f"card-{uid}",
                attrs={
                    "data-uid": uid,
                    "data-card": code,
                    "aria-pressed": "true" if uid in app.selected else "false",
                },
                children=[_spoken(label), *children],
            )
        )
    fill(by_id("hand"), cards)
    parked = len(app.area.used())
    title = t("table.hand.count", count=len(app.hand.entries))
    by_id("hand-title").textContent = title + (t("table.hand.parked", count=parked) if parked else "")


# ------------------------------------------------------------------ actions
def _actions(s: Screen, app: App, stamp: Any) -> None:
    v = app.view()
    sel = app.selected
    hint_sig = json.dumps(s.hint, sort_keys=True) if s.hint else ""
    chooser_sig = tuple(o.label for o in s.chooser) if s.chooser else ()
    if not _changed("actions", (stamp, tuple(sel), hint_sig, chooser_sig, tuple(app.hand.entries))):
        return
    mine = app.human_to_act() and v["phase"] in ("draw", "play")
    codes = [app.code(u) for u in sel]
    status = t("prompt.selected", cards=cards_text(codes)) if sel else t("prompt.select")
    one = len(sel) == 1
    bar = app.bar()

    def refused(why: str | None) -> dict[str, Any]:
        # Unavailable, with the engine's reason as its description; pressing it shows the reason too.
        return {} if why is None else {"aria-disabled": "true", "title": why}

    buttons = [
        button(t("act.new_meld"), "new-meld", None, disabled=not sel),
        button(t("act.lay_off"), "lay-off", None, attrs=refused(bar.lay_off), disabled=not (sel and mine)),
        button(t("act.swap"), "swap", None, attrs=refused(bar.swap), disabled=not (one and mine))
        if bar.swap_shown
        else None,
        button(
            t("act.discard.named", card=card_text(codes[0])) if one else t("act.discard"),
            "discard",
            "primary" if bar.discard is None else None,
            attrs=refused(bar.discard),
            disabled=not (one and mine),
        ),
        button(t("act.clear_selection"), "clear-selection", "quiet", disabled=not sel),
        button(t("table.hint"), "hint", "quiet", disabled=not app.human_to_act()),
    ]
    playing = app.human_to_act() and v["phase"] == "play"
    parts = [
        el("p", "prompt yours", prompt_line(app), {"id": "prompt"}) if playing else None,
        el("p", "selection", status, {"id": "selection", "aria-live": "polite"}),
        el("div", "action-buttons", None, None, buttons),
    ]
    if s.chooser:
        options = [
            button(
                o.label,
                "choose",
                "choice-button",
                key=f"choose-{i}",
                attrs={
                    "data-index": i,
                    "data-meld": o.action["meld"],
                    "data-choice": o.action["type"]
                    if o.action["type"] == "swap"
                    else o.action.get("end") or "set",
                },
            )
            for i, o in enumerate(s.chooser)
        ]
        options.append(button(t("act.cancel"), "choose-cancel", "quiet"))
        parts.append(
            el(
                "section",
                "chooser",
                None,
                {"role": "group", "aria-labelledby": "chooser-title", "id": "chooser"},
                [el("h3", None, t("choose.title"), {"id": "chooser-title"}), *options],
            )
        )
    if s.hint:
        parts.append(el("p", "hint-text", s.hint["text"], {"id": "hint-text", "role": "status"}))
    fill(by_id("actions"), parts)


# ---------------------------------------------------------------------- log
def _log(app: App, stamp: Any) -> None:
    if not _changed("log", (stamp, tuple(app.names))):
        return
    v = app.view()
    lines = log_lines(v, app.names)
    items = [el("li", "earlier", t("log.earlier"))] if v["deal"] > 1 else []
    items += [el("li", None, line) for line in lines]
    box = by_id("log")
    fill(box, items)
    box.scrollTop = box.scrollHeight


# -------------------------------------------------------------- score sheet
def _sheet(s: Screen, app: App, stamp: Any) -> None:
    v = app.view()
    sig = (stamp, s.sheet_open, json.dumps(s.ledger, sort_keys=True))
    if not _changed("sheet", sig):
        return
    box = by_id("sheet")
    if not s.sheet_open:
        box.hidden = True
        box.replaceChildren()
        return
    box.hidden = False
    over = v["phase"] == "match_over"
    finished = v["phase"] in ("deal_over", "match_over")
    names = app.names
    title = (
        t("score.title.match")
        if over
        else t("score.title.deal", deal=v["deal"])
        if finished
        else t("table.menu.scores")
    )
    parts: list[Any] = [el("h2", None, title, {"id": "sheet-title"})]
    if finished:
        out = v["went_out"]
        parts.append(
            el(
                "p",
                "sheet-out",
                t("score.out", name=names[out]) if out is not None else t("score.nobody_out"),
            )
        )
    if over:
        winners = [names[w] for w in v["winners"]]
        if v["winners"] == [HUMAN]:
            text = t("score.you_win")
        else:
            text = t("score.winner" if len(winners) == 1 else "score.winners", names=join_names(winners))
        parts.append(el("p", "winner", text))
    contract = v["variant"] == "contract"
    parts.append(
        el(
            "p",
            "help",
            t("score.lowest_wins") if contract else t("score.highest_wins", target=v["options"]["target"]),
        )
    )
    # The table of deals
    head = [el("th", None, t("score.deal"), {"scope": "col"})]
    if contract:
        head.append(el("th", "contract-head", t("score.contract"), {"scope": "col"}))
    head += [el("th", None, n, {"scope": "col"}) for n in names]
    rows = [el("tr", None, None, None, head)]
    played = v["deal_scores"]
    # Deal numbers of the rows: a game may start at a later deal (stacked puzzles), so count back.
    first = (v["deal"] if finished else v["deal"] - 1) - len(played) + 1
    last = v["deals"] if contract else first + len(played) - 1

    for deal in range(first, last + 1):
        i = deal - first
        cells = [el("th", None, str(deal), {"scope": "row"})]
        if contract:
            words = deal_contract(deal, v["options"]["runs_differ_in_suit"])
            cells.append(el("td", "contract-cell", words))
        if i < len(played):
            row = played[i]
            out = v["went_out"] if i == len(played) - 1 and finished else went_out_of_row(v["variant"], row)
            for seat, value in enumerate(row):
                mark = None
                if seat == out:
                    mark = el("span", "out-mark", t("score.went_out.mark"), {"title": t("score.went_out")})
                cells.append(
                    el("td", "out" if seat == out else None, str(value) + (" " if mark else ""), None, [mark])
                )
        else:
            cells += [el("td", "future", "") for _ in names]
        cls = "current" if i == len(played) - 1 and finished else ("future" if i >= len(played) else None)
        rows.append(el("tr", cls, None, None, cells))
    total = [el("th", None, t("score.total"), {"scope": "row"})]
    if contract:
        total.append(el("td", None, ""))
    total += [el("td", "total", str(x)) for x in v["scores"]]
    rows.append(el("tr", "totals", None, None, total))
    parts.append(
        el(
            "div",
            "sheet-scroll",
            None,
            None,
            [
                el(
                    "table",
                    "scores",
                    None,
                    {"aria-labelledby": "sheet-title"},
                    [el("tbody", None, None, None, rows)],
                )
            ],
        )
    )
    if over:
        parts.append(_ledger(s, app))
    buttons = []
    if v["phase"] == "deal_over":
        if contract:
            parts.append(
                el(
                    "p",
                    "next-deal",
                    t(
                        "score.next",
                        deal=v["deal"] + 1,
                        contract=deal_contract(v["deal"] + 1, v["options"]["runs_differ_in_suit"]),
                    ),
                )
            )
        buttons.append(button(t("act.next_deal"), "next-deal", "primary"))
    if over:
        buttons.append(button(t("act.new_game"), "new-game", "primary", key="sheet-new-game"))
    buttons.append(button(t("act.close"), "sheet-close", "quiet"))
    parts.append(el("div", "sheet-buttons", None, None, buttons))
    dialog = el(
        "section",
        "sheet",
        None,
        {"role": "dialog", "aria-modal": "true", "aria-labelledby": "sheet-title", "id": "sheet-dialog"},
        parts,
    )
    fill(box, [dialog])


def _ledger(s: Screen, app: App) -> Any:
    v = app.view()
    names = app.names
    parts = []
    if v["variant"] == "contract":
        rows = [
            el(
                "tr",
                None,
                None,
                None,
                [
                    el("th", None, "", {"scope": "col"}),
                    el("th", None, t("score.ledger.match"), {"scope": "col"}),
                    el("th", None, t("score.ledger.total"), {"scope": "col"}),
                ],
            )
        ]
        for seat, name in enumerate(names):
            rows.append(
                el(
                    "tr",
                    None,
                    None,
                    None,
                    [
                        el("th", None, name, {"scope": "row"}),
                        el("td", None, _signed(v["ledger"][seat])),
                        el("td", None, _signed(s.ledger["balance"].get(name, "0"))),
                    ],
                )
            )
        parts += [
            el("h3", None, t("score.ledger")),
            el("p", "help", t("score.ledger.help")),
            el("table", "ledger", None, None, [el("tbody", None, None, None, rows)]),
        ]
    wins = ", ".join(f"{n}: {s.ledger['wins'].get(n, 0)}" for n in names)
    parts += [
        el("p", "help", t("score.ledger.games", count=s.ledger["games"])),
        el("p", "help", f"{t('score.wins')}: {wins}"),
    ]
    return el("section", "ledger-box", None, None, parts)


def _signed(amount: str) -> str:
    return amount if amount.startswith("-") or amount == "0" else "+" + amount
