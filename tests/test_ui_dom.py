"""``browser.dom`` describes elements as data that the page's builder makes in one call: what it
hands over, and that the same elements come out where there is no builder (the build's
stand-in DOM). The builder itself runs in the browser tests (every table they draw)."""

from __future__ import annotations

import importlib
import json
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest
from tools.build import prerender


@pytest.fixture
def dom(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``browser.dom`` imported over the build's stand-in DOM, and no builder in the page."""
    js = types.ModuleType("js")
    js.document = prerender.Document()  # type: ignore[attr-defined]
    js.window = types.SimpleNamespace()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.delitem(sys.modules, "browser.dom", raising=False)
    yield importlib.import_module("browser.dom")
    sys.modules.pop("browser.dom", None)


def test_an_element_is_described_with_its_attributes_in_order(dom: Any) -> None:
    node = dom.el("button", "primary", "Buy", attrs={"type": "button"}, aria_hidden="true", for_="x")
    assert node == ["button", "primary", "Buy", ["type", "button", "aria-hidden", "true", "for", "x"], []]
    # None and False leave an attribute out, True is an empty value; None children are skipped.
    quiet = dom.el("input", checked=True, disabled=False, title=None, children=[None, dom.el("b")])
    assert quiet == ["input", None, None, ["checked", ""], [["b", None, None, [], []]]]


def test_set_attribute_replaces_in_place_before_the_element_is_made(dom: Any) -> None:
    node = dom.el("input", id="a", value="1")
    node.setAttribute("value", 2)
    node.setAttribute("aria-describedby", "help")
    assert node[3] == ["id", "a", "value", "2", "aria-describedby", "help"]


def test_what_the_builder_is_handed_is_json_with_page_nodes_by_reference(dom: Any) -> None:
    kept = object()  # a node already in the page (a JavaScript object in the browser)
    hostile = '<img src=x onerror="alert(1)">'
    text, refs = dom._encoded([dom.el("p", None, hostile, children=[kept]), kept])
    assert refs == [kept, kept]
    assert json.loads(text) == [["p", None, hostile, [], [{"$": 0}]], {"$": 1}]  # text stays a string


def test_without_a_builder_the_same_elements_are_made_call_by_call(dom: Any) -> None:
    face = dom.card_span("JK", note="7♥")
    node = dom.real(dom.el("div", "seat", "Aino <b>", data_seat=1, children=[face]))
    html = node.html()
    assert html.startswith('<div class="seat" data-seat="1">Aino &lt;b&gt;<span class="card joker small"')
    assert '<span class="stands" aria-hidden="true">7♥</span></span></div>' in html
    holder = prerender.Element("section")
    dom.fill(holder, [dom.el("h2", None, "One"), None, dom.el("p", None, "Two")])
    assert holder.html() == "<section><h2>One</h2><p>Two</p></section>"
