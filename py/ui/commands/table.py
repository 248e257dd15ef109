"""What each control does: one ``Act`` per ``data-act`` value (``ui.commands.acts``), one handler per act.

A click becomes a ``Target`` (the act and the data the control carries, read
off the page by ``main.py``); ``handle(screen, target)`` changes the screen's
state and the table (every move goes through the one move path, ``ui.play``, to
the engine, as the computer players' moves do) and returns the ``Effects`` the
page must then carry out: save, redraw, run the computer players, move the
focus, announce. Nothing here touches the page, so
every click path is tested under CPython (``tests/test_ui_commands.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rommi import IllegalAction, Refused
from rommi.actions import NEXT_DEAL, Action, Buy, Discard, Draw, Pass
from rommi.cards import Card
from rommi.names import Source
from ui.commands import coach, handover, online_table
from ui.commands import lobby as commands_lobby
from ui.commands import replay as commands_replay
from ui.commands import tutorial as commands_tutorial
from ui.commands.acts import Act as Act
from ui.commands.acts import Effects as Effects
from ui.commands.acts import Target as Target
from ui.commands.contract_help import HANDLERS as CONTRACT_HELP
from ui.commands.contract_help import close_help
from ui.commands.records import handle_records
from ui.commands.seating import begin
from ui.model.app import App, new_seed
from ui.model.laydown import put_refusal
from ui.model.settings import BUY_PROMPTS, MAX_OPPONENTS, PACES, apply_form, settings_from_dict
from ui.play import finished as finished
from ui.play import play, refused, undo_sent
from ui.records.stores import GAME, SETTINGS
from ui.screen import Screen, turn_news
from ui.words.i18n import reason, t

Handler = Callable[[Screen, App, Target], Effects]
DRAWN_CARD = "#hand button.card.fresh || #hand button.card"
HAND_STOP = '#hand button.card[tabindex="0"]'  # the hand's one Tab stop


def handle(screen: Screen, target: Target) -> Effects:
    """Carry out a click on ``target``; the page then does the returned ``Effects``."""
    if target.act is Act.TAKE_OVER:
        return Effects(take_over=True)  # the page reads the other tab's save and saves it as ours
    if screen.elsewhere:
        return Effects(redraw=False)  # another tab plays this game: this one only offers to take over
    if target.act is Act.DOWNLOAD:
        return Effects(download=target.value) if target.value in screen.stuck else Effects(redraw=False)
    if screen.tutorial is not None:  # a lesson (Learn to play): its box's controls and the table's
        return commands_tutorial.during(screen, target, on_table)
    if target.act is Act.TUTORIAL:  # a lesson needs no game in progress
        return commands_tutorial.start(screen, target)
    if target.act is Act.REPLAY and screen.covered:  # the deal being played, hands and all: not now
        return Effects(redraw=False)
    if target.act in commands_replay.HANDLERS:  # the replay viewer needs no game in progress
        return commands_replay.HANDLERS[target.act](screen, target)
    if target.act in RECORD_ACTS:  # nor do the statistics
        return handle_records(screen, target)
    if target.act in commands_lobby.HANDLERS:  # nor does the online table's lobby
        return commands_lobby.HANDLERS[target.act](screen, target)
    if target.act in online_table.HANDLERS:  # nor its controls on the table
        return online_table.HANDLERS[target.act](screen, target)
    if target.act is Act.START:
        if screen.online is None:
            return start_game(screen, target.form)
        commands_lobby.leave_table(screen)  # a game at this device: the online table is left first
        fx = start_game(screen, target.form)
        fx.online = "leave"
        return fx
    if target.act is Act.CONTINUE:
        screen.screen = "table"
        if screen.app is not None and screen.app.view()["over"]:  # a finished match: its final scores
            screen.sheet_open = True
            return Effects(forget=True, focus="#sheet-dialog button")
        if screen.app is not None and screen.covered:  # back under the cover: said, its button focused
            said = handover.cover_title(screen.app)
            return Effects(forget=True, focus=handover.COVER_BUTTON, announce=said)
        return Effects(forget=True)
    return on_table(screen, target)


def on_table(screen: Screen, target: Target) -> Effects:
    """A control of the table (a move, your hand, the lay-down area, help, the scores)."""
    app = screen.app
    if app is None:
        return Effects(redraw=False)
    if handover.refused_while_covered(screen, target.act):  # a key behind the cover arrives as its act
        return Effects(redraw=False)
    if target.act is not Act.CARD:
        screen.last_press = None  # a press between two on a card: they are not a double press
    if target.act not in coach.HANDLERS:
        screen.coach = None  # the coach's question is answered by doing something else
    picked = _picked(screen, target.index) if target.act is Act.CHOOSE else None
    if target.act not in KEEPS_MESSAGES:
        screen.clear_messages()
        screen.refused_at = REFUSED_AT.get(target.act, "piles")
    elif target.act is not Act.CARD:
        screen.refusal = None
    if target.act is Act.CHOOSE:
        return Effects(redraw=False) if picked is None else yours(screen, app, *picked)
    return HANDLERS[target.act](screen, app, target)


def _picked(screen: Screen, index: int | None) -> tuple[Action, list[int]] | None:
    """The choice offered at ``index`` (an action and the cards it plays), read before the
    chooser is cleared."""
    chooser = screen.chooser
    if not chooser or index is None or not 0 <= index < len(chooser):
        return None
    return chooser[index].action, list(screen.chooser_uids)


# -------------------------------------------------------------------- moves
def yours(screen: Screen, app: App, action: Action, uids: Iterable[int] = ()) -> Effects:
    """Your move, made by a click, through the one move path (``ui.play``) for the seat the
    table is drawn for; the coach may ask first (``ui.commands.coach``)."""
    uids = list(uids)
    asked = coach.ask_first(screen, app, action, uids)
    return play(screen, app.drawn_for, action, uids) if asked is None else asked


def start_game(screen: Screen, form: dict[str, Any]) -> Effects:
    """Start a new match from the setup form's values; a bad combination of house rules is said."""
    settings = apply_form(screen.form, form)
    seed = screen.seed_from_url or new_seed()
    try:
        app = App.new_match(settings, seed)
    except Refused as e:  # two seats would share a name: the form keeps what was typed
        screen.form = settings
        screen.setup_error = t(e.key, name=e.detail)
        return Effects()
    except ValueError as e:
        screen.form = settings
        screen.setup_error = t("setup.bad_options", detail=str(e))
        return Effects()
    screen.seed_from_url = None  # the address's seed is for the first game only
    screen.settings = settings
    screen.form, _ = settings_from_dict(settings.to_dict())
    return begin(screen, app, save_settings=True)


