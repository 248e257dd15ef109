"""The statistics screen: per game, your matches, the seven contracts, the ledger over time,
the deals of the day; resetting them; exporting and importing your data.

Browser only: it draws through ``browser.dom``, which does ``from js import document``. The
words come from ``ui.words.stats_words``, the numbers from ``ui.records.stats.summary``; the screen is
drawn anew only when what it shows changed. Headings and real tables (captions, column
and row headers) let a screen reader find its way; the chart has a sentence and a table
as its text alternative (``render_chart``).
"""

from __future__ import annotations

from typing import Any

from browser.dom import button, by_id, el, fill
from browser.render.chart import ledger_chart
from browser.render.figures import data_table
from rommi.options import CONTRACT, VARIANTS
from ui.commands.acts import Act
from ui.draw.regions import changed
from ui.records.stats import Summary, of_person, people, summary
from ui.records.stats_screen import PendingImport, Records
from ui.screen import Screen
from ui.words import i18n
from ui.words.i18n import deal_contract, t
from ui.words.stats_words import day_text, decimal, lead, match_line, met_text

Node = Any


def stats_screen(s: Screen) -> None:
    """Show the statistics screen when it is the screen; hide (and empty) it otherwise."""
    box = by_id("stats")
    if box is None:
        return
    r = s.records
    shown = s.screen == "stats"
    matches = r.stats.get("matches", [])
    owner = s.settings.display_name()
    names = people(r.stats, owner)
    person = r.person if r.person in names else None
    sig = (
        shown,
        i18n.language,
        r.variant,
        owner,
        person,
        r.confirm_reset,
        r.import_error,
        r.imported,
        r.attempts,
        len(matches),
        id(r.pending) if r.pending else None,
    )
    if not changed("stats", (*sig, matches[-1]["id"] if matches else None)):
        return
    box.hidden = not shown
    if not shown:
        box.replaceChildren()
        return
    got = summary(of_person(r.stats, person, owner), r.variant)
    body = [_head(r, names, person), *(_figures(got) if got.played else [_empty(got)]), _daily(got)]
    fill(box, [*body, _reset(r), _data(r)])


def _head(r: Records, names: list[str], person: str | None) -> Node:
    """The heading (the keyboard lands on it), Back, whose statistics (when the matches of more
    than the device's owner are kept), and the choice of game."""
    choices = [
        button(
            t("setup.variant." + v),
            Act.STATS_GAME,
            "toggle-button",
            key=f"stats-game-{v}",
            data_value=v,
            aria_pressed="true" if v == r.variant else "false",
        )
        for v in VARIANTS
    ]
    game = el(
        "div",
        "stats-games",
        role="group",
        aria_labelledby="stats-game-label",
        children=[el("span", "stats-game-label", t("stats.game"), id="stats-game-label"), *choices],
    )
    title = el("h2", None, t("stats.title"), id="stats-title", tabindex="-1")
    back = button(t("stats.back"), Act.STATS_BACK, "quiet")
    # After an import everything on the screen is new: said at the top, where the keyboard is.
    done = el("p", "message", t("stats.import.done"), role="status") if r.imported else None
    row = el("div", "stats-title-row", children=[title, back])
    return el("div", "stats-head", children=[row, done, _whose(names, person), game])


def _whose(names: list[str], person: str | None) -> Node:
    """ "Whose statistics": the owner (value "", named as now), then each other person with matches
    kept, by name. None when only the owner's are kept (the screen is as it always was)."""
    if len(names) < 2:
        return None
    options = [
        el("option", None, name, value="" if i == 0 else name, selected=(name if i else None) == person)
        for i, name in enumerate(names)
    ]
    pick = el("select", None, id="stats-person", children=options)  # a change: ``Act.STATS_PERSON``
    label = el("label", None, t("stats.person"), for_="stats-person")
    return el("div", "field stats-person", children=[label, pick])


def _empty(got: Summary) -> Node:
    return el("p", "stats-empty", t("stats.empty", game=t("setup.variant." + got.variant)))


def _figures(got: Summary) -> list[Node]:
    """The matches in short, then (Sitoumusrommi) the contracts and the ledger."""
    facts: list[Node] = []
    if got.buys_per_deal is not None:
        facts += [el("dt", None, t("stats.buys")), el("dd", None, decimal(got.buys_per_deal))]
    one = got.best is got.worst  # a single match is the best and the worst: said once
    for label, m in (("stats.best", got.best), ("stats.worst", None if one else got.worst)):
        if m is not None:
            facts += [el("dt", None, t(label)), el("dd", None, match_line(m))]
    parts = [
        el(
            "section",
            "stats-part",
            aria_labelledby="stats-facts",
            children=[
                el("h3", None, t("stats.facts"), id="stats-facts"),
                el("p", "stats-lead", lead(got.played, got.won)),
                el("dl", "stats-facts", children=facts),
            ],
        )
    ]
    if got.variant == CONTRACT:
        parts.append(_contracts(got))
        parts.append(ledger_chart(got.ledger_series))
    return parts


