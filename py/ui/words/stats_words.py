"""The statistics in words: numbers, dates and sentences in the page's language (pure Python).

Kept apart from the drawing (``render_stats``) so every sentence the statistics screen
shows is tested without a browser, in both languages.

>>> decimal(Fraction(25, 2)), signed_amount(Fraction(-5)), percent(2, 3)
('12.5', '-5', '67%')
>>> day_text("2026-12-01")
'2026-12-01'
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import Any

from ui.words import i18n
from ui.words.i18n import t


def decimal(value: Fraction, places: int = 1) -> str:
    """``12.5`` (``12,5`` in Finnish); a whole number without decimals."""
    rounded = round(value, places)
    text = str(int(rounded)) if rounded == int(rounded) else f"{float(rounded):.{places}f}"
    return text.replace(".", ",") if i18n.language == "fi" else text


def signed_amount(value: Fraction) -> str:
    """A ledger balance as the score sheet shows one: ``+12.5``, ``-5``, ``0``."""
    text = decimal(value)
    return "+" + text if value > 0 else text


def percent(part: int, whole: int) -> str:
    return t("stats.percent", value=round(100 * part / whole)) if whole else t("stats.none")


def day_text(day: str) -> str:
    """A stored ISO date as the page's language writes it: ``2026-12-01``, ``1.12.2026``."""
    if i18n.language != "fi":
        return day
    d = date.fromisoformat(day)
    return f"{d.day}.{d.month}.{d.year}"


def lead(played: int, won: int) -> str:
    """``3 matches played, 2 won.`` (``1 match played, ...``)."""
    return t("stats.lead", count=played, won=won)


def match_line(m: dict[str, Any]) -> str:
    """One stored match: ``2026-12-01: 71 points, place 1 of 4``."""
    points = t("stats.points", count=m["score"])
    return t(
        "stats.match_line", day=day_text(m["day"]), points=points, place=m["place"], players=m["players"]
    )


def met_text(met: int, known: int) -> str:
    """How often a contract was laid down: ``2 of 3 (67%)``; ``not known`` without its log."""
    if not known:
        return t("stats.unknown")
    return t("stats.met", met=met, known=known, percent=percent(met, known))


def ledger_description(series: list[tuple[str, str]]) -> str:
    """The ledger chart in one sentence, for those who do not see it (its text alternative)."""
    values = [Fraction(v) for _, v in series]
    return t(
        "stats.ledger.describe",
        count=len(values),
        last=signed_amount(values[-1]),
        high=signed_amount(max(values)),
        low=signed_amount(min(values)),
    )
