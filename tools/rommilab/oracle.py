"""The expert made to cheat, to measure what a piece of hidden information is worth.

    PYTHONPATH=py:tools python -m rommilab.oracle --cheat next-hand \\
        --variant basic --players 4 --hero expert --field hard --matches 600 --seed 1100001 \\
        --jobs 2 --rollouts 0 [--save a.json | --paired a.json]

Everything after ``--cheat`` is the tournament's (``rommilab.tournament``), and so is what is
printed. The expert reads the real game the tournament plays, which no level may do at a table
(every level plays from its seat's view alone, ``docs/protocol.md``). What it reads bounds what
a fair player could gain from guessing the same thing well: issue 44 asks for 35% of four-player
basic matches against three hard players, and these runs measured how far each piece of hidden
information would carry the expert (``docs/expert.md``, "What a cheat is worth").

- ``next-hand``: the expert never throws a card with which the next seat could take the discard
  and go out at once (rules B4, B6), while it holds a card that is not one. About half the
  four-player deals anyone wins are won by taking the discard.
- ``stock``: the expert's look at the stock's order (``bots.ahead.draws_ahead``) returns the real
  stock from the deal's first draw on, not only once the pile is turned over (rule B7).
- ``both``: the two together. ``none``: no cheat (the tournament as it is).

Basic rummy without jokers or ace-high runs only (``bots.ahead`` reads no other game); a kept game
(``--from-states``) is read as well as a new one.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import rommilab.tournament as tournament
from rommi.bots import expert
from rommi.bots.ahead import fitting, reads, soonest_out
from rommi.bots.hard import HardBot
from rommi.bots.table import Table
from rommi.cards import Card
from rommi.game import Game

CHEATS = ("none", "next-hand", "stock", "both")

_PLAYING: list[Game] = []
"""The game the tournament is playing in this process (one at a time in each worker)."""


class _Watched(Game):
    """``Game`` as the tournament makes it, the game kept where the cheats find it."""

    @classmethod
    def new(cls, *args: Any, **kwargs: Any) -> Game:
        return _watch(Game.new(*args, **kwargs))

    @classmethod
    def from_dict(cls, d: Any) -> Game:
        return _watch(Game.from_dict(d))


def _watch(game: Game) -> Game:
    _PLAYING[:] = [game]
    return game


def playing() -> Game:
    """The game being played in this process."""
    return _PLAYING[0]


def next_hand(game: Game, seat: int) -> list[Card]:
    """The real hand of the seat after ``seat``."""
    return [Card.parse(c) for c in game.view((seat + 1) % game.players)["hand"]]


def feeds(table: Table, hand: Sequence[Card], card: Card) -> bool:
    """Whether a seat holding ``hand`` could take ``card`` from the pile and go out at once: with
    it, all but one of its cards go into melds and lay-offs (the last one is the discard, B6)."""
    fits = fitting(table, [*hand, card])
    return soonest_out(hand, [card], fits) == 1


_plain_candidates = expert.ExpertBot.discard_candidates


def _safe_candidates(self: HardBot, table: Table) -> list[Card]:
    cands = _plain_candidates(self, table)
    if table.contract is not None or len(cands) < 2:
        return cands
    hand = next_hand(playing(), table.seat)
    safe = [c for c in cands if not feeds(table, hand, c)]
    return safe or cands


def real_stock(table: Table) -> list[Card | None] | None:
    """``draws_ahead`` told the truth: the real stock from the top, and before the pile is turned
    over the pile behind it, its first card to be turned up (B7)."""
    if not reads(table):
        return None
    state = playing()._s
    ahead: list[Card | None] = list(reversed(state.stock))
    if not table.view["rebuilds"] and len(state.discard) >= 2:
        ahead += state.discard[1:]
    return ahead


def cheat(kind: str) -> None:
    """Make every expert in this process (and in the tournament's workers, forked from it) cheat."""
    if kind not in CHEATS:
        raise ValueError(f"unknown cheat {kind!r}: use one of {', '.join(CHEATS)}")
    # Set by name: the modules do not export what is replaced, and nothing else may replace it.
    patches: list[tuple[object, str, object]] = [(tournament, "Game", _Watched)]
    if kind in ("next-hand", "both"):
        patches.append((expert.ExpertBot, "discard_candidates", _safe_candidates))
    if kind in ("stock", "both"):
        patches.append((expert, "draws_ahead", real_stock))
    for owner, name, value in patches:
        setattr(owner, name, value)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rommilab.oracle", description=__doc__.split("\n\n")[0])
    ap.add_argument("--cheat", choices=CHEATS, required=True)
    args, rest = ap.parse_known_args(argv)
    cheat(args.cheat)
    print(f"the expert cheats: {args.cheat}")
    return tournament.main(rest)


if __name__ == "__main__":
    sys.exit(main())
