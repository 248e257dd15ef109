"""A guest's table without an engine (issue 41, point 4): ``ui.online.remote`` and ``ui.online.guest_table``.

A host (seat 0), two guests and a computer player play through ``ui.online.host.Host`` in memory
(``tests/online_table.py``). Each guest's device builds its table with ``guest_app`` from the
first view it is sent and keeps it up to date with ``guest_table.update``; its person presses the
table's controls (``ui.commands.table.handle``), decided from that table alone, and whatever the
one move path hands back to send (``Effects.send``) goes to the host as the page would send it
(``ui.online.guest.Guest.act`` / ``take_back``). At every view a guest receives, its table is
compared with a table drawn for the same seat by the host's real engine: the action bar for
every card and pair of cards, the lay-offs and swaps offered and why none, the engine's verdict
on every move the seat could ask for, whose turn it is and whether Undo is offered. No ``Game``
is made on a guest's side in the whole deal.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from online_table import Guest, Table
from rommi import Game, IllegalAction, Phase
from rommi.actions import NEXT_DEAL, Action, Buy, Discard, Draw, Layoff, Meld, Pass, Swap
from rommi.bots import make_bot
from rommi.bots.base import Bot, finish
from rommi.candidates import Check, Unchecked, by_meld
from rommi.cards import Card
from rommi.names import Source
from ui.commands.acts import Effects
from ui.commands.table import DRAWN_CARD, Act, Target, change_buy_prompt, handle
from ui.model import buyprompt
from ui.model.app import UNDOABLE, App, Seat, SeatKind, bot_seed
from ui.model.buyprompt import hint_word
from ui.model.coach import buy_words
from ui.online import guest_table
from ui.online.host import Reply
from ui.online.legal import summary
from ui.online.remote import RemoteGame, guest_app, remote_game
from ui.online.takenback import log_lines
from ui.records.stores import GAME, SETTINGS
from ui.screen import Screen
from ui.words.i18n import set_language, t
from ui.words.logtext import Words

SEEDS = (7, 31)
GUESTS = {"peer-a": ("Liisa", 1), "peer-b": ("Pekka", 3)}


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


class NoEngine:
    """While ``on``, making a ``Game`` (new, loaded, copied) fails: the guest's side has none."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.on = False
        self.made = 0
        real = Game.__init__

        def init(game: Game, *args: Any, **kwargs: Any) -> None:
            if self.on:
                raise AssertionError("a guest's device made a Game")
            self.made += 1
            real(game, *args, **kwargs)

        monkeypatch.setattr(Game, "__init__", init)

    @contextmanager
    def guest_side(self) -> Iterator[None]:
        self.on = True
        try:
            yield
        finally:
            self.on = False


@dataclass
class Device:
    """A guest's device: its screen and table (None until the first view), and its person's mind."""

    peer: str
    screen: Screen = field(default_factory=Screen)
    mind: Bot | None = None
    said: list[str] = field(default_factory=list)  # everything its live region said
    outbox: list[dict[str, Any]] = field(default_factory=list)  # Effects.send not yet sent
    compared: int = 0
    deal_over: bool = False
    turns: int = 0  # times "Your turn" was said
    drawn_focused: int = 0  # times the keyboard went to the card drawn, once the host confirmed a draw

    @property
    def app(self) -> App:
        assert self.screen.app is not None
        return self.screen.app


