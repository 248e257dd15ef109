"""The ledger over time: a small bar chart (inline SVG), said in a sentence and given as a table.

One bar per match, your running ledger after it: above the line a gain, below it a loss.
The chart is a picture (``role="img"``) named by the sentence under it, which says where
the ledger stands and how high and low it went; the table behind "The ledger as a
table" gives every value. Browser only (it builds SVG elements in the page).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from js import document  # type: ignore[import-not-found]

from browser.dom import attr_name, el
from browser.render.figures import data_table
from ui.words.i18n import t
from ui.words.stats_words import day_text, ledger_description, signed_amount

SVG = "http://www.w3.org/2000/svg"
SHOWN = 40  # the newest matches in the chart (the table has them all)
WIDTH, HEIGHT, GAP = 400, 120, 2
FEWEST = 12  # the chart's width holds at least so many bars


def svg(tag: str, **attrs: Any) -> Any:
    """An SVG element (in the SVG namespace: ``document.createElement`` would make HTML)."""
    node = document.createElementNS(SVG, tag)
    for name, value in attrs.items():
        node.setAttribute(attr_name(name), str(value))
    return node


def ledger_chart(series: list[tuple[str, str]]) -> Any:
    """The section: heading, chart, its sentence, and the table of every match."""
    sentence = ledger_description(series)
    rows = [[str(i + 1), day_text(day), signed_amount(Fraction(v))] for i, (day, v) in enumerate(series)]
    heads = [t("stats.col.match"), t("stats.col.day"), t("stats.col.ledger")]
    table = data_table(t("stats.ledger.table"), heads, rows, "ledger-table")
    details = el(
        "details", "ledger-details", children=[el("summary", None, t("stats.ledger.show_table")), table]
    )
    figure = el(
        "figure",
        "ledger-figure",
        children=[_bars(series[-SHOWN:]), el("figcaption", "help", sentence, id="ledger-sentence")],
    )
    return el(
        "section",
        "stats-part",
        aria_labelledby="stats-ledger",
        children=[el("h3", None, t("stats.ledger"), id="stats-ledger"), figure, details],
    )


def _bars(series: list[tuple[str, str]]) -> Any:
    """The bars, scaled so the largest gain or loss fills its half (the zero line stays put
    when all are gains or all losses, so a bar's direction always means the same)."""
    values = [Fraction(v) for _, v in series]
    top = max([abs(v) for v in values] + [Fraction(1)])
    half = HEIGHT / 2
    step = WIDTH / max(len(values), FEWEST)  # a few matches: narrow bars from the left
    chart = svg(
        "svg",
        viewBox=f"0 0 {WIDTH} {HEIGHT}",
        preserveAspectRatio="none",
        role="img",
        aria_labelledby="ledger-sentence",
        focusable="false",
    )
    chart.setAttribute("class", "ledger-chart")
    for i, value in enumerate(values):
        size = float(abs(value) / top) * (half - 4)
        y = half - size if value >= 0 else half
        cls = "bar gain" if value > 0 else "bar loss" if value < 0 else "bar even"
        bar = svg("rect", x=round(i * step + GAP / 2, 2), y=round(y, 2), width=round(step - GAP, 2))
        bar.setAttribute("height", str(round(max(size, 1.0), 2)))
        bar.setAttribute("class", cls)
        chart.appendChild(bar)
    chart.appendChild(svg("line", x1=0, x2=WIDTH, y1=half, y2=half, **{"class": "zero"}))
    return chart
