"""A very small layer over the DOM: describe elements, put text in them, keep focus.

Text always goes in as text (``textContent``, text nodes), never as HTML, so
names and anything else a player typed show as the characters they are.

Every call from Pyodide into the browser costs (it crosses into JavaScript for
each element made, each attribute set and each child appended), and a region of
the table holds a few dozen elements. So ``el`` does not touch the page: it
describes an element as plain data (``VNode``), and ``fill``, ``real`` and
``reals`` hand a whole tree to the page's builder (``window.rommiBuild`` in
``index.html``) as one JSON text, in one call. Nodes already in the page (kept
across redraws) can stand among the children; they travel as references. Where
there is no builder (the build's stand-in DOM in ``tools/build/prerender.py``) the
same elements are made one call at a time, in the same order.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from js import document, window  # type: ignore[import-not-found]

from ui.commands.acts import Act
from ui.model.contract_help import rules_address
from ui.words import i18n
from ui.words.faces import face_of
from ui.words.i18n import t

Node = Any
Attr = str | int | bool | None  # an attribute's value for ``el``: None or False leaves it out


class VNode(list[Any]):
    """An element not yet in the page: ``[tag, class, text, [name, value, ...], [children]]``.

    A list, so ``json.dumps`` writes it as the builder reads it; children are
    ``VNode``s, strings (text) or nodes already in the page.
    """

    __slots__ = ()

    def setAttribute(self, name: str, value: Any) -> None:
        """Set an attribute before the element is made (replacing one of that name in place)."""
        attrs = self[3]
        for i in range(0, len(attrs), 2):
            if attrs[i] == name:
                attrs[i + 1] = str(value)
                return
        attrs.extend((name, str(value)))


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
    The element is made in the page by ``fill``, ``real`` or ``reals``.
    """
    flat: list[str] = []
    if attrs:
        for name, value in attrs.items():
            if value is not None and value is not False:
                flat += (name, "" if value is True else str(value))
    for keyword, value in named.items():
        if value is not None and value is not False:
            name = _names.get(keyword) or _names.setdefault(keyword, attr_name(keyword))
            flat += (name, "" if value is True else str(value))
    kids = [child for child in children if child is not None] if children else []
    return VNode((tag, cls or None, text, flat, kids))


_names: dict[str, str] = {}  # keyword: attribute name (``attr_name``), worked out once


def reals(nodes: Iterable[Node | None]) -> list[Node]:
    """The page's nodes for ``nodes`` (``VNode``s made, nodes of the page as they are), in one call."""
    wanted = [node for node in nodes if node is not None]
    if not any(isinstance(node, VNode) for node in wanted):
        return wanted
    build = _builder("rommiBuild")
    if build is None:
        return [_make(node) for node in wanted]
    text, refs = _encoded(wanted)
    return list(build(text, *refs))


def real(node: Node) -> Node:
    """The page's node for one ``VNode`` (made now), or a node of the page as it is."""
    return reals([node])[0] if isinstance(node, VNode) else node


def _builder(name: str) -> Any:
    """The page's builder function ``name`` (``None`` where the page has none), looked up once:
    it is asked at every redraw, and each lookup crosses into JavaScript."""
    if name not in _builders:
        _builders[name] = getattr(window, name, None)
    return _builders[name]


_builders: dict[str, Any] = {}


def _encoded(nodes: list[Node]) -> tuple[str, list[Node]]:
    """The builder's JSON for ``nodes``, and the page's nodes it refers to (``{"$": i}``)."""
    refs: list[Node] = []

    def ref(node: Node) -> dict[str, int]:
        refs.append(node)
        return {"$": len(refs) - 1}

    return json.dumps(nodes, default=ref, ensure_ascii=False, separators=(",", ":")), refs


def _make(v: Node) -> Node:
    """One element made call by call (no builder in this page): as the builder makes it."""
    if not isinstance(v, VNode):
        return document.createTextNode(v) if isinstance(v, str) else v
    tag, cls, text, attrs, kids = v
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for i in range(0, len(attrs), 2):
        node.setAttribute(attrs[i], attrs[i + 1])
    if kids:
        node.append(*(_make(kid) for kid in kids))
    return node


def attr_name(keyword: str) -> str:
    """The attribute an ``el`` keyword stands for: ``aria_hidden`` is ``aria-hidden``, ``for_`` is ``for``."""
    return keyword.rstrip("_").replace("_", "-")


def nn(value: Any) -> Any:
    """``value``, or None for JavaScript's null (Pyodide hands it over as ``JsNull``, not ``None``)."""
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return value


# The page's fixed elements (in ``index.html``, never replaced): found once, then kept, since
# every redraw asks for most of them and each lookup crosses into JavaScript.
FIXED = frozenset(
    {
        "actions", "app", "area", "centre", "coach", "contract-help", "cover", "daily", "deal-info",
        "elsewhere", "hand", "hand-title", "lang", "live", "log", "mine", "notes", "online-line",
        "online-tools", "opponents", "pace", "pagebar", "replay", "rules-link", "setup", "sheet",
        "sound", "stats", "table", "tutorial", "turn-info",
    }
)  # fmt: skip
_fixed: dict[str, Node] = {}


