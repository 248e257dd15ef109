"""Statistics of the finished matches of the people at this device (pure Python; the page
keeps the JSON in browser storage).

When a match ends the page adds its facts, one row per person who played it here
(``facts_of``, then ``add_match``), and the statistics screen shows ``summary`` of one
person's rows (``of_person``). Stored at ``ui.records.stores.STATS``, small and versioned::

    {"version": 1, "matches": [
        {"id": "contract/4/123/2026-12-01/71,140,96,130", "variant": "contract", "players": 4,
         "day": "2026-12-01", "daily": "2026-12-01" | null, "won": true, "place": 1,
         "score": 71, "ledger": "25/2", "name": "Ann", "owner": true,
         "deals": [[penalty, met, buys], ...]}]}

``name`` is the seat's name; ``owner`` (only ever ``true``) marks the device's owner's rows
(seat 0, "Your name" in the form), which stay the owner's when that name changes (or is
the default "Player", worded in the page's language). A row without ``name`` was stored before
people could share the device: it is the owner's too. A friend's rows are theirs by name,
compared as the table compares names (case aside); a friend's row has its seat after its
match's id (``.../71,140,96,130/2``), so each person's row of one match is kept once.

One row in ``deals`` per deal, from that person's seat: in Sitoumusrommi the deal's
penalty, whether they met its contract (1/0) and how many cards they bought; in
Perusrommi the points they won, whether they went out, and 0. ``met`` and ``buys`` are
``null`` when the match's log was not kept (they are seen only while a deal is played).
The newest ``MAX_MATCHES`` rows are kept: about 100 bytes each.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from rommi.contracts import DEALS
from rommi.options import CONTRACT, PLAYERS, VARIANTS
from rommi.replay import Replay
from rommi.views import SeatView
from ui.model.app import App, _amount, _frac
from ui.records.stored import Read, is_day, read_versioned, whole
from ui.records.stores import STATS

MAX_MATCHES = 1000
MAX_DEALS = 500  # a basic match to a high target may run long; a row is a few bytes
MAX_POINTS = 10**6
NAME_CHARS = 60  # as the ledger keeps names (``ui.model.app.NAME_CHARS``); a seat's name is shorter


def empty() -> dict[str, Any]:
    return {"version": STATS.version, "matches": []}


# ---------------------------------------------------------------------------- recording
def owner_seat(app: App) -> int:
    """The device's owner's seat: the first played here (seat 0 at a table set up in the form);
    a table of computer players only is the seat it is drawn for."""
    here = app.people_here()
    return here[0] if here else app.drawn_for


def facts_of(
    app: App, today: date, daily: str | None = None, seat: int | None = None
) -> dict[str, Any] | None:
    """The facts of ``app``'s match for ``seat``'s statistics (the seat the table is drawn for
    when not given), once it is over (else None).

    ``daily``: the deal of the day's date when this match was it (``ui.records.daily``).
    The per-deal rows come from replaying the match's log, which sees each deal's end.
    """
    got = _facts(app, today, daily, [app.drawn_for if seat is None else seat])
    return got[0] if got else None


def facts_of_people(app: App, today: date, daily: str | None = None) -> list[dict[str, Any]]:
    """The facts of ``app``'s finished match for each person who played it at this device, in
    seat order, the owner first ([] while it is played); the log is replayed once for all."""
    return _facts(app, today, daily, app.people_here() or [owner_seat(app)])


def _facts(app: App, today: date, daily: str | None, seats: list[int]) -> list[dict[str, Any]]:
    v = app.view()
    if not v["over"]:
        return []
    owner = owner_seat(app)
    totals: list[int] = v["scores"]
    lower = v["variant"] == CONTRACT
    day = today.isoformat()
    match = f"{v['variant']}/{v['players']}/{app.seed}/{day}/{','.join(map(str, totals))}"
    out = []
    for seat, deals in zip(seats, _deal_rows(app, v, seats), strict=True):
        mine = totals[seat]
        facts: dict[str, Any] = {
            "id": match if seat == owner else f"{match}/{seat}",
            "variant": v["variant"],
            "players": v["players"],
            "day": day,
            "daily": daily,
            "won": seat in v["winners"],
            "place": 1 + sum((t < mine) if lower else (t > mine) for t in totals),
            "score": mine,
            "ledger": v["ledger"][seat],
            "name": app.names[seat][:NAME_CHARS],
        }
        if seat == owner:
            facts["owner"] = True
        out.append({**facts, "deals": deals})
    return out


def _deal_rows(app: App, final: SeatView, seats: list[int]) -> list[list[list[int | None]]]:
    """Each of ``seats``' rows per deal (the people whose statistics these are)."""
    rows: list[list[list[int | None]]] = [[[r[s], None, None] for r in final["deal_scores"]] for s in seats]
    record = app.record()
    if record is None:
        return rows
    try:
        match = Replay(record)
    except ValueError:
        return rows
    for span in match.finished_deals()[: len(final["deal_scores"])]:
        deal = match.deal(span.deal)
        deal.go(len(deal))
        end = deal.view(seats[0])  # what is read here is public at the deal's end
        for seat, mine in zip(seats, rows, strict=True):
            if final["variant"] == CONTRACT:
                mine[span.deal - 1][1:] = [int(end["laid_down"][seat]), end["buys"][seat]]
            else:
                mine[span.deal - 1][1:] = [int(end["went_out"] == seat), 0]
    return rows


