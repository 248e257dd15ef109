"""The lay-down area: melds composed before they are committed (pure Python, no DOM).

You put cards from your hand into drafts; nothing reaches the engine until you
press "Lay down", and until then every draft can be changed or emptied. While
you have not met the contract, the area shows the contract's slots ("Set",
"Set", "Run"); after that (and always in Perusrommi) drafts are free melds.

The checks are the engine's own: each draft through ``rommi.melds.make_meld``,
the whole lay-down through the engine's ``Game.check``, which does nothing
(``App.check``). The area only arranges: a run's natural cards in rank order,
jokers in the gaps between them, and any further jokers at the end you choose.

>>> area = LayDown()
>>> area.set_basis({"variant": "contract", "deal": 1, "laid_down": [False], "seat": 0,
...                 "contract": {"sets": 2, "runs": 0}, "options": {"ace_high": False}})
True
>>> [str(d.kind) for d in area.drafts]
['set', 'set']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from rommi.actions import Meld as MeldAction
from rommi.cards import JOKER_CODE, Card
from rommi.errors import IllegalAction
from rommi.melds import RUN, SET, Meld, infer_kind, make_meld
from rommi.names import MeldKind
from rommi.views import SeatView
from ui.model.hand import rank_of
from ui.words.i18n import t

KINDS = (SET, RUN)


@dataclass
class Draft:
    """One meld being composed. ``slot``: one of the contract's (its kind is fixed)."""

    kind: str | None = None  # fixed kind, or None: the player's choice or the engine's default
    uids: list[int] = field(default_factory=list)
    slot: bool = False
    low_jokers: int | None = None  # run: spare jokers at the low end (None: the default)
    ace_high: bool | None = None  # run, with the ace_high option: the ace's end (None: the default)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "uids": list(self.uids),
            "slot": self.slot,
            "low_jokers": self.low_jokers,
            "ace_high": self.ace_high,
        }

    @classmethod
    def from_dict(cls, d: Any) -> Draft:
        if not isinstance(d, dict):
            raise ValueError("draft is not an object")
        kind, uids, slot = d.get("kind"), d.get("uids"), d.get("slot")
        low, ace = d.get("low_jokers"), d.get("ace_high")
        if (
            kind not in (None, *KINDS)
            or not isinstance(uids, list)
            or any(type(u) is not int for u in uids)
            or not isinstance(slot, bool)
            or not (low is None or (type(low) is int and low >= 0))
            or not (ace is None or isinstance(ace, bool))
        ):
            raise ValueError("draft is malformed")
        return cls(kind, list(uids), slot, low, ace)


@dataclass(frozen=True)
class Check:
    """The live verdict on one draft: ``meld`` when valid, else the engine's refusal."""

    empty: bool
    meld: Meld | None = None
    error: IllegalAction | None = None
    order: tuple[int, ...] = ()  # the draft's uids in meld order

    @property
    def ok(self) -> bool:
        return self.meld is not None


def basis_of(view: SeatView) -> list[Any]:
    """What the slots depend on: a new deal or a first lay-down resets them."""
    return [view["variant"], view["deal"], bool(view["laid_down"][view["seat"]])]


