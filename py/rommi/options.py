"""House rules: each game's options, their defaults, and their validation.

Options validate themselves when a game is made, so a bad value never reaches
play: ``ValueError`` names the option and what is wrong with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CONTRACT = "contract"
BASIC = "basic"
VARIANTS = (CONTRACT, BASIC)

PLAYERS = {CONTRACT: (3, 8), BASIC: (2, 7)}
MAX_JOKERS = 12


@dataclass(frozen=True)
class Options:
    """The options in force for one match, defaults already filled in."""

    jokers: int
    decks: int
    hand_size: int
    max_buys: int | None = None
    runs_differ_in_suit: bool = False
    ace_high: bool = False
    target: int = 100

    def to_dict(self) -> dict[str, Any]:
        # The fields are plain values, so a shallow copy is ``asdict`` without its deep copies
        # (a third of the time of ``Game.view``, which every computer player's move asks for).
        return dict(self.__dict__)


# The house rules each game takes (docs/protocol.md); saves keep only these.
OPTION_NAMES = {
    CONTRACT: frozenset({"jokers", "max_buys", "runs_differ_in_suit"}),
    BASIC: frozenset({"jokers", "ace_high", "target", "hand_size", "decks"}),
}


def _int(name: str, value: object, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"option {name!r} must be a whole number, not {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"{low} to {high}" if high is not None else f"at least {low}"
        raise ValueError(f"option {name!r} must be {bound}, not {value}")
    return value


def _bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"option {name!r} must be true or false, not {value!r}")
    return value


def basic_layouts(players: int) -> list[tuple[int, int]]:
    """The (decks, hand size) pairs rule B1 allows for a player count, default first."""
    if players == 2:
        return [(1, 10)]
    if players == 3:
        return [(1, 10), (1, 7)]
    if players in (4, 5):
        return [(1, 7), (2, 10)]
    return [(2, 10)]


def make_options(variant: str, players: int, given: dict[str, Any] | None) -> Options:
    """Validate ``given`` for ``variant`` and fill in the defaults (C1-C6, B1-B9)."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}: use 'contract' or 'basic'")
    low, high = PLAYERS[variant]
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise ValueError(f"{variant} rummy is for {low} to {high} players, not {players!r}")
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise ValueError(f"options must be a mapping of option names to values, not {given!r}")
    allowed = OPTION_NAMES[variant]
    for key in given:
        if key not in allowed:
            raise ValueError(f"option {key!r} is not an option of {variant} rummy")
    if variant == CONTRACT:
        decks = 2 if players <= 4 else 3
        jokers = _int("jokers", given.get("jokers", 1 if players <= 4 else 2), 0, MAX_JOKERS)
        max_buys = given.get("max_buys")
        if max_buys is not None:
            max_buys = _int("max_buys", max_buys, 0)
        opts = Options(
            jokers=jokers,
            decks=decks,
            hand_size=10,
            max_buys=max_buys,
            runs_differ_in_suit=_bool("runs_differ_in_suit", given.get("runs_differ_in_suit", False)),
        )
    else:
        layouts = basic_layouts(players)
        decks = _int("decks", given.get("decks", layouts[0][0]), 1, 2)
        fitting = [h for d, h in layouts if d == decks]
        if not fitting:
            raise ValueError(f"option 'decks' cannot be {decks} with {players} players (rule B1)")
        hand_size = _int("hand_size", given.get("hand_size", fitting[0]), 1)
        if hand_size not in fitting:
            allowed_sizes = " or ".join(str(h) for h in fitting)
            raise ValueError(
                f"option 'hand_size' must be {allowed_sizes} with {players} players and {decks} deck(s)"
            )
        opts = Options(
            jokers=_int("jokers", given.get("jokers", 0), 0, MAX_JOKERS),
            decks=decks,
            hand_size=hand_size,
            ace_high=_bool("ace_high", given.get("ace_high", False)),
            target=_int("target", given.get("target", 100), 1),
        )
    spare = opts.decks * 52 + opts.jokers - players * opts.hand_size
    if spare < 2:
        raise ValueError("these options leave fewer than two cards for the stock and the discard pile")
    return opts