def _draw_stock(screen: Screen, app: App, target: Target) -> Effects:
    return _drawn(screen, yours(screen, app, Draw(app.drawn_for, Source.STOCK)))


def _draw_discard(screen: Screen, app: App, target: Target) -> Effects:
    return _drawn(screen, yours(screen, app, Draw(app.drawn_for, Source.DISCARD)))


def _drawn(screen: Screen, fx: Effects) -> Effects:
    """After a draw the keyboard goes to the card drawn: Enter selects it, Tab reaches Discard
    (unless the cover went up: another person here is offered the discard)."""
    if GAME in fx.save and not fx.cover:
        fx.focus = DRAWN_CARD
        screen.hand_cursor = None  # the hand's one tab stop moves to the new card
    return fx


def _buy(screen: Screen, app: App, target: Target) -> Effects:
    return yours(screen, app, Buy(app.drawn_for))


def _pass(screen: Screen, app: App, target: Target) -> Effects:
    return yours(screen, app, Pass(app.drawn_for))


def _discard(screen: Screen, app: App, target: Target) -> Effects:
    if len(app.selected) != 1:
        return Effects()
    return discard(screen, app, app.selected[0])


def discard(screen: Screen, app: App, uid: int) -> Effects:
    """Discard your card ``uid`` (the engine checks it may be)."""
    return yours(screen, app, Discard(app.drawn_for, Card.parse(app.code(uid))), [uid])


