"""The table speaks to you: your moves say "you" and your melds "your", in English and Finnish.

Seat 0 is you. Four stacked deals play every kind of event the log words, each by
you and by a computer player, on your melds and on theirs; the whole log is compared
line by line in both languages, as is what the seats, the turn line, the score sheet,
the chooser and the refusals say. Nothing here may name you in the third person.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rommi import Game
from stacking import act, draw_stock, new_game
from ui.model.app import App, Seat, bot_seed
from ui.screen import match_result, turn_line, went_out_line
from ui.words.i18n import set_language
from ui.words.logtext import last_move, log_lines

NAMES = ["Maija", "Aino", "Eero"]  # Maija is you: her name must never show in a sentence


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def lines(g: Game, lang: str, seat: int = 0) -> list[str]:
    set_language(lang)
    return log_lines(g.view(seat), NAMES[: g.players])


def meld_ids(g: Game) -> list[int]:
    return [m["id"] for m in g.view(0)["melds"]]


# --- deal A: a computer player plays on your melds ---------------------------------------------


def deal_a(until_swap: bool = False) -> Game:
    """Deal 2 (a set and a run), Eero deals. You draw (Eero buys the Q♦), lay down, lay off on
    your own set and run; Aino takes your K♠, lays down, lays off on your set and swaps the
    joker out of your run; Eero draws (you pass), lays down and lays off on Aino's run."""
    g = new_game(
        "contract",
        3,
        [
            ["7H", "7S", "7D", "7C", "5H", "6H", "JK", "8H", "KS", "2C"],
            ["KH", "KD", "KC", "9S", "TS", "JS", "7D", "7H", "2D", "3C"],
            ["QS", "QH", "3D", "4D", "5D", "8S", "2H", "3H", "4S", "9H"],
        ],
        "QD",
        ["5S", "6S", "8C"],
        dealer=2,
        deal=2,
    )
    act(g, "draw", source="stock")
    act(g, "pass")  # Aino
    act(g, "buy")  # Eero
    act(g, "meld", melds=[["7H", "7S", "7D"], ["5H", "6H", "JK"]])
    sevens, hearts = meld_ids(g)
    act(g, "layoff", meld=sevens, cards=["7C"])
    act(g, "layoff", meld=hearts, cards=["8H"], end="high")
    act(g, "discard", card="KS")
    act(g, "draw", source="discard")
    act(g, "meld", melds=[["KH", "KD", "KC"], ["9S", "TS", "JS"]])
    act(g, "layoff", meld=sevens, cards=["7D"])
    act(g, "swap", meld=hearts, card="7H")
    if until_swap:
        return g
    act(g, "discard", card="2D")
    act(g, "draw", source="stock")
    act(g, "pass")  # you
    act(g, "pass")  # Aino
    act(g, "meld", melds=[["QS", "QH", "QD"], ["3D", "4D", "5D"]])
    act(g, "layoff", meld=meld_ids(g)[3], cards=["8S"], end="low")
    act(g, "discard", card="9H")
    return g


DEAL_A_EN = [
    "Deal 2 begins: Eero deals; the Q♦ is turned up.",
    "You drew from the stock, so the Q♦ is offered for buying.",
    "Aino passed.",
    "Eero bought the Q♦ (and one card from the stock).",
    "You drew from the stock.",
    "You laid down the contract: 7♥ 7♠ 7♦; 5♥ 6♥ joker.",
    "You laid off 7♣ on your set of sevens.",
    "You laid off 8♥ on your run 5♥–7♥ (high end).",
    "You discarded the K♠.",
    "Aino took the K♠ from the discard pile.",
    "Aino laid down the contract: K♥ K♦ K♣; 9♠ 10♠ J♠.",
    "Aino laid off 7♦ on your set of sevens.",
    "Aino swapped the 7♥ for the joker in your run 5♥–8♥.",
    "Aino discarded the 2♦.",
    "Eero drew from the stock, so the 2♦ is offered for buying.",
    "You passed.",
    "Aino passed.",
    "Eero drew from the stock.",
    "Eero laid down the contract: Q♠ Q♥ Q♦; 3♦ 4♦ 5♦.",
    "Eero laid off 8♠ on Aino's run 9♠–J♠ (low end).",
    "Eero discarded the 9♥.",
]

