"""Learn to play (issue 43 point 1): each lesson driven from start to end through the table's
own commands (``ui.commands.table.handle``), moves off the script and their way back,
leaving and starting again, and the stores never written."""

from __future__ import annotations

from typing import Any

import pytest

from rommi.actions import Buy, Discard, Draw, Layoff, Meld
from rommi.cards import Card
from rommi.game import Phase
from rommi.names import Source
from ui.commands.acts import Act, Effects, Target
from ui.commands.table import handle, throw_card
from ui.commands.tutorial import step_words
from ui.model.app import App
from ui.model.buyprompt import hint_word
from ui.records.stores import DAILY, GAME, LEDGER, STATS
from ui.screen import Screen
from ui.tutorial.lessons import PLANS
from ui.tutorial.walk import PRESSES
from ui.words.i18n import set_language, t


@pytest.fixture(autouse=True)
def english() -> Any:
    set_language("en")
    yield
    set_language("en")


def uid_of(s: Screen, code: str) -> int:
    app = s.app
    assert app is not None
    free = [
        u
        for u in app.hand.uids()
        if app.code(u) == code and u not in app.selected and u not in app.area.used()
    ]
    assert free, f"no {code} to press in {[app.code(u) for u in app.hand.uids()]}"
    return free[0]


def press(s: Screen, act: Act, code: str | None = None) -> Effects:
    return handle(s, Target(act, uid=None if code is None else uid_of(s, code)))


def step_name(s: Screen) -> str | None:
    step = s.tutorial.current()
    return None if step is None else step.name


def do_step(s: Screen) -> list[Effects]:
    """Press what the step says; the step is then the next one."""
    name = step_name(s)
    assert name is not None
    out = []
    for act, code in PRESSES[s.tutorial.name][name]:
        out.append(press(s, act, code))
        assert s.refusal is None and s.tutorial.wrong is None, (name, act, code, s.refusal)
        assert not s.tutorial.off, (name, act, code)
    assert step_name(s) != name, f"step {name} still waits"
    return out


def begin(variant: str) -> Screen:
    s = Screen()
    fx = handle(s, Target(Act.TUTORIAL, value=variant))
    assert s.tutorial is not None and s.app is not None and s.screen == "table"
    assert fx.announce and fx.announce.startswith("Step 1 of")
    assert not fx.save and not fx.run_bots
    return s


@pytest.mark.parametrize("variant", ["contract", "basic"])
def test_each_lesson_runs_from_start_to_end_by_doing_what_each_step_says(variant: str) -> None:
    s = begin(variant)
    steps = [st.name for st in PLANS[variant].steps]
    seen = []
    while step_name(s) is not None:
        seen.append(step_name(s))
        for fx in do_step(s):
            assert not (fx.save & {GAME, STATS, LEDGER, DAILY}) and not fx.run_bots and not fx.post
    assert seen == steps  # one at a time, none skipped
    assert s.tutorial.finished
    v = s.app.view()
    assert v["went_out"] == 0 and v["phase"] == Phase.DEAL_OVER and not v["over"]
    assert step_words(s) == t(f"tutorial.{variant}.done")


def test_the_buy_step_is_a_real_buy_offer_and_its_cost() -> None:
    """rule C6: the lesson's buy is the engine's offer; buying takes the card and the stock's top."""
    s = begin("contract")
    while step_name(s) != "buy":
        do_step(s)
    v = s.app.view()
    assert v["phase"] == Phase.BUY and v["to_act"] == 0 and v["buy_card"] == "9H"
    before = len(v["hand"])
    do_step(s)
    assert len(s.app.view()["hand"]) == before + 2  # the 8♠ and the stock's top; nothing discarded
    assert s.app.view()["buys"][0] == 1


def test_a_refused_move_gets_the_engines_reason_and_what_to_try() -> None:
    s = begin("contract")
    do_step(s)  # read the contract
    fx = press(s, Act.DISCARD)  # nothing selected: nothing happens
    uid = uid_of(s, "AS")
    handle(s, Target(Act.CARD, uid=uid))
    fx = handle(s, Target(Act.DISCARD))  # before drawing: refused by the engine (G8)
    assert s.refusal and s.tutorial.wrong == s.refusal
    assert fx.announce and t("tutorial.contract.draw.try") in fx.announce
    assert step_name(s) == "draw" and len(s.app.view()["hand"]) == 10


