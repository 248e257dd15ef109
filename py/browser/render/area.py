"""The lay-down area: the melds you are composing (drafts), each checked, and the whole lay-down.

Browser only: it draws through ``browser.dom``, which does ``from js import document``.
What is legal is the engine's word: a draft's verdict comes from ``LayDown.check``
and the whole lay-down's from ``App.check`` (``Game.check``); nothing is decided here.
"""

from __future__ import annotations

import json
from typing import Any

from browser.dom import button, by_id, card_classes, card_face, el, fill, refused, spoken
from rommi.cards import JOKER_CODE
from rommi.game import Phase
from rommi.melds import RUN
from rommi.views import SeatView
from ui.commands.acts import Act
from ui.draw.regions import changed
from ui.model.app import App
from ui.model.laydown import Check, Draft, put_refusal
from ui.screen import Screen
from ui.words.faces import rank_label
from ui.words.i18n import card_name, card_text, contract_text, rank_plural, suit_word, t


def area(s: Screen, app: App, stamp: Any) -> None:
    """The drafts and the lay-down's footer; hidden when there is nothing to compose."""
    v = app.view()
    live = v["phase"] in (Phase.DRAW, Phase.PLAY, Phase.BUY)
    playing = app.drawn_to_act() and v["phase"] == Phase.PLAY
    hidden = not app.area.drafts or not live or (app.area.is_empty() and not playing)
    # Hidden, it is empty whatever the move: not emptied again at every move.
    sig = hidden or (
        stamp,
        json.dumps(app.area.to_dict()),
        tuple(app.selected),
        tuple(app.hand.entries),
        v["phase"],
        (s.refusal, s.refused_at),
    )
    if not changed("area", sig):
        return
    box = by_id("area")
    if hidden:
        box.hidden = True
        box.replaceChildren()
        return
    box.hidden = False
    # On a phone the area is a drawer, open only while it holds cards (the styles hide it otherwise).
    box.setAttribute("data-open", "false" if app.area.is_empty() else "true")
    drafts = [_draft(app, v, i, d) for i, d in enumerate(app.area.drafts)]
    fill(
        box,
        [
            el("h2", "area-title", t("ld.title")),
            el("div", "drafts", children=drafts),
            _footer(app, v),
            refused(s, "area"),
        ],
    )


def _draft(app: App, v: SeatView, i: int, d: Draft) -> Any:
    """One draft: its title and kind, its cards, its verdict and its controls."""
    code, ace_high = app.code, app.ace_high
    check = app.area.check(i, code, ace_high)
    kind = app.area.kind_of(i, code)
    title = _draft_title(v, d)
    head = [el("span", "draft-title", title)]
    if not d.slot:
        head += _free_draft_buttons(i, kind)
    order = list(check.order) if check.order else app.area.arranged(i, code, ace_high) if d.uids else []
    state = "empty" if check.empty else ("ok" if check.ok else "bad")
    # A group, not a landmark: two contract slots of one kind share a title ("Contract: Set").
    return el(
        "div",
        f"draft {state}",
        role="group",
        data_index=i,
        data_state=state,
        data_kind=d.kind or "",
        aria_label=title,
        children=[
            el("header", "draft-head", children=head),
            el(
                "div",
                "draft-cards",
                children=[_draft_card(app, check, pos, uid) for pos, uid in enumerate(order)],
            ),
            _draft_status(app, check),
            el("div", "draft-controls", children=_draft_controls(app, i, kind, d)),
        ],
    )


def _draft_title(v: SeatView, d: Draft) -> str:
    """A contract slot's name (``Contract: Set``), or an extra or free meld."""
    if d.slot:
        return t("ld.slot.contract", name=t("ld.slot." + (d.kind or "meld")))
    if v["variant"] == "contract" and not v["laid_down"][v["seat"]]:  # the drawn seat's own view
        return t("ld.slot.extra")
    return t("ld.slot.meld")


def _free_draft_buttons(i: int, kind: str) -> list[Any]:
    """A free draft's Set / Run toggles and its remove button."""
    toggles = [
        button(
            t("ld.slot." + k),
            Act.DRAFT_KIND,
            "toggle" + (" on" if kind == k else ""),
            key=f"draft-{i}-kind-{k}",
            data_index=i,
            data_value=k,
            aria_pressed="true" if kind == k else "false",
        )
        for k in ("set", "run")
    ]
    remove = button(
        "✕",
        Act.DRAFT_REMOVE,
        "icon",
        key=f"draft-{i}-remove",
        data_index=i,
        aria_label=t("ld.remove_slot"),
        title=t("ld.remove_slot"),
    )
    return [*toggles, remove]