def _lay_down(screen: Screen, app: App, target: Target) -> Effects:
    """The lay-down area's melds onto the table; after them the area starts afresh."""
    action = app.lay_down_action()
    if action is None:
        return refused(screen, app, IllegalAction("G3", "meld_too_short", cards="", count=0))
    fx = yours(screen, app, action, list(app.area.used()))
    if GAME in fx.save:
        app.laid_down()
    return fx


def _undo(screen: Screen, app: App, target: Target) -> Effects:
    """Take back your last meld, lay-off or swap of this turn (draws and discards are final)."""
    if app.remote:  # a guest's table: the host takes it back
        return undo_sent(screen, app)
    if not app.undo():
        return Effects()
    return Effects(save={GAME}, announce=t("table.undone"))


def _uncover(screen: Screen, app: App, target: Target) -> Effects:
    """The cover's "I am Liisa": the table is drawn for her (``ui.commands.handover.lift``), saved
    so (a reload draws it for her again), and the keyboard goes where her move is."""
    if not handover.lift(screen, app):
        return Effects(redraw=False)
    return Effects(save={GAME}, focus=handover.UNCOVERED, announce=turn_news(app, "") or None)


def _lesson(screen: Screen, app: App, target: Target) -> Effects:
    """The lesson box's controls (``ui.commands.tutorial``); with no lesson running, only Learn to play."""
    if target.act is Act.TUTORIAL or screen.tutorial is not None:
        return commands_tutorial.HANDLERS[target.act](screen, target)
    return Effects(redraw=False)


def _next_deal(screen: Screen, app: App, target: Target) -> Effects:
    screen.sheet_open = False
    return yours(screen, app, NEXT_DEAL)


# ----------------------------------------------------- lay-offs and swaps
def lay_off(screen: Screen, app: App, meld: int | None, swap_only: bool = False) -> Effects:
    """Play the selected cards onto a meld: do it if only one way fits, ask if several."""
    uids = list(app.selected)
    if not uids:
        screen.message = t("prompt.select")
        return Effects()
    if swap_only and len(uids) != 1:
        screen.message = t("choose.one_card")
        return Effects()
    options = app.options_for(uids, meld, swap_only)
    if not options:
        screen.refusal = app.why_not(uids, meld) if meld is not None else app.nowhere(uids, swap_only)
        return Effects(announce=t("refused", message=screen.refusal))
    if len(options) == 1:
        return yours(screen, app, options[0].action, uids)
    screen.chooser = options
    screen.chooser_uids = uids
    return Effects(focus="#chooser button")


def _meld(screen: Screen, app: App, target: Target) -> Effects:
    if not app.selected:
        screen.message = t("prompt.select") + " " + t("choose.pick_meld")
        return Effects()
    return lay_off(screen, app, target.meld)


def _lay_off(screen: Screen, app: App, target: Target) -> Effects:
    return lay_off(screen, app, None)


def _swap(screen: Screen, app: App, target: Target) -> Effects:
    return lay_off(screen, app, None, swap_only=True)


def _choose_cancel(screen: Screen, app: App, target: Target) -> Effects:
    screen.chooser = None
    return Effects()


# ------------------------------------------------- your hand and the area
def table_changed() -> Effects:
    """The table's own state changed (selection, order, lay-down area): draw and keep it."""
    return Effects(save={GAME})


