"""Today's deal on the setup screen: what it is, your result today, your earlier days.

Drawn beside the setup form (after it), not in it: the form is the same every day,
so the page can show it before Python runs; today's deal depends on the date.
Browser only: it draws through ``browser.dom``, which does ``from js import document``.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from browser.dom import button, by_id, el, fill
from ui.commands.acts import Act
from ui.draw.regions import changed
from ui.records import daily
from ui.screen import Screen
from ui.words.i18n import t
from ui.words.stats_words import day_text

EARLIER = 5  # how many earlier days are listed


def daily_box(s: Screen, today: date | None = None) -> None:
    """Draw today's deal when the day or your results changed."""
    day = today or date.today()
    deal = daily.deal_of(day)
    days: dict[str, Any] = (s.daily or daily.empty()).get("days", {})
    if not changed("daily", (deal.day, repr(sorted(days.items())), s.app is not None)):
        return
    mine = days.get(deal.day)
    parts = [
        el("h2", None, t("daily.title"), id="daily-title"),
        el("p", None, t("daily.what", **what(deal))),
    ]
    if mine is not None:
        parts.append(el("p", "daily-result", t("daily.today", result=result_words(mine))))
    else:
        parts.append(el("div", "setup-actions", children=[button(t("daily.play"), Act.DAILY, "primary")]))
    earlier = [d for d in sorted(days, reverse=True) if d != deal.day][:EARLIER]
    if earlier:
        rows = [
            el("li", None, t("daily.day", day=day_text(d), result=result_words(days[d]))) for d in earlier
        ]
        parts += [el("h3", None, t("daily.earlier")), el("ul", "daily-days", children=rows)]
    fill(by_id("daily"), parts)


def what(deal: daily.DailyDeal) -> dict[str, Any]:
    """The words of today's deal: the game, how many play, the computer players' levels."""
    levels = ", ".join(t("setup.level." + lv).lower() for lv in deal.levels)
    return {"game": t("setup.variant." + deal.variant), "players": deal.players, "levels": levels}


def result_words(result: dict[str, Any]) -> str:
    """ "won, 35 points" or "3rd of 4, 120 points"."""
    points = t("daily.points.one") if result["score"] == 1 else t("daily.points", score=result["score"])
    if result["won"]:
        return t("daily.won", points=points)
    return t("daily.place", place=result["place"], players=result["players"], points=points)