def by_id(name: str) -> Node:
    """The element with this id (``None`` if there is none); the page's fixed ones are kept."""
    node = _fixed.get(name)
    if node is None:
        node = nn(document.getElementById(name))
        if node is not None and name in FIXED:
            _fixed[name] = node
    return node


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
    """Make ``parent``'s children the ones described, in one call. The page's builder changes
    only what differs (``rommiFill`` in ``index.html``): an element that stays the same keeps
    its node, and so its focus, and the browser restyles only what changed."""
    wanted = [child for child in children if child is not None]
    put = _builder("rommiFill")
    if put is None:
        parent.replaceChildren(*reals(wanted))
        return
    text, refs = _encoded(wanted)
    put(parent, text, *refs)


def patch(node: Node, wanted: Node) -> None:
    """Make the element ``node`` the one ``wanted`` describes, in one call: changed in place
    where it differs (``rommiPatch`` in ``index.html``), so what stays keeps its node."""
    patch_all([(node, wanted)])


def patch_all(pairs: list[tuple[Node, Node]]) -> None:
    """``patch`` for each ``(node, wanted)``, all in one call. An element of the tag wanted stays
    the same node (and keeps its focus: focusing one again would make the browser lay out now)."""
    if not pairs:
        return
    put = _builder("rommiPatch")
    if put is None:
        for node, wanted in pairs:
            node.replaceWith(real(wanted))
        return
    text, refs = _encoded([list(pair) for pair in pairs])
    put(text, *refs)


def button(
    text: str | None,
    act: Act,
    cls: str | None = None,
    *,
    key: str | None = None,
    attrs: dict[str, Any] | None = None,
    children: Iterable[Node | None] = (),
    disabled: bool = False,
    **named: Attr,
) -> Node:
    """A ``<button type=button data-act=act>``: one delegated click handler reads ``data-act``.

    ``act`` is a member of ``Act``, the one list of the page's controls, so each
    control names a command (its handler in ``ui.commands``).
    ``key`` (``data-key``, ``act`` by default) lets focus find the button again
    after a redraw; further attributes as for ``el``.
    """
    a: dict[str, Any] = {"type": "button", "data-act": act.value, "data-key": key or act.value}
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


def card_face(code: str) -> list[Node]:
    """The inside of a card: corners top-left and bottom-right, a large suit in the middle
    (described once per card and language; the same descriptions serve every copy)."""
    key = (code, i18n.language)
    parts = _faces.get(key)
    if parts is None:
        parts = _faces[key] = tuple(_face_parts(code))
    return list(parts)


_faces: dict[tuple[str, str], tuple[Node, ...]] = {}  # never changed once made: shared by copies


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
    children = card_face(code)
    if note:
        children.append(el("span", "stands", note, aria_hidden="true"))
    return el("span", card_classes(code, size), data_card=code, children=children)


def back(cls: str = "back") -> Node:
    """The back of a card, only drawn (an opponent's hand, the stock)."""
    return el("span", cls, aria_hidden="true")


def tab_stop(box: Node, key: str | None) -> None:
    """Make the child of ``box`` with data-key ``key`` its one Tab stop (tabindex 0; the others -1)."""
    put = _builder("rommiTabStop")
    if put is not None:
        put(box, key)
        return
    for child in box.children:
        child.setAttribute("tabindex", "0" if key is not None and _key_of(child) == key else "-1")


def focused(regions: Iterable[str] = ()) -> tuple[str | None, str | None]:
    """The focused element's ``data-key`` (to focus its successor after a redraw) and the id of
    the one of ``regions`` (element ids) it is in, if any, in one call."""
    ids = list(regions)
    ask = _builder("rommiFocused")
    if ask is not None:
        key, region = json.loads(str(ask(", ".join(f"#{i}" for i in ids))))
        return key, region
    active = nn(document.activeElement)
    if active is None:
        return None, None
    try:
        key = active.getAttribute("data-key")
    except Exception:  # the document itself has no attributes
        return None, None
    inside = next((i for i in ids if closest(active, f"#{i}") is not None), None)
    return (None if key is None else str(key)), inside


def restore_focus(key: str | None) -> None:
    """Focus the element with ``data-key`` ``key`` again (after a redraw replaced it)."""
    if not key:
        return
    refocus = _builder("rommiRefocus")
    if refocus is not None:
        refocus(key)
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
    said = el("p", "refusal", t("refused", message=s.refusal), role="alert", id="refusal")
    rule = None if s.app is None else s.app.refusal_rules.get(s.refusal)  # ``App.refusal_text``
    href = rules_address(rule)
    if href is None:
        return said
    # The rule the refusal names, on the rules page, in a new tab as the page's Rules link.
    link = el("a", "rule-link", t("contract_help.refusal_rule", rule=rule), href=href, target="_blank")
    return el("div", "refused", children=[said, link])