def _card(screen: Screen, app: App, target: Target) -> Effects:
    if screen.drag_moved:  # the click that ends a drag is not a selection
        screen.drag_moved = False
        return Effects(redraw=False)
    if target.uid is None:
        return table_changed()
    last, screen.last_press = screen.last_press, (target.uid, target.at)
    if last and last[0] == target.uid and _double(last[1], target.at):
        screen.last_press = None
        app.toggle(target.uid)  # the first press of the two selected it
        return throw_card(screen, target.uid, dragged=False)
    app.toggle(target.uid)
    screen.hand_cursor = target.uid
    screen.chooser = None
    return table_changed()


DOUBLE_PRESS_MS = 400.0


def _double(first: float | None, second: float | None) -> bool:
    """Two presses on one card close enough together to be a double-click or double-tap."""
    return first is not None and second is not None and 0 <= second - first <= DOUBLE_PRESS_MS


def _peek(screen: Screen, app: App, target: Target) -> Effects:
    """On a phone the opponents are a compact strip: pressing a seat shows its melds (again: hides)."""
    screen.peek = None if target.index == screen.peek else target.index
    return Effects(focus=f'[data-act="{Act.PEEK}"][data-index="{target.index}"]')


def _clear_selection(screen: Screen, app: App, target: Target) -> Effects:
    app.selected = []
    return table_changed()


def _new_meld(screen: Screen, app: App, target: Target) -> Effects:
    """The selected cards into a contract slot of their kind, or a new meld. The keyboard goes to
    that meld's "Put here" (New meld is unavailable with nothing selected), which also brings the
    area into view: on a phone it is a drawer above your hand that opens now."""
    index = app.area.add(app.area.slot_for(app.selected, app.code), app.selected)
    app.selected = []
    fx = table_changed()
    fx.focus = put_button(index)
    return fx


def _put(screen: Screen, app: App, target: Target) -> Effects:
    """The selected cards into this meld; the focus stays on its "Put here". Nothing selected, or
    a whole meld the cards would spoil (``laydown.put_refusal``): said, and nothing changes."""
    if target.index is None or not 0 <= target.index < len(app.area.drafts):
        return Effects(redraw=False)
    why = put_refusal(app, target.index)
    if why is not None:
        screen.refusal, screen.refused_at = why, "area"
        return Effects(announce=t("refused", message=why))
    index = app.area.add(target.index, app.selected)
    app.selected = []
    fx = table_changed()
    fx.focus = put_button(index)
    return fx


def put_button(index: int) -> str:
    """Draft ``index``'s "Put here", for ``Effects.focus``."""
    return f'#area [data-key="draft-{index}-put"]'


def _draft_card(screen: Screen, app: App, target: Target) -> Effects:
    if target.uid is not None:
        app.area.take([target.uid])
    return table_changed()


def _with_draft(change: Callable[[App, int, Target], None]) -> Handler:
    """A handler for a control of one draft (``data-index``), doing ``change`` to it."""

    def handler(screen: Screen, app: App, target: Target) -> Effects:
        if target.index is None:
            return Effects(redraw=False)
        change(app, target.index, target)
        return table_changed()

    return handler


def _area_clear(screen: Screen, app: App, target: Target) -> Effects:
    """Every card back to the hand. The keyboard goes to the first slot's "Put here" where the
    area stays in view, else to New meld, else to your hand (Clear itself is unavailable now)."""
    app.area.clear()
    fx = table_changed()
    fx.focus = f'{put_button(0)} || #actions [data-act="{Act.NEW_MELD}"] || {HAND_STOP}'
    return fx


def _sorter(mode: str) -> Handler:
    def handler(screen: Screen, app: App, target: Target) -> Effects:
        app.sort(mode)
        return table_changed()

    return handler


def move_card(screen: Screen, uid: int, step: int) -> Effects:
    """Alt+Left / Alt+Right on a card of your hand: move it one place among the cards shown."""
    app = screen.app
    if app is None or screen.covered:
        return Effects(redraw=False)
    row = [u for u, _ in app.in_hand_row()]
    at = row.index(uid) + step if uid in row else -1
    if not 0 <= at < len(row):
        return Effects(redraw=False)
    app.hand.move(uid, app.hand.uids().index(row[at]))
    return _followed(screen, table_changed())


