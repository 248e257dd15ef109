"""The table's DOM-free logic: hand order, lay-down area, log, settings, saves, the controller."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rommi import Game, IllegalAction
from rommi.errors import Refused
from rommi.options import basic_layouts
from stacking import act, draw_stock, finish_with, new_game
from ui.model.app import App, Seat, bot_seed, clean_ledger
from ui.model.hand import HandOrder
from ui.model.laydown import LayDown
from ui.model.settings import (
    Settings,
    apply_form,
    clean_name,
    engine_options,
    house_rules,
    settings_from_dict,
)
from ui.screen import deal_line, match_result, prompt_line, signed, turn_line, went_out_of_row
from ui.words.i18n import card_text, refusal, set_language, t
from ui.words.logtext import log_lines, meld_words
from ui.words.text_en import TEXT


def stacked(
    variant: str,
    players: int,
    hands: dict[int, list[str]],
    top: str,
    stock: list[str],
    deal: int = 1,
    dealer: int | None = None,
) -> Game:
    """A stacked first deal (``stacking.new_game``), you at seat 0, the last seat dealing by default."""
    dealer = players - 1 if dealer is None else dealer
    return new_game(
        variant, players, [hands.get(s, []) for s in range(players)], top, stock, dealer=dealer, deal=deal
    )


def make_app(game: Game) -> App:
    seats = [Seat.here("Maija")] + [
        Seat.computer(n, "easy") for n in ("Aino", "Eero", "Helmi", "Onni")[: game.players - 1]
    ]
    return App(game, seats, 5, [bot_seed(5, i) for i in range(game.players)])


# ---------------------------------------------------------------- hand order
def test_hand_order_keeps_your_order_and_marks_arrivals() -> None:
    h = HandOrder()
    h.reconcile(["7H", "2C", "KS"], mark_new=False)
    h.move(h.uids()[2], 0)
    assert h.codes() == ["KS", "7H", "2C"]
    added = h.reconcile(["7H", "2C", "KS", "9D"])
    assert h.codes() == ["KS", "7H", "2C", "9D"] and h.fresh == set(added)
    # Two equal cards: the one you discarded (by uid) goes, the other keeps its place.
    h.reconcile(["7H", "2C", "KS", "9D", "7H"])
    first, second = [u for u, c in h.entries if c == "7H"]
    h.remove([second])
    h.reconcile(["7H", "2C", "KS", "9D"])
    assert [u for u, c in h.entries if c == "7H"] == [first]


def test_hand_sorts_by_suit_or_rank_with_jokers_last() -> None:
    h = HandOrder()
    h.reconcile(["JK", "KD", "2S", "AH", "2H", "TC"], mark_new=False)
    h.sort("suit")
    assert h.codes() == ["2S", "AH", "2H", "TC", "KD", "JK"]
    h.sort("rank")
    assert h.codes() == ["AH", "2S", "2H", "TC", "KD", "JK"]
    h.sort("rank", ace_high=True)
    assert h.codes()[-2:] == ["AH", "JK"]


def test_hand_order_round_trips_and_rejects_garbage() -> None:
    h = HandOrder()
    h.reconcile(["7H", "2C"])
    assert HandOrder.from_dict(json.loads(json.dumps(h.to_dict()))) == h
    for bad in (
        None,
        [],
        {"entries": [[1, "7H"], [1, "2C"]], "next": 3},
        {"entries": [["x", "7H"]], "next": 2},
    ):
        with pytest.raises(ValueError):
            HandOrder.from_dict(bad)


# ------------------------------------------------------------- lay-down area
def area_for(codes: list[str], contract: dict | None = None, ace_high: bool = False) -> tuple[LayDown, dict]:
    cards = {i + 1: c for i, c in enumerate(codes)}
    area = LayDown()
    view = {
        "variant": "contract" if contract else "basic",
        "deal": 1,
        "laid_down": [False],
        "seat": 0,
        "contract": contract,
        "options": {"ace_high": ace_high},
    }
    area.set_basis(view)
    return area, cards


def test_contract_slots_and_live_checks_come_from_the_engine() -> None:
    area, cards = area_for(["7H", "7S", "7D", "3C", "4C", "6C"], {"sets": 1, "runs": 1})
    assert [(d.kind, d.slot) for d in area.drafts] == [("set", True), ("run", True)]
    area.add(0, [1, 2])
    check = area.check(0, cards.__getitem__, False)
    assert not check.ok and check.error is not None and check.error.key == "meld_too_short"
    area.add(0, [3])
    assert area.check(0, cards.__getitem__, False).ok
    area.add(1, [6, 4, 5])
    check = area.check(1, cards.__getitem__, False)
    assert check.error is not None and check.error.key == "run_not_consecutive"
    # Cards in a set slot that make a run are refused as a set, by the engine's make_meld.
    area.take([1, 2, 3])
    area.add(0, [4, 5, 6])
    assert area.check(0, cards.__getitem__, False).error.key == "set_mixed_ranks"


def test_run_drafts_put_jokers_in_gaps_and_spare_jokers_where_you_say() -> None:
    area, cards = area_for(["5H", "7H", "JK", "JK"])
    area.add(5, [2, 3, 1, 4])  # a new free draft, in any order
    code = cards.__getitem__
    assert area.kind_of(0, code) == "run"
    assert [code(u) for u in area.arranged(0, code, False)] == ["5H", "JK", "7H", "JK"]
    assert area.check(0, code, False).meld.stands_for(3) is not None
    assert area.spare_jokers(0, code, False) == (0, 1)
    area.move_joker(0, "low", code, False)
    assert [code(u) for u in area.arranged(0, code, False)] == ["JK", "5H", "JK", "7H"]
    action = area.action(0, code, False)
    assert action is not None and action.to_json() == {
        "type": "meld",
        "player": 0,
        "melds": [["JK", "5H", "JK", "7H"]],
        "kinds": ["run"],
    }
    # At the top a spare joker goes below by default: Q K + joker is J Q K.
    area2, cards2 = area_for(["QS", "KS", "JK"])
    area2.add(0, [1, 2, 3])
    assert [cards2[u] for u in area2.arranged(0, cards2.__getitem__, False)] == ["JK", "QS", "KS"]


def test_ace_high_choice_and_kind_toggle() -> None:
    area, cards = area_for(["AS", "KS", "QS"], ace_high=True)
    area.add(0, [1, 2, 3])
    code = cards.__getitem__
    assert area.has_ace_choice(0, code, True) and area.ace_is_high(0, code, True)
    assert [code(u) for u in area.arranged(0, code, True)] == ["QS", "KS", "AS"]
    assert area.check(0, code, True).ok
    area.set_ace(0, False)
    assert not area.check(0, code, True).ok
    one, c1 = area_for(["7H", "JK", "JK"])
    one.add(0, [1, 2, 3])
    assert one.kind_of(0, c1.__getitem__) == "set"
    one.set_kind(0, "run")
    assert one.check(0, c1.__getitem__, False).meld.kind == "run"


def test_undo_is_free_until_committed_and_the_area_round_trips() -> None:
    area, _ = area_for(["7H", "7S", "7D"], {"sets": 2, "runs": 0})
    area.add(0, [1, 2, 3])
    assert area.used() == {1, 2, 3}
    saved = json.loads(json.dumps(area.to_dict()))
    area.clear()
    assert area.is_empty() and len(area.drafts) == 2
    assert LayDown.from_dict(saved).used() == {1, 2, 3}
    area.add(9, [1])  # past the end: an extra free draft
    area.take([1])
    assert len(area.drafts) == 2  # an emptied free draft goes, the contract's slots stay
    with pytest.raises(ValueError):
        LayDown.from_dict({"drafts": [{"kind": "pair"}], "basis": []})


# ---------------------------------------------------------------- words
def test_log_lines_say_what_everyone_did() -> None:
    g = stacked(
        "contract", 3, {0: ["7H", "7S", "7D", "9C", "9H", "9S", "KS", "2C", "7C", "4D"]}, "QD", ["9D"]
    )
    app = make_app(g)
    assert app.draw("stock") is None
    while app.bot_to_act() is not None:
        app.bot_step()
    up = app.area
    by_code = {c: u for u, c in app.hand.entries}
    up.add(0, [by_code["7H"], by_code["7S"], by_code["7D"]])
    up.add(1, [by_code["9C"], by_code["9H"], by_code["9S"]])
    assert app.lay_down() is None
    options = app.options_for([by_code["7C"]])
    assert len(options) == 1 and options[0].action.type == "layoff"
    assert app.apply(options[0].action, [by_code["7C"]]) is None
    lines = log_lines(app.view(), app.names)
    assert lines[0] == "Deal 1 begins: Eero deals; the Q♦ is turned up."
    assert "You drew from the stock, so the Q♦ is offered for buying." in lines
    assert "You laid down the contract: 7♥ 7♠ 7♦; 9♣ 9♥ 9♠." in lines
    assert lines[-1] == "You laid off 7♣ on your set of sevens."
    assert not [line for line in lines if "Maija" in line], "you are 'you' in your own log"


def test_meld_words_and_refusals_name_melds_and_cards() -> None:
    assert meld_words("Aino", "run", ["JK", "5H", "6H"]) == "Aino's run 4♥–6♥"
    assert meld_words("Aino", "run", ["QS", "KS", "AS"]) == "Aino's run Q♠–A♠"
    assert meld_words("Eero", "set", ["JK", "9C", "9D"]) == "Eero's set of nines"
    assert card_text("TD") == "10♦" and card_text("JK") == "joker"
    text = refusal("layoff_no_fit", {"cards": "8H 9H", "meld": 2}, lambda m: f"meld #{m}")
    assert text == "8♥ 9♥ does not fit meld #2."
    # The table sends only your moves, so a move out of turn is yours: "your turn", never a name.
    said = refusal("not_your_turn", {"player": 0, "to_act": 1}, None, ["Maija", "Aino"].__getitem__)
    assert said == "It is not your turn: Aino acts now."


def test_every_catalog_key_used_in_the_ui_exists() -> None:
    import pathlib
    import re

    used = set()
    for path in [*pathlib.Path("py/ui").rglob("*.py"), *pathlib.Path("py/browser").rglob("*.py")]:
        used |= set(re.findall(r'\bt\(\s*"([a-z0-9_.]+)"', path.read_text(encoding="utf-8")))
    page = pathlib.Path("index.html").read_text(encoding="utf-8")
    used |= set(re.findall(r'data-(?:text|label)="([a-z0-9_.]+)"', page))
    used = {key for key in used if not key.endswith(".")}  # prefixes of keys made in code
    assert used and not (used - set(TEXT))


# ---------------------------------------------------------------- settings
def test_settings_defaults_round_trip_and_bad_fields_fall_back() -> None:
    s = Settings()
    back, ok = settings_from_dict(json.loads(json.dumps(s.to_dict())))
    assert ok and back == s
    data = s.to_dict() | {"pace": "warp", "players": {"contract": 99, "basic": 2}, "name": "<b>x</b>"}
    back, ok = settings_from_dict(data)
    assert not ok and back.pace == "normal" and back.players["contract"] == 4 and back.name == "<b>x</b>"
    assert settings_from_dict("garbage") == (Settings(), False)
    assert settings_from_dict(None) == (Settings(), True)


def test_names_are_kept_as_typed_but_tidy_and_short() -> None:
    assert clean_name("  <img src=x onerror=alert(1)>  ") == "<img src=x onerror=alert(1)>"
    assert clean_name("a\nb\tc") == "a b c"
    assert len(clean_name("x" * 100)) == 32
    assert clean_name(None) == ""


def test_house_rules_have_defaults_and_help_and_reach_the_engine() -> None:
    s = Settings()
    for variant, players in (("contract", 4), ("basic", 3)):
        rules = house_rules(s, variant, players)
        assert rules and all(r.help and r.default.startswith("default:") for r in rules)
    form = {
        "variant": "contract",
        "players": "6",
        "jokers": "4",
        "max_buys": "3",
        "runs_differ_in_suit": True,
    }
    s2 = apply_form(s, form)
    assert engine_options(s2, "contract", 6) == {"runs_differ_in_suit": True, "jokers": 4, "max_buys": 3}
    s3 = apply_form(s, {"variant": "basic", "players": "4", "layout": "1", "target": "250", "ace_high": True})
    opts = engine_options(s3, "basic", 4)
    assert (opts["decks"], opts["hand_size"]) == basic_layouts(4)[1] and opts["target"] == 250
    app = App.new_match(s3, 11)
    assert app.game.options.target == 250 and app.game.players == 4 and app.seats[0].name == "Player"
    assert [x.level for x in app.seats[1:]] == ["normal"] * 3


# ------------------------------------------------------------------- saves
def test_a_save_resumes_exactly_and_play_goes_on_identically() -> None:
    s = Settings()
    a = App.new_match(s, 21)
    b = App.new_match(s, 21)
    for _ in range(60):
        for app in (a, b):
            if app.bot_to_act() is not None:
                app.bot_step()
            elif app.drawn_to_act():
                from rommi.bots import hint

                action = hint(app.view())["action"]
                assert app.apply(action, app.hint_cards(action)) is None
        a = App.from_save(json.loads(json.dumps(a.to_save())))  # a reload after every move
        assert a.game.to_dict() == b.game.to_dict()
        assert a.hand.entries == b.hand.entries


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ("not a dict", "setup.save_corrupt"),
        ({"version": 0}, "setup.save_outdated"),
        ({"version": 1, "game": {"version": 7}}, "setup.save_outdated"),
        ({"version": 1, "game": {"version": 1}}, "setup.save_corrupt"),
        ({"version": "1"}, "setup.save_corrupt"),
    ],
)
def test_broken_saves_are_reported_not_raised(data: object, key: str) -> None:
    with pytest.raises(Refused) as caught:
        App.from_save(data)
    assert caught.value.key == key and t(key, detail=caught.value.detail)


def test_a_save_with_bad_seats_is_corrupt_and_bad_ui_state_is_rebuilt() -> None:
    app = App.new_match(Settings(), 3)
    save = app.to_save()
    broken = json.loads(json.dumps(save))
    broken["seats"][0]["level"] = "hard"
    with pytest.raises(Refused):
        App.from_save(broken)
    messy = json.loads(json.dumps(save))
    messy["ui"]["hand"] = "???"
    again = App.from_save(messy)
    assert sorted(again.hand.codes()) == sorted(app.view()["hand"])


# ------------------------------------------------------ the controller
def test_refusals_change_nothing_and_options_ask_when_a_card_fits_twice() -> None:
    hand = ["7H", "7S", "JK", "9C", "9H", "9S", "7D", "2C", "KS", "4D"]
    g = stacked("contract", 3, {0: hand}, "QD", ["5C"], dealer=2)
    app = make_app(g)
    before = app.game.to_dict()
    error = app.discard(app.hand.uids()[0])
    assert error is not None and error.key == "draw_first" and app.game.to_dict() == before
    app.draw("stock")
    while app.bot_to_act() is not None:
        app.bot_step()
    code = {c: u for u, c in app.hand.entries}
    app.area.add(0, [code["7H"], code["7S"], code["JK"]])
    app.area.add(1, [code["9C"], code["9H"], code["9S"]])
    assert app.check(app.lay_down_action()) is None
    assert app.lay_down() is None
    options = app.options_for([code["7D"]])
    assert sorted(o.action.type for o in options) == ["layoff", "swap"]
    swap = next(o for o in options if o.action.type == "swap")
    assert app.apply(swap.action, [code["7D"]]) is None
    assert "JK" in app.hand.codes() and app.hand.code(next(iter(app.hand.fresh))) == "JK"


def test_ends_of_a_run_are_asked_and_named() -> None:
    hand = ["5H", "6H", "7H", "KC", "KD", "KS", "4H", "8H", "2C", "3D"]
    g = stacked("contract", 3, {0: hand}, "QD", ["9C"], deal=2, dealer=2)
    app = make_app(g)
    app.draw("stock")
    while app.bot_to_act() is not None:
        app.bot_step()
    code = {c: u for u, c in app.hand.entries}
    app.area.add(0, [code["KC"], code["KD"], code["KS"]])
    app.area.add(1, [code["5H"], code["6H"], code["7H"]])
    assert app.lay_down() is None
    options = app.options_for([code["4H"]])
    assert [o.action.to_json().get("end") for o in options] == ["low"]
    assert "low end (before 5♥)" in options[0].label


def test_bots_play_and_prompts_follow_the_phase() -> None:
    app = App.new_match(Settings(), 8)
    assert deal_line(app).startswith("Deal 1 of 7: two sets of three")
    while app.bot_to_act() is not None:
        app.bot_step()
    assert app.drawn_to_act()
    assert turn_line(app) in (t("table.turn.you"),) or "may buy" in turn_line(app)
    assert prompt_line(app) in (t("prompt.draw"), "")
    h = app.hint()
    assert h is not None and h["reason"]["key"] and h["action"].to_json()["player"] == 0


def test_the_prompt_by_the_piles_says_who_you_wait_for_and_who_is_thinking() -> None:
    """While a computer player acts, the prompt names it, and says so once its search runs long."""
    app = App.new_match(Settings(), 8)
    seat = app.bot_to_act()
    assert seat is not None and app.view()["phase"] == "draw"
    name = app.names[seat]
    assert prompt_line(app) == t("prompt.wait", name=name)
    assert prompt_line(app, thinking=seat) == t("table.turn.thinking", name=name) == turn_line(app, seat)
    other = next(p for p in range(1, len(app.names)) if p != seat)
    assert prompt_line(app, thinking=other) == t("prompt.wait", name=name)


def test_ledger_is_recorded_once_per_match() -> None:
    app = App.new_match(Settings(), 2)
    from rommi.bots import hint

    for _ in range(5000):
        if app.game.over:
            break
        if app.bot_to_act() is not None:
            app.bot_step()
        elif app.phase() == "deal_over":
            app.next_deal()
        else:
            action = hint(app.view())["action"]
            app.apply(action, app.hint_cards(action))
    assert app.game.over
    ledger = app.record_match(clean_ledger(None))
    assert ledger["games"] == 1 and sum(ledger["wins"].values()) == len(app.view()["winners"])
    from fractions import Fraction

    assert sum(Fraction(x) for x in ledger["balance"].values()) == 0
    assert app.record_match(ledger) is ledger  # not twice
    assert went_out_of_row("contract", [5, 0, 9]) == 1 and went_out_of_row("basic", [0, 0, 0]) is None


# The last deal of a contract match: Aino (seat 1) goes out at once; you and Eero keep 74 and 88.
DEAL7_OUT = ["3C", "4C", "5C", "8D", "9D", "TD", "5H", "6H", "7H", "8H"]
DEAL7_YOU = ["AH", "AD", "5C", "6C", "7D", "8D", "2D", "3S", "4S", "9C"]  # 74 points
DEAL7_EERO = ["JK", "AS", "KS", "QS", "JS", "TS", "9S", "2H", "3H", "4H"]  # 88 points


def contract_match_over(before: list[int]) -> App:
    """A contract match ending in deal 7, with ``before`` the totals of deals 1-6."""
    g = new_game("contract", 3, [DEAL7_YOU, DEAL7_OUT, DEAL7_EERO], "QD", ["KS"], deal=7)

    def earlier(d: dict[str, Any]) -> None:
        d["scores"] = list(before)
        d["deal_scores"] = [list(before)] + [[0, 0, 0]] * 5

    g = finish_with(g, earlier)
    draw_stock(g)
    act(g, "meld", melds=[DEAL7_OUT[:3], DEAL7_OUT[3:6], DEAL7_OUT[6:]])
    act(g, "discard", card="KS")
    assert g.over
    return make_app(g)


@pytest.mark.parametrize(
    ("before", "title", "change"),
    [
        ([0, 200, 0], "You won the game", "+140"),  # totals 74, 200, 88: Aino pays 126, Eero 14
        ([0, 0, 0], "Aino won the game", "-74"),
        ([0, 74, 1], "You and Aino share the win", "+15/2"),  # 74, 74, 89: Eero's 15 split
        ([14, 88, 0], "You, Aino and Eero share the win", "0"),
        ([100, 88, 0], "Aino and Eero share the win", "-86"),
    ],
)
def test_the_match_end_names_the_winner_and_your_ledger_change(
    before: list[int], title: str, change: str
) -> None:
    """rules C15, C16: the sheet's heading says who won, its first line your money for this match."""
    app = contract_match_over(before)
    assert match_result(app) == (title, f"Your ledger change for this game: {change}")
    assert signed(app.view()["ledger"][0]) == change