def add_match(stats: dict[str, Any], facts: dict[str, Any]) -> dict[str, Any]:
    """The statistics with ``facts`` added (once: a match already in them is not added again)."""
    matches: list[dict[str, Any]] = list(stats.get("matches", []))
    if _match(facts) is not None and all(m["id"] != facts["id"] for m in matches):
        matches = [*matches, facts][-MAX_MATCHES:]
    return {"version": STATS.version, "matches": matches}


# ---------------------------------------------------------------------------- reading
def read_stats(text: str | None) -> Read[dict[str, Any]]:
    """The stored statistics. Unreadable ones (not JSON, not statistics, another version)
    give empty statistics and a message key; single bad matches in them are left out and
    counted (``Read.dropped``)."""
    return read_versioned(text, STATS, "matches", list, _matches)


def _matches(stored: list[Any]) -> tuple[list[dict[str, Any]], int]:
    """The newest ``MAX_MATCHES`` stored matches that read, and how many of those did not."""
    given = stored[-MAX_MATCHES:]
    kept = [m for m in (_match(x) for x in given) if m is not None]
    return kept, len(given) - len(kept)


def _match(m: Any) -> dict[str, Any] | None:
    """One stored match, if every field is of its kind and within bounds."""
    if not isinstance(m, dict) or m.get("variant") not in VARIANTS:
        return None
    low, high = PLAYERS[m["variant"]]
    ok = (
        isinstance(m.get("id"), str)
        and len(m["id"]) <= 200
        and whole(m.get("players"), low, high)
        and is_day(m.get("day"))
        and (m.get("daily") is None or is_day(m.get("daily")))
        and isinstance(m.get("won"), bool)
        and whole(m.get("place"), 1, high)
        and whole(m.get("score"), 0, MAX_POINTS)
        and _amount(m.get("ledger")) is not None
        and isinstance(m.get("deals"), list)
        and len(m["deals"]) <= MAX_DEALS
        and all(_row(r) for r in m["deals"])
    )
    if not ok:
        return None
    name, owner = m.get("name"), m.get("owner")
    if name is not None and not (isinstance(name, str) and 0 < len(name) <= NAME_CHARS):
        return None
    if owner is not None and owner is not True:
        return None
    keys = ("id", "variant", "players", "day", "daily", "won", "place", "score", "ledger")
    kept = {k: m.get(k) for k in keys}
    if name is not None:
        kept["name"] = name
    if owner is not None:
        kept["owner"] = owner
    return {**kept, "deals": [list(r) for r in m["deals"]]}


