"""The score sheet: a dialog with the deals' scores, who went out and won, and the ledger of matches.

Browser only: it draws through ``browser.dom``, which does ``from js import document``.
"""

from __future__ import annotations

import json
from typing import Any

from browser.dom import button, by_id, el, fill
from browser.render.tutorial import in_sheet
from rommi.game import Phase
from rommi.views import SeatView
from ui.commands.acts import Act
from ui.draw.regions import changed
from ui.model.app import App
from ui.screen import Screen, match_result, signed, went_out_line, went_out_of_row
from ui.words.i18n import cards_text, deal_contract, t


def sheet(s: Screen, app: App, stamp: Any) -> None:
    """The score sheet dialog when it is open (after a deal, or from the menu); else hidden."""
    v = app.view()
    # Closed, it is hidden and empty whatever the move: not emptied again at every move.
    sig = (stamp, s.sheet_open, json.dumps(s.ledger, sort_keys=True)) if s.sheet_open else False
    if not changed("sheet", sig):
        return
    box = by_id("sheet")
    if not s.sheet_open:
        box.hidden = True
        box.replaceChildren()
        return
    box.hidden = False
    parts: list[Any] = [
        el("h2", None, _title(app, v), id="sheet-title"),
        *in_sheet(s),  # a lesson's step (``browser.render.tutorial``)
        *_outcome(app, v),
        el(
            "p",
            "help",
            t("score.lowest_wins")
            if _contract(v)
            else t("score.highest_wins", target=v["options"]["target"]),
        ),
        _scores(app, v),
    ]
    if v["phase"] == Phase.MATCH_OVER:
        parts.append(_ledger(s, app))
    rematch = s.online is not None and s.online.host is not None  # the host of an online table
    parts += _closing(v, app.log is not None, rematch)
    dialog = el(
        "section",
        "sheet",
        role="dialog",
        aria_modal="true",
        aria_labelledby="sheet-title",
        id="sheet-dialog",
        children=parts,
    )
    fill(box, [dialog])


def _contract(v: SeatView) -> bool:
    """Contract rummy (lowest total wins, a fixed number of deals)."""
    return bool(v["variant"] == "contract")


def _finished(v: SeatView) -> bool:
    """The deal is over (and so perhaps the match)."""
    return bool(v["phase"] in (Phase.DEAL_OVER, Phase.MATCH_OVER))


def _title(app: App, v: SeatView) -> str:
    """The sheet's title: who won the match, a deal's result, or the scores so far."""
    if v["phase"] == Phase.MATCH_OVER:
        return match_result(app)[0]
    if _finished(v):
        return t("score.title.deal", deal=v["deal"])
    return t("table.menu.scores")


def _outcome(app: App, v: SeatView) -> list[Any]:
    """Who went out and every hand left (after a deal), and your change in the ledger (after a
    match of contract rummy; the heading names the winner)."""
    parts = []
    if _finished(v):
        parts.append(el("p", "sheet-out", went_out_line(app)))
        parts.append(_revealed(app, v))
    change = match_result(app)[1] if v["phase"] == Phase.MATCH_OVER else None
    if change:
        parts.append(el("p", "winner", change))
    return parts


def _revealed(app: App, v: SeatView) -> Any:
    """Every player's cards left at the end of the deal, face up, with what they count."""
    items = []
    for seat, hand in enumerate(v.get("revealed") or []):
        name = t("score.you") if seat == app.drawn_for else app.names[seat]  # "You: 6♠ 4♣ (10 points)"
        if hand["cards"]:
            text = t("score.left", name=name, cards=cards_text(hand["cards"]), count=hand["points"])
        else:
            text = t("score.left.none", name=name)
        items.append(el("li", None, text))
    return el("ul", "sheet-hands", aria_label=t("score.left.title"), children=items)


def _scores(app: App, v: SeatView) -> Any:
    """The table of deals: a row per deal (the contract's deals still to play too), then the totals."""
    played = v["deal_scores"]
    # Deal numbers of the rows: a game may start at a later deal (stacked puzzles), so count back.
    first = (v["deal"] if _finished(v) else v["deal"] - 1) - len(played) + 1
    deals = v["deals"]  # a number in contract rummy, None in basic
    last = deals if deals is not None and _contract(v) else first + len(played) - 1
    rows = [
        _head_row(app, v),
        *(_deal_row(app, v, deal, deal - first) for deal in range(first, last + 1)),
        _total_row(v),
    ]
    table = el("table", "scores", aria_labelledby="sheet-title", children=[el("tbody", children=rows)])
    return el("div", "sheet-scroll", children=[table])