def test_the_match_end_in_finnish_and_in_basic_rummy() -> None:
    """rules C15, B9: Finnish words; basic rummy has no money ledger, so only the winner is said."""
    app = contract_match_over([0, 0, 0])
    set_language("fi")
    try:
        assert match_result(app) == ("Aino voitti pelin", "Pääkirjanpitosi muutos tästä pelistä: -74")
        assert match_result(contract_match_over([14, 88, 0]))[0] == "Sinä, Aino ja Eero jaatte voiton"
    finally:
        set_language("en")
    hand = ["7H", "7S", "7D", "2C", "3C", "4C", "9H", "9S", "9D", "KS"]
    g = new_game("basic", 2, [hand, []], "QD", ["5C"], {"target": 10}, dealer=1)
    draw_stock(g)
    act(g, "meld", melds=[hand[:3], [*hand[3:6], "5C"], hand[6:9]])
    act(g, "discard", card="KS")
    assert g.over and match_result(make_app(g)) == ("You won the game", None)


def test_new_meld_fills_a_contract_slot_of_its_kind_first() -> None:
    area, cards = area_for(["7H", "7S", "7D", "3C", "4C", "5C"], {"sets": 1, "runs": 1})
    code = cards.__getitem__
    assert area.slot_for([4, 5, 6], code) == 1  # the run slot
    area.add(area.slot_for([1, 2, 3], code), [1, 2, 3])
    assert area.drafts[0].uids == [1, 2, 3]
    assert area.slot_for([4, 5], code) == 1 and area.slot_for([], code) == 2


