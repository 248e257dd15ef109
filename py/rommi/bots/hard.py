"""The hard level: the seed's "Pelivinkkejä" played for real.

- It remembers every card seen this deal (``memory.Memory``): the discard pile,
  the melds, and what each opponent took, bought, threw and declined.
- It counts outs: a partial meld is worth what the live copies of the cards
  that would fill it make it worth (``evaluate.Evaluator``); a card whose set
  and runs can no longer be made, and that fits no meld on the table, is dead
  and goes first. A locked meld (no live card can extend it) offers no outs.
- It reads opponents: a card next to what a player picked up is dangerous to
  throw, most of all to the next player (who may take it) and to a player close
  to going out; it holds such a card back while it has a safe one.
- It weighs the deal's progress: the closer an opponent is to going out, the
  more its penalty points matter, so it sheds high cards earlier. From the
  opponents' hand sizes and whether they have laid down it reckons the chance
  that the deal ends within a round (``hazard``): a pair waiting after laying
  down is worth only the chance that a card fills it in the turns left, and a
  complete meld the contract does not need is points in hand until it can go
  down (rules C7, C14).
- It holds back a card that a known collector wants: a player who took or
  bought a card of its rank, or its neighbour in a run (rules C6, G8).
- Between equally good discards it keeps the card that still has a partner in
  hand (a second way to a meld its plan does not count).
- It takes a discard rarely, only when the card is used at once or improves the
  hand by more than a stock draw is expected to; it buys only when the card
  gains more than two more cards in hand risk (rule C6).
- Deal 7 (rule C12): it plans for laying everything down at once, so a loose
  card costs as much as a missing one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import rules
from ..actions import Buy, Discard, Pass
from ..cards import JOKER, Card
from ..solver import best_arrangement
from .base import Bot, Decision
from .evaluate import Evaluator, Plan
from .memory import Memory
from .play import meld_text
from .simple import makes_meld, newly_meets
from .table import SLOT_CARD, Table, slot

SCALE = 120.0
"""Cost of one missing card with a single live copy (the unit of the evaluator)."""
LEFTOVER = 1.0
"""Cost of a loose card beyond its penalty risk: a turn's work to shed it."""
DEAL7_LEFTOVER = 8.0
"""Deal 7: a loose card has to be replaced before going out at all (C12)."""
POTENTIAL = 0.8
"""How much a loose card's live neighbours are worth (a card with none is dead)."""
DANGER = 2.0
"""Cost of handing a card to a player who collects it. Small on purpose: in seeded matches against
the normal level a larger weight cost more (cards held back) than it saved; it breaks near-ties."""
FEED = 2.0
"""Further cost of handing a card to a known collector: a player who took or bought a card of its rank
or its run neighbour (and has not thrown or declined one like it since)."""
PARTIAL_TAKE_MARGIN = 4.0
"""Extra gain a discard that is not used at once must show to be taken."""
BUY_MARGIN = 2.0
"""What a buy must gain beyond the cost of the unknown second card and the penalty risk (C6)."""
LAYOFF_WANT = 0.5
"""How sure it is that a laid-down player wants a card that fits a meld on the table."""
HOLD_MELDS_WHILE_ABOVE = 5
"""Basic rummy: hold new melds while every opponent has more cards than this."""
BASIC_DP_TAKE = True
"""Basic rummy: also take a discard that is not used at once when the evaluation gains enough."""


@dataclass
class Danger:
    """How much throwing a card would help opponents, and who it would help most."""

    cost: float
    player: int | None = None
    took: Card | None = None
    layoff: bool = False


@dataclass(frozen=True)
class Weighed:
    """A card hard may discard, as it weighs it: what the hand keeps and what the card gives away."""

    card: Card
    cost: float  # the hand without the card (``Ctx.cost``), danger left out
    danger: Danger


