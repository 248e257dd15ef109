"""The table's click paths, without a browser: ``ui.commands.table``, ``ui.model.query``,
``ui.commands.restore``.

Each test presses controls as ``main.py`` would hand them over (a ``Target``
per click) and checks both what changed and the ``Effects`` the page is asked
to carry out. Every move still goes through the engine.
"""

from __future__ import annotations

import json

import pytest
from tests.matches import played

from rommi import Game
from rommi.bots import as_hint
from rommi.bots.base import finish
from stacking import new_game
from ui.commands import lobby as commands_lobby
from ui.commands import online_table
from ui.commands import replay as commands_replay
from ui.commands.restore import restore_game, restore_ledger, restore_settings
from ui.commands.table import (
    HANDLERS,
    RECORD_ACTS,
    Act,
    Effects,
    Target,
    change_buy_prompt,
    change_pace,
    drop_card,
    drop_on_meld,
    escape,
    finished,
    form_changed,
    handle,
    move_card,
    show_hint,
    throw_card,
)
from ui.model.app import App, Seat, bot_seed
from ui.model.query import preset_form, read_query
from ui.model.settings import Settings
from ui.records.stores import GAME, LEDGER, SETTINGS
from ui.screen import Screen, game_notice
from ui.words.i18n import t


def table(game: Game) -> Screen:
    """A screen at the table with you at seat 0 and easy computer players."""
    seats = [Seat.here("Maija")] + [
        Seat.computer(n, "easy") for n in ("Aino", "Eero", "Helmi")[: game.players - 1]
    ]
    s = Screen()
    s.app = App(game, seats, 5, [bot_seed(5, i) for i in range(game.players)])
    s.screen = "table"
    return s


def stacked_table(
    hand: list[str], top: str = "QD", stock: tuple[str, ...] = ("5C",), deal: int = 1
) -> Screen:
    """Contract rummy for three, you (seat 0) first to act with ``hand``."""
    return table(new_game("contract", 3, [hand, [], []], top, list(stock), dealer=2))


def press(s: Screen, act: Act, **fields: object) -> Effects:
    return handle(s, Target(act, **fields))  # type: ignore[arg-type]


def uid_of(s: Screen, card: str) -> int:
    assert s.app is not None
    return next(u for u, c in s.app.hand.entries if c == card)


def bots_play(s: Screen) -> None:
    assert s.app is not None
    while s.app.bot_to_act() is not None:
        s.app.bot_step()


HAND = ["7H", "7S", "JK", "9C", "9H", "9S", "7D", "2C", "KS", "4D"]


def test_every_control_has_a_handler() -> None:
    special = {Act.START, Act.CONTINUE, Act.CHOOSE, Act.TAKE_OVER, Act.DOWNLOAD} | RECORD_ACTS  # need no game
    special |= set(commands_replay.HANDLERS)  # the replay viewer and today's deal: no game either
    special |= set(commands_lobby.HANDLERS) | set(online_table.HANDLERS)  # an online table's own
    assert set(Act) == set(HANDLERS) | special and not special & set(HANDLERS)


@pytest.mark.parametrize("act", list(Act))
def test_every_control_can_be_pressed_at_any_moment(act: Act) -> None:
    """Pressing anything, even where it does nothing, never raises and never breaks the table."""
    s = stacked_table(HAND)
    fx = press(s, act, index=0, uid=0, meld=0, value="run")
    assert isinstance(fx, Effects)
    assert s.app is not None
    opts = s.app.game.options
    # every card of the pack in play (C2): the stacked table's two decks and a joker, or today's
    # deal's own pack (``daily`` starts it, and it changes with the date)
    assert s.app.game.card_count() == opts.decks * 52 + opts.jokers
    if act is not Act.DAILY:
        assert s.app.game.card_count() == 105


def test_start_makes_a_new_match_and_asks_for_the_bots() -> None:
    s = Screen()
    s.seed_from_url = 77
    fx = press(s, Act.START, form={"variant": "basic", "players": "3", "name": "Liisa"})
    assert s.app is not None and s.screen == "table" and s.app.view()["variant"] == "basic"
    assert s.app.names[0] == "Liisa" and s.app.seed == 77 and s.seed_from_url is None
    assert fx.new_game and fx.run_bots and GAME in fx.save and SETTINGS in fx.save and fx.forget
    assert [kind for kind, _ in fx.post] == ["game-started"]
    assert fx.focus == "#hand button.card, #centre .pile.live"


