"""The expert level: hard's judgement weighed closer, checked by search where a choice is close.

Every figure behind the choices below, and what did not help, is in ``docs/expert.md``.

In the contract game its judgement is hard's with these changes, each kept because it lost fewer
penalty points, or won more matches, against three hard players in seeded matches paired on the
same deals:

- every penalty point in hand costs something (``holding_cost``), the cards of partial melds too,
  not only the cards left over: a hand caught by someone going out pays for all of them (rule
  C14). Before laying down, in proportion to the risk of being caught; in deal 7, growing with the
  rounds played;
- in deal 7 a loose card costs its points alone, not a turn's work more (``deal7_leftover``);
- in deal 7 it never buys (C6, C12): two more cards to lay down at once, and both paid for when
  another player goes out first; elsewhere (deals 1-6, and deal 7 when it chases) it buys at any
  hand size (``buy_cap``), where hard stops at 14 cards: in deals 1-6 a seat caught before laying
  down pays about 80 points;
- yet losing few points wins nothing when another seat still leads after the deal: in deal 7, more
  than ``CHASE_BEHIND`` points behind the best other seat, it plays to go out as hard does
  (``chasing``).

A discard is chosen among hard's best few by what the hand costs one draw on, every unseen card
weighed (``next_draw_order``); in both games that won more matches than hard's order.

In basic rummy, for a draw (the discard or the stock), a buy (buy or pass, rule C6) and a discard
(its judgement's two best cards), the expert plays each candidate on in the same games, many times,
and keeps its judgement's choice unless another one does clearly better. In the contract game it
does so only when told to (``contract_search``, ``searches``): there, at 1 s a decision, the search
won no more matches than its judgement alone, paired on the same seeds, and made a player wait, so
by default its judgement decides and the look ahead may take the whole budget. Everything else
(laying down, melding, lay-offs, joker swaps, a choice with one sensible answer) is its judgement's.

- The games are determinizations of its view (``rommi.sampling.sample_game``, ``weighted``): cards
  the log shows an opponent took stay in that hand, the rest are dealt leaning towards what each
  opponent took, threw and declined. The view is all it reads, like every level (docs/protocol.md).
- The rollouts play every seat with a fast rule-of-thumb player (``rollout.Rollout``) to the end of
  the deal, or cut short with a static value of the hands left. One rollout's result varies by tens
  of points while candidates differ by a few, so the comparison is paired: every candidate is
  played in the same sampled games, and only the differences count.
- A rollout's value is its seat's points against the others' mean, except in deal 7, which ends
  the match (C12): there it is the seat's lead in the match, flattened (``Rollout._match``). At 48
  sampled games a decision, with the deal's points the search in deal 7 lost match wins against
  the judgement alone and with the lead it won more; at 1 s a decision the two were even
  (``docs/expert.md``).
- It switches from hard's choice only when the mean difference is larger than ``Z`` standard errors
  and at least ``MIN_GAIN`` points after ``MIN_WORLDS`` games: with few rollouts, or when the
  candidates are alike, it is hard. Looser bars picked overrides as often worse as better.

The budget is a setting: ``budget`` seconds of wall clock per decision (default 1 s; the clock is
read between rollouts and the search stops while another game still fits, the look ahead at half
of it, or near all of it where no search follows), or ``rollouts``, a number of sampled games per
decision, which makes the choice a function of the seed and the view alone (and leaves the look
ahead unbounded).

In basic rummy, two players, its judgement is hard's but for two weights (``danger``,
``potential``) and the discard order one draw on; the search is the one above.

In basic rummy the stock made by turning the pile over (rule B7) holds cards every seat saw thrown,
in an order the log shows (``ahead``): from the last few cards of the first stock on, where some
discard or draw lets the hand go out sooner with the cards it will draw, the expert plays that
one, unsearched (``_known_draw``, ``_known_discards``). At four players about half the deals
anyone wins are won after the turn-over.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass

from ..actions import Action, Buy, Discard, Draw
from ..cards import Card
from ..errors import IllegalAction
from ..game import Game
from ..names import Source
from ..sampling import sample_game
from ..views import SeatView
from .ahead import draws_ahead, fitting, seat_draws, soonest_out
from .base import Decision, finish
from .hard import Ctx, Danger, HardBot, _minus
from .memory import Memory
from .rollout import OutOfTime, Rollout
from .table import Table, takes_since_stock

BUDGET = 1.0
"""Seconds per decision by default (the browser's)."""
SAFETY = 0.95
"""The search stops when the next sampled game would end past this share of the budget."""
MIN_WORLDS = 16
"""Fewer sampled games than this are no evidence: hard's choice stands. A deal's result has heavy tails
(one seat going out with a full hand), so a handful of games misjudges the spread."""
Z = 2.5
"""Standard errors a candidate must beat hard's choice by. Judged by playing both choices on with hard
in every seat, the overrides that passed 2.0 after 24 games were as often worse as better."""
MIN_GAIN = 1.0
"""Points a deal a candidate must gain over hard's choice, however sure the search is."""
MAX_WORLDS = 400
"""Enough for any decision: more changes no choice, and the budget is better left unspent."""
DISCARDS = 2
"""How many of its judgement's best discards the search weighs at two players."""
DISCARDS_CROWD = 3
"""The same at three players or more. At four players, at 1 s, a third discard searched won 5.6 points
a deal more (standard error 2.0) and 9 matches more of 200, paired on the seeds where it was found;
on 200 fresh seeds 78 matches against 74, within luck (``docs/expert.md``, issue 44). At two players a
third did not help."""
LOOKAHEAD = 8
"""Basic rummy: how many of hard's best discards the expert orders by the draw after (``next_draw_order``)."""
LOOKAHEAD_CONTRACT = 4
"""The same in the contract game, where a hand is longer, two decks leave more cards unseen, and each
card weighed costs more (up to 3 s a decision in CPython with four, before the budget cuts it short)."""
LOOKAHEAD_SLICE = 0.004
"""Seconds ``next_draw_order`` weighs hands between pauses: in Pyodide a slice of the page's time
(``browser.botloop.sliced``) must hold at least one step, and a contract hand of fourteen cards can take
tens of milliseconds to weigh against every unseen card, so it pauses by the clock, not by a count."""
LOOKAHEAD_SHARE = 0.5
"""With a time budget and a search to follow, the share of it the look ahead may take; past it hard's
order stands. With no search to follow it may take ``SAFETY`` of the budget."""
HORIZON = 400
"""Actions a rollout plays before the static value decides (a deal rarely needs that many)."""
HOLD_BEFORE_DOWN = 0.25
"""Deals 1-6 before laying down: the cost of a penalty point in hand, times the risk of being caught
(``holding_cost``). Paired with 0.5 on the same seeds, 2,000 matches in four sets, 0.25 won 15.8
more (standard error about 16) with penalty points even: the two are level. 0.25 is kept because
the contract goal's run was measured with it; 1.5 and 0 (hard's) won fewer (``docs/expert.md``)."""
HOLD_FINAL = 3.0
"""Deal 7 (rule C12): the cost of a penalty point in hand once eight rounds are played, growing to it
from none: a hand that does not go out pays for every card (C14)."""
FINAL_ROUNDS = 8.0
DEAL7_LEFTOVER = 0.0
"""Deal 7: what a loose card costs beyond its points (``HardBot.deal7_leftover``)."""
CHASE_BEHIND = 10
"""Deal 7: how far behind the best other seat (in penalty points) the expert must be to play to go out
as hard does rather than to lose few points. Losing few points wins nothing when another seat still
leads after the deal; only going out first can turn the match."""
BASIC_POTENTIAL = 0.4
"""Basic rummy: what a loose card's live neighbours are worth (hard's is 0.8). Against hard with no
danger weighed, 0.4 won 0.5 points a deal more than 0.8 in 1,000 seeded matches (+1.77 against +1.27
over the same baseline), and 0, ahead there, fell behind 0.4 on fresh seeds; 1.5 lost points."""


@dataclass
class Candidate:
    """A move the search weighs, hard's own reason for it, and its values in the sampled games."""

    decision: Decision
    values: list[float]


class ExpertBot(HardBot):
    level = "expert"
    buy_cap = None
    """It buys at any hand size, as rule C6 allows, where its judgement says the card is worth
    two more cards in hand: in deals 1-6 a seat caught before laying down pays about 80 points,
    so a card that brings the lay-down closer is worth the risk more often than hard's cap of 14
    cards lets it be (``docs/expert.md``)."""
    default_budget: float = BUDGET
    """Seconds per decision when the constructor is given neither ``budget`` nor ``rollouts``."""
    default_rollouts: int | None = None
    """Sampled games per decision when the constructor is given neither (the unit tests set it, so the
    levels they enumerate stay fast and reproducible); ``None``: the clock decides."""

    def __init__(
        self,
        seed: int = 0,
        *,
        budget: float | None = None,
        rollouts: int | None = None,
        contract_search: bool = False,
    ) -> None:
        super().__init__(seed)
        if budget is not None and not budget > 0:
            raise ValueError(f"budget must be a positive number of seconds, not {budget!r}")
        if rollouts is not None and (
            isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 0
        ):
            raise ValueError(f"rollouts must be a whole number of sampled games, not {rollouts!r}")
        if budget is None and rollouts is None:
            rollouts = self.default_rollouts
        self.budget = self.default_budget if budget is None else float(budget)
        self.rollouts = rollouts
        self.contract_search = bool(contract_search)
        """Whether it searches in the contract game too; off by default (``searches``)."""
        self._start = 0.0
        self._close: tuple[Table, Sequence[Decision]] | None = None  # a close choice, for ``thinking``
        self._order: tuple[Ctx, Decision, list[Card]] | None = None  # discards to look ahead on
        self.searched = 0
        """Sampled games the last decision weighed (0 when it was left to hard)."""

    # ------------------------------------------------------------------ face
    def decide(self, view: SeatView) -> Decision:
        return finish(self.thinking(view))

    def thinking(self, view: SeatView) -> Generator[None, None, Decision]:
        """Hard's decision at once; where it is close (``search``), the paired rollouts, pausing
        after each one (``Bot.thinking``). The budget's clock runs from the first step, pauses
        included: in the browser, thinking time is the time the table waits."""
        self._start = time.perf_counter()
        self.searched = 0
        self._close = None
        self._order = None
        hard = super().decide(view)
        if self._order is not None:
            ctx, first, ranked = self._order
            self._order = None
            hard = self.last = yield from self._ordering(ctx, first, ranked)
        if self._close is None:
            return hard
        table, others = self._close
        self._close = None
        self.last = yield from self._searching(table, hard, others)
        return self.last

    # ------------------------------------------------------------- judgement
    def chasing(self, table: Table) -> bool:
        """Deal 7, more than ``CHASE_BEHIND`` points behind: the match is lost unless this seat goes
        out first, so it plays the race as hard does (a loose card costs a turn's work, a hand's
        points cost nothing more, the discard is bought)."""
        if not table.final_deal:
            return False
        scores = table.view["scores"]
        best_other = min(s for p, s in enumerate(scores) if p != table.seat)
        return bool(scores[table.seat] - best_other > CHASE_BEHIND)

    def deal7_leftover(self, table: Table) -> float:
        """Hard's is 8 (a loose card has to be replaced before going out at all); in seeded matches
        every step down to none, a loose card weighed by its points alone, lost fewer points. Behind,
        only going out can win the match: then it is hard's."""
        if self.chasing(table):
            return super().deal7_leftover(table)
        return DEAL7_LEFTOVER

    def holding_cost(self, table: Table, mem: Memory, mode: str, risk: float) -> float:
        """Every card held costs its points, partial melds' cards too: a hand caught by someone going
        out pays for all of them (rule C14). Before laying down, in proportion to the risk of being
        caught; in deal 7, where a hand that does not go out pays for every card, growing with the
        rounds played. Once down, hard's leftover costs already weigh the points."""
        if mode == "contract":
            return HOLD_BEFORE_DOWN * risk
        if mode == "all":
            if self.chasing(table):
                return 0.0
            return HOLD_FINAL * min(1.0, mem.discards / max(1, table.players) / FINAL_ROUNDS)
        return 0.0

    def potential(self, table: Table) -> float:
        return BASIC_POTENTIAL if table.contract is None else super().potential(table)

    def danger(self, ctx: Ctx, card: Card) -> Danger:
        """Basic rummy: no card is held back for fear of feeding the next player. Players there keep
        their melds in hand until they go out (``HardBot.meld_more``), so a deal is a race to go out
        first with the whole hand (rule B6, B8), and a card kept back is a turn lost in it. Against
        hard, weighing no danger won 1.3 points a deal more than hard's weights (1,000 seeded
        matches, paired, standard error 0.4); in the contract game, where a discard may also be
        bought (C6), the danger stays."""
        if ctx.table.contract is None:
            return Danger(0.0)
        return super().danger(ctx, card)

    # ------------------------------------------------------------- decisions
    def draw(self, table: Table, rng: random.Random) -> Decision:
        d = super().draw(table, rng)
        known = self._known_draw(table, d)
        if known is not None:
            return known
        top = table.discard_top
        if (
            top is None
            or d.key in ("draw_stock_cannot_take", "draw_stock_keep_moving", "take_joker")
            or not self._interacts(table, top)
        ):
            return d
        drawn = d.action
        assert isinstance(drawn, Draw)
        take = d if drawn.source is Source.DISCARD else self.take(table, "take_advances_run", card=str(top))
        stock = d if drawn.source is Source.STOCK else self.stock(table, "draw_stock_no_help", card=str(top))
        others = [stock] if d is take else [take]
        return self.search(table, d, others)

    def buy(self, table: Table, rng: random.Random) -> Decision:
        if table.final_deal and table.discard_top is not None and not self.chasing(table):
            # Deal 7 (rule C12): every card must go down at once; a buy brings two, and a hand that does
            # not go out pays for all of them (C14). Never buying there lost fewer points than hard.
            return self._pass(table, "pass_final_deal", {"card": str(table.discard_top)})
        d = super().buy(table, rng)
        top = table.discard_top
        if top is None or d.key in ("pass_laid_down", "pass_no_help"):  # hard's pass when ``full``
            return d
        if isinstance(d.action, Buy):
            other = self._pass(table, "pass_too_risky", {"card": str(top), "points": table.value(top) + 7})
        else:
            other = Decision(Buy(table.seat), "buy_advances", {"card": str(top)})
        return self.search(table, d, [other])

    def discard(self, table: Table, rng: random.Random) -> Decision:
        cands = self.discard_candidates(table)
        if len(cands) == 1:
            return super().discard(table, rng)
        ctx = self.context(table)
        weighed = self.weigh_discards(ctx, cands)
        d = self.discard_from(ctx, weighed)
        self._order = (ctx, d, [w.card for w in weighed])  # ``thinking`` looks ahead, then searches
        return d

    def _weigh_discards(self, table: Table, d: Decision, ranked: Sequence[Card]) -> Decision:
        """``d``, to be weighed by the search against the next of ``ranked`` (``DISCARDS``,
        ``DISCARDS_CROWD``)."""
        chosen = _discarded(d)
        width = DISCARDS if table.players <= 2 else DISCARDS_CROWD
        others = [
            self.discard_action(table, c, "discard_least_useful") for c in ranked[:width] if c != chosen
        ][: width - 1]
        if not others:
            return d
        return self.search(table, d, others)

    def _ordering(self, ctx: Ctx, hard: Decision, ranked: list[Card]) -> Generator[None, None, Decision]:
        """The discard the draw after favours (``next_draw_order``), with hard's reasons for it,
        set up for the search; where the stock's order is known and some discard can go out with
        it, the discard that goes out soonest, unsearched (``_known_discard``)."""
        yield  # hard's judgement was one step; the look ahead takes many
        soonest = self._known_discards(ctx.table, ranked)
        if soonest is not None:
            times, draws = soonest
            best = min(times.values())
            tied = [c for c in ranked if times.get(c) == best]
            if len(tied) > 1:  # the look ahead's order breaks the tie
                order = yield from self.next_draw_order(ctx, ranked)
                tied = [c for c in order if times.get(c) == best]
            return self._known_discard(ctx.table, hard, tied[0], draws[:best])
        order = yield from self.next_draw_order(ctx, ranked)
        d = hard
        if order[0] != _discarded(hard):
            d = self._discard_reason(ctx, order[0], order[0], Danger(0.0))
        return self._weigh_discards(ctx.table, d, order)

    # ---------------------------------------------------- the known stock (B7)
    def _known_draw(self, table: Table, d: Decision) -> Decision | None:
        """Basic rummy with the stock's order known (``ahead``): the draw after which this hand can
        go out sooner, if the two differ; taking the discard also moves every later stock card one
        seat on. ``None``: its judgement and the search decide as before. The draw from the stock
        on a turned-over pile is no gamble, so no rollout is asked. In 1,200 four-player matches
        against three hard, this and ``_known_discard`` won 356 where its judgement alone won 313
        (paired on the same seeds, +0.036 a match, standard error 0.009), at 64 sampled games a
        decision 123 of 400 against 114 (``docs/expert.md``)."""
        ahead = draws_ahead(table)
        top = table.discard_top
        if ahead is None or top is None or d.key in ("draw_stock_cannot_take", "draw_stock_keep_moving"):
            return None
        n = table.players
        fits = fitting(table, [*table.hand, top, *(c for c in ahead if c is not None)])
        by_stock = seat_draws(ahead, 0, n)
        by_taking = [top, *seat_draws(ahead, n - 1, n)]
        stock = soonest_out(table.hand, by_stock, fits)
        taking = soonest_out(table.hand, by_taking, fits)
        if stock == taking:
            return None
        drawn = d.action
        assert isinstance(drawn, Draw)
        if taking is not None and (stock is None or taking < stock):
            if drawn.source is Source.DISCARD:
                return d
            if not table.may_take_discard():
                return None
            seen = _cards(by_taking[1:taking])
            if not seen:  # the discard alone lets it go out
                return self.take(table, "take_goes_out", card=str(top))
            return self.take(table, "take_stock_known", card=str(top), seen=seen)
        assert stock is not None
        if drawn.source is Source.STOCK:
            return d
        seen = _cards(by_stock[:stock])
        if not seen:  # only unknown cards of the first stock before it goes out: nothing to name
            return self.stock(table, "draw_stock_no_help", card=str(top))
        return self.stock(table, "draw_stock_known", card=str(top), seen=seen)

    def _known_discards(
        self, table: Table, cards: Sequence[Card]
    ) -> tuple[dict[Card, int], list[Card | None]] | None:
        """For each of ``cards``, on which of this seat's coming draws the hand without it can go out
        at the soonest, with the stock's order known (``ahead``), and those draws; ``None`` when the
        order is not known or no discard goes out before the stock runs out."""
        ahead = draws_ahead(table)
        if ahead is None:
            return None
        n = table.players
        draws = seat_draws(ahead, n - 1, n)  # the other seats draw first
        fits = fitting(table, [*table.hand, *(c for c in ahead if c is not None)])
        soonest: dict[Card, int] = {}
        for c in cards:
            t = soonest_out(_minus(table.hand, c), draws, fits)
            if t is not None:
                soonest[c] = t
        return (soonest, draws) if soonest else None

    def _known_discard(
        self, table: Table, hard: Decision, pick: Card, draws: Sequence[Card | None]
    ) -> Decision:
        """The discard of ``pick``, the one that goes out soonest with ``draws`` (``_known_discards``);
        hard's decision when it is that card."""
        if pick == _discarded(hard):
            return hard
        seen = _cards(draws)
        if not seen:  # only unknown cards of the first stock before it goes out: nothing to name
            return self.discard_action(table, pick, "discard_least_useful")
        return self.discard_action(
            table, pick, "discard_stock_known", avoided=str(_discarded(hard)), seen=seen
        )

    def next_draw_order(self, ctx: Ctx, ranked: list[Card]) -> Generator[None, None, list[Card]]:
        """The first ``LOOKAHEAD`` (``LOOKAHEAD_CONTRACT``) of hard's discards ordered by what the
        hand costs after the next draw: every unseen card, weighed by how many of it may come, then
        the best discard with it (rules B4, B6, G8). Hard's cost of a hand guesses what cards may
        still come to it; played one draw on, the guess is made for each card that can.

        In both games it won more matches than hard's order, paired on the same seeds; the best 8
        in the contract game, its danger weighed too, or the draw decided the same way did not
        (``docs/expert.md``)."""
        unseen = sorted(ctx.unseen.items(), key=lambda kv: (kv[0].rank, kv[0].suit))
        total = sum(n for _, n in unseen)
        width = LOOKAHEAD if ctx.table.contract is None else LOOKAHEAD_CONTRACT
        heads = ranked[:width]
        if total == 0 or len(heads) < 2:
            return list(ranked)
        hand = ctx.table.hand
        share = LOOKAHEAD_SHARE if self.searches(ctx.table) else SAFETY
        stop = self._start + self.budget * share if self.rollouts is None else math.inf
        clock = time.perf_counter
        paused = clock()
        scored: list[tuple[float, int, Card]] = []
        for i, card in enumerate(heads):
            kept = _minus(hand, card)
            after = 0.0
            for drawn, n in unseen:
                with_it = [*kept, drawn]
                best = math.inf
                for c in dict.fromkeys(x for x in with_it if not x.is_joker):
                    best = min(best, ctx.cost(_minus(with_it, c)))
                    if clock() - paused > LOOKAHEAD_SLICE:
                        yield
                        if clock() > stop:
                            return list(ranked)  # out of time: hard's order, the search still to come
                        paused = clock()
                if best == math.inf:  # nothing but jokers: one of them goes
                    best = ctx.cost(_minus(with_it, with_it[0]))
                after += n * best
            scored.append((round(after / total, 9), i, card))
        scored.sort(key=lambda x: x[:2])
        return [c for _, _, c in scored] + ranked[width:]

    def discard_ranking(self, table: Table, ctx: Ctx | None = None) -> list[Card]:
        """Hard's discards, best first (``HardBot.weigh_discards``); ``ctx``: the decision's
        context, when the caller has already built it."""
        weighed = self.weigh_discards(ctx or self.context(table), self.discard_candidates(table))
        return [w.card for w in weighed]

    # ---------------------------------------------------------------- search
    def search(self, table: Table, hard: Decision, others: Sequence[Decision]) -> Decision:
        """Hard's decision for now: ``thinking`` weighs it against ``others`` once the level's
        own decision has returned (``_searching``), so that the search can pause."""
        if self.searches(table):
            self._close = (table, others)
        return hard

    def searches(self, table: Table) -> bool:
        """Whether close choices are weighed by rollouts in this game: in basic rummy always, in the
        contract game only when ``contract_search`` is set. There, at 1 s a decision, the search won
        no more matches than its judgement alone, paired on the same seeds (13 fewer of 400, standard
        error about 9; penalty points even; in deal 7 alone, 1 fewer of 400), while it made every
        close choice take the whole second (``docs/expert.md``): its judgement decides, and the look
        ahead (``next_draw_order``) may take the whole budget."""
        return table.contract is None or self.contract_search

    def _searching(
        self, table: Table, hard: Decision, others: Sequence[Decision]
    ) -> Generator[None, None, Decision]:
        """Hard's decision, or the one of ``others`` that did clearly better in paired rollouts."""
        cands = [Candidate(hard, []), *(Candidate(o, []) for o in others)]
        view = table.view
        seat = table.seat
        takes = takes_since_stock(table.history)
        base_key = self.rng(table).getrandbits(64)
        limit = MAX_WORLDS if self.rollouts is None else min(MAX_WORLDS, self.rollouts)
        timed = self.rollouts is None
        deadline = self._start + self.budget * SAFETY
        hard_stop = self._start + self.budget if timed else math.inf
        clock = time.perf_counter
        slowest = 0.0
        for i in range(limit):
            t0 = clock()
            if timed and t0 + slowest > deadline:
                break
            world = sample_game(view, random.Random(base_key + i), weighted=True, check=False)
            roll = Rollout(world, seat, HORIZON, hard_stop)
            got: list[float] = []
            try:
                for c in cands:
                    if clock() > hard_stop:
                        raise OutOfTime
                    g = world.copy()
                    g.apply(c.decision.action)
                    got.append((yield from roll.playing(g, takes_after(c.decision.action, takes))))
                    yield
            except IllegalAction:  # cannot happen for a legal action in a consistent sample
                continue
            except OutOfTime:  # a game only partly played is no evidence: it is dropped
                break
            for c, v in zip(cands, got, strict=True):
                c.values.append(v)
            slowest = max(slowest, clock() - t0)
        n = len(cands[0].values)
        self.searched = n
        if n < MIN_WORLDS:
            return hard
        best: tuple[float, Candidate] | None = None
        base = cands[0].values
        for c in cands[1:]:
            diffs = [a - b for a, b in zip(c.values, base, strict=True)]
            mean = sum(diffs) / n
            var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
            se = math.sqrt(var / n)
            if mean >= MIN_GAIN and mean > Z * se and (best is None or mean > best[0]):
                best = (mean, c)
        if best is None:
            return hard
        return self._explain(table, hard, best[1].decision, best[0], n)

    def _explain(self, table: Table, hard: Decision, chosen: Decision, gain: float, n: int) -> Decision:
        """The searched choice with the search's reason (``reasons.REASONS``)."""
        action = chosen.action
        points = max(1, round(gain))
        top = str(table.discard_top)
        if isinstance(action, Discard):
            if chosen.key == "discard_go_out":
                return chosen
            return Decision(
                action,
                "discard_search",
                {"card": str(action.card), "avoided": str(_discarded(hard)), "count": n, "points": points},
            )
        if isinstance(action, Draw):
            key = "take_search" if action.source is Source.DISCARD else "draw_stock_search"
            return Decision(action, key, {"card": top, "count": n, "points": points})
        key = "buy_search" if isinstance(action, Buy) else "pass_search"
        return Decision(action, key, {"card": top, "count": n, "points": points})


def takes_after(action: Action, takes: int) -> int:
    """Pile draws in a row once ``action`` is done (a deal must run the stock down)."""
    if isinstance(action, Draw):
        return takes + 1 if action.source is Source.DISCARD else 0
    return takes


def _cards(cards: Sequence[Card | None]) -> str:
    """The known ones of ``cards`` as a reason's card list (``reasons.worded``)."""
    return " ".join(str(c) for c in cards if c is not None)


def _discarded(d: Decision) -> Card:
    """The card a discard decision puts down (the expert weighs discards against each other)."""
    assert isinstance(d.action, Discard), d
    return d.action.card


def expert_world(view: SeatView, key: int) -> Game:
    """The ``key``-th sampled game the expert would weigh for ``view`` (for tests and benchmarks)."""
    return sample_game(view, random.Random(key), weighted=True, check=False)
