"""A match of bots, walked position by position: the bots', the hints' and the cheats' tests read each
seat's view (and the game behind it) where a real match puts it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rommi import Game
from rommi.bots import Bot, make_bot


def bot_match(g: Game, bots: Sequence[Bot]) -> Iterator[dict[str, Any]]:
    """The view of the seat to act, in turn, until ``g`` is over, each played by that seat's bot
    after it is yielded; between deals, the next one is dealt."""
    while not g.over:
        seat = g.to_act
        if seat is None:
            g.apply({"type": "next_deal"})
            continue
        view = g.view(seat)
        yield view
        g.apply(bots[seat].choose(view))


def hard_match(variant: str, players: int, seed: int) -> Iterator[tuple[Game, dict[str, Any]]]:
    """The game and the view of the seat to act, in turn, along one seeded match of hard players
    (the bot in seat ``s`` seeded ``seed + s``); each view is played after it is yielded."""
    g = Game.new(variant, players, seed=seed)
    for view in bot_match(g, [make_bot("hard", seed + s) for s in range(players)]):
        yield g, view