class OnlineTable(Table):
    """``online_table.Table`` whose guests' devices draw a table from what they are sent."""

    def __init__(self, seed: int, no_engine: NoEngine, compare: bool = True) -> None:
        super().__init__(seed)
        self.no_engine = no_engine
        self.compare = compare
        self.devices = {peer: Device(peer) for peer in GUESTS}

    def deliver(self, reply: Reply) -> Reply:
        super().deliver(reply)
        for peer, device in self.devices.items():
            got = [s.message for s in reply.sends if s.peer == peer]
            if got:
                self.on_device(device, self.guests[peer], got)
        return reply

    def on_device(self, device: Device, guest: Guest, got: list[dict[str, Any]]) -> None:
        """What the page's session does with the host's messages on a guest's device."""
        state = guest.device
        assert state is not None
        fresh = False
        with self.no_engine.guest_side():
            for m in got:
                fx: Effects | None = None
                if m["t"] == "refused" and device.screen.app is not None:
                    fx = guest_table.refused(device.screen, device.app, m["key"], m["params"])
                elif m["t"] == "undone" and device.screen.app is not None:
                    fx = guest_table.undone(device.screen, device.app, m["seat"])
                elif m["t"] in ("view", "waiting") and state.view is not None and state.lobby is not None:
                    if device.screen.app is None:
                        made = guest_app(state.view, state.legal or {}, state.lobby, state.waiting)
                        device.screen.app = made
                        device.screen.screen = "table"
                        fresh = True
                        continue
                    before = device.app.drawn_to_act()
                    legal = state.legal or {}
                    fx = guest_table.update(device.screen, device.app, state.view, legal, state.waiting)
                    fresh = fresh or m["t"] == "view"
                    # A buy offer is decided once the page painted the move (``offer``): here at once.
                    later = guest_table.offer(device.screen, device.app)
                    if later is not None:
                        assert not fx.announce or t("table.turn.you") not in fx.announce
                        self.took(device, fx)
                        fx = later
                    if fx.announce and t("table.turn.you") in fx.announce:
                        assert not before
                        device.turns += 1
                    device.deal_over = device.deal_over or fx.deal_over
                    device.drawn_focused += fx.focus == DRAWN_CARD
                    assert device.app.bot_to_act() is None  # the host's device runs them
                if fx is not None:
                    self.took(device, fx)
        if fresh and self.compare:
            self.compare_with_engine(device, guest)

    def took(self, device: Device, fx: Effects) -> None:
        if fx.announce:
            device.said.append(fx.announce)
        device.outbox += fx.send

    def flush(self) -> bool:
        """Send what a guest's table handed back to send (``Effects.send``), as the page does."""
        sent = False
        for peer, device in self.devices.items():
            state = self.guests[peer].device
            assert state is not None
            while device.outbox:
                item = device.outbox.pop(0)
                text = state.take_back() if item.get("undo") else state.act(item)
                self.now += 0.2
                self.deliver(self.host.receive(peer, text, self.now))
                sent = True
        return sent

    # --------------------------------------------------------------- people
    def press(self, device: Device, *targets: Target) -> Effects:
        with self.no_engine.guest_side():
            fx = Effects()
            for target in targets:
                fx = handle(device.screen, target)
                self.took(device, fx)
        return fx

    def person_moves(self) -> bool:
        """Each guest's person whose table says it is their turn presses a move, decided from it."""
        moved = False
        for device in self.devices.values():
            screen = device.screen
            if screen.app is None or screen.busy or not device.app.drawn_to_act():
                continue
            app = device.app
            if app.phase() in (Phase.DEAL_OVER, Phase.MATCH_OVER):
                continue
            if device.mind is None:
                device.mind = make_bot("normal", self.seed * 10 + app.drawn_for)
            action = finish(device.mind.thinking(app.view())).action
            fx = self.pressed(device, action)
            assert fx.send, f"seed {self.seed}: {action.to_json()} not sent: {screen.refusal}"
            assert screen.busy
            moved = True
            self.flush()
            if isinstance(action, Discard):  # the card drawn is no longer new, as at one device
                assert not device.app.hand.fresh, f"seed {self.seed}"
            if isinstance(action, Meld):  # laid down: the area starts afresh, as at one device
                assert device.app.area.is_empty() and not device.screen.busy, f"seed {self.seed}"
            if action.type in UNDOABLE and device.app.can_undo() and self.moves_taken_back < 6:
                self.take_back_and_again(device, action)
        return moved

    moves_taken_back = 0

    def pressed(self, device: Device, action: Action) -> Effects:
        """The controls a person presses for ``action``: a lay-down is handed to the one move path
        with its cards, as the lay-down area does; a lay-off or swap picks the card and the meld."""
        app = device.app
        said = action.to_json()
        kind = said["type"]
        if kind == "draw":
            source = Act.DRAW_STOCK if said["source"] == "stock" else Act.DRAW_DISCARD
            return self.press(device, Target(source))
        if kind in ("buy", "pass"):
            return self.press(device, Target(Act.BUY if kind == "buy" else Act.PASS))
        uids = app.hint_cards(action)
        clear = [Target(Act.CLEAR_SELECTION)] if app.selected else []
        picks = [Target(Act.CARD, uid=u) for u in uids]
        if kind == "discard":
            return self.press(device, *clear, *picks, Target(Act.DISCARD))
        if isinstance(action, (Layoff, Swap)):
            act = Target(Act.SWAP) if isinstance(action, Swap) else Target(Act.MELD, meld=action.meld)
            fx = self.press(device, *clear, *picks, act)
            chooser = device.screen.chooser
            if chooser:
                index = [o.action for o in chooser].index(action)
                fx = self.press(device, Target(Act.CHOOSE, index=index))
            return fx
        assert isinstance(action, Meld)
        return self.lay_down(device, action, uids)

    def lay_down(self, device: Device, action: Meld, uids: list[int]) -> Effects:
        """Each meld's cards into the lay-down area ("New meld"), then "Lay down"."""
        app = device.app
        presses = [Target(Act.CLEAR_SELECTION), Target(Act.AREA_CLEAR)]
        at = 0
        for group in action.melds:
            presses += [Target(Act.CARD, uid=u) for u in uids[at : at + len(group)]]
            presses.append(Target(Act.NEW_MELD))
            at += len(group)
        self.press(device, *presses)
        assert app.area.used() == set(uids), f"seed {self.seed}"
        fx = self.press(device, Target(Act.LAY_DOWN))
        self.laid_down += 1
        return fx

    laid_down = 0

    def take_back_and_again(self, device: Device, action: Action) -> None:
        """Undo the move just made (the host takes it back; the other guest is told), then make
        it again."""
        app = device.app
        other = next(d for d in self.devices.values() if d is not device)
        said = len(other.said)
        before = json.dumps(self.host_app.game.to_dict())
        fx = self.press(device, Target(Act.UNDO))
        assert fx.send == [{"undo": True}] and device.screen.busy
        self.flush()
        name = app.names[app.drawn_for]
        assert t("online.undone", name=name) in other.said[said:], f"seed {self.seed}"
        assert not device.app.can_undo() or self.host_app.game.to_dict() != json.loads(before)
        self.moves_taken_back += 1
        fx = self.pressed(device, action)
        assert fx.send, f"seed {self.seed}: {action.to_json()} not sent again: {device.screen.refusal}"
        self.flush()
        # The others' logs (the other guest's and the host's) say it was taken back, just before
        # it was made again; the log of the one who took it back shows it made once, as at one device.
        note = t("online.undone", name=name)
        for table in (other.app, self.host_app):
            lines = log_lines(table, Words().entries(table.view(), table.names))
            assert note in lines, f"seed {self.seed}"
            made = lines[lines.index(note) + 1 :]
            assert made and made[0].startswith(name), f"seed {self.seed}: {made[:1]}"
        assert note not in log_lines(app, Words().entries(app.view(), app.names))

    @property
    def host_app(self) -> App:
        app = self.host.app
        assert app is not None
        return app

    # ------------------------------------------------------------ comparing
    def compare_with_engine(self, device: Device, guest: Guest) -> None:
        """The guest's table against one drawn for its seat by the host's engine, now."""
        app, host = device.app, self.host_app
        seat = app.drawn_for
        fail = f"seed {self.seed}, seat {seat}, position {device.compared}"
        game = host.game.copy()
        seats = [Seat.here(s.name) if i == seat else Seat.elsewhere(s.name) for i, s in enumerate(host.seats)]
        ref = App(game, seats, host.seed, [bot_seed(host.seed, i) for i in range(len(seats))], drawn_for=seat)
        rg = remote_game(app)
        sent = json.loads(json.dumps(ref.view()))
        # asked at once in a buy window (or passed for, unasked, by its buy setting: ``offer``)
        asked = rg.legal["to_act"] and (game.to_act != seat or rg.passed_for)
        assert rg.sent == sent, fail
        assert sorted(c for _, c in app.hand.entries) == sorted(sent["hand"]), fail
        assert app.phase() is ref.phase(), fail
        if not asked:
            assert app.seat_to_act() == ref.seat_to_act(), fail
            assert app.drawn_to_act() == ref.drawn_to_act(), fail
        else:  # its turn to answer, unless its buy setting passed for it unasked (``offer``)
            assert game.phase is Phase.BUY and app.drawn_to_act() != rg.passed_for and not rg.held, fail
            assert not rg.passed_for or app.seat_to_act() is None, fail
        turn = self.host.turn
        assert app.can_undo() == (turn is not None and turn.seat == seat and bool(turn.moves)), fail
        # The engine's verdict on every move this seat could ask for.
        for action in asked_moves(game, seat):
            if asked and isinstance(action, (Buy, Pass)):
                continue  # asked at once: it may answer now, whatever the engine asks first
            with self.no_engine.guest_side():
                mine = rg.check(action)
            if getattr(action, "player", seat) != seat:  # another seat's move: never this device's
                assert mine is not None and mine.key == "not_your_turn", fail
                continue
            assert verdict(mine) == verdict(game.check(action)), f"{fail}: {action.to_json()}"
        # The action bar and the plays offered, for each card and each pair of cards selected.
        codes = {c: u for u, c in app.hand.entries}
        ref_uids = {c: u for u, c in ref.hand.entries}
        for chosen in selections(sorted(codes)):
            app.selected = [codes[c] for c in chosen]
            ref.selected = [ref_uids[c] for c in chosen]
            with self.no_engine.guest_side():
                seen = table_state(app)
            assert seen == table_state(ref), f"{fail}: {chosen}"
        app.selected = []
        device.compared += 1


