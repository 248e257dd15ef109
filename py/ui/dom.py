"""A very small layer over the DOM: make elements, put text in them, keep focus.

Text always goes in as ``textContent`` (never as HTML), so names and anything
else a player typed show as the characters they are.

Every call into the browser costs (Pyodide crosses into JavaScript for each
attribute set and each child appended), so children go in with one ``append``
call, and a card's face or back, the same every time, is built once and then
copied whole (``cloneNode``) in a single call.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from js import document  # type: ignore[import-not-found]

from . import i18n
from .faces import face_of
from .i18n import t

Node = Any
Attr = str | int | bool | None  # an attribute's value for ``el``: None or False leaves it out


def el(
    tag: str,
    cls: str | None = None,
    text: str | None = None,
    *,
    attrs: dict[str, Any] | None = None,
    children: Iterable[Node | None] = (),
    **named: Attr,
) -> Node:
    """``<tag class=cls>text</tag>`` with attributes, then ``children`` (``None`` children are skipped).

    Attributes come from ``attrs`` and then from keywords, in the order given:
    ``role="alert"``, ``aria_hidden="true"`` (``aria-hidden``), ``for_="name"``
    (``for``). ``None`` or ``False`` values are left out, ``True`` is an empty value.
    """
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for name, value in [*(attrs or {}).items(), *((attr_name(k), v) for k, v in named.items())]:
        if value is None or value is False:
            continue
        node.setAttribute(name, "" if value is True else str(value))
    kids = [child for child in children if child is not None]
    if kids:
        node.append(*kids)
    return node


def _copy(key: tuple[str, ...], make: Any) -> Node:
    """A copy of the node ``make()`` builds, built only the first time for ``key``."""
    proto = _protos.get(key)
    if proto is None:
        proto = _protos[key] = make()
    return proto.cloneNode(True)


_protos: dict[tuple[str, ...], Node] = {}


def attr_name(keyword: str) -> str:
    """The attribute an ``el`` keyword stands for: ``aria_hidden`` is ``aria-hidden``, ``for_`` is ``for``."""
    return keyword.rstrip("_").replace("_", "-")


def nn(value: Any) -> Any:
    """``value``, or None for JavaScript's null (Pyodide hands it over as ``JsNull``, not ``None``)."""
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return value


def by_id(name: str) -> Node:
    return nn(document.getElementById(name))


def query(selector: str) -> Node | None:
    return nn(document.querySelector(selector))


def closest(node: Any, selector: str) -> Node | None:
    """The nearest ancestor of an event target matching ``selector`` (None if none, or no element)."""
    node = nn(node)
    if node is None or not hasattr(node, "closest"):
        return None
    return nn(node.closest(selector))


def form_values(form_id: str) -> dict[str, Any]:
    """A form's values by field name (check boxes as booleans, the checked radio button's value)."""
    form = by_id(form_id)
    values: dict[str, Any] = {}
    if form is None:
        return values
    for node in form.elements:
        name = node.name
        if not name:
            continue
        if node.type == "checkbox":
            values[name] = bool(node.checked)
        elif node.type == "radio":
            if node.checked:
                values[name] = str(node.value)
        else:
            values[name] = str(node.value)
    return values


def fill(parent: Node, children: Iterable[Node | None]) -> None:
    """Replace ``parent``'s children."""
    parent.replaceChildren(*(child for child in children if child is not None))


def button(
    text: str | None,
    act: str,
    cls: str | None = None,
    *,
    key: str | None = None,
    attrs: dict[str, Any] | None = None,
    children: Iterable[Node | None] = (),
    disabled: bool = False,
    **named: Attr,
) -> Node:
    """A ``<button type=button data-act=act>``: one delegated click handler reads ``data-act``.

    ``key`` (``data-key``, ``act`` by default) lets focus find the button again
    after a redraw; further attributes as for ``el``.
    """
    a: dict[str, Any] = {"type": "button", "data-act": act, "data-key": key or act}
    if attrs:
        a.update(attrs)
    a.update((attr_name(k), v) for k, v in named.items())
    if disabled:
        a["disabled"] = True
    return el("button", cls, text, attrs=a, children=children)


def spoken(text: str) -> Node:
    """A control's accessible name as hidden text inside it (its drawn face is ``aria-hidden``).

    Naming a card by its content rather than ``aria-label`` keeps the name and
    the visible text from disagreeing (axe: label-content-name-mismatch).
    """
    return el("span", "visually-hidden spoken", text)


def card_face(code: str, size: str = "", extra: str = "") -> list[Node]:
    """The inside of a card: corners top-left and bottom-right, a large suit in the middle
    (one fragment holding the three, copied from the first one built)."""
    return [_copy(("face", code, i18n.language), lambda: _fragment(_face_parts(code)))]


def _fragment(nodes: list[Node]) -> Node:
    fragment = document.createDocumentFragment()
    fragment.append(*nodes)
    return fragment


def _face_parts(code: str) -> list[Node]:
    f = face_of(code)
    parts = []
    for where in ("top", "bottom"):
        if f.colour == "joker":
            below = el("span", "word", t("card.joker_word"))
        else:
            below = el("span", "suit", f.suit)
        parts.append(
            el("span", f"corner {where}", aria_hidden="true", children=[el("span", "rank", f.rank), below])
        )
    parts.append(el("span", "pip", f.suit or f.rank, aria_hidden="true"))
    return parts


def card_classes(code: str, size: str = "") -> str:
    """A card's classes: ``card``, its colour, its suit (``sH``), and a size such as ``small``."""
    f = face_of(code)
    suit = "" if f.colour == "joker" else " s" + code[1]
    return f"card {f.colour}{suit}{' ' + size if size else ''}"


def card_span(code: str, size: str = "small", note: str | None = None) -> Node:
    """A card that is only shown (inside a meld button, the discard pile...)."""
    node = _copy(("span", code, size, i18n.language), lambda: _card_span(code, size))
    if note:
        node.appendChild(el("span", "stands", note, aria_hidden="true"))
    return node


def _card_span(code: str, size: str) -> Node:
    return el("span", card_classes(code, size), data_card=code, children=card_face(code))


def back(cls: str = "back") -> Node:
    """The back of a card, only drawn (an opponent's hand, the stock)."""
    return _copy(("back", cls), lambda: el("span", cls, aria_hidden="true"))


def focus_key() -> str | None:
    """The ``data-key`` of the focused element, to focus its successor after a redraw."""
    active = nn(document.activeElement)
    if active is None:
        return None
    try:
        key = active.getAttribute("data-key")
    except Exception:  # the document itself has no attributes
        return None
    return None if key is None else str(key)


def restore_focus(key: str | None) -> None:
    """Focus the element with ``data-key`` ``key`` again (after a redraw replaced it)."""
    if not key:
        return
    active = nn(document.activeElement)
    if active is not None and active != document.body and _key_of(active) == key:
        return
    node = query(f'[data-key="{_css_escape(key)}"]')
    if node is not None:
        node.focus()


def _key_of(node: Node) -> str | None:
    try:
        key = node.getAttribute("data-key")
        return None if key is None else str(key)
    except Exception:
        return None


def _css_escape(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "\\" + ch for ch in text)


def refused(s: Any, place: str) -> Node | None:
    """The last refusal (``Screen.refusal``), drawn beside the controls at ``place`` that were
    pressed (``Screen.refused_at``), so it is seen where the eye already is."""
    if not s.refusal or s.refused_at != place:
        return None
    return el("p", "refusal", t("refused", message=s.refusal), role="alert", id="refusal")