DEAL_A_FI = [
    "Jako 2 alkaa: Eero jakaa, ja avopakkaan käännetään Q♦.",
    "Otit kortin umpipakasta, joten avopakan Q♦ on ostettavissa.",
    "Aino passasi.",
    "Eero osti kortin Q♦ (ja yhden kortin umpipakasta).",
    "Otit kortin umpipakasta.",
    "Pöytäsit sitoumuksen: 7♥ 7♠ 7♦; 5♥ 6♥ jokeri.",
    "Täydensit omaa yhdistelmääsi seiskat: 7♣.",
    "Täydensit omaa yhdistelmääsi 5♥–7♥ (yläpäähän): 8♥.",
    "Löit pois kortin K♠.",
    "Aino otti avopakasta kortin K♠.",
    "Aino pöytäsi sitoumuksen: K♥ K♦ K♣; 9♠ 10♠ J♠.",
    "Aino täydensi yhdistelmääsi seiskat: 7♦.",
    "Aino vaihtoi kortin 7♥ jokeriin yhdistelmässäsi 5♥–8♥.",
    "Aino löi pois kortin 2♦.",
    "Eero otti kortin umpipakasta, joten avopakan 2♦ on ostettavissa.",
    "Passasit.",
    "Aino passasi.",
    "Eero otti kortin umpipakasta.",
    "Eero pöytäsi sitoumuksen: Q♠ Q♥ Q♦; 3♦ 4♦ 5♦.",
    "Eero täydensi yhdistelmää 9♠–J♠ (Aino) (alapäähän): 8♠.",
    "Eero löi pois kortin 9♥.",
]


def test_your_moves_and_a_computer_on_your_melds_in_english() -> None:
    assert lines(deal_a(), "en") == DEAL_A_EN


def test_your_moves_and_a_computer_on_your_melds_in_finnish() -> None:
    assert lines(deal_a(), "fi") == DEAL_A_FI


def test_the_log_is_written_for_the_seat_whose_view_it_is() -> None:
    """Read from Aino's seat, the same deal says "you" to Aino and names you (Maija)."""
    theirs = lines(deal_a(), "en", seat=1)
    assert "You laid off 7♦ on Maija's set of sevens." in theirs
    assert "Maija laid off 7♣ on Maija's set of sevens." in theirs
    assert "Eero laid off 8♠ on your run 9♠–J♠ (low end)." in theirs
    assert "Vaihdoit kortin 7♥ jokeriin yhdistelmässä 5♥–8♥ (Maija)." in lines(deal_a(), "fi", seat=1)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Aino swapped the 7♥ for the joker in your run 5♥–8♥."),
        ("fi", "Aino vaihtoi kortin 7♥ jokeriin yhdistelmässäsi 5♥–8♥."),
    ],
)
def test_a_seats_last_move_on_your_meld_says_your(lang: str, said: str) -> None:
    g = deal_a(until_swap=True)
    set_language(lang)
    assert last_move(g.view(0), NAMES, 1) == said


# --- deal B: you play on a computer player's melds and go out ------------------------------


