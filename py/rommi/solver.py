"""The hand solver: the best melds a hand can make now (rules G3-G5, C4, C10, C12, C14, B3, B8).

The computer players and the hints ask three questions of a hand: can it lay
down the deal's contract now (``can_meet``), which melds leave the fewest
penalty points (``best_arrangement``), and what is its least deadwood
(``min_deadwood``). The answers are exact, not heuristic: ``tests/test_solver.py``
checks them against a brute force over every partition of small hands.

Why a small search is exact
---------------------------
Every meld is its naturals (its *core*) plus jokers. A core needs a number of
jokers, its *demand*: a set core of ``k`` naturals needs ``max(0, 3 - k)``; a
run core of ``k`` naturals spanning ``s`` ranks needs its gaps filled and the
run made up to three cards, ``max(3, s) - k``. Jokers beyond the demands cost
nothing once any meld exists: a set takes any number of them, a run grows to
13 cards, and a run of 13 with two naturals splits in two that grow again.
With at most 12 jokers (rule C2's limit) every spare joker so finds a place;
spare jokers stay in hand only when ``min_left`` wants cards kept.

Only small cores are needed. A set core of 6 or more naturals splits into two
sets of 3 or more. A run core spanning 6 or more ranks splits into the
naturals of its first three ranks and the rest, and the two demands add up to
no more than the whole's. Splitting keeps each meld's kind and suit, so it
keeps every contract met. The search therefore uses set cores of 1-5
naturals and run cores spanning at most 5 ranks whose demand fits the jokers,
plus one-natural run cores (a natural and two jokers) when a contract asks
for runs. With no jokers these are exactly the sets of 3-5 and runs of 3-5.

How it is fast
--------------
The hand is one integer with a small counter field per card, rank-major, so a
card's run neighbours are one rank apart; with a single deck the fields are
single bits. Taking a meld out is one subtraction, and with several decks a
guard bit on each field tells whether the meld fits. The search takes the
lowest card left: its copies are all deadwood, or one of them goes into a
core whose lowest card it is (a card with no such core is stepped over).
States (cards left, jokers left, cards kept, contract progress) are memoised.
Naturals in no core at all never enter the search. A contract is a small
automaton over meld kinds, and a state that owes more melds than its cards
can make is dropped at once. ``can_meet`` searches only the contract's own
melds, three cards each. One deck without jokers (gin, and most basic rummy)
has its own path on plain bitmasks, which answers at once when no card is
wanted by two melds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product

from .cards import JOKER, SUITS, Card
from .contracts import CONTRACTS, Contract
from .melds import RUN, SET

__all__ = ["CONTRACTS", "Arrangement", "Contract", "best_arrangement", "can_meet", "min_deadwood"]


@dataclass(frozen=True)
class Arrangement:
    """A way to play a hand: the melds to lay down and what stays in hand.

    ``melds`` holds each meld's cards, a run in rank order with each joker where
    it stands, so ``melds.make_meld(cards, kind, ace_high)`` accepts it as it
    is; ``kinds`` says ``"set"`` or ``"run"`` for each (``7H JK JK`` could be
    either); ``deadwood`` is what stays in hand, in the hand's order; and
    ``penalty`` is the sum of the deadwood's values.
    """

    melds: tuple[tuple[Card, ...], ...]
    kinds: tuple[str, ...]
    deadwood: tuple[Card, ...]
    penalty: int


# --------------------------------------------------------------------------
# Slots and values

_INF = 1 << 62
_CARD_AT: tuple[Card, ...] = tuple(Card(r, s) for r in range(1, 14) for s in SUITS)
"""Slot ``4 * (rank - 1) + suit index`` holds that natural: rank-major on purpose."""
_SLOT: dict[Card, int] = {c: i for i, c in enumerate(_CARD_AT)}
_SLOT_J: dict[Card, int] = {**_SLOT, JOKER: 52}
_BIT: dict[Card, int] = {c: 1 << i for i, c in enumerate(_CARD_AT)}
_BIT[JOKER] = 0

_VALUE_TABLES: dict[Callable[[Card], int], tuple[int, ...]] = {}


def _values(value: Callable[[Card], int]) -> tuple[int, ...]:
    """``value`` of the 52 naturals by slot, then of the joker (index 52).

    The callers pass the same few functions again and again, so the table is
    kept per function object: ``value`` must be a pure function of the card.
    Values must not be negative, as the search relies on a melded card never
    costing more than a kept one.
    """
    try:
        table = _VALUE_TABLES.get(value)
        cacheable = True
    except TypeError:  # an unhashable callable: no caching, still correct
        table, cacheable = None, False
    if table is None:
        table = (*(value(c) for c in _CARD_AT), value(JOKER))
        if min(table) < 0:
            raise ValueError("card values must not be negative")
        if cacheable:
            if len(_VALUE_TABLES) >= 64:
                _VALUE_TABLES.clear()
            _VALUE_TABLES[value] = table
    return table


def _bad_card(hand: Sequence[object]) -> ValueError:
    bad = next((c for c in hand if not isinstance(c, Card) or c not in _SLOT_J), None)
    return ValueError(f"not a card: {bad!r}")


# --------------------------------------------------------------------------
# Fast path: one deck, no jokers, no contract, nothing to keep (gin rummy, most
# basic rummy). Cards are bits; the melds are runs of 3-5 and sets of 3-4.

_RANK_LOW_BITS = int("0001" * 14, 2)
_ALL52 = (1 << 52) - 1


def _fast_tables(ace_high: bool) -> tuple[tuple[int, ...], ...]:
    """For each slot, the melds whose lowest slot it is (an ace's slot is the lowest)."""
    out: list[tuple[int, ...]] = []
    for c in range(52):
        r, s = divmod(c, 4)
        ms: list[int] = []
        for length in (3, 4, 5):
            if r + length <= 13:
                ms.append(sum(1 << (c + 4 * k) for k in range(length)))
        if ace_high and r == 0:  # Q-K-A, J-Q-K-A, T-J-Q-K-A
            for length in (3, 4, 5):
                ms.append((1 << c) | sum(1 << (4 * (13 - k) + s) for k in range(1, length)))
        for k in (2, 3):
            for others in combinations(range(s + 1, 4), k):
                ms.append((1 << c) | sum(1 << (4 * r + o) for o in others))
        out.append(tuple(ms))
    return tuple(out)


_FAST_MELDS = (_fast_tables(False), _fast_tables(True))


def _fast_cover(h: int, ace_high: bool) -> tuple[int, int, bool]:
    """Bits of ``h`` in some run (ranks 1-14, the ace also at 14 with ``ace_high``), bits
    in some set, and whether some card is wanted by two melds that cannot both be laid."""
    x = h | ((h & 0xF) << 52) if ace_high else h
    s3 = x & (x >> 4) & (x >> 8)
    run14 = (s3 | (s3 << 4) | (s3 << 8)) & x
    run = (run14 | (run14 >> 52)) & _ALL52 if ace_high else run14
    b0 = h & _RANK_LOW_BITS
    b1 = (h >> 1) & _RANK_LOW_BITS
    b2 = (h >> 2) & _RANK_LOW_BITS
    b3 = (h >> 3) & _RANK_LOW_BITS
    sets = ((b0 & b1 & (b2 | b3)) | (b2 & b3 & (b0 | b1))) * 15 & h
    # An ace in both A-2-3 and Q-K-A is wanted twice (a run never wraps).
    clash = bool(run & sets) or bool(ace_high and s3 & (s3 >> 44) & 0xF)
    return run14, sets, clash


def _fast_search(
    h: int, vals: Sequence[int], melds: tuple[tuple[int, ...], ...]
) -> tuple[int, dict[int, int]]:
    """Least deadwood of the cards in bitmask ``h``, and the memo to rebuild the melds from."""
    memo: dict[int, int] = {}

    def f(h: int) -> int:
        if not h:
            return 0
        best = memo.get(h)
        if best is not None:
            return best
        low = h & -h
        c = low.bit_length() - 1
        best = vals[c] + f(h ^ low)
        for m in melds[c]:
            if m & h == m:
                v = f(h ^ m)
                if v < best:
                    best = v
        memo[h] = best
        return best

    return f(h), memo


def _fast_mask(hand: Sequence[Card]) -> int | None:
    """The hand as a bitmask, or ``None`` if it holds a joker, a repeat or a non-card."""
    h = 0
    bit = _BIT
    try:
        for c in hand:
            b = bit[c]
            if h & b or not b:
                return None
            h |= b
    except (KeyError, TypeError):
        return None
    return h


def _fast_value(h: int, vals: tuple[int, ...], ace_high: bool) -> int:
    """Least deadwood of the one-deck, joker-free hand ``h``."""
    run14, sets, clash = _fast_cover(h, ace_high)
    meldable = sets | ((run14 | (run14 >> 52)) & _ALL52 if ace_high else run14)
    cost = 0
    dead = h & ~meldable
    while dead:
        low = dead & -dead
        cost += vals[low.bit_length() - 1]
        dead ^= low
    if not clash:
        return cost  # every run and every set can be laid at once
    return cost + _fast_search(meldable, vals, _FAST_MELDS[ace_high])[0]


def _mask_cards(m: int) -> list[Card]:
    out = []
    while m:
        low = m & -m
        out.append(_CARD_AT[low.bit_length() - 1])
        m ^= low
    return out


def _fast_arrangement(hand: Sequence[Card], h: int, vals: tuple[int, ...], ace_high: bool) -> Arrangement:
    """``best_arrangement`` for the one-deck, joker-free hand ``h`` with nothing to keep."""
    run14, sets, clash = _fast_cover(h, ace_high)
    out: list[tuple[Card, ...]] = []
    kinds: list[str] = []
    if not clash:
        for r in range(13):
            m = sets >> (4 * r) & 15
            if m:
                out.append(tuple(_mask_cards(m << (4 * r))))
                kinds.append(SET)
        for s in range(4):
            run: list[Card] = []
            for r in range(1, 16):  # rank 15 never exists: it ends the last run
                if r <= 14 and run14 >> (4 * (r - 1) + s) & 1:
                    run.append(Card(1 if r == 14 else r, SUITS[s]))
                elif run:
                    out.append(tuple(run))
                    kinds.append(RUN)
                    run = []
    else:
        # Costs penalty * scale + 1 per kept card: among equal penalties, fewest cards kept.
        scale = len(hand) + 1
        cost = [v * scale + 1 for v in vals]
        melds = _FAST_MELDS[ace_high]
        meldable = sets | (run14 | (run14 >> 52)) & _ALL52
        _, memo = _fast_search(meldable, cost, melds)
        left = meldable
        while left:
            low = left & -left
            c = low.bit_length() - 1
            target = memo[left]
            if cost[c] + memo.get(left ^ low, 0) == target:
                left ^= low
                continue
            for m in melds[c]:
                if m & left == m and memo.get(left ^ m, 0) == target:
                    cards = _mask_cards(m)
                    if cards[0].rank == cards[1].rank:
                        kinds.append(SET)
                    else:
                        high = cards[-1].rank == 13 and cards[0].rank == 1
                        cards.sort(key=lambda x: 14 if high and x.rank == 1 else x.rank)
                        kinds.append(RUN)
                    out.append(tuple(cards))
                    left ^= m
                    break
            else:  # pragma: no cover - the memo always holds a way to its own value
                raise AssertionError("solver walk lost its way")
    return _finish(hand, out, kinds, 0, vals)


def _finish(
    hand: Sequence[Card],
    melds: list[tuple[Card, ...]],
    kinds: list[str],
    jokers_kept: int,
    vals: tuple[int, ...],
) -> Arrangement:
    """The arrangement: the hand's cards not in ``melds`` are kept, in the hand's order."""
    used = Counter(c for m in melds for c in m)
    deadwood: list[Card] = []
    for c in hand:
        if c == JOKER:
            if jokers_kept:
                jokers_kept -= 1
                deadwood.append(c)
        elif used[c]:
            used[c] -= 1
        else:
            deadwood.append(c)
    penalty = sum(vals[_SLOT_J[c]] for c in deadwood)
    return Arrangement(tuple(melds), tuple(kinds), tuple(deadwood), penalty)


# --------------------------------------------------------------------------
# General path: several decks, jokers, contracts, cards to keep.

# Core types seen by the contract automaton: 0 = a set, 1 + suit index = a run of that suit.
_CT_SET = 0

# How to rebuild a core: (SET, rank index, 0, naturals per suit) or (RUN, suit, lowest rank, rank offsets).
_Info = tuple[str, int, int, tuple[int, ...]]
# A core in the search: (mask, jokers it needs, core type, naturals in it, how to rebuild it).
_CoreRow = tuple[int, int, int, int, _Info]
_Machine = tuple[tuple[tuple[int, ...], ...], tuple[bool, ...], tuple[int, ...]]


@lru_cache(maxsize=64)
def _machine(contract: Contract | None) -> _Machine:
    """The contract as a small automaton over core types: transitions, accepting states,
    and the fewest melds each state still owes (for pruning).

    A state is (sets owed, runs owed) or, with distinct suits, (sets owed, suits
    of the runs so far), cut short once enough suits are seen so that further
    melds lead back to the same few states.
    """
    if contract is None:
        return ((0,) * 5,), (True,), (0,)
    runs_needed = contract.runs
    State = tuple[int, int | frozenset[int]]
    done_suits = frozenset({-1})
    start: State = (contract.sets, frozenset() if contract.distinct_run_suits else runs_needed)

    def step(st: State, ct: int) -> State:
        sets, runs = st
        if ct == _CT_SET:
            return max(0, sets - 1), runs
        if isinstance(runs, frozenset):
            if runs == done_suits:
                return st
            seen = runs | {ct - 1}
            return sets, (done_suits if len(seen) >= runs_needed else seen)
        return sets, max(0, runs - 1)

    def owed(st: State) -> int:
        sets, runs = st
        if isinstance(runs, frozenset):
            return sets + (0 if runs == done_suits or not runs_needed else runs_needed - len(runs))
        return sets + runs

    states = [start]
    index = {start: 0}
    trans: list[tuple[int, ...]] = []
    for st in states:  # grows while we walk it
        row = []
        for ct in range(5):
            nxt = step(st, ct)
            if nxt not in index:
                index[nxt] = len(states)
                states.append(nxt)
            row.append(index[nxt])
        trans.append(tuple(row))
    return tuple(trans), tuple(owed(s) == 0 for s in states), tuple(owed(s) for s in states)


@lru_cache(maxsize=8)
def _layout(w: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Fields ``w`` bits wide: each slot's unit, each slot's whole field, and all the guard bits."""
    unit = tuple(1 << (i * w) for i in range(52))
    field = tuple(((1 << w) - 1) << (i * w) for i in range(52))
    guard = sum(1 << (i * w + w - 1) for i in range(52))
    return unit, field, guard


_SetTemplate = tuple[int, int, int, tuple[int, ...]]
_RunTemplate = tuple[int, int, tuple[int, ...]]
_SET_TEMPLATES: dict[tuple[int, ...], tuple[_SetTemplate, ...]] = {}
_RUN_TEMPLATES: dict[int, tuple[_RunTemplate, ...]] = {}


def _set_templates(key: tuple[int, ...]) -> tuple[_SetTemplate, ...]:
    """Set cores in one rank. ``key``: naturals per suit (4), fewest and most naturals, field width.

    Each as (mask relative to the rank's first slot, demand, first suit, naturals
    per suit), the biggest first.
    """
    *per_suit, kmin, kmax, w = key
    out = []
    for a in product(*(range(n + 1) for n in per_suit)):
        k = sum(a)
        if kmin <= k <= kmax:
            rel = sum(n << (s * w) for s, n in enumerate(a))
            first = next(s for s, n in enumerate(a) if n)
            out.append((rel, max(0, 3 - k), first, a))
    out.sort(key=lambda t: (-sum(t[3]), t[3]))
    if len(_SET_TEMPLATES) > 20000:
        _SET_TEMPLATES.clear()
    result = _SET_TEMPLATES[key] = tuple(out)
    return result


def _run_templates(key: int) -> tuple[_RunTemplate, ...]:
    """Run cores from one rank up. ``key`` packs which of the 4 ranks above exist
    (bits 0-3), the jokers at hand (bits 4-5, at most 3 matter), one-natural
    cores allowed (bit 6), the widest span (bits 7-9) and the field width (10+).

    Each as (mask relative to the lowest card's slot, demand, rank offsets).
    """
    above = tuple(d for d in range(1, 5) if key >> (d - 1) & 1)
    jokers = key >> 4 & 3
    singles = bool(key >> 6 & 1)
    width = key >> 7 & 7
    w = key >> 10
    out = []
    for k in range(len(above), -1, -1):
        for sub in combinations(above, k):
            offs = (0, *sub)
            if offs[-1] >= width or (len(offs) == 1 and not singles):
                continue
            demand = max(3, offs[-1] + 1) - len(offs)
            if demand <= jokers:
                out.append((sum(1 << (4 * w * d) for d in offs), demand, offs))
    result = _RUN_TEMPLATES[key] = tuple(out)
    return result


def _table(
    counts: dict[int, int], jokers: int, ace_high: bool, run_singles: bool, minimal: bool, w: int
) -> tuple[dict[int, list[_CoreRow]], int]:
    """Every core the search may use, by its lowest slot, and the union of their masks.

    Sets of 1-5 naturals and runs spanning at most 5 ranks (see the module
    docstring) whose demand fits the jokers. ``minimal`` keeps what a contract
    lay-down needs at least: sets of at most 3 naturals and runs inside 3
    ranks, as a bigger core always holds one of those with no more demand.
    """
    by_slot: dict[int, list[_CoreRow]] = {}
    cover = 0
    kmin = max(1, 3 - jokers)
    kmax = 3 if minimal else 5
    rank_total = [0] * 13
    suit_bits = [0, 0, 0, 0]  # bit r: the suit has a natural of rank r (1-13; 14 = the ace high)
    for slot, n in counts.items():
        rank_total[slot >> 2] += n
        suit_bits[slot & 3] |= 2 << (slot >> 2)
    get = counts.get
    for r in range(13):
        if rank_total[r] < kmin:
            continue
        base = 4 * r
        key = (get(base, 0), get(base + 1, 0), get(base + 2, 0), get(base + 3, 0), kmin, kmax, w)
        set_rows = _SET_TEMPLATES.get(key)
        if set_rows is None:
            set_rows = _set_templates(key)
        shift = base * w
        for rel, demand, first, a in set_rows:
            mask = rel << shift
            cover |= mask
            row = (mask, demand, _CT_SET, 3 - demand if demand else sum(a), (SET, r, 0, a))
            lst = by_slot.get(base + first)
            if lst is None:
                by_slot[base + first] = [row]
            else:
                lst.append(row)
    width = 3 if minimal else 5
    jcap = min(jokers, 3)
    # Without one-natural cores a run core needs a second natural within jokers + 1 ranks.
    near = (1 << min(jcap + 1, width - 1)) - 1
    key_base = jcap << 4 | run_singles << 6 | width << 7 | w << 10
    unit = _layout(w)[0]
    for s in range(4):
        bits = suit_bits[s]
        if ace_high and bits & 2:
            bits |= 1 << 14
        todo = bits & 0x3FFE  # ranks 1-13 start runs; the ace high ends them
        while todo:
            low = todo & -todo
            todo ^= low
            lo = low.bit_length() - 1
            above = bits >> (lo + 1) & 15
            if not above & near and not run_singles:
                continue
            run_rows = _RUN_TEMPLATES.get(key_base | above)
            if run_rows is None:
                run_rows = _run_templates(key_base | above)
            slot = 4 * (lo - 1) + s
            for rel, demand, offs in run_rows:
                last = offs[-1]
                if lo + last == 14:  # the ace high lives in the suit's first slot
                    mask = ((rel ^ (1 << (4 * w * last))) << (slot * w)) | unit[s]
                    first = s
                else:
                    mask = rel << (slot * w)
                    first = slot
                cover |= mask
                row = (mask, demand, 1 + s, len(offs), (RUN, s, lo, offs))
                lst = by_slot.get(first)
                if lst is None:
                    by_slot[first] = [row]
                else:
                    lst.append(row)
    return by_slot, cover


def _parse(hand: Sequence[Card]) -> tuple[dict[int, int], int, int]:
    """Natural counts by slot, the number of jokers, and a field width that holds the counts."""
    counts: dict[int, int] = {}
    slot = _SLOT_J
    try:
        for c in hand:
            s = slot[c]
            counts[s] = counts.get(s, 0) + 1
    except (KeyError, TypeError):
        raise _bad_card(hand) from None
    jokers = counts.pop(52, 0)
    w = max(counts.values(), default=1).bit_length() + 1
    return counts, jokers, w


def _might_meet(counts: dict[int, int], jokers: int, contract: Contract, ace_high: bool) -> bool:
    """Cheap necessary conditions for the contract: upper bounds on its sets and runs."""
    by_rank = [0] * 13
    by_suit = [[0] * 16 for _ in range(4)]
    for slot, n in counts.items():
        by_rank[slot >> 2] += n
        by_suit[slot & 3][(slot >> 2) + 1] = n
    if contract.sets and sum(min(n, (n + jokers) // 3) for n in by_rank) < contract.sets:
        return False
    if contract.runs:
        runs = suits = 0
        for row in by_suit:
            if ace_high:
                row[14] = row[1]
            if jokers:
                n = sum(row)
                k = min(n, (n + jokers) // 3)
            else:  # without jokers a run lies within a stretch of consecutive ranks
                k = stretch = 0
                for n in row:
                    if n:
                        stretch += n
                    else:
                        k += stretch // 3
                        stretch = 0
            runs += k
            suits += k > 0
        if runs < contract.runs or (contract.distinct_run_suits and suits < contract.runs):
            return False
    return True


def _feasible(
    parsed: tuple[dict[int, int], int, int], size: int, contract: Contract, min_left: int, ace_high: bool
) -> bool:
    """Whether the contract's melds, three cards each, fit in the hand with ``min_left`` cards to spare."""
    counts, jokers, w = parsed
    if 3 * (contract.sets + contract.runs) > size - min_left:
        return False
    if not _might_meet(counts, jokers, contract, ace_high):
        return False
    by_slot, cover = _table(counts, jokers, ace_high, contract.runs > 0, True, w)
    trans, accept, owed = _machine(contract)
    _, field, guard = _layout(w)
    low_field = (1 << w) - 1
    failed: set[tuple[int, int, int]] = set()

    def g(h: int, k: int, j: int, cs: int) -> bool:
        """Whether naturals ``h`` (``k`` of them) and ``j`` jokers complete the contract from ``cs``."""
        if accept[cs]:
            return True
        need = max(3 * owed[cs] - j, owed[cs])  # melds of 3 cards, each with a natural
        while True:
            if k < need:
                return False
            c = ((h & -h).bit_length() - 1) // w
            cores = by_slot.get(c)
            if cores is not None:
                break
            k -= (h >> (c * w)) & low_field
            h &= ~field[c]
        key = (h, j, cs)
        if key in failed:
            return False
        hg = h | guard
        for m, d, ct, nat, _ in cores:
            if d <= j and (hg - m) & guard == guard and g(h - m, k - nat, j - d, trans[cs][ct]):
                return True
        if g(h & ~field[c], k - ((h >> (c * w)) & low_field), j, cs):
            return True
        failed.add(key)
        return False

    # Naturals in no core cannot help the contract: leave them out from the start.
    h0 = k0 = 0
    for s, n in counts.items():
        if cover & field[s]:
            h0 |= n << (s * w)
            k0 += n
    return g(h0, k0, jokers, 0)


def _run_cards(ranks: tuple[int, ...], suit: int, length: int, ace_high: bool) -> tuple[Card, ...]:
    """A run of ``length`` cards on the naturals ``ranks`` (14 = ace high) of ``suit``, jokers
    filling the gaps, then the high end, then the low end."""
    top = 14 if ace_high and ranks[0] != 1 else 13
    lo, hi = ranks[0], ranks[-1]
    hi = min(top, max(hi, lo + length - 1))
    lo = hi - length + 1
    have = set(ranks)
    s = SUITS[suit]
    return tuple(Card(1 if p == 14 else p, s) if p in have else JOKER for p in range(lo, hi + 1))


class _Meld:
    """A meld being put together: its naturals and how many jokers it holds."""

    def __init__(
        self, kind: str, suit: int, ranks: tuple[int, ...], naturals: list[Card], jokers: int
    ) -> None:
        self.kind = kind
        self.suit = suit
        self.ranks = ranks
        self.naturals = naturals
        self.jokers = jokers

    def size(self) -> int:
        return len(self.naturals) + self.jokers

    def cards(self, ace_high: bool) -> tuple[Card, ...]:
        if self.kind == SET:
            return (*self.naturals, *[JOKER] * self.jokers)
        return _run_cards(self.ranks, self.suit, self.size(), ace_high)


def _absorb(melds: list[_Meld], spare: int) -> int:
    """Put ``spare`` jokers into the melds and return how many found no place.

    A set takes any number. A run grows to 13 cards; past that a run with two
    naturals splits in two and both halves grow again. With
    at most 12 jokers nothing is ever left over (see the module docstring).
    """
    for m in melds:
        if m.kind == SET:
            m.jokers += spare
            return 0
    while spare:
        for m in melds:
            take = min(13 - m.size(), spare)
            m.jokers += take
            spare -= take
        split = next((m for m in melds if len(m.ranks) >= 2), None) if spare else None
        if split is None:
            break
        # Cut where the two halves need the fewest places (never more than 13 in all).
        r = split.ranks
        cut = min(range(1, len(r)), key=lambda i: max(3, r[i - 1] - r[0] + 1) + max(3, r[-1] - r[i] + 1))
        halves = []
        for part in (split.ranks[:cut], split.ranks[cut:]):
            naturals = [Card(1 if r == 14 else r, SUITS[split.suit]) for r in part]
            halves.append(_Meld(RUN, split.suit, part, naturals, max(3, part[-1] - part[0] + 1) - len(part)))
        melds.remove(split)
        melds.extend(halves)
        spare += split.jokers - halves[0].jokers - halves[1].jokers
    return spare


def _build(
    hand: Sequence[Card],
    chosen: Sequence[tuple[_Info, int]],
    jokers_kept: int,
    spare: int,
    vals: tuple[int, ...],
    ace_high: bool,
) -> Arrangement:
    """The arrangement for the cores the search chose, with the jokers placed."""
    melds: list[_Meld] = []
    for (kind, a, b, c), demand in chosen:
        if kind == SET:  # a = rank index, c = naturals per suit
            naturals = [Card(a + 1, SUITS[s]) for s in range(4) for _ in range(c[s])]
            melds.append(_Meld(SET, -1, (), naturals, demand))
        else:  # a = suit, b = lowest rank, c = rank offsets
            ranks = tuple(b + d for d in c)
            naturals = [Card(1 if r == 14 else r, SUITS[a]) for r in ranks]
            melds.append(_Meld(RUN, a, ranks, naturals, demand))
    jokers_kept += _absorb(melds, spare) if melds else spare
    return _finish(hand, [m.cards(ace_high) for m in melds], [m.kind for m in melds], jokers_kept, vals)


def _solve(
    hand: Sequence[Card],
    parsed: tuple[dict[int, int], int, int],
    vals: tuple[int, ...],
    contract: Contract | None,
    ace_high: bool,
    min_left: int,
    max_left: int | None,
    build: bool,
) -> tuple[int, Arrangement | None]:
    """The least penalty (``_INF`` if nothing qualifies) and, if ``build``, an arrangement with it.

    Inside the search a kept card costs ``value * scale + 1``, so that among
    equal penalties the fewest cards stay in hand (going out is what a player
    wants most), then the first arrangement found.
    """
    counts, jokers, w = parsed
    by_slot, cover = _table(counts, jokers, ace_high, contract is not None and contract.runs > 0, False, w)
    trans, accept, owed = _machine(contract)
    _, field, guard = _layout(w)
    scale = len(hand) + 1
    cost = [v * scale + 1 for v in vals]
    cost_joker = cost[52]
    low_field = (1 << w) - 1
    most = len(hand) if max_left is None else max_left
    # Cards kept so far are counted only up to ``cap``: beyond it no answer changes.
    cap = min_left if max_left is None else max(min_left, max_left + 1)

    # Naturals in no core are kept whatever happens.
    base = left0 = h0 = k0 = 0
    for s, n in counts.items():
        if cover & field[s]:
            h0 |= n << (s * w)
            k0 += n
        else:
            base += n * cost[s]
            left0 += n
    if left0 > most:
        return _INF, None
    left0 = min(left0, cap)
    memo: dict[tuple[int, int, int, int, bool], int] = {}

    def jokers_to_keep(j: int, left: int, used: bool) -> int:
        """Jokers kept once every natural is placed: all of them if no meld was made,
        else just enough for ``min_left``."""
        if not used:
            return j
        return min_left - left if min_left > left else 0

    def f(h: int, k: int, j: int, left: int, cs: int, used: bool) -> int:
        """Least cost for naturals ``h`` (``k`` of them) and ``j`` jokers, with ``left``
        cards kept so far, contract state ``cs``, and ``used`` once a meld is made."""
        if k < 3 * owed[cs] - j or k < owed[cs]:
            return _INF  # the contract owes more melds than these cards can make
        acc = 0
        while True:
            if not h:
                x = jokers_to_keep(j, left, used)
                if not accept[cs] or x > j or left + x > most or left + x < min_left:
                    return _INF
                return acc + x * cost_joker
            c = ((h & -h).bit_length() - 1) // w
            cores = by_slot.get(c)
            if cores is not None:
                break
            # The lowest card of no core: kept, without a memo entry.
            n = (h >> (c * w)) & low_field
            left += n
            if left > most:
                return _INF
            left = min(left, cap)
            acc += n * cost[c]
            k -= n
            h &= ~field[c]
        key = (h, j, left, cs, used)
        best = memo.get(key)
        if best is not None:
            return acc + best
        n = (h >> (c * w)) & low_field
        best = _INF
        if left + n <= most:
            best = n * cost[c] + f(h & ~field[c], k - n, j, min(left + n, cap), cs, used)
        hg = h | guard
        row = trans[cs]
        for m, d, ct, nat, _ in cores:
            if d <= j and (hg - m) & guard == guard:
                v = f(h - m, k - nat, j - d, left, row[ct], True)
                if v < best:
                    best = v
        memo[key] = best
        return acc + best

    used0 = jokers == 0  # with no jokers, "no meld yet" changes nothing
    best = f(h0, k0, jokers, left0, 0, used0)
    if best >= _INF:
        return _INF, None
    if not build:
        return (base + best) // scale, None

    # Walk down again, taking at each step a choice that keeps the optimum.
    chosen: list[tuple[_Info, int]] = []
    h, k, j, left, cs, used = h0, k0, jokers, left0, 0, used0
    target = best
    while h:
        c = ((h & -h).bit_length() - 1) // w
        n = (h >> (c * w)) & low_field
        nxt = min(left + n, cap)
        if left + n <= most and n * cost[c] + f(h & ~field[c], k - n, j, nxt, cs, used) == target:
            target -= n * cost[c]
            h, k, left = h & ~field[c], k - n, nxt
            continue
        hg = h | guard
        for m, d, ct, nat, info in by_slot.get(c, ()):
            if d <= j and (hg - m) & guard == guard:
                nxt_cs = trans[cs][ct]
                if f(h - m, k - nat, j - d, left, nxt_cs, True) == target:
                    chosen.append((info, d))
                    h, k, j, cs, used = h - m, k - nat, j - d, nxt_cs, True
                    break
        else:  # pragma: no cover - the memo always holds a way to its own value
            raise AssertionError("solver walk lost its way")
    kept = jokers_to_keep(j, left, used)
    arrangement = _build(hand, chosen, kept, j - kept, vals, ace_high)
    return arrangement.penalty, arrangement


# --------------------------------------------------------------------------
# Public face


def best_arrangement(
    hand: Sequence[Card],
    value: Callable[[Card], int],
    *,
    contract: Contract | None = None,
    ace_high: bool = False,
    min_left: int = 0,
    max_left: int | None = None,
) -> Arrangement | None:
    """Melds from ``hand`` that leave the fewest penalty points in it (rules C14, B8).

    With ``contract`` the melds must include the contract: at least ``sets``
    sets and ``runs`` runs, of different suits if asked (rule C4), more melds
    allowed (rule C7); ``None`` means it cannot be laid down now.

    ``min_left``: at least this many cards stay in hand (rule C10: a contract
    player keeps a discard, so callers pass 1). ``max_left``: at most this many
    stay, else ``None``. Deal 7 (rule C12) needs it, as there a player lays
    down only by going out, so it asks ``min_left=1, max_left=1``: reading
    ``len(deadwood) == 1`` off the cheapest arrangement is not enough, as
    keeping two cheap cards can cost less than going out. Without a contract
    and without ``max_left`` the answer is never ``None``, the empty
    arrangement being always possible (it is returned even when the hand has
    fewer than ``min_left`` cards).

    ``value`` gives a card's penalty (``cards.contract_penalty``, or
    ``cards.basic_value`` with the deal's ``ace_high``); it must be pure and
    never negative. Its 53 values are read once per function object and
    kept, so pass the same function each time (a module-level function or one
    ``functools.partial`` per game), not a new lambda per call.

    ``ace_high`` allows Q-K-A runs (rule B3). Jokers are wild in any meld with
    a natural (rule G5); equal cards from several decks are alike (rule G1).
    Among equal penalties the fewest cards stay in hand, and the answer for a
    given hand is always the same.
    """
    vals = _values(value)
    min_left = max(0, min_left)
    if max_left is not None and max_left < min_left:
        return None
    if contract is None and not min_left and max_left is None:
        h = _fast_mask(hand)
        if h is not None:
            return _fast_arrangement(hand, h, vals, ace_high)
    parsed = _parse(hand)
    if contract is not None and not _feasible(parsed, len(hand), contract, min_left, ace_high):
        return None
    _, arrangement = _solve(hand, parsed, vals, contract, ace_high, min_left, max_left, build=True)
    if arrangement is None and contract is None and max_left is None:
        return _finish(hand, [], [], len(hand), vals)
    return arrangement


def can_meet(hand: Sequence[Card], contract: Contract, *, min_left: int = 1) -> bool:
    """Whether ``hand`` can lay down ``contract`` now and keep ``min_left`` cards (rules C4, C7, C10).

    The same answer as ``best_arrangement(...) is not None``, found faster: it
    looks only for the contract's own melds, three cards each, as smaller
    melds leave more cards to keep.
    """
    return _feasible(_parse(hand), len(hand), contract, max(0, min_left), False)


def min_deadwood(hand: Sequence[Card], value: Callable[[Card], int], *, ace_high: bool = False) -> int:
    """The least total ``value`` of the cards left after laying any melds (rules B3, B8).

    ``best_arrangement(hand, value, ace_high=ace_high).penalty`` without
    building the melds: the hot path for computer players weighing many hands.
    """
    vals = _values(value)
    h = _fast_mask(hand)
    if h is not None:
        return _fast_value(h, vals, ace_high)
    return _solve(hand, _parse(hand), vals, None, ace_high, 0, None, build=False)[0]
