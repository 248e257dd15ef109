"""The deal of the day: one match a day, the same for everyone, from the date alone (no server).

The date gives the seed, the game, the number of players, the computer players and
their levels (``deal_of``), with each game's standard house rules, so the settings
of this browser change nothing. Your result per date is kept at ``ui.records.stores.DAILY``::

    {"version": 1, "days": {"2026-12-01": {"variant": "contract", "players": 4,
        "seed": 123456, "won": false, "place": 2, "score": 85, "scores": [85, 40, 120, 97]}}}

The first finished match of a day is its result: playing it again (the link or the
same date) does not replace it. The newest ``MAX_DAYS`` days are kept.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date
from typing import Any

from rommi import Game
from rommi.options import BASIC, CONTRACT, PLAYERS, VARIANTS
from ui.model.app import DAILY_MAX_SEED, App, Seat, bot_seed
from ui.records.stats import owner_seat
from ui.records.stored import Read, is_day, read_versioned, whole
from ui.records.stores import DAILY
from ui.words.text_en import BOT_NAMES

MAX_DAYS = 1000
SALT = "rommi-daily-1"  # changing it would give everyone other deals for the same dates: never do


@dataclass(frozen=True)
class DailyDeal:
    """What a date's match is, for everyone."""

    day: str  # ISO date
    variant: str
    players: int
    seed: int
    levels: tuple[str, ...]  # the computer players', seats 1 to players - 1

    def app(self, name: str) -> App:
        """The match at the table, you in seat 0 under ``name``, with no house rules changed
        (``result_of`` counts it for the seat the table is drawn for)."""
        game = Game.new(self.variant, self.players, seed=self.seed)
        seats = [Seat.here(name)] + [Seat.computer(BOT_NAMES[i], lv) for i, lv in enumerate(self.levels)]
        app = App(game, seats, self.seed, [bot_seed(self.seed, i) for i in range(self.players)], log=[])
        app.daily = self.day
        return app


def deal_of(day: date) -> DailyDeal:
    """The date's match: a hash of the date picks the seed and everything else.

    Two days in three are Sitoumusrommi for three to five, the third Perusrommi for
    two to four; each computer player is hard one day in four, normal on the others.
    """
    digest = hashlib.sha256(f"{SALT}/{day.isoformat()}".encode()).digest()
    variant = CONTRACT if digest[0] % 3 else BASIC
    low = PLAYERS[variant][0]
    players = low + digest[1] % 3
    seed = 1 + int.from_bytes(digest[2:8], "big") % DAILY_MAX_SEED
    levels = tuple("hard" if digest[8 + i] % 4 == 0 else "normal" for i in range(players - 1))
    return DailyDeal(day.isoformat(), variant, players, seed, levels)


def empty() -> dict[str, Any]:
    return {"version": DAILY.version, "days": {}}


def result_of(app: App) -> dict[str, Any] | None:
    """Your result in a finished deal of the day (None while it is played, or for another match):
    the device's owner's (``stats.owner_seat``), whoever the table is drawn for at its end."""
    v = app.view()
    if not v["over"] or app.daily is None:
        return None
    seat = owner_seat(app)
    totals: list[int] = v["scores"]
    mine = totals[seat]
    lower = v["variant"] == CONTRACT
    return {
        "variant": v["variant"],
        "players": v["players"],
        "seed": app.seed,
        "won": seat in v["winners"],
        "place": 1 + sum((t < mine) if lower else (t > mine) for t in totals),
        "score": mine,
        "scores": list(totals),
    }


def record(history: dict[str, Any], day: str, result: dict[str, Any]) -> dict[str, Any]:
    """The history with ``result`` as ``day``'s, unless that day has one already (the first stands)."""
    days = dict(history.get("days", {}))
    if day not in days and is_day(day) and _result(result) is not None:
        days[day] = result
    newest = sorted(days)[-MAX_DAYS:]
    return {"version": DAILY.version, "days": {d: days[d] for d in newest}}


def read_history(text: str | None) -> Read[dict[str, Any]]:
    """The stored results; unreadable ones give an empty history and a message key
    (``note.daily_unreadable``, or ``note.daily_newer``), bad single days are left out and
    counted (``Read.dropped``)."""
    return read_versioned(text, DAILY, "days", dict, _days)


def _days(stored: dict[Any, Any]) -> tuple[dict[str, Any], int]:
    """The newest ``MAX_DAYS`` stored days that read, and how many days did not."""
    kept = {d: r for d, r in ((d, _result(r)) for d, r in stored.items() if is_day(d)) if r is not None}
    newest = sorted(kept)[-MAX_DAYS:]
    return {d: kept[d] for d in newest}, len(stored) - len(kept)


def _result(r: Any) -> dict[str, Any] | None:
    if not isinstance(r, dict) or r.get("variant") not in VARIANTS:
        return None
    low, high = PLAYERS[r["variant"]]
    scores = r.get("scores")
    ok = (
        whole(r.get("players"), low, high)
        and whole(r.get("seed"), 1, DAILY_MAX_SEED)
        and isinstance(r.get("won"), bool)
        and whole(r.get("place"), 1, high)
        and whole(r.get("score"), 0, 10**6)
        and isinstance(scores, list)
        and len(scores) == r["players"]
        and all(whole(x, 0, 10**6) for x in scores)
    )
    if not ok:
        return None
    kept: dict[str, Any] = {k: r[k] for k in ("variant", "players", "seed", "won", "place", "score")}
    kept["scores"] = list(r["scores"])
    return kept
