"""The replay viewer's commands and today's deal at the table (CPython: no page needed).

Rule G9 (a match is its options, seed and actions) is what makes a replay the
engine replaying the log: each test checks what the viewer shows against the
game as it was played.
"""

from __future__ import annotations

import re
from datetime import date

from tests.matches import play, played, settings_for

from rommi.replay import Replay
from ui.commands.acts import Act, Target
from ui.commands.table import handle
from ui.model.app import App
from ui.records import daily, replayview
from ui.records.links import encode
from ui.records.stores import DAILY
from ui.screen import Screen


def at_table(app: App) -> Screen:
    screen = Screen(app=app, screen="table", address="https://example.org/rommi/")
    screen.sheet_open = True
    return screen


def test_g9_the_replay_of_a_finished_deal_ends_where_the_deal_ended() -> None:
    app = play(App.new_match(settings_for("basic", 2), 11), actions=None)
    screen = at_table(app)
    fx = handle(screen, Target(Act.REPLAY, value="1"))
    assert screen.screen == "replay" and fx.focus == "#replay-title"
    view = screen.replay
    assert view is not None and view.deal.at == 0
    handle(screen, Target(Act.REPLAY_LAST))
    table = view.table()
    first = Replay(app.record()).deal(1)  # type: ignore[arg-type]
    first.go(len(first))
    assert table["hands"] == first.face_up()["hands"]
    assert table["deal_end"] is not None  # the deal's end: scores are in
    handle(screen, Target(Act.REPLAY_BACK))
    assert view.deal.at == len(view.deal) - 1
    handle(screen, Target(Act.REPLAY_FIRST))
    assert view.deal.at == 0 and len(view.table()["hands"][0]) == 10  # as dealt (B2: 10 cards for two)
    handle(screen, Target(Act.REPLAY_STEP, value="5"))
    assert view.deal.at == 5
    handle(screen, Target(Act.REPLAY_STEP, value="no number"))
    assert view.deal.at == 5


def test_the_replay_words_each_step_like_the_table_and_gives_the_computer_players_reasons() -> None:
    app = played("contract", 3, 5)
    screen = at_table(app)
    handle(screen, Target(Act.REPLAY, value="1"))
    view = screen.replay
    assert view is not None
    lines = view.lines()
    assert lines and lines[0].startswith("Deal 1 begins")
    reasons = []
    for step in range(1, min(len(view.deal), 40) + 1):
        view.go(step)
        seat = view.deal.steps[step - 1].seat
        why = view.why()
        if seat not in (None, 0):
            reasons.append(why)
        else:
            assert why is None  # your own moves have no computer's reason
    assert reasons and all(r and r.startswith("Why ") for r in reasons)


def test_the_deal_chooser_and_close_go_back_to_the_score_sheet() -> None:
    app = played("contract", 3, 8)
    screen = at_table(app)
    handle(screen, Target(Act.REPLAY, value="7"))
    view = screen.replay
    assert view is not None and view.number == 7 and view.deals == 7
    handle(screen, Target(Act.REPLAY_DEAL, value="2"))
    assert view.number == 2 and view.deal.at == 0
    handle(screen, Target(Act.REPLAY_DEAL, value="9"))  # no such deal: nothing changes
    assert view.number == 2
    fx = handle(screen, Target(Act.REPLAY_CLOSE))
    assert screen.screen == "table" and screen.replay is None and screen.sheet_open
    assert fx.focus == '#sheet-dialog [data-act="replay"]' and not fx.clear_address


def test_a_shared_deal_opens_from_its_link_and_its_cards_can_be_played_again() -> None:
    app = played("basic", 3, 21)
    record = app.record()
    assert record is not None
    screen = Screen(address="https://example.org/rommi/")
    fragment = replayview.LINK_PREFIX + encode(record, 1)
    from ui.commands.replay import open_link

    assert open_link(screen, fragment)
    view = screen.replay
    assert screen.screen == "replay" and view is not None and view.came_from == "link"
    assert view.names[0] == "Sharer" and view.number == 1
    handle(screen, Target(Act.REPLAY_SHARE))
    assert view.link is not None and view.link.startswith("https://example.org/rommi/#replay=r1.")
    fx = handle(screen, Target(Act.REPLAY_PLAY))
    assert screen.screen == "table" and screen.app is not None and fx.new_game
    assert screen.app.game.to_dict()["hands"] == record.new_game().to_dict()["hands"]  # the same cards
    assert [s.level for s in screen.app.seats] == list(record.levels)


def test_a_bad_link_is_a_note_and_the_page_opens_as_usual() -> None:
    from ui.commands.replay import open_link

    for fragment in ("#replay=", "#replay=r1.AAAA", "#replay=r9.abc", "#replay=<script>"):
        screen = Screen()
        assert not open_link(screen, fragment), fragment
        assert screen.screen == "setup" and screen.replay is None
        assert len(screen.notes) == 1 and "link" in screen.notes[0].lower(), (fragment, screen.notes)


