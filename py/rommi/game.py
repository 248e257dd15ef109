"""The game: a state machine for a whole match, driven by JSON actions.

Everything outside the engine (the table, the computer players, saves, tests)
goes through ``Game.new``, ``apply``, ``view`` and ``to_dict``/``from_dict``.
``apply`` checks an action completely before it changes anything, so a
refused action (``IllegalAction``) leaves the game exactly as it was (G10).
All chance comes from the one seeded generator kept in the state (G9).
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from functools import partial
from typing import Any, TypeVar, cast

from . import candidates, contracts, public, rules, savecheck
from .actions import (
    ACTION_CLASSES,
    NEXT_DEAL,
    Action,
    Buy,
    Discard,
    Draw,
    Layoff,
    NextDeal,
    Pass,
    Swap,
    from_json,
)
from .actions import Meld as MeldAction
from .cards import JOKER, Card, card_strs, make_deck, shuffled
from .errors import IllegalAction
from .melds import KINDS, SET, Meld, extend, infer_kind, make_meld, rank_name, swap_joker
from .names import ActionType, DealEnd, End, Source
from .options import CONTRACT, OPTION_NAMES, PLAYERS, VARIANTS, Options, make_options
from .views import Event, MeldView, SeatView

SAVE_VERSION = 1


class Phase(enum.StrEnum):
    """Where play stands; each phase accepts its own actions."""

    DRAW = "draw"
    BUY = "buy"
    PLAY = "play"
    DEAL_OVER = "deal_over"
    MATCH_OVER = "match_over"


_ACTIONS = frozenset(ActionType)

Commit = Callable[[], None]
"""What a checked action does; calling it cannot be refused any more."""


@dataclass
class TableMeld:
    """A meld on the table and the seat that laid it."""

    owner: int
    meld: Meld


RngState = tuple[Any, ...]
T = TypeVar("T")


def _draw(s: _State, use: Callable[[random.Random], T]) -> T:
    """Run ``use`` with the match's one seeded generator (G9) and keep where it got to.

    Between draws the generator is kept as its state, an immutable tuple, so
    ``Game.copy`` shares it instead of reading and setting the Mersenne
    Twister's 625 words, which would cost more than copying the rest of the
    game. Draws are rare (a deal's shuffle, a contract rebuild, the cut).
    """
    rng = random.Random.__new__(random.Random)
    rng.setstate(s.rng_state)
    out = use(rng)
    s.rng_state = rng.getstate()
    return out


@dataclass
class _State:
    variant: str
    players: int
    options: Options
    rng_state: RngState
    deal: int = 1
    dealer: int = 0
    turn: int = 0
    phase: Phase = Phase.DRAW
    hands: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    melds: list[TableMeld] = field(default_factory=list)
    laid_down: list[bool] = field(default_factory=list)
    buys: list[int] = field(default_factory=list)
    taken: Card | None = None
    last_drawn: list[Card | None] = field(default_factory=list)
    buy_queue: list[int] = field(default_factory=list)
    rebuilds: int = 0
    history: list[Event] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    deal_scores: list[list[int]] = field(default_factory=list)
    went_out: int | None = None
    deal_end: DealEnd | None = None
    facts: public.Record | None = None
    """The public record of the deal as last read for a view; derived from ``history``, never saved."""


def _fail(rule: str, key: str, **params: Any) -> IllegalAction:
    return IllegalAction(rule, key, **params)


def remove_held(hand: list[Card], cards: Sequence[Card]) -> list[Card]:
    """The hand without ``cards`` (a multiset difference), or refuse if not held (G10): also the
    guest's table's check of a move before it is sent (``ui.online.remote``)."""
    left = list(hand)
    for c in cards:
        try:
            left.remove(c)
        except ValueError:
            raise _fail("G10", "not_in_hand", cards=" ".join(card_strs(cards))) from None
    return left


class Game:
    """One match of Sitoumusrommi (``"contract"``) or Perusrommi (``"basic"``)."""

    def __init__(self, state: _State) -> None:
        self._s = state

    # ------------------------------------------------------------------ making
    @classmethod
    def new(
        cls,
        variant: str,
        players: int,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        *,
        deal: int = 1,
        dealer: int | None = None,
        deck: Sequence[str] | None = None,
    ) -> Game:
        """A new match; ``deal``, ``dealer`` and ``deck`` stack the first deal for tests."""
        opts = make_options(variant, players, options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        last = contracts.DEALS if variant == CONTRACT else None
        if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1 or (last and deal > last):
            raise ValueError(f"deal must be 1 to {last or 'any'}, not {deal!r}")
        s = _State(variant, players, opts, random.Random(seed).getstate(), deal=deal)
        s.scores = [0] * players
        if dealer is None:
            pack = make_deck(opts.decks, opts.jokers)
            dealer = _draw(s, lambda rng: _cut_for_deal(players, pack, rng))
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat 0 to {players - 1}, not {dealer!r}")
        s.dealer = dealer
        full = make_deck(opts.decks, opts.jokers)
        if deck is None:
            cards = _draw(s, lambda rng: shuffled(full, rng))
        else:
            try:
                cards = [Card.parse(t) for t in deck]
            except ValueError as e:
                raise ValueError(f"deck: {e}") from None
            if Counter(cards) != Counter(full):
                raise ValueError(
                    f"deck must be exactly the {len(full)} cards of {opts.decks} deck(s) "
                    f"and {opts.jokers} joker(s)"
                )
        game = cls(s)
        game._deal(cards)
        return game

    def _deal(self, cards: list[Card]) -> None:
        """Deal one card at a time clockwise from the dealer's left (G7)."""
        s = self._s
        n, size = s.players, s.options.hand_size
        s.hands = [[] for _ in range(n)]
        for i in range(n * size):
            s.hands[(s.dealer + 1 + i) % n].append(cards[i])
        s.discard = [cards[n * size]]
        s.stock = list(reversed(cards[n * size + 1 :]))
        s.melds = []
        s.laid_down = [False] * n
        s.buys = [0] * n
        s.taken = None
        s.last_drawn = [None] * n
        s.buy_queue = []
        s.rebuilds = 0
        s.went_out = None
        s.deal_end = None
        s.turn = (s.dealer + 1) % n
        s.phase = Phase.DRAW
        s.history = [{"type": "deal", "deal": s.deal, "dealer": s.dealer, "discard": str(s.discard[-1])}]

    # --------------------------------------------------------------- reading
    @property
    def variant(self) -> str:
        return self._s.variant

    @property
    def players(self) -> int:
        return self._s.players

    @property
    def options(self) -> Options:
        return self._s.options

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def to_act(self) -> int | None:
        s = self._s
        if s.phase is Phase.BUY:
            return s.buy_queue[0]
        if s.phase in (Phase.DRAW, Phase.PLAY):
            return s.turn
        return None

    @property
    def over(self) -> bool:
        return self._s.phase is Phase.MATCH_OVER

    @property
    def deal(self) -> int:
        return self._s.deal

    def hand(self, seat: int) -> list[Card]:
        return list(self._s.hands[seat])

    def contract(self) -> contracts.Contract | None:
        s = self._s
        if s.variant != CONTRACT:
            return None
        return contracts.contract_for(s.deal, s.options.runs_differ_in_suit)

    def card_count(self) -> int:
        """Every card in play, for conservation checks."""
        s = self._s
        return (
            sum(len(h) for h in s.hands)
            + len(s.stock)
            + len(s.discard)
            + sum(len(m.meld.cards) for m in s.melds)
        )

    def all_cards(self) -> Counter[Card]:
        s = self._s
        total: Counter[Card] = Counter(s.stock) + Counter(s.discard)
        for h in s.hands:
            total.update(h)
        for m in s.melds:
            total.update(m.meld.cards)
        return total

    def winners(self) -> list[int]:
        """The match's winners once it is over (C15, B9); empty before."""
        s = self._s
        if not self.over:
            return []
        best = min(s.scores) if s.variant == CONTRACT else max(s.scores)
        return [i for i, v in enumerate(s.scores) if v == best]

    def ledger(self) -> list[Fraction]:
        """What each seat gains (+) or pays (-) for this match (C16), zero before it ends."""
        s = self._s
        if not self.over or s.variant != CONTRACT:
            return [Fraction(0)] * s.players
        return ledger_payments(s.scores)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: its own hand and everything public, JSON-safe.

        Of the discard pile only the top card is shown (G8: only it may be
        seen); what lies below is known only by remembering the deal's log,
        which the view carries as ``history``, so a reader with a perfect
        memory reads the pile from it (``rommi.public.read(...).pile``) and a
        computer player that should forget keeps its own memory. What the log
        proves about hands and the stock is worked out here once (``rommi.public``)
        rather than by every reader: the cards each seat is known to hold
        (``known``, per seat), how often the stock was rebuilt this deal
        (``rebuilds``) and the cards of its last rebuild (``rebuilt_stock``, top
        last, or null).
        """
        s = self._s
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.players:
            raise ValueError(f"no seat {seat!r}")
        contract = self.contract()
        mine = s.turn == seat and s.phase in (Phase.PLAY, Phase.BUY, Phase.DRAW)
        last = s.last_drawn[seat]
        facts = s.facts = public.advance(s.facts, s.history, s.variant, s.players)
        return {
            "variant": s.variant,
            "players": s.players,
            "seat": seat,
            "options": s.options.to_dict(),
            "deal": s.deal,
            "deals": contracts.DEALS if s.variant == CONTRACT else None,
            "dealer": s.dealer,
            "turn": s.turn,
            "contract": None
            if contract is None
            else {
                "sets": contract.sets,
                "runs": contract.runs,
                "distinct_run_suits": contract.distinct_run_suits,
                "text": contracts.describe(contract),
            },
            "phase": s.phase.value,
            "to_act": self.to_act,
            "hand": card_strs(s.hands[seat]),
            "hand_sizes": [len(h) for h in s.hands],
            "melds": [_meld_view(i, m) for i, m in enumerate(s.melds)],
            "discard_top": str(s.discard[-1]) if s.discard else None,
            "discard_size": len(s.discard),
            "stock_size": len(s.stock),
            "rebuilds": s.rebuilds,
            "rebuilt_stock": None if facts.rebuilt is None else card_strs(facts.rebuilt),
            "known": [card_strs(k) for k in facts.known],
            "laid_down": list(s.laid_down),
            "buys": list(s.buys),
            "buy_card": str(s.discard[-1]) if s.phase is Phase.BUY else None,
            "taken": str(s.taken) if mine and s.taken is not None else None,
            "last_drawn": str(last) if last is not None else None,
            "scores": list(s.scores),
            "deal_scores": [list(r) for r in s.deal_scores],
            "went_out": s.went_out,
            "deal_end": s.deal_end,
            # Once a deal is over its hands are laid open to be counted (C14, B8): public then.
            "revealed": [
                {"cards": card_strs(h), "points": rules.hand_points(s.variant, h, s.options.ace_high)}
                for h in s.hands
            ]
            if s.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
            else None,
            "over": self.over,
            "winners": self.winners(),
            "ledger": [_frac(x) for x in self.ledger()],
            # Events are never changed once logged, so views share them: treat a view as read-only.
            "history": list(s.history),
        }

    def fingerprint(self) -> tuple[Any, ...]:
        """A cheap value equal for equal states: for checks that a refusal changed nothing."""
        s = self._s
        return (
            s.deal,
            s.dealer,
            s.turn,
            s.phase,
            tuple(tuple(h) for h in s.hands),
            tuple(s.stock),
            tuple(s.discard),
            tuple((m.owner, m.meld) for m in s.melds),
            tuple(s.laid_down),
            tuple(s.buys),
            s.taken,
            tuple(s.last_drawn),
            tuple(s.buy_queue),
            s.rebuilds,
            len(s.history),
            s.history[-1] if s.history else None,
            tuple(s.scores),
            len(s.deal_scores),
            s.went_out,
            s.deal_end,
            s.rng_state,
        )

    # ----------------------------------------------------------------- saving
    def to_dict(self) -> dict[str, Any]:
        """The whole state, JSON-safe, random generator included (the save format)."""
        s = self._s
        version, internal, gauss = s.rng_state
        return {
            "version": SAVE_VERSION,
            "variant": s.variant,
            "players": s.players,
            "options": s.options.to_dict(),
            "rng": [version, list(internal), gauss],
            "deal": s.deal,
            "dealer": s.dealer,
            "turn": s.turn,
            "phase": s.phase.value,
            "hands": [card_strs(h) for h in s.hands],
            "stock": card_strs(s.stock),
            "discard": card_strs(s.discard),
            "melds": [
                {"owner": m.owner, "kind": m.meld.kind, "cards": card_strs(m.meld.cards)} for m in s.melds
            ],
            "laid_down": list(s.laid_down),
            "buys": list(s.buys),
            "taken": None if s.taken is None else str(s.taken),
            "last_drawn": [None if c is None else str(c) for c in s.last_drawn],
            "buy_queue": list(s.buy_queue),
            "rebuilds": s.rebuilds,
            "history": [dict(e) for e in s.history],
            "scores": list(s.scores),
            "deal_scores": [list(r) for r in s.deal_scores],
            "went_out": s.went_out,
            "deal_end": s.deal_end,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a saved game; ``ValueError`` for anything corrupt or of another version.

        A corrupt save's message starts ``corrupt save: `` (an old one's ``save version``).
        What loads is a state the engine could have reached by play (``rommi.savecheck``
        replays the deal's history against it), so a loaded game cannot fail later.
        """
        try:
            return cls._from_dict(data)
        except RecursionError:
            raise savecheck.corrupt("nested too deeply") from None
        except ValueError as e:
            message = _message(e)
            if type(e) is ValueError and message.startswith((savecheck.PREFIX, "save version")):
                raise
            raise savecheck.corrupt(message[:200]) from None
        except (KeyError, TypeError, IndexError, AttributeError, OverflowError) as e:
            raise savecheck.corrupt(type(e).__name__) from None

    @classmethod
    def _from_dict(cls, d: Any) -> Game:
        if type(d) is not dict:
            raise savecheck.corrupt("not an object")
        version = d.get("version")
        if type(version) is not int or version != SAVE_VERSION:
            raise ValueError(f"save version {savecheck.show(version)} is not {SAVE_VERSION}")
        d = savecheck.obj(d, "the save", _SAVE_KEYS)
        variant = savecheck.text(d["variant"], "variant", VARIANTS)
        n = savecheck.whole(d["players"], "players", *PLAYERS[variant])
        opts = _options_from(d["options"], variant, n)
        most = opts.decks * 52 + opts.jokers
        last_deal = contracts.DEALS if variant == CONTRACT else savecheck.BIG
        s = _State(
            variant,
            n,
            opts,
            _rng_from(d["rng"]),
            deal=savecheck.whole(d["deal"], "deal", 1, last_deal),
            dealer=savecheck.seat(d["dealer"], "dealer", n),
            turn=savecheck.seat(d["turn"], "turn", n),
        )
        s.phase = Phase(savecheck.text(d["phase"], "phase", tuple(Phase)))
        s.hands = [savecheck.cards(h, "hands", most) for h in savecheck.seq(d["hands"], "hands", n)]
        s.stock = savecheck.cards(d["stock"], "stock", most)
        s.discard = savecheck.cards(d["discard"], "discard", most)
        s.melds = [
            _meld_from(m, n, opts.ace_high, most) for m in savecheck.seq(d["melds"], "melds", most=most)
        ]
        s.laid_down = [savecheck.flag(x, "laid_down") for x in savecheck.seq(d["laid_down"], "laid_down", n)]
        s.buys = [savecheck.whole(x, "buys", 0, most) for x in savecheck.seq(d["buys"], "buys", n)]
        s.taken = savecheck.maybe_card(d["taken"], "taken")
        s.last_drawn = [
            savecheck.maybe_card(c, "last_drawn") for c in savecheck.seq(d["last_drawn"], "last_drawn", n)
        ]
        s.buy_queue = [
            savecheck.seat(x, "buy_queue", n) for x in savecheck.seq(d["buy_queue"], "buy_queue", most=n)
        ]
        s.rebuilds = savecheck.whole(d["rebuilds"], "rebuilds", 0, rules.MAX_REBUILDS[variant])
        s.scores = [
            savecheck.whole(x, "scores", 0, 2 * savecheck.BIG)
            for x in savecheck.seq(d["scores"], "scores", n)
        ]
        s.deal_scores = [
            [savecheck.whole(x, "deal_scores", 0, 15 * most) for x in savecheck.seq(r, "deal_scores", n)]
            for r in savecheck.seq(d["deal_scores"], "deal_scores", most=last_deal)
        ]
        went_out = d["went_out"]
        s.went_out = None if went_out is None else savecheck.seat(went_out, "went_out", n)
        deal_end = d["deal_end"]
        s.deal_end = (
            None if deal_end is None else DealEnd(savecheck.text(deal_end, "deal_end", tuple(DealEnd)))
        )
        game = cls(s)
        if game.all_cards() != Counter(make_deck(opts.decks, opts.jokers)):
            raise savecheck.corrupt("the cards do not make up the deck")
        _check_state(s, savecheck.seq(d["history"], "history"))
        return game

    # ---------------------------------------------------------------- playing
    def apply(self, action: Action | dict[str, Any]) -> None:
        """Do one action or raise ``IllegalAction``; a refused action changes nothing.

        ``action`` is a typed value (``rommi.actions``) or its protocol dict,
        which is read with ``from_json`` first, so saves, links and replays
        hand their JSON straight in.
        """
        self._verify(action)()

    def check(self, action: Action | dict[str, Any]) -> IllegalAction | None:
        """The refusal ``apply`` would raise for ``action``, or ``None`` if it would do it.

        The very checks ``apply`` runs, without doing anything and without a copy of the game.
        """
        try:
            self._verify(action)
        except IllegalAction as e:
            return e
        return None

    def can(self, action: Action | dict[str, Any]) -> bool:
        """Whether ``apply(action)`` would be accepted now."""
        return self.check(action) is None

    def legal_actions(self) -> list[Action]:
        """Every legal ``draw``, ``buy``, ``pass``, ``discard`` and ``next_deal`` now.

        New melds are left to the solver (there are too many ways to group a
        hand), and lay-offs and swaps are listed by ``legal_layoffs_and_swaps``.
        Discards are one per distinct card, in hand order.
        """
        s = self._s
        if s.phase is Phase.DEAL_OVER:
            return [NEXT_DEAL]
        p = self.to_act
        if p is None:
            return []
        tries: list[Action]
        if s.phase is Phase.BUY:
            tries = [Buy(p), Pass(p)]
        elif s.phase is Phase.DRAW:
            tries = [Draw(p, src) for src in Source]
        else:
            tries = [Discard(p, c) for c in dict.fromkeys(s.hands[p])]
        return [a for a in tries if self.can(a)]

    def legal_layoffs_and_swaps(self) -> Iterator[Layoff | Swap]:
        """The legal lay-offs of one card from the hand of the seat to act, and joker swaps.

        A run's lay-off names its end. Laying off several cards at once is the
        same as laying them off one by one, so single cards cover every play.
        Meld by meld, from the one generator of candidates (``rommi.candidates``),
        each put to ``check``.
        """
        s = self._s
        p = self.to_act
        if p is None or s.phase is not Phase.PLAY:
            return
        singles = [(c,) for c in dict.fromkeys(s.hands[p])]
        for action in candidates.by_meld(self.sight(p), singles):
            if self.can(action):
                yield action

    def sight(self, seat: int) -> candidates.Sight:
        """What ``seat`` sees that its lay-offs and swaps depend on (``rommi.candidates``): the
        same as ``Sight.of_view(self.view(seat))``, without writing and reading the view."""
        s = self._s
        mine = s.turn == seat and s.phase in (Phase.PLAY, Phase.BUY, Phase.DRAW)
        return candidates.Sight(
            seat,
            s.hands[seat],
            [tm.meld for tm in s.melds],
            s.options.ace_high,
            s.variant,
            s.deal,
            s.laid_down[seat],
            s.taken if mine else None,
        )

    def copy(self) -> Game:
        """An independent game that plays on exactly as this one (random generator included).

        Much cheaper than ``from_dict(to_dict())``: lists are copied, while the
        values in them (cards, melds, logged events) are never changed in place,
        and the generator's state is an immutable value both share (``_draw``).
        """
        s = self._s
        twin = object.__new__(_State)
        twin.__dict__.update(s.__dict__)
        twin.hands = [list(h) for h in s.hands]
        twin.stock = list(s.stock)
        twin.discard = list(s.discard)
        twin.melds = list(s.melds)
        twin.laid_down = list(s.laid_down)
        twin.buys = list(s.buys)
        twin.last_drawn = list(s.last_drawn)
        twin.buy_queue = list(s.buy_queue)
        twin.history = list(s.history)
        twin.scores = list(s.scores)
        twin.deal_scores = [list(r) for r in s.deal_scores]
        return Game(twin)

    # Each ``_verify_*`` checks an action completely and changes nothing; it returns the
    # commit that does the action, which cannot be refused any more.
    def _verify(self, given: Action | dict[str, Any]) -> Commit:
        action: Action
        if type(given) in ACTION_CLASSES:
            action = given  # type: ignore[assignment]
        else:
            try:
                action = from_json(given)
            except IllegalAction:
                self._refuse_before_fields(given)
                raise
        s = self._s
        if isinstance(action, NextDeal):
            if s.phase is Phase.MATCH_OVER:
                raise _fail("G10", "match_over")
            if s.phase is not Phase.DEAL_OVER:
                raise _fail("G10", "deal_not_over")
            return self._next_deal
        p = action.player
        self._verify_turn(action.type, p)
        if isinstance(action, Discard):
            return self._verify_discard(p, action.card)
        if isinstance(action, Draw):
            return self._verify_draw(p, action.source)
        if isinstance(action, Buy):
            return partial(self._buy, p)
        if isinstance(action, Pass):
            return partial(self._pass, p)
        if isinstance(action, MeldAction):
            return self._verify_meld(p, action)
        if isinstance(action, Layoff):
            return self._verify_layoff(p, action)
        return self._verify_swap(p, action)

    def _verify_turn(self, kind: ActionType, player: int) -> None:
        """The checks of whose turn it is and what the phase allows, made before an action's own fields."""
        s = self._s
        if s.phase is Phase.MATCH_OVER:
            raise _fail("G10", "match_over")
        if s.phase is Phase.DEAL_OVER:
            raise _fail("G10", "deal_over")
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < s.players:
            raise _fail("G10", "bad_field", field="player")
        if player != self.to_act:
            raise _fail("G10", "not_your_turn", player=player, to_act=self.to_act)
        if kind is ActionType.BUY or kind is ActionType.PASS:
            if s.phase is not Phase.BUY:
                raise _fail("C6", "not_buy_window")
            return
        if s.phase is Phase.BUY:
            raise _fail(
                "C6", "wrong_phase", phase="a buy window is open: buy or pass", phase_key=s.phase.value
            )
        if kind is ActionType.DRAW:
            if s.phase is not Phase.DRAW:
                raise _fail("G8", "already_drawn")
            return
        if s.phase is Phase.DRAW:
            raise _fail("G8", "draw_first")

    def _refuse_before_fields(self, data: Any) -> None:
        """For a dict that will not parse: raise what ``apply`` has always checked before its bad field.

        The protocol's order of checks is the type, then whether play is on,
        the seat and its turn and the phase, then the action's own fields (a
        lay-off's or swap's meld number before its cards), so a malformed
        action that is also out of turn is refused for its turn, as before.
        """
        if not isinstance(data, dict):
            return
        raw = data.get("type")
        if not isinstance(raw, str) or raw not in _ACTIONS or raw == ActionType.NEXT_DEAL:
            return
        kind = ActionType(raw)
        player = data.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or player < 0:
            s = self._s
            if s.phase is Phase.MATCH_OVER:
                raise _fail("G10", "match_over")
            if s.phase is Phase.DEAL_OVER:
                raise _fail("G10", "deal_over")
            return
        self._verify_turn(kind, player)
        m = data.get("meld")
        if kind in (ActionType.LAYOFF, ActionType.SWAP) and isinstance(m, int) and not isinstance(m, bool):
            self._target_meld(m)

    # draw and buy --------------------------------------------------------
    def _verify_draw(self, p: int, source: Source) -> Commit:
        s = self._s
        if source == Source.DISCARD:
            refusal = rules.take_refusal(s.hands[p], s.discard[-1] if s.discard else None)
            if refusal is not None:
                raise refusal
            return partial(self._take_discard, p)
        return partial(self._draw_stock, p)

    def _take_discard(self, p: int) -> None:
        s = self._s
        top = s.discard.pop()
        s.hands[p].append(top)
        s.taken = top
        s.last_drawn[p] = top
        s.history.append({"type": "draw", "player": p, "source": "discard", "card": str(top)})
        s.phase = Phase.PLAY

    def _draw_stock(self, p: int) -> None:
        """A stock draw: rebuild an empty stock first (C13, B7), then open the buy window (C6)."""
        s = self._s
        if not s.stock and not self._rebuild():
            return
        if s.variant == CONTRACT and s.discard:
            s.buy_queue = rules.buyers(s.players, p, s.buys, s.options.max_buys)
            if s.buy_queue:
                s.phase = Phase.BUY
                s.history.append({"type": "offer", "player": p, "card": str(s.discard[-1])})
                return
        self._take_stock(p)

    def _take_stock(self, p: int) -> None:
        """The player whose turn it is takes the stock's top card and plays on."""
        s = self._s
        if not s.stock and not self._rebuild():
            return
        card = s.stock.pop()
        s.hands[p].append(card)
        s.taken = None
        s.last_drawn[p] = card
        s.history.append({"type": "draw", "player": p, "source": "stock"})
        s.phase = Phase.PLAY

    def _rebuild(self) -> bool:
        """Make a new stock when a card must be taken from an empty one (C13, B7).

        Returns ``False`` when that is impossible and the deal has ended instead.
        """
        s = self._s
        if not rules.rebuild_possible(s.variant, len(s.discard), s.rebuilds):
            self._end_deal(None, DealEnd.STOCK_OUT)
            return False
        s.rebuilds += 1
        if s.variant == CONTRACT:
            top = s.discard.pop()
            pile = s.discard
            s.stock = _draw(s, lambda rng: shuffled(pile, rng))
            s.discard = [top]
            s.history.append({"type": "rebuild", "stock": len(s.stock)})
            return True
        # Turn the pile over: its first discard is now the stock's top card (B7).
        s.stock = list(reversed(s.discard))
        s.discard = [s.stock.pop()]
        s.history.append({"type": "rebuild", "stock": len(s.stock), "discard": str(s.discard[-1])})
        return True

    def _buy(self, p: int) -> None:
        s = self._s
        card = s.discard.pop()
        s.hands[p].append(card)
        s.buys[p] += 1
        s.buy_queue = []
        s.history.append({"type": "buy", "player": p, "card": str(card)})
        if not s.stock and not self._rebuild():
            return
        s.hands[p].append(s.stock.pop())
        self._take_stock(s.turn)

    def _pass(self, p: int) -> None:
        s = self._s
        s.buy_queue.pop(0)
        s.history.append({"type": "pass", "player": p})
        if not s.buy_queue:
            self._take_stock(s.turn)

    # melding -------------------------------------------------------------
    def _check_left(self, left: list[Card]) -> None:
        refusal = rules.left_refusal(self._s.variant, self._s.taken, left)
        if refusal is not None:
            raise refusal

    def _verify_meld(self, p: int, action: MeldAction) -> Commit:
        s = self._s
        groups, kinds = action.melds, action.kinds
        # What the types cannot say and ``from_json`` checks for a dict: some melds, each of some cards.
        if not groups or not all(groups):
            raise _fail("G10", "bad_field", field="melds")
        if kinds is not None and len(kinds) != len(groups):
            raise _fail("G10", "bad_field", field="kinds")
        left = remove_held(s.hands[p], [c for g in groups for c in g])
        ace_high = s.options.ace_high
        new = [
            make_meld(list(g), kinds[i] if kinds else infer_kind(list(g)), ace_high)
            for i, g in enumerate(groups)
        ]
        refusal = rules.meld_refusal(s.variant, s.deal, self.contract(), s.laid_down[p], new, left, s.taken)
        if refusal is not None:
            raise refusal
        return partial(self._meld, p, new, left)

    def _meld(self, p: int, new: list[Meld], left: list[Card]) -> None:
        s = self._s
        s.hands[p] = left
        ids = []
        for m in new:
            ids.append(len(s.melds))
            s.melds.append(TableMeld(p, m))
        first = s.variant == CONTRACT and not s.laid_down[p]
        s.laid_down[p] = True
        s.history.append(
            {
                "type": "meld",
                "player": p,
                "melds": [card_strs(m.cards) for m in new],
                "ids": ids,
                "contract": first,
            }
        )
        if not left:
            self._end_deal(p, DealEnd.OUT)

    def _target_meld(self, m: int) -> int:
        if not 0 <= m < len(self._s.melds):
            raise _fail("G10", "no_such_meld", meld=m)
        return m

    def _may_extend(self, p: int, swap: bool) -> None:
        s = self._s
        refusal = rules.extend_refusal(s.variant, s.deal, s.laid_down[p], swap=swap)
        if refusal is not None:
            raise refusal

    def _verify_layoff(self, p: int, action: Layoff) -> Commit:
        s = self._s
        m = self._target_meld(action.meld)
        cards = list(action.cards)
        if not cards:  # what the types cannot say and ``from_json`` checks for a dict
            raise _fail("G10", "bad_field", field="cards")
        end = action.end
        self._may_extend(p, swap=False)
        left = remove_held(s.hands[p], cards)
        try:
            new = extend(s.melds[m].meld, cards, end, s.options.ace_high)
        except IllegalAction as e:
            raise _fail(e.rule, e.key, **{**e.params, "meld": m}) from None
        self._check_left(left)
        return partial(self._layoff, p, m, cards, new, left)

    def _layoff(self, p: int, m: int, cards: list[Card], new: Meld, left: list[Card]) -> None:
        s = self._s
        old = s.melds[m].meld
        s.hands[p] = left
        s.melds[m] = TableMeld(s.melds[m].owner, new)
        side = None if new.kind == SET else (End.LOW if new.rank < old.rank else End.HIGH)
        s.history.append({"type": "layoff", "player": p, "meld": m, "cards": card_strs(cards), "end": side})
        if not left:
            self._end_deal(p, DealEnd.OUT)

    def _verify_swap(self, p: int, action: Swap) -> Commit:
        s = self._s
        m = self._target_meld(action.meld)
        card = action.card
        self._may_extend(p, swap=True)
        left = remove_held(s.hands[p], [card])
        try:
            new = swap_joker(s.melds[m].meld, card)
        except IllegalAction as e:
            raise _fail(e.rule, e.key, **{**e.params, "meld": m}) from None
        left.append(JOKER)
        # A swap that left only copies of the card taken from the pile would leave no legal discard (G8).
        self._check_left(left)
        return partial(self._swap, p, m, card, new, left)

    def _swap(self, p: int, m: int, card: Card, new: Meld, left: list[Card]) -> None:
        s = self._s
        s.hands[p] = left
        s.melds[m] = TableMeld(s.melds[m].owner, new)
        s.history.append({"type": "swap", "player": p, "meld": m, "card": str(card)})

    def _verify_discard(self, p: int, card: Card) -> Commit:
        s = self._s
        left = remove_held(s.hands[p], [card])
        refusal = rules.discard_refusal(s.variant, s.deal, s.laid_down[p], s.taken, card, len(left))
        if refusal is not None:
            raise refusal
        return partial(self._discard, p, card, left)

    def _discard(self, p: int, card: Card, left: list[Card]) -> None:
        s = self._s
        s.hands[p] = left
        s.discard.append(card)
        s.taken = None
        s.history.append({"type": "discard", "player": p, "card": str(card)})
        if not left:
            self._end_deal(p, DealEnd.OUT)
            return
        s.turn = (s.turn + 1) % s.players
        s.phase = Phase.DRAW

    # ending ----------------------------------------------------------------
    def _end_deal(self, out: int | None, why: DealEnd) -> None:
        """Score the deal (C14, B8) and stop play (C11, B6)."""
        s = self._s
        row = rules.deal_row(s.variant, s.hands, out, s.options.ace_high)
        s.deal_scores.append(row)
        s.scores = [a + b for a, b in zip(s.scores, row, strict=True)]
        s.went_out = out
        s.deal_end = why
        s.buy_queue = []
        s.taken = None
        s.history.append({"type": "deal_end", "went_out": out, "reason": why, "scores": list(row)})
        if s.variant == CONTRACT:
            done = s.deal >= contracts.DEALS
        else:
            done = max(s.scores) >= s.options.target
        s.phase = Phase.MATCH_OVER if done else Phase.DEAL_OVER

    def _next_deal(self) -> None:
        s = self._s
        s.deal += 1
        s.dealer = (s.dealer + 1) % s.players
        pack = make_deck(s.options.decks, s.options.jokers)
        self._deal(_draw(s, lambda rng: shuffled(pack, rng)))


def _cut_for_deal(players: int, pack: list[Card], rng: random.Random) -> int:
    """Each player cuts; the lowest deals, a joker or a tie for lowest cuts again (G7)."""
    cutting = list(range(players))
    while True:
        cuts: dict[int, int] = {}
        for seat in cutting:
            card = rng.choice(pack)
            while card.is_joker:
                card = rng.choice(pack)
            cuts[seat] = card.rank
        low = min(cuts.values())
        cutting = [seat for seat, r in cuts.items() if r == low]
        if len(cutting) == 1:
            return cutting[0]


def ledger_payments(totals: Sequence[int]) -> list[Fraction]:
    """C16: every other player pays the winners the difference, split among tied winners."""
    best = min(totals)
    winners = [i for i, t in enumerate(totals) if t == best]
    out = [Fraction(0)] * len(totals)
    for i, t in enumerate(totals):
        if i in winners:
            continue
        out[i] -= t - best
        for w in winners:
            out[w] += Fraction(t - best, len(winners))
    return out


_SAVE_KEYS = (
    "version",
    "variant",
    "players",
    "options",
    "rng",
    "deal",
    "dealer",
    "turn",
    "phase",
    "hands",
    "stock",
    "discard",
    "melds",
    "laid_down",
    "buys",
    "taken",
    "last_drawn",
    "buy_queue",
    "rebuilds",
    "history",
    "scores",
    "deal_scores",
    "went_out",
    "deal_end",
)
"""The fields ``to_dict`` writes: a save has exactly these."""

_OPTION_KEYS = tuple(f.name for f in fields(Options))


def _message(e: ValueError) -> str:
    """An error's text for a corrupt save; a refusal's own text is rendered from its parameters,
    which must not be what fails (a save's value can be anything)."""
    try:
        return str(e)
    except Exception:
        return type(e).__name__


def _options_from(data: Any, variant: str, players: int) -> Options:
    """The options, made again from the game's own option names: the save must hold what they give.

    Each value is a small plain value before ``make_options`` sees it, so its
    messages never print a deep list or a huge number.
    """
    saved = savecheck.obj(data, "options", _OPTION_KEYS)
    for k, v in saved.items():
        if not (v is None or type(v) is bool or (type(v) is int and -savecheck.BIG <= v <= savecheck.BIG)):
            raise savecheck.corrupt(f"option {k} is {savecheck.show(v)}")
    opts = make_options(variant, players, {k: v for k, v in saved.items() if k in OPTION_NAMES[variant]})
    if opts.to_dict() != saved:
        raise savecheck.corrupt("options that the game's own options do not give")
    return opts


def _meld_from(data: Any, players: int, ace_high: bool, most: int) -> TableMeld:
    m = savecheck.obj(data, "meld", ("owner", "kind", "cards"))
    kind = savecheck.text(m["kind"], "meld kind", KINDS)
    return TableMeld(
        savecheck.seat(m["owner"], "meld owner", players),
        make_meld(savecheck.cards(m["cards"], "melds", most), kind, ace_high),
    )


def _rng_from(data: Any) -> RngState:
    """The saved generator; its words are checked before ``setstate`` could overflow."""
    version, internal, gauss = savecheck.seq(data, "rng", 3)
    words = savecheck.seq(internal, "rng", 625)
    # Whole 32-bit words (not bools), and a position in 0..624; checked at C speed, a save loads often.
    if set(map(type, words)) != {int} or min(words) < 0 or max(words) >= 2**32 or words[-1] > 624:
        raise savecheck.corrupt("rng")
    if (
        type(version) is not int
        or version != random.Random.VERSION
        or not (gauss is None or type(gauss) is float)
    ):
        raise savecheck.corrupt("rng")
    state = (version, tuple(words), gauss)
    try:
        random.Random.__new__(random.Random).setstate(state)
    except (ValueError, TypeError, OverflowError):
        raise savecheck.corrupt("rng") from None
    return state


def _check_state(s: _State, history: list[Any]) -> None:
    """Read the deal's log into ``s``: the loaded state must be the one it leads to (``savecheck.replay``).

    Hands, piles, melds, buys, rebuilds, whose turn it is and who is asked to
    buy all follow from the log; the scores from the deal rows and the hands.
    """
    r = savecheck.replay(
        history, s.variant, s.players, s.options, s.deal, s.dealer, [m.meld.kind for m in s.melds]
    )
    s.history = cast("list[Event]", r.history)  # savecheck.replay checked each event's keys
    over = r.phase == "over"
    if s.phase not in ((Phase.DEAL_OVER, Phase.MATCH_OVER) if over else (Phase(r.phase),)):
        raise savecheck.corrupt(f"the phase is {s.phase.value}, the history says {r.phase}")
    if s.turn != r.turn:
        raise savecheck.corrupt("the turn does not follow from the history")
    if [len(h) for h in s.hands] != r.hands:
        raise savecheck.corrupt("hand sizes that do not follow from the history")
    if s.discard != r.discard or len(s.stock) != r.stock:
        raise savecheck.corrupt("piles that do not follow from the history")
    if [(m.owner, m.meld) for m in s.melds] != r.melds:
        raise savecheck.corrupt("melds that do not follow from the history")
    if (s.laid_down, s.buys, s.rebuilds, s.buy_queue) != (r.laid_down, r.buys, r.rebuilds, r.buy_queue):
        raise savecheck.corrupt("lay-downs, buys, rebuilds or buyers that do not follow from the history")
    if s.taken != r.taken or not all(map(_same_draw, s.last_drawn, r.last_drawn)):
        raise savecheck.corrupt("drawn cards that do not follow from the history")
    if s.phase in (Phase.DRAW, Phase.PLAY) and not s.hands[s.turn]:
        raise savecheck.corrupt("the seat to act holds no cards")
    _check_end(s, r.end)


def _same_draw(saved: Card | None, logged: Card | str | None) -> bool:
    """A seat's last drawn card: none before its first draw, the pile's card when it took that."""
    if logged is None or saved is None:
        return logged is None and saved is None
    return logged == savecheck.STOCK_TAKEN or saved == logged


def _check_end(s: _State, end: dict[str, Any] | None) -> None:
    """Deal ends and match ends as ``_end_deal`` makes them (C11, C13-C15, B6-B9)."""
    logged = (None, None) if end is None else (end["went_out"], end["reason"])
    if (s.went_out, s.deal_end) != logged:
        raise savecheck.corrupt("a deal end that does not follow from the history")
    savecheck.check_scores(s.variant, s.deal, end is not None, s.scores, s.deal_scores)
    if s.variant == CONTRACT:
        done = s.deal >= contracts.DEALS
    else:
        done = max(s.scores) >= s.options.target
    if end is None:
        if done and s.variant != CONTRACT:
            raise savecheck.corrupt("a match played on past its target (B9)")
        return
    row = rules.deal_row(s.variant, s.hands, s.went_out, s.options.ace_high)
    if end["scores"] != row or s.deal_scores[-1] != row:
        raise savecheck.corrupt("deal scores that do not follow from the hands (C14, B8)")
    if (s.phase is Phase.MATCH_OVER) != done:
        raise savecheck.corrupt("a match end that does not follow from the deal and scores (C15, B9)")


def _frac(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _meld_view(i: int, m: TableMeld) -> MeldView:
    meld = m.meld
    stands = []
    for k in range(len(meld.cards)):
        c = meld.stands_for(k)
        stands.append(str(c) if c is not None else rank_name(meld.rank))
    return {
        "id": i,
        "owner": m.owner,
        "kind": meld.kind,
        "cards": card_strs(meld.cards),
        "stands_for": stands,
        "suit": meld.suit or None,
        "rank": meld.rank,
    }
