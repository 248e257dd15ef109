"""The coach (issue 43, point 2): ``ui.model.coach``, its question at the table, its setting.

Each case is a stacked deal where the move is plainly costly, and a close variant where the
move is right (or the hard player, whose move the Hint gives, plays it too) and the coach is
quiet. Over seeded deals it never questions the Hint's own move.
"""

from __future__ import annotations

from typing import Any

import pytest

from coach_positions import laid_down_then_drew_the_7c, offered_the_5c
from rommi import Game
from rommi.actions import Buy, Discard
from rommi.bots import hint, make_bot
from rommi.bots.hard import HardBot
from rommi.bots.table import parse_view
from rommi.cards import Card
from rommi.game import Phase
from stacking import act, draw_stock, quiet_turn
from stacking import new_game as stacked_game
from ui.commands.acts import Act, Effects, Target
from ui.commands.coach import ASKED
from ui.commands.table import escape, handle
from ui.model.app import App, Seat, bot_seed
from ui.model.coach import (
    Concern,
    buy_words,
    coach_on,
    concern,
    listens,
    matches_played,
    newcomer_visit,
    question,
    words,
)
from ui.model.settings import Settings, apply_form, settings_from_dict
from ui.records.stores import GAME
from ui.screen import Screen
from ui.words import i18n
from ui.words.i18n import t


def at_table(game: Game, coach: str = "on") -> Screen:
    """You at seat 0 against easy computer players, the coach set to ``coach``."""
    seats = [Seat.here("Maija")] + [
        Seat.computer(n, "easy") for n in ("Aino", "Eero", "Helmi")[: game.players - 1]
    ]
    s = Screen()
    s.settings.coach = coach
    s.app = App(game, seats, 5, [bot_seed(5, i) for i in range(game.players)])
    s.screen = "table"
    return s


def discard(s: Screen, card: str) -> Effects:
    """Select ``card`` and press Discard."""
    assert s.app is not None
    s.app.selected = [next(u for u, c in s.app.hand.entries if c == card)]
    return handle(s, Target(Act.DISCARD))


def thrown(game: Game, seat: int, card: str) -> Concern | None:
    return concern(game, seat, Discard(seat, Card.parse(card)))


# ----------------------------------------------------------------- the positions
def holding_the_contract(hand: list[str], deal: int = 1) -> Game:
    """Contract rummy for three, you first: you have drawn the 5♣ and may play."""
    g = stacked_game("contract", 3, [hand, [], []], "QD", ["5C"], dealer=2, deal=deal)
    draw_stock(g)
    return g


CONTRACT = ["7H", "7S", "7D", "9C", "9H", "9S", "2C", "KS", "4D", "JD"]  # two sets: deal 1's contract


def basic_against(melded: list[list[str]], kinds: list[str]) -> Game:
    """Perusrommi for two: you hold 7♥ 7♠ 7♦ and 2♣ 3♣ 4♣; Aino melds ``melded`` and throws the
    9♠; you have drawn the K♦."""
    mine = ["7H", "7S", "7D", "2C", "3C", "4C", "KS", "9D", "JH", "5S"]
    aino = ["8H", "8S", "8C", "TC", "JC", "QC", "2H", "3H", "4H", "6D"]
    g = stacked_game("basic", 2, [mine, aino], "AD", ["QS", "9S", "KD"], dealer=1)
    quiet_turn(g, "QS")
    draw_stock(g)
    act(g, "meld", melds=melded, kinds=kinds)
    act(g, "discard", card="9S")
    draw_stock(g)
    return g


ALL_OF_AINOS = [["8H", "8S", "8C"], ["TC", "JC", "QC"], ["2H", "3H", "4H"]]


# ----------------------------------------------------------------- the four cases
def test_discarding_a_card_that_could_be_laid_off_now_is_questioned() -> None:
    """rules C8, G3: the 7♣ goes on your own sevens; the hard player lays it off and throws the J♦."""
    g = laid_down_then_drew_the_7c()
    assert hint(g.view(0))["action"].to_json()["type"] == "layoff"
    found = thrown(g, 0, "7C")
    assert found == Concern("coach.layoff", {"card": "7C", "meld": 0, "other": "JD", "points": 10})


def test_discarding_a_card_that_fits_nothing_is_not_questioned() -> None:
    """The close variant: the 2♣ fits no meld, so throwing it loses nothing the coach speaks of."""
    g = laid_down_then_drew_the_7c()
    assert thrown(g, 0, "2C") is None and thrown(g, 0, "4D") is None


def test_ending_the_turn_with_the_contract_in_hand_is_questioned() -> None:
    """rule C7: deal 1's two sets are in the hand; the hard player lays them down first."""
    g = holding_the_contract(CONTRACT)
    found = thrown(g, 0, "KS")
    assert found is not None and found.key == "coach.contract"
    assert found.params["melds"].count("/") == 1 and found.params["points"] > 0