def _row(r: Any) -> bool:
    return (
        isinstance(r, list)
        and len(r) == 3
        and whole(r[0], 0, MAX_POINTS)
        and (r[1] is None or whole(r[1], 0, 1))
        and (r[2] is None or whole(r[2], 0, 100))
    )


# ---------------------------------------------------------------------------- whose
def owners(m: dict[str, Any], owner: str) -> bool:
    """Whether stored match ``m`` is the device's owner's, ``owner`` being the owner's name now:
    marked so, stored before rows had names, or under that same name (case aside)."""
    name = m.get("name")
    return m.get("owner") is True or name is None or str(name).casefold() == owner.casefold()


def people(stats: dict[str, Any], owner: str) -> list[str]:
    """Whose statistics can be shown: the owner (``owner``, their name now) first, then each
    other name with matches kept, in alphabetical order (one spelling per name: the newest)."""
    others: dict[str, str] = {}
    for m in stats.get("matches", []):
        if not owners(m, owner):
            others[str(m["name"]).casefold()] = str(m["name"])
    return [owner, *sorted(others.values(), key=lambda n: (n.casefold(), n))]


def of_person(stats: dict[str, Any], person: str | None, owner: str) -> dict[str, Any]:
    """The statistics of one person: ``person``'s matches (None, or the owner's name: the
    owner's), to be summed up by ``summary``."""
    if person is None or person.casefold() == owner.casefold():
        mine = [m for m in stats.get("matches", []) if owners(m, owner)]
    else:
        mine = [
            m
            for m in stats.get("matches", [])
            if not owners(m, owner) and str(m["name"]).casefold() == person.casefold()
        ]
    return {"version": stats.get("version", STATS.version), "matches": mine}


# ---------------------------------------------------------------------------- summing up
@dataclass(frozen=True)
class ContractLine:
    """One contract (deal number 1-7): how it went for you over every match."""

    deal: int
    deals: int  # how many times you played it
    average_penalty: Fraction | None
    met: int  # how many times you laid it down (of the deals whose log was kept)
    known: int  # deals with that fact kept


@dataclass(frozen=True)
class Summary:
    """One game's statistics (``summary``): what the statistics screen shows."""

    variant: str
    played: int
    won: int
    contracts: list[ContractLine]  # contract game only; [] in basic
    buys_per_deal: Fraction | None
    best: dict[str, Any] | None  # the stored match
    worst: dict[str, Any] | None
    ledger_series: list[tuple[str, str]]  # (day, your running ledger after that match), oldest first
    daily: list[dict[str, Any]]  # the deal-of-the-day matches, oldest first


def summary(stats: dict[str, Any], variant: str) -> Summary:
    """The statistics of one game (``"contract"`` or ``"basic"``) from the stored matches."""
    matches = [m for m in stats.get("matches", []) if m["variant"] == variant]
    rows = [r for m in matches for r in m["deals"]]
    bought = [r[2] for r in rows if r[2] is not None]
    lower = variant == CONTRACT
    ranked = sorted(matches, key=lambda m: (m["place"], m["score"] if lower else -m["score"]))
    running, series = Fraction(0), []
    for m in matches:
        running += Fraction(m["ledger"])
        series.append((m["day"], _frac(running)))
    return Summary(
        variant,
        len(matches),
        sum(m["won"] for m in matches),
        _contract_lines(matches) if lower else [],
        Fraction(sum(bought), len(bought)) if bought and lower else None,
        ranked[0] if ranked else None,
        ranked[-1] if ranked else None,
        series if lower else [],
        [m for m in matches if m["daily"] is not None],
    )


def _contract_lines(matches: list[dict[str, Any]]) -> list[ContractLine]:
    lines = []
    for deal in range(1, DEALS + 1):
        rows = [m["deals"][deal - 1] for m in matches if len(m["deals"]) >= deal]
        known = [r[1] for r in rows if r[1] is not None]
        average = Fraction(sum(r[0] for r in rows), len(rows)) if rows else None
        lines.append(ContractLine(deal, len(rows), average, sum(known), len(known)))
    return lines