def deal_b(until_buy: bool = False) -> Game:
    """Deal 2, you deal. Aino draws and you buy her Q♠; she lays down a run with a joker; you
    take Eero's discard, lay down, swap the joker out of Aino's run, lay off on her run and set,
    lay down an extra meld, lay off on your own run and go out."""
    g = new_game(
        "contract",
        3,
        [
            ["7H", "7S", "7D", "3C", "4C", "5C", "JS", "KS", "9D", "6C"],
            ["KH", "KD", "KC", "9S", "TS", "JK", "2D", "4H", "5S", "6D"],
            ["9C", "2S", "3S", "8H", "8D", "TD", "AH", "AC", "4D", "5H"],
        ],
        "QS",
        ["2H", "4S"],
        dealer=0,
        deal=2,
    )
    act(g, "draw", source="stock")
    act(g, "pass")  # Eero
    if until_buy:
        return g
    act(g, "buy")  # you
    act(g, "meld", melds=[["KH", "KD", "KC"], ["9S", "TS", "JK"]])
    act(g, "discard", card="2D")
    act(g, "draw", source="discard")
    act(g, "discard", card="9C")
    act(g, "draw", source="discard")
    act(g, "meld", melds=[["7H", "7S", "7D"], ["3C", "4C", "5C"]])
    kings, spades, _, clubs = meld_ids(g)
    act(g, "swap", meld=spades, card="JS")
    act(g, "layoff", meld=spades, cards=["QS"], end="high")
    act(g, "layoff", meld=kings, cards=["KS"])
    act(g, "meld", melds=[["9D", "9C", "JK"]])
    act(g, "layoff", meld=clubs, cards=["6C"], end="high")
    act(g, "discard", card="2H")
    return g


DEAL_B_EN = [
    "Deal 2 begins: you deal; the Q♠ is turned up.",
    "Aino drew from the stock, so the Q♠ is offered for buying.",
    "Eero passed.",
    "You bought the Q♠ (and one card from the stock).",
    "Aino drew from the stock.",
    "Aino laid down the contract: K♥ K♦ K♣; 9♠ 10♠ joker.",
    "Aino discarded the 2♦.",
    "Eero took the 2♦ from the discard pile.",
    "Eero discarded the 9♣.",
    "You took the 9♣ from the discard pile.",
    "You laid down the contract: 7♥ 7♠ 7♦; 3♣ 4♣ 5♣.",
    "You swapped the J♠ for the joker in Aino's run 9♠–J♠.",
    "You laid off Q♠ on Aino's run 9♠–J♠ (high end).",
    "You laid off K♠ on Aino's set of kings.",
    "You laid down 9♦ 9♣ joker.",
    "You laid off 6♣ on your run 3♣–5♣ (high end).",
    "You discarded the 2♥.",
    "You went out. The deal is over.",
]

DEAL_B_FI = [
    "Jako 2 alkaa: sinä jaat, ja avopakkaan käännetään Q♠.",
    "Aino otti kortin umpipakasta, joten avopakan Q♠ on ostettavissa.",
    "Eero passasi.",
    "Ostit kortin Q♠ (ja yhden kortin umpipakasta).",
    "Aino otti kortin umpipakasta.",
    "Aino pöytäsi sitoumuksen: K♥ K♦ K♣; 9♠ 10♠ jokeri.",
    "Aino löi pois kortin 2♦.",
    "Eero otti avopakasta kortin 2♦.",
    "Eero löi pois kortin 9♣.",
    "Otit avopakasta kortin 9♣.",
    "Pöytäsit sitoumuksen: 7♥ 7♠ 7♦; 3♣ 4♣ 5♣.",
    "Vaihdoit kortin J♠ jokeriin yhdistelmässä 9♠–J♠ (Aino).",
    "Täydensit yhdistelmää 9♠–J♠ (Aino) (yläpäähän): Q♠.",
    "Täydensit yhdistelmää kuninkaat (Aino): K♠.",
    "Pöytäsit: 9♦ 9♣ jokeri.",
    "Täydensit omaa yhdistelmääsi 3♣–5♣ (yläpäähän): 6♣.",
    "Löit pois kortin 2♥.",
    "Lopetit. Jako on päättynyt.",
]


def test_you_on_a_computers_melds_and_going_out_in_english() -> None:
    assert lines(deal_b(), "en") == DEAL_B_EN


