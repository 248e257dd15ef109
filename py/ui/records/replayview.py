"""The replay viewer's state: which deal of which match, at which step, and its words (no DOM).

A replay is the engine playing the match's log again (``rommi.replay``), never a
stored picture of the table: every hand, the stock and the discard pile at each
step come from ``DealReplay.face_up``, the log lines from the same
``logtext`` the table uses, and a computer player's reason from asking that
player again with the view it had. Opened from the score sheet (this match) or
from a link (``ui.records.links``: a match someone shared).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from typing import Any

from rommi.game import Game
from rommi.names import ActionType
from rommi.replay import DealReplay, MatchRecord, Replay
from ui.model.app import App, Seat, bot_seed
from ui.records import links
from ui.words import logtext
from ui.words.i18n import reason, t
from ui.words.text_en import BOT_NAMES

LINK_PREFIX = "#replay="  # the address fragment of a shared match (never sent to a server)


@dataclass
class ReplayView:
    """One match replayed, and the deal shown: ``deal.at`` is the step (0: as dealt)."""

    replay: Replay
    names: list[str]
    number: int  # the deal shown, 1-based
    came_from: str  # "sheet" (this match's score sheet) or "link" (a shared match)
    deal: DealReplay = field(init=False)
    link: str | None = None  # shown once "Share" is pressed
    link_said: str | None = None  # what Copy link did: "copied", or "keys" (the link is selected to copy)
    several: bool = False  # several people played this match at one device: no seat is "you"
    _reasons: dict[tuple[int, int], str | None] = field(default_factory=dict)
    _turns: dict[int, list[int]] = field(default_factory=dict)  # each deal's ``turn_starts``

    def __post_init__(self) -> None:
        self.deal = self.replay.deal(self.number)

    @property
    def you(self) -> int | None:
        """Your seat in your own match (its melds are "your" melds); a shared one, or one that
        several people played at this device, has no "you": each seat goes by its name."""
        return 0 if self.came_from == "sheet" and not self.several else None

    @property
    def deals(self) -> int:
        return len(self.replay.deals)

    def show_deal(self, number: int) -> None:
        """Show deal ``number`` from its start (an unknown number changes nothing)."""
        if 1 <= number <= self.deals and number != self.number:
            self.number = number
            self.deal = self.replay.deal(number)
            self.link = None

    def go(self, step: int) -> None:
        self.deal.go(step)

    def turn_starts(self) -> list[int]:
        """The steps where a turn begins, in order. A turn is one seat's draw and everything up
        to the next seat's draw: its melds, lay-offs and discard, and the buys of that discard
        (C6: buying happens between a discard and the next draw). A turn begins at the step
        that shows its draw; step 0, the deal as dealt, comes before the first turn."""
        starts = self._turns.get(self.number)
        if starts is None:
            starts = [s.index for s in self.deal.steps if s.action.get("type") == ActionType.DRAW]
            self._turns[self.number] = starts
        return starts

    def turn(self) -> int:
        """Which turn this step is in (1 for the first; 0 before the first draw)."""
        return bisect_right(self.turn_starts(), self.deal.at)

    def where(self) -> str:
        """The step in words, with its turn once the first turn began: "Step 40 of 831, turn 5 of 83"."""
        at, last, turn = self.deal.at, len(self.deal), self.turn()
        if not turn:
            return t("replay.step", at=at, last=last)
        return t("replay.step_turn", at=at, last=last, turn=turn, turns=len(self.turn_starts()))

    def turn_step(self, forward: bool) -> int | None:
        """The step where the next turn begins (``forward``), or where this turn began, or the
        one before when this step is its start; None when there is none that way."""
        starts, at = self.turn_starts(), self.deal.at
        if forward:
            later = bisect_right(starts, at)
            return starts[later] if later < len(starts) else None
        earlier = bisect_left(starts, at)
        return starts[earlier - 1] if earlier else None

    def table(self) -> dict[str, Any]:
        """Every hand, the melds, the piles and the deal's history at this step."""
        return self.deal.face_up()

    def lines(self) -> list[str]:
        """The deal's log up to this step, in the table's words: "you" for your own match's moves,
        every seat by name in a shared one."""
        view = self.deal.view(0).copy()
        view["seat"] = -1 if self.you is None else self.you
        return logtext.log_lines(view, self.names)[-LOG_LINES:]

    def why(self) -> str | None:
        """The computer player's stated reason for this step's move, if a computer made it
        (asked once per step: it is that player deciding again)."""
        key = (self.number, self.deal.at)
        if key not in self._reasons:
            self._reasons[key] = self._reason()
        return self._reasons[key]

    def _reason(self) -> str | None:
        if self.deal.at == 0:
            return None
        seat = self.deal.steps[self.deal.at - 1].seat
        who = self.names[seat] if seat is not None else ""
        # At an online table, a computer standing in for someone away: said, with its reason.
        record, at = self.deal.record, self.deal.span.start + self.deal.at - 1
        stood = seat is not None and bool(record.levels) and record.levels[seat] is None
        stood = stood and seat is not None and record.level_at(seat, at) is not None
        said = self.deal.reason(self.deal.at)
        if said is None:
            return t("replay.stood_in", name=who) if stood else None
        named = self.names.__getitem__  # the seats it speaks of ("gives Aino nothing to lay off on")
        words = reason(str(said["key"]), said.get("params", {}), named, its=True)  # its own hand, not yours
        why = t("replay.why", name=who, reason=words)
        return f"{t('replay.stood_in', name=who)} {why}" if stood else why

    def share(self, base: str, whole: bool = False) -> str:
        """The link to this deal (the match up to its end: the cards of a deal follow from all
        before), or to the ``whole`` match, which opens on its last deal."""
        self.link = base + LINK_PREFIX + links.encode(self.replay.record, 0 if whole else self.number)
        self.link_said = None
        return self.link