def _draft_card(app: App, check: Check, pos: int, uid: int) -> Any:
    """A card in a draft (pressing it takes it back); a joker says what it stands for."""
    c = app.code(uid)
    note = None
    if c == JOKER_CODE and check.meld is not None:
        stands = check.meld.stands_for(pos)
        note = card_text(str(stands)) if stands is not None else rank_label(check.meld.rank)
    name = card_name(c) + (f" ({t('ld.joker_stands', card=note)})" if note else "")
    return button(
        None,
        Act.DRAFT_CARD,
        card_classes(c, "small"),
        key=f"card-{uid}",
        data_uid=uid,
        data_card=c,
        children=[
            spoken(name),
            *card_face(c),
            el("span", "stands", note, aria_hidden="true") if note else None,
        ],
    )


def _draft_status(app: App, check: Check) -> Any:
    """The draft's verdict: empty, the meld it makes, or why not."""
    if check.empty:
        return el("p", "draft-status", t("ld.slot.empty"))
    if check.ok and check.meld is not None:
        return el("p", "draft-status ok", _meld_ok(check.meld))
    return el("p", "draft-status bad", app.refusal_text(check.error) if check.error else "")


def _draft_controls(app: App, i: int, kind: str, d: Draft) -> list[Any]:
    """Put the selected cards here; in a run, move a spare joker or choose the ace's end."""
    why = put_refusal(app, i)  # unavailable, not disabled: it keeps the focus after a Put or a Clear
    controls = [
        button(
            t("ld.put_here"),
            Act.PUT,
            "small-button",
            key=f"draft-{i}-put",
            data_index=i,
            attrs={} if why is None else {"aria-disabled": "true", "title": why},
        )
    ]
    if kind != RUN or not d.uids:
        return controls
    code, ace_high = app.code, app.ace_high
    low, high = app.area.spare_jokers(i, code, ace_high)
    if high:
        controls.append(
            button(t("ld.joker.low"), Act.JOKER_LOW, "small-button", key=f"draft-{i}-jl", data_index=i)
        )
    if low:
        controls.append(
            button(t("ld.joker.high"), Act.JOKER_HIGH, "small-button", key=f"draft-{i}-jh", data_index=i)
        )
    if app.area.has_ace_choice(i, code, ace_high):
        up = app.area.ace_is_high(i, code, ace_high)
        controls.append(
            button(
                t("ld.ace.low" if up else "ld.ace.high"),
                Act.ACE,
                "small-button",
                key=f"draft-{i}-ace",
                data_index=i,
                data_value="low" if up else "high",
            )
        )
    return controls


def _footer(app: App, v: SeatView) -> Any:
    """The whole lay-down's verdict, and Add meld, Clear and Lay down."""
    overall, ready = _overall(app, v)
    lay = button(
        t("ld.lay_down"),
        Act.LAY_DOWN,
        "primary" if ready else None,
        aria_disabled=None if ready else "true",
        aria_describedby="area-status",
    )
    buttons = [
        button(t("ld.add_extra"), Act.NEW_MELD, None, key="area-add", disabled=not app.selected),
        button(t("ld.clear"), Act.AREA_CLEAR, None, disabled=app.area.is_empty()),
        lay,
    ]
    return el("footer", "area-foot", children=[overall, el("div", "area-buttons", children=buttons)])


def _overall(app: App, v: SeatView) -> tuple[Any, bool]:
    """The whole lay-down: the engine's verdict (``Game.check``), nothing done; and whether it is ready."""
    action = app.lay_down_action()
    if action is None:
        return el("p", "area-status", t("ld.help")), False
    if not (app.drawn_to_act() and v["phase"] == Phase.PLAY):
        return el("p", "area-status", t("ld.wait_turn")), False
    error = app.check(action)
    if error is not None:
        return el("p", "area-status bad", app.refusal_text(error), id="area-status"), False
    text = (
        t("ld.ready.contract", contract=contract_text(v))
        if v["variant"] == "contract" and not v["laid_down"][app.drawn_for]
        else t("ld.ready")
    )
    return el("p", "area-status ok", text, id="area-status"), True


def _meld_ok(meld: Any) -> str:
    """What a good draft makes, in words: ``✓ A set of sevens.``, ``✓ A run in hearts, 5 to 8.``"""
    if meld.kind == "set":
        return t("ld.ok.set", rank=rank_plural(meld.rank))
    shown = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}
    return t(
        "ld.ok.run",
        suit=suit_word(meld.suit),
        low=shown.get(meld.rank, str(meld.rank)),
        high=shown.get(meld.high, str(meld.high)),
    )