def _contracts(got: Summary) -> Node:
    rows = [
        [
            str(line.deal),
            deal_contract(line.deal, False),
            str(line.deals),
            t("stats.none") if line.average_penalty is None else decimal(line.average_penalty),
            met_text(line.met, line.known),
        ]
        for line in got.contracts
    ]
    heads = ["stats.col.deal", "stats.col.contract", "stats.col.played", "stats.col.penalty", "stats.col.met"]
    return el(
        "section",
        "stats-part",
        aria_labelledby="stats-contracts",
        children=[
            el("h3", None, t("stats.contracts"), id="stats-contracts"),
            el("p", "help", t("stats.contracts.help")),
            data_table(t("stats.contracts"), [t(h) for h in heads], rows, "contracts-table"),
        ],
    )


def _daily(got: Summary) -> Node:
    """The deals of the day you finished in this game, oldest first."""
    parts = [el("h3", None, t("stats.daily"), id="stats-daily")]
    if not got.daily:
        parts.append(el("p", "help", t("stats.daily.none")))
    else:
        rows = [
            [
                day_text(m["daily"]),
                f"{m['place']}/{m['players']}",
                str(m["score"]),
                t("stats.won_word" if m["won"] else "stats.lost_word"),
            ]
            for m in got.daily
        ]
        heads = ["stats.col.day", "stats.col.place", "stats.col.points", "stats.col.result"]
        parts.append(data_table(t("stats.daily.table"), [t(h) for h in heads], rows, "daily-table"))
    return el("section", "stats-part", aria_labelledby="stats-daily", children=parts)


def _reset(r: Records) -> Node:
    """The "Reset statistics" button, then its question with a second, explicit button and Cancel."""
    if not r.confirm_reset:
        empty = not r.stats.get("matches")
        parts = [button(t("stats.reset"), Act.STATS_RESET, "quiet", disabled=empty)]
    else:
        ask = el("p", None, t("stats.reset.ask"), id="stats-reset-ask")
        buttons = [
            button(t("stats.reset.yes"), Act.STATS_RESET_YES, "danger"),
            button(t("stats.reset.no"), Act.STATS_RESET_NO, "quiet"),
        ]
        parts = [
            el(
                "div",
                "stats-confirm",
                role="group",
                aria_labelledby="stats-reset-ask",
                children=[ask, el("div", "stats-buttons", children=buttons)],
            )
        ]
    return el("div", "stats-reset", children=parts)


def _data(r: Records) -> Node:
    """Export and import: one file with everything this browser keeps for Rommi."""
    picker = el(
        "input",
        type="file",
        id="import-file",
        accept=".json,application/json",
        aria_describedby="import-help",
    )
    said = el("p", "refusal", t(r.import_error), role="alert", id="import-error") if r.import_error else None
    ask = _import_ask(r.pending) if r.pending else None
    return el(
        "section",
        "stats-part stats-data",
        aria_labelledby="stats-data",
        children=[
            el("h3", None, t("stats.data"), id="stats-data"),
            el("p", "help", t("stats.data.help")),
            el("div", "stats-buttons", children=[button(t("stats.export"), Act.EXPORT_DATA)]),
            el("label", "import-label", t("stats.import"), for_="import-file"),
            picker,
            el("p", "help", t("stats.import.help"), id="import-help"),
            said,
            ask,
        ],
    )


def _import_ask(pending: PendingImport) -> Node:
    """The question before an import that would lose something: what the file brings, what it
    would replace, then "Import and replace" and Cancel (the keyboard starts on Cancel)."""
    brings = ", ".join(t(f"stats.import.part.{name}") for name in pending.brings)
    return el(
        "div",
        "stats-confirm import-ask",
        role="alertdialog",
        id="import-ask",
        aria_labelledby="import-ask-title",
        aria_describedby="import-ask-what",
        children=[
            el("p", None, t("stats.import.ask"), id="import-ask-title"),
            el(
                "div",
                None,
                id="import-ask-what",
                children=[
                    el("p", "import-brings", t("stats.import.ask.help", parts=brings)),
                    el("ul", "import-loses", children=[el("li", None, t(k, **p)) for k, p in pending.loses]),
                ],
            ),
            el(
                "div",
                "stats-buttons",
                children=[
                    button(t("stats.import.yes"), Act.IMPORT_YES, "danger"),
                    button(t("stats.import.no"), Act.IMPORT_NO, "quiet"),
                ],
            ),
        ],
    )