def test_start_with_rules_that_do_not_work_says_so_and_starts_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """rule B1: should the engine refuse the house rules, the form says why and no game starts.

    (No combination the form offers fails today, so the engine's refusal is stood in for.)
    """

    def refuse(cls: type[App], settings: Settings, seed: int) -> App:
        raise ValueError("option 'target' must be 1 to 1000, not 0")

    monkeypatch.setattr(App, "new_match", classmethod(refuse))
    s = Screen()
    fx = press(s, Act.START, form={"variant": "basic"})
    assert s.app is None and s.screen == "setup" and s.setup_error and "target" in s.setup_error
    assert not fx.new_game and not fx.run_bots and fx.redraw


def test_a_refused_move_is_said_and_nothing_is_saved() -> None:
    """rule G8: Discard before drawing is refused in words; the game is unchanged."""
    s = stacked_table(HAND)
    assert s.app is not None
    before = s.app.game.to_dict()
    press(s, Act.CARD, uid=uid_of(s, "KS"))
    fx = press(s, Act.DISCARD)
    assert s.refusal == "Draw a card first." and fx.announce == "Not allowed: Draw a card first."
    assert GAME not in fx.save and not fx.run_bots and s.app.game.to_dict() == before
    assert s.refused_at == "actions", "said beside the Discard button that was pressed"


def test_a_refusal_is_said_beside_the_controls_pressed() -> None:
    """rules G8, C6: a refused draw is said by the piles; a refused lay-down in the lay-down area."""
    s = stacked_table(HAND)
    assert s.app is not None
    press(s, Act.DRAW_STOCK)
    press(s, Act.DRAW_STOCK)  # a second draw: refused
    assert s.refusal and s.refused_at == "piles"
    bots_play(s)
    press(s, Act.LAY_DOWN)  # nothing composed: the engine says why
    assert s.refusal and s.refused_at == "area"
    press(s, Act.CARD, uid=uid_of(s, "KS"))
    assert s.refused_at == "area", "selecting a card keeps the refusal where it was"


def test_a_plain_turn_draw_select_discard() -> None:
    """rules G8, C6: draw (the buy window goes to the bots), select, discard, and the bots go on."""
    s = stacked_table(HAND)
    assert s.app is not None
    fx = press(s, Act.DRAW_STOCK)
    assert GAME in fx.save and fx.run_bots and s.refusal is None
    bots_play(s)
    fx = press(s, Act.CARD, uid=uid_of(s, "5C"))
    assert GAME in fx.save and s.app.selected == [uid_of(s, "5C")]
    fx = press(s, Act.DISCARD)
    assert fx.run_bots and s.app.view()["discard_top"] == "5C" and s.app.game.to_act == 1


def test_a_selection_keeps_the_refusal_on_screen_until_the_next_move() -> None:
    s = stacked_table(HAND)
    press(s, Act.CARD, uid=uid_of(s, "KS"))
    press(s, Act.DISCARD)
    assert s.refusal
    press(s, Act.CARD, uid=uid_of(s, "2C"))
    assert s.refusal, "selecting another card keeps the refusal"
    press(s, Act.SORT_SUIT)
    assert s.refusal is None


def test_a_card_that_fits_twice_asks_where_then_plays_the_choice() -> None:
    """rules C8, G6: 7D fits the sevens and the joker's place; you choose, then it is played."""
    s = stacked_table(HAND)
    assert s.app is not None
    press(s, Act.DRAW_STOCK)
    bots_play(s)
    app = s.app
    app.area.add(0, [uid_of(s, c) for c in ("7H", "7S", "JK")])
    app.area.add(1, [uid_of(s, c) for c in ("9C", "9H", "9S")])
    assert GAME in press(s, Act.LAY_DOWN).save
    press(s, Act.CARD, uid=uid_of(s, "7D"))
    fx = press(s, Act.LAY_OFF)
    assert s.chooser is not None and len(s.chooser) == 2 and fx.focus == "#chooser button"
    assert not press(s, Act.CHOOSE, index=9).redraw  # not a choice shown: nothing happens
    assert app.selected == [uid_of(s, "7D")]
    press(s, Act.LAY_OFF)
    swap = next(i for i, o in enumerate(s.chooser or []) if o.action.type == "swap")
    fx = press(s, Act.CHOOSE, index=swap)
    assert GAME in fx.save and "JK" in app.hand.codes() and s.chooser is None