def _head_row(app: App, v: SeatView) -> Any:
    """Deal, the contract (in contract rummy) and the players' names."""
    head = [el("th", None, t("score.deal"), scope="col")]
    if _contract(v):
        head.append(el("th", "contract-head", t("score.contract"), scope="col"))
    head += [el("th", None, n, scope="col") for n in app.names]
    return el("tr", children=head)


def _deal_row(app: App, v: SeatView, deal: int, i: int) -> Any:
    """Deal ``deal`` (the ``i``-th row): its scores, who went out, or blank while still to play."""
    played = v["deal_scores"]
    finished = _finished(v)
    cells = [el("th", None, str(deal), scope="row")]
    if _contract(v):
        cells.append(el("td", "contract-cell", deal_contract(deal, v["options"]["runs_differ_in_suit"])))
    if i < len(played):
        row = played[i]
        out = v["went_out"] if i == len(played) - 1 and finished else went_out_of_row(v["variant"], row)
        for seat, value in enumerate(row):
            mark = None
            if seat == out:
                mark = el("span", "out-mark", t("score.went_out.mark"), title=t("score.went_out"))
            cells.append(
                el("td", "out" if seat == out else None, str(value) + (" " if mark else ""), children=[mark])
            )
    else:
        cells += [el("td", "future", "") for _ in app.names]
    cls = "current" if i == len(played) - 1 and finished else ("future" if i >= len(played) else None)
    return el("tr", cls, children=cells)


def _total_row(v: SeatView) -> Any:
    """The totals so far."""
    total = [el("th", None, t("score.total"), scope="row")]
    if _contract(v):
        total.append(el("td", "contract-cell", ""))
    total += [el("td", "total", str(x)) for x in v["scores"]]
    return el("tr", "totals", children=total)


def _closing(v: SeatView, replayable: bool, rematch: bool = False) -> list[Any]:
    """After a deal, the next contract and Next deal; after the match, New game; then the
    replay of the deal just played (when the match's log is known), and Close."""
    parts = []
    buttons = []
    if v["phase"] == Phase.DEAL_OVER:
        if _contract(v):
            contract = deal_contract(v["deal"] + 1, v["options"]["runs_differ_in_suit"])
            parts.append(el("p", "next-deal", t("score.next", deal=v["deal"] + 1, contract=contract)))
        buttons.append(
            button(t("table.next_deal"), Act.NEXT_DEAL, "primary")
        )  # the plain name, as on the table
    if v["phase"] == Phase.MATCH_OVER and rematch:  # the same seats again (``ui.commands.lobby``)
        buttons.append(button(t("online.rematch"), Act.REMATCH, "primary", key="sheet-rematch"))
    if v["phase"] == Phase.MATCH_OVER:
        buttons.append(
            button(t("act.new_game"), Act.NEW_GAME, None if rematch else "primary", key="sheet-new-game")
        )
    if replayable and v["phase"] in (Phase.DEAL_OVER, Phase.MATCH_OVER):
        buttons.append(button(t("replay.open"), Act.REPLAY, data_value=v["deal"]))
    buttons.append(button(t("act.close"), Act.SHEET_CLOSE, "quiet"))
    parts.append(el("div", "sheet-buttons", children=buttons))
    return parts


def _ledger(s: Screen, app: App) -> Any:
    """The ledger kept across matches: money won or lost (contract rummy), matches and wins."""
    names = app.names
    parts = []
    if app.view()["variant"] == "contract":
        parts += [
            el("h3", None, t("score.ledger")),
            el("p", "help", t("score.ledger.help")),
            el("table", "ledger", children=[el("tbody", children=_ledger_rows(s, app))]),
        ]
    wins = ", ".join(f"{n}: {s.ledger['wins'].get(n, 0)}" for n in names)
    parts += [
        el("p", "help", t("score.ledger.games", count=s.ledger["games"])),
        el("p", "help", f"{t('score.wins')}: {wins}"),
    ]
    return el("section", "ledger-box", children=parts)


def _ledger_rows(s: Screen, app: App) -> list[Any]:
    """A row per player: this match's money and the balance over all matches."""
    v = app.view()
    rows = [
        el(
            "tr",
            children=[
                el("td", None, ""),  # the corner above the names heads nothing
                el("th", None, t("score.ledger.match"), scope="col"),
                el("th", None, t("score.ledger.total"), scope="col"),
            ],
        )
    ]
    for seat, name in enumerate(app.names):
        cells = [
            el("th", None, name, scope="row"),
            el("td", None, signed(v["ledger"][seat])),
            el("td", None, signed(s.ledger["balance"].get(name, "0"))),
        ]
        rows.append(el("tr", children=cells))
    return rows
