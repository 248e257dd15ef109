"""The setup screen: the form for a new game (game, players, computer players, house rules, table).

Browser only: it draws through ``browser.dom``, which does ``from js import document``.
The form is redrawn only when the settings in it or its notices change.
"""

from __future__ import annotations

import json
from typing import Any

from browser.dom import button, by_id, el, fill, real
from browser.firstpaint import adopt
from browser.render.tutorial import learn_button
from rommi.bots import LEVELS
from rommi.options import PLAYERS, VARIANTS
from ui.commands.acts import Act
from ui.draw.regions import changed
from ui.model.settings import (
    BUY_PROMPTS,
    COACH_CHOICES,
    DEFAULT_BUY_PROMPT,
    MAX_OPPONENTS,
    NAME_MAX,
    PACES,
    SEAT_HERE,
    SEAT_KINDS,
    HouseRule,
    Settings,
    house_rules,
    settings_from_dict,
)
from ui.screen import Screen, game_notice
from ui.words.i18n import t
from ui.words.text_en import BOT_NAMES


def setup(s: Screen) -> None:
    """Draw the setup form when the form, its notices or the game in progress changed."""
    sig = (json.dumps(s.form.to_dict(), sort_keys=True), s.setup_notice, s.setup_error, s.app is not None)
    if not changed("setup", sig):
        return
    form = real(setup_form(s))
    holder = by_id("setup")
    if not adopt(holder, form):  # the form shown before Python ran stays if it is this one
        fill(holder, [form])


def setup_form(s: Screen) -> Any:
    """The setup form for the screen's state (not yet in the page)."""
    f = s.form
    v = f.variant
    players = f.players_for(v)
    # The buttons come first: on the first screen at any size, and nothing sticks over the form's
    # fields (a bar kept at the window's foot covered whichever field the form's height put there).
    body = [
        *_intro(s),
        *_closing(s),
        _games(f, v),
        _people(f, v, players),
        _who_sits_where(f, players),
        _house_rules(f, v, players),
        _at_the_table(f),
    ]
    return el("form", "setup-form", id="setup-form", novalidate=True, children=body)


def next_visit_form(settings: Settings) -> Any:
    """The form the next visit opens on with these settings stored: no game, no notices."""
    form, _ = settings_from_dict(settings.to_dict())
    return real(setup_form(Screen(settings=settings, form=form)))


def _intro(s: Screen) -> list[Any]:
    """The title, why a saved game could not be continued, and the game in progress."""
    parts = [el("h2", None, t("setup.title"), id="setup-title")]
    if s.setup_notice:
        parts.append(el("p", "notice", s.setup_notice, role="alert", id="setup-notice"))
    if s.app is not None:
        parts.append(el("p", "notice info", game_notice(s.app)))
    return parts


def _games(f: Settings, chosen: str) -> Any:
    """The choice of game: one radio button per variant, with its help."""
    games = [_variant_choice(f, variant, variant == chosen) for variant in VARIANTS]
    learn = el("div", "setup-learn", children=learn_button(chosen))  # beside the choice, on the first screen
    return el("fieldset", "games", children=[el("legend", None, t("setup.game")), *games, learn])


def _variant_choice(f: Settings, variant: str, chosen: bool) -> Any:
    """One game to choose: its radio button, name and help in one label."""
    rid = f"variant-{variant}"
    radio = el("input", type="radio", name="variant", value=variant, id=rid, checked=chosen)
    return el(
        "label",
        "choice" + (" chosen" if chosen else ""),
        for_=rid,
        children=[
            radio,
            el("span", "choice-name", t("setup.variant." + variant)),
            el("span", "help", t(f"setup.variant.{variant}.help", target=f.basic["target"])),
        ],
    )


