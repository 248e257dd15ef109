"""Computer players for Sitoumusrommi and Perusrommi, and hints for the human seat.

```python
from rommi.bots import make_bot, hint

bot = make_bot("normal", seed=3)
action = bot.choose(game.view(seat))      # always a legal action for that seat
hint(game.view(seat))                     # {"action", "reason": {"key", "params"}, "text"}
```

Levels (``LEVELS``): ``easy``, ``normal``, ``hard``. A bot decides from the
seat's view alone (PROTOCOL.md), so it cannot peek; given its seed and the
views it is shown, its choices are reproducible. Levels differ in skill, never
in luck: the only chance in a bot is its own seeded generator.
"""

from __future__ import annotations

from typing import Any

from .base import Bot, Decision
from .hard import HardBot
from .reasons import REASONS, render
from .simple import EasyBot, NormalBot

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

_CLASSES: dict[str, type[Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A computer player of ``level`` (one of ``LEVELS``) whose chance comes from ``seed``."""
    try:
        cls = _CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}: use one of {', '.join(LEVELS)}") from None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    return cls(seed)


def hint(view: dict[str, Any]) -> dict[str, Any]:
    """What the hard player would do in this seat now, and its real reason for it.

    Returns ``{"action": {...}, "reason": {"key": ..., "params": {...}}, "text": ...}``:
    ``reason.key`` is a key of ``REASONS`` (stable, for the UI to translate),
    ``text`` the English sentence.
    """
    decision = HardBot(0).decide(view)
    return {"action": decision.action, "reason": decision.reason(), "text": decision.text}


__all__ = ["LEVELS", "REASONS", "Bot", "Decision", "hint", "make_bot", "render"]
