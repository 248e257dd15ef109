"""Replays: a finished deal stepped through action by action, every hand face up.

A match is fully determined by its variant, options, seed and actions (rule G9),
so a replay is the engine playing the log again, never a stored picture:

```python
record = MatchRecord("contract", 4, {}, seed=7, actions=[...])
match = Replay(record)                 # replays the whole log once; ReplayError if it is not legal
deal = match.deal(2)                   # deal 2, at its start
deal.go(len(deal))                     # to its end (also: 0, deal.at - 1, deal.at + 1, any slider value)
deal.face_up()                         # every hand, the stock in order, the whole discard pile
deal.view(1)                           # exactly what seat 1 saw at that moment
deal.reason(5)                         # why a computer player did step 5, if it gives reasons
```

Cheapness: stepping keeps one game as a cursor and applies the next action
(about 11 µs); going back restores the nearest keyframe (a ``Game.copy``, about
10 µs) taken every ``KEYFRAME`` steps and plays forward from it, so a slider
jump costs at most ``KEYFRAME`` applies. No step holds a copy of the game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .actions import ActionJSON
from .bots import LEVELS, make_bot
from .errors import IllegalAction, Refused
from .game import Game, Phase
from .names import ActionType
from .options import OPTION_NAMES, PLAYERS, VARIANTS
from .views import SeatView

KEYFRAME = 32
MAX_ACTIONS = 40_000  # a 7-deal contract match for 8 takes about 3,000; a long basic match a few thousand
MAX_SEED = 2**63


class ReplayError(Refused):
    """A record that cannot be replayed; ``index``: the refused action's, when one was."""

    def __init__(self, key: str, detail: str, index: int | None = None) -> None:
        super().__init__(key, detail)
        self.index = index


@dataclass(frozen=True)
class MatchRecord:
    """What determines a match (G9), plus who sat where, for the computer players' reasons.

    ``levels[s]`` is seat ``s``'s bot level (``None`` for a person) and
    ``bot_seeds[s]`` its seed; both may be left empty, and a replay then
    shows no reasons.
    """

    variant: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: tuple[ActionJSON, ...] = ()
    """The match's actions as their JSON: a record is kept and shared as written."""
    levels: tuple[str | None, ...] = ()
    bot_seeds: tuple[int, ...] = ()
    stood_in: tuple[tuple[int, str, int, int | None], ...] = ()
    """At an online table: each time a computer player stood in for an away person, as (seat,
    level, the first action it played, the action it handed back at: ``None`` if it played on
    to the record's end). Its seat's ``levels`` entry stays ``None``: the seat was a person's."""

    def level_at(self, seat: int, index: int) -> str | None:
        """Who played ``seat`` at the match's action ``index`` (0-based): a computer player's
        level, or None for a person (a computer standing in for one is that computer)."""
        for s, level, start, end in self.stood_in:
            if s == seat and start <= index and (end is None or index < end):
                return level
        return self.levels[seat] if self.levels else None

    def new_game(self) -> Game:
        """The match as dealt, before its first action."""
        return Game.new(self.variant, self.players, seed=self.seed, options=dict(self.options))

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [dict(a) for a in self.actions],
            "levels": list(self.levels),
            "bot_seeds": list(self.bot_seeds),
            **({"stood_in": [list(r) for r in self.stood_in]} if self.stood_in else {}),
        }

    @classmethod
    def from_dict(cls, data: Any) -> MatchRecord:
        """Read a stored record (its actions are checked only by replaying it); ``ReplayError``."""
        if not isinstance(data, dict):
            raise ReplayError("replay.bad", "not an object")
        variant, players, seed = data.get("variant"), data.get("players"), data.get("seed")
        if variant not in VARIANTS or type(players) is not int:
            raise ReplayError("replay.bad", "variant or players")
        low, high = PLAYERS[variant]
        if not low <= players <= high or type(seed) is not int or not 0 <= seed < MAX_SEED:
            raise ReplayError("replay.bad", "players or seed")
        options, actions = data.get("options"), data.get("actions")
        if not isinstance(options, dict) or not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise ReplayError("replay.bad", "options or actions")
        if not all(isinstance(a, dict) for a in actions):
            raise ReplayError("replay.bad", "an action is not an object")
        levels, seeds = _seats(data.get("levels"), data.get("bot_seeds"), players)
        stood_in = read_stood_in(data.get("stood_in", []), players) if seeds else ()
        return cls(variant, players, dict(options), seed, tuple(actions), levels, seeds, stood_in)


