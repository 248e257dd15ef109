"""The player's settings: game, players, levels, house rules, pace (pure Python, no DOM).

Settings are kept in the browser as JSON; ``settings_from_dict`` reads them back
leniently (a bad field falls back to its default and is reported, never
raised). ``house_rules`` describes the house-rule controls of the setup screen;
``engine_options`` turns the choices into the ``options`` of ``Game.new``, whose
``make_options`` is the judge of what is valid.

>>> s = Settings()
>>> s.variant, s.players_for("contract"), s.pace
('contract', 4, 'normal')
>>> engine_options(s, "basic", 3)
{'jokers': 0, 'ace_high': False, 'target': 100, 'decks': 1, 'hand_size': 10}
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from rommi.bots import LEVELS
from rommi.options import BASIC, CONTRACT, MAX_JOKERS, PLAYERS, VARIANTS, basic_layouts
from ui.words.i18n import t

SETTINGS_VERSION = 1
PACES: tuple[str, ...] = ("instant", "fast", "normal", "slow")
PACE_SECONDS: dict[str, float] = {"instant": 0.0, "fast": 0.35, "normal": 0.9, "slow": 1.8}
NAME_MAX = 32
MAX_OPPONENTS = max(high for _, high in PLAYERS.values()) - 1
DEFAULT_PLAYERS = {CONTRACT: 4, BASIC: 2}
BUY_LIMITS: tuple[int, ...] = (1, 2, 3, 4, 5)
TARGET_RANGE = (10, 1000)
LANGUAGE_CHOICES: tuple[str, ...] = ("", "en", "fi")
BUY_PROMPTS: tuple[str, ...] = ("always", "fits", "never")
DEFAULT_BUY_PROMPT = "fits"
SEAT_COMPUTER, SEAT_HERE = "computer", "here"  # who plays seats 1..7: ``ui.model.app.SeatKind``'s values
SEAT_KINDS: tuple[str, ...] = (SEAT_COMPUTER, SEAT_HERE)
COACH_CHOICES: tuple[str, ...] = ("auto", "on", "off")
"""The coach (``ui.model.coach``): "auto", the default, is on for the first three matches played in
this browser (counted in the statistics) and off after them; "on" and "off" are the player's own
choice, which sticks. Settings saved before the coach existed have none: "auto"."""
"""When the table asks you about a buy (C6): at every offer, only when the card fits
(``ui.model.buyprompt``), or never (it passes for you).

"fits" by default: "always" asks about twice a round, and each prompt stops the
game until you answer, though two offers in three are cards that neither complete
anything of yours nor would be bought by the hard computer player (measured in
``ui.model.buyprompt``); "never" silently passes the cards that would help you most.
"fits" asks about one offer in three: every card that completes or lengthens a
meld with your cards, meets your contract or goes onto a meld on the table, and
every card the hard computer player would buy in your seat.

Settings saved before the choice existed say ``never_ask_buy``: ``true`` reads as
"never"; ``false`` was the old default rather than a choice, so it reads as the new
default.
"""


def _contract_defaults() -> dict[str, Any]:
    return {"jokers": None, "max_buys": None, "runs_differ_in_suit": False}


def _basic_defaults() -> dict[str, Any]:
    return {"jokers": 0, "ace_high": False, "target": 100, "layout": 0}


@dataclass
class Settings:
    """Everything the setup screen chooses, and the table's preferences."""

    name: str = ""
    variant: str = CONTRACT
    players: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_PLAYERS))
    same_level: bool = True
    level: str = "normal"
    levels: list[str] = field(default_factory=lambda: ["normal"] * MAX_OPPONENTS)
    contract: dict[str, Any] = field(default_factory=_contract_defaults)
    basic: dict[str, Any] = field(default_factory=_basic_defaults)
    pace: str = "normal"
    buy_prompt: str = DEFAULT_BUY_PROMPT  # one of BUY_PROMPTS
    four_colour: bool = False
    coach: str = "auto"  # one of COACH_CHOICES: the coach asks before a costly move (``ui.model.coach``)
    sound: bool = False  # a short sound when your turn or a buy offer comes while the page is hidden
    language: str = ""  # "en" or "fi" once chosen in the page; "" follows the browser
    # Who plays seats 1..7 (``SEAT_KINDS``): a computer player, or a friend at this device, and
    # the names typed for the friends ("": the default name, ``friend_name``). Kept for every
    # seat, so a friend's name survives choosing fewer players and back.
    seat_kinds: list[str] = field(default_factory=lambda: [SEAT_COMPUTER] * MAX_OPPONENTS)
    friends: list[str] = field(default_factory=lambda: [""] * MAX_OPPONENTS)

    def players_for(self, variant: str) -> int:
        return self.players.get(variant, DEFAULT_PLAYERS[variant])

    def display_name(self) -> str:
        return self.name or t("setup.name.default")

    def friend_name(self, seat: int) -> str:
        """The name of the friend at seat ``seat`` (1..7): as typed, or "Player 3" for seat 2."""
        return self.friends[seat - 1] or t("setup.friend.default", n=seat + 1)

    def here_seats(self, players: int) -> list[int]:
        """The seats 1 to ``players - 1`` that friends at this device play."""
        return [i for i in range(1, players) if self.seat_kinds[i - 1] == SEAT_HERE]

    def opponent_levels(self, players: int) -> list[str]:
        """The level of each computer player, seats 1 to ``players - 1``."""
        if self.same_level:
            return [self.level] * (players - 1)
        return list(self.levels[: players - 1])

    def to_dict(self) -> dict[str, Any]:
        return {"version": SETTINGS_VERSION, **asdict(self)}


