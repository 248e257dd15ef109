"""Whole matches at the table (``ui.app.App``), played by the computer players and, in your
seat, by the hint: the records, links and statistics tests' matches."""

from __future__ import annotations

from rommi.bots import hint
from ui.app import HUMAN, App
from ui.settings import Settings


def settings_for(variant: str, players: int, level: str = "normal") -> Settings:
    s = Settings()
    s.variant = variant
    s.players[variant] = players
    s.same_level, s.level = True, level
    return s


def play(app: App, actions: int | None = None) -> App:
    """Play on to the match's end (or for ``actions`` more actions), your seat by the hint."""
    done = 0
    while not app.game.over and (actions is None or done < actions):
        if app.game.to_act is None:
            assert app.next_deal() is None
        elif app.game.to_act == HUMAN:
            assert app.apply(hint(app.view())["action"]) is None
        else:
            app.bot_step()
        done += 1
    return app


def played(variant: str, players: int, seed: int, level: str = "normal") -> App:
    return play(App.new_match(settings_for(variant, players, level), seed))
