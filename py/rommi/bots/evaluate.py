"""How far a hand is from what it needs: a search over partial melds (rules G3-G5, C4, C12, B3).

The hand solver (``rommi.solver``) answers what a hand can lay down *now*.
A player choosing a discard also weighs what it can make *later*: a pair
waiting for a third card, two cards of a run waiting for the middle one. This
module scores a hand as the cheapest way to split it into

- groups: a set or a run, complete or partial; a partial group costs, for each
  missing card, ``scale / outs``, where ``outs`` is how many copies of a card
  that fills it may still come (fewer outs, longer wait; none, hopeless: the
  seed's "dead" card);
- leftovers: cards in no group, each with its own cost (penalty risk, and for
  deal 7 the need to replace it).

Modes:

- ``"contract"`` (deals 1-6 before laying down): the contract's sets and runs
  are owed (rule C4); a group may count towards them or be an extra; an owed
  group with no cards for it yet costs a whole group from scratch.
- ``"all"`` (deal 7, rule C12): as ``contract``, but every card must end in a
  meld, so extras cost their missing cards too.
- ``"free"`` (after laying down, and basic rummy): no contract; a partial group
  is a chance to meld, a leftover a card to shed.

Time left in the deal (``hazard``: the chance that the deal ends within a
round): in ``"free"`` mode a partial group waiting for one card fills only if
one of its outs comes before the deal ends, a race of two chances per round;
in ``"contract"`` mode a complete extra meld waits for the lay-down and costs
its cards' ``held`` penalty risk meanwhile.

Jokers fill any missing card. The score is a sum over groups, so the search
takes the lowest card first and memoises on what is left, like the solver.
Cards are the solver's slots (``4 * (rank - 1) + suit``), hands sorted tuples.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ..contracts import Contract

INF = float("inf")

Info = tuple[object, ...]
State = tuple[int, int, int]


@dataclass(frozen=True)
class Group:
    """A group of the best split: ``kind`` is ``set``, ``run`` or ``left``."""

    kind: str
    slots: tuple[int, ...]
    missing: int
    jokers: int
    counted: bool
    needs: tuple[int, ...]
    """Slots of cards that would fill it (a set: every card of its rank)."""


@dataclass(frozen=True)
class Plan:
    cost: float
    groups: tuple[Group, ...]

    def group_of(self, s: int) -> Group | None:
        for g in self.groups:
            if g.kind != "left" and s in g.slots:
                return g
        return None

    @property
    def missing(self) -> int:
        return sum(g.missing for g in self.groups if g.kind != "left" and g.counted)

    @property
    def leftovers(self) -> list[int]:
        return [g.slots[0] for g in self.groups if g.kind == "left"]


class Evaluator:
    """Scores hands for one decision: the tables of outs and leftover costs are fixed."""

    def __init__(
        self,
        *,
        live: Sequence[float],
        leftover: Sequence[float],
        mode: str,
        contract: Contract | None = None,
        ace_high: bool = False,
        decks: int = 2,
        scale: float = 30.0,
        extra_partial: float = 0.7,
        free_partial: float = 2.0,
        min_out: float = 0.25,
        held: Sequence[float] | None = None,
        hazard: float = 0.0,
        draw_odds: float = 0.0,
        points: Sequence[float] | None = None,
        joker_points: float = 0.0,
    ) -> None:
        self.live = list(live)
        self.rank_live = [sum(self.live[4 * r + s] for s in range(4)) for r in range(13)]
        self.lc = list(leftover)
        self.mode = mode
        self.contract = contract
        self.distinct = bool(contract and contract.distinct_run_suits)
        self.ace_high = ace_high
        self.top = 14 if ace_high else 13
        self.scale = scale
        self.extra_partial = extra_partial
        self.free_partial = free_partial
        self.min_out = min_out
        self.held = list(held) if held is not None else [0.0] * 52
        """Contract mode: the cost of holding each card in a complete meld the contract does not need."""
        self.hazard = hazard
        """The chance that the deal ends within a round (0: no hurry)."""
        self.draw_odds = draw_odds
        """The chance per round of getting one given out (a stock draw and the discards seen)."""
        self.points = list(points) if points is not None else None
        """The cost of holding each card at all, whatever group it is in (``cost`` only): a hand
        caught by someone going out pays for every card in it, its partial melds too."""
        self.joker_points = joker_points
        self.scratch_set = scale / max(1.0, 3.0 * decks)
        self.scratch_run = scale / max(0.6, 1.0 * decks)
        self._memo: dict[tuple[tuple[int, ...], int, State], float] = {}
        if mode == "free" or contract is None:
            self.start: State = (0, 0, 0)
        else:
            self.start = (contract.sets, contract.runs, 0)

    # ----------------------------------------------------------------- public
    def cost(self, hand: Sequence[int], jokers: int) -> float:
        v = self._f(tuple(sorted(hand)), jokers, self.start)
        if self.points is not None:
            pts = self.points
            v += sum(pts[s] for s in hand) + self.joker_points * jokers
        return v

    def plan(self, hand: Sequence[int], jokers: int) -> Plan:
        t = tuple(sorted(hand))
        j, cs = jokers, self.start
        total = self._f(t, j, cs)
        target = total
        groups: list[Group] = []
        while t:
            for cost, rest, j2, cs2, info in self._options(t, j, cs):
                v = cost + self._f(rest, j2, cs2)
                if abs(v - target) <= 1e-9 * max(1.0, abs(target)):
                    groups.append(_group(info))
                    target -= cost
                    t, j, cs = rest, j2, cs2
                    break
            else:  # pragma: no cover - the memo always holds a way to its own value
                raise AssertionError("evaluator walk lost its way")
        return Plan(total, tuple(groups))

    # ----------------------------------------------------------------- search
    def _out(self, outs: float) -> float:
        return self.scale / (outs if outs > self.min_out else self.min_out)

    def _live(self, rank: int, suit: int) -> float:
        if rank < 1 or rank > self.top:
            return 0.0
        return self.live[4 * ((rank - 1) % 13) + suit]

    def _end(self, j: int, cs: State) -> float:
        sets, runs, _ = cs
        if not sets and not runs:
            return 0.0
        slots = [self.scratch_set] * (3 * sets) + [self.scratch_run] * (3 * runs)
        fill = min(j, 2 * (sets + runs))
        slots.sort()
        return sum(slots[: len(slots) - fill])

    def _f(self, t: tuple[int, ...], j: int, cs: State) -> float:
        if not t:
            return self._end(j, cs)
        key = (t, j, cs)
        v = self._memo.get(key)
        if v is not None:
            return v
        best = INF
        for cost, rest, j2, cs2, _ in self._options(t, j, cs):
            if cost >= best:
                continue
            v = cost + self._f(rest, j2, cs2)
            if v < best:
                best = v
        self._memo[key] = best
        return best

    def _place(
        self,
        out: list[tuple[float, tuple[int, ...], int, State, Info]],
        kind: str,
        suit: int,
        cards: tuple[int, ...],
        slot_costs: list[float],
        rest: tuple[int, ...],
        j: int,
        cs: State,
        needs: tuple[int, ...],
    ) -> None:
        """Append the ways to use one group: counted towards the contract or extra, jokers or not."""
        sets, runs, mask = cs
        missing = len(slot_costs)
        can_count = False
        nxt = cs
        if self.mode != "free":
            if kind == "set":
                if sets > 0:
                    can_count, nxt = True, (sets - 1, runs, mask)
            elif runs > 0 and not (mask >> suit & 1):
                can_count = True
                nxt = (sets, runs - 1, mask | (1 << suit) if self.distinct else 0)
        for u in range(min(j, missing) + 1):
            left = missing - u
            g = sum(slot_costs[:left])
            if can_count:
                out.append((g, rest, j - u, nxt, (kind, cards, left, u, True, needs)))
                if left == 0:
                    continue  # counting a complete group is never worse than not
            if left == 0:
                held = sum(self.held[c] for c in cards) if self.mode == "contract" else 0.0
                out.append((held, rest, j - u, cs, (kind, cards, 0, u, False, needs)))
            elif self.mode == "contract":
                extra = min(g, self.extra_partial * sum(self.lc[c] for c in cards))
                extra = max(extra, sum(self.held[c] for c in cards))  # never below the complete meld
                out.append((extra, rest, j - u, cs, (kind, cards, left, u, False, needs)))
            elif self.mode == "all":
                out.append((g, rest, j - u, cs, (kind, cards, left, u, False, needs)))
            else:
                # A loose group: its cards are shed unless it fills in time; the more outs, the likelier.
                if left == 1:
                    o = self.scale / g if g > 0 else 0.0
                    q = o / (o + self.free_partial)
                    if self.hazard > 0.0:
                        # it fills only if an out comes before the deal ends
                        p = min(0.95, o * self.draw_odds)
                        q = min(q, p / (p + self.hazard * (1.0 - p)))
                else:
                    q = 0.1
                cost = (1.0 - q) * sum(self.lc[c] for c in cards) + 0.01
                out.append((cost, rest, j - u, cs, (kind, cards, left, u, False, needs)))

    def _options(
        self, t: tuple[int, ...], j: int, cs: State
    ) -> list[tuple[float, tuple[int, ...], int, State, Info]]:
        c = t[0]
        rest0 = t[1:]
        out: list[tuple[float, tuple[int, ...], int, State, Info]] = [
            (self.lc[c], rest0, j, cs, ("left", (c,), 0, 0, False, ()))
        ]
        r0 = c >> 2
        suit = c & 3
        r = r0 + 1
        top = self.top
        # Quick look at the run neighbours: most cards have none.
        s1 = 4 * (r % 13) + suit if r + 1 <= top else -1
        s2 = 4 * ((r + 1) % 13) + suit if r + 2 <= top else -1
        p1 = s1 in rest0
        p2 = s2 in rest0
        same = len(t) > 1 and (t[1] >> 2) == r0
        ace_hi = r == 1 and self.ace_high
        if not (same or p1 or p2 or ace_hi or j):
            return out
        # Sets: the lowest card with any of the other cards of its rank (all at the front).
        if same or j:
            k = 1
            n = len(t)
            while k < n and (t[k] >> 2) == r0:
                k += 1
            others = t[1:k]
            tail = t[k:]
            outs = self.rank_live[r0]
            needs = (4 * r0, 4 * r0 + 1, 4 * r0 + 2, 4 * r0 + 3)
            seen: set[tuple[int, ...]] = set()
            for size in range(1 if j == 0 else 0, min(len(others), 4) + 1):
                for idx in combinations(range(len(others)), size):
                    sub = tuple(others[i] for i in idx)
                    if sub in seen:
                        continue
                    seen.add(sub)
                    cards = (c, *sub)
                    missing = 3 - len(cards)
                    costs = [self._out(outs - i) for i in range(missing)] if missing > 0 else []
                    if len(cards) == 1 and j < 2:
                        # a lone card and one joker: a partial set only
                        pass
                    unused = tuple(others[i] for i in range(len(others)) if i not in idx)
                    self._place(out, "set", -1, cards, costs, unused + tail, j, cs, needs)
            if len(others) > 4:
                self._place(out, "set", -1, (c, *others), [], tail, j, cs, ())
        # Runs upward from the lowest card, in its suit.
        live = self.live
        if p1:
            o = (live[4 * (r - 2) + suit] if r >= 2 else 0.0) + (live[s2] if s2 >= 0 else 0.0)
            need = tuple(x for x in (4 * (r - 2) + suit if r >= 2 else -1, s2) if x >= 0)
            self._place(out, "run", suit, (c, s1), [self._out(o)], _minus(rest0, (s1,)), j, cs, need)
        if p2:
            self._place(out, "run", suit, (c, s2), [self._out(live[s1])], _minus(rest0, (s2,)), j, cs, (s1,))
        elif j and not p1 and s1 >= 0:
            # a lone card with jokers: only as a whole run (two jokers) or a partial one (one)
            o = live[s1] + (live[4 * (r - 2) + suit] if r >= 2 else 0.0)
            self._place(
                out,
                "run",
                suit,
                (c,),
                [self._out(o), self._out(live[s2] if s2 >= 0 else 0.0)],
                rest0,
                j,
                cs,
                (s1,),
            )
        if p1 and p2:
            x = r + 2
            run = [s1, s2]
            while True:
                self._place(out, "run", suit, (c, *run), [], _minus(rest0, run), j, cs, ())
                x += 1
                if x - r >= 13 or x > top:
                    break
                sx = 4 * ((x - 1) % 13) + suit
                if sx not in rest0:
                    break
                run.append(sx)
        if ace_hi:
            sk, sq = 4 * 12 + suit, 4 * 11 + suit
            pk, pq = sk in rest0, sq in rest0
            if pk:
                self._place(
                    out, "run", suit, (c, sk), [self._out(live[sq])], _minus(rest0, (sk,)), j, cs, (sq,)
                )
            if pq:
                self._place(
                    out, "run", suit, (c, sq), [self._out(live[sk])], _minus(rest0, (sq,)), j, cs, (sk,)
                )
            if pk and pq:
                run = [sk, sq]
                x = 11
                while True:
                    self._place(out, "run", suit, (c, *run), [], _minus(rest0, run), j, cs, ())
                    if x < 2:
                        break
                    sx = 4 * (x - 1) + suit
                    if sx not in rest0:
                        break
                    run.append(sx)
                    x -= 1
        return out


def _minus(t: tuple[int, ...], items: Sequence[int]) -> tuple[int, ...]:
    out = list(t)
    for x in items:
        out.remove(x)
    return tuple(out)


def _group(info: Info) -> Group:
    kind, cards, missing, jokers, counted, needs = info
    return Group(
        str(kind),
        tuple(cards),  # type: ignore[arg-type]
        int(missing),  # type: ignore[call-overload]
        int(jokers),  # type: ignore[call-overload]
        bool(counted),
        tuple(needs),  # type: ignore[arg-type]
    )