def test_you_on_a_computers_melds_and_going_out_in_finnish() -> None:
    assert lines(deal_b(), "fi") == DEAL_B_FI


# --- deal D: your own joker, and a computer on a computer's melds (two jokers) ----------------


def deal_d() -> Game:
    """Deal 2 with two jokers, Eero deals. You lay down a set with a joker and swap it out
    yourself; Aino lays down (with the other joker) and lays off at the end of your run; Eero
    swaps the joker out of Aino's run and lays off on her set."""
    g = new_game(
        "contract",
        3,
        [
            ["7H", "7S", "JK", "3H", "4H", "5H", "7D", "2C", "8C", "9C"],
            ["KH", "KD", "KC", "9S", "TS", "JK", "6H", "4S", "5S", "6S"],
            ["QS", "QH", "QD", "3D", "4D", "5D", "JS", "KS", "9H", "TH"],
        ],
        "QC",
        ["AC"],
        {"jokers": 2},
        dealer=2,
        deal=2,
    )
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "JK"], ["3H", "4H", "5H"]])
    sevens, hearts = meld_ids(g)
    act(g, "swap", meld=sevens, card="7D")
    act(g, "discard", card="2C")
    act(g, "draw", source="discard")
    act(g, "meld", melds=[["KH", "KD", "KC"], ["9S", "TS", "JK"]])
    act(g, "layoff", meld=hearts, cards=["6H"], end="high")
    act(g, "discard", card="4S")
    act(g, "draw", source="discard")
    act(g, "meld", melds=[["QS", "QH", "QD"], ["3D", "4D", "5D"]])
    kings, spades = meld_ids(g)[2:4]
    act(g, "swap", meld=spades, card="JS")
    act(g, "layoff", meld=kings, cards=["KS"])
    act(g, "discard", card="9H")
    return g


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "Deal 2 begins: Eero deals; the Q♣ is turned up.",
                "You drew from the stock, so the Q♣ is offered for buying.",
                "Aino passed.",
                "Eero passed.",
                "You drew from the stock.",
                "You laid down the contract: 7♥ 7♠ joker; 3♥ 4♥ 5♥.",
                "You swapped the 7♦ for the joker in your set of sevens.",
                "You discarded the 2♣.",
                "Aino took the 2♣ from the discard pile.",
                "Aino laid down the contract: K♥ K♦ K♣; 9♠ 10♠ joker.",
                "Aino laid off 6♥ on your run 3♥–5♥ (high end).",
                "Aino discarded the 4♠.",
                "Eero took the 4♠ from the discard pile.",
                "Eero laid down the contract: Q♠ Q♥ Q♦; 3♦ 4♦ 5♦.",
                "Eero swapped the J♠ for the joker in Aino's run 9♠–J♠.",
                "Eero laid off K♠ on Aino's set of kings.",
                "Eero discarded the 9♥.",
            ],
        ),
        (
            "fi",
            [
                "Jako 2 alkaa: Eero jakaa, ja avopakkaan käännetään Q♣.",
                "Otit kortin umpipakasta, joten avopakan Q♣ on ostettavissa.",
                "Aino passasi.",
                "Eero passasi.",
                "Otit kortin umpipakasta.",
                "Pöytäsit sitoumuksen: 7♥ 7♠ jokeri; 3♥ 4♥ 5♥.",
                "Vaihdoit kortin 7♦ jokeriin omassa yhdistelmässäsi seiskat.",
                "Löit pois kortin 2♣.",
                "Aino otti avopakasta kortin 2♣.",
                "Aino pöytäsi sitoumuksen: K♥ K♦ K♣; 9♠ 10♠ jokeri.",
                "Aino täydensi yhdistelmääsi 3♥–5♥ (yläpäähän): 6♥.",
                "Aino löi pois kortin 4♠.",
                "Eero otti avopakasta kortin 4♠.",
                "Eero pöytäsi sitoumuksen: Q♠ Q♥ Q♦; 3♦ 4♦ 5♦.",
                "Eero vaihtoi kortin J♠ jokeriin yhdistelmässä 9♠–J♠ (Aino).",
                "Eero täydensi yhdistelmää kuninkaat (Aino): K♠.",
                "Eero löi pois kortin 9♥.",
            ],
        ),
    ],
)
def test_your_own_joker_and_computers_on_each_others_melds(lang: str, expected: list[str]) -> None:
    assert lines(deal_d(), lang) == expected