def test_a_legal_move_off_the_script_is_answered_by_the_way_back() -> None:
    """Drawing from the stock where the lesson says the discard pile: the game goes on (no dead
    end: the learner may play on), and Back returns the table to where the step began."""
    s = begin("contract")
    do_step(s)
    start = s.app.to_save()["game"]
    fx = press(s, Act.DRAW_STOCK)
    assert s.tutorial.off and fx.announce and t("tutorial.off") in fx.announce
    assert s.app.view()["phase"] == Phase.PLAY  # still the learner's turn: the game goes on
    # Played on off the script: the scripted seats adapt and it comes back to the learner.
    code = s.app.view()["hand"][-1]
    press(s, Act.CARD, code)
    press(s, Act.DISCARD)
    assert s.app.view()["to_act"] == 0 and s.app.view()["phase"] in (Phase.DRAW, Phase.BUY)
    handle(s, Target(Act.TUTORIAL_BACK))
    assert s.app.to_save()["game"] == start and not s.tutorial.off and step_name(s) == "draw"
    while step_name(s) is not None:
        do_step(s)


def test_every_off_script_move_of_each_step_leads_back_and_on_to_the_end() -> None:
    """From each move step, a legal move the lesson did not plan (pass the buy, discard
    another card, draw from the other pile, end the turn without going out) leaves the game
    playable, and Back then the steps finish the lesson: never a dead end."""
    for variant in ("contract", "basic"):
        index = 0
        while True:
            s = begin(variant)
            for _ in range(index):
                do_step(s)
            if s.tutorial.finished:
                break
            step = s.tutorial.current()
            index += 1
            if step.read:
                continue
            wander(s)
            assert s.app.seat_to_act() in (0, None)  # the learner acts next (or the deal is over)
            handle(s, Target(Act.TUTORIAL_BACK))
            assert step_name(s) == step.name and not s.tutorial.off
            while step_name(s) is not None:
                do_step(s)


def wander(s: Screen) -> None:
    """A legal move the step did not ask for."""
    app = s.app
    v = app.view()
    if v["phase"] == Phase.BUY:
        press(s, Act.PASS)
    elif v["phase"] == Phase.DRAW:
        press(s, Act.DRAW_STOCK if step_name(s) == "draw" else Act.DRAW_DISCARD)
    else:
        taken = v["taken"]
        presses = PRESSES[s.tutorial.name][step_name(s)]
        planned = {presses[i - 1][1] for i, (act, _) in enumerate(presses) if act is Act.DISCARD}
        code = next(c for c in reversed(v["hand"]) if c not in (taken, "JK") and c not in planned)
        throw_card(s, uid_of(s, code), dragged=False)  # a double press discards: followed too
    assert s.tutorial.off, step_name(s)


@pytest.mark.parametrize("variant", ["contract", "basic"])
def test_leaving_at_any_step_puts_the_game_back_and_writes_nothing(variant: str) -> None:
    for steps in range(len(PLANS[variant].steps) + 1):
        s = Screen()
        real = App.new_match(s.settings, 12345)
        s.app, s.screen = real, "setup"
        kept = real.to_save()
        s.tutorial = None
        handle(s, Target(Act.TUTORIAL, value=variant))
        for _ in range(steps):
            do_step(s)
        fx = handle(s, Target(Act.TUTORIAL_LEAVE))
        assert s.tutorial is None and s.app is real and s.screen == "setup"
        assert not fx.save and not fx.run_bots
        assert real.to_save() == kept
        handle(s, Target(Act.TUTORIAL, value=variant))  # and again, from the start
        assert step_name(s) == PLANS[variant].steps[0].name and s.tutorial.kept_app is real


def test_start_again_from_any_step_deals_the_same_cards_again() -> None:
    s = begin("contract")
    first = s.app.to_save()["game"]
    for _ in range(5):
        do_step(s)
    handle(s, Target(Act.TUTORIAL_RESTART))
    assert step_name(s) == "contract" and s.app.to_save()["game"] == first and s.tutorial.kept_app is None


def test_new_game_leaves_the_lesson_and_other_screens_wait() -> None:
    s = begin("basic")
    assert handle(s, Target(Act.STATS)).redraw is False and s.screen == "table"
    fx = handle(s, Target(Act.UNDO))
    assert fx.announce == t("tutorial.no_undo")
    handle(s, Target(Act.MENU_NEW_GAME))
    assert s.tutorial is None and s.app is None and s.screen == "setup"