def test_an_old_save_without_a_log_says_it_cannot_be_replayed() -> None:
    app = played("basic", 2, 3)
    app.log = None
    screen = at_table(app)
    handle(screen, Target(Act.REPLAY, value="1"))
    assert screen.screen == "table" and screen.replay is None
    assert screen.message is not None and "older Rommi" in screen.message


def test_todays_deal_is_the_same_for_everyone_and_its_result_is_kept_once() -> None:
    screen = Screen()
    fx = handle(screen, Target(Act.DAILY))
    app = screen.app
    today = daily.deal_of(date.today())
    assert app is not None and fx.new_game and app.daily == today.day
    assert app.game.to_dict()["hands"] == today.app("x").game.to_dict()["hands"]
    play(app)
    from ui.commands.table import finished

    finished(screen, fx)
    assert DAILY in fx.save and screen.daily["days"][today.day]["score"] == app.view()["scores"][0]
    again = handle(screen, Target(Act.SHEET_CLOSE))
    finished(screen, again)
    assert DAILY not in again.save  # the first result of a day stands


def test_the_whole_match_can_be_shared_and_opens_on_its_last_deal() -> None:
    from ui.commands.replay import open_link

    app = played("contract", 3, 8)
    screen = at_table(app)
    handle(screen, Target(Act.REPLAY, value="2"))
    handle(screen, Target(Act.REPLAY_SHARE, value="match"))
    assert screen.replay is not None and screen.replay.link is not None
    whole = screen.replay.link.split("#", 1)[1]
    handle(screen, Target(Act.REPLAY_SHARE))
    deal_link = screen.replay.link.split("#", 1)[1]
    assert len(deal_link) < len(whole)  # deal 2's link holds the match up to its end only
    friend = Screen()
    assert open_link(friend, "#" + whole)
    assert friend.replay is not None and friend.replay.number == 7 and friend.replay.deals == 7


def test_the_replay_steps_by_whole_turns_from_one_draw_to_the_next_buys_included() -> None:
    """A turn begins at a seat's draw and runs to the next draw (C6: its discard's buys in it)."""
    app = played("contract", 3, 8)
    screen = at_table(app)
    handle(screen, Target(Act.REPLAY, value="1"))
    view = screen.replay
    assert view is not None
    steps = view.deal.steps
    starts = [s.index for s in steps if s.action["type"] == "draw"]
    assert view.turn_starts() == starts and starts[0] == 1
    bought = [s for s in steps if s.action["type"] == "buy"]
    assert bought, "seed 8 has a buy in deal 1"
    buy = bought[0].index
    began = max(s for s in starts if s < buy)
    assert steps[began - 1].seat != bought[0].seat  # the buyer's buy belongs to the thrower's turn

    assert view.turn() == 0 and view.where() == f"Step 0 of {len(view.deal)}"
    for number, start in enumerate(starts, 1):  # Next turn: from each turn's start to the next's
        fx = handle(screen, Target(Act.REPLAY_TURN_FORWARD))
        assert view.deal.at == start and view.turn() == number
        assert fx.announce is not None and fx.announce.startswith(
            f"Step {start} of {len(view.deal)}, turn {number} of {len(starts)}"
        )
    assert handle(screen, Target(Act.REPLAY_TURN_FORWARD)).redraw is False  # no turn after the last
    handle(screen, Target(Act.REPLAY_STEP, value=str(buy)))  # mid-turn: back to where it began
    handle(screen, Target(Act.REPLAY_TURN_BACK))
    assert view.deal.at == began
    handle(screen, Target(Act.REPLAY_TURN_BACK))  # at a turn's start: the turn before
    assert view.deal.at == max(s for s in starts if s < began)
    handle(screen, Target(Act.REPLAY_FIRST))
    assert handle(screen, Target(Act.REPLAY_TURN_BACK)).redraw is False and view.deal.at == 0


def test_a_computer_players_reason_in_the_replay_speaks_of_its_own_hand() -> None:
    """issue 42: "Why Aino did it: Pass: the 7♥ does not help your hand" spoke to you, of a hand
    that was Aino's. The reasons are the bots' own (asked again), worded for the player."""
    app = played("contract", 3, 5)
    screen = at_table(app)
    handle(screen, Target(Act.REPLAY, value="1"))
    view = screen.replay
    assert view is not None
    said = []
    for step in range(1, len(view.deal) + 1):
        view.go(step)
        why = view.why()
        if why:
            said.append(why)
    assert said and not [w for w in said if re.search(r"\b(you|your)\b", w)], "seed 5, deal 1"
    assert any("does not help its hand" in w for w in said)