def test_lay_off_with_nothing_that_fits_says_why() -> None:
    s = stacked_table(HAND)
    press(s, Act.CARD, uid=uid_of(s, "2C"))
    fx = press(s, Act.LAY_OFF)
    assert s.refusal == "2♣ fits no meld on the table." and fx.announce
    press(s, Act.SWAP)
    assert s.refusal == "No joker on the table stands for 2♣."


def test_the_buy_menu_keeps_the_choice_for_later_offers() -> None:
    """rule C6: the buy panel's "Ask me to buy" menu is saved with the settings at once, and
    the offer on the table still waits for Buy or Pass."""
    s = table(new_game("contract", 3, [HAND, [], []], "KD", ["5C"], dealer=0))
    assert s.app is not None
    g = s.app.game
    g.apply({"type": "draw", "player": 1, "source": "stock"})  # seat 1 opens the buy window
    g.apply({"type": "pass", "player": 2})
    s.app.sync()
    assert s.app.drawn_to_act() and s.app.phase() == "buy" and not s.app.must_auto_pass()  # K♦, K♠, joker
    assert not change_buy_prompt(s, "sometimes").redraw and s.settings.buy_prompt == "fits"
    fx = change_buy_prompt(s, "never")
    assert s.settings.buy_prompt == s.form.buy_prompt == s.app.buy_prompt == "never"
    assert SETTINGS in fx.save and fx.focus == "#buy-prompt" and not fx.run_bots
    assert s.app.phase() == "buy" and s.app.must_auto_pass()  # from now on the table passes for you
    fx = press(s, Act.PASS)
    assert GAME in fx.save and fx.run_bots and s.app.phase() == "play"
    assert s.app.view()["history"][-2] == {"type": "pass", "player": 0}  # then seat 1 draws


def test_going_out_ends_the_match_tells_the_embedder_once_and_records_it() -> None:
    """rules B6, B9, C16: you go out, the sheet opens, deal-over and match-over go out once."""
    hand = ["7H", "7S", "7D", "2C", "3C", "4C", "9H", "9S", "9D", "KS"]
    s = table(new_game("basic", 2, [hand, []], "QD", ["5C"], {"target": 10}, dealer=1))
    assert s.app is not None
    press(s, Act.DRAW_STOCK)
    app = s.app
    app.area.add(0, [uid_of(s, c) for c in ("7H", "7S", "7D")])
    app.area.add(1, [uid_of(s, c) for c in ("2C", "3C", "4C", "5C")])
    app.area.add(2, [uid_of(s, c) for c in ("9H", "9S", "9D")])
    assert GAME in press(s, Act.LAY_DOWN).save
    press(s, Act.CARD, uid=uid_of(s, "KS"))
    fx = press(s, Act.DISCARD)
    assert app.view()["over"] and s.sheet_open
    assert [kind for kind, _ in fx.post] == ["deal-over", "match-over"]
    assert fx.post[1][1]["winners"] == ["Maija"] and LEDGER in fx.save and s.ledger["games"] == 1
    assert fx.post[1][1]["seed"] == app.seed, "the seed is told once the match is over"
    again = Effects()
    finished(s, again)
    assert again.post == [] and LEDGER not in again.save and s.ledger["games"] == 1


def test_new_game_goes_back_to_the_setup_form() -> None:
    s = stacked_table(HAND)
    fx = press(s, Act.NEW_GAME)
    assert s.screen == "setup" and fx.forget and fx.focus == "#setup-form input, #setup-form button"
    fx = press(s, Act.CONTINUE)
    assert s.screen == "table" and fx.forget


def test_hint_names_a_move_and_marks_its_cards() -> None:
    s = stacked_table(HAND)
    fx = press(s, Act.HINT)
    assert s.hint is not None and s.hint["text"] and fx.announce == s.hint["text"]


