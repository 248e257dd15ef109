"""The move log in words, from the deal's public history (pure Python, no DOM).

Every line is derived from ``view["history"]``, so the log needs no state of its
own: it is saved with the game and is the same after a reload.

The log is written for the person whose view it is (``view["seat"]``, you at the
table): what you did says "you" and your melds are "your" melds, in both languages.
Finnish cannot fit "sinä" into a sentence made for a name (the verb and the noun
change: "Aino täydensi yhdistelmää" / "Täydensit omaa yhdistelmääsi"), so each of
these sentences has its own key: ``.you`` when you did it, ``.yours`` when it was
done to your meld, chosen here.

Worded ``by_names``, the log speaks to nobody: every move says its player's name. That is
the table under the cover between people at one device (``Screen.covered``), while the
device is being passed: "you" would mean whoever held it last.

>>> view = {"seat": 0, "melds": [], "history": [
...     {"type": "deal", "deal": 1, "dealer": 1, "discard": "7H"},
...     {"type": "draw", "player": 0, "source": "stock"},
...     {"type": "discard", "player": 0, "card": "KS"},
...     {"type": "draw", "player": 1, "source": "discard", "card": "KS"}]}
>>> for line in log_lines(view, ["Maija", "Aino"]):
...     print(line)
Deal 1 begins: Aino deals; the 7♥ is turned up.
You drew from the stock.
You discarded the K♠.
Aino took the K♠ from the discard pile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rommi.cards import JOKER_CODE
from rommi.views import Event, MeldView, SeatView
from ui.words import i18n
from ui.words.i18n import RANK_NUMBERS, card_name, card_text, cards_text, rank_plural, t

_SHOWN_RANK = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
# How a meld is named: after its owner ("Aino's run"), as yours ("your run"), or bare ("run")
# for a sentence that says "your" itself (the Finnish possessive is on the noun before it).
OWNED, YOURS, BARE = "", ".yours", ".bare"


def _rank(code: str) -> int:
    return RANK_NUMBERS[code[0]]


def meld_words(
    owner: str, kind: str, cards: Sequence[str], rank: int | None = None, form: str = OWNED
) -> str:
    """``Aino's set of sevens`` or ``Aino's run 5♥–8♥``; ``your run 5♥–8♥`` for ``form=YOURS``."""
    naturals = [(i, c) for i, c in enumerate(cards) if c != JOKER_CODE]
    if not naturals:
        return owner if form == OWNED else ""
    if kind == "set":
        return t("meld.set" + form, owner=owner, rank=rank_plural(_rank(naturals[0][1])))
    suit = naturals[0][1][1]
    if rank is None:
        # The first natural that is not an ace fixes the run's lowest rank (an ace may be high).
        i, c = next(((i, c) for i, c in naturals if c[0] != "A"), naturals[0])
        rank = _rank(c) - i
    high = rank + len(cards) - 1
    low_text = _SHOWN_RANK.get(rank, str(rank)) + card_text("2" + suit)[1:]
    high_text = _SHOWN_RANK.get(high, str(high)) + card_text("2" + suit)[1:]
    return t("meld.run" + form, owner=owner, low=low_text, high=high_text)


def meld_spoken(meld: MeldView) -> str:
    """A meld's cards in words, each joker with the card it stands for (a meld button's name)."""
    return ", ".join(
        card_name(c)
        + (f" ({t('ld.joker_stands', card=card_text(st))})" if c == JOKER_CODE and len(st) == 2 else "")
        for c, st in zip(meld["cards"], meld["stands_for"], strict=False)
    )


def view_meld_words(meld: MeldView, names: Sequence[str], you: int | None = None) -> str:
    """A meld of ``view["melds"]`` in words: "your run 5♥–8♥" when ``you`` own it."""
    form = YOURS if you is not None and meld["owner"] == you else OWNED
    return meld_words(names[meld["owner"]], meld["kind"], meld["cards"], meld.get("rank"), form)


def owned_words(meld: MeldView, names: Sequence[str], you: int | None) -> tuple[str, str]:
    """A meld of ``view["melds"]`` for a sentence with a ``.yours`` form: the words, and the
    key suffix (``.yours`` and the bare words when ``you`` own it, the sentence says "your")."""
    if you is not None and meld["owner"] == you:
        return meld_words("", meld["kind"], meld["cards"], meld.get("rank"), BARE), YOURS
    return view_meld_words(meld, names), OWNED


def log_lines(view: SeatView, names: Sequence[str]) -> list[str]:
    """One sentence per public event of the deal, oldest first."""
    return [line for _, line in log_entries(view, names)]


def log_entries(view: SeatView, names: Sequence[str]) -> list[tuple[Event, str]]:
    """Each public event of the deal with its sentence, oldest first."""
    writer = _Writer(view, names)
    pairs = []
    for e in view.get("history", []):
        line = writer.line(e)
        if line:
            pairs.append((e, line))
    return pairs


def writer(view: SeatView, names: Sequence[str], by_names: bool = False) -> _Writer:
    """A writer for ``view``'s deal, to word its events one by one as they come (``line``);
    ``by_names``: every move by its player's name, none as "you" (see the module's docstring)."""
    return _Writer(view, names, by_names)


def last_move(view: SeatView, names: Sequence[str], seat: int) -> str:
    """The last thing ``seat`` did this deal, in words ('' if nothing yet)."""
    for e, line in reversed(log_entries(view, names)):
        if e.get("player") == seat:
            return str(line)
    return ""


class _Writer:
    """Words for events, following each meld's cards as the deal goes along."""

    def __init__(self, view: SeatView, names: Sequence[str], by_names: bool = False) -> None:
        self.names = names
        self.you = None if by_names else view.get("seat")  # whose log it is: their moves say "you"
        self.kinds: dict[int, str] = {}
        self.owners: dict[int, Any] = {}
        self.table: dict[int, list[str]] = {}
        self.learn(view)

    def learn(self, view: SeatView) -> None:
        """The melds of a later view of the same deal (a writer may go on with its new events)."""
        self.kinds.update((m["id"], m["kind"]) for m in view.get("melds", []))
        self.owners.update((m["id"], m["owner"]) for m in view.get("melds", []))

    def name(self, seat: Any) -> str:
        ok = isinstance(seat, int) and 0 <= seat < len(self.names)
        return self.names[seat] if ok else "?"

    def said(self, key: str, seat: Any, **params: Any) -> str:
        """The sentence ``key`` about what ``seat`` did: its ``.you`` form when that is you."""
        if seat is not None and seat == self.you:
            return t(key + ".you", **params)
        return t(key, who=self.name(seat), **params)

    def meld(self, mid: int) -> tuple[str, str]:
        """The meld's words for a sentence, and the key suffix: ``.yours`` for a meld of yours."""
        owner = self.owners.get(mid)
        yours = owner is not None and owner == self.you
        words = meld_words(
            self.name(owner),
            self.kinds.get(mid, "set"),
            self.table.get(mid, []),
            form=BARE if yours else OWNED,
        )
        return words, YOURS if yours else ""

    def line(self, e: Mapping[str, Any]) -> str:
        """The event's sentence ('' for none). Any ``rommi.views.Event``, read by its ``type``."""
        kind, who = e.get("type"), e.get("player")
        if kind == "deal":
            dealer, card = e["dealer"], card_text(e["discard"])
            if dealer == self.you:
                return t("log.deal.you", deal=e["deal"], card=card)
            return t("log.deal", deal=e["deal"], dealer=self.name(dealer), card=card)
        if kind == "draw":
            if e.get("source") == "discard":
                return self.said("log.draw.discard", who, card=card_text(e["card"]))
            return self.said("log.draw.stock", who)
        if kind in ("offer", "buy", "discard"):
            return self.said("log." + kind, who, card=card_text(e["card"]))
        if kind == "pass":
            return self.said("log.pass", who)
        if kind == "meld":
            return self._meld(e)
        if kind == "layoff":
            return self._layoff(e)
        if kind == "swap":
            return self._swap(e)
        if kind == "rebuild":
            return t("log.rebuild", count=e.get("stock", 0))
        if kind == "deal_end":
            if e.get("went_out") is None:
                return t("log.deal_end.stock")
            return self.said("log.deal_end.out", e["went_out"])
        return ""

    def _meld(self, e: Mapping[str, Any]) -> str:
        for mid, cards in zip(e.get("ids", []), e.get("melds", []), strict=False):
            self.table[mid] = list(cards)
            self.owners.setdefault(mid, e.get("player"))
        melds = t("log.melds_join").join(cards_text(m) for m in e.get("melds", []))
        return self.said(
            "log.meld.contract" if e.get("contract") else "log.meld", e.get("player"), melds=melds
        )

    def _swap(self, e: Mapping[str, Any]) -> str:
        mid = e["meld"]
        words, yours = self.meld(mid)
        line = self.said("log.swap" + yours, e.get("player"), card=card_text(e["card"]), meld=words)
        cards = self.table.get(mid, [])
        if JOKER_CODE in cards:  # which joker it was does not change the words
            cards[cards.index(JOKER_CODE)] = e["card"]
        return line

    def _layoff(self, e: Mapping[str, Any]) -> str:
        mid, end = e["meld"], e.get("end")
        cards = cards_text(e["cards"])
        words, yours = self.meld(mid)
        now = self.table.get(mid, [])
        if end == "low":
            self.table[mid] = list(e["cards"]) + now
        else:
            self.table[mid] = now + list(e["cards"])
        if end:
            key, params = "log.layoff.end" + yours, {"end": t("log.end." + end)}
        else:
            key, params = "log.layoff" + yours, {}
        return self.said(key, e.get("player"), cards=cards, meld=words, **params)


