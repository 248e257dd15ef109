"""Tables of figures for the statistics screen: a caption, column headers, row headers.

Browser only: it draws through ``browser.dom``, which does ``from js import document``.
A real ``<table>`` lets a screen reader say each number with its row and column,
which a grid of boxes would not.
"""

from __future__ import annotations

from typing import Any

from browser.dom import el


def data_table(caption: str, heads: list[str], rows: list[list[str]], cls: str) -> Any:
    """A ``<table>`` with its caption, column headers, and each row's first cell as its header."""
    head = el("thead", children=[el("tr", children=[el("th", None, h, scope="col") for h in heads])])
    body = el(
        "tbody",
        children=[
            el("tr", children=[el("th", None, row[0], scope="row"), *(el("td", None, c) for c in row[1:])])
            for row in rows
        ],
    )
    table = el("table", f"stats-table {cls}", children=[el("caption", None, caption), head, body])
    return el("div", "table-scroll", children=[table])