def verdict(error: IllegalAction | None) -> Any:
    return None if error is None else (error.rule, error.key, dict(error.params))


def asked_moves(game: Game, seat: int) -> list[Action]:
    """Every move ``seat`` could ask for now, legal or not: drawing, buying, passing, the next
    deal, each card thrown (and one not held), each card laid off at each end of each meld and
    swapped for each joker, cards laid off two at a time, and some melds laid down."""
    hand = game.hand(seat)
    sight = game.sight(seat)
    out: list[Action] = [Draw(seat, s) for s in Source]
    out += [Buy(seat), Pass(seat), NEXT_DEAL, Draw((seat + 1) % game.players, Source.STOCK)]
    out += [Discard(seat, c) for c in dict.fromkeys(hand)]
    missing = next(c for c in (Card.parse(x) for x in ("2C", "KH", "7D", "AS")) if c not in hand)
    out.append(Discard(seat, missing))
    out += list(Unchecked(sight, hand))
    pairs = [(a, b) for a, b in itertools.combinations(dict.fromkeys(hand), 2)][:20]
    out += [a for a in by_meld(sight, pairs, swaps=False, check=Check.NONE) if isinstance(a, Layoff)]
    out += [Layoff(seat, len(sight.melds), (hand[0],))] if hand else []
    by_rank: dict[int, list[Card]] = {}
    for c in hand:
        by_rank.setdefault(c.rank, []).append(c)
    groups = [tuple(g[:3]) for g in by_rank.values() if len(g) >= 2]
    out += [Meld(seat, (g,)) for g in groups]
    if len(groups) >= 2:
        out.append(Meld(seat, tuple(groups[:2])))
    if len(hand) >= 3:
        out.append(Meld(seat, (tuple(hand[:3]),)))
    return out