# --- deal C: a computer player melds freely and goes out (Perusrommi) ------------------------


def deal_c(options: dict[str, Any] | None = None) -> Game:
    """Perusrommi for two, Aino deals: you take the up card and discard; Aino melds and goes out."""
    g = new_game(
        "basic",
        2,
        [
            ["2C", "5C", "9H", "JD", "KC", "3S", "4H", "6C", "8S", "TH"],
            ["7H", "7S", "7D", "3D", "4D", "6D", "JH", "QH", "KH", "AS"],
        ],
        "2D",
        ["5D"],
        options,
        dealer=1,
    )
    act(g, "draw", source="discard")
    act(g, "discard", card="KC")
    act(g, "draw", source="stock")
    act(g, "meld", melds=[["7H", "7S", "7D"], ["3D", "4D", "5D", "6D"], ["JH", "QH", "KH"]])
    act(g, "discard", card="AS")
    return g


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "Deal 1 begins: Aino deals; the 2♦ is turned up.",
                "You took the 2♦ from the discard pile.",
                "You discarded the K♣.",
                "Aino drew from the stock.",
                "Aino laid down 7♥ 7♠ 7♦; 3♦ 4♦ 5♦ 6♦; J♥ Q♥ K♥.",
                "Aino discarded the A♠.",
                "Aino went out. The deal is over.",
            ],
        ),
        (
            "fi",
            [
                "Jako 1 alkaa: Aino jakaa, ja avopakkaan käännetään 2♦.",
                "Otit avopakasta kortin 2♦.",
                "Löit pois kortin K♣.",
                "Aino otti kortin umpipakasta.",
                "Aino pöytäsi: 7♥ 7♠ 7♦; 3♦ 4♦ 5♦ 6♦; J♥ Q♥ K♥.",
                "Aino löi pois kortin A♠.",
                "Aino lopetti. Jako on päättynyt.",
            ],
        ),
    ],
)
def test_a_computer_melding_and_going_out(lang: str, expected: list[str]) -> None:
    assert lines(deal_c(), lang) == expected


def test_no_log_line_of_yours_names_you_or_leaves_a_field_unfilled() -> None:
    for g in (deal_a(), deal_b(), deal_c(), deal_d()):
        for lang in ("en", "fi"):
            said = lines(g, lang)
            assert not [line for line in said if "Maija" in line or "{" in line or "?" in line]


# --- the table around the log: turn line, score sheet, chooser, refusals -----------------------


def table(g: Game) -> App:
    seats = [Seat.here(NAMES[0])] + [Seat.computer(n, "easy") for n in NAMES[1 : g.players]]
    return App(g, seats, 5, [bot_seed(5, i) for i in range(g.players)])


@pytest.mark.parametrize(("lang", "said"), [("en", "You may buy the Q♠"), ("fi", "Voit ostaa kortin Q♠")])
def test_the_turn_line_says_you_may_buy(lang: str, said: str) -> None:
    app = table(deal_b(until_buy=True))
    set_language(lang)
    assert app.view()["phase"] == "buy" and app.drawn_to_act()
    assert turn_line(app) == said


@pytest.mark.parametrize(
    ("deal", "lang", "said"),
    [
        (deal_b, "en", "You went out."),
        (deal_b, "fi", "Lopetit."),
        (deal_c, "en", "Aino went out."),
        (deal_c, "fi", "Aino lopetti."),
    ],
)
def test_the_score_sheet_says_you_went_out(deal: Any, lang: str, said: str) -> None:
    app = table(deal())
    set_language(lang)
    assert went_out_line(app) == said