def drop_card(screen: Screen, uid: int, position: int) -> Effects:
    """A card of your hand dragged to ``position`` among the other cards shown."""
    app = screen.app
    if app is None or screen.covered:
        return Effects(redraw=False)
    screen.drag_moved = True  # the click that follows is not a selection
    row = [u for u, _ in app.in_hand_row()]
    rest = [u for u in row if u != uid]
    uids = app.hand.uids()
    if position < len(rest):
        to = uids.index(rest[position])
        if uids.index(uid) < to:
            to -= 1
    else:
        to = uids.index(rest[-1]) if rest else 0
        if uids.index(uid) > to:
            to += 1
    app.hand.move(uid, to)
    return _followed(screen, table_changed())


def throw_card(screen: Screen, uid: int, dragged: bool = True) -> Effects:
    """A card dragged onto the discard pile, or double-clicked (double-tapped): discard it,
    with the engine's checks, as if it were selected and Discard pressed."""
    app = _picked_up(screen, uid, dragged)
    return Effects(redraw=False) if app is None else _followed(screen, discard(screen, app, uid))


def drop_on_meld(screen: Screen, uid: int, meld: int) -> Effects:
    """A card dragged onto a meld on the table: lay it off (or swap it for the joker) there,
    asking where when it fits more than one way, as Lay off does."""
    app = _picked_up(screen, uid, dragged=True)
    return Effects(redraw=False) if app is None else _followed(screen, lay_off(screen, app, meld))


def _followed(screen: Screen, fx: Effects) -> Effects:
    """A shortcut's command during a lesson is followed by the lesson (``ui.commands.tutorial``)."""
    return commands_tutorial.follow(screen, fx) if screen.tutorial is not None else fx


def _picked_up(screen: Screen, uid: int, dragged: bool) -> App | None:
    """A shortcut's card made the only one selected, the old messages gone and a refusal to be
    said by the action bar; None when there is no game or the card is not in your hand."""
    app = screen.app
    if app is None or screen.covered or uid not in app.hand.uids():
        return None
    screen.drag_moved = dragged  # the click that ends a drag is not a selection
    screen.clear_messages()
    screen.refused_at = "actions"
    app.selected = [uid]
    return app


# ------------------------------------------------------- help and screens
def _hint(screen: Screen, app: App, target: Target) -> Effects:
    found = app.hint()
    if found is None:
        screen.message = t("table.hint.none")
        return Effects()
    text = show_hint(screen, app, found, deeper=False)
    return Effects(announce=text)


def show_hint(screen: Screen, app: App, found: dict[str, Any], deeper: bool) -> str:
    """Put a hint (``rommi.bots.hint``) by the action bar, its cards marked; returns its words.
    The reason names the move and says why ("Take the 5♣: with it you can lay down the contract")."""
    why = reason(found["reason"]["key"], found["reason"]["params"], app.seat_name)
    text = t("table.hint.deeper_text" if deeper else "table.hint.text", reason=why)
    screen.hint = {"text": text, "cards": app.hint_cards(found["action"]), "deeper": deeper}
    screen.hint_thinking = False
    return text


def deeper_hint_found(screen: Screen, app: App, found: dict[str, Any]) -> Effects:
    """The expert's hint after Think harder (``browser.botloop.deeper_hint``): shown and said."""
    return Effects(announce=show_hint(screen, app, found, deeper=True))


def deeper_hint_dropped(screen: Screen, asked: dict[str, Any] | None) -> Effects:
    """The expert's search over the hint ``asked`` was dropped (the game moved on): the button
    comes back, unless a newer hint or a move replaced that hint meanwhile."""
    if screen.hint is asked and screen.hint_thinking:
        screen.hint_thinking = False
        return Effects()
    return Effects(redraw=False)