def read_stood_in(data: Any, players: int) -> tuple[tuple[int, str, int, int | None], ...]:
    """A record's stand-ins as stored (a list of [seat, level, from, to]); none at all when they
    do not fit (a replay then shows those moves as the person's, without reasons)."""
    out: list[tuple[int, str, int, int | None]] = []
    if not isinstance(data, list) or len(data) > MAX_ACTIONS:
        return ()
    for r in data:
        if not (isinstance(r, list) and len(r) == 4):
            return ()
        seat, level, start, end = r
        whole = type(seat) is int and type(start) is int and (end is None or type(end) is int)
        if not whole or not 0 <= seat < players or level not in LEVELS or not 0 <= start <= MAX_ACTIONS:
            return ()
        if end is not None and not start <= end <= MAX_ACTIONS:
            return ()
        out.append((seat, level, start, end))
    return tuple(out)


def _seats(levels: Any, seeds: Any, players: int) -> tuple[tuple[str | None, ...], tuple[int, ...]]:
    """The seats' bot levels and seeds, or none at all when they are missing or do not fit."""
    if (
        isinstance(levels, list)
        and isinstance(seeds, list)
        and len(levels) == len(seeds) == players
        and all(x is None or x in LEVELS for x in levels)
        and all(type(x) is int and 0 <= x < MAX_SEED for x in seeds)
    ):
        return tuple(levels), tuple(seeds)
    return (), ()


def house_rules(game: Game) -> dict[str, Any]:
    """The options ``game`` was made with, as ``Game.new`` takes them (only its variant's names)."""
    names = OPTION_NAMES[game.variant]
    return {k: v for k, v in game.options.to_dict().items() if k in names}


@dataclass(frozen=True)
class Step:
    """One action of a deal: ``index`` counts from 1 (step 0 is the deal as dealt)."""

    index: int
    action: ActionJSON
    seat: int | None  # who did it; None for ``next_deal``, which any seat may send


@dataclass(frozen=True)
class DealSpan:
    """Where deal ``deal`` lies in the match's actions: ``actions[start:end]``.

    ``start`` follows the ``next_deal`` that dealt it (0 for the first deal).
    ``finished``: the deal's scores are in (its last action ended it).
    """

    deal: int
    start: int
    end: int
    finished: bool


class Replay:
    """A whole match replayed once from its record: its deals, each ready to step through."""

    def __init__(self, record: MatchRecord) -> None:
        """Replays the whole log; ``ReplayError`` (key ``replay.illegal``) at the first refusal."""
        self.record = record
        try:
            game = record.new_game()
        except ValueError as e:
            raise ReplayError("replay.bad", f"options: {e}") from None
        self._starts: list[Game] = [game.copy()]
        spans: list[DealSpan] = []
        start = 0
        for i, action in enumerate(record.actions):
            try:
                game.apply(action)
            except IllegalAction as e:
                raise ReplayError("replay.illegal", f"action {i}: {e} (rule {e.rule})", i) from None
            if action.get("type") == ActionType.NEXT_DEAL:
                spans.append(DealSpan(len(spans) + 1, start, i, True))
                start = i + 1
                self._starts.append(game.copy())
        done = game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
        spans.append(DealSpan(len(spans) + 1, start, len(record.actions), done))
        self.spans = spans
        self.final = game

    @property
    def deals(self) -> list[DealSpan]:
        """The match's deals in order (the last one may be unfinished)."""
        return list(self.spans)

    def finished_deals(self) -> list[DealSpan]:
        return [s for s in self.spans if s.finished]

    def deal(self, number: int) -> DealReplay:
        """Deal ``number`` (1-based), at its start; ``IndexError`` if the match has no such deal."""
        if not 1 <= number <= len(self.spans):
            raise IndexError(f"no deal {number}: the match has {len(self.spans)}")
        span = self.spans[number - 1]
        return DealReplay(self._starts[number - 1], self.record, span)