def _people(f: Settings, v: str, players: int) -> Any:
    """How many play, and your name."""
    low, high = PLAYERS[v]
    options = [el("option", None, str(n), value=n, selected=n == players) for n in range(low, high + 1)]
    player_select = el("select", name="players", id="players", children=options)
    name_input = el(
        "input",
        type="text",
        name="name",
        id="name",
        maxlength=NAME_MAX,
        autocomplete="nickname",
        placeholder=t("setup.name.default"),
        value=f.name or None,  # an attribute, so the form drawn before Python shows it too
    )
    friends = len(f.here_seats(min(players, MAX_OPPONENTS + 1)))
    computers = players - 1 - friends
    if friends:
        players_help = t("setup.players.help.friends", friends=friends, count=computers)
    else:
        players_help = t("setup.players.help", count=computers)
    return el(
        "fieldset",
        "people",
        children=[
            el("legend", None, t("setup.players")),
            _field(t("setup.players"), "players", player_select, players_help),
            _field(t("setup.name"), "name", name_input, None),
        ],
    )


def _who_sits_where(f: Settings, players: int) -> Any:
    """Who plays each seat after yours: a computer player (with its level: one for all, or one
    each) or a friend at this device (with a name). Choosing who plays a seat redraws the form."""
    seats = range(1, min(players - 1, MAX_OPPONENTS) + 1)
    computers = [seat for seat in seats if f.seat_kinds[seat - 1] != SEAT_HERE]
    same = el("input", type="checkbox", name="same_level", id="same_level", checked=f.same_level)
    rows = [el("legend", None, t("setup.who")), _check(same, t("setup.same_level"), "same_level", None)]
    if f.same_level and computers:
        rows.append(_field(t("setup.level"), "level", _level_select("level", f.level), _level_help(f.level)))
    rows += [_seat_row(f, seat) for seat in seats]
    return el("fieldset", "opponents-setup", children=rows)


def _seat_row(f: Settings, seat: int) -> Any:
    """One seat (1..7, "Seat 2" for seat 1): who plays it, then the friend's name or the
    computer player's level (its name, when one level is for all)."""
    sid, here = f"seat{seat}", f.seat_kinds[seat - 1] == SEAT_HERE
    kinds = [
        el("option", None, t("setup.seat." + kind), value=kind, selected=kind == f.seat_kinds[seat - 1])
        for kind in SEAT_KINDS
    ]
    label = el("label", None, t("setup.seat", n=seat + 1), for_=sid, id=f"{sid}-label")
    who = el("select", name=sid, id=sid, children=kinds)
    parts = [label, who]
    if not here and f.same_level:  # the computer player's name, said with the seat
        who.setAttribute("aria-describedby", f"{sid}-help")
        parts.append(el("span", "help", BOT_NAMES[seat - 1], id=f"{sid}-help"))
    row = [el("div", "field", children=parts)]
    if here:
        row.append(_friend_field(f, seat))
    elif not f.same_level:
        name, level = f"level{seat}", f.levels[seat - 1]
        row.append(_field(BOT_NAMES[seat - 1], name, _level_select(name, level), _level_help(level)))
    return el("div", "seat-row", data_seat=seat, children=row)


def _friend_field(f: Settings, seat: int) -> Any:
    """The name of the friend at ``seat``, named with its seat ("Seat 2 Name") so that each of
    the rows' name fields has a name of its own; empty, the friend is "Player 2"."""
    fid = f"friend{seat}"
    box = el(
        "input",
        type="text",
        name=fid,
        id=fid,
        maxlength=NAME_MAX,
        autocomplete="off",
        placeholder=t("setup.friend.default", n=seat + 1),
        value=f.friends[seat - 1] or None,  # an attribute, as your name's
        aria_labelledby=f"seat{seat}-label {fid}-label",
    )
    label = el("label", None, t("setup.seat.name"), for_=fid, id=f"{fid}-label")
    return el("div", "field", children=[label, box])


def _house_rules(f: Settings, v: str, players: int) -> Any:
    """The house rules of the chosen game, each with its help and default."""
    rules = [el("legend", None, t("setup.house_rules"))]
    rules += [_house_rule(rule) for rule in house_rules(f, v, players)]
    return el("fieldset", "house-rules", children=rules)


