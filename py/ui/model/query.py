"""The address's parameters, for links and reproducible games: read, checked, and noted.

``?variant=basic&players=3&level=hard&seed=7&lang=fi&pace=instant&embed=1``.
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
from ui.model.settings import PACES, Settings
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
    return q


def preset_form(form: Settings, q: Query) -> tuple[bool, list[Note]]:
    """``variant``, ``players`` and ``level`` from the address preset the setup form.

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
    if q.players is not None:
        low, high = PLAYERS[form.variant]
        if re.fullmatch(r"[0-9]{1,2}", q.players) and low <= int(q.players) <= high:
            form.players[form.variant] = int(q.players)
            preset = True
        else:
            notes.append(("setup.url_note", {"param": "players", "value": shown_value(q.players)}))
    if q.level is not None:
        if q.level in LEVELS:
            form.same_level = True
            form.level = q.level
            preset = True
        else:
            notes.append(("setup.url_note", {"param": "level", "value": shown_value(q.level)}))
    return preset, notes
