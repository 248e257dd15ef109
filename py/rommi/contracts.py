"""The seven contracts of Sitoumusrommi (rule C4) and the check of a first lay-down.

The solver and the engine read the same table, so what the computer players
aim for is exactly what ``apply`` accepts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .melds import RUN, SET, Meld

DEALS = 7


@dataclass(frozen=True)
class Contract:
    """What a first lay-down must contain: ``sets`` sets and ``runs`` runs.

    ``distinct_run_suits``: the contract's runs must be of pairwise different
    suits (deal 3 always; deals 6 and 7 with the ``runs_differ_in_suit`` option).
    """

    sets: int
    runs: int
    distinct_run_suits: bool = False


CONTRACTS: tuple[Contract, ...] = (
    Contract(2, 0),
    Contract(1, 1),
    Contract(0, 2, True),
    Contract(3, 0),
    Contract(2, 1),
    Contract(1, 2),
    Contract(0, 3),
)

_NUMBERS = {1: "one", 2: "two", 3: "three"}


def contract_for(deal: int, runs_differ_in_suit: bool = False) -> Contract:
    """The contract of ``deal`` (1-7) under the house rules in force."""
    c = CONTRACTS[deal - 1]
    if runs_differ_in_suit and c.runs >= 2:
        return Contract(c.sets, c.runs, True)
    return c


def describe(contract: Contract) -> str:
    """English words for a contract: ``two runs of three, different suits``."""
    parts = []
    if contract.sets:
        n = contract.sets
        parts.append(f"{_NUMBERS[n]} set{'s' if n > 1 else ''} of three")
    if contract.runs:
        n = contract.runs
        parts.append(f"{_NUMBERS[n]} run{'s' if n > 1 else ''} of three")
    text = " and ".join(parts)
    if contract.distinct_run_suits:
        text += ", different suits"
    return text


def shortfall(melds: Sequence[Meld], contract: Contract) -> str | None:
    """Why ``melds`` do not contain ``contract`` (a message key), or ``None`` if they do."""
    sets = sum(1 for m in melds if m.kind == SET)
    runs = [m for m in melds if m.kind == RUN]
    if sets < contract.sets or len(runs) < contract.runs:
        return "contract_not_met"
    if contract.distinct_run_suits and len({m.suit for m in runs}) < contract.runs:
        return "contract_runs_same_suit"
    return None