def _house_rule(rule: HouseRule) -> Any:
    """One house rule as a select, a checkbox or a number field."""
    fid = f"opt-{rule.key}"
    help_text = f"{rule.help} ({rule.default})"
    if rule.control == "select":
        choices = [
            el("option", None, c.label, value=c.value, selected=c.value == rule.value) for c in rule.choices
        ]
        return _field(rule.label, fid, el("select", name=rule.key, id=fid, children=choices), help_text)
    if rule.control == "check":
        box = el("input", type="checkbox", name=rule.key, id=fid, checked=rule.value == "1")
        return _check(box, rule.label, fid, help_text)
    control = el(
        "input", type="number", name=rule.key, id=fid, min=rule.low, max=rule.high, step=1, value=rule.value
    )
    return _field(rule.label, fid, control, help_text)


def _at_the_table(f: Settings) -> Any:
    """How the table behaves: the pace, when to ask about buying, four-colour suits."""
    paces = [el("option", None, t("pace." + p), value=p, selected=p == f.pace) for p in PACES]
    pace = el("select", name="pace", id="pace-setup", children=paces)
    asks = [el("option", None, t("buy.ask." + c), value=c, selected=c == f.buy_prompt) for c in BUY_PROMPTS]
    ask = el("select", name="buy_prompt", id="buy-prompt-setup", children=asks)
    ask_help = (
        t("setup.buy_prompt.help") + " (" + t("setup.default", value=t("buy.ask." + DEFAULT_BUY_PROMPT)) + ")"
    )
    four = el("input", type="checkbox", name="four_colour", id="four_colour", checked=f.four_colour)
    coaches = [
        el("option", None, t("coach.choice." + c), value=c, selected=c == f.coach) for c in COACH_CHOICES
    ]
    coach = el("select", name="coach", id="coach-setup", children=coaches)
    return el(
        "fieldset",
        "table-setup",
        children=[
            el("legend", None, t("setup.table")),
            _field(t("setup.pace"), "pace-setup", pace, t("setup.pace.help")),
            _field(t("buy.ask"), "buy-prompt-setup", ask, ask_help),
            _field(t("setup.coach"), "coach-setup", coach, t("setup.coach.help")),
            _check(four, t("setup.four_colour"), "four_colour", t("setup.four_colour.help")),
        ],
    )


def _closing(s: Screen) -> list[Any]:
    """Why the house rules do not work (if so), and the buttons to start or continue."""
    parts = []
    if s.setup_error:
        parts.append(el("p", "refusal", s.setup_error, role="alert"))
    actions = [button(t("setup.start"), Act.START, "primary")]
    if s.app is not None:  # a finished match is not continued: its final scores are shown
        over = s.app.view()["over"]
        actions.append(button(t("setup.final_scores" if over else "setup.continue"), Act.CONTINUE))
    actions.append(button(t("online.play"), Act.ONLINE))  # the online table's lobby
    actions.append(button(t("setup.stats"), Act.STATS, "quiet"))
    parts.append(el("div", "setup-actions", children=actions))
    return parts


def _field(label: str, fid: str, control: Any, help_text: str | None) -> Any:
    """A labelled control, with its help text as its description."""
    parts = [el("label", None, label, for_=fid), control]
    if help_text:
        hid = f"{fid}-help"
        control.setAttribute("aria-describedby", hid)
        parts.append(el("span", "help", help_text, id=hid))
    return el("div", "field", children=parts)


def _check(box: Any, label: str, fid: str, help_text: str | None) -> Any:
    """A checkbox inside its label, with its help text as its description."""
    parts = [el("label", "check", for_=fid, children=[box, el("span", None, label)])]
    if help_text:
        hid = f"{fid}-help"
        box.setAttribute("aria-describedby", hid)
        parts.append(el("span", "help", help_text, id=hid))
    return el("div", "field", children=parts)


def _level_help(level: str) -> str:
    """What the chosen level plays like, in one line."""
    return t(f"setup.level.{level}.help")


def _level_select(name: str, value: str) -> Any:
    """A select of the computer players' levels."""
    options = [el("option", None, t("setup.level." + lv), value=lv, selected=lv == value) for lv in LEVELS]
    return el("select", name=name, id=name, children=options)