@dataclass
class DealReplay:
    """One deal's steps and a cursor on them: ``at`` is the step shown (0 to ``len``)."""

    start: Game
    record: MatchRecord
    span: DealSpan
    at: int = 0
    _game: Game = field(init=False)
    _frames: dict[int, Game] = field(init=False)

    def __post_init__(self) -> None:
        self._game = self.start.copy()
        self._frames = {0: self.start}

    def __len__(self) -> int:
        return self.span.end - self.span.start

    @property
    def steps(self) -> list[Step]:
        """Every action of the deal with who did it, for the log beside the slider."""
        acts = self.record.actions[self.span.start : self.span.end]
        return [Step(i + 1, a, _seat(a)) for i, a in enumerate(acts)]

    def action(self, index: int) -> ActionJSON:
        """The deal's ``index``-th action (1-based)."""
        if not 1 <= index <= len(self):
            raise IndexError(index)
        return self.record.actions[self.span.start + index - 1]

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to 0..len): first, back, forward, last and the slider."""
        index = max(0, min(len(self), index))
        if index < self.at:
            base = max(k for k in self._frames if k <= index)
            self._game, self.at = self._frames[base].copy(), base
        while self.at < index:
            self._game.apply(self.action(self.at + 1))
            self.at += 1
            if self.at % KEYFRAME == 0 and self.at not in self._frames:
                self._frames[self.at] = self._game.copy()

    def view(self, seat: int) -> SeatView:
        """What ``seat`` saw at this step, exactly as ``Game.view`` gave it then."""
        return self._game.view(seat)

    def face_up(self) -> dict[str, Any]:
        """The whole table at this step: the public view plus every hand, the stock
        (top card last), the whole discard pile and the card taken this turn."""
        whole = self._game.to_dict()
        table: dict[str, Any] = dict(self._game.view(0))
        del table["hand"], table["seat"]
        for name in ("hands", "stock", "discard", "taken"):
            table[name] = whole[name]
        return table

    def reason(self, index: int) -> dict[str, Any] | None:
        """Why the computer player did step ``index``: ``{"key", "params"}`` (``bots.reasons``).

        A bot decides from its seed and the view alone, so asking the same bot
        again with the view it had gives the very decision it made. ``None`` for
        a person's move, ``next_deal``, or a record without the seats' levels.
        The cursor ends at ``index``.
        """
        action = self.action(index)
        seat = _seat(action)
        levels, seeds = self.record.levels, self.record.bot_seeds
        at = self.span.start + index - 1  # the match's action
        level = None if seat is None or not levels else self.record.level_at(seat, at)
        if seat is None or level is None:
            self.go(index)
            return None
        self.go(index - 1)
        # The expert searches on the clock, so asking it again takes a second and may choose
        # otherwise; asked with no search, it gives its own judgement before searching (hard's),
        # which is its reason whenever the search left that choice standing.
        decision = make_bot(level, seeds[seat], rollouts=0).decide(self.view(seat))
        self.go(index)
        if _same(decision.action.to_json(), action):
            return decision.reason()
        return None


def _seat(action: ActionJSON) -> int | None:
    player = action.get("player")
    return player if type(player) is int else None


def _same(a: ActionJSON, b: ActionJSON) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
