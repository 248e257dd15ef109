"""What a redraw may leave alone (``ui.draw.changes``), without a browser: the log's new lines,
which hand cards stay, and the signatures that change only when a seat's picture does."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rommi import Game
from rommi.bots import make_bot
from test_ui_log_you import NAMES, deal_a
from ui.draw.changes import Words, kept, mine_signature, new_lines, seat_signature, touched
from ui.model.app import App, Seat, bot_seed
from ui.words.i18n import set_language
from ui.words.logtext import last_move, log_lines


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def test_the_log_grows_by_its_new_lines_and_is_refilled_otherwise() -> None:
    assert new_lines(None, (None, ["a"])) is None  # nothing drawn yet
    assert new_lines((None, ["a", "b"]), (None, ["a", "b"])) == []
    assert new_lines((None, ["a", "b"]), (None, ["a", "b", "c", "d"])) == ["c", "d"]
    assert new_lines(("Earlier", ["a"]), ("Earlier", ["a", "b"])) == ["b"]
    assert new_lines((None, ["a", "b"]), ("Earlier", ["a", "b", "c"])) is None  # another head
    assert new_lines((None, ["a", "b"]), (None, ["a"])) is None  # an undo took a line back
    assert new_lines((None, ["a", "b"]), (None, ["a", "x", "c"])) is None  # a line changed


def test_hand_cards_stay_when_they_look_the_same() -> None:
    drawn = {1: (("7H", False), "n1"), 2: (("KS", False), "n2")}
    assert kept(drawn, [(1, ("7H", False)), (2, ("KS", True)), (3, ("2C", False))]) == [True, False, False]
    assert kept({}, [(1, ("7H", False))]) == [False]


def test_the_log_words_are_written_once_per_view_and_agree_with_the_log() -> None:
    g = deal_a()
    v = g.view(0)
    words = Words()
    first = words.entries(v, NAMES)
    assert words.entries(v, NAMES) is first  # the same view: not written again
    assert words.lines(v, NAMES) == log_lines(v, NAMES)
    last = words.last_moves(v, NAMES)
    for seat in range(3):
        assert last.get(seat, "") == last_move(v, NAMES, seat)
    set_language("fi")
    assert words.lines(v, NAMES) == log_lines(v, NAMES)  # another language: written anew
    assert words.lines(g.view(0), NAMES) == log_lines(v, NAMES)  # a new view of the same game


def _app(game: Game) -> App:
    seats = [Seat.here(NAMES[0]), Seat.computer(NAMES[1], "normal"), Seat.computer(NAMES[2], "normal")]
    return App(game, seats, 1, [bot_seed(1, i) for i in range(3)])


def _signatures(app: App) -> dict[int, object]:
    v = app.view()
    last = Words().last_moves(v, app.names)
    sigs: dict[int, object] = {0: mine_signature(v, app.names, 0)}
    for seat in (1, 2):
        sigs[seat] = seat_signature(v, app.names, "normal", seat, False, last.get(seat, ""))
    return sigs


def test_a_move_changes_the_signatures_of_the_seats_it_shows_in_only() -> None:
    g = Game.new("contract", 3, seed=5)
    app = _app(g)
    bots = [make_bot("normal", 10 + seat) for seat in range(3)]
    last_mover = None
    moves = 0
    while moves < 150 and g.phase not in ("deal_over", "match_over"):
        before = _signatures(app)
        seat = g.to_act
        assert seat is not None
        action = bots[seat].choose(g.view(seat))
        g.apply(action)
        app.sync()
        after = _signatures(app)
        v = app.view()
        played_on = {m["owner"] for m in v["melds"] if m["id"] in touched(v)[1]}
        # The mover, the seat that moved before (its "just moved" mark goes), the seat to act
        # next (its turn marker comes), and the owners of the melds played on.
        shown_in = {seat, last_mover, v["to_act"], *played_on}
        for other in (0, 1, 2):
            if other not in shown_in:
                assert before[other] == after[other], (other, action)
        if seat != 0:
            assert before[seat] != after[seat], action  # its last move, cards or melds
        last_mover = seat
        moves += 1
    assert moves > 20


def test_the_log_worded_a_move_at_a_time_says_what_wording_it_whole_says() -> None:
    """Words words only the new events of each view; at every step of seeded deals (and after a
    history that went back, as an undo makes it) it equals the log worded from scratch."""
    from rommi import Game
    from rommi.bots import hint
    from ui.draw.changes import Words
    from ui.words import i18n
    from ui.words.logtext import log_entries

    names = ["Maija", "Aino", "Eero", "Helmi"]
    for seed in (3, 8):
        words, g = Words(), Game.new("contract", 4, seed=seed)
        earlier = None
        for step in range(300):
            v = g.view(0)
            if v["phase"] in ("deal_over", "match_over"):
                break
            if step == 40:
                i18n.set_language("fi")
            if step == 80:
                i18n.set_language("en")
            assert words.entries(v, names) == log_entries(v, names), (seed, step)
            if step == 60 and earlier is not None:  # back to an earlier position, then on again
                assert words.entries(earlier, names) == log_entries(earlier, names), (seed, step)
            if step == 20:
                earlier = v
            g.apply(hint(g.view(g.to_act))["action"])
    i18n.set_language("en")