def test_think_harder_asks_the_expert_and_its_hint_replaces_hards() -> None:
    """After a hint, Think harder starts the expert's thinking (run by the page in slices); its
    decision, worded as a stronger hint, takes the hint's place and marks its own cards. Not your
    move, or no hint shown: nothing to think over."""
    s = stacked_table(HAND)
    assert s.app is not None
    press(s, Act.HINT)
    assert s.hint is not None and not s.hint["deeper"]
    fx = press(s, Act.HINT_DEEPER)
    assert fx.think_hint and s.hint_thinking and fx.announce == t("table.hint.thinking")
    assert not press(s, Act.HINT_DEEPER).think_hint  # pressed twice: one search
    thinking = s.app.deeper_hint()
    assert thinking is not None
    decision = finish(thinking)
    assert decision.action.to_json()["player"] == 0
    text = show_hint(s, s.app, as_hint(decision), deeper=True)
    assert text.startswith("Stronger hint: ") and s.hint["text"] == text and s.hint["deeper"]
    assert not s.hint_thinking and s.hint["cards"] == s.app.hint_cards(decision.action)
    s.clear_messages()
    fx = press(s, Act.HINT_DEEPER)  # no hint on the table any more
    assert not fx.think_hint and s.message == t("table.hint.none")
    s.app.draw("stock")
    s.app.discard(s.app.hand.uids()[0])
    assert not s.app.drawn_to_act() and s.app.deeper_hint() is None


def test_cards_move_by_key_and_by_drag() -> None:
    s = stacked_table(HAND)
    assert s.app is not None
    first, second = s.app.hand.uids()[:2]
    move_card(s, first, +1)
    assert s.app.hand.uids()[:2] == [second, first]
    assert not move_card(s, first, -5).redraw
    fx = drop_card(s, first, 0)
    assert s.app.hand.uids()[0] == first and s.drag_moved and GAME in fx.save
    assert not press(s, Act.CARD, uid=first).redraw  # the click that ends a drag selects nothing
    assert s.app.selected == [] and not s.drag_moved


def test_pace_and_form_changes() -> None:
    s = Screen()
    assert not change_pace(s, "warp").redraw
    assert SETTINGS in change_pace(s, "slow").save and s.settings.pace == "slow"
    assert form_changed(s, "variant", {"variant": "basic"}).redraw and s.form.variant == "basic"
    assert not form_changed(s, "name", {"name": "x"}).redraw
    # A level is redrawn with its one-line description (setup.level.<level>.help).
    assert form_changed(s, "level", {"level": "expert"}).redraw and s.form.level == "expert"
    form_changed(s, "same_level", {"same_level": False})
    assert form_changed(s, "level2", {"same_level": False, "level2": "easy"}).redraw
    assert s.form.levels[1] == "easy"


# ----------------------------------------------------------------- address
def test_the_address_presets_the_form_and_bad_values_are_noted() -> None:
    q = read_query("?variant=basic&players=9&level=hard&seed=12&pace=instant&lang=xx&embed=yes")
    assert q.seed == 12 and q.pace == "instant" and q.lang is None and not q.embed
    assert [p["param"] for _, p in q.notes] == ["lang", "embed"]
    form = Settings()
    preset, notes = preset_form(form, q)
    assert preset and form.variant == "basic" and form.level == "hard" and form.same_level
    assert [p["param"] for _, p in notes] == ["players"]
    assert read_query("?seed=" + "9" * 50).seed is None
    assert read_query("?" + "&".join(f"a{i}=1" for i in range(100))).notes == []


# ----------------------------------------------------------------- storage
def test_stored_data_is_read_defensively() -> None:
    s = Screen()
    restore_settings(s, '{"pace": 5}')
    restore_ledger(s, '{"balances": "1e9"}')
    assert not restore_game(s, "[]", setup_first=False)
    assert s.app is None and s.setup_notice and s.notice_source is not None
    game = stacked_table(HAND)
    assert game.app is not None
    fresh = Screen()
    assert restore_game(fresh, json.dumps(game.app.to_save()), setup_first=True)
    assert fresh.app is not None and fresh.screen == "setup"


