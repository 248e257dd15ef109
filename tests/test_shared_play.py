"""Playing a shared deal's cards, and sharing a match no link can hold (issue 42, points 1 and 8).

A link to deal N holds the match up to that deal's end (rule G9: the seed and every
action before fix the deal's cards), so "Play these cards" can sit you down at deal
N itself, in the sharer's seat, with the match as it stood when that deal was dealt.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from tests.matches import play, played

from rommi.replay import MatchRecord, Replay
from ui.commands.acts import Act, Effects, Target
from ui.commands.replay import open_link
from ui.commands.table import finished, handle
from ui.model.app import App
from ui.records import replayview
from ui.records.links import LinkError, encode
from ui.records.stores import LEDGER, STATS
from ui.screen import Screen, deal_line


@pytest.fixture(scope="module")
def record() -> MatchRecord:
    """A whole seven-deal Sitoumusrommi match for three (seed 8), played by the computer players."""
    found = played("contract", 3, 8).record()
    assert found is not None
    return found


def opened(fragment: str) -> Screen:
    screen = Screen(address="https://example.org/rommi/")
    assert open_link(screen, fragment)
    return screen


def test_play_these_cards_deals_the_shared_deal_with_the_match_as_it_stood(record: MatchRecord) -> None:
    screen = opened(replayview.LINK_PREFIX + encode(record, 3))
    assert screen.replay is not None and screen.replay.number == 3
    fx = handle(screen, Target(Act.REPLAY_PLAY))
    app = screen.app
    assert app is not None and fx.new_game and screen.screen == "table"
    shared = Replay(record).deal(3)  # deal 3 as dealt, in the sharer's match
    v = app.view()
    assert v["deal"] == 3, f"dealt deal {v['deal']}, the link is to deal 3"
    assert sorted(v["hand"]) == sorted(shared.face_up()["hands"][0])  # the sharer's deal-3 hand
    assert app.game.to_dict()["hands"] == shared.face_up()["hands"]  # ... and everyone else's
    assert v["scores"] == shared.view(0)["scores"] and any(v["scores"])  # the scores so far
    # The earlier deals' log came along: the match replays, and its first two deals are the shared ones.
    mine = app.record()
    assert mine is not None and mine.actions == record.actions[: shared.span.start]
    assert [d.finished for d in Replay(mine).deals] == [True, True, False]
    # The table says which deal it is, and that this match is a shared one.
    line = deal_line(app)
    assert line.startswith("Deal 3 of 7") and line.endswith(" · shared, not in your statistics"), line


def test_the_deal_shown_is_the_one_played_and_a_whole_match_link_opens_on_its_last(
    record: MatchRecord,
) -> None:
    screen = opened(replayview.LINK_PREFIX + encode(record))
    assert screen.replay is not None and screen.replay.number == 7
    handle(screen, Target(Act.REPLAY_DEAL, value="5"))  # the person looks at deal 5, then plays it
    handle(screen, Target(Act.REPLAY_PLAY))
    assert screen.app is not None and screen.app.view()["deal"] == 5
    first = opened(replayview.LINK_PREFIX + encode(record, 1))
    handle(first, Target(Act.REPLAY_PLAY))
    assert first.app is not None and first.app.view()["deal"] == 1 and first.app.log == []


def test_a_shared_match_counts_in_neither_the_ledger_nor_the_statistics(record: MatchRecord) -> None:
    screen = opened(replayview.LINK_PREFIX + encode(record, 6))
    handle(screen, Target(Act.REPLAY_PLAY))
    app = screen.app
    assert app is not None and app.shared_from == 6
    play(app)  # deals 6 and 7, to the match's end
    assert app.game.over
    games_before, stats_before = screen.ledger["games"], screen.records.stats
    fx = Effects()
    finished(screen, fx)  # what the table does when a move ends the match
    assert LEDGER not in fx.save and STATS not in fx.save
    assert screen.ledger["games"] == games_before and screen.records.stats == stats_before


def test_a_shared_match_stays_shared_and_replayable_across_a_reload(record: MatchRecord) -> None:
    app = replayview.play_the_same(record, "Minä", 4)
    again = App.from_save(app.to_save())
    assert again.shared_from == 4 and again.log == app.log and again.view()["deal"] == 4
    assert deal_line(again) == deal_line(app)
    own = played("basic", 2, 5)
    assert App.from_save(own.to_save()).shared_from is None  # your own match is yours


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail with ``TimeoutError`` after ``seconds``: the old endless loop fails the test instead
    of running on (the loop is Python code, so the alarm's handler runs inside it)."""

    def stop(signum: int, frame: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize(
    ("record", "deal"),
    [
        (MatchRecord("basic", 2, {}, -5), 0),
        (MatchRecord("basic", 2, {}, 5, levels=(None, "normal"), bot_seeds=(1, -2)), 0),
        (MatchRecord("basic", 2, {}, 5), -1),
        (MatchRecord("basic", 2, {}, 2**63), 0),
    ],
    ids=["seed", "bot-seed", "deal", "too-big"],
)
def test_encode_refuses_a_number_no_link_can_hold_instead_of_looping(record: MatchRecord, deal: int) -> None:
    """``links.encode`` wrote a negative number's 7-bit groups for ever (the page froze on Share)."""
    with within(5), pytest.raises(LinkError) as refused:
        encode(record, deal)
    assert refused.value.key == "link.unshareable"


def test_share_of_a_match_no_link_can_hold_is_a_note_and_changes_nothing() -> None:
    app = played("basic", 2, 3)
    app.seed = -3  # as a damaged save could hold it
    screen = Screen(app=app, screen="table", address="https://example.org/rommi/")
    handle(screen, Target(Act.REPLAY, value="1"))
    assert screen.replay is not None
    with within(5):
        fx = handle(screen, Target(Act.REPLAY_SHARE))
    assert screen.replay.link is None and fx.focus is None
    assert screen.notes == ["This match cannot be shared: its record holds a number that no link can carry."]
