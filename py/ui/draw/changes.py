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

from rommi.game import Phase
from rommi.views import MeldView, SeatView
from ui.draw.regions import drawn, remember
from ui.words.logtext import Words as Words

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


def touched(v: SeatView) -> tuple[int | None, set[int], bool]:
    """What the last move touched, to show it: (the seat that moved, meld ids, the discard pile)."""
    history = v["history"]
    if not history:
        return None, set(), False
    e = history[-1]
    melds: set[int] = set()
    if e["type"] == "meld":
        melds = set(e.get("ids", []))
    elif e["type"] == "layoff" or e["type"] == "swap":
        melds = {e["meld"]}
    pile = e["type"] in ("discard", "deal") or (e["type"] == "draw" and e.get("source") == "discard")
    who = e.get("player")
    return who if isinstance(who, int) else None, melds, pile


def meld_signature(m: MeldView, just: set[int]) -> tuple[str, bool]:
    """Everything a meld button shows: the meld as the view has it, and whether it just changed.
    The view writes a meld's keys in one order, so its ``repr`` is equal exactly when the meld is
    (and is far quicker to make and compare than JSON with sorted keys, at every redraw)."""
    return repr(m), m["id"] in just


def seat_signature(
    v: SeatView, names: Sequence[str], level: str | None, seat: int, open_: bool, last: str
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


def mine_signature(v: SeatView, names: Sequence[str], seat: int) -> tuple[Any, ...]:
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


def beside_seats(shown: dict[int, str], you: int, seats: int) -> list[int]:
    """The seats whose reaction must be put beside them again (or taken away): the words shown
    beside the seat changed, or its box was drawn again (its region makes its children the ones it
    describes, so a reaction beside it is gone) while a reaction was beside it. A seat with no
    reaction before or now is left alone, drawn again or not: at a move, the seats its player
    changed, not every seat looked up in the page. Each seat's words and box (its own signature and
    its region's: the opponents refilled, your seat emptied under the cover) are remembered."""
    out = []
    for seat in range(seats):
        box = ("mine", drawn("mine")) if seat == you else (drawn("opponents"), drawn(f"seat-{seat}"))
        said = shown.get(seat)
        now = (said, you, box)
        before = drawn(f"beside-{seat}")
        if before == now:
            continue
        remember(f"beside-{seat}", now)
        if said is not None or (before is not None and before[0] is not None):
            out.append(seat)
    return out


def actions_phase(v: SeatView, mine: bool) -> str | None:
    """The phase as the dock shows it: while the seat drawn for acts, the phase itself; else only
    whether a deal or the match is over (Next deal, New game), since another seat's draw, play and
    buy window leave the dock as it was (its buttons unavailable, the same words)."""
    phase = str(v["phase"])
    return phase if mine or phase in (Phase.DEAL_OVER, Phase.MATCH_OVER) else None


def melds_stay(seat: int, signature: tuple[Any, ...], language: str, names: Sequence[str]) -> bool:
    """Whether an opponent's melds look as they did when its box was last drawn: the melds part
    of its ``seat_signature`` (the last) and the words they are told in. Its box drawn again then
    keeps its melds' element as it is (a seat is redrawn at every move of its player, its melds
    seldom change). What it shows now is remembered for the next redraw."""
    key = (signature[-1], language, tuple(names))
    same: bool = drawn(f"seat-melds-{seat}") == key
    remember(f"seat-melds-{seat}", key)
    return same


def backs_stay(seat: int, shown: int) -> bool:
    """Whether an opponent's box shows as many backs (``shown``) as when it was last drawn: drawn
    again (it turns current, or its last move is no longer the latest) it keeps the backs' element
    as it is, where each back was described and compared again. Remembered for the next redraw."""
    same: bool = drawn(f"seat-backs-{seat}") == shown
    remember(f"seat-backs-{seat}", shown)
    return same