# -------------------------------------------------------------------- undo
def test_undo_takes_back_a_meld_and_leaves_no_trace() -> None:
    """rules G8, C7: between your draw and your discard your melds can be taken back; the
    game, every seat's view and the save are as if it never happened. Discards are final."""
    s = stacked_table(HAND)
    app = s.app
    assert app is not None
    press(s, Act.DRAW_STOCK)
    bots_play(s)
    before = app.game.to_dict()
    views = [json.dumps(app.game.view(p), sort_keys=True) for p in range(3)]
    assert not app.can_undo()
    app.area.add(0, [uid_of(s, c) for c in ("7H", "7S", "JK")])
    app.area.add(1, [uid_of(s, c) for c in ("9C", "9H", "9S")])
    press(s, Act.LAY_DOWN)
    press(s, Act.CARD, uid=uid_of(s, "7D"))
    press(s, Act.LAY_OFF)
    swap = next(i for i, o in enumerate(s.chooser or []) if o.action.type == "swap")
    press(s, Act.CHOOSE, index=swap)
    assert app.can_undo() and len(app.turn_moves) == 2
    # A reload keeps what can be undone.
    again = App.from_save(json.loads(json.dumps(app.to_save())))
    assert again.can_undo() and again.turn_moves == app.turn_moves
    fx = press(s, Act.UNDO)
    assert GAME in fx.save and fx.announce and "JK" not in app.hand.codes() and len(app.view()["melds"]) == 2
    press(s, Act.UNDO)
    assert app.game.to_dict() == before and not app.can_undo()
    assert [json.dumps(app.game.view(p), sort_keys=True) for p in range(3)] == views
    assert app.to_save()["game"] == before
    assert sorted(app.hand.codes()) == sorted(app.view()["hand"])
    press(s, Act.CARD, uid=uid_of(s, "KS"))
    press(s, Act.DISCARD)
    assert not app.can_undo() and GAME not in press(s, Act.UNDO).save


def test_a_tampered_undo_record_is_dropped_not_trusted() -> None:
    s = stacked_table(HAND)
    app = s.app
    assert app is not None
    press(s, Act.DRAW_STOCK)
    bots_play(s)
    app.area.add(0, [uid_of(s, c) for c in ("7H", "7S", "JK")])
    app.area.add(1, [uid_of(s, c) for c in ("9C", "9H", "9S")])
    press(s, Act.LAY_DOWN)
    save = json.loads(json.dumps(app.to_save()))
    save["ui"]["undo"]["moves"] = [{"type": "discard", "player": 0, "card": "KS"}]
    loaded = App.from_save(save)
    assert not loaded.can_undo() and loaded.game.to_dict() == app.game.to_dict()


HOSTILE_TEXTS = [
    "[" * 10_000 + "]" * 10_000,
    '{"version": 1, "balance": {"Aino": "1e1000000000"}, "games": 1e400}',
    '{"version": 1, "balance": {"Aino": "9' + "9" * 100_000 + '"}, "wins": {"Aino": 10000000000000}}',
    '{"version": 1, "balance": {"Aino": 7, "Eero": "1/0", "Onni": "-3/2"}, "games": -1}',
    '"' + "x" * 1_000_000 + '"',
    "\udcff",
]


@pytest.mark.parametrize("text", HOSTILE_TEXTS, ids=range(len(HOSTILE_TEXTS)))
def test_hostile_stored_data_falls_back_quietly(text: str) -> None:
    """Stored settings, ledger and saves: deep nesting, huge numbers and strings end in a clean
    default or a notice, never a crash or a hang (each number is bounded before it is used)."""
    s = Screen()
    restore_settings(s, text)
    restore_ledger(s, text)
    assert s.ledger["games"] in (0,) and all(len(v) < 30 for v in s.ledger["balance"].values())
    assert restore_game(s, text, setup_first=False) is False and s.app is None and s.setup_notice


def test_a_good_ledger_is_kept_and_bounded_values_pass() -> None:
    s = Screen()
    restore_ledger(
        s, '{"version": 1, "games": 3, "balance": {"Aino": "-37", "Eero": "25/2"}, "wins": {"Aino": 2}}'
    )
    assert s.ledger["games"] == 3 and s.ledger["balance"] == {"Aino": "-37", "Eero": "25/2"}
    assert s.ledger["wins"] == {"Aino": 2}