def test_the_learner_is_offered_the_buy_and_the_others_are_no_computer_players() -> None:
    """No computer players' loop moves the lesson's other seats (``App.bot_to_act``): the
    script does; the buy offer is always asked."""
    s = begin("contract")
    assert all(s.app.bot_to_act() is None for _ in [0]) and s.app.buy_prompt == "always"
    assert s.app.names[1:] == ["Aino", "Eero"]


def test_the_lesson_is_worded_in_finnish() -> None:
    set_language("fi")
    s = Screen()
    fx = handle(s, Target(Act.TUTORIAL, value="basic"))
    assert fx.announce == "Askel 1/9. " + t("tutorial.basic.melds")


@pytest.mark.parametrize(
    ("variant", "said"), [("contract", "This deal: Aino 24, Eero 79."), ("basic", "This deal you score 36.")]
)
def test_the_score_step_names_the_deals_own_points(variant: str, said: str) -> None:
    """rule C14, rule B8: in Sitoumusrommi the others score their cards left (24 and 79 here); in
    Perusrommi the one who goes out scores the cards left in the other hands (36 here)."""
    s = begin(variant)
    while step_name(s) != "score":
        do_step(s)
    assert said in step_words(s)


# Where the lesson's move is not the Hint's (``rommi.bots.hint``, the hard player's move for the
# learner's view), and why; each is said in the step's words. Every other move step's first move
# is the Hint's own: a newcomer who presses Hint, or reads the buy panel's hint word, is never
# told the opposite of the lesson.
DIFFERS = {
    # the Hint lays the run and the 5♣ down with the contract; the lesson keeps them for laying
    # off and for going out with the joker (said in tutorial.contract.lay_down)
    ("contract", "lay_down"),
    # after the contract the Hint lays the run down first; the lesson teaches lay-offs and the
    # swap before it (any order is legal, C8)
    ("contract", "lay_off_own"),
    ("contract", "lay_off_other"),
    ("contract", "swap"),
    # Perusrommi's Hint keeps complete melds in hand (hard holds them: docs/expert.md); the lesson
    # teaches melding, then lay-offs in its own order
    ("basic", "lay_down"),
    ("basic", "discard"),
    ("basic", "lay_off_own"),
}


@pytest.mark.parametrize("variant", ["contract", "basic"])
def test_each_draw_buy_and_discard_step_is_the_hints_own_move(variant: str) -> None:
    """Issue 43 point 3: the lesson, the Hint and the buy prompt's word speak with one voice. At
    the buy step the Hint itself buys the 9♥ (it makes the contract), and the buy panel's word
    says so; each draw and discard step asks for the Hint's move."""
    s = begin(variant)
    checked = []
    while step_name(s) is not None:
        name = step_name(s)
        step = s.tutorial.current()
        found = s.app.hint()
        if not step.read and (variant, name) not in DIFFERS:
            assert found is not None, name
            action = found["action"]
            first = PRESSES[variant][name]
            if name == "buy":
                assert isinstance(action, Buy), (name, found["text"])
                assert hint_word(s.app.view()) == "buy"
                assert found["reason"]["key"] == "buy_meets_contract"
            elif first[0][0] is Act.DRAW_DISCARD:
                assert action == Draw(0, Source.DISCARD), (name, found["text"])
            elif first[0][0] is Act.DRAW_STOCK:
                assert action == Draw(0, Source.STOCK), (name, found["text"])
            elif name in ("discard", "go_out") and first[-1][0] is Act.DISCARD and len(first) == 2:
                assert action == Discard(0, Card.parse(str(first[0][1]))), (name, found["text"])
            elif name.startswith("lay_off") and isinstance(action, Layoff):
                assert [str(c) for c in action.cards] == [first[0][1]], (name, found["text"])
            elif name == "go_out":
                assert isinstance(action, (Meld, Layoff)), (name, found["text"])
            else:
                raise AssertionError(f"step {name} is neither checked nor listed as differing")
            checked.append(name)
        do_step(s)
    assert {
        "contract": ["draw", "discard", "buy", "draw_stock", "go_out"],
        "basic": ["draw", "draw_stock", "lay_off_other", "go_out"],
    }[variant] == checked
