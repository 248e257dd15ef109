"""An online table for the tests, without a network: a ``Host`` and guests that only read what they
are sent (``ui.online``). Each guest decides its moves with a computer player of its own, from the
last view it received (and nothing else), and sends them as ``act`` messages; the host's own seat
and the computer players move through ``ui.play.play`` as the page would, followed by
``Host.moved``. Every message to each guest is kept, with the game as it was when it was sent.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from rommi import Phase
from rommi.bots import make_bot
from rommi.bots.base import Bot, finish
from ui.online.guest import Guest as Device
from ui.online.host import Host, Reply
from ui.online.messages import read_host
from ui.play import play
from ui.screen import Screen

BUILD = "test-build-1"


def seeded_hex(rng: random.Random) -> Any:
    """Tokens and random values from a seeded generator, so a failing run can be repeated."""
    return lambda n: rng.randbytes(n).hex()


@dataclass
class Guest:
    """A device on the other side: its peer id, its seat, everything it received, in order."""

    peer: str
    name: str
    seat: int | None = None
    token: str | None = None
    got: list[dict[str, Any]] = field(default_factory=list)
    bot: Bot | None = None
    acted_on: int = -1  # the index (in ``got``) of the last view this guest answered
    # Its device's plain half (``ui.online.guest``), fed every text as the wire would, and the
    # texts it answers by itself (the seed's round), sent when the test says (``answer_fair``).
    device: Device | None = None
    outbox: list[str] = field(default_factory=list)

    def last(self, kind: str) -> dict[str, Any] | None:
        return next((m for m in reversed(self.got) if m["t"] == kind), None)


@dataclass
class Sent:
    """One message a guest got, with what was hidden from it at that moment."""

    peer: str
    message: dict[str, Any]
    text: str
    seat: int | None
    hidden: dict[int, list[str]]  # the other seats' hands then
    seed: int | None
    secrets: list[str]  # every value behind the seed not this guest's own
    own: Any = None  # the engine's view of this guest's seat then (as JSON)


class Table:
    """A host and its guests, with every message kept. ``now`` is the tables' clock (seconds)."""

    def __init__(self, seed: int, players: int = 4, variant: str = "contract", **options: Any) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.screen = Screen()
        answer_time = options.pop("answer_time", None)
        self.host = Host(
            self.screen,
            players=players,
            host_name="Maija",
            build=BUILD,
            variant=variant,
            options=options or None,
            answer_time=answer_time,
            new_token=seeded_hex(self.rng),
        )
        self.guests: dict[str, Guest] = {}
        self.log: list[Sent] = []
        self.now = 1000.0
        self.host_bot = make_bot("normal", seed + 1)

    # -------------------------------------------------------------- wiring
    def deliver(self, reply: Reply) -> Reply:
        """Hand each message to its guest (as JSON text and back, as the wire would)."""
        app = self.host.app
        fair = self.host.fair or self.host.round
        for send in reply.sends:
            text = send.text()
            message = read_host(text)  # as a guest's device reads it: within its bounds
            guest = self.guests.get(send.peer)
            seat = guest.seat if guest else None
            hidden: dict[int, list[str]] = {}
            if app is not None:
                hidden = {s: [str(c) for c in app.game.hand(s)] for s in range(app.game.players) if s != seat}
            reveals = {} if fair is None else fair.reveals
            values = [x for s, pair in reveals.items() if s != seat for x in pair]
            seed = None if app is None else app.seed
            own = None if app is None or seat is None else json.loads(json.dumps(app.game.view(seat)))
            self.log.append(Sent(send.peer, message, text, seat, hidden, seed, values, own))
            if guest is not None:
                guest.got.append(message)
                if guest.device is None:
                    guest.device = Device(BUILD, guest.name, new_value=seeded_hex(self.rng))
                guest.outbox += guest.device.receive(text)
                if message["t"] == "welcome":
                    guest.seat, guest.token = message["seat"], message["token"]
        return reply

    def send(self, peer: str, message: dict[str, Any]) -> Reply:
        self.now += 0.2
        return self.deliver(self.host.receive(peer, json.dumps(message), self.now))

    def join(self, peer: str, name: str, seat: int) -> Guest:
        guest = self.guests.setdefault(peer, Guest(peer, name))
        self.host.joined(peer)
        self.send(peer, {"v": 1, "t": "hello", "build": BUILD, "name": name})
        self.send(peer, {"v": 1, "t": "sit", "seat": seat})
        assert guest.seat == seat, f"seed {self.seed}: {guest.got[-1]}"
        guest.bot = make_bot("normal", self.seed * 10 + seat)
        return guest

    def start(self, level: str = "easy") -> None:
        """Start the game, and each guest takes part in the seed's round as its device would."""
        self.deliver(self.host.start(level, self.now))
        self.answer_fair()
        assert self.host.app is not None, f"seed {self.seed}: the match did not start"

    def answer_fair(self, only: str | None = None) -> None:
        """Each guest's device sends what it answered by itself in the seed's round (its hash,
        then its value), or only the messages of type ``only``, until nothing is left to send."""
        for _ in range(4):
            for guest in list(self.guests.values()):
                keep, sending = [], []
                for text in guest.outbox:
                    (sending if only is None or json.loads(text)["t"] == only else keep).append(text)
                guest.outbox = keep
                for text in sending:
                    self.now += 0.2
                    self.deliver(self.host.receive(guest.peer, text, self.now))

    # ---------------------------------------------------------------- play
    def guest_moves(self) -> bool:
        """Each guest whose newest view says it may act answers it, from that view alone."""
        moved = False
        for guest in self.guests.values():
            views = [i for i, m in enumerate(guest.got) if m["t"] == "view"]
            if not views or guest.bot is None or guest.seat is None:
                continue
            i = views[-1]
            message = guest.got[i]
            if i == guest.acted_on or not message["legal"]["to_act"]:
                continue
            view = dict(message["view"], to_act=guest.seat)  # asked at once in a buy window
            if view["phase"] in (Phase.DEAL_OVER, Phase.MATCH_OVER):
                continue
            guest.acted_on = i
            action = finish(guest.bot.thinking(view)).action  # type: ignore[arg-type]
            self.send(guest.peer, {"v": 1, "t": "act", "action": action.to_json()})
            moved = True
        return moved

    def host_moves(self) -> bool:
        """The host's own seat (when the engine asks it) or a computer player: through ``play``."""
        app = self.host.app
        assert app is not None
        seat = app.seat_to_act()
        if seat is None:
            return False
        if app.bots[seat] is not None:
            seat, thinking = app.bot_thinking()
            action = finish(thinking).action
        elif seat == 0:
            action = finish(self.host_bot.thinking(app.game.view(0))).action
        else:
            return False
        self.now += 0.2
        play(self.screen, seat, action)
        self.deliver(self.host.moved(self.now))
        return True

    def play_deal(self, limit: int = 3000) -> None:
        """Play until the first deal is over."""
        app = self.host.app
        assert app is not None
        for _ in range(limit):
            if app.phase() in (Phase.DEAL_OVER, Phase.MATCH_OVER):
                return
            if not (self.guest_moves() or self.host_moves()):
                raise AssertionError(f"seed {self.seed}: nobody moves, {app.seat_to_act()} to act")
        raise AssertionError(f"seed {self.seed}: the deal did not end")
