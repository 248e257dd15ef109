"""Whole matches at the table (``ui.model.app.App``), played by the computer players and, in your
seat, by the hint: the records, links and statistics tests' matches."""

from __future__ import annotations

from typing import Any

from rommi.bots import hint
from ui.model.app import App
from ui.model.settings import Settings


def settings_for(variant: str, players: int, level: str = "normal") -> Settings:
    s = Settings()
    s.variant = variant
    s.players[variant] = players
    s.same_level, s.level = True, level
    return s


def step(app: App) -> None:
    """One action: the next deal, your move by the hint, or a computer player's."""
    if app.game.to_act is None:
        assert app.next_deal() is None
    elif app.drawn_to_act():
        assert app.apply(hint(app.view())["action"]) is None
    else:
        app.bot_step()


def play(app: App, actions: int | None = None) -> App:
    """Play on to the match's end (or for ``actions`` more actions), your seat by the hint."""
    done = 0
    while not app.game.over and (actions is None or done < actions):
        step(app)
        done += 1
    return app


def played(variant: str, players: int, seed: int, level: str = "normal") -> App:
    return play(App.new_match(settings_for(variant, players, level), seed))


def contract_match(n: int, won: bool, place: int, score: int, ledger: str, deals: list[list[Any]]) -> dict:
    """A finished four-player Sitoumusrommi match as the statistics store it (``ui.records.stats``);
    match 3 is a deal of the day."""
    day = f"2026-11-{n:02d}"
    return {
        "id": f"contract/4/{n}/{day}/x",
        "variant": "contract",
        "players": 4,
        "day": day,
        "daily": day if n == 3 else None,
        "won": won,
        "place": place,
        "score": score,
        "ledger": ledger,
        "deals": deals,
    }


# Deal rows: [penalty, met the contract, cards bought].
FIRST = [[0, 1, 0], [10, 1, 2], [0, 1, 1], [5, 1, 0], [25, 0, 3], [0, 1, 0], [0, 1, 0]]
SECOND = [[60, 0, 1], [0, 1, 0], [40, 0, 2], [30, 0, 0], [50, 0, 1], [0, 1, 0], [0, 1, 0]]
