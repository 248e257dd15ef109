"""A fast rule-of-thumb player for the expert's rollouts, and the value of where a rollout stops.

The expert (``expert.py``) weighs a move by playing the deal on from it, many
times, in games sampled from its view (``rommi.sampling``). Each of those
rollouts plays every seat, so the player here must be cheap: tens of
microseconds an action instead of the milliseconds a level spends reading a
view. It therefore plays on the sampled ``Game``'s own state (a
determinization the expert made; never the real game) and asks the engine's
``apply`` whether an action is legal, falling back to a plainer one when it is
refused (a refused action changes nothing).

Its judgement is normal's, cut down: take a discard that makes a meld, buy a
card that makes a set, lay down the contract as soon as the solver finds it,
meld and lay off whatever it can once down, and throw the loose card with the
fewest partners (same rank, or its suit within two ranks) and the most points.
In basic rummy it keeps its melds in hand until it can go out or an opponent
is near, as hard and the expert do (``meld_free``).

A rollout ends when the deal ends, or after ``horizon`` actions; then a static
value guesses what the hands left would cost (``static_rows``). Either way the
value is the expert's seat's result against the mean of the others, in its
favour when positive (rules C14, B8); in the contract game's last deal, which
ends the match, it is the seat's lead in the match instead (``_match``).
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Generator, Sequence

from .. import candidates, rules
from ..actions import Buy, Discard, Draw, Meld, Pass
from ..cards import Card, contract_penalty
from ..contracts import Contract
from ..errors import IllegalAction
from ..game import Game, Phase
from ..melds import fitting_ends
from ..names import MeldKind, Source
from ..solver import best_arrangement, can_meet, min_deadwood
from .base import finish
from .hard import HOLD_MELDS_WHILE_ABOVE
from .table import basic_value_high, basic_value_low, count_avoiding, count_one

PAUSE_EVERY = 16
"""Actions a rollout plays between pauses (``playing``): a few milliseconds in Pyodide."""
STATIC_SHARE = 0.6
"""A hand's loose points when a rollout is cut short, as a share of what they will cost: the deal goes on
and some of them go."""
MELDED_SHARE = 0.25
"""Contract, not laid down yet: the share of the points in its melds a hand is still expected to pay."""
MATCH_SCALE = 15.0
"""Contract, deal 7: the lead over the best other seat, in points, past which a rollout's value
flattens (``_match``); 0 weighs the deal's points against the others' mean, as in deals 1-6."""
CONTRACT_POINTS = 0.15
"""Contract: how much a card's penalty point counts against one partner when choosing a discard
(rule C14). Against three hard players, 0.15 lost 2 points a deal fewer than none, 0.3 1 fewer
(100 seeded matches)."""


def value_fn(game: Game) -> Callable[[Card], int]:
    """The penalty (C14) or count (B8) of a card in this game, as a function the solver caches."""
    if game.contract() is not None:
        return contract_penalty
    return basic_value_high if game.options.ace_high else basic_value_low


class OutOfTime(Exception):
    """The decision's time is up in the middle of a rollout."""


