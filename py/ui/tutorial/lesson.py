"""The lesson under way: its own table, its step, the scripted seats, the way back.

A lesson plays on an ``App`` of its own (``Screen.app`` while it runs); the game that was
there, if any, is kept aside in the lesson and put back when the lesson is left. The
learner's moves go through the table's own controls and the one move path (``ui.play``);
after each command ``follow`` judges the learner's new moves against the step
(``ui.tutorial.steps.judge``), lets the scripted seats move, again through ``ui.play.play``,
until the learner is to act, and moves the lesson on. A legal move off the script leaves
the game playable (the other seats fall back on a plain rule: pass a buy, draw from the
stock, throw their highest card) and offers the way back to the step's start
(``back``), kept as a snapshot of the table when the step began.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rommi.actions import Action, Discard, Draw, Pass
from rommi.cards import Card
from rommi.game import Game, Phase
from rommi.names import Source
from ui.model.app import App, Seat
from ui.play import play
from ui.tutorial.lessons import Plan
from ui.tutorial.steps import Progress, judge

LEARNER = 0
LEARNER_MOVES = frozenset({"draw", "buy", "pass", "meld", "layoff", "swap", "discard"})
POINTS = {"A": 15, "K": 10, "Q": 10, "J": 10, "T": 10}  # only to pick the scripted seats' discard


@dataclass
class Snapshot:
    """The table as a step began: the save of the lesson's App, the script left, the progress."""

    save: dict[str, Any]
    queues: list[list[Action]]
    met: dict[int, set[int]]
    seen: int


@dataclass
class Lesson:
    """A lesson while it runs (``Screen.tutorial``)."""

    plan: Plan
    kept_app: App | None  # the game on the screen before the lesson, put back when it is left
    kept_screen: str  # and the screen it was on
    queues: list[list[Action]]  # each scripted seat's moves still to play
    step: int = 0
    progress: Progress = field(default_factory=Progress)
    seen: int = 0  # the deal's history events already judged
    off: bool = False  # the learner's legal move left the script: the way back is offered
    wrong: str | None = None  # a refused move's reason, in words (the step's "try" follows it)
    start: Snapshot | None = None
    presses: int = 0  # the controls pressed during the lesson (the benchmark counts them)

    @property
    def name(self) -> str:
        return self.plan.name

    @property
    def finished(self) -> bool:
        return self.step >= len(self.plan.steps)

    def current(self) -> Any:
        return None if self.finished else self.plan.steps[self.step]


def new_app(plan: Plan, names: list[str]) -> App:
    """The lesson's table: the prepared deal, you at seat 0, the others played by the script.

    The others are seats of people elsewhere, not computer players: no computer player's loop
    moves them (``browser.botloop`` only moves computer seats), the lesson does. The log is
    unknown (None): a lesson is no match to replay, link or count."""
    game = Game.new(plan.name, plan.players, seed=0, deck=plan.deck(), dealer=plan.dealer)
    seats = [Seat.here(names[0]), *(Seat.elsewhere(n) for n in names[1:])]
    app = App(game, seats, 0, [0] * plan.players, log=None, drawn_for=LEARNER)
    app.buy_prompt = "always"  # the buy offer is a step: it is always asked
    return app


def snapshot(lesson: Lesson, app: App) -> Snapshot:
    met = {k: set(v) for k, v in lesson.progress.met.items()}
    return Snapshot(app.to_save(), [list(q) for q in lesson.queues], met, lesson.seen)


def restore(lesson: Lesson, shot: Snapshot) -> App:
    """The lesson's table as the snapshot has it (the way back to a step's start)."""
    app = App.from_save(shot.save)
    app.buy_prompt = "always"
    lesson.queues = [list(q) for q in shot.queues]
    lesson.progress = Progress({k: set(v) for k, v in shot.met.items()})
    lesson.seen = shot.seen
    lesson.off = False
    lesson.wrong = None
    return app


def judge_new(lesson: Lesson, app: App) -> None:
    """Judge the learner's moves since the last look; mark the lesson off the script if one left it."""
    view = app.view()
    history = view["history"]
    for event in history[lesson.seen :]:
        if event.get("player") != LEARNER or event["type"] not in LEARNER_MOVES or lesson.finished:
            continue
        if not judge(lesson.plan.steps, lesson.step, lesson.progress, dict(event), dict(view)):
            lesson.off = True
    lesson.seen = len(history)


def scripted(lesson: Lesson, screen: Any, app: App) -> list[str]:
    """The other seats move until the learner is to act or the deal is over; their moves in words."""
    said: list[str] = []
    for _ in range(200):  # a bound: a lesson's deal is short
        seat = app.seat_to_act()
        if seat is None or seat == LEARNER or app.phase() not in (Phase.DRAW, Phase.BUY, Phase.PLAY):
            break
        fx = play(screen, seat, next_move(lesson, app, seat))
        if fx.announce:
            said.append(fx.announce)
    return said


def next_move(lesson: Lesson, app: App, seat: int) -> Action:
    """The seat's next scripted move if the engine takes it now, else a plain one (the script
    adapts to a learner who left it): pass a buy, draw from the stock, throw the highest card."""
    queue = lesson.queues[seat]
    phase = app.phase()
    if phase is not Phase.BUY:
        while queue:
            action = queue[0]
            if app.check(action) is None:
                queue.pop(0)
                return action
            if phase is Phase.DRAW or not isinstance(action, Discard):
                queue.pop(0)  # a move the table no longer allows: dropped
                continue
            break
    if phase is Phase.BUY:
        return Pass(seat)
    if phase is Phase.DRAW:
        return Draw(seat, Source.STOCK)
    hand = app.game.view(seat)["hand"]
    taken = app.game.view(seat)["taken"]
    for code in sorted(hand, key=lambda c: (-POINTS.get(c[0], 15 if c == "JK" else 0), c)):
        action = Discard(seat, Card.parse(code))
        if code != taken and app.check(action) is None:
            if queue and isinstance(queue[0], Discard):
                queue.pop(0)
            return action
    raise AssertionError(f"seat {seat} has no card it may throw")  # G8 always leaves one
