"""Basic rummy (Perusrommi): hard keeps complete melds in hand, and the Hint says why (issue 43).

Hard holds new melds while every opponent has more than five cards and it cannot go out this turn
(``HardBot.holding``): going out all at once leaves nothing on the table to lay off on (rule B4),
at the price of the points in hand if someone else goes out first (B8). Measured against hard
that melds as soon as it can, holding won (docs/expert.md, "Holding complete melds in basic
rummy"). A newcomer following the Hint sees melds kept back; the Hint's reason says why, naming
the opponent and the points the hand would give away.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.matches import play, settings_for

from rommi import Game, rules
from rommi.actions import Discard, Meld
from rommi.bots import hint, make_bot
from rommi.bots.hard import HardBot
from rommi.cards import Card
from stacking import act, draw_stock, hand, new_game, quiet_turn
from ui.commands.acts import Act, Target
from ui.commands.table import handle
from ui.model.app import App, Seat, bot_seed
from ui.screen import Screen
from ui.words.i18n import reason, set_language

HELD = ["7S", "8S", "9S", "KH", "KD", "KC"]
LOOSE = ["2D", "5C", "JH", "QD"]
# After drawing the 3♥ and throwing the Q♦: 7 + 8 + 9 + 3 × 10 + 2 + 5 + 10 + 3 points (B8).
CAUGHT = 74


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def far_position() -> Game:
    """Two players: you (seat 0) hold a run and a set and four loose cards and draw the 3♥; your
    opponent still holds ten cards."""
    g = new_game("basic", 2, [HELD + LOOSE, []], "4D", ["3H"], dealer=1, seed=3)
    act(g, "draw", source="stock")
    return g


def close_position() -> Game:
    """The same hand, but the opponent went first and laid down two sets of its own: four cards
    left, close to going out."""
    theirs = ["4C", "4D", "4H", "6S", "6D", "6H", "AC", "AS", "TC", "TD"]
    g = new_game("basic", 2, [HELD + LOOSE, theirs], "2C", ["3C", "3H"], dealer=0, seed=3)
    act(g, "draw", source="stock")
    act(g, "meld", melds=[["4C", "4D", "4H"], ["6S", "6D", "6H"]])
    act(g, "discard", card="3C")
    assert g.to_act == 0 and g.view(0)["hand_sizes"][1] == 4
    act(g, "draw", source="stock")
    return g


def test_hard_holds_its_melds_while_the_opponent_is_far_from_going_out() -> None:
    """rules B4, B8: hard (and so the Hint) discards a loose card and keeps both melds in hand."""
    g = far_position()
    d = HardBot(0).decide(g.view(0))
    assert isinstance(d.action, Discard) and str(d.action.card) == "QD"
    assert d.key == "discard_hold_melds"
    assert d.params == {"card": "QD", "melds": "KH KD KC / 7S 8S 9S", "player": 1, "points": CAUGHT}
    g.apply(d.action)
    assert g.view(0)["melds"] == [] and set(HELD) <= set(hand(g, 0))
    assert rules.hand_points("basic", g.hand(0)) == CAUGHT  # what going out would score off it (B8)
    h = hint(far_position().view(0))
    assert h["action"] == d.action and h["reason"] == d.reason()


def test_hard_melds_at_once_when_the_opponent_is_close_to_going_out() -> None:
    """The close variant: the opponent holds four cards, so the melds go down now (B4)."""
    g = close_position()
    d = HardBot(0).decide(g.view(0))
    assert isinstance(d.action, Meld) and d.key == "meld_new"
    assert sorted(str(c) for m in d.action.melds for c in m) == sorted(HELD)


def test_hard_that_melds_as_soon_as_it_can_is_the_measured_alternative_not_the_player() -> None:
    """``holds_melds`` off is the player the measurement played against: it melds in the far
    position too. Every level that plays for real holds (hard, and the expert built on it)."""
    far = far_position().view(0)

    class MeldsAtOnce(HardBot):
        holds_melds = False

    assert MeldsAtOnce(0).decide(far).key == "meld_new"
    for level in ("hard", "expert"):
        assert make_bot(level, 0, rollouts=8).decide(far).key == "discard_hold_melds", level


def test_the_contract_game_is_unaffected_a_hand_already_down_melds_at_once() -> None:
    """rules C7, C8: in Sitoumusrommi a seat that has laid down the contract melds a new run as
    soon as it holds it, though both opponents hold ten cards; only basic rummy holds."""
    mine = ["KH", "KD", "KC", "7S", "7D", "7H", "4S", "5S", "2D", "JH"]
    g = new_game("contract", 3, [mine, [], []], "QD", ["9C", "3C", "3D", "6S"], dealer=2)
    draw_stock(g)
    act(g, "meld", melds=[["KH", "KD", "KC"], ["7S", "7D", "7H"]])
    act(g, "discard", card="9C")
    quiet_turn(g)
    quiet_turn(g)
    assert draw_stock(g) == "6S" and g.view(0)["hand_sizes"][1:] == [10, 10]
    d = HardBot(0).decide(g.view(0))
    assert isinstance(d.action, Meld) and d.key == "meld_new" and d.params == {"melds": "4S 5S 6S"}


def _screen(g: Game) -> Screen:
    """The table with you (Maija) in seat 0 and Aino, a computer player, in seat 1."""
    s = Screen()
    s.app = App(g, [Seat.here("Maija"), Seat.computer("Aino", "hard")], 5, [bot_seed(5, i) for i in range(2)])
    s.screen = "table"
    return s


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "Hint: Discard the Q♦ and keep K♥ K♦ K♣ / 7♠ 8♠ 9♠ in your hand: going out in one go gives "
            f"Aino nothing to lay off on; being caught now would cost you {CAUGHT} points.",
        ),
        (
            "fi",
            "Vihje: Lyö pois Q♦ ja pidä K♥ K♦ K♣ / 7♠ 8♠ 9♠ kädessäsi: kun lopetat kerralla, Aino ei saa "
            f"täydennettävää; jos joku lopettaa nyt, kätesi maksaa {CAUGHT} pistettä.",
        ),
    ],
)
def test_the_hint_says_why_it_keeps_the_melds_naming_the_opponent_and_the_points(
    lang: str, expected: str
) -> None:
    set_language(lang)
    s = _screen(far_position())
    fx = handle(s, Target(Act.HINT))
    assert s.hint is not None and s.hint["text"] == expected and fx.announce == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "Discard the Q♦ and keep K♥ K♦ K♣ / 7♠ 8♠ 9♠ in its hand: going out in one go gives Maija "
            f"nothing to lay off on; being caught now would cost it {CAUGHT} points",
        ),
        (
            "fi",
            "Lyö pois Q♦ ja pidä K♥ K♦ K♣ / 7♠ 8♠ 9♠ kädessä: kun se lopettaa kerralla, Maija ei saa "
            f"täydennettävää; jos joku lopettaa nyt, sen käsi maksaa {CAUGHT} pistettä",
        ),
    ],
)
def test_a_computer_players_own_reason_for_holding_speaks_of_its_own_hand(lang: str, expected: str) -> None:
    set_language(lang)
    said = HardBot(0).decide(far_position().view(0)).reason()
    names = ["Eero", "Maija"]  # Eero, a computer player, holds; Maija is its opponent
    assert reason(said["key"], said["params"], names.__getitem__, its=True) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "Why Aino did it: Discard the Q♣ and keep 6♠ 7♠ 8♠ / 6♦ 7♦ 8♦ in its hand: going out in one go "
            "gives Player nothing to lay off on; being caught now would cost it {points} points",
        ),
        (
            "fi",
            "Miksi Aino teki näin: Lyö pois Q♣ ja pidä 6♠ 7♠ 8♠ / 6♦ 7♦ 8♦ kädessä: kun se lopettaa "
            "kerralla, Player ei saa täydennettävää; jos joku lopettaa nyt, sen käsi maksaa "
            "{points} pistettä",
        ),
    ],
)
def test_the_replay_gives_a_computer_players_reason_for_holding_with_your_name(
    lang: str, expected: str
) -> None:
    """The replay's "Why Aino did it" names the seat it speaks of (it said "gives 0 nothing to lay off
    on"), and the points are those of Aino's hand after the discard. Seed 3, basic rummy for two,
    hard players: Aino's first discard keeps two runs back."""
    app = play(App.new_match(settings_for("basic", 2, "hard"), 3))
    set_language(lang)
    screen = Screen(app=app, screen="table", address="https://example.org/rommi/")
    handle(screen, Target(Act.REPLAY, value="1"))
    view = screen.replay
    assert view is not None
    view.go(2)
    assert view.deal.steps[1].seat == 1
    left = [Card.parse(c) for c in view.table()["hands"][1]]
    assert {"6S", "7S", "8S", "6D", "7D", "8D"} <= {str(c) for c in left}
    assert view.why() == expected.format(points=rules.hand_points("basic", left)), "seed 3, deal 1, step 2"


def test_the_catalogs_own_english_reasons_word_ranks_suits_and_melds() -> None:
    """The English catalog's own templates (a computer player's ``reason.its.*``, those naming
    seats) got the bots' letters as they are: "its set of 7", "its run in H", "KH KD KC"."""
    card = {"card": "7H", "rank": "7", "suit": "H"}
    assert reason("take_completes_set", card, its=True) == "Take the 7♥: it completes its set of sevens"
    assert reason("take_completes_run", card, its=True) == "Take the 7♥: it completes its run in hearts"
    melds = {"melds": "7H 8H 9H / 2S 2D 2C"}
    assert reason("lay_down_all", melds, its=True) == "Lay down all its cards but one: 7♥ 8♥ 9♥ / 2♠ 2♦ 2♣"
