"""The legal-moves summary sent with each view (issue 41, point 4): what ``ui.online.legal.summary``
says a seat may do is what the engine's ``Game.check`` / ``Game.can`` say for that seat, at every
position of seeded matches, for every seat; and whatever the engine accepts, the summary allows.
"""

from __future__ import annotations

import pytest

from rommi import Game, Phase
from rommi.actions import NEXT_DEAL, Buy, Discard, Draw, Meld, Pass
from rommi.bots import make_bot
from rommi.names import Source
from ui.online.legal import reason, summary

MATCHES = [("contract", 4, 5), ("basic", 3, 9), ("contract", 5, 77)]
STEPS = 500  # positions per match: several deals' worth of every phase


def walk(variant: str, players: int, seed: int) -> list[Game]:
    """The positions of a match the computer players play, from the deal to ``STEPS`` actions on."""
    game = Game.new(variant, players, seed=seed)
    bots = [make_bot("normal", seed + s) for s in range(players)]
    positions = []
    for _ in range(STEPS):
        positions.append(game.copy())
        if game.over:
            break
        seat = game.to_act
        game.apply(NEXT_DEAL if seat is None else bots[seat].choose(game.view(seat)))
    return positions


@pytest.mark.parametrize(("variant", "players", "seed"), MATCHES)
def test_the_summary_says_what_the_engine_says_for_each_seat(variant: str, players: int, seed: int) -> None:
    melds_seen = 0
    for step, game in enumerate(walk(variant, players, seed)):
        for seat in range(players):
            where = f"seed {seed}, step {step}, seat {seat}"
            s = summary(game, seat)
            assert s["to_act"] == (game.to_act == seat), where
            for src in Source:
                assert s["draw"][str(src)] == reason(game.check(Draw(seat, src))), where
            assert s["buy"] == reason(game.check(Buy(seat))), where
            assert s["pass"] == reason(game.check(Pass(seat))), where
            hand = game.hand(seat)
            assert s["discard"] == [str(c) for c in dict.fromkeys(hand) if game.can(Discard(seat, c))], where
            assert (s["discard_why"] is None) == bool(s["discard"]), where
            assert s["next_deal"] == reason(game.check(NEXT_DEAL)), where
            mine = game.to_act == seat and game.phase is Phase.PLAY
            expected = [a.to_json() for a in game.legal_layoffs_and_swaps()] if mine else []
            assert s["plays"] == expected, where
            assert (s["plays_why"] is None) or not s["plays"], where
            if not mine:
                assert s["plays_why"] is not None and s["meld"] is not None, where
            # Whatever meld the engine accepts from this seat now, the summary did not refuse.
            if mine:
                decision = make_bot("hard", seed).choose(game.view(seat))
                if isinstance(decision, Meld):
                    melds_seen += 1
                    assert game.can(decision) and s["meld"] is None, where
    assert melds_seen > 0, f"seed {seed}: no lay-down was ever checked"


def test_every_move_the_engine_accepts_is_allowed_by_the_summary() -> None:
    for step, game in enumerate(walk("contract", 4, 5)):
        for action in game.legal_actions():
            seat = getattr(action, "player", None)
            if seat is None:
                assert summary(game, 0)["next_deal"] is None
                continue
            s = summary(game, seat)
            where = f"seed 5, step {step}: {action}"
            if isinstance(action, Draw):
                assert s["draw"][str(action.source)] is None, where
            elif isinstance(action, Buy):
                assert s["buy"] is None, where
            elif isinstance(action, Pass):
                assert s["pass"] is None, where
            elif isinstance(action, Discard):
                assert str(action.card) in s["discard"], where


def test_a_buy_window_with_several_people_lets_each_asked_seat_answer_at_once() -> None:
    game = Game.new("contract", 4, seed=3)
    drawer = game.to_act
    assert drawer is not None
    game.apply(Draw(drawer, Source.STOCK))
    asked = [(drawer + k) % 4 for k in (1, 2, 3)]
    later = asked[1]
    assert reason(game.check(Buy(later))) is not None  # the engine asks one seat at a time
    s = summary(game, later, answer="asked")
    assert s["to_act"] and s["buy"] is None and s["pass"] is None
    held = summary(game, later, answer="answered")
    assert held["buy"] == {"key": "online.buy.answered", "rule": "C6", "params": {}}
