"""Online benchmark in CPython: the CPU time each stage of a move costs at an online table.

    python tools/bench/bench_online_cpu.py [--seats 8] [--seed 7] [--profile]

A host (seat 0) and ``seats - 1`` guests play the first deal in memory, as
``tests/online_table.py`` drives them (no network, no page): each guest's device reads every
text it is sent (``ui.online.guest.Guest.receive``) and keeps its table up to date
(``ui.online.remote.guest_app``, ``ui.online.guest_table.update``), as the page's session does.
Each stage's process CPU time (``time.process_time``) is summed over the deal and printed per
move made (every seat's moves, the host's too: each makes the host send the guests their
views) and, for a guest's device, per guest. The page's redraw is not here (it needs a DOM:
``tools/bench/bench_online.py`` runs the pages).

The stages, in the order a guest's move goes through them:

* host: ``receive`` (read the text, check, play it), of which ``play`` (the one move path);
  ``moved`` (after every move: the buy window, then each guest's view), of which ``summary``
  (``ui.online.legal``), ``view`` (``Game.view``) and ``encode`` (the message's JSON, to
  compare with the one sent before); and the texts written again for the wire (``Send.text``);
* each guest's device: ``read`` (``Guest.receive``: bounded parse, the view's digest kept for
  the end's check) and ``update`` (the table from the new view).

Nothing is asserted; the machine's load is printed beside the numbers (they are CPU times, but
a busy machine slows caches too).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))

from online_table import Guest, Table  # noqa: E402
from rommi import Game  # noqa: E402
from ui.commands.acts import Effects  # noqa: E402
from ui.online import guest as guest_side  # noqa: E402
from ui.online import guest_table, host, legal, messages  # noqa: E402
from ui.online.host import Reply  # noqa: E402
from ui.online.remote import guest_app  # noqa: E402
from ui.screen import Screen  # noqa: E402
from ui.words.i18n import set_language  # noqa: E402

NAMES = ["Aino", "Liisa", "Pekka", "Helmi", "Oskari", "Sanni", "Ville", "Kaisa"]
SPENT: dict[str, float] = defaultdict(float)
CALLS: dict[str, int] = defaultdict(int)
INSIDE: list[str] = []  # the stages being timed now, outermost first


@contextmanager
def stage(name: str) -> Iterator[None]:
    start = time.process_time()
    INSIDE.append(name)
    try:
        yield
    finally:
        INSIDE.pop()
        SPENT[name] += time.process_time() - start
        CALLS[name] += 1


def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` timed as ``name`` inside the stage timed now (untimed outside any: the
    tests' own bookkeeping), once (not again inside itself)."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not INSIDE or INSIDE[-1].endswith(name):
            return function(*args, **kwargs)
        with stage(f"{INSIDE[-1]}: {name}"):
            return function(*args, **kwargs)

    return wrapper


def instrument() -> None:
    """Wrap each stage's function where the host's code calls it."""
    legal.summary = timed("summary", legal.summary)  # type: ignore[assignment]
    messages.encode = timed("encode", messages.encode)  # type: ignore[assignment]
    host.play = timed("play", host.play)  # type: ignore[attr-defined]
    Game.view = timed("Game.view", Game.view)  # type: ignore[method-assign]
    moved = host.Host.moved

    def moved_timed(self: host.Host, now: float) -> Reply:
        with stage("host: moved" if not INSIDE else f"{INSIDE[-1]}: moved"):
            return moved(self, now)

    host.Host.moved = moved_timed  # type: ignore[method-assign]
    receive = host.Host.receive

    def receive_timed(self: host.Host, peer: str, text: Any, now: float) -> Reply:
        with stage("host: receive"):
            return receive(self, peer, text, now)

    host.Host.receive = receive_timed  # type: ignore[method-assign]


class CpuTable(Table):
    """``online_table.Table`` whose guests' devices keep a table as the page does."""

    def __init__(self, seed: int, players: int) -> None:
        super().__init__(seed, players=players)
        self.screens: dict[str, Screen] = {}
        self.shadow: dict[str, guest_side.Guest] = {}

    def deliver(self, reply: Reply) -> Reply:
        with stage("host: Send.text"):
            texts = [(send.peer, send.text()) for send in reply.sends]
        super().deliver(reply)  # the tests' own bookkeeping (untimed), and Guest.receive untimed
        for peer, text in texts:
            g = self.guests.get(peer)
            if g is not None:
                self.on_device(g, text)
        return reply

    def on_device(self, g: Guest, text: str) -> None:
        device = guest_side.Guest("bench", g.name)
        state = self.shadow.setdefault(g.peer, device)
        with stage("guest: read (Guest.receive)"):
            shown, waiting = state.view, state.waiting
            state.receive(text)
        if state.view is None or state.lobby is None or (state.view is shown and state.waiting == waiting):
            return
        screen = self.screens.setdefault(g.peer, Screen())
        with stage("guest: update (the table)"):
            if screen.app is None:
                screen.app = guest_app(state.view, state.legal or {}, state.lobby, state.waiting)
                screen.screen = "table"
                fx = Effects()
            else:
                fx = guest_table.update(screen, screen.app, state.view, state.legal or {}, state.waiting)
        del fx


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", action="store_true", help="also print cProfile's top functions")
    args = parser.parse_args(argv)
    set_language("en")
    one, five, _ = os.getloadavg()
    print(
        f"load average {one:.2f} {five:.2f} on {os.cpu_count()} cores; {args.seats} seats, seed {args.seed}"
    )
    table = CpuTable(args.seed, args.seats)
    for seat in range(1, args.seats):
        table.join(f"peer-{seat}", NAMES[seat], seat)
    table.start("easy")
    instrument()
    SPENT.clear()
    CALLS.clear()
    app = table.host.app
    assert app is not None
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    started = time.process_time()
    table.play_deal()
    total = time.process_time() - started
    if profiler:
        profiler.disable()
    moves = len(app.log or [])
    guests = args.seats - 1
    print(f"deal played: {moves} moves, {total:.2f} s CPU in all (the computer minds deciding included)")
    print(f"{'stage':44s} {'per move':>10s} {'calls':>7s}")
    for name in sorted(SPENT):
        per = SPENT[name] / moves * 1000
        if name.startswith("guest:"):
            print(f"{name:44s} {per:7.2f} ms  {CALLS[name]:6d}   ({per / guests:.2f} ms per guest)")
        else:
            print(f"{name:44s} {per:7.2f} ms  {CALLS[name]:6d}")
    kinds = Counter(s.message["t"] for s in table.log)
    print("messages to guests:", ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    sizes = [len(s.text) for s in table.log if s.message["t"] == "view"]
    if sizes:
        print(f"view texts: {len(sizes)}, mean {sum(sizes) / len(sizes):.0f} chars, max {max(sizes)}")
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