def test_you_are_not_asked_to_buy_back_your_own_discard() -> None:
    """rule C6: the thrower is asked last; the table passes for you on your own card."""
    s = stacked_table(HAND)
    app = s.app
    assert app is not None
    g = app.game
    g.apply({"type": "draw", "player": 0, "source": "stock"})
    while g.phase.value == "buy":
        g.apply({"type": "pass", "player": g.to_act})
    g.apply({"type": "discard", "player": 0, "card": "KS"})
    g.apply({"type": "draw", "player": 1, "source": "stock"})  # KS is offered: seat 2, then you
    g.apply({"type": "pass", "player": 2})
    app.sync()
    assert app.drawn_to_act() and app.phase() == "buy" and app.view()["buy_card"] == "KS"
    assert app.must_auto_pass()
    app.auto_pass()
    assert app.phase() == "play" and not app.drawn_to_act()


def test_another_players_discard_is_offered_to_you() -> None:
    s = table(new_game("contract", 3, [HAND, [], []], "QD", ["5C"], dealer=0))
    app = s.app
    assert app is not None
    app.buy_prompt = "always"  # the Q♦ fits nothing of yours: "only when it fits" would pass it
    app.game.apply({"type": "draw", "player": 1, "source": "stock"})
    app.game.apply({"type": "pass", "player": 2})
    app.sync()
    assert app.phase() == "buy" and app.drawn_to_act() and not app.must_auto_pass()


def test_escape_closes_the_sheet_or_the_question_and_says_where_focus_goes() -> None:
    s = stacked_table(HAND)
    assert not escape(s).redraw  # nothing open: Esc does nothing
    press(s, Act.SCORES)
    fx = escape(s)
    assert not s.sheet_open and fx.focus and "next-deal" in fx.focus
    s.chooser = []
    assert not escape(s).redraw


def test_a_chip_shows_one_seats_melds_and_pressing_it_again_hides_them() -> None:
    """On a phone each opponent is a chip: one open at a time, a hint or refusal stays."""
    s = stacked_table(["7H", "7S", "7D", "9C", "9H", "KS", "2C", "4D", "JC", "QH"])
    s.refusal = "not now"
    fx = press(s, Act.PEEK, index=2)
    assert s.peek == 2 and fx.focus == '[data-act="peek"][data-index="2"]'
    assert s.refusal is None  # a new press: the old refusal is gone, the hint would stay
    press(s, Act.PEEK, index=1)
    assert s.peek == 1
    press(s, Act.PEEK, index=1)
    assert s.peek is None
    assert GAME not in fx.save  # looking is not a change to the game


def test_after_a_draw_the_keyboard_is_on_the_card_drawn() -> None:
    """rule G8: a draw moves focus (and the hand's one tab stop) to the new card."""
    s = stacked_table(HAND)
    s.hand_cursor = 3
    fx = press(s, Act.DRAW_STOCK)
    assert fx.focus and fx.focus.startswith("#hand button.card.fresh") and s.hand_cursor is None
    fx = press(s, Act.DRAW_STOCK)  # refused: the keyboard stays where it was
    assert fx.focus is None


def test_the_hand_is_one_tab_stop_on_the_card_last_visited() -> None:
    from ui.screen import hand_stop

    assert hand_stop([4, 5, 6], 5, {6}) == 5
    assert hand_stop([4, 5, 6], None, {6}) == 6, "else the card just drawn"
    assert hand_stop([4, 5, 6], 9, set()) == 4, "a card gone: the first"
    assert hand_stop([], None, set()) is None
    s = stacked_table(HAND)
    press(s, Act.CARD, uid=uid_of(s, "KS"))
    assert s.hand_cursor == uid_of(s, "KS"), "a card pressed becomes the tab stop"


def test_your_turn_is_announced_with_what_to_do() -> None:
    from ui.screen import turn_news

    s = stacked_table(HAND)
    assert s.app is not None
    assert turn_news(s.app, "Eero passed.") == (
        "Eero passed. Your turn. Draw a card: choose the stock or the discard pile."
    )
    press(s, Act.DRAW_STOCK)
    bots_play(s)
    press(s, Act.CARD, uid=uid_of(s, "KS"))
    press(s, Act.DISCARD)
    assert not s.app.drawn_to_act()
    assert turn_news(s.app, "Aino drew.") == "Aino drew.", "not your turn: only the move"