LOG_LINES = 6  # the newest lines of the log shown beside the step (the step's own last)


def from_app(app: App, number: int) -> ReplayView | None:
    """This match's deal ``number`` (None when the match's log is unknown, as in an old save)."""
    record = app.record()
    if record is None:
        return None
    replay = Replay(record)
    if not 1 <= number <= len(replay.deals):
        return None
    return ReplayView(replay, list(app.names), number, "sheet", several=len(app.people_here()) > 1)


def from_link(fragment: str) -> ReplayView:
    """The shared match of an address fragment (``#replay=r1....``); ``links.LinkError`` if bad."""
    shared = links.decode(fragment.removeprefix(LINK_PREFIX))
    replay = Replay(shared.record)
    number = shared.deal or len(replay.deals)
    names = link_names(shared.record.players, shared.record.levels)
    return ReplayView(replay, names, min(number, len(replay.deals)), "link")


def link_names(players: int, levels: tuple[str | None, ...] = ()) -> list[str]:
    """A link names no one: the player who shared it, then the computer players' names, and
    each other person's seat (several people played at one device) by its number, "Player 3"."""
    person = [bool(levels) and levels[i] is None for i in range(players)]
    return [t("replay.sharer")] + [
        t("setup.friend.default", n=i + 1) if person[i] else BOT_NAMES[i - 1] for i in range(1, players)
    ]


def play_the_same(record: MatchRecord, name: str, deal: int = 1) -> App:
    """A shared match's deal ``deal`` to play yourself, in the sharer's seat: its game, house
    rules, seed and computer players, and the match as it stood when that deal was dealt. You
    are the one person at the table: a seat another person played (several shared the sharer's
    device) is a normal computer player.

    The engine plays the record's actions up to that deal's start (the ``next_deal`` that dealt
    it), so the scores so far and the deal's cards are the shared ones (G9); those actions stay
    the match's log, so the whole match still replays. The match is marked ``shared_from``: the
    deals before were not yours, so it counts in neither your ledger nor your statistics.
    """
    game = Game.new(record.variant, record.players, seed=record.seed, options=dict(record.options))
    dealt = [i + 1 for i, a in enumerate(record.actions) if a.get("type") == "next_deal"]
    log = [dict(a) for a in record.actions[: dealt[deal - 2] if deal > 1 else 0]]
    for action in log:
        game.apply(dict(action))  # the link was replayed when it was read: these are legal
    levels = list(record.levels) or [None] + ["normal"] * (record.players - 1)
    seats = [Seat.here(name)] + [
        Seat.computer(BOT_NAMES[i - 1], levels[i] or "normal") for i in range(1, record.players)
    ]
    seeds = list(record.bot_seeds) or [bot_seed(record.seed, i) for i in range(record.players)]
    app = App(game, seats, record.seed, seeds, log=log)
    app.shared_from = deal
    return app