def test_without_the_contract_in_hand_or_in_deal_7_ending_the_turn_is_not_questioned() -> None:
    """The close variants: one set only (the 9♠ is a 6♠), and deal 7, where all goes down at once (C12)."""
    one_set = ["7H", "7S", "7D", "9C", "9H", "6S", "2C", "KS", "4D", "JD"]
    assert thrown(holding_the_contract(one_set), 0, "KS") is None
    final = holding_the_contract(CONTRACT, deal=7)
    assert final.view(0)["deal"] == 7 and thrown(final, 0, "KS") is None


def test_holding_melds_in_basic_rummy_while_an_opponent_is_close_to_going_out_is_questioned() -> None:
    """rules B4, B8: Aino has one card left; your two melds and the rest would be caught."""
    g = basic_against(ALL_OF_AINOS, ["set", "run", "run"])
    assert g.view(0)["hand_sizes"][1] == 1
    found = thrown(g, 0, "KS")
    assert found is not None and found.key == "coach.hold"
    assert found.params["player"] == 1 and found.params["count"] == 1
    table = parse_view(g.view(0))
    assert found.params["points"] == table.penalty([c for c in table.hand if str(c) != "KS"]) == 64


def test_holding_melds_while_every_opponent_has_many_cards_is_not_questioned() -> None:
    """The close variant: Aino melded one set and holds seven cards."""
    g = basic_against([["8H", "8S", "8C"]], ["set"])
    assert g.view(0)["hand_sizes"][1] == 7
    assert thrown(g, 0, "KS") is None


