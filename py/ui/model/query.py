"""The address's parameters, for links and reproducible games: read, checked, and noted.

``?variant=basic&players=3&level=hard&seed=7&lang=fi&pace=instant&embed=1``, and
``people=3`` for three people at this device (you and two friends), and ``relay=`` (repeatable)
for the relays an online table uses (``ui.model.relays``: a built-in one or a loopback address).
They preset the setup form (``seed``: the next new game's deal); a bad or
oversized one is ignored with a note, so nothing in an address can break the
page. Pure Python: ``main.py`` passes ``location.search`` in.

>>> q = read_query("?lang=fi&seed=abc")
>>> q.lang, q.seed, q.notes
('fi', None, [('setup.url_note', {'param': 'seed', 'value': 'abc'})])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

from rommi.bots import LEVELS
from rommi.options import PLAYERS, VARIANTS
from ui.model.app import ADDRESS_MAX_SEED
from ui.model.relays import MOST_RELAYS, chosen_relay
from ui.model.settings import MAX_OPPONENTS, PACES, SEAT_COMPUTER, SEAT_HERE, Settings
from ui.words.i18n import LANGUAGES

Note = tuple[str, dict[str, Any]]


@dataclass
class Query:
    lang: str | None = None
    embed: bool = False
    seed: int | None = None
    pace: str | None = None
    variant: str | None = None
    players: str | None = None
    level: str | None = None
    people: str | None = None
    relays: list[str] = field(default_factory=list)  # relay=: those chosen, each once, in order
    notes: list[Note] = field(default_factory=list)


def shown_value(value: str) -> str:
    """A URL value as a note shows it: at most 20 characters."""
    return value[:20] + ("…" if len(value) > 20 else "")


def _bad(q: Query, param: str, value: str) -> None:
    q.notes.append(("setup.url_note", {"param": param, "value": shown_value(value)}))


def read_query(search: str) -> Query:
    """The parameters of ``search`` (``location.search``); bad ones become notes."""
    try:
        parsed = parse_qs(search.lstrip("?")[:200_000], keep_blank_values=True, max_num_fields=50)
    except ValueError:
        parsed = {}
    first = {name: values[0] for name, values in parsed.items() if values}
    q = Query()
    if "lang" in first:
        if first["lang"] in LANGUAGES:
            q.lang = first["lang"]
        else:
            _bad(q, "lang", first["lang"])
    if "embed" in first:
        if first["embed"] in ("0", "1"):
            q.embed = first["embed"] == "1"
        else:
            _bad(q, "embed", first["embed"])
    if "seed" in first:
        value = first["seed"]
        if re.fullmatch(r"[0-9]{1,6}", value) and 1 <= int(value) <= ADDRESS_MAX_SEED:
            q.seed = int(value)
        else:
            _bad(q, "seed", value)
    if "pace" in first:
        if first["pace"] in PACES:
            q.pace = first["pace"]
        else:
            _bad(q, "pace", first["pace"])
    q.variant, q.players, q.level = first.get("variant"), first.get("players"), first.get("level")
    q.people = first.get("people")
    _read_relays(q, parsed.get("relay", []))
    return q


def _read_relays(q: Query, values: list[str]) -> None:
    """``relay=`` (repeatable): the built-in relays and loopback addresses it names, in order and
    each once, at most ``MOST_RELAYS``; anything else is a note and changes nothing.

    >>> q = Query()
    >>> _read_relays(q, ["ws://localhost:7447/", "wss://relay.example", "ws://localhost:7447"])
    >>> q.relays, q.notes
    (['ws://localhost:7447'], [('setup.relay_note', {'value': 'wss://relay.example'})])
    """
    for value in values:
        relay = chosen_relay(value)
        if relay is None or (len(q.relays) >= MOST_RELAYS and relay not in q.relays):
            q.notes.append(("setup.relay_note", {"value": shown_value(value)}))
        elif relay not in q.relays:
            q.relays.append(relay)


def preset_form(form: Settings, q: Query) -> tuple[bool, list[Note]]:
    """``variant``, ``players``, ``level`` and ``people`` from the address preset the setup form.

    Returns whether any did (then the setup form is shown first) and the notes for bad ones.
    """
    notes: list[Note] = []
    preset = False
    if q.variant is not None:
        if q.variant in VARIANTS:
            form.variant = q.variant
            preset = True
        else:
            notes.append(("setup.url_note", {"param": "variant", "value": shown_value(q.variant)}))
    players_given = False
    if q.players is not None:
        low, high = PLAYERS[form.variant]
        if re.fullmatch(r"[0-9]{1,2}", q.players) and low <= int(q.players) <= high:
            form.players[form.variant] = int(q.players)
            preset = players_given = True
        else:
            notes.append(("setup.url_note", {"param": "players", "value": shown_value(q.players)}))
    if q.people is not None:
        if _preset_people(form, q.people, players_given):
            preset = True
        else:
            notes.append(("setup.url_note", {"param": "people", "value": shown_value(q.people)}))
    if q.level is not None:
        if q.level in LEVELS:
            form.same_level = True
            form.level = q.level
            preset = True
        else:
            notes.append(("setup.url_note", {"param": "level", "value": shown_value(q.level)}))
    return preset, notes


def _preset_people(form: Settings, value: str, players_given: bool) -> bool:
    """``people=N``: you and N-1 friends at this device, at seats 1 to N-1, the other seats
    computer players; the friends keep any names typed before. Without a valid ``players`` the
    table grows to N players when it is smaller; with one, N must fit in it. False (nothing
    changed) for an N that is not 1-8, above the game's most players or above ``players``.

    >>> form = Settings()
    >>> _preset_people(form, "3", False), form.seat_kinds[:3], form.players_for("contract")
    (True, ['here', 'here', 'computer'], 4)
    """
    if not re.fullmatch(r"[0-9]{1,2}", value):
        return False
    n = int(value)
    players = form.players_for(form.variant)
    if not 1 <= n <= PLAYERS[form.variant][1] or (players_given and n > players):
        return False
    form.seat_kinds = [SEAT_HERE] * (n - 1) + [SEAT_COMPUTER] * (MAX_OPPONENTS - n + 1)
    form.players[form.variant] = max(players, n)
    return True