def test_never_ask_me_passes_in_the_buy_window() -> None:
    g = stacked("contract", 3, {0: ["7H"]}, "QD", ["5C"], dealer=0)
    g.apply({"type": "draw", "player": 1, "source": "stock"})
    g.apply({"type": "pass", "player": 2})
    app = make_app(g)
    app.buy_prompt = "always"
    assert app.drawn_to_act() and app.phase() == "buy" and not app.must_auto_pass()
    app.buy_prompt = "never"
    assert app.must_auto_pass()
    app.auto_pass()
    assert app.view()["history"][-2] == {"type": "pass", "player": 0}


def test_the_action_bar_asks_the_engine() -> None:
    """rules G8, C8, C9: Discard, Lay off and Swap are available only when check allows them,
    and otherwise carry the engine's reason."""
    hand = ["7H", "7S", "JK", "9C", "9H", "9S", "7D", "2C", "KS", "4D"]
    g = stacked("contract", 3, {0: hand}, "QD", ["5C"], dealer=2)
    app = make_app(g)
    code = {c: u for u, c in app.hand.entries}
    assert app.bar().discard == "Select cards in your hand."
    app.selected = [code["KS"]]
    bar = app.bar()
    assert bar.discard == "Draw a card first."
    assert bar.lay_off and bar.swap  # refused too, each with a reason
    assert bar.swap_shown  # contract rummy plays with a joker
    app.draw("discard")  # QD: it may not go straight back (G8)
    app.selected = [next(u for u, c in app.hand.entries if c == "QD")]
    assert app.bar().discard is not None and "Q♦" in str(app.bar().discard)
    app.selected = [code["KS"], code["2C"]]
    assert app.bar().discard == "Select one card to discard."
    app.selected = [code["KS"]]
    assert app.bar().discard is None
    app.area.add(0, [code["7H"], code["7S"], code["JK"]])
    app.area.add(1, [code["9C"], code["9H"], code["9S"]])
    assert app.lay_down() is None
    app.selected = [code["7D"]]
    bar = app.bar()
    assert bar.lay_off is None and bar.swap is None  # onto the sevens, or in the joker's place
    app.selected = [code["2C"]]
    bar = app.bar()
    assert bar.lay_off == "2♣ fits no meld on the table."
    assert bar.swap == "No joker on the table stands for 2♣."


