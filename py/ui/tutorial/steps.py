"""A lesson's step, and how a move of the learner is judged against it.

A step waits either for the learner's press of the lesson's Next (``read``: an explanation,
such as how hands are scored) or for moves made through the table's own controls. Each
move step lists the events it waits for (``wants``: predicates on the engine's history
events, ``rommi.views.Event``, and the learner's view just after). A learner's event that
no step still waiting wants, and that the step does not let pass (``lets``), is off the
script: a legal move the lesson did not plan, answered by the way back to the step's start.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Event = dict[str, Any]
IN_ORDER = frozenset({"draw", "buy", "pass", "discard"})  # the turn's own order: never ahead of the lesson
Want = Callable[[Event, dict[str, Any]], bool]


@dataclass(frozen=True)
class Step:
    """One step: its words (``tutorial.<lesson>.<name>`` and ``.try``, what to do instead of a
    refused move), and what it waits for."""

    name: str
    wants: tuple[Want, ...] = ()  # every one met by some event: the step is done
    lets: frozenset[str] = frozenset()  # event types that may come on the way (never a discard)
    read: bool = False  # done by the lesson's Next, not by a move

    def text_key(self, lesson: str) -> str:
        return f"tutorial.{lesson}.{self.name}"

    def try_key(self, lesson: str) -> str:
        return f"tutorial.{lesson}.{self.name}.try"


@dataclass
class Progress:
    """Which of each step's wants are met so far (by step index)."""

    met: dict[int, set[int]] = field(default_factory=dict)

    def done(self, steps: tuple[Step, ...], index: int) -> bool:
        step = steps[index]
        return not step.read and len(self.met.get(index, set())) == len(step.wants)


def judge(steps: tuple[Step, ...], at: int, progress: Progress, event: Event, view: dict[str, Any]) -> bool:
    """Mark what ``event`` (the learner's) meets, from step ``at`` up to the next read step;
    False when it is off the script. A meld, lay-off or swap may come before its step; a draw,
    a buy or a pass, and a discard (it ends the turn) must meet the step now waiting."""
    for index in range(at, len(steps)):
        step = steps[index]
        if step.read and index > at:
            break
        met = progress.met.setdefault(index, set())
        for n, want in enumerate(step.wants):
            if n not in met and want(event, view):
                if event["type"] in IN_ORDER and any(not progress.done(steps, i) for i in range(at, index)):
                    return False
                met.add(n)
                return True
    return event["type"] in steps[at].lets and event["type"] != "discard"


def kind(name: str, **fields: Any) -> Want:
    """Wants an event of type ``name`` whose fields equal ``fields``."""

    def want(event: Event, view: dict[str, Any]) -> bool:
        return event["type"] == name and all(event.get(k) == v for k, v in fields.items())

    return want


def lays_off(on_own: bool) -> Want:
    """Wants a lay-off on one of the learner's own melds (``on_own``) or on someone else's."""

    def want(event: Event, view: dict[str, Any]) -> bool:
        if event["type"] != "layoff":
            return False
        owner = next((m["owner"] for m in view["melds"] if m["id"] == event["meld"]), None)
        return bool((owner == view["seat"]) == on_own)

    return want


def goes_out(event: Event, view: dict[str, Any]) -> bool:
    """Wants the learner's move that ends the deal with the learner out."""
    return event["type"] in ("discard", "meld", "layoff") and bool(view["went_out"] == view["seat"])


def contract_met(event: Event, view: dict[str, Any]) -> bool:
    return event["type"] == "meld" and bool(event.get("contract"))