def clean_name(text: Any) -> str:
    """The player's name as typed, made safe to keep: no control characters, spaces tidied, short."""
    if not isinstance(text, str):
        return ""
    text = re.sub(r"[\x00-\x1f\x7f]", " ", text)
    return " ".join(text.split())[:NAME_MAX]


def _whole(value: Any, low: int, high: int) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and re.fullmatch(r"\d{1,6}", value.strip()):
        value = int(value.strip())
    if isinstance(value, int) and low <= value <= high:
        return value
    return None


def settings_from_dict(data: Any) -> tuple[Settings, bool]:
    """Settings read back from storage, and whether every field was good.

    A bad field keeps its default; the caller then says once that settings were reset.
    """
    s = Settings()
    if data is None:
        return s, True
    if not isinstance(data, dict) or data.get("version") != SETTINGS_VERSION:
        return s, False
    good = [_read_player(s, data), _read_choices(s, data), _read_rules(s, data), _read_seats(s, data)]
    return s, all(good)


def _read_player(s: Settings, data: dict[str, Any]) -> bool:
    """Your name, the game, and the number of players for each game."""
    ok = True
    if isinstance(data.get("name"), str):
        s.name = clean_name(data["name"])
    elif "name" in data:
        ok = False
    if data.get("variant") in VARIANTS:
        s.variant = data["variant"]
    else:
        ok = False
    players = data.get("players")
    if not isinstance(players, dict):
        return False
    for variant in VARIANTS:
        n = _whole(players.get(variant), *PLAYERS[variant])
        if n is None:
            ok = False
        else:
            s.players[variant] = n
    return ok


def _read_choices(s: Settings, data: dict[str, Any]) -> bool:
    """The computer players' levels, the pace, the flags and the language."""
    ok = True
    for flag in ("same_level", "four_colour"):
        if isinstance(data.get(flag), bool):
            setattr(s, flag, data[flag])
        else:
            ok = False
    ok = _read_buy_prompt(s, data) and ok
    if data.get("coach") in COACH_CHOICES:  # absent in older settings: "auto"
        s.coach = data["coach"]
    elif "coach" in data:
        ok = False
    if isinstance(data.get("sound"), bool):  # absent in older settings: off
        s.sound = data["sound"]
    elif "sound" in data:
        ok = False
    if data.get("level") in LEVELS:
        s.level = data["level"]
    else:
        ok = False
    levels = data.get("levels")
    if isinstance(levels, list) and len(levels) == MAX_OPPONENTS and all(x in LEVELS for x in levels):
        s.levels = list(levels)
    else:
        ok = False
    if data.get("pace") in PACES:
        s.pace = data["pace"]
    else:
        ok = False
    if data.get("language") in LANGUAGE_CHOICES:
        s.language = data["language"]
    elif "language" in data:  # settings saved before the switch existed have none: that is fine
        ok = False
    return ok


def _read_seats(s: Settings, data: dict[str, Any]) -> bool:
    """Who plays seats 1..7 and the friends' names. Settings saved before friends could sit at
    the table have neither: that is fine (all computer players, default names), not a reset."""
    ok = True
    kinds = data.get("seat_kinds")
    if isinstance(kinds, list) and len(kinds) == MAX_OPPONENTS and all(k in SEAT_KINDS for k in kinds):
        s.seat_kinds = list(kinds)
    elif "seat_kinds" in data:
        ok = False
    friends = data.get("friends")
    if (
        isinstance(friends, list)
        and len(friends) == MAX_OPPONENTS
        and all(isinstance(f, str) for f in friends)
    ):
        s.friends = [clean_name(f) for f in friends]
    elif "friends" in data:
        ok = False
    return ok