def test_lay_off_before_the_contract_gives_the_engines_reason() -> None:
    """rule C8: before your own lay-down the reason is the contract, not the fit."""
    mine = ["7H", "2C", "3D", "4S", "5C", "8D", "TH", "JS", "QC", "KD"]
    theirs = ["7S", "7D", "7C", "9S", "9D", "9C", "2H", "3H", "4H", "6D"]
    g = stacked("contract", 3, {0: mine, 1: theirs}, "QD", ["5H", "6C", "8S", "8C"], dealer=2)
    app = make_app(g)
    for seat, card in ((0, "5H"), (1, None)):
        g.apply({"type": "draw", "player": seat, "source": "stock"})
        while g.phase.value == "buy":
            g.apply({"type": "pass", "player": g.to_act})
        if card is None:  # seat 1 lays down its two sets of the first contract
            g.apply({"type": "meld", "player": 1, "melds": [["7S", "7D", "7C"], ["9S", "9D", "9C"]]})
            card = "6D"
        g.apply({"type": "discard", "player": seat, "card": card})
    app.sync()
    while app.phase() != "play" or not app.drawn_to_act():
        if app.bot_to_act() is not None:
            app.bot_step()
        elif app.phase() == "buy":
            assert app.pass_buy() is None
        else:
            assert app.draw("stock") is None
    assert not g.view(0)["laid_down"][0] and g.view(0)["melds"]
    code = {c: u for u, c in app.hand.entries}
    app.selected = [code["7H"]]
    assert app.bar().lay_off == app.nowhere([code["7H"]])
    assert app.nowhere([code["7H"]]) == app.refusal_text(IllegalAction("C8", "not_laid_down"))
    assert "contract" in app.nowhere([code["7H"]])


def test_no_swap_button_without_jokers() -> None:
    """rule G6: a game without jokers has nothing to swap, so the control is not offered."""
    g = Game.new("basic", 2, seed=3, options={"jokers": 0})
    assert not make_app(g).bar().swap_shown


def test_a_melds_cards_in_words_name_what_each_joker_stands_for() -> None:
    from ui.words.logtext import meld_spoken

    run = {"cards": ["5H", "JK", "7H"], "stands_for": ["5H", "6H", "7H"]}
    assert meld_spoken(run) == "5 of hearts, joker (joker as 6♥), 7 of hearts"
    assert meld_spoken({"cards": ["JK", "9S"], "stands_for": ["9", "9S"]}) == "joker, 9 of spades"
