"""What the table tells a page that embeds it: the messages, built without the browser.

``main.py`` posts them with ``window.parent.postMessage`` only when the page is
framed; each is ``{"source": "rommi", "type": kind, ...}`` (the README lists them).
"""

from __future__ import annotations

import hashlib
from typing import Any

from ui.model.app import App

Message = tuple[str, dict[str, Any]]


def seed_hash(seed: int, salt: str) -> str:
    """SHA-256 of the salt followed by the seed's decimal digits, in hex: what ``game-started``
    tells of the seed. The salt (``App.salt``, 128 secret random bits) is told only with the seed
    at the match's end: without it no page can try seeds against the commitment, not even the
    few of a puzzle's ``?seed=N`` or today's deal."""
    return hashlib.sha256((salt + str(seed)).encode("ascii")).hexdigest()


def game_started(app: App) -> Message:
    v = app.view()
    return (
        "game-started",
        {
            "variant": v["variant"],
            "players": v["players"],
            "names": app.names,
            "levels": [s.level for s in app.seats],  # None for a person
            # The seats people play (here or on another device), in seat order: [0] with one person.
            "people": [i for i, s in enumerate(app.seats) if s.person],
            # Only a salted commitment to the seed while the game is on: the seed fixes every card
            # of every deal, so a page that embeds the game must not learn the hands from it. The
            # seed and the salt come with match-over, to check the hash and replay the game.
            "seed_sha256": seed_hash(app.seed, app.salt),
            "deals": v["deals"],
        },
    )


def results(app: App, posted: set[tuple[Any, ...]]) -> list[Message]:
    """``deal-over`` (and ``match-over`` at the end), once each per deal: ``posted`` remembers."""
    v = app.view()
    key = (app.seed, v["deal"], v["phase"])
    if key in posted:
        return []
    posted.add(key)
    rows = v["deal_scores"]
    out: list[Message] = [
        (
            "deal-over",
            {
                "deal": v["deal"],
                "names": app.names,
                "scores": list(rows[-1]) if rows else [],
                "totals": list(v["scores"]),
                "went_out": v["went_out"],
            },
        )
    ]
    if v["over"]:
        out.append(
            (
                "match-over",
                {
                    "variant": v["variant"],
                    "names": app.names,
                    "totals": list(v["scores"]),
                    "winners": [app.names[i] for i in v["winners"]],
                    "winner_seats": list(v["winners"]),
                    "seed": app.seed,
                    "seed_salt": app.salt,
                },
            )
        )
    return out
