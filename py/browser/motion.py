"""Cards that travel: after a redraw, a picture of each card just moved glides from where it
was (the stock, the discard pile, a hand, a meld) to where it went, for you and the
computer players alike, so a move is seen as well as read.

Browser only. What moves where is ``ui.model.travel``'s (pure, tested in CPython); this module
finds those places on the page and animates a decorative copy of the card (hidden from
screen readers, letting the pointer through) with the Web Animations API. Nothing moves at
the instant pace or when the system asks for reduced motion.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from js import document, window  # type: ignore[import-not-found]

from browser.dom import back, card_classes, card_face, closest, el, nn, query, real
from ui.model.travel import Travel, duration_ms, news
from ui.screen import Screen

Rect = tuple[float, float, float, float]  # left, top, width, height

_seen: dict[str, Any] = {"deal": None, "count": None}
_before: dict[str, list[Rect]] = {}  # where each card of your hand was before the redraw


def _duration(screen: Screen) -> float:
    """How long cards travel now; the system's motion setting is asked only when they would
    (its media query list made once: its ``matches`` follows the setting as it changes)."""
    if not duration_ms(screen.pace, False):
        return 0.0  # the instant pace: no call into the browser on each redraw
    if "reduce" not in _media:
        _media["reduce"] = window.matchMedia("(prefers-reduced-motion: reduce)")
    return duration_ms(screen.pace, bool(_media["reduce"].matches))


_media: dict[str, Any] = {}


def before(screen: Screen) -> None:
    """Note where your cards are, so a card you play starts from its place in your hand: only
    when one will (the travels ``after`` will animate leave your seat), since reading where a
    card is makes the browser lay the page out, which another player's move need not."""
    _before.clear()
    if screen.app is None or screen.screen != "table" or not _duration(screen):
        return
    yours = f"seat:{screen.app.drawn_for}"
    if not any(travel.start == yours for travel in _pending(screen.app.view())):
        return
    for node in document.querySelectorAll("#hand button.card"):
        _before.setdefault(str(node.getAttribute("data-card")), []).append(_rect_of(node))


def _pending(v: Any) -> list[Travel]:
    """The travels ``after`` animates for the view ``v`` (none after a reload, an undo or a new deal)."""
    history, seen = v["history"], _seen["count"]
    if seen is None or _seen["deal"] != v["deal"] or seen > len(history):
        return []
    return news(history, seen)


def after(screen: Screen, before_paint: Callable[[Callable[[], None]], None]) -> None:
    """Animate the cards moved since the last redraw (none after a reload, an undo or a new deal);
    ``before_paint`` does an action in the browser's next frame (``browser.page.before_paint``)."""
    app = screen.app
    if app is None or screen.screen != "table":
        _seen.update(deal=None, count=None)
        return
    v = app.view()
    pending = _pending(v)
    _seen.update(deal=v["deal"], count=len(v["history"]))
    duration = _duration(screen)
    if not pending or not duration:
        return
    # Where the places are is read in the next frame, just before it lays the page out anyway:
    # read now, right after the redraw, it made the browser lay the page out once more in this
    # task. The picture first shows in that same frame either way. A card leaving your hand
    # starts where it was before the redraw (kept now: another redraw may come first).
    you = app.drawn_for
    flights = [(travel, _left_hand(travel, you)) for travel in pending]
    before_paint(lambda: _fly_all(flights, duration, you))


def _fly_all(flights: list[tuple[Travel, Rect | None]], duration: float, you: int) -> None:
    for travel, left in flights:
        _fly(travel, duration, you, left)


def _left_hand(travel: Travel, you: int) -> Rect | None:
    """Where a card leaving your hand was before the redraw (``before``), if this one does."""
    if travel.start == f"seat:{you}" and travel.card in _before and _before[travel.card]:
        return _before[travel.card][0]
    return None


def _fly(travel: Travel, duration: float, you: int, left: Rect | None) -> None:
    start = left or _place(travel.start, travel.card, you, leaving=True)
    end = _place(travel.end, travel.card, you, leaving=False)
    if start is None or end is None:
        return
    ghost = _ghost(travel)
    document.body.appendChild(ghost)
    w, h = ghost.offsetWidth, ghost.offsetHeight
    x0, y0 = start[0] + start[2] / 2 - w / 2, start[1] + start[3] / 2 - h / 2
    x1, y1 = end[0] + end[2] / 2 - w / 2, end[1] + end[3] / 2 - h / 2
    ghost.style.left, ghost.style.top = f"{x0}px", f"{y0}px"
    frames = [{"transform": "translate(0, 0)"}, {"transform": f"translate({x1 - x0}px, {y1 - y0}px)"}]
    timing = {"duration": duration, "easing": "ease-in-out", "fill": "forwards"}
    animation = ghost.animate(window.JSON.parse(json.dumps(frames)), window.JSON.parse(json.dumps(timing)))
    animation.onfinish = ghost.remove.bind(ghost)


def _ghost(travel: Travel) -> Any:
    """The decorative copy that travels: the card's face, or a back."""
    if travel.card:
        node = el("span", card_classes(travel.card) + " travel", children=card_face(travel.card))
    else:
        node = back("back big travel")
    node.setAttribute("aria-hidden", "true")
    node.setAttribute("data-start", travel.start)
    node.setAttribute("data-end", travel.end)
    return real(node)


def _place(place: str, card: str | None, you: int, leaving: bool) -> Rect | None:
    """Where ``place`` is on the screen now (a card leaving your hand: where it was); ``you``:
    the seat the table is drawn for, whose hand is the hand at the bottom."""
    if place in ("stock", "discard"):
        return _visible(query(f"#centre .pile.{place}"))
    kind, _, number = place.partition(":")
    if kind == "seat" and number == str(you):
        if leaving and card in _before and _before[card]:
            return _before[card][0]
        return _visible(query("#hand button.card.fresh")) or _visible(query("#hand"))
    if kind == "seat":
        seat = f'#opponents [data-seat="{number}"]'
        return _visible(query(seat + " .seat-hand")) or _visible(query(seat + " .peek"))
    meld = query(f'button.meld[data-meld="{number}"]')
    return _visible(meld) or _visible(_chip_of(meld))


def _chip_of(meld: Any) -> Any:
    """A meld folded away on a phone travels to its owner's chip."""
    seat = closest(meld, ".seat")
    return None if seat is None else nn(seat.querySelector(".peek"))


def _visible(node: Any) -> Rect | None:
    if node is None:
        return None
    r = _rect_of(node)
    return r if r[2] > 0 and r[3] > 0 else None


def _rect_of(node: Any) -> Rect:
    box = node.getBoundingClientRect()
    return (float(box.left), float(box.top), float(box.width), float(box.height))
