"""The host's side of an online table: the lobby, the guests' messages, and what each is sent.

The host's device runs the only engine. A guest is a seat played elsewhere
(``SeatKind.ELSEWHERE``): its moves arrive as ``act`` messages, and each is checked twice
before it changes anything: the action must be the sender's own seat's (a guest never acts
for another), and the engine must accept it now (``Game.check``: a refused move is told to
the guest alone, in the engine's words, and the host's table shows nothing). Then it goes
through the one move path, ``ui.play.play``, like a click or a computer player's move, and its
``Effects`` go to the host's page.

After every move, whoever made it, each guest is sent its own seat's view (``Game.view``, the
same a computer player sees: its own hand and what is public) with what it may do now
(``ui.online.legal``). Nothing else of the game is ever sent: no other hand, and no seed
before the match ends (``ui.online.fairseed``: the seed is fixed from everyone's values, told
at the end for each device to check). In a buy window with several people, views wait until
it closes (``ui.online.buywindow``).

Everything here is plain Python: the transport hands in a peer's text (``receive``) and the
time, and sends the ``Send``s returned; the host's page calls ``moved`` after each move made
at the host's device (the host's own click, a computer player's move) and ``tick`` now and
then for the buy window's answer time.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rommi import Game, IllegalAction, Phase, Refused
from rommi.actions import ACTION_CLASSES, Action, from_json
from rommi.bots import make_bot
from rommi.names import ActionType
from ui.commands.acts import Effects
from ui.model.app import UNDOABLE, App, bot_seed
from ui.online import legal, messages, takenback
from ui.online.buywindow import ANSWER_TIMES, BuyWindow, queue
from ui.online.fairseed import Round, commitment
from ui.online.lobby import Kind, Lobby, Place
from ui.online.messages import Message
from ui.online.ratelimit import Bucket
from ui.play import made_by, play
from ui.records.stores import GAME
from ui.screen import Screen
from ui.words.i18n import t

HOST_SEAT = 0  # the host sits at seat 0, as you do at one device
STAND_IN_AFTER = 30.0  # seconds away before the host is offered a computer player for that seat


@dataclass(frozen=True)
class Send:
    """A message for one peer; ``encoded``: its text, when already written (a view is, to
    compare it with the one sent before: not written twice)."""

    peer: str
    message: Message
    encoded: str | None = field(default=None, compare=False, repr=False)

    def text(self) -> str:
        return messages.encode(self.message) if self.encoded is None else self.encoded


@dataclass
class Counts:
    """The buy window's counts of answers awaited (``waiting``), held back a moment by the host's
    page so that answers in quick succession reach each guest as one count: each count costs
    every guest's page a redraw, and at a table of eight the answers of several people come
    within a few tens of milliseconds. A later count replaces the one held for the same peer;
    a view sent to that peer drops it (a view carries the count itself, so a count held from
    before it would be stale)."""

    held: dict[str, Send] = field(default_factory=dict)

    def sort(self, sends: list[Send]) -> list[Send]:
        """The messages to send now, in order; the counts among ``sends`` are held."""
        now = []
        for send in sends:
            kind = send.message.get("t")
            if kind == "waiting":
                self.held[send.peer] = send
                continue
            if kind == "view":
                self.held.pop(send.peer, None)
            now.append(send)
        return now

    def release(self) -> list[Send]:
        """The counts held, the newest for each peer, to send now."""
        out, self.held = list(self.held.values()), {}
        return out


@dataclass
class Reply:
    """What follows a message or an event: messages to send, and the ``Effects`` of each move
    made at the host's table (for its page to carry out, as after a click), and reactions to
    show beside their seats."""

    sends: list[Send] = field(default_factory=list)
    effects: list[Effects] = field(default_factory=list)
    reactions: list[tuple[int, str]] = field(default_factory=list)
    back: list[int] = field(default_factory=list)  # seats handed back to their person (``hand_back``)

    def add(self, other: Reply) -> Reply:
        self.sends += other.sends
        self.effects += other.effects
        self.reactions += other.reactions
        self.back += other.back
        return self


@dataclass
class Peer:
    """A connection: its rate limit, its name once it said hello, and messages dropped."""

    bucket: Bucket = field(default_factory=Bucket)
    name: str | None = None
    dropped: int = 0
    warned: bool = False  # told it sends too fast, since its last message let through


@dataclass
class TurnUndo:
    """A guest's turn so far, for undo: the game before its first meld, lay-off or swap of the
    turn, the log's length then, and those moves (nobody else acts until its discard)."""

    seat: int
    start: Game
    log_len: int | None
    moves: list[dict[str, Any]]


