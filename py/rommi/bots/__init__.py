"""Computer players for Sitoumusrommi and Perusrommi, and hints for the human seat.

```python
from rommi.bots import make_bot, hint

bot = make_bot("normal", seed=3)
action = bot.choose(game.view(seat))      # always a legal action for that seat
hint(game.view(seat))                     # {"action", "reason": {"key", "params"}, "text"}
action.to_json()                          # the protocol's JSON of it (rommi.actions)
```

Levels (``LEVELS``): ``easy``, ``normal``, ``hard``, ``expert`` (hard's judgement
checked by search over the cards it cannot see, within a time budget:
``make_bot("expert", seed, budget=0.25)`` seconds, or ``rollouts=64`` sampled
games per decision for a reproducible choice). A bot decides from the
seat's view alone (docs/protocol.md), so it cannot peek; given its seed and the
views it is shown, its choices are reproducible. Levels differ in skill, never
in luck: the only chance in a bot is its own seeded generator.
"""

from __future__ import annotations

from typing import Any

from ..views import SeatView
from .base import Bot, Decision
from .expert import ExpertBot
from .hard import HardBot
from .reasons import REASONS, render
from .simple import EasyBot, NormalBot

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")

_CLASSES: dict[str, type[Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot, "expert": ExpertBot}


def make_bot(
    level: str,
    seed: int = 0,
    *,
    budget: float | None = None,
    rollouts: int | None = None,
    contract_search: bool = False,
) -> Bot:
    """A computer player of ``level`` (one of ``LEVELS``) whose chance comes from ``seed``.

    ``budget`` (seconds per decision) and ``rollouts`` (sampled games per decision) set the
    expert's search, and ``contract_search`` whether it searches in the contract game too
    (``ExpertBot.searches``); the other levels do not search and leave them unused.
    """
    try:
        cls = _CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}: use one of {', '.join(LEVELS)}") from None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if cls is ExpertBot:
        return ExpertBot(seed, budget=budget, rollouts=rollouts, contract_search=contract_search)
    return cls(seed)


def hint(view: SeatView) -> dict[str, Any]:
    """What the hard player would do in this seat now, and its real reason for it.

    Returns ``{"action": Action, "reason": {"key": ..., "params": {...}}, "text": ...}``
    (the action a ``rommi.actions`` value):
    ``reason.key`` is a key of ``REASONS`` (stable, for the UI to translate),
    ``text`` the English sentence. A stronger hint asks the expert, who may search for its
    budget: a page runs its ``thinking`` in slices and words the decision with ``as_hint``.
    """
    return as_hint(HardBot(0).decide(view))


def as_hint(decision: Decision) -> dict[str, Any]:
    """A decision as a hint (``hint``)."""
    return {"action": decision.action, "reason": decision.reason(), "text": decision.text}


__all__ = ["LEVELS", "REASONS", "Bot", "Decision", "ExpertBot", "as_hint", "hint", "make_bot", "render"]
