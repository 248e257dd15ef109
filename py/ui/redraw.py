"""What the table's regions show, as plain data: so a redraw touches only what changed.

Pure Python, no DOM (tested in CPython). The drawing modules (``render_table``)
compare these signatures (``render_common.changed``) and rebuild a region, or one
seat of it, only when its signature differs from the last one drawn; the log
appends only its new lines (``new_lines``).

>>> new_lines((None, ["a", "b"]), (None, ["a", "b", "c"]))
['c']
>>> new_lines((None, ["a", "b"]), ("Earlier deals...", ["x"])) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import i18n
from .logtext import writer

Log = tuple[str | None, list[str]]  # the log's first line ("earlier deals", or none) and its lines


def new_lines(drawn: Log | None, wanted: Log) -> list[str] | None:
    """The lines to append to the log as drawn to show ``wanted``; ``None`` when it must be
    refilled (nothing drawn yet, another head, or lines that changed rather than grew)."""
    if drawn is None or drawn[0] != wanted[0]:
        return None
    old, new = drawn[1], wanted[1]
    if len(new) < len(old) or new[: len(old)] != old:
        return None
    return new[len(old) :]


def kept(drawn: dict[Any, tuple[Any, Any]], wanted: Sequence[tuple[Any, Any]]) -> list[bool]:
    """For each ``(key, signature)`` wanted, whether what was drawn for ``key`` (``drawn``:
    key -> (signature, node)) shows it already and can stay.

    >>> kept({1: ("7H", "node"), 2: ("KS", "node")}, [(1, "7H"), (2, "KD"), (3, "2C")])
    [True, False, False]
    """
    return [key in drawn and drawn[key][0] == sig for key, sig in wanted]


def touched(v: dict[str, Any]) -> tuple[int | None, set[int], bool]:
    """What the last move touched, to show it: (the seat that moved, meld ids, the discard pile)."""
    history = v["history"]
    if not history:
        return None, set(), False
    e = history[-1]
    melds: set[int] = set()
    if e.get("type") == "meld":
        melds = set(e.get("ids", []))
    elif e.get("type") in ("layoff", "swap"):
        melds = {e["meld"]}
    pile = e.get("type") in ("discard", "deal") or (e.get("type") == "draw" and e.get("source") == "discard")
    return e.get("player"), melds, pile


class Words:
    """The log's sentences for one view, written once per view and language (every seat's
    last move and the log itself read them; writing them is a walk over the whole history)."""

    def __init__(self) -> None:
        self._key: tuple[Any, ...] | None = None
        self._writer: Any = None
        self._done: list[dict[str, Any]] = []  # the events worded so far
        self._entries: list[tuple[dict[str, Any], str]] = []
        self._last: dict[int, str] = {}  # each seat's last move in words, kept as lines are worded

    def entries(self, v: dict[str, Any], names: Sequence[str]) -> list[tuple[dict[str, Any], str]]:
        """Each event with its sentence. Only the events new since the last call are worded, as
        long as the history goes on from what was worded (an undo or a new deal starts afresh)."""
        history = v.get("history", [])
        key = (tuple(names), i18n.language, v.get("deal"), v.get("seat"))
        n = len(self._done)
        if key != self._key or len(history) < n or (n and history[n - 1] != self._done[-1]):
            self._key, self._writer, self._done, self._entries = key, writer(v, names), [], []
            self._last = {}
        else:
            self._writer.learn(v)
        for e in history[len(self._done) :]:
            line = self._writer.line(e)
            if line:
                self._entries.append((e, line))
                if isinstance(e.get("player"), int):
                    self._last[e["player"]] = line
            self._done.append(e)
        return self._entries

    def lines(self, v: dict[str, Any], names: Sequence[str]) -> list[str]:
        return [line for _, line in self.entries(v, names)]

    def last_moves(self, v: dict[str, Any], names: Sequence[str]) -> dict[int, str]:
        """Each seat's last move this deal in words (seats that did nothing yet are missing)."""
        self.entries(v, names)
        return dict(self._last)


def meld_signature(m: dict[str, Any], just: set[int]) -> tuple[str, bool]:
    """Everything a meld button shows: the meld as the view has it, and whether it just changed.
    The view writes a meld's keys in one order, so its ``repr`` is equal exactly when the meld is
    (and is far quicker to make and compare than JSON with sorted keys, at every redraw)."""
    return repr(m), m["id"] in just


def seat_signature(
    v: dict[str, Any], names: Sequence[str], level: str | None, seat: int, open_: bool, last: str
) -> tuple[Any, ...]:
    """Everything an opponent's seat shows (its chip, hand, facts, last move and melds)."""
    who, just, _ = touched(v)
    contract = v["variant"] == "contract"
    return (
        names[seat],
        level,
        v["hand_sizes"][seat],
        v["to_act"] == seat,
        who == seat,
        v["dealer"] == seat,
        (v["laid_down"][seat], v["buys"][seat]) if contract else None,
        last,
        open_,
        tuple(meld_signature(m, just) for m in v["melds"] if m["owner"] == seat),
    )


def mine_signature(v: dict[str, Any], names: Sequence[str], seat: int) -> tuple[Any, ...]:
    """Everything your own seat shows: name, facts, dealer, whether you act, your melds."""
    _, just, _ = touched(v)
    contract = v["variant"] == "contract"
    return (
        names[seat],
        (v["laid_down"][seat], v["buys"][seat]) if contract else None,
        v["dealer"] == seat,
        v["to_act"] == seat,
        tuple(meld_signature(m, just) for m in v["melds"] if m["owner"] == seat),
    )
