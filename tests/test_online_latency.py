"""What the host skips or holds back to keep an online table of eight quick (issue 41, gap 1), and
that nothing a guest is shown goes stale for it.

- A view's text is written once (``Send.encoded``, kept from the comparison with the view sent
  before): the text sent must be the message's own.
- The buy window's counts of answers awaited are held back a moment by the host's page
  (``ui.online.host.Counts``): a later count replaces one held for the same guest, and a view
  sent to that guest drops it (the view carries the count). Driven over whole deals at a table
  of eight (seven guests), with the held counts let go at seeded moments, every guest's count
  must be the host's whenever none is held.
"""

from __future__ import annotations

import random

import pytest

from online_table import Table
from ui.online import messages
from ui.online.host import Counts, Reply, Send

SEEDS = (7, 31)
NAMES = ["Maija", "Liisa", "Pekka", "Helmi", "Oskari", "Sanni", "Ville", "Kaisa"]


def eight(seed: int, table: Table) -> Table:
    for seat in range(1, 8):
        table.join(f"peer-{seat}", NAMES[seat], seat)
    table.start("easy")
    return table


@pytest.mark.parametrize("seed", SEEDS)
def test_each_text_sent_is_its_message_written_out(seed: int) -> None:
    table = eight(seed, Table(seed, players=8))
    table.play_deal()
    views = [sent for sent in table.log if sent.message["t"] == "view"]
    assert len(views) > 100, f"seed {seed}: only {len(views)} views"
    for sent in table.log:
        assert sent.text == messages.encode(sent.message), f"seed {seed}: a {sent.message['t']} sent stale"


def _count(peer: str, count: int) -> Send:
    return Send(peer, messages.waiting(count))


def test_a_later_count_replaces_the_one_held_and_a_view_drops_it() -> None:
    counts = Counts()
    view = Send("a", messages.view(1, {"seat": 1}, {}, None))
    react = Send("b", messages.reaction(2, "nice"))
    assert counts.sort([_count("a", 3), _count("b", 3), react]) == [react]
    assert counts.sort([_count("a", 2)]) == []
    assert [s.message for s in counts.release()] == [messages.waiting(2), messages.waiting(3)]
    assert counts.release() == []
    assert counts.sort([_count("a", 2), view, _count("b", 1)]) == [view]  # a's count is older than its view
    assert [(s.peer, s.message["count"]) for s in counts.release()] == [("b", 1)]
    assert counts.sort([view, _count("a", 1)]) == [view]  # a count after the view is held
    assert [(s.peer, s.message["count"]) for s in counts.release()] == [("a", 1)]


class HeldTable(Table):
    """A table whose host's counts go through ``Counts``, let go at seeded moments."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, players=8)
        self.counts = Counts()
        self.moments = random.Random(seed * 7 + 1)
        self.held = self.released = 0

    def deliver(self, reply: Reply) -> Reply:
        self.held += sum(s.message["t"] == "waiting" for s in reply.sends)
        reply.sends = self.counts.sort(reply.sends)
        super().deliver(reply)
        if self.counts.held and self.moments.random() < 0.3:
            self.release()
        return reply

    def release(self) -> None:
        sends = self.counts.release()
        self.released += len(sends)
        super().deliver(Reply(sends))
        self.check()

    def check(self) -> None:
        """Nothing held: every guest's count is the host's."""
        assert not self.counts.held
        now = self.host.buy_waiting()
        for guest in self.guests.values():
            device = guest.device
            assert device is not None
            assert device.waiting == now, (
                f"seed {self.seed}: {guest.name} shows {device.waiting} answers awaited, the host {now}"
            )


@pytest.mark.parametrize("seed", SEEDS)
def test_held_counts_never_leave_a_guest_a_stale_count(seed: int) -> None:
    table = eight(seed, HeldTable(seed))
    app = table.host.app
    assert app is not None
    for _ in range(3000):
        if app.phase().value not in ("draw", "play", "buy"):
            break
        if not (table.guest_moves() or table.host_moves()):
            table.release()  # nobody moves until the count is out: a guest waits for nothing else
            assert table.guest_moves() or table.host_moves(), f"seed {seed}: nobody moves"
    table.release()
    assert table.held > 50, f"seed {seed}: only {table.held} counts were held"
    assert 0 < table.released < table.held, f"seed {seed}: held {table.held}, sent {table.released}"