def test_a_double_press_on_a_card_discards_it_with_the_engines_checks() -> None:
    """rule G8: a double-click before drawing is refused (said by the action bar); after, it discards."""
    s = stacked_table(HAND)
    assert s.app is not None
    ks = uid_of(s, "KS")
    press(s, Act.CARD, uid=ks, at=1000.0)
    fx = press(s, Act.CARD, uid=ks, at=1250.0)
    assert s.refusal == "Draw a card first." and s.refused_at == "actions" and GAME not in fx.save
    assert s.app.selected == [ks], "refused, the card stays selected"
    press(s, Act.CLEAR_SELECTION)
    press(s, Act.DRAW_STOCK)
    bots_play(s)
    press(s, Act.CARD, uid=ks, at=5000.0)
    press(s, Act.CARD, uid=ks, at=5600.0)  # too slow: two presses, selected then not
    assert s.app.selected == [] and s.app.view()["phase"] == "play"
    press(s, Act.CARD, uid=ks, at=7000.0)
    fx = press(s, Act.CARD, uid=ks, at=7200.0)
    assert GAME in fx.save and fx.run_bots and s.app.view()["discard_top"] == "KS"


def test_two_presses_on_a_card_with_another_between_are_not_a_double_press() -> None:
    s = stacked_table(HAND)
    assert s.app is not None
    press(s, Act.DRAW_STOCK)
    bots_play(s)
    ks = uid_of(s, "KS")
    press(s, Act.CARD, uid=ks, at=1000.0)
    press(s, Act.SORT_RANK, at=1100.0)
    press(s, Act.CARD, uid=ks, at=1200.0)  # select, sort, unselect: nothing discarded
    assert s.app.selected == [] and s.app.view()["phase"] == "play"


def test_keyboard_presses_are_never_a_double_press() -> None:
    s = stacked_table(HAND)
    assert s.app is not None
    press(s, Act.DRAW_STOCK)
    bots_play(s)
    ks = uid_of(s, "KS")
    press(s, Act.CARD, uid=ks)
    press(s, Act.CARD, uid=ks)  # Enter twice (no time stamp): select, unselect
    assert s.app.selected == [] and s.app.view()["phase"] == "play"


def test_a_card_dragged_onto_a_meld_is_laid_off_there() -> None:
    """rules C9, C10: dragged onto your set after laying down, the card joins it; onto a meld it
    does not fit, the engine's reason is said."""
    s = stacked_table(["7H", "7S", "7D", "9C", "9H", "9S", "7C", "KS", "2C", "4D"])
    assert s.app is not None
    press(s, Act.DRAW_STOCK)
    bots_play(s)
    for cards in (["7H", "7S", "7D"], ["9C", "9H", "9S"]):
        for c in cards:
            press(s, Act.CARD, uid=uid_of(s, c))
        press(s, Act.NEW_MELD)
    assert GAME in press(s, Act.LAY_DOWN).save
    sevens = next(m["id"] for m in s.app.view()["melds"] if m["cards"][0][0] == "7")
    fx = drop_on_meld(s, uid_of(s, "KS"), sevens)
    assert s.refusal and s.refused_at == "actions" and GAME not in fx.save
    fx = drop_on_meld(s, uid_of(s, "7C"), sevens)
    assert GAME in fx.save and len(next(m for m in s.app.view()["melds"] if m["id"] == sevens)["cards"]) == 4
    assert throw_card(s, uid_of(s, "KS")).run_bots and s.app.view()["discard_top"] == "KS"


def test_game_started_tells_only_a_hash_of_the_seed() -> None:
    """rule G9: the seed fixes every hand, so an embedding page gets only its SHA-256 at the start."""
    import hashlib

    s = Screen()
    fx = handle(s, Target(Act.START, form={"variant": "contract", "players": "3"}))
    kind, data = fx.post[0]
    assert s.app is not None and kind == "game-started" and "seed" not in data
    assert data["seed_sha256"] == hashlib.sha256((s.app.salt + str(s.app.seed)).encode()).hexdigest()


