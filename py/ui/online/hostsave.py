"""A hosted game's own save, beside the solo game's: the host reloads and the table goes on.

It holds the match (``App.to_save``, as a solo game's save holds it) and what only the host
knows of the online table: who sits where and each person's seat token (so the guests, who
reconnect by themselves, get their seats back), the seed's commitments and values (to tell at
the match's end), a computer standing in, a guest's turn for undo, and an open buy window's
held answers and the views it opened with. Nobody is connected after a reload: every person
is away until their device says hello again.

The save stays on the host's device; it is read back strictly (``Refused``,
``setup.save_corrupt``), since a table that half-loads would deal the guests a wrong game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rommi import Game, Refused
from ui.model.app import App
from ui.online import messages
from ui.online.fairseed import Round
from ui.online.host import Host, TurnUndo
from ui.online.lobby import Kind, Place
from ui.screen import Screen

VERSION = 1


def to_save(host: Host) -> dict[str, Any]:
    """The hosted game as JSON."""
    app, w, turn = host.app, host.window.open, host.turn
    return {
        "version": VERSION,
        "variant": host.variant,
        "players": len(host.lobby.places),
        "options": host.options,
        "answer_time": host.window.answer_time,
        "places": [
            {"kind": str(p.kind), "name": p.name, "level": p.level, "token": p.token, "stand_in": p.stand_in}
            for p in host.lobby.places
        ],
        "round": _round(host.round),
        "fair": _round(host.fair),
        "own_value": None if host.own_value is None else list(host.own_value),
        "stood_in": host.stood_in,
        "told_over": host.told_over,
        "app": None if app is None else app.to_save(),
        "turn": None
        if turn is None
        else {"seat": turn.seat, "start": turn.start.to_dict(), "log_len": turn.log_len, "moves": turn.moves},
        "window": None
        if w is None
        else {
            "key": list(w.key),
            "opened": w.opened,
            "held": {str(k): v for k, v in w.held.items()},
            "shown": {str(k): m for k, (_, m) in host.shown.items()},
            "waited": host.waited,
        },
    }


def _round(r: Round | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {
        "seats": list(r.seats),
        "hashes": {str(k): v for k, v in r.hashes.items()},
        "reveals": {str(k): list(v) for k, v in r.reveals.items()},
    }


def restore(data: Any, screen: Screen, build: str, now: float, new_token: Callable[[int], str]) -> Host:
    """The hosted game in a save, every person away; ``Refused`` when it does not read."""
    try:
        return _restore(data, screen, build, now, new_token)
    except Refused:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        raise Refused("setup.save_corrupt", f"hosted game: {type(e).__name__} {e}"[:200]) from None


def _restore(data: Any, screen: Screen, build: str, now: float, new_token: Callable[[int], str]) -> Host:
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise Refused("setup.save_corrupt", "hosted game: not a hosted game of this version")
    host = Host(
        screen,
        players=_int(data["players"]),
        host_name=str(data["places"][0]["name"]),
        build=build,
        variant=str(data["variant"]),
        options=dict(data["options"]),
        answer_time=data["answer_time"],
        new_token=new_token,
    )
    places = [_place(p, now) for p in data["places"]]
    if len(places) != len(host.lobby.places) or places[0].kind != Kind.HOST:
        raise Refused("setup.save_corrupt", "hosted game: seats")
    host.lobby.places = places
    seats = [p.seat() for p in places if p.kind != Kind.EMPTY]  # a ValueError for a level that is none
    host.round, host.fair = _read_round(data["round"]), _read_round(data["fair"])
    own = data["own_value"]
    if own is not None:
        host.own_value = (messages.hex_text(own[0], 16, "value"), messages.hex_text(own[1], 16, "salt"))
    host.stood_in = [_stood_in(r) for r in data["stood_in"]]
    host.told_over = data["told_over"] is True
    if data["app"] is not None:
        app = App.from_save(data["app"])
        if app.seats != seats:
            raise Refused("setup.save_corrupt", "hosted game: the match's seats")
        screen.app, screen.screen, host.started = app, "table", True
        app.stood_in = host.stood_in  # the match's record carries it (replays and links)
        turn = data["turn"]
        if turn is not None:
            host.turn = _turn(turn, app)
        window = data["window"]
        if window is not None:
            host.window.see(app.view(), float(window["opened"]))
            w = host.window.open
            if w is None or list(w.key) != window["key"]:
                raise Refused("setup.save_corrupt", "hosted game: the buy window")
            w.held = {_int(k): v is True for k, v in window["held"].items()}
            host.opened, host.waited = w.key, window["waited"]
            host.shown = {_int(k): (messages.encode(m), m) for k, m in window["shown"].items()}
    return host


def _place(d: dict[str, Any], now: float) -> Place:
    kind = Kind(d["kind"])
    token = d["token"]
    place = Place(
        kind,
        messages.name(d["name"]) if kind != Kind.EMPTY else "",
        d["level"],
        None if token is None else messages.hex_text(token, 16, "token"),
        stand_in=d["stand_in"],
    )
    if kind == Kind.PERSON:
        if place.token is None:
            raise Refused("setup.save_corrupt", "hosted game: a person's seat without its token")
        place.away_since = now  # everyone reconnects by themselves
    return place


def _read_round(d: Any) -> Round | None:
    if d is None:
        return None
    r = Round(tuple(_int(s) for s in d["seats"]))
    r.hashes = {_int(k): messages.hex_text(v, 32, "hash") for k, v in d["hashes"].items()}
    r.reveals = {
        _int(k): (messages.hex_text(v[0], 16, "value"), messages.hex_text(v[1], 16, "salt"))
        for k, v in d["reveals"].items()
    }
    return r


def _turn(d: dict[str, Any], app: App) -> TurnUndo | None:
    """A guest's turn for undo, if its start and moves lead to the game as saved; else none
    (undo is a nicety: the game itself is what counts, as ``App.restore_undo`` has it)."""
    start, moves = Game.from_dict(d["start"]), list(d["moves"])
    log_len = None if d["log_len"] is None else _int(d["log_len"], 10**6)
    replay = start.copy()
    try:
        for move in moves:
            replay.apply(move)
    except ValueError:
        return None
    if replay.to_dict() != app.game.to_dict():
        return None
    return TurnUndo(_int(d["seat"]), start, log_len, moves)


def _stood_in(d: dict[str, Any]) -> dict[str, Any]:
    """Who stood in for whom, from which action of the log to which (None: still playing)."""
    to = d["to"]
    return {
        "seat": _int(d["seat"]),
        "level": str(d["level"]),
        "from": _int(d["from"], 10**6),
        "to": None if to is None else _int(to, 10**6),
    }


def _int(value: Any, most: int = 100) -> int:
    """A whole number from 0 to below ``most``, as JSON wrote it (a seat, a count)."""
    number = int(value)
    if isinstance(value, bool) or str(number) != str(value) or not 0 <= number < most:
        raise ValueError(f"not a small whole number: {value!r}")
    return number
