"""A decision that may pause (``Bot.thinking``), which the browser runs in slices.

The table drives a computer player's decision a step at a time so that the page
stays answerable while the expert searches (``browser.botloop.think``). Pausing must
change nothing: the decision at the end is the one ``decide`` gives.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from rommi import Game
from rommi.bots import LEVELS, make_bot
from rommi.bots.base import Decision
from test_expert import SETUPS, positions
from ui.model.app import App
from ui.model.settings import Settings


def run(thinking: Generator[None, None, Decision]) -> tuple[Decision, int]:
    """The decision at the end and how many times it paused."""
    pauses = 0
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value, pauses
        pauses += 1


def acting(game: Game) -> tuple[int, dict[str, Any]] | None:
    seat = game.to_act
    return None if seat is None else (seat, game.view(seat))


@pytest.mark.parametrize(("variant", "players", "options"), SETUPS)
def test_thinking_ends_in_the_decision_decide_gives_and_only_the_expert_pauses(
    variant: str, players: int, options: dict[str, Any] | None
) -> None:
    seed = 31
    paused = 0
    for game in positions(variant, players, options, seed, 6):
        turn = acting(game)
        if turn is None:
            continue
        seat, view = turn
        for level in LEVELS:
            kw = {"rollouts": 8} if level == "expert" else {}
            decided = make_bot(level, seed + seat, **kw).decide(view)
            thought, pauses = run(make_bot(level, seed + seat, **kw).thinking(view))
            assert thought.action == decided.action, f"seed {seed}, {level}: {game.fingerprint()}"
            assert thought.reason() == decided.reason(), f"seed {seed}, {level}"
            if level != "expert":
                assert pauses == 0, f"{level} decides at once"
            else:
                paused += pauses
    if variant == "contract" and players == 4:
        assert paused > 0, "the expert paused in none of these positions: the test proves nothing"


def test_the_expert_pauses_after_each_rollout_of_a_close_choice() -> None:
    """Each sampled game is one rollout per candidate, and each rollout ends with a pause."""
    for game in positions("contract", 4, None, 5, 40):
        turn = acting(game)
        if turn is None:
            continue
        _, view = turn
        bot = make_bot("expert", 9, rollouts=8, contract_search=True)
        _, pauses = run(bot.thinking(view))
        if pauses:
            # At least one pause a rollout, and more within a long one (rollout.PAUSE_EVERY).
            assert bot.searched == 8 and pauses >= 8 * 2, pauses  # hard's choice and one or two others
            return
    pytest.fail("no close choice in 40 positions of seed 5")


def test_the_table_plays_a_decision_only_while_that_seat_still_acts() -> None:
    """``browser.botloop`` asks for the decision, gives the page turns, then plays it: if the game
    moved on meanwhile, playing it is refused rather than played in the wrong place."""
    app = App.new_match(Settings(), 3)
    you = make_bot("normal", 0)
    while app.bot_to_act() is None:
        app.game.apply(you.choose(app.game.view(0)))
    seat, thinking = app.bot_thinking()
    decision, _ = run(thinking)
    before = len(app.game.view(seat)["history"])
    assert app.bot_move(seat, decision.action) == decision.action
    assert len(app.game.view(seat)["history"]) == before + 1
    if app.bot_to_act() == seat:  # it acts again (it drew and now melds or discards): another seat's
        seat = (seat + 1) % app.game.players
    with pytest.raises(RuntimeError, match="does not act now"):
        app.bot_move(seat, decision.action)