def _read_buy_prompt(s: Settings, data: dict[str, Any]) -> bool:
    """The buy setting, or the older ``never_ask_buy`` flag it replaces (see ``DEFAULT_BUY_PROMPT``)."""
    if "buy_prompt" in data:
        if data["buy_prompt"] in BUY_PROMPTS:
            s.buy_prompt = data["buy_prompt"]
            return True
        return False
    old = data.get("never_ask_buy")
    if not isinstance(old, bool):
        return False
    s.buy_prompt = "never" if old else DEFAULT_BUY_PROMPT
    return True


def _read_rules(s: Settings, data: dict[str, Any]) -> bool:
    """Each game's house rules."""
    ok = True
    for variant in VARIANTS:
        given = data.get(variant)
        if not isinstance(given, dict):
            ok = False
            continue
        fixed, good = _house_rules_from(variant, given)
        setattr(s, variant, fixed)
        ok = ok and good
    return ok


def _house_rules_from(variant: str, given: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    out = _contract_defaults() if variant == CONTRACT else _basic_defaults()
    ok = True
    for key, default in list(out.items()):
        value = given.get(key, default)
        if key in ("runs_differ_in_suit", "ace_high"):
            good = isinstance(value, bool)
        elif key == "jokers":
            good = (value is None and variant == CONTRACT) or _whole(value, 0, MAX_JOKERS) is not None
        elif key == "max_buys":
            good = value is None or _whole(value, 0, 99) is not None
        elif key == "target":
            good = _whole(value, *TARGET_RANGE) is not None
        else:  # layout
            good = _whole(value, 0, 1) is not None
        if good:
            out[key] = value
        else:
            ok = False
    return out, ok


def engine_options(s: Settings, variant: str, players: int) -> dict[str, Any]:
    """The ``options`` for ``Game.new`` from the house rules chosen for ``variant``."""
    if variant == CONTRACT:
        c = s.contract
        opts: dict[str, Any] = {"runs_differ_in_suit": bool(c["runs_differ_in_suit"])}
        if c["jokers"] is not None:
            opts["jokers"] = c["jokers"]
        if c["max_buys"] is not None:
            opts["max_buys"] = c["max_buys"]
        return opts
    b = s.basic
    layouts = basic_layouts(players)
    decks, size = layouts[min(b["layout"], len(layouts) - 1)]
    return {
        "jokers": b["jokers"],
        "ace_high": bool(b["ace_high"]),
        "target": b["target"],
        "decks": decks,
        "hand_size": size,
    }


# --- the setup screen's house-rule controls --------------------------------------


@dataclass(frozen=True)
class Choice:
    value: str  # the form value
    label: str


@dataclass(frozen=True)
class HouseRule:
    """One control of the setup screen: a select (``choices``), a checkbox or a number."""

    key: str  # the form field and the settings key
    label: str
    help: str
    control: str  # "select", "check" or "number"
    value: str  # the current value as the form holds it ("1"/"" for a checkbox)
    default: str  # the default, in words
    choices: tuple[Choice, ...] = ()
    low: int = 0
    high: int = 0


def _standard_jokers(players: int) -> int:
    return 1 if players <= 4 else 2


def house_rules(s: Settings, variant: str, players: int) -> list[HouseRule]:
    """The house rules of RULES.md for ``variant``: control, current value, default, one line of help."""
    return _contract_rules(s, players) if variant == CONTRACT else _basic_rules(s, players)


def _contract_rules(s: Settings, players: int) -> list[HouseRule]:
    """Sitoumusrommi's: jokers, a limit on buys, runs of different suits (C2, C6, C4)."""
    off = t("opt.off")
    c = s.contract
    standard = _standard_jokers(players)
    decks = 2 if players <= 4 else 3
    joker_choices = [Choice("", t("opt.jokers.standard", count=standard))]
    for n in range(MAX_JOKERS + 1):
        label = t("opt.jokers.per_deck", count=n) if n == 2 * decks else str(n)
        joker_choices.append(Choice(str(n), label))
    buys = [Choice("", t("opt.max_buys.none"))] + [Choice(str(n), str(n)) for n in BUY_LIMITS]
    max_buys = c["max_buys"]
    if max_buys is not None and max_buys not in BUY_LIMITS:
        buys.append(Choice(str(max_buys), str(max_buys)))
    return [
        HouseRule(
            "jokers",
            t("opt.jokers"),
            t("opt.jokers.help.contract"),
            "select",
            "" if c["jokers"] is None else str(c["jokers"]),
            t("setup.default", value=t("opt.jokers.standard", count=standard)),
            tuple(joker_choices),
        ),
        HouseRule(
            "max_buys",
            t("opt.max_buys"),
            t("opt.max_buys.help"),
            "select",
            "" if max_buys is None else str(max_buys),
            t("setup.default", value=t("opt.max_buys.none")),
            tuple(buys),
        ),
        HouseRule(
            "runs_differ_in_suit",
            t("opt.runs_differ_in_suit"),
            t("opt.runs_differ_in_suit.help"),
            "check",
            "1" if c["runs_differ_in_suit"] else "",
            t("setup.default", value=off),
        ),
    ]


def _basic_rules(s: Settings, players: int) -> list[HouseRule]:
    """Perusrommi's: decks and hand size, jokers, ace high, the target score (B1, B3, B9)."""
    off = t("opt.off")
    b = s.basic
    layouts = basic_layouts(players)
    layout_choices = tuple(
        Choice(str(i), t("opt.layout.choice.one" if d == 1 else "opt.layout.choice", decks=d, size=h))
        for i, (d, h) in enumerate(layouts)
    )
    return [
        HouseRule(
            "layout",
            t("opt.layout"),
            t("opt.layout.help"),
            "select",
            str(min(b["layout"], len(layouts) - 1)),
            t("setup.default", value=layout_choices[0].label),
            layout_choices,
        ),
        HouseRule(
            "jokers",
            t("opt.jokers"),
            t("opt.jokers.help.basic"),
            "select",
            str(b["jokers"]),
            t("setup.default", value="0"),
            tuple(Choice(str(n), str(n)) for n in range(MAX_JOKERS + 1)),
        ),
        HouseRule(
            "ace_high",
            t("opt.ace_high"),
            t("opt.ace_high.help"),
            "check",
            "1" if b["ace_high"] else "",
            t("setup.default", value=off),
        ),
        HouseRule(
            "target",
            t("opt.target"),
            t("opt.target.help"),
            "number",
            str(b["target"]),
            t("setup.default", value="100"),
            low=TARGET_RANGE[0],
            high=TARGET_RANGE[1],
        ),
    ]


def apply_form(s: Settings, form: dict[str, Any]) -> Settings:
    """A copy of ``s`` with the setup form's values (strings and booleans as the page holds them).

    Values that do not parse keep what ``s`` had; the engine then validates the combination.
    """
    new, _ = settings_from_dict(s.to_dict())
    variant = form.get("variant")
    if variant in VARIANTS:
        new.variant = variant
    v = new.variant
    n = _whole(form.get("players"), *PLAYERS[v])
    if n is not None:
        new.players[v] = n
    if "name" in form:
        new.name = clean_name(form["name"])
    if isinstance(form.get("same_level"), bool):
        new.same_level = form["same_level"]
    if form.get("level") in LEVELS:
        new.level = form["level"]
    for i in range(MAX_OPPONENTS):
        if form.get(f"level{i + 1}") in LEVELS:
            new.levels[i] = form[f"level{i + 1}"]
        if form.get(f"seat{i + 1}") in SEAT_KINDS:
            new.seat_kinds[i] = form[f"seat{i + 1}"]
        if isinstance(form.get(f"friend{i + 1}"), str):
            new.friends[i] = clean_name(form[f"friend{i + 1}"])
    if form.get("pace") in PACES:
        new.pace = form["pace"]
    if form.get("buy_prompt") in BUY_PROMPTS:
        new.buy_prompt = form["buy_prompt"]
    if isinstance(form.get("four_colour"), bool):
        new.four_colour = form["four_colour"]
    if form.get("coach") in COACH_CHOICES:
        new.coach = form["coach"]
    rules = new.contract if v == CONTRACT else new.basic
    for key in rules:
        if key not in form:
            continue
        value = form[key]
        if key in ("runs_differ_in_suit", "ace_high"):
            if isinstance(value, bool):
                rules[key] = value
        elif key in ("jokers", "max_buys") and value == "" and (key == "max_buys" or v == CONTRACT):
            rules[key] = None
        else:
            high = {"jokers": MAX_JOKERS, "max_buys": 99, "target": TARGET_RANGE[1], "layout": 1}[key]
            low = TARGET_RANGE[0] if key == "target" else 0
            parsed = _whole(value, low, high)
            if parsed is not None:
                rules[key] = parsed
    return new


def pace_from_query(value: str | None) -> str | None:
    return value if value in PACES else None