@dataclass
class LayDown:
    drafts: list[Draft] = field(default_factory=list)
    basis: list[Any] = field(default_factory=list)

    # ------------------------------------------------------------- structure
    def set_basis(self, view: SeatView) -> bool:
        """Lay out the contract's slots for this view if the deal or the lay-down changed; True if reset."""
        basis = basis_of(view)
        if basis == self.basis:
            return False
        self.basis = basis
        self.drafts = []
        contract = view.get("contract")
        if view["variant"] == "contract" and contract and not view["laid_down"][view["seat"]]:
            self.drafts = [Draft(SET, slot=True) for _ in range(contract["sets"])]
            self.drafts += [Draft(RUN, slot=True) for _ in range(contract["runs"])]
        return True

    def used(self) -> set[int]:
        return {u for d in self.drafts for u in d.uids}

    def is_empty(self) -> bool:
        return not self.used()

    def add(self, index: int, uids: Iterable[int]) -> int:
        """Put cards into draft ``index`` (a new free draft when ``index`` is past the end)."""
        moving = [u for u in uids]
        self.take(moving)
        if not moving:
            return index
        if index >= len(self.drafts) or index < 0:
            self.drafts.append(Draft())
            index = len(self.drafts) - 1
        self.drafts[index].uids.extend(moving)
        return index

    def slot_for(self, uids: list[int], code: Callable[[int], str]) -> int:
        """Where "New meld" puts cards: the first empty contract slot of their kind, else a new draft."""
        if uids:
            kind = infer_kind([Card.parse(code(u)) for u in uids])
            for i, d in enumerate(self.drafts):
                if d.slot and not d.uids and d.kind == kind:
                    return i
        return len(self.drafts)

    def take(self, uids: Iterable[int]) -> None:
        """Take cards back to the hand; free drafts left empty disappear."""
        gone = set(uids)
        for d in self.drafts:
            d.uids = [u for u in d.uids if u not in gone]
        self.drafts = [d for d in self.drafts if d.slot or d.uids]

    def clear(self) -> None:
        for d in self.drafts:
            d.uids = []
            d.low_jokers = None
            d.ace_high = None
        self.drafts = [d for d in self.drafts if d.slot]

    def remove_draft(self, index: int) -> None:
        if 0 <= index < len(self.drafts) and not self.drafts[index].slot:
            del self.drafts[index]

    def prune(self, held: Iterable[int]) -> None:
        """Forget cards no longer in the hand."""
        keep = set(held)
        self.take([u for u in self.used() if u not in keep])

    def set_kind(self, index: int, kind: str | None) -> None:
        d = self.drafts[index]
        if not d.slot and kind in (None, *KINDS):
            d.kind = kind

    # ----------------------------------------------------------- arranging
    def kind_of(self, index: int, code: Callable[[int], str]) -> str:
        d = self.drafts[index]
        if d.kind is not None:
            return d.kind
        return infer_kind([Card.parse(code(u)) for u in d.uids])

    def spare_jokers(self, index: int, code: Callable[[int], str], ace_high: bool) -> tuple[int, int]:
        """A run draft's jokers beyond the gaps: how many sit at the (low, high) end."""
        layout = self._run_layout(self.drafts[index], code, ace_high)
        return layout[1], layout[2]

    def move_joker(self, index: int, to: str, code: Callable[[int], str], ace_high: bool) -> None:
        """Move one spare joker of a run draft to the ``"low"`` or ``"high"`` end."""
        d = self.drafts[index]
        _, low, high = self._run_layout(d, code, ace_high)
        if to == "low" and high > 0:
            d.low_jokers = low + 1
        elif to == "high" and low > 0:
            d.low_jokers = low - 1

    def has_ace_choice(self, index: int, code: Callable[[int], str], ace_high: bool) -> bool:
        return ace_high and any(code(u)[0] == "A" for u in self.drafts[index].uids)

    def ace_is_high(self, index: int, code: Callable[[int], str], ace_high: bool) -> bool:
        d = self.drafts[index]
        if not ace_high:
            return False
        if d.ace_high is not None:
            return d.ace_high
        # The default: high when the run's other cards are at the top (Q, K), else low.
        others = [rank_of(code(u)) for u in d.uids if code(u) != JOKER_CODE and code(u)[0] != "A"]
        return bool(others) and min(others) >= 10

    def set_ace(self, index: int, high: bool) -> None:
        self.drafts[index].ace_high = high

    def _run_layout(self, d: Draft, code: Callable[[int], str], ace_high: bool) -> tuple[list[int], int, int]:
        """(uids in meld order, spare jokers low, spare jokers high) for a run draft."""
        index = self.drafts.index(d)
        ace_up = self.ace_is_high(index, code, ace_high)
        naturals = [u for u in d.uids if code(u) != JOKER_CODE]
        jokers = [u for u in d.uids if code(u) == JOKER_CODE]

        def rank(u: int) -> int:
            r = rank_of(code(u))
            return 14 if r == 1 and ace_up else r

        naturals.sort(key=rank)
        order: list[int] = []
        spare = list(jokers)
        for i, u in enumerate(naturals):
            if i:
                gap = rank(u) - rank(naturals[i - 1]) - 1
                while gap > 0 and spare:
                    order.append(spare.pop(0))
                    gap -= 1
            order.append(u)
        extra = len(spare)
        top = 14 if ace_high else 13
        if d.low_jokers is None:
            # Spare jokers go above the run, or below where the top would pass the king (or ace).
            high_rank = rank(naturals[-1]) if naturals else 0
            low = max(0, min(extra, high_rank + extra - top))
        else:
            low = min(d.low_jokers, extra)
        return spare[:low] + order + spare[low:], low, extra - low

    def arranged(self, index: int, code: Callable[[int], str], ace_high: bool) -> list[int]:
        """Draft ``index``'s uids in the order they go to the engine."""
        d = self.drafts[index]
        if self.kind_of(index, code) == RUN:
            return self._run_layout(d, code, ace_high)[0]
        return list(d.uids)

    # -------------------------------------------------------------- checking
    def check(self, index: int, code: Callable[[int], str], ace_high: bool) -> Check:
        """The engine's verdict on draft ``index`` as a meld by itself (``make_meld``)."""
        d = self.drafts[index]
        if not d.uids:
            return Check(True)
        order = tuple(self.arranged(index, code, ace_high))
        cards = [Card.parse(code(u)) for u in order]
        try:
            meld = make_meld(cards, self.kind_of(index, code), ace_high)
        except IllegalAction as e:
            return Check(False, None, e, order)
        return Check(False, meld, None, order)

    def put_error(
        self, index: int, uids: Iterable[int], code: Callable[[int], str], ace_high: bool
    ) -> IllegalAction | None:
        """Why ``uids`` may not go into draft ``index``: it is a whole meld already, and the engine
        (``make_meld``, as ``check``) refuses it with them added. None when they may go in: a
        draft not yet a meld takes any card (you are still composing it), a meld takes what keeps
        it one (a fourth seven, the next card of a run). Nothing changes."""
        d = self.drafts[index]
        adding = [u for u in uids if u not in d.uids]
        if not adding or not self.check(index, code, ace_high).ok:
            return None
        before = d.uids
        d.uids = before + adding
        try:
            return self.check(index, code, ace_high).error
        finally:
            d.uids = before

    def action(self, player: int, code: Callable[[int], str], ace_high: bool) -> MeldAction | None:
        """The engine's ``meld`` action for every non-empty draft, or None when all are empty."""
        melds: list[tuple[Card, ...]] = []
        kinds: list[MeldKind] = []
        for i, d in enumerate(self.drafts):
            if not d.uids:
                continue
            melds.append(tuple(Card.parse(code(u)) for u in self.arranged(i, code, ace_high)))
            kinds.append(MeldKind(self.kind_of(i, code)))
        if not melds:
            return None
        return MeldAction(player, tuple(melds), tuple(kinds))

    # ---------------------------------------------------------------- saving
    def to_dict(self) -> dict[str, Any]:
        return {"drafts": [d.to_dict() for d in self.drafts], "basis": list(self.basis)}

    @classmethod
    def from_dict(cls, data: Any) -> LayDown:
        if not isinstance(data, dict) or not isinstance(data.get("drafts"), list):
            raise ValueError("lay-down area is malformed")
        basis = data.get("basis")
        if not isinstance(basis, list):
            raise ValueError("lay-down area is malformed")
        return cls([Draft.from_dict(d) for d in data["drafts"]], basis)


def put_refusal(app: Any, index: int) -> str | None:
    """Why "Put here" on draft ``index`` does nothing now, in words (None: it puts the selected
    cards there). Nothing selected; or the draft is a whole meld and the engine refuses it with
    the selected cards added (``LayDown.put_error``), so a hasty press cannot spoil it. ``app``
    is the table's ``ui.model.app.App`` (its selection, cards and refusals in words)."""
    if not 0 <= index < len(app.area.drafts):
        return None
    if not app.selected:
        return t("ld.put.select")
    error = app.area.put_error(index, app.selected, app.code, app.ace_high)
    return None if error is None else t("ld.put.full", reason=app.refusal_text(error))