def _hint_deeper(screen: Screen, app: App, target: Target) -> Effects:
    """Think harder: the expert weighs your move (about a second, the page answering meanwhile),
    and its hint replaces the hard player's (``browser.botloop.deeper_hint``)."""
    if not app.drawn_to_act() or screen.hint is None:
        screen.message = t("table.hint.none")
        return Effects()
    if screen.hint_thinking:  # a second press before the button was gone: one search is enough
        return Effects(redraw=False)
    screen.hint_thinking = True
    return Effects(think_hint=True, announce=t("table.hint.thinking"))


def _scores(screen: Screen, app: App, target: Target) -> Effects:
    screen.sheet_open = True
    return Effects(focus="#sheet-dialog button")


def _sheet_close(screen: Screen, app: App, target: Target) -> Effects:
    screen.sheet_open = False
    return Effects(focus=AFTER_SHEET)


def _new_game(screen: Screen, app: App, target: Target) -> Effects:
    if screen.online is not None and screen.screen == "table":  # it ends (or leaves) the table: asked first
        return online_table.ask_leave(screen)
    screen.screen = "setup"
    screen.form, _ = settings_from_dict(screen.settings.to_dict())
    return Effects(forget=True, focus="#setup-form input, #setup-form button")


def escape(screen: Screen) -> Effects:
    """Esc: close the score sheet (the keyboard goes back to the table's next move), or drop
    the question of where the selected cards go; on the statistics screen, the question
    whether to reset them."""
    if screen.screen == "stats":
        return handle(screen, Target(Act.IMPORT_NO if screen.records.pending else Act.STATS_RESET_NO))
    if screen.coach is not None:  # the coach's question: taken back
        return coach.take_back(screen)
    if screen.sheet_open:
        screen.sheet_open = False
        return Effects(focus=AFTER_SHEET)
    if screen.contract_help:  # the contract's explanation (drawn under the score sheet)
        return close_help(screen)
    if screen.chooser:
        screen.chooser = None
        return Effects(focus=f'#actions [data-act="{Act.LAY_OFF}"]')
    return Effects(redraw=False)


AFTER_SHEET = (
    f'#actions [data-act="{Act.NEXT_DEAL}"] || #actions [data-act="{Act.NEW_GAME}"]'
    f' || [data-act="{Act.SCORES}"]'
)


def change_pace(screen: Screen, value: str) -> Effects:
    """The pace menu on the table."""
    if value not in PACES:
        return Effects(redraw=False)
    screen.settings.pace = value
    screen.form.pace = value
    screen.pace_override = None
    return Effects(save={SETTINGS})


def change_buy_prompt(screen: Screen, value: str) -> Effects:
    """The buy panel's "Ask me to buy" menu: kept as the setting at once, for the offers that
    follow. The offer on the table still waits for Buy or Pass, so choosing "never" while
    looking at a card you want does not throw it away; the panel is drawn anew with the
    choice, and the keyboard stays on the menu. With several people here it is the choice of
    the person the table is drawn for (kept in the save); the stored setting is the owner's."""
    app = screen.app
    if value not in BUY_PROMPTS or screen.covered:
        return Effects(redraw=False)
    if app is not None:
        app.buy_prompt = value
        if app.drawn_for != app.owner:
            return Effects(save={GAME}, focus="#buy-prompt")
    screen.settings.buy_prompt = value
    screen.form.buy_prompt = value
    return Effects(save={SETTINGS}, focus="#buy-prompt")


FORM_SHAPERS = frozenset(
    {
        "variant",
        "players",
        "same_level",
        "level",
        *(f"level{i + 1}" for i in range(MAX_OPPONENTS)),
        *(f"seat{i + 1}" for i in range(MAX_OPPONENTS)),
    }
)


def form_changed(screen: Screen, name: str, values: dict[str, Any]) -> Effects:
    """A choice in the setup form that changes the form itself (game, players, one level for all,
    a level: its one-line description follows it; who plays a seat: a friend's name or a level)."""
    if screen.screen != "setup" or name not in FORM_SHAPERS:
        return Effects(redraw=False)
    screen.form = apply_form(screen.form, values)
    screen.setup_error = None
    return Effects()