class Words:
    """The log's sentences for one view, written once per view and language (every seat's
    last move and the log itself read them; writing them is a walk over the whole history)."""

    def __init__(self) -> None:
        self._key: tuple[Any, ...] | None = None
        self._writer: Any = None
        self._done: list[Event] = []  # the events worded so far
        self._entries: list[tuple[Event, str]] = []
        self._last: dict[int, str] = {}  # each seat's last move in words, kept as lines are worded

    def entries(self, v: SeatView, names: Sequence[str], by_names: bool = False) -> list[tuple[Event, str]]:
        """Each event with its sentence (``by_names``: none says "you", see ``writer``). Only the
        events new since the last call are worded, as long as the history goes on from what was
        worded (an undo, a new deal or another way of wording starts afresh)."""
        history = v.get("history", [])
        key = (tuple(names), i18n.language, v.get("deal"), v.get("seat"), by_names)
        n = len(self._done)
        if key != self._key or len(history) < n or (n and history[n - 1] != self._done[-1]):
            self._key, self._writer, self._done, self._entries = key, writer(v, names, by_names), [], []
            self._last = {}
        else:
            self._writer.learn(v)
        for e in history[len(self._done) :]:
            line = self._writer.line(e)
            if line:
                self._entries.append((e, line))
                who = e.get("player")
                if isinstance(who, int):
                    self._last[who] = line
            self._done.append(e)
        return self._entries

    def lines(self, v: SeatView, names: Sequence[str], by_names: bool = False) -> list[str]:
        return [line for _, line in self.entries(v, names, by_names)]

    def last_moves(self, v: SeatView, names: Sequence[str], by_names: bool = False) -> dict[int, str]:
        """Each seat's last move this deal in words (seats that did nothing yet are missing)."""
        self.entries(v, names, by_names)
        return dict(self._last)
