"""Rommi in the browser: the setup screen, the table, the computer players' turns.

Runs in Pyodide through PyScript (``<script type="py" src="./py/main.py">``).
Everything else under ``py/`` is copied into Pyodide's file system by the
``files`` of ``pyscript.json``, which ``tools/build.py`` generates.

This module is the thin part that touches the page: it reads and writes the
browser's storage, turns clicks and keys into calls on ``ui.app.App`` (which
sends every move through the engine), runs the computer players from an async
loop that yields to the browser between moves, and asks ``ui.render`` to draw.
When the page answers clicks it sets ``<html data-ready="true">``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from typing import Any
from urllib.parse import parse_qs

from js import document, localStorage, navigator, performance, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from rommi import IllegalAction
from rommi.bots import LEVELS
from rommi.options import PLAYERS, VARIANTS
from ui import render as draw
from ui.app import LEDGER_KEY, MAX_SEED, SAVE_KEY, SETTINGS_KEY, App, SaveError, clean_ledger, new_seed
from ui.dom import by_id, closest, nn, query
from ui.i18n import LANGUAGES, language_of, set_language, t
from ui.settings import PACE_SECONDS, PACES, apply_form, settings_from_dict
from ui.state import Screen

screen = Screen()
generation = 0  # bumped when a game starts, so an old computer-player loop stops
running = False
stats: dict[str, Any] = {"decisions": [], "turns": [], "renders": []}
RENDER_EVERY_MS = 120  # at the "instant" pace the table is redrawn at most this often


# =================================================================== storage
def storage_get(key: str) -> str | None:
    try:
        value = localStorage.getItem(key)
    except Exception:
        return None
    # A missing key is JavaScript's null, which Pyodide hands over as its own jsnull, not None.
    return value if isinstance(value, str) else None


def storage_set(key: str, value: Any) -> bool:
    try:
        localStorage.setItem(key, json.dumps(value, separators=(",", ":")))
    except Exception:
        return False
    return True


def storage_remove(key: str) -> None:
    with contextlib.suppress(Exception):
        localStorage.removeItem(key)


def save_game() -> None:
    if screen.app is not None and not storage_set(SAVE_KEY, screen.app.to_save()):
        note("note.saved_off")


def save_settings() -> None:
    storage_set(SETTINGS_KEY, screen.settings.to_dict())


# Page notes as (catalog key, parameters), worded again when the language changes; key "" is raw text.
note_sources: list[tuple[str, dict[str, Any]]] = []
notice_source: tuple[str, str] | None = None  # why the saved game could not be continued (key, detail)
url: dict[str, Any] = {"lang": None, "embed": False, "setup": False}
posted: set[tuple[Any, ...]] = set()  # the messages already sent to an embedding page


def note(text: str, **params: Any) -> None:
    """A page-wide note: ``text`` is a catalog key (with ``params``), or else shown as it is."""
    source = (text, params) if params or text.startswith(("setup.", "note.")) else ("", {"text": text})
    if source not in note_sources:
        note_sources.append(source)
    reword_notes()


def reword_notes() -> None:
    screen.notes = [p["text"] if not k else t(k, **p) for k, p in note_sources]


def announce(text: str) -> None:
    live = by_id("live")
    if live is not None and text:
        live.textContent = text


# ====================================================================== boot
def shown_value(value: str) -> str:
    """A URL value as a note shows it: at most 20 characters."""
    return value[:20] + ("…" if len(value) > 20 else "")


def read_query() -> None:
    """Parameters of the address, for links and reproducible games; a bad one is ignored with a note.

    ``?variant=basic&players=3&level=hard&seed=7&lang=fi&pace=instant&embed=1``. They preset the
    setup form (``seed``: the next new game's deal); nothing here can break the page.
    """
    try:
        search = str(window.location.search).lstrip("?")[:200_000]
        query = parse_qs(search, keep_blank_values=True, max_num_fields=50)
    except ValueError:
        query = {}
    first = {name: values[0] for name, values in query.items() if values}
    if "lang" in first:
        if first["lang"] in LANGUAGES:
            url["lang"] = first["lang"]
        else:
            note("setup.url_note", param="lang", value=shown_value(first["lang"]))
    if "embed" in first:
        if first["embed"] in ("0", "1"):
            url["embed"] = first["embed"] == "1"
        else:
            note("setup.url_note", param="embed", value=shown_value(first["embed"]))
    if "seed" in first:
        value = first["seed"]
        if re.fullmatch(r"[0-9]{1,6}", value) and 1 <= int(value) <= MAX_SEED:
            screen.seed_from_url = int(value)
        else:
            note("setup.url_note", param="seed", value=shown_value(value))
    if "pace" in first:
        if first["pace"] in PACES:
            screen.pace_override = first["pace"]
        else:
            note("setup.url_note", param="pace", value=shown_value(first["pace"]))
    for name in ("variant", "players", "level"):
        if name in first:
            url[name] = first[name]


def apply_query_setup() -> None:
    """``variant``, ``players`` and ``level`` from the address preset the setup form."""
    form = screen.form
    if "variant" in url:
        if url["variant"] in VARIANTS:
            form.variant = url["variant"]
            url["setup"] = True
        else:
            note("setup.url_note", param="variant", value=shown_value(url["variant"]))
    if "players" in url:
        value = url["players"]
        low, high = PLAYERS[form.variant]
        if re.fullmatch(r"[0-9]{1,2}", value) and low <= int(value) <= high:
            form.players[form.variant] = int(value)
            url["setup"] = True
        else:
            note("setup.url_note", param="players", value=shown_value(value))
    if "level" in url:
        if url["level"] in LEVELS:
            form.same_level = True
            form.level = url["level"]
            url["setup"] = True
        else:
            note("setup.url_note", param="level", value=shown_value(url["level"]))


# ================================================================ languages
def pick_language() -> str:
    """The address's ``lang``, else the one chosen in the page, else the browser's."""
    if url["lang"]:
        return str(url["lang"])
    if screen.settings.language in LANGUAGES:
        return screen.settings.language
    try:
        return language_of(str(navigator.language))
    except Exception:
        return "en"


def apply_language(lang: str) -> None:
    """Word the whole page in ``lang``: catalog, ``<html lang>``, fixed controls, rules link."""
    lang = set_language(lang)
    document.documentElement.setAttribute("lang", lang)
    label_static()
    pace = by_id("pace")
    if pace is not None:
        pace.replaceChildren()  # refilled in the new language by the next draw
    switch = by_id("lang")
    if switch is not None:
        switch.value = lang
    rules = by_id("rules-link")
    if rules is not None:
        rules.setAttribute("href", f"rules/{lang}.html")
    reword_notes()
    if notice_source is not None:
        screen.setup_notice = t(notice_source[0], detail=notice_source[1])
    draw.forget()


def on_language(event: Any) -> None:
    try:
        value = str(event.target.value)
        if value not in LANGUAGES:
            return
        screen.settings.language = value
        screen.form.language = value
        url["lang"] = None  # the page's choice now wins over the address
        save_settings()
        apply_language(value)
        show()
    except Exception as e:
        report(e)


# ====================================================== the embedding page
def embedded() -> bool:
    return bool(document.documentElement.getAttribute("data-framed") == "true")


def post(kind: str, **data: Any) -> None:
    """Tell the page around us (only when embedded): ``{"source": "rommi", "type": kind, ...}``."""
    if not embedded():
        return
    message = {"source": "rommi", "type": kind, **data}
    with contextlib.suppress(Exception):
        window.parent.postMessage(window.JSON.parse(json.dumps(message)), "*")


def post_game_started(app: App) -> None:
    v = app.view()
    post(
        "game-started",
        variant=v["variant"],
        players=v["players"],
        names=app.names,
        levels=[s.level for s in app.seats],
        seed=app.seed,
        deals=v["deals"],
    )


def post_results(app: App) -> None:
    """``deal-over`` (and ``match-over`` at the end) once each per deal."""
    v = app.view()
    key = (app.seed, v["deal"], v["phase"])
    if key in posted:
        return
    posted.add(key)
    rows = v["deal_scores"]
    post(
        "deal-over",
        deal=v["deal"],
        names=app.names,
        scores=list(rows[-1]) if rows else [],
        totals=list(v["scores"]),
        went_out=v["went_out"],
    )
    if v["over"]:
        post(
            "match-over",
            variant=v["variant"],
            names=app.names,
            totals=list(v["scores"]),
            winners=[app.names[i] for i in v["winners"]],
            winner_seats=list(v["winners"]),
        )


def load() -> None:
    global notice_source
    raw = storage_get(SETTINGS_KEY)
    data = None
    if raw is not None:
        try:
            data = json.loads(raw)
        except ValueError:
            data = {}
    screen.settings, ok = settings_from_dict(data)
    apply_language(pick_language())
    if not ok:
        note("setup.settings_reset")
    screen.form, _ = settings_from_dict(screen.settings.to_dict())
    apply_query_setup()
    raw = storage_get(LEDGER_KEY)
    try:
        screen.ledger = clean_ledger(json.loads(raw) if raw else None)
    except ValueError:
        screen.ledger = clean_ledger(None)
    raw = storage_get(SAVE_KEY)
    if raw is None:
        return
    try:
        try:
            data = json.loads(raw)
        except ValueError as e:
            raise SaveError("setup.save_corrupt", f"not JSON: {e}") from None
        app = App.from_save(data)
    except SaveError as e:
        notice_source = (e.key, e.detail[:200])
        screen.setup_notice = t(e.key, detail=e.detail[:200])
        # Keep the unreadable save aside (a player may want it), out of the way of a new game.
        with contextlib.suppress(Exception):
            localStorage.setItem(SAVE_KEY + ".unreadable", raw)
        storage_remove(SAVE_KEY)
        return
    app.never_ask_buy = screen.settings.never_ask_buy
    screen.app = app
    screen.screen = "setup" if url["setup"] else "table"  # a link's game choice shows the setup form
    screen.sheet_open = app.phase() in ("deal_over", "match_over")


def storage_works() -> bool:
    try:
        localStorage.setItem("rommi.probe", "1")
        localStorage.removeItem("rommi.probe")
    except Exception:
        return False
    return True


# ==================================================================== drawing
last_render = 0.0


def show() -> None:
    global last_render
    start = performance.now()
    draw.render(screen)
    last_render = performance.now()
    stats["renders"].append(round(last_render - start, 1))
    del stats["renders"][:-200]


def refused(error: IllegalAction) -> None:
    app = screen.app
    text = app.refusal_text(error) if app is not None else str(error)
    screen.refusal = text
    announce(t("refused", message=text))


# ================================================================ your moves
def after_move() -> None:
    """After any move of yours: save, draw, let the computer players go on."""
    app = screen.app
    if app is None:
        return
    if app.phase() in ("deal_over", "match_over"):
        finished()
    save_game()
    show()
    start_bots()


def finished() -> None:
    """A deal (or the match) is over: open the score sheet; record the match in the ledger once."""
    app = screen.app
    if app is None:
        return
    screen.sheet_open = True
    screen.chooser = None
    post_results(app)
    if app.view()["over"]:
        ledger = app.record_match(screen.ledger)
        if ledger is not screen.ledger:
            screen.ledger = ledger
            storage_set(LEDGER_KEY, ledger)


def act(result: IllegalAction | None) -> None:
    if result is not None:
        refused(result)
        show()
        return
    after_move()


def start_game() -> None:
    global generation
    values = read_form()
    settings = apply_form(screen.form, values)
    seed = screen.seed_from_url or new_seed()
    try:
        app = App.new_match(settings, seed)
    except ValueError as e:
        screen.form = settings
        screen.setup_error = t("setup.bad_options", detail=str(e))
        show()
        return
    screen.seed_from_url = None  # the address's seed is for the first game only
    generation += 1
    screen.settings = settings
    screen.form, _ = settings_from_dict(settings.to_dict())
    save_settings()
    app.never_ask_buy = settings.never_ask_buy
    screen.app = app
    screen.screen = "table"
    screen.setup_notice = None
    screen.setup_error = None
    screen.sheet_open = False
    screen.clear_messages()
    draw.forget()
    save_game()
    show()
    post_game_started(app)
    focus_first_card()
    start_bots()


def focus_first_card() -> None:
    node = query("#hand button.card, #centre .pile.live")
    if node is not None:
        node.focus()


def read_form() -> dict[str, Any]:
    form = by_id("setup-form")
    values: dict[str, Any] = {}
    if form is None:
        return values
    for node in form.elements:
        name = node.name
        if not name:
            continue
        if node.type == "checkbox":
            values[name] = bool(node.checked)
        elif node.type == "radio":
            if node.checked:
                values[name] = str(node.value)
        else:
            values[name] = str(node.value)
    return values


def selected_cards() -> list[int]:
    return list(screen.app.selected) if screen.app else []


def lay_off(meld: int | None, swap_only: bool = False) -> None:
    """Play the selected cards onto a meld: do it if only one way fits, ask if several."""
    app = screen.app
    if app is None:
        return
    uids = selected_cards()
    if not uids:
        screen.message = t("prompt.select")
        show()
        return
    if swap_only and len(uids) != 1:
        screen.message = t("choose.one_card")
        show()
        return
    options = app.options_for(uids, meld, swap_only)
    if not options:
        screen.refusal = app.why_not(uids, meld) if meld is not None else app.nowhere(uids, swap_only)
        announce(t("refused", message=screen.refusal))
        show()
        return
    if len(options) == 1:
        act(app.apply(options[0].action, uids))
        return
    screen.chooser = options
    screen.chooser_uids = uids
    show()
    first = query("#chooser button")
    if first is not None:
        first.focus()


# ================================================================== clicks
def on_click(event: Any) -> None:
    try:
        handle_click(event)
    except Exception as e:  # never leave the page dead: say so, and let the console have it
        report(e)


def report(error: BaseException) -> None:
    import traceback

    window.console.error("Rommi: " + "".join(traceback.format_exception(error)))
    note(f"Something went wrong: {type(error).__name__}: {error}"[:300])
    show()


def handle_click(event: Any) -> None:
    target = closest(event.target, "[data-act]")
    if target is None or target.disabled:
        return
    name = str(target.getAttribute("data-act"))
    if name in ("start", "continue"):
        if name == "start":
            start_game()
        else:
            screen.screen = "table"
            draw.forget()
            show()
        return
    app = screen.app
    if app is None:
        return
    if name == "buy-never":
        return
    chooser, chooser_uids = screen.chooser, screen.chooser_uids
    keep_messages = name in ("card", "draft-card", "put", "clear-selection")
    if not keep_messages:
        screen.clear_messages()
    elif name != "card":
        screen.refusal = None
    index = _int(target.getAttribute("data-index"))
    if name == "card":
        if screen.drag_moved:
            screen.drag_moved = False
            return
        uid = _int(target.getAttribute("data-uid"))
        if uid is not None:
            app.toggle(uid)
            screen.chooser = None
        show()
        save_game()
    elif name == "draw-stock":
        act(app.draw("stock"))
    elif name == "draw-discard":
        act(app.draw("discard"))
    elif name == "buy":
        act(app.buy())
    elif name == "pass":
        box = by_id("buy-never")
        if box is not None and box.checked:
            screen.settings.never_ask_buy = True
            screen.form.never_ask_buy = True
            app.never_ask_buy = True
            save_settings()
        act(app.pass_buy())
    elif name == "discard":
        uids = selected_cards()
        if len(uids) == 1:
            act(app.discard(uids[0]))
    elif name == "meld":
        mid = _int(target.getAttribute("data-meld"))
        if not app.selected:
            screen.message = t("prompt.select") + " " + t("choose.pick_meld")
            show()
        else:
            lay_off(mid)
    elif name == "lay-off":
        lay_off(None)
    elif name == "swap":
        lay_off(None, swap_only=True)
    elif name == "choose":
        if chooser and index is not None and 0 <= index < len(chooser):
            act(app.apply(chooser[index].action, chooser_uids))
    elif name == "choose-cancel":
        screen.chooser = None
        show()
    elif name == "clear-selection":
        app.selected = []
        show()
        save_game()
    elif name == "new-meld":
        app.area.add(app.area.slot_for(app.selected, app.code), app.selected)
        app.selected = []
        ui_changed()
    elif name == "put" and index is not None:
        app.area.add(index, app.selected)
        app.selected = []
        ui_changed()
    elif name == "draft-card":
        uid = _int(target.getAttribute("data-uid"))
        if uid is not None:
            app.area.take([uid])
        ui_changed()
    elif name == "draft-kind" and index is not None:
        app.area.set_kind(index, str(target.getAttribute("data-value")))
        ui_changed()
    elif name == "draft-remove" and index is not None:
        app.area.remove_draft(index)
        ui_changed()
    elif name in ("joker-low", "joker-high") and index is not None:
        app.area.move_joker(index, "low" if name == "joker-low" else "high", app.code, app.ace_high)
        ui_changed()
    elif name == "ace" and index is not None:
        app.area.set_ace(index, target.getAttribute("data-value") == "high")
        ui_changed()
    elif name == "area-clear":
        app.area.clear()
        ui_changed()
    elif name == "lay-down":
        act(app.lay_down())
    elif name == "sort-suit":
        app.sort("suit")
        ui_changed()
    elif name == "sort-rank":
        app.sort("rank")
        ui_changed()
    elif name == "hint":
        give_hint()
    elif name == "next-deal":
        screen.sheet_open = False
        act(app.next_deal())
    elif name == "scores":
        screen.sheet_open = True
        show()
        focus("#sheet-dialog button")
    elif name == "sheet-close":
        screen.sheet_open = False
        show()
    elif name in ("new-game", "menu-new-game"):
        screen.screen = "setup"
        screen.form, _ = settings_from_dict(screen.settings.to_dict())
        draw.forget()
        show()
        focus("#setup-form input, #setup-form button")


def focus(selector: str) -> None:
    node = query(selector)
    if node is not None:
        node.focus()


def ui_changed() -> None:
    """The table's own state changed (selection, order, lay-down area): draw and keep it."""
    show()
    save_game()


def give_hint() -> None:
    app = screen.app
    if app is None:
        return
    found = app.hint()
    if found is None:
        screen.message = t("table.hint.none")
    else:
        from ui.i18n import reason

        # The reason names the move and says why ("Take the 5♣: with it you can lay down the contract").
        text = t(
            "table.hint.text", reason=reason(found["reason"]["key"], found["reason"]["params"], app.seat_name)
        )
        screen.hint = {"text": text, "cards": app.hint_cards(found["action"])}
        announce(text)
    show()


def _int(value: Any) -> int | None:
    try:
        return int(str(value))
    except ValueError:
        return None


def on_change(event: Any) -> None:
    try:
        target = event.target
        if target.id == "pace":
            value = str(target.value)
            if value in PACES:
                screen.settings.pace = value
                screen.form.pace = value
                screen.pace_override = None
                save_settings()
                show()
            return
        in_form = screen.screen == "setup" and closest(target, "#setup-form") is not None
        if in_form and target.name in ("variant", "players", "same_level"):
            screen.form = apply_form(screen.form, read_form())
            screen.setup_error = None
            show()
    except Exception as e:
        report(e)


# ============================================== keyboard and drag in the hand
drag: dict[str, Any] = {}


def on_keydown(event: Any) -> None:
    try:
        app = screen.app
        if app is None or not event.altKey or event.key not in ("ArrowLeft", "ArrowRight"):
            return
        card = closest(event.target, "#hand button.card")
        if card is None:
            return
        event.preventDefault()
        uid = _int(card.getAttribute("data-uid"))
        row = [u for u, _ in app.in_hand_row()]
        if uid is None or uid not in row:
            return
        step = -1 if event.key == "ArrowLeft" else 1
        at = row.index(uid) + step
        if 0 <= at < len(row):
            app.hand.move(uid, app.hand.uids().index(row[at]))
            ui_changed()
    except Exception as e:
        report(e)


def on_pointerdown(event: Any) -> None:
    card = closest(event.target, "#hand button.card")
    if card is None or event.button != 0:
        return
    drag.clear()
    drag.update(
        uid=_int(card.getAttribute("data-uid")), x=event.clientX, y=event.clientY, node=card, moving=False
    )
    screen.drag_moved = False


def on_pointermove(event: Any) -> None:
    if not drag or drag.get("uid") is None:
        return
    dx = event.clientX - drag["x"]
    if not drag["moving"]:
        if abs(dx) < 10 or abs(event.clientY - drag["y"]) > 40:
            return
        drag["moving"] = True
        drag["node"].classList.add("dragging")
        with contextlib.suppress(Exception):
            drag["node"].setPointerCapture(event.pointerId)
    drag["node"].style.transform = f"translate({dx}px, -0.6rem)"


def on_pointerup(event: Any) -> None:
    try:
        if not drag:
            return
        moving, node, uid = drag.get("moving"), drag.get("node"), drag.get("uid")
        drag.clear()
        if not moving or uid is None or node is None or screen.app is None:
            return
        screen.drag_moved = True  # the click that follows is not a selection
        node.style.transform = ""
        node.classList.remove("dragging")
        app = screen.app
        row = [u for u, _ in app.in_hand_row()]
        # The card goes where the pointer is, among the others' centres.
        others = [n for n in document.querySelectorAll("#hand button.card") if n != node]
        position = 0
        for other in others:
            box = other.getBoundingClientRect()
            if event.clientX > box.left + box.width / 2:
                position += 1
        rest = [u for u in row if u != uid]
        if position < len(rest):
            target = app.hand.uids().index(rest[position])
            if app.hand.uids().index(uid) < target:
                target -= 1
        else:
            target = app.hand.uids().index(rest[-1]) if rest else 0
            if app.hand.uids().index(uid) > target:
                target += 1
        app.hand.move(uid, target)
        ui_changed()
        window.setTimeout(create_proxy(lambda: setattr(screen, "drag_moved", False)), 0)
    except Exception as e:
        report(e)


# ====================================================== the computer players
tasks: set[asyncio.Future[None]] = set()  # kept, so a running loop is never collected


def start_bots() -> None:
    if not running and screen.app is not None:
        task = asyncio.ensure_future(bot_loop())
        tasks.add(task)
        task.add_done_callback(tasks.discard)


async def bot_loop() -> None:
    """Let the computer players move until it is your turn, at the chosen pace.

    Between every decision the loop awaits, so the browser handles input and repaints.
    """
    global running
    running = True
    mine = generation
    screen.busy = True
    turn_start: float | None = None
    turn_seat: int | None = None
    try:
        while screen.app is not None and mine == generation:
            app = screen.app
            if app.must_auto_pass():
                app.auto_pass()
                save_game()
                continue
            seat = app.bot_to_act()
            if seat is None:
                break
            delay = PACE_SECONDS.get(screen.pace, 0.0)
            if app.phase() == "buy":
                delay /= 3  # a pass is quick at a real table too
            if delay:
                show()
                await asyncio.sleep(delay)
            else:
                await asyncio.sleep(0)
            if mine != generation or screen.app is not app or app.bot_to_act() != seat:
                continue
            if turn_seat != seat or app.phase() == "draw":
                turn_start, turn_seat = performance.now(), seat
            start = performance.now()
            _, action = app.bot_step()
            decided = performance.now()
            stats["decisions"].append(round(decided - start, 2))
            if action["type"] == "discard" or app.phase() in ("deal_over", "match_over"):
                if turn_start is not None:
                    stats["turns"].append(round(decided - turn_start, 2))
                turn_start = turn_seat = None
            del stats["decisions"][:-2000]
            del stats["turns"][:-500]
            save_game()
            if app.phase() in ("deal_over", "match_over"):
                finished()
                break
            if delay or performance.now() - last_render > RENDER_EVERY_MS:
                show()
                announce(_last_line(app))
    except Exception as e:
        report(e)
    finally:
        running = False
        screen.busy = False
        if mine != generation:
            start_bots()  # a new game began while this loop waited: its players take over
        else:
            save_game()
            show()
            if screen.app is not None:
                announce(_last_line(screen.app))
                if screen.app.human_to_act():
                    focus_turn()


def focus_turn() -> None:
    """When it becomes your turn, put the keyboard where the move is (if focus was nowhere useful)."""
    active = nn(document.activeElement)
    if active is not None and active != document.body:
        return
    focus("#buy-panel button, #centre .pile.live")


def _last_line(app: App) -> str:
    from ui.logtext import log_lines

    lines = log_lines(app.view(), app.names)
    return lines[-1] if lines else ""


# ======================================================================= go
def label_static() -> None:
    """The page's fixed controls get their words from the catalog."""
    for node in document.querySelectorAll("[data-text]"):
        node.textContent = t(str(node.getAttribute("data-text")))
    for node in document.querySelectorAll("[data-label]"):
        node.setAttribute("aria-label", t(str(node.getAttribute("data-label"))))


def main() -> None:
    read_query()
    if not storage_works():
        note("setup.storage_off")
    load()
    label_static()
    if url["embed"]:
        document.documentElement.setAttribute("data-embed", "true")
    switch = by_id("lang")
    if switch is not None:
        switch.addEventListener("change", create_proxy(on_language))
    by_id("pagebar").hidden = False
    root = by_id("app")
    root.addEventListener("click", create_proxy(on_click))
    root.addEventListener("change", create_proxy(on_change))
    root.addEventListener("keydown", create_proxy(on_keydown))
    hand = by_id("hand")
    hand.addEventListener("pointerdown", create_proxy(on_pointerdown))
    hand.addEventListener("pointermove", create_proxy(on_pointermove))
    hand.addEventListener("pointerup", create_proxy(on_pointerup))
    hand.addEventListener("pointercancel", create_proxy(lambda e: drag.clear()))
    # For tests and benchmarks: each computer decision, each computer turn and each redraw, in ms.
    window.rommiStatsNow = create_proxy(lambda: json.dumps(stats))
    show()
    document.documentElement.setAttribute("data-ready", "true")
    start_bots()


main()