def test_a_real_match_won_by_a_computer_names_the_winner() -> None:
    app = table(deal_c({"target": 50}))
    assert app.view()["phase"] == "match_over" and app.view()["winners"] == [1]
    assert match_result(app)[0] == "Aino won the game"


def uid_of(app: App, code: str) -> int:
    return next(u for u, c in app.hand.entries if c == code)


def test_the_chooser_and_refusals_call_your_melds_yours() -> None:
    """Deal A's hands, right after your lay-down: where the 7♣ and the 8♥ could go, and why not."""
    g = new_game(
        "contract",
        3,
        [
            ["7H", "7S", "7D", "7C", "5H", "6H", "JK", "8H", "KS", "2C"],
            ["KH", "KD", "KC", "9S", "TS", "JS", "7D", "7H", "2D", "3C"],
            [],
        ],
        "QD",
        ["5S", "6S"],
        dealer=2,
        deal=2,
    )
    act(g, "draw", source="stock")
    act(g, "pass")
    act(g, "pass")
    act(g, "meld", melds=[["7H", "7S", "7D"], ["5H", "6H", "JK"]])
    app = table(g)
    sevens, _ = meld_ids(g)
    seven, eight = uid_of(app, "7C"), uid_of(app, "8H")
    expected = {
        "en": (
            ["Lay off on your set of sevens"],
            ["Lay off on your run 5♥–7♥, at the high end (after 7♥)"],
            "8♥ does not fit your set of sevens.",
        ),
        "fi": (
            ["Täydennä omaa yhdistelmääsi seiskat"],
            ["Täydennä omaa yhdistelmääsi 5♥–7♥, yläpäähän (kortin 7♥ jälkeen)"],
            "8♥ ei sovi yhdistelmään seiskat (sinun).",
        ),
    }
    for lang, (on_set, on_run, refused) in expected.items():
        set_language(lang)
        assert [o.label for o in app.options_for([seven])] == on_set
        assert [o.label for o in app.options_for([eight])] == on_run
        assert app.why_not([eight], sevens) == refused


def test_the_chooser_names_a_computers_meld_by_its_owner() -> None:
    """Deal B's hands, after your lay-down: the J♠ can take the joker out of Aino's run and the
    K♠ goes on her kings, each named as hers."""
    g = new_game(
        "contract",
        3,
        [
            ["7H", "7S", "7D", "3C", "4C", "5C", "JS", "KS", "9D", "6C"],
            ["KH", "KD", "KC", "9S", "TS", "JK", "2D", "4H", "5S", "6D"],
            ["9C"],
        ],
        "QS",
        ["2H", "4S"],
        dealer=0,
        deal=2,
    )
    act(g, "draw", source="stock")
    act(g, "pass")
    act(g, "pass")
    act(g, "meld", melds=[["KH", "KD", "KC"], ["9S", "TS", "JK"]])
    act(g, "discard", card="2D")
    act(g, "draw", source="discard")
    act(g, "discard", card="9C")
    draw_stock(g)
    act(g, "meld", melds=[["7H", "7S", "7D"], ["3C", "4C", "5C"]])
    app = table(g)
    jack, king = uid_of(app, "JS"), uid_of(app, "KS")
    assert [o.label for o in app.options_for([jack])] == ["Swap it for the joker in Aino's run 9♠–J♠"]
    assert [o.label for o in app.options_for([king])] == ["Lay off on Aino's set of kings"]
    set_language("fi")
    assert [o.label for o in app.options_for([jack])] == ["Vaihda se jokeriin yhdistelmässä 9♠–J♠ (Aino)"]
    assert [o.label for o in app.options_for([king])] == ["Täydennä yhdistelmää kuninkaat (Aino)"]
