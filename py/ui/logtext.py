"""The move log in words, from the deal's public history (pure Python, no DOM).

Every line is derived from ``view["history"]``, so the log needs no state of its
own: it is saved with the game and is the same after a reload.

>>> view = {"melds": [], "history": [
...     {"type": "deal", "deal": 1, "dealer": 1, "discard": "7H"},
...     {"type": "draw", "player": 0, "source": "stock"},
...     {"type": "discard", "player": 0, "card": "KS"}]}
>>> log_lines(view, ["Maija", "Aino"])
['Deal 1 begins: Aino deals; the 7♥ is turned up.', 'Maija drew from the stock.', 'Maija discarded the K♠.']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .i18n import RANK_NUMBERS, card_text, cards_text, rank_plural, t

_SHOWN_RANK = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}


def _rank(code: str) -> int:
    return RANK_NUMBERS[code[0]]


def meld_words(owner: str, kind: str, cards: Sequence[str], rank: int | None = None) -> str:
    """``Aino's set of sevens`` or ``Aino's run 5♥–8♥``."""
    naturals = [(i, c) for i, c in enumerate(cards) if c != "JK"]
    if not naturals:
        return owner
    if kind == "set":
        return t("meld.set", owner=owner, rank=rank_plural(_rank(naturals[0][1])))
    suit = naturals[0][1][1]
    if rank is None:
        # The first natural that is not an ace fixes the run's lowest rank (an ace may be high).
        i, c = next(((i, c) for i, c in naturals if c[0] != "A"), naturals[0])
        rank = _rank(c) - i
    high = rank + len(cards) - 1
    low_text = _SHOWN_RANK.get(rank, str(rank)) + card_text("2" + suit)[1:]
    high_text = _SHOWN_RANK.get(high, str(high)) + card_text("2" + suit)[1:]
    return t("meld.run", owner=owner, low=low_text, high=high_text)


def view_meld_words(meld: dict[str, Any], names: Sequence[str]) -> str:
    """A meld of ``view["melds"]`` in words."""
    return meld_words(names[meld["owner"]], meld["kind"], meld["cards"], meld.get("rank"))


def log_lines(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """One sentence per public event of the deal, oldest first."""
    return [line for _, line in log_entries(view, names)]


def log_entries(view: dict[str, Any], names: Sequence[str]) -> list[tuple[dict[str, Any], str]]:
    """Each public event of the deal with its sentence, oldest first."""
    writer = _Writer(view, names)
    pairs = []
    for e in view.get("history", []):
        line = writer.line(e)
        if line:
            pairs.append((e, line))
    return pairs


def last_move(view: dict[str, Any], names: Sequence[str], seat: int) -> str:
    """The last thing ``seat`` did this deal, in words ('' if nothing yet)."""
    for e, line in reversed(log_entries(view, names)):
        if e.get("player") == seat:
            return str(line)
    return ""


class _Writer:
    """Words for events, following each meld's cards as the deal goes along."""

    def __init__(self, view: dict[str, Any], names: Sequence[str]) -> None:
        self.names = names
        self.kinds = {m["id"]: m["kind"] for m in view.get("melds", [])}
        self.owners = {m["id"]: m["owner"] for m in view.get("melds", [])}
        self.table: dict[int, list[str]] = {}

    def name(self, seat: Any) -> str:
        ok = isinstance(seat, int) and 0 <= seat < len(self.names)
        return self.names[seat] if ok else "?"

    def meld(self, mid: int) -> str:
        return meld_words(
            self.name(self.owners.get(mid)), self.kinds.get(mid, "set"), self.table.get(mid, [])
        )

    def line(self, e: dict[str, Any]) -> str:
        kind = e.get("type")
        who = self.name(e.get("player"))
        if kind == "deal":
            return t("log.deal", deal=e["deal"], dealer=self.name(e["dealer"]), card=card_text(e["discard"]))
        if kind == "draw":
            if e.get("source") == "discard":
                return t("log.draw.discard", who=who, card=card_text(e["card"]))
            return t("log.draw.stock", who=who)
        if kind in ("offer", "buy", "discard"):
            return t("log." + kind, who=who, card=card_text(e["card"]))
        if kind == "pass":
            return t("log.pass", who=who)
        if kind == "meld":
            for mid, cards in zip(e.get("ids", []), e.get("melds", []), strict=False):
                self.table[mid] = list(cards)
                self.owners.setdefault(mid, e.get("player"))
            melds = t("log.melds_join").join(cards_text(m) for m in e.get("melds", []))
            return t("log.meld.contract" if e.get("contract") else "log.meld", who=who, melds=melds)
        if kind == "layoff":
            return self._layoff(e, who)
        if kind == "swap":
            mid = e["meld"]
            line = t("log.swap", who=who, card=card_text(e["card"]), meld=self.meld(mid))
            cards = self.table.get(mid, [])
            if "JK" in cards:  # which joker it was does not change the words
                cards[cards.index("JK")] = e["card"]
            return line
        if kind == "rebuild":
            return t("log.rebuild", count=e.get("stock", 0))
        if kind == "deal_end":
            if e.get("went_out") is None:
                return t("log.deal_end.stock")
            return t("log.deal_end.out", who=self.name(e["went_out"]))
        return ""

    def _layoff(self, e: dict[str, Any], who: str) -> str:
        mid, end = e["meld"], e.get("end")
        cards = cards_text(e["cards"])
        words = self.meld(mid)
        now = self.table.get(mid, [])
        if end == "low":
            self.table[mid] = list(e["cards"]) + now
        else:
            self.table[mid] = now + list(e["cards"])
        if end:
            return t("log.layoff.end", who=who, cards=cards, meld=words, end=t("log.end." + end))
        return t("log.layoff", who=who, cards=cards, meld=words)