@dataclass
class Ctx:
    """Everything one decision computes once."""

    table: Table
    mem: Memory
    unseen: Counter[Card]
    live: list[float]
    risk: float
    hazard: float
    mode: str
    ev: Evaluator
    danger_cache: dict[Card, Danger] = field(default_factory=dict)

    def slots(self, hand: Sequence[Card]) -> tuple[list[int], int]:
        out = []
        j = 0
        for c in hand:
            if c.is_joker:
                j += 1
            else:
                out.append(slot(c))
        return out, j

    def cost(self, hand: Sequence[Card]) -> float:
        s, j = self.slots(hand)
        return self.ev.cost(s, j)

    def plan(self, hand: Sequence[Card]) -> Plan:
        s, j = self.slots(hand)
        return self.ev.plan(s, j)


class HardBot(Bot):
    level = "hard"
    holds_melds: bool = True
    """Basic rummy: keep complete melds in hand while every opponent has more than
    ``HOLD_MELDS_WHILE_ABOVE`` cards (``meld_more``); ``False``: meld as soon as the hand can
    (the player ``tools/bench/bench_hold_melds.py`` measures it against)."""
    buy_cap: int | None = 14
    """No buy with this many cards in hand or more (rule C6 sets no limit; ``None``: none here
    either). Hard stops at two buys' worth, for fear of being caught with them."""

    # ---------------------------------------------------------------- context
    def context(self, table: Table) -> Ctx:
        mem = Memory.read(table)
        unseen = mem.unseen(table)
        live = [float(unseen[c]) for c in SLOT_CARD]
        if table.is_contract and table.stock_size < 12 and mem.rebuilds < rules.MAX_REBUILDS[table.variant]:
            # the pile below the top is shuffled into a new stock soon (C13)
            for c in mem.pile[:-1]:
                if not c.is_joker:
                    live[slot(c)] += 0.4
        hazard = self.hazard(table, mem)
        risk = 0.15 + 0.85 * hazard  # the chance that the deal ends before it sheds a card it keeps now
        if table.contract is None or table.laid_down[table.seat]:
            mode = "free"
        elif table.final_deal:
            mode = "all"
        else:
            mode = "contract"
        lc = self.leftover_costs(table, live, risk, mode)
        # points in a complete meld the contract does not need: at risk until the lay-down
        held = [table.value(c) * hazard for c in SLOT_CARD] if mode == "contract" else None
        unseen_total = max(10, sum(unseen.values()))
        chances = 1.0 + 0.3 * (table.players - 1)
        hold = self.holding_cost(table, mem, mode, risk)
        ev = Evaluator(
            live=live,
            leftover=lc,
            mode=mode,
            contract=table.contract if mode != "free" else None,
            ace_high=table.ace_high,
            decks=table.decks,
            scale=SCALE,
            held=held,
            hazard=hazard if mode == "free" else 0.0,
            draw_odds=chances / unseen_total,
            points=[table.value(c) * hold for c in SLOT_CARD] if hold else None,
            joker_points=table.value(JOKER) * hold,
        )
        return Ctx(table, mem, unseen, live, risk, hazard, mode, ev)

    def holding_cost(self, table: Table, mem: Memory, mode: str, risk: float) -> float:
        """What each penalty point in hand costs, whatever group its card is in (``Evaluator.points``).

        Hard's is 0: a pair of kings and a pair of threes wait for their third card alike, and only
        a card left over is weighed by its points (``leftover_costs``). The expert weighs them."""
        return 0.0

    def hazard(self, table: Table, mem: Memory) -> float:
        """The chance that some opponent goes out within the coming round.

        From each opponent's hand size, whether they have laid down, and how long the deal has run;
        its inverse is about the number of turns left."""
        rounds = mem.discards / max(1, table.players)
        stay = 1.0
        for p in range(table.players):
            if p == table.seat:
                continue
            h = table.hand_sizes[p]
            if table.contract is None:
                near = {1: 0.6, 2: 0.5, 3: 0.35, 4: 0.25, 5: 0.18}.get(h, 0.1)
                near += min(0.15, 0.01 * rounds)
            elif table.final_deal:
                near = min(0.3, 0.03 + 0.02 * rounds)
            elif table.laid_down[p]:
                near = {1: 0.6, 2: 0.5, 3: 0.35, 4: 0.25, 5: 0.18}.get(h, 0.12)
            else:
                near = min(0.12, 0.02 + 0.008 * rounds)
            stay *= 1.0 - near
        return 1.0 - stay

    def deal7_leftover(self, table: Table) -> float:
        """Deal 7: what a loose card costs beyond its points (a level may weigh the race differently)."""
        return DEAL7_LEFTOVER

    def leftover_costs(self, table: Table, live: list[float], risk: float, mode: str) -> list[float]:
        out = []
        top = 14 if table.ace_high else 13
        potential = self.potential(table)
        base = self.deal7_leftover(table) if mode == "all" else LEFTOVER
        for c in SLOT_CARD:
            pen = table.value(c)
            fits = any(table.layoff_ends(c, tm) for tm in table.melds)
            if fits and mode == "free" and table.may_extend:
                out.append(0.05 * pen)
                continue
            cost = base + pen * risk
            if fits and mode == "contract":
                cost = 0.3 * base + 0.5 * pen * risk
            # live neighbours: a chance that this loose card still joins something
            r = c.rank
            same = sum(live[4 * (r - 1) + k] for k in range(4))
            near = 0.0
            for d, w in ((-2, 0.4), (-1, 1.0), (1, 1.0), (2, 0.4)):
                x = r + d
                if 1 <= x <= top:
                    near += w * live[4 * ((x - 1) % 13) + (slot(c) & 3)]
            pot = potential * min(1.0, (same + near) / 6.0)
            if mode == "all":
                pot *= 3.0
            out.append(max(0.1, cost - pot))
        return out

    def potential(self, table: Table) -> float:
        """How much a loose card's live neighbours are worth (``POTENTIAL``; a level may weigh it
        differently by game)."""
        return POTENTIAL

    # ------------------------------------------------------------------ danger
    def danger(self, ctx: Ctx, card: Card) -> Danger:
        got = ctx.danger_cache.get(card)
        if got is not None:
            return got
        table, mem = ctx.table, ctx.mem
        best = Danger(0.0)
        total = 0.0
        if card.is_joker:
            d = Danger(DANGER * 3)
            ctx.danger_cache[card] = d
            return d
        for k in range(1, table.players):
            p = table.next_seat(k)
            if k == 1:
                weight = 1.0
            elif table.contract is not None:
                weight = 0.3  # a player further on may buy it (C6)
            else:
                break
            want = 0.0
            why: Card | None = None
            for x in mem.collects(p):
                if x.rank == card.rank:
                    w = 1.0
                elif x.suit == card.suit and abs(x.rank - card.rank) <= 2:
                    w = 0.8 if abs(x.rank - card.rank) == 1 else 0.5
                else:
                    continue
                if w > want:
                    want, why = w, x
            layoff = False
            can_lay_off = table.seat_may_extend(p)
            if can_lay_off and want < LAYOFF_WANT and any(table.layoff_ends(card, tm) for tm in table.melds):
                want, why, layoff = LAYOFF_WANT, None, True
            for y in mem.declined[p][-4:] + mem.threw[p][-4:]:
                if y.rank == card.rank or (y.suit == card.suit and abs(y.rank - card.rank) <= 1):
                    want *= 0.6
                    break
            h = table.hand_sizes[p]
            close = 1.0
            if table.contract is None or table.laid_down[p]:
                close = 1.0 + max(0.0, (6 - h) / 4.0)
            cost = DANGER * weight * want * close
            if why is not None:
                cost += FEED * weight * want
            total += cost
            if cost > best.cost:
                best = Danger(cost, p, why, layoff)
        d = Danger(total, best.player, best.took, best.layoff)
        ctx.danger_cache[card] = d
        return d

    # ------------------------------------------------------------------- melds
    def meld_more(self, table: Table, rng: random.Random) -> Decision | None:
        """Basic rummy: keep complete melds in hand while nobody is close to going out (``holding``)."""
        if self.holding(table):
            return None
        return super().meld_more(table, rng)

    def holding(self, table: Table) -> bool:
        """Basic rummy: whether this seat keeps its complete melds in hand this turn.

        A meld on the table is a place for opponents to lay off (rule B4); held back, it costs
        nothing until someone nears going out, and then it goes down, or all at once when this
        seat can go out itself. So it holds while every opponent has more than
        ``HOLD_MELDS_WHILE_ABOVE`` cards and this hand cannot go out this turn. Hard that melds as
        soon as it can (``holds_melds`` off) against hard that holds, each seed played with it in
        every seat: it won 30.3% [27.5, 33.2] of 1,000 two-player matches and 18.1% [15.8, 20.6]
        of 1,000 four-player ones; one holder among three melders won 27.0% (docs/expert.md,
        "Holding complete melds in basic rummy")."""
        if not self.holds_melds or table.contract is not None:
            return False
        others = [table.hand_sizes[p] for p in range(table.players) if p != table.seat]
        return min(others) > HOLD_MELDS_WHILE_ABOVE and not self._going_out(table)

    def hold_reason(self, table: Table, card: Card) -> Decision | None:
        """The discard of ``card`` worded for a hand that keeps complete melds back (``holding``):
        a newcomer expects them on the table, so where the card itself needs no reason of its own
        (not dead, not kept from a collector) the reason says why not, in the seat's terms:
        the opponent nearest to going out (fewest cards, then the next in turn) gets nothing to
        lay off on when this seat goes out all at once, and the points the hand would give away
        if that opponent went out first (rule B8). ``None`` when the hand holds no meld."""
        if not self.holding(table):
            return None
        left = _minus(table.hand, card)
        arr = best_arrangement(left, table.value, ace_high=table.ace_high)
        if arr is None or not arr.melds:
            return None
        others = [table.next_seat(k) for k in range(1, table.players)]
        nearest = min(others, key=lambda p: table.hand_sizes[p])
        return Decision(
            Discard(table.seat, card),
            "discard_hold_melds",
            {
                "card": str(card),
                "melds": meld_text(arr.melds),
                "player": nearest,
                "points": table.penalty(left),
            },
        )

    def _going_out(self, table: Table) -> bool:
        """Whether the hand can be emptied this turn: melds, lay-offs and at most one discard."""
        arr = best_arrangement(table.hand, table.value, ace_high=table.ace_high)
        if arr is None:
            return False
        stuck = [c for c in arr.deadwood if not any(table.layoff_ends(c, tm) for tm in table.melds)]
        return len(stuck) <= 1

    # ------------------------------------------------------------------- draw
    def draw(self, table: Table, rng: random.Random) -> Decision:
        forced = self.forced_stock(table)
        if forced is not None:
            return forced
        top = table.discard_top
        assert top is not None
        params = {"card": str(top), "rank": str(top)[0], "suit": top.suit}
        if top.is_joker:
            return self.take(table, "take_joker", **params)
        c = table.contract
        building = c is not None and not table.laid_down[table.seat] and not table.final_deal
        if building and c is not None and newly_meets(table.hand, top, c):
            return self.take(table, "take_meets_contract", **params)
        if table.down and not table.final_deal:
            if table.may_extend and any(table.layoff_ends(top, tm) for tm in table.melds):
                return self.take(table, "take_lays_off", **params)
            kind = makes_meld(table, top)
            if kind is not None and len(table.hand) >= 2:
                return self.take(table, "take_completes_" + kind, **params)
            if not (BASIC_DP_TAKE and table.contract is None):
                return self.stock(table, "draw_stock_no_help", card=str(top))
        # Building towards the contract (deals 1-6) or towards going out at once (deal 7).
        if not self._interacts(table, top):
            return self.stock(table, "draw_stock_no_help", card=str(top))
        ctx = self.context(table)
        base = ctx.cost(table.hand)
        plan = ctx.plan(table.hand)
        with_top = [*table.hand, top]
        best, best_d = float("inf"), None
        for d in dict.fromkeys(table.hand):  # hand order: the choice never depends on hash order
            if d == top:
                continue  # rule G8: never the card just taken
            v = ctx.cost(_minus(with_top, d)) + self.danger(ctx, d).cost
            if v < best:
                best, best_d = v, d
        if best_d is None:
            return self.stock(table, "draw_stock_no_help", card=str(top))
        after = ctx.plan(_minus(with_top, best_d))
        g = after.group_of(slot(top))
        complete = g is not None and g.missing == 0
        unseen_total = max(10, sum(ctx.unseen.values()))
        chances = 1.0 + 0.3 * (table.players - 1)
        kappa = plan.missing * SCALE / unseen_total * chances
        margin = 0.0 if complete else PARTIAL_TAKE_MARGIN
        if best + margin < base - kappa:
            if g is None:
                key = "take_advances_run"
            elif complete:
                key = "take_completes_set" if g.kind == "set" else "take_completes_run"
            else:
                key = "take_advances_set" if g.kind == "set" else "take_advances_run"
            return self.take(table, key, **params)
        return self.stock(table, "draw_stock_no_help", card=str(top))

    def _interacts(self, table: Table, card: Card) -> bool:
        """Whether ``card`` could join anything in the hand (same rank, run neighbour, joker)."""
        for c in table.hand:
            if c.is_joker or c.rank == card.rank:
                return True
            if c.suit == card.suit and abs(c.rank - card.rank) <= 2:
                return True
            if (
                table.ace_high
                and c.suit == card.suit
                and {c.rank, card.rank} & {1}
                and {c.rank, card.rank} & {12, 13}
            ):
                return True
        return False

    # -------------------------------------------------------------------- buy
    def buy(self, table: Table, rng: random.Random) -> Decision:
        top = table.discard_top
        params: dict[str, Any] = {"card": str(top)}
        if top is None:
            return self._pass(table, "pass_no_help", params)
        if table.laid_down[table.seat]:
            return self._pass(table, "pass_laid_down", params)
        params.update(rank=str(top)[0], suit=top.suit)
        if self.full(table) or not (top.is_joker or self._interacts(table, top)):
            return self._pass(table, "pass_no_help", params)
        c = table.contract
        assert c is not None
        ctx = self.context(table)
        base = ctx.cost(table.hand)
        with_top = [*table.hand, top]
        after = ctx.cost(with_top)
        gain = base - after
        # the unknown stock card that comes with it: most likely a loose card
        lc = ctx.ev.lc
        w = sum(ctx.live)
        unknown = sum(lc[i] * ctx.live[i] for i in range(52)) / w if w > 0 else LEFTOVER
        points = table.value(top) + 7
        risk = points * ctx.risk * 0.5
        meets = not table.final_deal and newly_meets(table.hand, top, c)
        if meets:
            gain += SCALE / 3
        if gain - unknown - risk > BUY_MARGIN:
            plan = ctx.plan(with_top)
            g = plan.group_of(slot(top)) if not top.is_joker else None
            if meets:
                key = "buy_meets_contract"
            elif g is not None and g.missing == 0:
                key = "buy_completes_set" if g.kind == "set" else "buy_completes_run"
            else:
                key = "buy_advances"
            return Decision(Buy(table.seat), key, params)
        if gain > 0:
            return self._pass(table, "pass_too_risky", {**params, "points": points})
        return self._pass(table, "pass_no_help", params)

    def full(self, table: Table) -> bool:
        """Whether the hand is too big for this level to buy (``buy_cap``)."""
        return self.buy_cap is not None and len(table.hand) >= self.buy_cap

    def _pass(self, table: Table, key: str, params: dict[str, Any]) -> Decision:
        return Decision(Pass(table.seat), key, params)

    # ---------------------------------------------------------------- discard
    def discard(self, table: Table, rng: random.Random) -> Decision:
        cands = self.discard_candidates(table)
        if len(cands) == 1:
            return self.discard_action(table, cands[0], "discard_least_useful")
        ctx = self.context(table)
        return self.discard_from(ctx, self.weigh_discards(ctx, cands))

    def discard_candidates(self, table: Table) -> list[Card]:
        """The distinct cards this seat may discard, in card order; only naturals when it holds one."""
        cands = sorted(set(self.discardable(table)), key=lambda c: (c.rank, c.suit))
        naturals = [c for c in cands if not c.is_joker]
        return naturals or cands

    def weigh_discards(self, ctx: Ctx, cands: Sequence[Card]) -> list[Weighed]:
        """``cands`` weighed, best discard first: the least cost plus danger; at equal sums the card
        with no partner in hand goes first, then the one with more points (the expert's search
        takes its alternatives from the head of this same list)."""
        table = ctx.table
        weighed = [Weighed(d, ctx.cost(_minus(table.hand, d)), self.danger(ctx, d)) for d in cands]
        weighed.sort(
            key=lambda w: (
                round(w.cost + w.danger.cost, 9),
                _partners(table, w.card),
                -table.value(w.card),
                w.card.rank,
                w.card.suit,
            )
        )
        return weighed

    def discard_from(self, ctx: Ctx, weighed: Sequence[Weighed]) -> Decision:
        """The head of ``weighed``, with the reason a player would give for it."""
        best = weighed[0]
        plain = min(weighed, key=lambda w: (w.cost, -ctx.table.value(w.card), w.card.rank, w.card.suit))
        return self._discard_reason(ctx, best.card, plain.card, best.danger)

    def _discard_reason(self, ctx: Ctx, card: Card, plain: Card, dz: Danger) -> Decision:
        table = ctx.table
        if plain != card:
            pd = self.danger(ctx, plain)
            if pd.player is not None and pd.cost > dz.cost:
                if pd.layoff or pd.took is None:
                    return self.discard_action(
                        table, card, "discard_avoid_layoff", avoided=str(plain), player=pd.player
                    )
                return self.discard_action(
                    table,
                    card,
                    "discard_avoid_feeding",
                    avoided=str(plain),
                    player=pd.player,
                    took=str(pd.took),
                )
        seen = self.dead_evidence(ctx, card)
        if seen is not None:
            return self.discard_action(table, card, "discard_dead", seen=" ".join(str(c) for c in seen))
        pts = table.value(card)
        if ctx.risk >= 0.45 and pts >= 10:
            return self.discard_action(table, card, "discard_cut_losses", points=pts)
        held = self.hold_reason(table, card)  # the plain choice of card: the held melds are what needs saying
        if held is not None:
            return held
        plan = ctx.plan(table.hand)
        g = plan.group_of(slot(card))
        if g is None:
            return self.discard_action(table, card, "discard_least_useful")
        return self.discard_action(table, card, "discard_breaks_weakest")

    def dead_evidence(self, ctx: Ctx, card: Card) -> list[Card] | None:
        """The seen cards that make ``card`` dead for this seat, or ``None`` if it is alive.

        Dead (the seed's "kuollut"): no set of its rank can be made (fewer than
        two other copies left for this seat: in hand or unseen), no run through
        it can be made (each run of three around it needs a card with no copy
        left), and it fits no meld on the table.
        """
        table = ctx.table
        if card.is_joker:
            return None
        if any(table.layoff_ends(card, tm) for tm in table.melds):
            return None
        hand = Counter(table.hand)
        hand[card] -= 1
        r = card.rank
        mine_rank = sum(n for c, n in hand.items() if c.rank == r and not c.is_joker)
        live_rank = sum(ctx.unseen[Card(r, s)] for s in "SHDC")
        if hand[JOKER] or mine_rank + live_rank >= 2:
            return None
        top = 14 if table.ace_high else 13
        killers: list[Card] = []
        for lo in range(r - 2, r + 1):
            if lo < 1 or lo + 2 > top:
                continue
            blocked = [
                cx
                for cx in (Card(1 if x == 14 else x, card.suit) for x in range(lo, lo + 3) if x != r)
                if hand[cx] == 0 and ctx.unseen[cx] == 0
            ]
            if not blocked:
                return None
            killers.extend(b for b in blocked if b not in killers)
        seen_rank = [
            Card(r, s)
            for s in "SHDC"
            if Card(r, s) != card and not ctx.unseen[Card(r, s)] and not hand[Card(r, s)]
        ]
        return (killers + seen_rank)[:6]


def _partners(table: Table, card: Card) -> int:
    """How many other cards in hand could share a meld with ``card``: its rank, or its run neighbours."""
    n = 0
    seen = False
    for c in table.hand:
        if c == card and not seen:
            seen = True
            continue
        if c.is_joker or card.is_joker:
            continue
        if c.rank == card.rank or (c.suit == card.suit and 0 < abs(c.rank - card.rank) <= 2):
            n += 1
    return n


def _minus(hand: Sequence[Card], card: Card) -> list[Card]:
    out = list(hand)
    out.remove(card)
    return out