class Host:
    """An online table on the host's device: ``screen`` is the host's page's ``Screen``, whose
    ``app`` becomes the match when it starts."""

    def __init__(
        self,
        screen: Screen,
        *,
        players: int,
        host_name: str,
        build: str,
        variant: str,
        options: dict[str, Any] | None = None,
        answer_time: int | None = None,
        new_token: Callable[[int], str] = secrets.token_hex,
    ) -> None:
        self.options = dict(options or {})
        Game.new(variant, players, options=self.options)  # a ValueError now, not when the match starts
        self.screen = screen
        self.build = build
        self.variant = variant
        self.new_token = new_token
        self.lobby = Lobby(players, host_name, new_token)
        self.window = BuyWindow(answer_time)
        self.peers: dict[str, Peer] = {}
        self.round: Round | None = None  # the seed's commitments while a match is being dealt
        self.fair: Round | None = None  # the match's round, once its seed is fixed (told at the end)
        self.own_value: tuple[str, str] | None = None  # the host's own value and salt
        self.started = False
        self.turn: TurnUndo | None = None
        # Who played each seat when: a computer standing in for an away person, from and to which
        # action of the match's log, for its replay and share link.
        self.stood_in: list[dict[str, Any]] = []
        self.shown: dict[int, tuple[str, Message]] = {}  # the last view sent to each seat (and as text)
        self.opened: tuple[int, int] | None = None  # the buy window whose views went out
        self.waited: int | None = None
        self.told_over = False
        self.stand_in_after = STAND_IN_AFTER  # seconds (the tests make it short)

    # ------------------------------------------------------------------ reading
    @property
    def app(self) -> App | None:
        return self.screen.app if self.started else None

    def buy_waiting(self) -> int | None:
        """In an open buy window, how many answers the table still waits for (for the host's
        own table, as the guests are told: never whose); None when no window is open."""
        app = self.app
        if app is None or self.window.open is None:
            return None
        return self.window.waiting(app.view())

    def away(self, now: float) -> list[tuple[int, str, float]]:
        """The people away (seat, name, seconds): "Waiting for Liisa..."; after ``STAND_IN_AFTER``
        the host is offered "Let the computer play for Liisa" (``stand_in``)."""
        return [
            (i, p.name, now - p.away_since)
            for i, p in enumerate(self.lobby.places)
            if p.kind == Kind.PERSON and p.peer is None and p.away_since is not None
        ]

    def stand_in_offers(self, now: float) -> list[int]:
        """The seats of people away for ``STAND_IN_AFTER`` seconds or more in a game, for whom the
        host is offered "Let the computer play for Liisa"."""
        if self.app is None:
            return []
        return [
            seat
            for seat, _, gone in self.away(now)
            if gone >= self.stand_in_after and self.lobby.places[seat].stand_in is None
        ]

    def set_answer_time(self, seconds: int | None) -> Reply:
        """The table's answer time for a buy offer (off, 15, 30 or 60 s: ``ANSWER_TIMES``),
        chosen in the host's lobby before the game; a ``Refused`` once it started."""
        if self.started or self.round is not None:
            raise Refused("online.started", "the game has started")
        if seconds not in ANSWER_TIMES:
            raise Refused("online.bad_message", f"answer time {seconds!r}")
        self.window.answer_time = seconds
        return Reply()

    # ---------------------------------------------------------------- the wire
    def joined(self, peer: str) -> None:
        self.peers.setdefault(peer, Peer())

    def left(self, peer: str, now: float) -> Reply:
        """A connection closed: its seat is kept for the person (their token brings them back)."""
        self.peers.pop(peer, None)
        seat = self.lobby.seat_of(peer)
        if seat is None:
            return Reply()
        place = self.lobby.places[seat]
        place.peer, place.away_since = None, now
        return self._lobby_to_all()

    def receive(self, peer: str, text: Any, now: float) -> Reply:
        """A peer's text: rate-limited before it is read, then read (``messages.parse``) and
        done; anything refused changes nothing and is told to that peer alone."""
        p = self.peers.setdefault(peer, Peer())
        if not p.bucket.take(now):
            p.dropped += 1
            if p.warned:
                return Reply()
            p.warned = True
            return Reply([Send(peer, messages.refused("online.too_many"))])
        p.warned = False
        try:
            return self._handle(peer, p, messages.parse(text), now)
        except Refused as e:
            return Reply([Send(peer, messages.refused(e.key, {"detail": e.detail}))])
        except IllegalAction as e:
            return Reply([Send(peer, messages.refused("engine." + e.key, dict(e.params)))])

    def _handle(self, peer: str, p: Peer, msg: messages.GuestMessage, now: float) -> Reply:
        if isinstance(msg, messages.Hello):
            return self._hello(peer, p, msg, now)
        if p.name is None:
            raise Refused("online.hello_first", "say hello first")
        if isinstance(msg, messages.Sit):
            return self._sit(peer, p.name, msg.seat)
        seat = self.lobby.seat_of(peer)
        if seat is None:
            raise Refused("online.no_seat", "take a seat first")
        if isinstance(msg, messages.Act):
            return self._act(seat, msg.action, now)
        if isinstance(msg, messages.Undo):
            return self._undo(seat, now)
        if isinstance(msg, messages.React):
            return self.react(seat, msg.code)
        if isinstance(msg, messages.Commit):
            self._fair_round().commit(seat, msg.hash)
        else:
            self._fair_round().reveal(seat, msg.value, msg.salt)
        return self._fair_step(now)

    # -------------------------------------------------------------- the lobby
    def _hello(self, peer: str, p: Peer, msg: messages.Hello, now: float) -> Reply:
        """A peer says who it is; another build is told to reload; a token brings its seat back."""
        if msg.build != self.build:
            self.peers.pop(peer, None)
            return Reply([Send(peer, messages.bye("build"))])
        if msg.token is None:
            p.name = msg.name
            return Reply([Send(peer, self._lobby_for(peer))])
        seat = self.lobby.by_token(msg.token)
        if seat is None:
            raise Refused("online.bad_token", "no seat has this token")
        if self.lobby.seat_of(peer) not in (None, seat):  # one connection plays one seat
            raise Refused("online.seated", "you have a seat already")
        p.name = msg.name
        place = self.lobby.places[seat]
        reply = Reply()
        if place.peer is not None and place.peer != peer:  # the same person, on a new connection
            reply.sends.append(Send(place.peer, messages.bye("replaced")))
            self.peers.pop(place.peer, None)
        place.peer, place.away_since = peer, None
        if place.stand_in is not None:
            reply.add(self.hand_back(seat))
        reply.sends.append(Send(peer, messages.welcome(msg.token, seat, self.build)))
        reply.add(self._lobby_to_all())
        reply.sends += self._fair_ask(seat)
        if self.started:
            reply.sends += self._view_again(seat)
        return reply

    def _sit(self, peer: str, name: str, seat: int) -> Reply:
        if self.started or self.round is not None:
            raise Refused("online.started", "the game has started")
        if self.lobby.seat_of(peer) is not None:
            raise Refused("online.seated", "you have a seat already")
        token = self.lobby.sit(seat, name, peer)
        reply = Reply([Send(peer, messages.welcome(token, seat, self.build))])
        return reply.add(self._lobby_to_all())

    def to_computer(self, seat: int, level: str) -> Reply:
        """The host gives an empty seat to a computer player at ``level``."""
        if self.started or self.round is not None:
            raise Refused("online.started", "the game has started")
        self.lobby.to_computer(seat, level)
        return self._lobby_to_all()

    def free(self, seat: int) -> Reply:
        """Before the game, the host frees a computer player's seat, or the seat of a person who
        left the lobby (else the seed's round would wait for them): anyone may take it then."""
        if self.started or self.round is not None:
            raise Refused("online.started", "the game has started")
        place = self.lobby.places[seat]
        if place.kind not in (Kind.COMPUTER, Kind.PERSON) or place.peer is not None:
            raise Refused("online.not_away", f"seat {seat} is not free to give")
        self.lobby.places[seat] = Place()
        return self._lobby_to_all()

    def _lobby_for(self, peer: str) -> Message:
        return messages.lobby(self.lobby.public(), self.lobby.seat_of(peer), self.started)

    def _lobby_to_all(self) -> Reply:
        return Reply([Send(peer, self._lobby_for(peer)) for peer, p in self.peers.items() if p.name])

    # -------------------------------------------------------------- fair cards
    def start(self, level: str, now: float) -> Reply:
        """ "Start the game": each empty seat to a computer player at ``level``, then the seed's
        round: every person commits to a value, then reveals it; the match is dealt when the
        last value is in. Also a rematch, once a match is over."""
        app = self.app
        if self.round is not None or (app is not None and not app.view()["over"]):
            raise Refused("online.started", "the game has started")
        self.lobby.fill(level)
        self.round = Round(tuple(self.lobby.people()))
        self.own_value = (self.new_token(16), self.new_token(16))
        self.round.commit(HOST_SEAT, commitment(*self.own_value))
        reply = self._lobby_to_all()
        for seat in self.round.seats:
            reply.sends += self._fair_ask(seat)
        return reply.add(self._fair_step(now))

    def _fair_round(self) -> Round:
        if self.round is None:
            raise Refused("online.fair.none", "no match is being dealt")
        return self.round

    def _fair_ask(self, seat: int) -> list[Send]:
        """What ``seat`` must send next for the seed: its hash, or (once all are in) its value."""
        r, peer = self.round, self.lobby.places[seat].peer
        if r is None or peer is None or seat == HOST_SEAT:
            return []
        if seat not in r.hashes:
            return [Send(peer, messages.ask_commit())]
        if r.committed and seat not in r.reveals:
            return [Send(peer, messages.commits(r.hashes))]
        return []

    def _fair_step(self, now: float) -> Reply:
        """Once every hash is in, tell them all and reveal the host's; once every value is in, deal."""
        r = self.round
        if r is None or not r.committed:
            return Reply()
        reply = Reply()
        if HOST_SEAT not in r.reveals and self.own_value is not None:
            for seat in r.seats:
                reply.sends += self._fair_ask(seat)
            r.reveal(HOST_SEAT, *self.own_value)
        seed = r.seed
        if seed is not None:
            reply.add(self._begin(seed, now))
        return reply

    def _begin(self, seed: int, now: float) -> Reply:
        """Deal the match with the seed everyone made, at the host's table."""
        seats = [p.seat() for p in self.lobby.places]
        game = Game.new(self.variant, len(seats), seed=seed, options=self.options)
        app = App(game, seats, seed, [bot_seed(seed, i) for i in range(len(seats))], log=[])
        self.screen.app, self.screen.screen = app, "table"
        self.fair, self.round, self.started = self.round, None, True
        self.shown, self.opened, self.waited, self.told_over, self.turn = {}, None, None, False, None
        self.stood_in = []
        app.stood_in = self.stood_in  # the match's record carries it (replays and links)
        reply = Reply(effects=[Effects(new_game=True, save={GAME}, run_bots=True, to_act=app.seat_to_act())])
        reply.sends += [Send(peer, messages.started()) for peer in self._guest_peers().values()]
        reply.add(self._lobby_to_all())
        return reply.add(self.moved(now))

    # ------------------------------------------------------------------- moves
    def _act(self, seat: int, action: dict[str, Any], now: float) -> Reply:
        """A guest's move: its own seat's, accepted by the engine now; else refused, nothing changed."""
        app = self._playing()
        kind = action.get("type")
        if kind != ActionType.NEXT_DEAL and made_by(action) != seat:
            raise Refused("online.not_your_seat", f"seat {seat} cannot move for another seat")
        view = app.view()
        if kind in (ActionType.BUY, ActionType.PASS) and self.window.open is not None and seat in queue(view):
            self.window.hold(view, seat, kind == ActionType.BUY)
            return self.moved(now)
        typed = _typed(action)
        error = app.check(typed)
        if error is not None:
            raise error
        if typed.type in UNDOABLE:
            if self.turn is None or self.turn.seat != seat:
                self.turn = TurnUndo(seat, app.game.copy(), None if app.log is None else len(app.log), [])
            self.turn.moves.append(typed.to_json())
        reply = Reply(effects=[play(self.screen, seat, typed)])
        return reply.add(self.moved(now))

    def _playing(self) -> App:
        app = self.app
        if app is None:
            raise Refused("online.not_started", "the game has not started")
        return app

    def _undo(self, seat: int, now: float) -> Reply:
        """Take back the guest's last meld, lay-off or swap of this turn: the game is played again
        from the turn's start without it (as ``App.undo`` does for a seat played here); everyone is
        told (``undone``), and their views follow without it."""
        app, t = self._playing(), self.turn
        if t is None or t.seat != seat or not t.moves:
            raise Refused("online.no_undo", "nothing of this turn to take back")
        t.moves.pop()
        game = t.start.copy()
        for move in t.moves:
            game.apply(move)
        app.game = game
        if app.log is not None and t.log_len is not None:
            app.log = app.log[: t.log_len] + list(t.moves)
        app.sync(mark_new=False)
        takenback.mark(app, seat, len(app.view()["history"]))  # the host's log says so
        reply = Reply([Send(peer, messages.undone(seat)) for peer in self._guest_peers().values()])
        reply.effects.append(Effects(save={GAME}, to_act=app.seat_to_act()))
        return reply.add(self.moved(now))

    def answer(self, seat: int, buys: bool, now: float) -> Reply:
        """A buy answer of the host's own seat while the window asks everyone at once."""
        app = self._playing()
        self.window.see(app.view(), now)
        self.window.hold(app.view(), seat, buys)
        return self.moved(now)

    def moved(self, now: float) -> Reply:
        """After any move: held buy answers the engine now asks for go in, then each guest is sent
        what changed for it (its view, or in an open buy window only how many answers are awaited),
        and at the match's end every value behind the seed."""
        app = self.app
        reply = Reply()
        if app is None:
            return reply
        self.window.see(app.view(), now)
        while (due := self.window.due(app.view())) is not None:
            reply.effects.append(play(self.screen, due.player, due))
            self.window.see(app.view(), now)
        t = self.turn
        if t is not None and (app.seat_to_act() != t.seat or app.phase() is not Phase.PLAY):
            self.turn = None
        reply.sends += self._views()
        if app.view()["over"] and not self.told_over and self.fair is not None:
            self.told_over = True
            over = messages.over(app.seed, self.fair.reveals, self.fair.hashes, app.log)
            reply.sends += [Send(peer, over) for peer in self._guest_peers().values()]
        return reply

    def tick(self, now: float) -> Reply:
        """The clock: past the buy window's answer time, whoever has not answered passes."""
        app = self.app
        if app is None:
            return Reply()
        places = self.lobby.places
        people = [i for i, p in enumerate(places) if p.stand_in is None and p.kind != Kind.COMPUTER]
        if not self.window.expire(app.view(), now, people):
            return Reply()
        return self.moved(now)

    # ------------------------------------------------------------------- views
    def _guest_peers(self) -> dict[int, str]:
        """The guests connected now, by seat."""
        return {
            i: p.peer for i, p in enumerate(self.lobby.places) if p.kind == Kind.PERSON and p.peer is not None
        }

    def _views(self) -> list[Send]:
        """Each guest's view where it changed; while a buy window is open (after its opening
        views), only the number of answers still awaited, when it changed."""
        app = self._playing()
        w = self.window.open
        if w is not None and self.opened == w.key:
            count = self.window.waiting(app.view())
            if count == self.waited:
                return []
            self.waited = count
            return [Send(peer, messages.waiting(count)) for peer in self._guest_peers().values()]
        self.opened = None if w is None else w.key
        self.waited = None if w is None else self.window.waiting(app.view())
        return [send for seat in self._guest_peers() for send in self._view_to(seat)]

    def _view_to(self, seat: int) -> list[Send]:
        """``seat``'s own view and what it may do, unless it was sent just so already."""
        app, peer = self.app, self.lobby.places[seat].peer
        if app is None or peer is None:
            return []
        w = self.window.open
        answer: legal.Answer = None
        if w is not None and seat in w.held:
            answer = "answered"
        elif w is not None and seat in queue(app.view()):
            answer = "asked"
        undo = self.turn is not None and self.turn.seat == seat and bool(self.turn.moves)
        waiting = None if w is None else self.window.waiting(app.view())
        can = legal.summary(app.game, seat, answer, undo)
        message = messages.view(seat, app.game.view(seat), can, waiting)
        text = messages.encode(message)
        if seat in self.shown and self.shown[seat][0] == text:
            return []
        self.shown[seat] = (text, message)
        return [Send(peer, message, text)]

    def _view_again(self, seat: int) -> list[Send]:
        """The table as it is now for a guest coming back; in an open buy window, the view sent
        when it opened (the answers given since are not shown before it closes)."""
        peer = self.lobby.places[seat].peer
        if peer is not None and self.window.open is not None and seat in self.shown:
            return [Send(peer, self.shown[seat][1])]
        self.shown.pop(seat, None)
        return self._view_to(seat)

    def close(self) -> Reply:
        """The host closes the table: every guest is told plainly, and nothing more is sent."""
        reply = Reply([Send(peer, messages.bye("closed")) for peer in self.peers])
        self.peers.clear()
        return reply

    # -------------------------------------------------------- around the game
    def react(self, seat: int, code: str) -> Reply:
        """A quick reaction, to everyone at the table (the host's page shows it too)."""
        if code not in messages.REACTIONS:
            raise Refused("online.bad_message", "code: not a reaction")
        sends = [Send(peer, messages.reaction(seat, code)) for peer in self._guest_peers().values()]
        return Reply(sends, reactions=[(seat, code)])

    def stand_in(self, seat: int, level: str) -> Reply:
        """ "Let the computer play for Liisa": a computer player at ``level`` plays the away
        person's seat (under their name) until they come back (``hand_back``)."""
        app = self._playing()
        place = self.lobby.places[seat]
        if place.kind != Kind.PERSON or place.peer is not None or place.stand_in is not None:
            raise Refused("online.not_away", f"seat {seat} is not a person away")
        place.stand_in = level
        app.seats[seat] = place.seat()
        app.bots[seat] = make_bot(level, app.bot_seeds[seat])
        self.stood_in.append({"seat": seat, "level": level, "from": len(app.log or ()), "to": None})
        reply = Reply(effects=[Effects(save={GAME}, run_bots=True, to_act=app.seat_to_act())])
        return reply.add(self._lobby_to_all())

    def hand_back(self, seat: int) -> Reply:
        """The person is back: the seat is theirs again, the computer player stops."""
        app = self._playing()
        place = self.lobby.places[seat]
        if place.stand_in is None:
            return Reply()
        place.stand_in = None
        app.seats[seat] = place.seat()
        app.bots[seat] = None
        for record in self.stood_in:
            if record["seat"] == seat and record["to"] is None:
                record["to"] = len(app.log or ())
        said = t("online.handed_back", name=place.name)
        return Reply(effects=[Effects(save={GAME}, to_act=app.seat_to_act(), announce=said)], back=[seat])


def _typed(action: dict[str, Any]) -> Action:
    """A guest's action as the engine's value: ``from_json``'s refusal (G10) for a malformed one.
    A value of a JSON type ``from_json`` does not expect is refused the same way."""
    try:
        typed = from_json(action)
    except IllegalAction:  # a ValueError too: the engine's own refusal goes out as it is
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as e:
        raise IllegalAction("G10", "bad_field", field=type(e).__name__) from None
    if type(typed) not in ACTION_CLASSES:
        raise IllegalAction("G10", "bad_field", field="type")
    return typed