def selections(codes: list[str]) -> list[tuple[str, ...]]:
    """No card, each card, and each pair of cards (the first 40)."""
    singles = [(c,) for c in codes]
    pairs = list(itertools.combinations(codes, 2))[:40]
    return [(), *singles, *pairs]


def table_state(app: App) -> Any:
    """What the table shows for the selected cards: the action bar, the plays offered on each
    meld, anywhere and as swaps, and why none."""
    sel = list(app.selected)
    if not sel:
        return (app.bar(),)
    melds = range(len(app.view()["melds"]))

    def options(meld: int | None = None, swap_only: bool = False) -> Any:
        return [(o.action, o.label) for o in app.options_for(sel, meld, swap_only)]

    return (
        app.bar(),
        options(),
        options(swap_only=True) if len(sel) == 1 else None,
        app.nowhere(sel),
        [(options(m), app.why_not(sel, m)) for m in melds],
    )


# -------------------------------------------------------------------- tests
def played(seed: int, no_engine: NoEngine, compare: bool = True) -> OnlineTable:
    table = OnlineTable(seed, no_engine, compare)
    for peer, (name, seat) in GUESTS.items():
        table.join(peer, name, seat)
    table.start("easy")
    return table


def play_deal(table: OnlineTable, limit: int = 3000) -> None:
    app = table.host_app
    for _ in range(limit):
        if app.phase() in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            return
        if not (table.flush() or table.person_moves() or table.host_moves()):
            raise AssertionError(f"seed {table.seed}: nobody moves, seat {app.seat_to_act()} to act")
    raise AssertionError(f"seed {table.seed}: the deal did not end")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_whole_deal_played_from_guests_tables_that_match_the_engines(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_engine = NoEngine(monkeypatch)
    table = played(seed, no_engine)
    play_deal(table)
    host = table.host_app
    guest_moves = [a for a in host.log or [] if a.get("player") in (1, 3)]
    assert len(guest_moves) > 10, f"seed {seed}: the guests hardly played"
    assert any(a["type"] in UNDOABLE for a in guest_moves), f"seed {seed}: no meld, lay-off or swap"
    assert table.moves_taken_back > 0, f"seed {seed}: no undo"
    assert table.laid_down > 0, f"seed {seed}: no guest laid down through the area"
    for device in table.devices.values():
        app = device.app
        assert app.remote and all(b is None for b in app.bots)
        kinds = [s.played_by for s in app.seats]
        assert kinds[app.drawn_for] is SeatKind.HERE
        assert kinds.count(SeatKind.HERE) == 1 and kinds.count(SeatKind.COMPUTER) == 1
        assert device.compared > 30, f"seed {seed}: compared only {device.compared} positions"
        assert device.turns > 3, f"seed {seed}: 'Your turn' said {device.turns} times"
        assert device.drawn_focused > 3, f"seed {seed}"
        # The deal's end: the score sheet opens on every guest's table; nothing is recorded there.
        assert device.deal_over and device.screen.sheet_open, f"seed {seed}"
        assert app.phase() is Phase.DEAL_OVER and app.view()["revealed"] is not None
        # The others' moves were said on each guest's table, in the log's words.
        assert any("discarded" in s for s in device.said), f"seed {seed}"


def test_a_guest_device_makes_no_game_in_a_whole_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host makes Games (its engine, its copies for undo); the guests' side never does:
    ``NoEngine`` fails the deal if it tried, and the host's count shows the patch was live."""
    no_engine = NoEngine(monkeypatch)
    table = played(SEEDS[0], no_engine, compare=False)
    play_deal(table)
    assert no_engine.made > 0
    assert all(isinstance(d.app.game, RemoteGame) for d in table.devices.values())


def test_a_move_the_host_refuses_is_said_as_at_one_device_and_the_table_waits_no_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = played(11, NoEngine(monkeypatch), compare=False)
    liisa = table.devices["peer-a"]
    app = liisa.app
    # The host's table moved on after her view was sent (as a slow link does): her click, which
    # her table allowed, reaches a host that refuses it.
    for _ in range(40):
        if table.host_app.seat_to_act() == 1 and table.host_app.phase() is Phase.DRAW:
            break
        table.flush() or table.person_moves() or table.host_moves()
    assert app.drawn_to_act() and app.phase() is Phase.DRAW
    table.flush()
    fx = table.press(liisa, Target(Act.DRAW_STOCK))
    assert fx.send == [Draw(1, Source.STOCK).to_json()] and liisa.screen.busy
    liisa.outbox.clear()
    state = table.guests["peer-a"].device
    assert state is not None
    table.deliver(table.host.receive("peer-a", state.act(Draw(1, Source.STOCK).to_json()), table.now))
    table.deliver(table.host.receive("peer-a", state.act(Draw(1, Source.STOCK).to_json()), table.now + 1))
    # The second draw is refused by the host's engine: said in the engine's words, as at one device.
    ref = table.host_app.game.check(Draw(1, Source.STOCK))
    assert ref is not None
    words = app.refusal_text(ref)
    assert liisa.screen.refusal == words
    assert t("refused", message=words) in liisa.said
    assert not liisa.screen.busy


def test_a_click_the_summary_refuses_is_said_and_not_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    table = played(12, NoEngine(monkeypatch), compare=False)
    pekka = table.devices["peer-b"]
    app = pekka.app
    assert not app.drawn_to_act()
    fx = table.press(pekka, Target(Act.DRAW_STOCK))
    assert fx.send == [] and not pekka.screen.busy
    error = table.host_app.game.check(Draw(3, Source.STOCK))
    assert error is not None and pekka.screen.refusal == app.refusal_text(error)
    assert fx.announce == t("refused", message=pekka.screen.refusal)


def test_a_second_click_while_a_move_is_on_its_way_is_not_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    table = played(13, NoEngine(monkeypatch), compare=False)
    for _ in range(40):
        if any(d.app.drawn_to_act() and d.app.phase() is Phase.DRAW for d in table.devices.values()):
            break
        table.flush() or table.host_moves()
    device = next(d for d in table.devices.values() if d.app.drawn_to_act())
    first = table.press(device, Target(Act.DRAW_STOCK))
    second = table.press(device, Target(Act.DRAW_DISCARD))
    assert len(first.send) == 1 and second.send == [] and not second.redraw
    table.flush()
    assert not device.screen.busy and device.app.phase() is not Phase.DRAW


def test_the_buy_window_says_how_many_answers_it_waits_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """A guest asked at once with others answers: every guest's table says how many answers are
    still awaited (never whose), and hers waits, busy, until the window closes."""
    table = played(7, NoEngine(monkeypatch), compare=False)
    for device in table.devices.values():  # asked about every card (the buy menu's "Always")
        assert change_buy_prompt(device.screen, "always").save == {SETTINGS}
    for _ in range(400):
        table.flush()
        asked = [d for d in table.devices.values() if d.app.phase() is Phase.BUY and d.app.drawn_to_act()]
        ready = [d for d in asked if not d.screen.busy and (remote_game(d.app).waiting or 0) >= 2]
        if ready:
            break
        table.person_moves() or table.host_moves()
    else:
        raise AssertionError("no buy window asked a guest with others")
    device = ready[0]
    other = next(d for d in table.devices.values() if d is not device)
    count = remote_game(device.app).waiting
    assert count is not None and remote_game(other.app).waiting == count
    assert guest_table.waiting_line(device.app) == t("online.waiting_answers", count=count)
    fx = table.press(device, Target(Act.PASS))
    assert fx.send == [Pass(device.app.drawn_for).to_json()]
    table.flush()
    assert remote_game(device.app).waiting == remote_game(other.app).waiting == count - 1
    expected = "online.waiting_answers.one" if count == 2 else "online.waiting_answers"
    assert guest_table.waiting_line(other.app) == t(expected, count=count - 1)
    assert device.screen.busy and device.app.phase() is Phase.BUY  # held until the window closes
    assert guest_table.waiting_line(device.app) is not None


def test_a_buy_offer_is_worked_out_after_the_move_that_opened_it_is_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The view that opens a buy window to a guest is drawn first: ``update`` asks the Hint's
    player nothing (the buy setting "when it fits" and the prompt's word do), so the move shows
    before that work; ``offer``, run once the page painted the move, works the advice out once
    per offer (the prompt's word and the coach's come from it) and shows the offer (the seat's
    turn: "Your turn. Buy ...?") or passes for it unasked (busy, a Pass sent, never shown)."""
    asked: list[Any] = []
    real_hint, real_update, real_offer = buyprompt.hint, guest_table.update, guest_table.offer
    shown = passed = 0

    def hint(view: Any) -> Any:
        asked.append(view)
        return real_hint(view)

    def update(screen: Screen, app: App, *rest: Any) -> Effects:
        before, old = len(asked), remote_game(app)
        fx = real_update(screen, app, *rest)
        assert len(asked) == before, "the Hint's player was asked before the move was drawn"
        game = remote_game(app)
        if game.held:  # nobody acts here yet; a new view's offer: busy until it is decided
            assert not app.drawn_to_act() and app.seat_to_act() is None
            assert screen.busy or game is old
        return fx

    def offer(screen: Screen, app: App) -> Effects | None:
        nonlocal shown, passed
        before = len(asked)
        fx = real_offer(screen, app)
        if fx is None:
            return None
        if remote_game(app).passed_for:
            passed += 1
            assert fx.send == [Pass(app.drawn_for).to_json()] and screen.busy and not fx.redraw
        else:
            shown += 1
            assert app.drawn_to_act() and app.phase() is Phase.BUY and not screen.busy
            assert fx.announce is not None and t("table.turn.you") in fx.announce
            hint_word(app.view())  # the prompt's word and the coach's, as the table draws them
            buy_words(screen, app)
        assert len(asked) - before <= 1, "the advice was worked out twice for one offer"
        return fx

    monkeypatch.setattr(buyprompt, "hint", hint)
    monkeypatch.setattr(guest_table, "update", update)
    monkeypatch.setattr(guest_table, "offer", offer)
    table = played(SEEDS[0], NoEngine(monkeypatch), compare=False)
    play_deal(table)
    assert shown and passed and asked, (shown, passed, len(asked))
    assert guest_table.offer(table.devices["peer-a"].screen, table.devices["peer-a"].app) is None  # decided


def test_a_pass_made_for_a_guest_that_the_host_refuses_leaves_the_offer_to_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A buy offer passed for by the guest's buy setting is never shown; if the host refuses that
    pass, the table does not wait for nothing: the offer is the guest's to answer, and shown."""
    table = played(SEEDS[0], NoEngine(monkeypatch), compare=False)
    for _ in range(400):
        passed = [d for d in table.devices.values() if d.outbox and remote_game(d.app).passed_for]
        if passed:
            break
        table.flush() or table.person_moves() or table.host_moves()
    else:
        raise AssertionError("no buy offer was passed for")
    device = passed[0]
    assert device.outbox == [Pass(device.app.drawn_for).to_json()] and device.screen.busy
    assert not device.app.drawn_to_act()
    fx = guest_table.refused(device.screen, device.app, "engine.not_buy_window", {})
    assert fx.announce and not device.screen.busy
    assert device.app.drawn_to_act() and device.app.phase() is Phase.BUY  # Buy and Pass are offered


def test_one_persons_table_is_not_remote() -> None:
    game = Game.new("contract", 4, seed=3)
    seats = [Seat.here("Ann")] + [Seat.computer(n, "easy") for n in ("A", "B", "C")]
    app = App(game, seats, 3, [bot_seed(3, i) for i in range(4)], log=[])
    assert not app.remote and all(b is not None for b in app.bots[1:])
    screen = Screen(app=app, screen="table")
    fx = handle(screen, Target(Act.DRAW_STOCK))
    assert fx.send == [] and GAME in fx.save and app.phase() is not Phase.DRAW


def test_a_remote_game_shows_only_its_own_seat() -> None:
    game = Game.new("contract", 4, seed=5)
    from ui.online.legal import summary

    rg = RemoteGame(json.loads(json.dumps(game.view(2))), summary(game, 2))
    assert rg.view(2)["seat"] == 2
    with pytest.raises(ValueError, match="not on this device"):
        rg.view(1)
    assert rg.copy() is rg and rg.players == 4 and rg.variant == "contract"
    assert rg.options == game.options


def test_guest_app_seats_come_from_the_lobby() -> None:
    game = Game.new("contract", 4, seed=5)
    from ui.online.legal import summary

    lobby = {
        "seats": [
            {"name": "Maija", "kind": "host"},
            {"name": "Liisa", "kind": "person"},
            {"name": "Eero", "kind": "computer"},
            {"name": "Pekka", "kind": "person"},
        ]
    }
    app = guest_app(json.loads(json.dumps(game.view(3))), summary(game, 3), lobby)
    assert [s.played_by for s in app.seats] == [
        SeatKind.ELSEWHERE,
        SeatKind.ELSEWHERE,
        SeatKind.COMPUTER,
        SeatKind.HERE,
    ]
    assert app.drawn_for == 3 and app.names == ["Maija", "Liisa", "Eero", "Pekka"]
    view, can = json.loads(json.dumps(game.view(3))), summary(game, 3)
    assert guest_app(view, can, lobby, buy_prompt="never").buy_prompt == "never"
    with pytest.raises(ValueError):
        guest_app(json.loads(json.dumps(game.view(3))), summary(game, 3), {"seats": lobby["seats"][:3]})


@pytest.mark.parametrize(("variant", "seed"), [("contract", 3), ("basic", 4)])
def test_a_remote_games_verdict_is_the_engines_through_a_whole_match(variant: str, seed: int) -> None:
    """Computer players play a whole match; at each position the seat to act (and the next seat)
    judge every move they could ask for from their view and summary alone, as the engine does."""
    from ui.online.legal import summary

    game = Game.new(variant, 4, seed=seed)
    bots = [make_bot("easy", seed * 10 + i) for i in range(4)]
    positions = 0
    while not game.over and positions < 5000:
        to_act = game.to_act
        if to_act is None:
            game.apply(NEXT_DEAL)
            continue
        for seat in (to_act, (to_act + 1) % 4):
            rg = RemoteGame(json.loads(json.dumps(game.view(seat))), summary(game, seat))
            for action in asked_moves(game, seat):
                if getattr(action, "player", seat) == seat:
                    want = verdict(game.check(action))
                    assert verdict(rg.check(action)) == want, f"seed {seed}: {action.to_json()}"
        game.apply(finish(bots[to_act].thinking(game.view(to_act))).action)
        positions += 1
    assert game.over, f"seed {seed}: the match did not end"


def test_a_guest_deals_the_next_deal_and_every_table_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    table = played(SEEDS[1], NoEngine(monkeypatch), compare=False)
    play_deal(table)
    liisa, pekka = table.devices["peer-a"], table.devices["peer-b"]
    assert liisa.screen.sheet_open and pekka.screen.sheet_open
    old_hand = sorted(c for _, c in pekka.app.hand.entries)
    fx = table.press(liisa, Target(Act.NEXT_DEAL))
    assert fx.send == [NEXT_DEAL.to_json()] and not liisa.screen.sheet_open
    table.flush()
    host = table.host_app
    assert host.view()["deal"] == 2 and host.phase() is Phase.DRAW
    for device in (liisa, pekka):
        app = device.app
        assert app.view()["deal"] == 2 and not device.screen.busy
        assert not device.screen.sheet_open  # Pekka's sheet closes too: the new deal is on
        assert sorted(c for _, c in app.hand.entries) == sorted(host.game.view(app.drawn_for)["hand"])
    assert sorted(c for _, c in pekka.app.hand.entries) != old_hand


def test_a_guest_who_throws_one_of_two_cards_alike_keeps_the_other_unselected() -> None:
    """The copy thrown leaves the hand, not the right-most one: the other stays where it was and
    is not selected (it was not: a guest's next card pressed made two selected, and the action
    bar's "Discard 5♣" never came)."""
    for seed in range(1, 60):  # the first deal whose player to act holds two cards alike to throw
        game = Game.new("contract", 4, seed=seed)
        seat = game.to_act
        assert seat is not None
        game.apply(Draw(seat, Source.DISCARD))
        hand = [str(c) for c in game.hand(seat)]
        alike = [c for c in dict.fromkeys(hand) if hand.count(c) == 2]
        twice = [c for c in alike if game.can(Discard(seat, Card.parse(c)))]
        if game.phase is Phase.PLAY and twice:
            break
    else:
        raise AssertionError("no deal with two cards alike to throw")
    code = twice[0]
    lobby = {"seats": [{"name": f"P{i}", "kind": "person" if i == seat else "computer"} for i in range(4)]}
    app = guest_app(json.loads(json.dumps(game.view(seat))), summary(game, seat), lobby)
    screen = Screen(app=app, screen="table")
    first, other = [u for u, c in app.hand.entries if c == code]
    place = app.hand.uids().index(other)
    handle(screen, Target(Act.CARD, uid=first))
    thrown = Discard(seat, Card.parse(code))
    assert handle(screen, Target(Act.DISCARD)).send == [thrown.to_json()], f"seed {seed}"
    game.apply(thrown)
    guest_table.update(screen, app, json.loads(json.dumps(game.view(seat))), summary(game, seat), None)
    assert app.selected == [], f"seed {seed}"
    assert [u for u, c in app.hand.entries if c == code] == [other], f"seed {seed}"
    assert app.hand.uids().index(other) == place - 1, f"seed {seed}"  # where it was, one card fewer before it
    handle(screen, Target(Act.CARD, uid=other))
    assert app.selected == [other], f"seed {seed}"  # one card: "Discard Q♠" is offered