def test_the_coach_follows_the_hard_players_decision_to_hold_melds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hold case reads hard's decision, not a rule of the coach's: with hard holding its melds
    even now (as helper JUDGE may decide), the coach is quiet."""
    g = basic_against(ALL_OF_AINOS, ["set", "run", "run"])
    monkeypatch.setattr(HardBot, "meld_more", lambda self, table, rng: None)
    assert hint(g.view(0))["action"].to_json()["type"] == "discard"
    assert thrown(g, 0, "KS") is None


def test_buying_when_the_next_player_may_go_out_is_questioned() -> None:
    """rule C6: Eero plays next with one card; a buy puts two more cards in your hand."""
    g = offered_the_5c()
    assert hint(g.view(0))["action"].to_json()["type"] == "pass"
    found = concern(g, 0, Buy(0))
    assert found == Concern("coach.buy", {"player": 2, "count": 1, "card": "5C", "points": 5})


def test_buying_when_the_next_player_holds_many_cards_is_not_questioned() -> None:
    """The close variant: Eero laid down only his two sets and holds four cards."""
    g = offered_the_5c(eero_run=False)
    assert g.view(0)["hand_sizes"][2] == 4
    assert concern(g, 0, Buy(0)) is None


# ------------------------------------------------------------------ at the table
def test_the_question_comes_before_the_move_and_take_it_back_plays_nothing() -> None:
    s = at_table(laid_down_then_drew_the_7c())
    assert s.app is not None
    before = len(s.app.view()["history"])
    fx = discard(s, "7C")
    assert s.coach is not None and fx.focus == ASKED and GAME not in fx.save
    assert fx.announce is not None and "7♣" in fx.announce and fx.announce.startswith("Coach:")
    assert len(s.app.view()["history"]) == before  # nothing played yet
    fx = handle(s, Target(Act.COACH_BACK))
    assert s.coach is None and len(s.app.view()["history"]) == before
    assert fx.announce == t("coach.taken_back") and fx.focus is not None and "discard" in fx.focus
    assert s.app.selected  # the 7♣ is still selected
    fx = handle(s, Target(Act.DISCARD))  # the same move again: it asks once, so it is played
    assert s.coach is None and GAME in fx.save and s.app.view()["discard_top"] == "7C"


def test_go_ahead_plays_the_move_held_through_the_one_move_path() -> None:
    s = at_table(laid_down_then_drew_the_7c())
    assert s.app is not None
    discard(s, "7C")
    fx = handle(s, Target(Act.COACH_GO))
    assert s.coach is None and GAME in fx.save and fx.run_bots
    assert s.app.view()["discard_top"] == "7C" and s.app.view()["to_act"] == 1


def test_escape_or_another_press_drops_the_question() -> None:
    s = at_table(laid_down_then_drew_the_7c())
    discard(s, "7C")
    escape(s)
    assert s.coach is None and s.coach_heard is not None
    s.coach_heard = None
    discard(s, "7C")
    handle(s, Target(Act.SORT_RANK))
    assert s.coach is None


def test_the_buy_prompt_carries_the_coachs_question_and_buy_is_not_asked_again() -> None:
    """One decision, one interruption: the prompt says it, and Buy then buys."""
    s = at_table(offered_the_5c())
    assert s.app is not None
    s.app.buy_prompt = "always"  # the 5♣ helps nothing of yours: "only when it fits" would pass it
    assert s.app.drawn_to_act() and not s.app.must_auto_pass()
    said = buy_words(s, s.app)
    assert said is not None and said.startswith("Coach: Eero plays next") and "5♣" in said
    fx = handle(s, Target(Act.BUY))
    assert s.coach is None and GAME in fx.save and s.app.view()["buys"][0] == 1


def test_quiet_when_off_during_a_lesson_and_at_a_guests_table() -> None:
    """Off: the discard is played at once. During a lesson (``Screen.tutorial``) and at a guest's
    table of an online match (``App.remote``: the host's engine plays it) nothing is asked."""
    s = at_table(laid_down_then_drew_the_7c(), coach="off")
    fx = discard(s, "7C")
    assert s.coach is None and GAME in fx.save
    for prepare in (lambda s: setattr(s, "tutorial", object()), lambda s: setattr(s.app, "remote", True)):
        s = at_table(laid_down_then_drew_the_7c())
        assert s.app is not None and listens(s, s.app)
        prepare(s)
        assert not listens(s, s.app)
        assert question(s, s.app, Discard(0, Card.parse("7C")), ()) is None


def test_never_for_a_computer_seat() -> None:
    """The computer players move through ``ui.play.play`` directly: never asked. And a table of
    computer players only (drawn for seat 0) has nobody to ask."""
    g = laid_down_then_drew_the_7c()
    seats = [Seat.computer(n, "easy") for n in ("Aino", "Eero", "Helmi")]
    s = Screen()
    s.settings.coach = "on"
    s.app = App(g, seats, 5, [bot_seed(5, i) for i in range(3)])
    assert not listens(s, s.app)


def test_words_in_both_languages_name_the_cards_and_the_meld() -> None:
    s = at_table(laid_down_then_drew_the_7c())
    assert s.app is not None
    found = thrown(s.app.game, 0, "7C")
    assert found is not None
    try:
        for lang in ("en", "fi"):
            i18n.set_language(lang)
            text = words(found, s.app)
            assert "7♣" in text and "J♦" in text and "{" not in text and "10" in text
    finally:
        i18n.set_language("en")


# ------------------------------------------------------------------ the setting
def test_the_coach_is_on_for_the_first_three_matches_then_off_unless_chosen() -> None:
    row = {"owner": True, "name": "Maija"}
    assert coach_on("auto", 0) and coach_on("auto", 2) and not coach_on("auto", 3)
    assert coach_on("on", 50) and not coach_on("off", 0)
    assert coach_on("on", 0, newcomer=False) and not coach_on("auto", 0, newcomer=False)
    assert newcomer_visit("https://example.org/rommi/?lang=fi")
    assert not newcomer_visit("http://localhost:8000/?pace=instant") and not newcomer_visit("/?seed=3")
    assert not newcomer_visit("")  # no page: a test's bare Screen
    stats = {"matches": [row, row, {"name": "Liisa"}, {"id": "old"}]}  # a friend's row does not count
    assert matches_played(stats) == 3


def test_old_settings_read_fine_and_an_explicit_choice_sticks() -> None:
    old = Settings().to_dict()
    del old["coach"]
    read, good = settings_from_dict(old)
    assert good and read.coach == "auto"
    chosen = apply_form(read, {"coach": "on"})
    assert settings_from_dict(chosen.to_dict())[0].coach == "on"
    assert apply_form(chosen, {"coach": "bogus"}).coach == "on"
    bad: dict[str, Any] = {**old, "coach": 7}
    read, good = settings_from_dict(bad)
    assert not good and read.coach == "auto"


# ------------------------------------------------------------------ seeded deals
@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("contract", 4, 11), ("contract", 3, 12), ("basic", 2, 13)]
)
def test_over_seeded_deals_the_coach_never_questions_the_hints_own_move(
    variant: str, players: int, seed: int
) -> None:
    """Every discard and buy of every seat in a deal played by normal computer players: the Hint's
    move for that position is never questioned."""
    g = Game.new(variant, players, seed=seed)
    bots = [make_bot("normal", seed * 10 + i) for i in range(players)]
    checked = 0
    while g.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER):
        seat = g.to_act
        assert seat is not None
        view = g.view(seat)
        own = hint(view)["action"]
        if isinstance(own, Discard | Buy):
            assert concern(g, seat, own) is None, f"seed {seed}: the coach questioned the hint's {own}"
            checked += 1
        g.apply(bots[seat].choose(view))
    assert checked > 10, f"seed {seed}: only {checked} decisions checked"
