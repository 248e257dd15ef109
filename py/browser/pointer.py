"""Keys and the pointer: Esc and Tab in dialogs, the arrow keys within your hand (it is one
tab stop), moving cards within it (Alt+Left / Alt+Right on a card, or dragging it sideways),
and dragging a card onto the discard pile (discard it) or onto a meld (lay it off there).

The page's part only (where the pointer is, the card following it); where the
card ends up is decided by ``ui.commands.table.move_card`` and ``drop_card``.
"""

from __future__ import annotations

import contextlib
from typing import Any

from js import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from browser import page
from browser.dom import by_id, closest, nn
from ui.commands.table import drop_card, drop_on_meld, escape, move_card, throw_card

drag: dict[str, Any] = {}


def _uid(node: Any) -> int | None:
    try:
        return int(str(node.getAttribute("data-uid")))
    except ValueError:
        return None


FOCUSABLE = "button:not([disabled]), input:not([disabled]), select, a[href], [tabindex='0']"


def on_keydown(event: Any) -> None:
    if event.key == "Escape":
        page.run(escape(page.current.screen))
        return
    if event.key == "Tab" and page.current.screen.sheet_open:
        _keep_focus_in(by_id("sheet-dialog"), event)
        return
    if event.key == "Tab" and page.current.screen.contract_help:
        _keep_focus_in(by_id("contract-help-dialog"), event)
        return
    if event.key == "Tab" and page.current.screen.covered:
        _keep_focus_in(by_id("cover-dialog"), event)
        return
    card = closest(event.target, "#hand button.card")
    if page.current.screen.app is None or card is None or event.key not in MOVES:
        return
    event.preventDefault()
    uid = _uid(card)
    if event.altKey and event.key in ("ArrowLeft", "ArrowRight"):
        if uid is not None:
            page.run(move_card(page.current.screen, uid, MOVES[event.key]))
    elif not (event.altKey or event.ctrlKey or event.metaKey):
        _step(card, event.key)


# The arrow keys step within your hand, Home and End go to its ends (with Alt: move the card).
MOVES = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1, "Home": -999, "End": 999}


def _step(card: Any, key: str) -> None:
    """Move the hand's one tab stop (``tabindex=0``) and the focus to another card; no redraw."""
    cards = list(document.querySelectorAll("#hand button.card"))
    if card not in cards:
        return
    i = max(0, min(len(cards) - 1, cards.index(card) + MOVES[key]))
    for n in cards:
        n.setAttribute("tabindex", "-1")
    cards[i].setAttribute("tabindex", "0")
    cards[i].focus()
    page.current.screen.hand_cursor = _uid(cards[i])


def _keep_focus_in(dialog: Any, event: Any) -> None:
    """Tab and Shift+Tab go round the open dialog's controls instead of leaving it."""
    if dialog is None:
        return
    controls = list(dialog.querySelectorAll(FOCUSABLE))
    if not controls:
        return
    first, last = controls[0], controls[-1]
    active = document.activeElement
    inside = bool(dialog.contains(active))
    if event.shiftKey and (active == first or not inside):
        event.preventDefault()
        last.focus()
    elif not event.shiftKey and (active == last or not inside):
        event.preventDefault()
        first.focus()


def on_pointerdown(event: Any) -> None:
    card = closest(event.target, "#hand button.card")
    if card is None or event.button != 0:
        return
    drag.clear()
    drag.update(uid=_uid(card), x=event.clientX, y=event.clientY, node=card, moving=False)
    page.current.screen.drag_moved = False


def on_pointermove(event: Any) -> None:
    if not drag or drag.get("uid") is None:
        return
    dx, dy = event.clientX - drag["x"], event.clientY - drag["y"]
    if not drag["moving"]:
        if abs(dx) < 10 and abs(dy) < 10:
            return
        drag["moving"] = True
        with contextlib.suppress(Exception):
            drag["node"].setPointerCapture(event.pointerId)
        drag["node"].classList.add("dragging")
    drag["node"].style.transform = f"translate({dx}px, {dy}px)"
    _mark(_drop_target(event.clientX, event.clientY))


def _drop_target(x: float, y: float) -> Any:
    """The discard pile or a meld on the table under the pointer (the card dragged lets the
    pointer through: ``.dragging`` has no pointer events), else None."""
    return closest(document.elementFromPoint(x, y), "#centre .pile.discard, button.meld[data-meld]")


def _mark(target: Any) -> None:
    """Show where the card would go."""
    old = drag.get("over")
    if old is not None and old != target:
        old.classList.remove("drop-over")
    if target is not None:
        target.classList.add("drop-over")
    drag["over"] = target


def _cancel() -> None:
    """The browser took the pointer (a scroll began): the card goes back where it was."""
    node = drag.get("node")
    _mark(None)
    drag.clear()
    if node is not None:
        node.style.transform = ""
        node.classList.remove("dragging")


def on_pointerup(event: Any) -> None:
    if not drag:
        return
    _mark(None)
    moving, node, uid = drag.get("moving"), drag.get("node"), drag.get("uid")
    drag.clear()
    if not moving or uid is None or node is None or page.current.screen.app is None:
        return
    target = _drop_target(event.clientX, event.clientY)  # while the card still lets the pointer through
    node.style.transform = ""
    node.classList.remove("dragging")
    meld = None if target is None else nn(target.getAttribute("data-meld"))
    if target is not None and meld is None:
        page.run(throw_card(page.current.screen, uid))
    elif meld is not None:
        page.run(drop_on_meld(page.current.screen, uid, int(str(meld))))
    else:
        page.run(drop_card(page.current.screen, uid, _position(node, event.clientX)))
    window.setTimeout(create_proxy(lambda: setattr(page.current.screen, "drag_moved", False)), 0)


def _position(node: Any, x: float) -> int:
    """Where among the other cards of the hand a card dropped at ``x`` goes (by their centres)."""
    others = [n for n in document.querySelectorAll("#hand button.card") if n != node]
    position = 0
    for other in others:
        box = other.getBoundingClientRect()
        if x > box.left + box.width / 2:
            position += 1
    return position


def listen(hand: Any, root: Any) -> None:
    """Attach the handlers: keys on the whole table, the pointer on the hand."""
    for kind in ("keydown", "pointerdown"):  # every key and touch, before any handler (``page.touched``)
        document.addEventListener(kind, create_proxy(page.touched), True)
    root.addEventListener("keydown", create_proxy(page.guarded(on_keydown)))
    hand.addEventListener("pointerdown", create_proxy(on_pointerdown))
    # A card dragged out of the hand (to the piles, to a meld) is followed on the whole page.
    document.addEventListener("pointermove", create_proxy(on_pointermove))
    document.addEventListener("pointerup", create_proxy(page.guarded(on_pointerup)))
    document.addEventListener("pointercancel", create_proxy(lambda e: _cancel()))