def test_while_another_tab_plays_only_take_over_does_anything() -> None:
    """Two tabs: the one that watches neither moves nor starts a game; "Play here" asks the page."""
    s = stacked_table(HAND)
    assert s.app is not None
    before = s.app.game.to_dict()
    s.elsewhere = True
    for act in (Act.DRAW_STOCK, Act.START, Act.NEW_GAME, Act.HINT, Act.CARD):
        fx = press(s, act, uid=uid_of(s, "KS"))
        assert fx == Effects(redraw=False), act
    assert s.app.game.to_dict() == before and s.app.selected == []
    assert press(s, Act.TAKE_OVER).take_over


# ------------------------------------------------------ the lay-down area's keyboard (issue 42)
def test_put_here_keeps_the_focus_and_refuses_to_spoil_a_whole_meld() -> None:
    """rules G3, C7: Put here leaves the keyboard on its own button; a slot that is a whole set
    already is not spoiled by a hasty press with a king selected: the engine's reason is said
    (``make_meld`` on the set with the king), and nothing moves."""
    s = stacked_table(HAND)
    press(s, Act.DRAW_STOCK)
    assert s.app is not None
    sevens = [uid_of(s, c) for c in ("7H", "7S", "7D")]
    for u in sevens:
        press(s, Act.CARD, uid=u)
    fx = press(s, Act.PUT, index=0)
    assert s.app.area.drafts[0].uids == sevens and fx.focus == '#area [data-key="draft-0-put"]'
    king = uid_of(s, "KS")
    press(s, Act.CARD, uid=king)
    fx = press(s, Act.PUT, index=0)
    assert s.app.area.drafts[0].uids == sevens and s.app.selected == [king]  # nothing moved
    assert s.refused_at == "area" and s.refusal is not None
    assert s.refusal.startswith("This meld is complete") and "mixes ranks" in s.refusal
    assert fx.announce == t("refused", message=s.refusal)
    press(s, Act.PUT, index=1)  # the empty slot still takes it
    assert s.app.area.drafts[1].uids == [king] and s.refusal is None


def test_new_meld_and_clear_leave_the_focus_on_a_control_that_is_still_there() -> None:
    s = stacked_table(HAND)
    press(s, Act.DRAW_STOCK)
    assert s.app is not None
    nines = [uid_of(s, c) for c in ("9C", "9H", "9S")]
    for u in nines:
        press(s, Act.CARD, uid=u)
    fx = press(s, Act.NEW_MELD)
    assert s.app.area.drafts[0].uids == nines and fx.focus == '#area [data-key="draft-0-put"]'
    fx = press(s, Act.PUT, index=1)  # nothing selected: said, nothing moves
    assert s.refusal == t("ld.put.select") and not s.app.area.drafts[1].uids
    fx = press(s, Act.AREA_CLEAR)
    assert s.app.area.is_empty()
    assert fx.focus is not None and fx.focus.split(" || ")[0] == '#area [data-key="draft-0-put"]'
    assert '#actions [data-act="new-meld"]' in fx.focus  # where the area closes (a phone's drawer)


# ------------------------------------------------------------- small but seen (issue 42)
def test_sorting_while_the_expert_thinks_keeps_the_hint_and_its_search() -> None:
    """Sorting changes your hand's order, not the position: the hint and the search for a
    stronger one stay (they were dropped, and the stronger hint never came)."""
    s = stacked_table(HAND)
    assert s.app is not None
    press(s, Act.HINT)
    press(s, Act.HINT_DEEPER)
    asked = s.hint
    assert asked is not None and s.hint_thinking
    marked = list(asked["cards"])
    for act in (Act.SORT_SUIT, Act.SORT_RANK):
        press(s, act)
        assert s.hint is asked and s.hint_thinking and s.hint["cards"] == marked  # uids: same cards


def test_a_finished_match_is_not_in_progress_and_continue_shows_its_final_scores() -> None:
    """After the match the setup screen said "A game is in progress, deal 1 of 1"."""
    s = Screen(app=played("basic", 2, 4), screen="table")
    assert s.app is not None and s.app.view()["over"]
    press(s, Act.NEW_GAME)
    notice = game_notice(s.app)
    assert "in progress" not in notice and notice.startswith("Your last game is over (Perusrommi")
    s.sheet_open = False
    fx = press(s, Act.CONTINUE)
    assert s.screen == "table" and s.sheet_open and fx.focus == "#sheet-dialog button"
    going = stacked_table(HAND)
    assert going.app is not None and game_notice(going.app).startswith("A game is in progress")