# A refusal shows beside the controls that were pressed: the action bar by your hand, the
# lay-down area's footer, or (drawing, buying, passing) the piles.
REFUSED_AT = {
    **dict.fromkeys(
        (Act.DISCARD, Act.MELD, Act.LAY_OFF, Act.SWAP, Act.CHOOSE, Act.NEW_MELD, Act.UNDO, Act.HINT),
        "actions",
    ),
    Act.LAY_DOWN: "area",
}
# The statistics screen's controls (``ui.commands.records``): they work with or without a game.
RECORD_ACTS = frozenset(
    {
        Act.STATS,
        Act.MENU_STATS,
        Act.STATS_BACK,
        Act.STATS_GAME,
        Act.STATS_PERSON,
        Act.STATS_RESET,
        Act.STATS_RESET_YES,
        Act.STATS_RESET_NO,
        Act.EXPORT_DATA,
        Act.IMPORT_YES,
        Act.IMPORT_NO,
    }
)
# These keep the messages shown (a selection does not hide the last refusal).
# Sorting changes the hand's order, not the position: a hint (and the expert still thinking over
# a stronger one, ``browser.botloop.deeper_hint``) stays, its cards marked by uid.
KEEPS_MESSAGES = frozenset(
    {
        Act.CARD,
        Act.DRAFT_CARD,
        Act.PUT,
        Act.CLEAR_SELECTION,
        Act.PEEK,
        Act.HINT_DEEPER,
        Act.SORT_SUIT,
        Act.SORT_RANK,
    }
)

HANDLERS: dict[Act, Handler] = {
    Act.CARD: _card,
    Act.DRAW_STOCK: _draw_stock,
    Act.DRAW_DISCARD: _draw_discard,
    Act.BUY: _buy,
    Act.PASS: _pass,
    Act.DISCARD: _discard,
    Act.MELD: _meld,
    Act.LAY_OFF: _lay_off,
    Act.SWAP: _swap,
    Act.CHOOSE_CANCEL: _choose_cancel,
    Act.CLEAR_SELECTION: _clear_selection,
    Act.NEW_MELD: _new_meld,
    Act.PEEK: _peek,
    Act.PUT: _put,
    Act.DRAFT_CARD: _draft_card,
    Act.DRAFT_KIND: _with_draft(lambda app, i, tg: app.area.set_kind(i, str(tg.value))),
    Act.DRAFT_REMOVE: _with_draft(lambda app, i, tg: app.area.remove_draft(i)),
    Act.JOKER_LOW: _with_draft(lambda app, i, tg: app.area.move_joker(i, "low", app.code, app.ace_high)),
    Act.JOKER_HIGH: _with_draft(lambda app, i, tg: app.area.move_joker(i, "high", app.code, app.ace_high)),
    Act.ACE: _with_draft(lambda app, i, tg: app.area.set_ace(i, tg.value == "high")),
    Act.AREA_CLEAR: _area_clear,
    Act.LAY_DOWN: _lay_down,
    Act.SORT_SUIT: _sorter("suit"),
    Act.SORT_RANK: _sorter("rank"),
    Act.HINT: _hint,
    Act.HINT_DEEPER: _hint_deeper,
    Act.NEXT_DEAL: _next_deal,
    Act.SCORES: _scores,
    Act.SHEET_CLOSE: _sheet_close,
    Act.NEW_GAME: _new_game,
    Act.MENU_NEW_GAME: _new_game,
    Act.UNDO: _undo,
    Act.UNCOVER: _uncover,
    **CONTRACT_HELP,  # the deal's contract explained (``ui.commands.contract_help``)
    **dict.fromkeys(commands_tutorial.HANDLERS, _lesson),
    **coach.HANDLERS,
}