class Rollout:
    """Plays a sampled game on with the fast policy; one object per decision (it caches per game kind)."""

    def __init__(self, game: Game, hero: int, horizon: int, deadline: float = math.inf) -> None:
        self.hero = hero
        self.horizon = horizon
        self.deadline = deadline
        """``time.perf_counter`` past which ``run`` raises ``OutOfTime`` (read before every action: a
        reading costs far less than an action, and a lay-down the solver weighs can take milliseconds)."""
        self.value = value_fn(game)
        self.contract: Contract | None = game.contract()
        self.variant = game.variant
        self.players = game.players
        self.ace_high = game.options.ace_high
        self.deal = game.deal
        self.final = rules.final_deal(game.variant, game.deal)
        self.by_match = self.final and MATCH_SCALE > 0
        """Valued by the lead in the match (``_match``): deal 7 of the contract game ends it."""

    # ------------------------------------------------------------------ playing
    def run(self, game: Game, takes: int) -> float:
        """Play ``game`` on (changing it) and return the hero's value; ``takes``: pile draws in a row."""
        return finish(self.playing(game, takes))

    def playing(self, game: Game, takes: int) -> Generator[None, None, float]:
        """``run`` as a computation that pauses every ``PAUSE_EVERY`` actions (``Bot.thinking``):
        in Pyodide one rollout can take tens of milliseconds, more than a slice of the page's time."""
        s = game._s
        clock = time.perf_counter
        for i in range(self.horizon):
            if i % PAUSE_EVERY == PAUSE_EVERY - 1:
                yield
            if clock() > self.deadline:
                raise OutOfTime
            phase = s.phase
            if phase is Phase.DEAL_OVER or phase is Phase.MATCH_OVER:
                return self.final_value(game)
            p = game.to_act
            if p is None:
                return self.final_value(game)
            takes = self.act(game, p, takes)
        if s.phase is Phase.DEAL_OVER or s.phase is Phase.MATCH_OVER:
            return self.final_value(game)
        return self.static_value(game)

    def act(self, game: Game, p: int, takes: int) -> int:
        """Play seat ``p``'s next action (a draw, a buy or pass, or a turn's play); return the pile
        draws in a row after it."""
        phase = game._s.phase
        if phase is Phase.DRAW:
            return self.draw(game, p, takes)
        if phase is Phase.BUY:
            self.buy(game, p)
        else:
            self.turn(game, p)
        return takes

    def draw(self, game: Game, p: int, takes: int) -> int:
        s = game._s
        top = s.discard[-1] if s.discard else None
        if top is not None and takes < 2 * self.players and self.wants(game, p, top):
            try:
                game.apply(Draw(p, Source.DISCARD))
                return takes + 1
            except IllegalAction:
                pass
        game.apply(Draw(p, Source.STOCK))
        return 0

    def needs(self, game: Game, p: int) -> tuple[bool, bool]:
        """Whether sets and whether runs are worth building for seat ``p`` now: before laying down,
        only the kinds the contract asks for (rules C4, C7; deal 3 wants no set, deal 1 no run);
        once down, and in basic rummy, both."""
        c = self.contract
        if c is None or game._s.laid_down[p]:
            return True, True
        return c.sets > 0, c.runs > 0

    def wants(self, game: Game, p: int, card: Card) -> bool:
        """Whether ``card`` makes a meld the seat needs with the hand (or lays off on the table once
        down)."""
        if card.is_joker:
            return True
        hand = game._s.hands[p]
        if _makes_meld(hand, card, *self.needs(game, p)):
            return True
        s = game._s
        if self.contract is not None and s.laid_down[p] and not self.final:
            return any(fitting_ends(tm.meld, (card,), self.ace_high) for tm in s.melds)
        return False

    def buy(self, game: Game, p: int) -> None:
        """Buy (rule C6) a card that makes a meld the contract needs, before laying down; never in
        deal 7 (C12), where both cards are paid for unless the seat goes out first. With the draws
        and discards that build what the contract needs (``needs``), it lost 15 to 20 points a deal
        fewer against three hard players than when it bought sets alone in every deal (two sets of
        100 seeded matches)."""
        s = game._s
        top = s.discard[-1] if s.discard else None
        if (
            top is not None
            and not self.final
            and not s.laid_down[p]
            and len(s.hands[p]) < 14
            and (top.is_joker or _makes_meld(s.hands[p], top, *self.needs(game, p)))
        ):
            try:
                game.apply(Buy(p))
                return
            except IllegalAction:
                pass
        game.apply(Pass(p))

    def turn(self, game: Game, p: int) -> None:
        """The play phase of one turn: melds and lay-offs it finds, then a discard."""
        s = game._s
        c = self.contract
        held = None
        if c is not None and not s.laid_down[p]:
            self.lay_down(game, p, c)
        elif not self.final:
            held = self.meld_free(game, p)
            if s.phase is not Phase.PLAY:
                return
            self.lay_off(game, p)
        if s.phase is not Phase.PLAY or game.to_act != p:
            return
        self.discard(game, p, held)

    def lay_down(self, game: Game, p: int, contract: Contract) -> None:
        s = game._s
        hand = s.hands[p]
        if not can_meet(hand, contract):
            return
        if self.final:
            value = count_avoiding(s.taken) if s.taken is not None else count_one
            arr = best_arrangement(hand, value, contract=contract, min_left=1, max_left=1)
        else:
            arr = best_arrangement(hand, self.value, contract=contract, min_left=1)
        if arr is None or not arr.melds:
            return
        self._meld(game, p, arr.melds, arr.kinds)

    def meld_free(self, game: Game, p: int) -> tuple[Card, ...] | None:
        """Meld what the solver finds; in basic rummy, hold the melds in hand as hard does
        (``HardBot.meld_more``) while every opponent has more than ``HOLD_MELDS_WHILE_ABOVE``
        cards and the hand cannot go out this turn, and return the cards outside them: the
        ones to discard from.

        Melding at once, this player won 26% of 400 seeded basic matches against hard; holding,
        and discarding only from the cards outside the held melds, 51%. Hard and the expert
        both hold, so the rollouts play the deal they will play."""
        s = game._s
        hand = s.hands[p]
        if len(hand) < 3:
            return None
        keep = 1 if self.contract is not None else 0
        arr = best_arrangement(hand, self.value, ace_high=self.ace_high, min_left=keep)
        if arr is None:
            return None
        if (
            self.contract is None
            and len(arr.deadwood) > 1
            and all(len(s.hands[q]) > HOLD_MELDS_WHILE_ABOVE for q in range(self.players) if q != p)
        ):
            return arr.deadwood
        if arr.melds:
            self._meld(game, p, arr.melds, arr.kinds)
        return None

    def _meld(self, game: Game, p: int, melds: Sequence[Sequence[Card]], kinds: Sequence[str]) -> None:
        action = Meld(p, tuple(tuple(g) for g in melds), tuple(MeldKind(k) for k in kinds))
        with contextlib.suppress(IllegalAction):  # refused: it plays on without the melds
            game.apply(action)

    def lay_off(self, game: Game, p: int) -> None:
        """Lay off the first card that fits, card by card in hand order, the low end first
        (``rommi.candidates.by_card``), until none does. The candidates are checked for the
        fit only: ``apply`` checks the rest, and a refusal costs less than checking every
        candidate twice in this hot loop."""
        s = game._s
        if not s.melds:
            return
        if rules.extend_refusal(self.variant, self.deal, s.laid_down[p], swap=False) is not None:
            return
        progress = True
        while progress and s.phase is Phase.PLAY and len(s.hands[p]) > 0:
            progress = False
            for action in candidates.by_card(game.sight(p), s.hands[p], check=candidates.Check.FIT):
                try:
                    game.apply(action)
                except IllegalAction:
                    continue
                progress = True
                break

    def discard(self, game: Game, p: int, held: Sequence[Card] | None = None) -> None:
        """Throw the loose card with the fewest partners and the most points; given ``held``
        (``meld_free``), one of those cards, with partners among them only: a held meld stays
        whole, and a card beside one of its cards has no partner in it. Partners count only
        towards the melds the seat needs (``needs``), and in the contract game a card's penalty
        points weigh against its partners (``CONTRACT_POINTS``).

        Counting partners among the loose cards alone won 53% of 800 seeded basic matches
        against hard where counting the whole hand won 50%, and 5 points a deal more."""
        s = game._s
        hand = s.hands[p]
        taken = s.taken
        pool: Sequence[Card] = hand
        if held:
            in_hand = set(hand)
            loose = [x for x in held if x in in_hand]
            if any(x.rank and x != taken for x in loose):
                pool = loose
        # Counts in plain dicts and lists, each card's rank read once: the search's hottest loop.
        ranks: dict[int, int] = {}
        rows: dict[str, list[int]] = {}  # per suit, the cards of rank r at index r + 2
        for c in pool:
            r = c.rank
            if r:  # not a joker
                ranks[r] = ranks.get(r, 0) + 1
                row = rows.get(c.suit)
                if row is None:
                    row = rows[c.suit] = [0] * 18
                row[r + 2] += 1
        sets, runs = self.needs(game, p)
        weight = CONTRACT_POINTS if self.contract is not None else 0.0
        value = self.value
        best: Card | None = None
        best_key: tuple[float, int] | None = None
        for card in dict.fromkeys(pool):
            r = card.rank
            if not r or (card == taken and len(set(hand)) != 1):
                continue
            row = rows[card.suit]
            near = 2.0 * (row[r + 1] + row[r + 3])
            near += row[r] + row[r + 4]
            points = value(card)
            key = (
                (3.0 * min(ranks[r] - 1, 2) if sets else 0.0)
                + (min(near, 4.0) if runs else 0.0)
                - weight * points,
                -points,
            )
            if best_key is None or key < best_key:
                best, best_key = card, key
        if best is None:
            best = hand[0]
        try:
            game.apply(Discard(p, best))
        except IllegalAction:
            for card in dict.fromkeys(hand):
                try:
                    game.apply(Discard(p, card))
                    return
                except IllegalAction:
                    continue
            raise

    # ------------------------------------------------------------------ values
    def final_value(self, game: Game) -> float:
        s = game._s
        if self.by_match:
            return self._match([float(x) for x in s.scores])  # the deal's row is in them
        return self._relative([float(x) for x in s.deal_scores[-1]])

    def static_value(self, game: Game) -> float:
        rows = self.static_rows(game)
        if self.by_match:
            return self._match([a + b for a, b in zip(game._s.scores, rows, strict=True)])
        return self._relative(rows)

    def _match(self, totals: Sequence[float]) -> float:
        """Deal 7 (rule C12), where the match ends: the hero's lead over the best other seat's total
        (C14), flattened past ``MATCH_SCALE``: a point counts where it may turn the match, not
        where it is won or lost anyway."""
        h = self.hero
        lead = min(x for i, x in enumerate(totals) if i != h) - totals[h]
        return MATCH_SCALE * math.tanh(lead / MATCH_SCALE)

    def static_rows(self, game: Game) -> list[float]:
        """Each seat's guessed deal score from the hands as they stand (penalty, or points won in basic)."""
        s = game._s
        loose = []
        for p in range(self.players):
            hand = s.hands[p]
            dw = float(min_deadwood(hand, self.value, ace_high=self.ace_high))
            if self.contract is not None and not s.laid_down[p]:
                total = float(sum(self.value(c) for c in hand))
                dw += MELDED_SHARE * (total - dw)
            loose.append(STATIC_SHARE * dw)
        if self.contract is not None:
            return loose
        # basic (B8): whoever goes out wins the others' points; the seat with the least is likeliest to
        mean = sum(loose) / len(loose)
        return [mean - x for x in loose]

    def _relative(self, row: Sequence[float]) -> float:
        h = self.hero
        others = [x for i, x in enumerate(row) if i != h]
        diff = row[h] - sum(others) / len(others)
        return -diff if self.contract is not None else diff


def _makes_meld(hand: Sequence[Card], card: Card, sets: bool = True, runs: bool = True) -> bool:
    """Whether ``card`` and two cards of the hand make a set (if ``sets``) or a run (if ``runs``);
    jokers count as either."""
    r, suit = card.rank, card.suit
    same = 0
    near: set[int] = set()
    jokers = 0
    for c in hand:
        cr = c.rank
        if not cr:  # a joker
            jokers += 1
        elif cr == r:
            same += 1
        elif c.suit == suit and abs(cr - r) <= 2:
            near.add(cr)
    if sets and same + jokers >= 2:
        return True
    if not runs:
        return False
    if (
        (r - 1 in near and r + 1 in near)
        or (r - 2 in near and r - 1 in near)
        or (r + 1 in near and r + 2 in near)
    ):
        return True
    return jokers >= 1 and (r - 1 in near or r + 1 in near)
