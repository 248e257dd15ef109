"""The table's controller: seats, computer players, your moves, saves (pure Python, no DOM).

``App`` holds one match: the engine's ``Game``, who sits where (each ``Seat`` played
by a person here, a computer player with its level and seed, or a person elsewhere),
the seat the table is drawn for (``drawn_for``: whoever "you" are now), and the table's
own state that the engine does not know: the order of your hand and the
lay-down area. The page (``main.py``, ``browser.render.screens``) only shows ``App`` and
turns clicks into calls of its methods; every rule is the engine's: a move goes
through ``Game.apply`` and a refusal (``IllegalAction``) comes back unchanged.

Saves are versioned JSON (``to_save`` / ``from_save``); a save that cannot be
read raises ``Refused`` with a message key for the page.
"""

from __future__ import annotations

import enum
import re
import secrets
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rommi import Game, IllegalAction, Phase, Refused, candidates
from rommi.actions import (
    ACTION_CLASSES,
    NEXT_DEAL,
    Action,
    Buy,
    Discard,
    Draw,
    Layoff,
    Meld,
    Pass,
    Swap,
    from_json,
)
from rommi.bots import LEVELS, hint, make_bot
from rommi.bots.base import Bot, Decision, finish
from rommi.candidates import Check, Sight
from rommi.cards import Card
from rommi.names import ActionType, Source
from rommi.options import CONTRACT
from rommi.replay import MAX_ACTIONS, MatchRecord, Replay, house_rules
from rommi.replay import MAX_SEED as RECORD_MAX_SEED
from rommi.views import MeldView, SeatView
from ui.model.buyprompt import asks
from ui.model.contract_help import remember_rule
from ui.model.hand import HandOrder
from ui.model.laydown import LayDown
from ui.model.settings import BUY_PROMPTS, DEFAULT_BUY_PROMPT, Settings, engine_options
from ui.records.stores import GAME, LEDGER
from ui.words import i18n
from ui.words.i18n import card_text, cards_text, refusal, t
from ui.words.logtext import owned_words, view_meld_words
from ui.words.text_en import BOT_NAMES

# Seats' kinds (``played_by``) and ``drawn_for`` came into version 1 as optional keys: a save
# without them (release 4deab09 and before) reads as it always did (``saved_seats``), and an
# older release reads a one-person save of today, so no version was spent on them.
# How large a seed may be, by where it comes from (the seed fixes every card of the match, G9):
# the address's ``?seed=N`` (ui.model.query) is typed by hand for puzzles and tests, and today's deal
# (ui.records.daily) is the same for everyone, so both are public and short; a new game's seed must be
# too large to guess, since the cards of a game you play are yours alone. A stored game or a
# link may hold any of them (``rommi.replay.MAX_SEED`` bounds those).
ADDRESS_MAX_SEED = 999_999
DAILY_MAX_SEED = 999_999
# A new game's seed: 52 bits from the system's secure randomness, each one a whole number that a
# JavaScript number holds exactly (the page posts the seed to an embedding page at the match's end).
NEW_SEED_LOW, NEW_SEED_HIGH = 2**52, 2**53
SALT_HEX = 32  # the commitment's salt: 128 random bits, as hex (``ui.model.outbox.seed_hash``)
_SALT = re.compile(r"[0-9a-f]{32}")


class SeatKind(enum.StrEnum):
    """Who plays a seat: a person at this device, a computer player, or a person on another
    device (a later issue). Two people at one device are two ``HERE`` seats, not a new path:
    the table asks which seat it is drawn for (``App.drawn_for``) wherever it means "you"."""

    HERE = "here"
    COMPUTER = "computer"
    ELSEWHERE = "elsewhere"


@dataclass(frozen=True)
class Seat:
    """A seat at the table: its name, who plays it, and a computer player's level (else None)."""

    name: str
    level: str | None  # the computer player's level; None for a person
    played_by: SeatKind = SeatKind.COMPUTER

    def __post_init__(self) -> None:
        if (self.played_by == SeatKind.COMPUTER) != (self.level is not None):
            raise ValueError(f"seat {self.name!r}: a level is for computer players only")
        if self.level is not None and self.level not in LEVELS:
            raise ValueError(f"seat {self.name!r}: no level {self.level!r}")

    @classmethod
    def here(cls, name: str) -> Seat:
        """A seat played by a person at this device."""
        return cls(name, None, SeatKind.HERE)

    @classmethod
    def computer(cls, name: str, level: str) -> Seat:
        return cls(name, level, SeatKind.COMPUTER)

    @classmethod
    def elsewhere(cls, name: str) -> Seat:
        """A seat played by a person on another device (its moves arrive from there)."""
        return cls(name, None, SeatKind.ELSEWHERE)

    @property
    def person(self) -> bool:
        """Played by a person, here or elsewhere: its records show no computer level."""
        return self.played_by != SeatKind.COMPUTER


def settings_seats(settings: Settings, players: int) -> list[Seat]:
    """The seats the settings choose: you at seat 0, then at each seat a friend at this device or
    the computer player whose name goes with that seat (``BOT_NAMES[seat - 1]``, whoever else sits).

    With friends at the table its names are unique, compared without case, since the cover,
    the log, the scores and each person's statistics tell the players apart by name: a clash is
    ``Refused("setup.name_taken", name)``, naming a person's name (a person can change it; a
    computer player's goes with its seat). Alone, you may share a computer player's name, as
    before friends could sit down.
    """
    levels = settings.opponent_levels(players)
    here = settings.here_seats(players)
    seats = [Seat.here(settings.display_name())]
    for seat in range(1, players):
        if seat in here:
            seats.append(Seat.here(settings.friend_name(seat)))
        else:
            seats.append(Seat.computer(BOT_NAMES[seat - 1], levels[seat - 1]))
    if not here:
        return seats
    first: dict[str, Seat] = {}
    for s in seats:
        earlier = first.setdefault(s.name.casefold(), s)
        if earlier is not s:
            raise Refused("setup.name_taken", (s if s.person else earlier).name)
    return seats


@dataclass(frozen=True)
class Option:
    """One way to play the selected cards on a meld, for the player to choose."""

    action: Layoff | Swap
    label: str


@dataclass(frozen=True)
class Bar:
    """What the action bar's buttons would do now, as the engine's ``check`` says.

    ``discard``, ``lay_off`` and ``swap``: ``None`` when the engine would
    accept the move with the selected cards, else the reason it would refuse
    it, in words. Such a button is drawn unavailable (``aria-disabled``) with
    the reason as its description, and pressing it still shows the reason.
    ``swap_shown``: the game has jokers at all.
    """

    discard: str | None
    lay_off: str | None
    swap: str | None
    swap_shown: bool


SORTS = ("suit", "rank")  # the hand's sorts (``HandOrder.sort``)
UNDOABLE = frozenset({ActionType.MELD, ActionType.LAYOFF, ActionType.SWAP})

# The refusals that only say the cards do not fit that meld; any other refusal says why
# no meld can take them now (before the contract, in deal 7, before drawing ...).
_FIT_KEYS = frozenset(
    {"layoff_no_fit", "layoff_which_end", "swap_no_joker", "swap_joker_card", "set_has_no_end"}
)


def bot_seed(seed: int, seat: int) -> int:
    return (seed * 7919 + seat * 104729) % 2_147_483_647


class App:
    """One match at the table, drawn for one seat played here (``drawn_for``).

    ``remote``: a guest's table at an online match (``ui.online.remote``): ``game`` is the host's
    view of this seat (a ``RemoteGame``, no engine), its moves go to the host (``ui.play.play``),
    and this device runs no computer player."""

    # At an online table: the moves the others took back this match, as (deal, the history's
    # event number it had, seat), for the log to say so (``ui.online.takenback``).
    taken_back: tuple[tuple[int, int, int], ...] = ()

    def __init__(
        self,
        game: Game,
        seats: list[Seat],
        seed: int,
        bot_seeds: list[int],
        hand: HandOrder | None = None,
        area: LayDown | None = None,
        recorded: bool = False,
        sort_mode: str | None = None,
        hand_deal: int | None = None,
        log: list[dict[str, Any]] | None = None,
        drawn_for: int | None = None,
        remote: bool = False,
    ) -> None:
        self.game, self.remote, self.seats, self.seed, self.bot_seeds = game, remote, seats, seed, bot_seeds
        self.bots: list[Bot | None] = [
            None if remote or s.level is None else make_bot(s.level, bot_seeds[i])
            for i, s in enumerate(seats)
        ]
        # The seat whose view the table is drawn for: its hand, its "you" in the log, its hints,
        # buy prompts, undo and statistics. One of the seats played here (the first by default);
        # a table with no person here (computer players only) is drawn for seat 0.
        here = self.people_here()
        self.drawn_for = _drawn_seat(drawn_for, here, len(seats))
        # The other people's hand order and lay-down area while the table is drawn for another
        # seat (``draw_for``): each person keeps their own arrangement between turns.
        self._tables: dict[int, tuple[HandOrder, LayDown, int | None]] = {}
        self.hand, self.area, self.recorded = hand or HandOrder(), area or LayDown(), recorded
        # Each person's hand sort ("suit", "rank"; none: as dealt) and buy setting (``settings.BUY_PROMPTS``):
        # ``sort_mode`` and ``buy_prompt`` are the drawn seat's. The owner's buy setting is the
        # settings' (``owner``); a friend's starts at the default and is kept in the save.
        self.sort_modes: dict[int, str] = {}
        self.sort_mode = sort_mode
        self.buy_prompts: dict[int, str] = dict.fromkeys(here, DEFAULT_BUY_PROMPT)
        self._auto: tuple[SeatView, int, str, bool] | None = None  # auto_pass_seat's last answer
        self.hand_deal = hand_deal
        # Every action of the match in order (G9: with the seed and options it is the match), for
        # replays, links and statistics; None when unknown (a save made before it was kept).
        self.log = log
        self.daily: str | None = None  # the date, when this is that day's deal of the day (ui.records.daily)
        # A shared match whose cards you play (``ui.records.replayview.play_the_same``): the deal you took
        # it up at. The match before that deal was not yours, so it counts in neither the ledger
        # nor the statistics (``record_match``).
        self.shared_from: int | None = None
        # At an online table (the host's): when a computer stood in for an away person, as
        # ``ui.online.host.Host.stood_in`` keeps it (seat, level, from and to which action of the
        # log); carried by ``record`` into replays and links.
        self.stood_in: list[dict[str, Any]] = []
        # The secret that salts the seed's commitment in ``game-started`` (``ui.model.outbox``), told with
        # the seed when the match ends; "" for a game saved before the commitment was salted.
        self.salt = secrets.token_hex(SALT_HEX // 2)
        self.selected: list[int] = []
        self.refusal_rules: dict[str, str] = {}  # a refusal's words -> its rule, for the page's link
        self._view: SeatView | None = None
        self._bar: tuple[SeatView, tuple[Any, ...], Bar] | None = None  # App.bar's last answer
        # Undo within your turn: the game as your play began (after your draw), and your moves since.
        self.turn_start: Game | None = None
        self.turn_moves: list[dict[str, Any]] = []  # their JSON
        self.sync(mark_new=False)

    # ------------------------------------------------------------------ making
    @classmethod
    def new_match(cls, settings: Settings, seed: int) -> App:
        """A new match as the settings say; ``ValueError`` if the house rules do not work together,
        ``Refused("setup.name_taken", name)`` if two seats would share a name (before any game is made)."""
        variant = settings.variant
        players = settings.players_for(variant)
        seats = settings_seats(settings, players)
        game = Game.new(variant, players, seed=seed, options=engine_options(settings, variant, players))
        app = cls(game, seats, seed, [bot_seed(seed, i) for i in range(players)], log=[])
        app.buy_prompt = settings.buy_prompt
        return app

    # ------------------------------------------------------------- per person
    @property
    def owner(self) -> int:
        """The device's owner: the first seat played here (seat 0 of a new match), whose buy
        setting, statistics and deal of the day are the settings' and the device's own."""
        here = self.people_here()
        return here[0] if here else self.drawn_for

    @property
    def buy_prompt(self) -> str:
        """The drawn person's buy setting (``settings.BUY_PROMPTS``)."""
        return self.buy_prompts.get(self.drawn_for, DEFAULT_BUY_PROMPT)

    @buy_prompt.setter
    def buy_prompt(self, value: str) -> None:
        self.buy_prompts[self.drawn_for] = value

    @property
    def sort_mode(self) -> str | None:
        """How the drawn person sorts their hand at each new deal ("suit", "rank"), or None."""
        return self.sort_modes.get(self.drawn_for)

    @sort_mode.setter
    def sort_mode(self, value: str | None) -> None:
        if value is None:
            self.sort_modes.pop(self.drawn_for, None)
        else:
            self.sort_modes[self.drawn_for] = value

    # ----------------------------------------------------------------- reading
    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def view(self) -> SeatView:
        """The view of the seat drawn for, worked out once per position: the same typed dict
        (``rommi.views.SeatView``) the engine gives the computer players, so the table's many
        readers are checked by its keys."""
        if self._view is None:
            self._view = self.game.view(self.drawn_for)
        return self._view

    @property
    def ace_high(self) -> bool:
        return bool(self.view()["options"].get("ace_high"))

    def code(self, uid: int) -> str:
        found = self.hand.code(uid)
        if found is None:
            raise KeyError(uid)
        return found

    def in_hand_row(self) -> list[tuple[int, str]]:
        """Your cards that are not in the lay-down area, in your order."""
        used = self.area.used()
        return [(u, c) for u, c in self.hand.entries if u not in used]

    def phase(self) -> Phase:
        """Where play stands, as the engine names it (compare with ``Phase`` members)."""
        return self.game.phase

    def others(self) -> list[int]:
        """The seats other than the one drawn for, round the table from the next after it."""
        n = len(self.seats)
        return [(self.drawn_for + k) % n for k in range(1, n)]

    def people_here(self) -> list[int]:
        """The seats played by people at this device, in seat order."""
        return [i for i, s in enumerate(self.seats) if s.played_by == SeatKind.HERE]

    def seat_to_act(self) -> int | None:
        """The seat that must act now (None between deals and once the match is over)."""
        return self.game.to_act

    def here_to_act(self) -> bool:
        """A seat played at this device must act now: the computer players wait for a person."""
        seat = self.game.to_act
        return seat is not None and self.seats[seat].played_by == SeatKind.HERE

    def drawn_to_act(self) -> bool:
        """The seat the table is drawn for must act now: "your turn" on this table."""
        return self.here_to_act() and self.game.to_act == self.drawn_for

    def bot_to_act(self) -> int | None:
        """The seat of the computer player that must act now, if any."""
        seat = self.game.to_act
        if seat is None or self.remote or self.seats[seat].played_by != SeatKind.COMPUTER:
            return None  # at a guest's table the host's device runs them
        return seat

    def draw_for(self, seat: int) -> None:
        """Draw the table for ``seat``, a seat played here: its view, and its own hand order and
        lay-down area (kept while the table was drawn for someone else)."""
        if seat not in self.people_here():
            raise ValueError(f"seat {seat} is not played at this device")
        if seat == self.drawn_for:
            return
        self._tables[self.drawn_for] = (self.hand, self.area, self.hand_deal)
        fresh = (HandOrder(next_uid=self.hand.next_uid), LayDown(), None)
        self.hand, self.area, self.hand_deal = self._tables.pop(seat, fresh)
        self.drawn_for = seat
        self.selected, self.turn_start, self.turn_moves = [], None, []
        self.sync(mark_new=False)

    def must_auto_pass(self) -> bool:
        """You are offered a buy, but the card is the one you threw, or your buy setting says
        not to ask about this card (never, or only when it fits: ``ui.model.buyprompt``)."""
        return self.drawn_to_act() and self.auto_pass_seat() == self.drawn_for

    def auto_pass_seat(self) -> int | None:
        """The person here offered a buy now who is passed for without being called: the card
        is their own discard, or their own buy setting says not to ask about it. Whoever the
        table is drawn for: a friend with "never" is passed for under the cover, never named.
        Worked out once per position and setting (``asks`` may consult the hard player)."""
        seat = self.game.to_act
        if seat is None or self.phase() is not Phase.BUY or self.seats[seat].played_by != SeatKind.HERE:
            return None
        view, choice = self.view(), self.buy_prompts.get(seat, DEFAULT_BUY_PROMPT)
        if self._auto is None or self._auto[0] is not view or self._auto[1:3] != (seat, choice):
            seen = view if seat == self.drawn_for else self.game.view(seat)
            passes = self._last_discarder() == seat or not asks(choice, seen)
            self._auto = (view, seat, choice, passes)
        return seat if self._auto[3] else None

    def own_discard_offered(self) -> bool:
        """The card offered for buying is the one you just threw: the rules let you buy it back
        (C6 asks the thrower last), but nobody wants the question, so the table passes for you."""
        return self._last_discarder() == self.drawn_for

    def _last_discarder(self) -> int | None:
        """Who threw the last discard (the history is public: every seat's view tells the same)."""
        for event in reversed(self.view()["history"]):
            if event["type"] == "discard":
                return int(event["player"])
        return None

    def meld_name(self, mid: int) -> str:
        for m in self.view()["melds"]:
            if m["id"] == mid:
                return view_meld_words(m, self.names, self.drawn_for)
        return t("meld.set", owner="?", rank="?")

    def seat_name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.seats) else str(seat)

    def refusal_text(self, error: IllegalAction) -> str:
        if error.key.startswith("online."):  # the host's own refusal at a guest's table (``ui.online``)
            return t(error.key, **error.params)
        text = refusal(error.key, error.params, self.meld_name, self.seat_name)
        remember_rule(self.refusal_rules, text, error.rule)  # linked beside it (``ui.model.contract_help``)
        return text

    def summary(self) -> str:
        """``Sitoumusrommi, deal 3 of 7``: the game in progress in a few words."""
        v = self.view()
        game = t("setup.variant." + v["variant"])
        return t("summary." + v["variant"], game=game, deal=v["deal"], deals=v["deals"])

    # ------------------------------------------------------------------ syncing
    def sync(self, mark_new: bool = True) -> None:
        """Bring the hand order and the lay-down area up to date with the engine."""
        self._view = None
        v = self.view()
        if self.remote or not (self.drawn_to_act() and v["phase"] == Phase.PLAY):
            self.turn_start, self.turn_moves = None, []  # a guest's undo is the host's
        elif self.turn_start is None:
            self.turn_start, self.turn_moves = self.game.copy(), []
        if self.hand_deal != v["deal"]:
            # A new deal: a new hand, in your favourite order.
            self.hand = HandOrder(next_uid=self.hand.next_uid)
            self.hand.reconcile(v["hand"], mark_new=False)
            if self.sort_mode:
                self.hand.sort(self.sort_mode, self.ace_high)
            self.hand_deal = v["deal"]
            self.area = LayDown()
            self.selected = []
        else:
            self.hand.reconcile(v["hand"], mark_new=mark_new)
        self.area.set_basis(v)
        held = set(self.hand.uids())
        self.area.prune(held)
        self.selected = [u for u in self.selected if u in held and u not in self.area.used()]

    # ----------------------------------------------------------------- playing
    def apply(self, given: Action | dict[str, Any], uids: Iterable[int] = ()) -> IllegalAction | None:
        """A move of any seat through the engine (``ui.play`` calls it for every move, whoever
        makes it; ``uids``: the cards of your hand it plays): None when done, else the refusal
        (nothing changed). The log and the undo list keep the move's JSON (``to_json``): they are saved."""
        try:
            action = given if type(given) in ACTION_CLASSES else from_json(given)
            self.game.apply(action)  # type: ignore[arg-type]
        except IllegalAction as e:
            return e
        kind, move = action.type, action.to_json()  # type: ignore[union-attr]
        self._logged(move)
        self.hand.remove(uids)
        if isinstance(action, Discard) and action.player == self.drawn_for:
            self.hand.fresh = set()  # the card you drew is no longer new
        elif kind in UNDOABLE and self.turn_start is not None:
            self.turn_moves.append(move)
        self.sync()
        return None

    # -------------------------------------------------------------------- undo
    def can_undo(self) -> bool:
        """Whether a meld, lay-off or swap of this turn can be taken back (until you discard); at a
        guest's table, as the host says (its legal-moves summary's ``undo``)."""
        if self.remote:  # the game is a ``ui.online.remote.RemoteGame``
            return bool(getattr(self.game, "legal", {}).get("undo"))
        return bool(self.turn_moves) and self.turn_start is not None

    def undo(self) -> bool:
        """Take back your last meld, lay-off or swap of this turn.

        Nobody else acts between your draw and your discard, so the game is
        played again from the start of your turn without that move: it leaves
        no trace in any seat's view, in the history or in the save.
        """
        if self.turn_start is None or not self.turn_moves:
            return False
        moves = self.turn_moves[:-1]
        if self.log is not None:
            # Nobody acts between your draw and your discard, so the move taken back is the last logged.
            self.log = self.log[:-1] if self.log and self.log[-1] == self.turn_moves[-1] else None
        game = self.turn_start.copy()
        for action in moves:
            game.apply(action)
        start = self.turn_start
        self.game = game
        self.selected = []
        self.sync(mark_new=False)
        self.turn_start, self.turn_moves = start, moves
        return True

    def check(self, action: Action | dict[str, Any]) -> IllegalAction | None:
        """The engine's verdict on ``action`` without doing it (``Game.check``)."""
        return self.game.check(action)

    def draw(self, source: Source) -> IllegalAction | None:
        return self.apply(Draw(self.drawn_for, Source(source)))

    def buy(self) -> IllegalAction | None:
        return self.apply(Buy(self.drawn_for))

    def pass_buy(self) -> IllegalAction | None:
        return self.apply(Pass(self.drawn_for))

    def discard(self, uid: int) -> IllegalAction | None:
        return self.apply(Discard(self.drawn_for, Card.parse(self.code(uid))), [uid])

    def next_deal(self) -> IllegalAction | None:
        return self.apply(NEXT_DEAL)

    def lay_down_action(self) -> Action | None:
        return self.area.action(self.drawn_for, self.code, self.ace_high)

    def lay_down(self) -> IllegalAction | None:
        action = self.lay_down_action()
        if action is None:
            return IllegalAction("G3", "meld_too_short", cards="", count=0)
        uids = list(self.area.used())
        error = self.apply(action, uids)
        if error is None:
            self.laid_down()
        return error

    def laid_down(self) -> None:
        """After the area's melds were laid down (``lay_down_action``): the area starts afresh."""
        self.area.clear()
        self.area.basis = []
        self.sync(mark_new=False)

    def bot_step(self) -> tuple[int, Action]:
        """Let the computer player whose turn it is make one move; returns (seat, action)."""
        seat, thinking = self.bot_thinking()
        return seat, self.bot_move(seat, finish(thinking).action)

    def bot_thinking(self) -> tuple[int, Generator[None, None, Decision]]:
        """The computer player whose turn it is, and its decision as a computation that may pause
        (``Bot.thinking``): the browser runs it in slices between its other tasks."""
        seat = self.bot_to_act()
        bot = None if seat is None else self.bots[seat]
        if seat is None or bot is None:
            raise RuntimeError("no computer player acts now")
        return seat, bot.thinking(self.game.view(seat))

    def bot_move(self, seat: int, action: Action) -> Action:
        """Play the move computer player ``seat`` decided (``bot_thinking``), unless the game moved on."""
        if self.bot_to_act() != seat:
            raise RuntimeError(f"computer player {seat} does not act now")
        error = self.apply(action)
        if error is not None:  # a bot's action is legal by construction: a refusal here is a bug
            raise error
        return action

    def _logged(self, action: dict[str, Any]) -> None:
        if self.log is not None:
            self.log.append(action)

    def record(self) -> MatchRecord | None:
        """The match so far as a replayable record (``rommi.replay``), or None when its log is unknown."""
        if self.log is None:
            return None
        standing = {r["seat"] for r in self.stood_in if r["to"] is None}  # a person's seat, for now
        levels = tuple(None if i in standing else s.level for i, s in enumerate(self.seats))
        g = self.game
        stood_in = tuple((r["seat"], r["level"], r["from"], r["to"]) for r in self.stood_in)
        return MatchRecord(
            g.variant,
            g.players,
            house_rules(g),
            self.seed,
            tuple(self.log),
            levels,
            tuple(self.bot_seeds),
            stood_in,
        )

    def auto_pass(self) -> None:
        self.pass_buy()

    # --------------------------------------------------- lay-offs and swaps
    def options_for(self, uids: list[int], meld: int | None = None, swap_only: bool = False) -> list[Option]:
        """Every way the engine accepts to play the selected cards on the table's melds.

        ``meld`` limits the search to one meld. The candidates come from the engine's one
        generator (``rommi.candidates``), read from the seat's view as a device without an
        engine would: meld by meld, a lay-off at each end the cards fit, then a joker swap.
        Each is put to the engine's ``check``, so nothing here decides what is legal.
        """
        if not uids:
            return []
        v = self.view()
        if meld is not None and not any(m["id"] == meld for m in v["melds"]):
            return []
        cards = [Card.parse(self.code(u)) for u in uids]
        plays = candidates.by_meld(Sight.of_view(v), [cards], meld=meld, layoffs=not swap_only)
        return [Option(a, self._option_label(v["melds"][a.meld], a)) for a in plays if self.game.can(a)]

    def _option_label(self, m: MeldView, action: Layoff | Swap) -> str:
        """How the chooser names a play: "Lay off on your set of sevens", "... at the 9♠ end"."""
        words, yours = owned_words(m, self.names, self.drawn_for)  # "Lay off on your set of sevens"
        if isinstance(action, Swap):
            return t("choose.swap" + yours, meld=words)
        if action.end is None:
            return t("choose.layoff" + yours, meld=words)
        end = action.end.value
        at = m["cards"][0] if end == "low" else m["cards"][-1]
        stands = m["stands_for"][0] if end == "low" else m["stands_for"][-1]
        shown = card_text(stands) if len(stands) == 2 else card_text(at)
        return t("choose.layoff.end" + yours, meld=words, end=t("choose.end." + end, card=shown))

    def bar(self) -> Bar:
        """The action bar's state for the selected cards (the engine decides, ``Game.check``),
        worked out once per position, selection and language (every redraw asks for it)."""
        view, key = self.view(), (tuple(self.selected), i18n.language)
        if self._bar is None or self._bar[0] is not view or self._bar[1] != key:
            self._bar = (view, key, self._bar_now())
        return self._bar[2]

    def _bar_now(self) -> Bar:
        sel = self.selected
        jokers = self.game.options.jokers > 0
        if not sel:
            nothing = t("prompt.select")
            return Bar(nothing, nothing, nothing, swap_shown=jokers)
        discard: str | None = t("act.discard.one")
        swap: str | None = t("choose.one_card")
        if len(sel) == 1:
            error = self.check(Discard(self.drawn_for, Card.parse(self.code(sel[0]))))
            discard = None if error is None else self.refusal_text(error)
            swap = None if self.options_for(sel, swap_only=True) else self.nowhere(sel, swap_only=True)
        lay_off = None if self.options_for(sel) else self.nowhere(sel)
        return Bar(discard, lay_off, swap, swap_shown=jokers)

    def nowhere(self, uids: list[int], swap_only: bool = False) -> str:
        """Why no meld on the table takes the selected cards, in the engine's own words
        when it refuses the move itself (not yet laid down, deal 7, not drawn yet)."""
        sight = Sight.of_view(self.view())
        cards = [Card.parse(self.code(u)) for u in uids]
        ordered = candidates.in_run_order(cards, sight.ace_high)
        for m in range(len(sight.melds)):
            error = self.check(candidates.asked(sight, m, cards if swap_only else ordered, swap=swap_only))
            if error is not None and error.key not in _FIT_KEYS:
                return self.refusal_text(error)
        key = "choose.nowhere.swap" if swap_only else "choose.nowhere.layoff"
        return t(key, card=card_text(str(cards[0])), cards=cards_text([str(c) for c in cards]))

    def why_not(self, uids: list[int], meld: int, swap: bool = False) -> str:
        """The engine's refusal of laying the cards off on ``meld`` (or swapping), in words."""
        sight = Sight.of_view(self.view())
        cards = [Card.parse(self.code(u)) for u in uids]
        error = self.check(candidates.asked(sight, meld, cards, swap=swap))
        if error is None or error.key == "layoff_which_end":
            for action in candidates.layoffs_onto(sight, meld, cards, Check.NONE):
                e = self.check(action)
                if e is not None and e.key != "layoff_no_fit":
                    return self.refusal_text(e)
            return t("choose.nowhere.layoff", cards=cards_text([str(c) for c in cards]))
        return self.refusal_text(error)

    # ---------------------------------------------------------------- hints
    def hint(self) -> dict[str, Any] | None:
        """The suggested move and its reason (the bots' ``hint``), or None when you do not act now."""
        if not self.drawn_to_act():
            return None
        return hint(self.view())

    def deeper_hint(self) -> Generator[None, None, Decision] | None:
        """A stronger hint: the expert's decision for your seat (``Bot.thinking``, which may
        pause: the browser runs it in slices), or None when you do not act now."""
        if not self.drawn_to_act():
            return None
        return make_bot("expert", bot_seed(self.seed, self.drawn_for)).thinking(self.view())

    def hint_cards(self, action: Action) -> list[int]:
        """The uids of your cards the suggested move uses (to mark them)."""
        codes: list[str] = []
        if isinstance(action, Meld):
            codes = [str(c) for m in action.melds for c in m]
        elif isinstance(action, Layoff):
            codes = [str(c) for c in action.cards]
        elif isinstance(action, (Swap, Discard)):
            codes = [str(action.card)]
        out: list[int] = []
        pool = list(self.hand.entries)
        for c in codes:
            for i, (u, code) in enumerate(pool):
                if code == c:
                    out.append(u)
                    del pool[i]
                    break
        return out

    # --------------------------------------------------------------- ledger
    def record_match(self, ledger: dict[str, Any]) -> dict[str, Any]:
        """The ledger with this match added, once, when it is over (C16); else unchanged."""
        v = self.view()
        if not v["over"] or self.recorded or self.shared_from is not None:
            return ledger
        out = clean_ledger(ledger)
        for seat, amount in enumerate(v["ledger"]):
            name = self.names[seat]
            now = Fraction(out["balance"].get(name, "0")) + Fraction(amount)
            out["balance"][name] = _frac(now)
        for seat in v["winners"]:
            name = self.names[seat]
            out["wins"][name] = out["wins"].get(name, 0) + 1
        out["games"] += 1
        self.recorded = True
        return out

    # ---------------------------------------------------------------- saving
    def to_save(self) -> dict[str, Any]:
        """The match as JSON. ``ui`` holds the drawn seat's hand order and area only: another
        person's arrangement (``draw_for``) is rebuilt from their hand after a reload; with several
        people here, each one's buy setting and sort are kept too (``buy_prompts``, ``sorts``)."""
        data: dict[str, Any] = {
            "version": GAME.version,
            "game": self.game.to_dict(),
            "seats": [{"name": s.name, "level": s.level, "played_by": s.played_by.value} for s in self.seats],
            "drawn_for": self.drawn_for,
            "seed": self.seed,
            "bot_seeds": list(self.bot_seeds),
            "recorded": self.recorded,
            "log": self.log,
            "daily": self.daily,
            "shared_from": self.shared_from,
            "salt": self.salt,
            "ui": {
                "hand": self.hand.to_dict(),
                "area": self.area.to_dict(),
                "sort": self.sort_mode,
                "hand_deal": self.hand_deal,
                "selected": list(self.selected),
                "undo": None
                if self.turn_start is None
                else {"start": self.turn_start.to_dict(), "moves": list(self.turn_moves)},
            },
        }
        if len(self.people_here()) > 1:  # a save of one person's table is as it always was
            data["ui"]["buy_prompts"] = {str(k): v for k, v in sorted(self.buy_prompts.items())}
            data["ui"]["sorts"] = {str(k): v for k, v in sorted(self.sort_modes.items())}
        return data

    @classmethod
    def from_save(cls, data: Any) -> App:
        """The match in a save; ``Refused`` when it is corrupt or of another version."""
        if not isinstance(data, dict):
            raise Refused("setup.save_corrupt", "not an object")
        version = data.get("version")
        if type(version) is not int:
            raise Refused("setup.save_corrupt", "no version")
        if version != GAME.version:
            raise Refused(
                "setup.save_outdated", f"version {version}, this Rommi reads version {GAME.version}"
            )
        try:
            game = Game.from_dict(data.get("game"))
        except ValueError as e:
            text = str(e)
            key = "setup.save_outdated" if text.startswith("save version") else "setup.save_corrupt"
            raise Refused(key, text) from None
        seats, drawn_for = saved_seats(data, game.players)
        seeds, seed = data.get("bot_seeds"), data.get("seed")
        if (
            not isinstance(seeds, list)
            or len(seeds) != game.players
            or any(type(x) is not int or not 0 <= x < RECORD_MAX_SEED for x in seeds)
            or type(seed) is not int
            or not 0 <= seed < RECORD_MAX_SEED  # a negative seed's log could never be replayed
        ):
            raise Refused("setup.save_corrupt", "seeds")
        recorded = data.get("recorded") is True
        ui: dict[str, Any] = data["ui"] if isinstance(data.get("ui"), dict) else {}
        hand: HandOrder | None
        area: LayDown | None
        try:
            hand = HandOrder.from_dict(ui.get("hand"))
            area = LayDown.from_dict(ui.get("area"))
        except ValueError:
            hand, area = None, None  # the table's own state is a nicety: rebuild it from the game
        sort_mode = ui.get("sort") if ui.get("sort") in SORTS else None
        hand_deal = ui.get("hand_deal") if type(ui.get("hand_deal")) is int and hand is not None else None
        log = checked_log(data.get("log"), game, seed)
        app = cls(game, seats, seed, seeds, hand, area, recorded, sort_mode, hand_deal, log, drawn_for)
        daily = data.get("daily")
        app.daily = daily if isinstance(daily, str) and len(daily) == 10 and daily[4] == "-" else None
        app.shared_from, app.salt = _shared_and_salt(data)
        selected = ui.get("selected")
        if isinstance(selected, list):
            held = set(app.hand.uids()) - app.area.used()
            app.selected = [u for u in selected if type(u) is int and u in held]
        app.restore_undo(ui.get("undo"))
        app.buy_prompts.update(per_person(ui.get("buy_prompts"), app.people_here(), BUY_PROMPTS))
        app.sort_modes.update(per_person(ui.get("sorts"), app.people_here(), SORTS))
        return app

    def restore_undo(self, data: Any) -> None:
        """Undo survives a reload, if the saved turn start and moves lead to the game as saved;
        anything else is dropped (undo is a nicety, the game itself is what counts)."""
        if self.turn_start is None or not isinstance(data, dict) or not isinstance(data.get("moves"), list):
            return
        try:
            start = Game.from_dict(data.get("start"))
            replay = start.copy()
            for action in data["moves"]:
                if not isinstance(action, dict) or action.get("type") not in UNDOABLE:
                    return
                replay.apply(action)
        except ValueError:
            return
        if replay.to_dict() == self.game.to_dict():
            self.turn_start, self.turn_moves = start, list(data["moves"])

    # ------------------------------------------------------------ selection
    def toggle(self, uid: int) -> None:
        if uid in self.selected:
            self.selected.remove(uid)
        elif uid in self.hand.uids() and uid not in self.area.used():
            self.selected.append(uid)

    def sort(self, by: str) -> None:
        self.hand.sort(by, self.ace_high)
        self.sort_mode = by

    def is_contract(self) -> bool:
        return self.game.variant == CONTRACT


def _drawn_seat(given: int | None, here: list[int], seats: int) -> int:
    """The seat a table is drawn for: ``given``, which must be played here, or the first seat
    played here; seat 0 at a table of computer players only."""
    drawn = here[0] if given is None and here else given or 0
    if not 0 <= drawn < seats or (here and drawn not in here):
        raise ValueError(f"seat {drawn} is not played at this device")
    return drawn


def saved_seats(data: dict[str, Any], players: int) -> tuple[list[Seat], int]:
    """A save's seats and the seat the table is drawn for; ``Refused`` (``setup.save_seats``)
    when they do not make a table: each seat played here, by a computer player of a known level,
    or elsewhere, with at least one seat played here and the table drawn for one of those.

    A save without ``played_by`` (written before seats had kinds, up to release 4deab09) implies
    them from its levels: seat 0 without a level is the one person here, every other seat a
    computer player; any other pattern was never written and is refused.
    """
    seats_data = data.get("seats")
    if not isinstance(seats_data, list) or len(seats_data) != players:
        raise Refused("setup.save_seats", "seats")
    seats = []
    for i, s in enumerate(seats_data):
        if not isinstance(s, dict) or not isinstance(s.get("name"), str):
            raise Refused("setup.save_seats", f"seat {i}")
        level, kind = s.get("level"), s.get("played_by")
        if kind is None and (i == 0) == (level is None):  # a save from before seats had kinds
            kind = SeatKind.HERE if level is None else SeatKind.COMPUTER
        try:
            seats.append(Seat(s["name"][:40], level, SeatKind(str(kind))))
        except (ValueError, TypeError):  # an unknown kind or level, or a level on a person's seat
            raise Refused("setup.save_seats", f"seat {i} level") from None
    here = [i for i, s in enumerate(seats) if s.played_by == SeatKind.HERE]
    drawn_for = data.get("drawn_for", here[0] if here else None)
    if type(drawn_for) is not int or drawn_for not in here:
        raise Refused("setup.save_seats", "drawn_for")
    return seats, drawn_for


def per_person(data: Any, here: list[int], choices: Iterable[str]) -> dict[int, str]:
    """A save's choice per person here (``{"2": "never"}``), read leniently: an entry for a seat
    not played here, or a choice that is not one, is left out (that person gets the default)."""
    if not isinstance(data, dict):
        return {}
    known = set(choices)
    seats = {str(seat): seat for seat in here}
    return {seats[k]: v for k, v in data.items() if k in seats and isinstance(v, str) and v in known}


def _frac(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def ledger_readable(data: Any) -> bool:
    """Whether stored data is a ledger at all (of this version); single bad entries in it are
    dropped by ``clean_ledger``, but a ledger that is not one is kept aside, not reset."""
    return isinstance(data, dict) and data.get("version") == LEDGER.version


def clean_ledger(data: Any) -> dict[str, Any]:
    """The ledger kept in the browser, read leniently: anything unreadable starts afresh."""
    out: dict[str, Any] = {"version": LEDGER.version, "games": 0, "balance": {}, "wins": {}}
    if not isinstance(data, dict) or data.get("version") != LEDGER.version:
        return out
    if type(data.get("games")) is int and 0 <= data["games"] <= LEDGER_MAX:
        out["games"] = data["games"]
    if isinstance(data.get("balance"), dict):
        for name, amount in list(data["balance"].items())[:LEDGER_NAMES]:
            value = _amount(amount)
            if value is not None and isinstance(name, str):
                out["balance"][name[:NAME_CHARS]] = _frac(value)
    if isinstance(data.get("wins"), dict):
        for name, n in list(data["wins"].items())[:LEDGER_NAMES]:
            if type(n) is int and 0 <= n <= LEDGER_MAX and isinstance(name, str):
                out["wins"][name[:NAME_CHARS]] = n
    return out


LEDGER_MAX = 10**9  # more games or points than anyone plays: anything beyond is not a real ledger
LEDGER_NAMES = 200
NAME_CHARS = 60
_AMOUNT = re.compile(r"-?[0-9]{1,12}(?:/[1-9][0-9]{0,11})?")


def _amount(value: Any) -> Fraction | None:
    """A stored balance (``"-37"``, ``"25/2"``), bounded before it is computed with: a text
    such as ``"1e1000000000"`` would otherwise build a billion-digit number and hang the page."""
    if not isinstance(value, str) or not _AMOUNT.fullmatch(value):
        return None
    return Fraction(value)


def _shared_and_salt(data: dict[str, Any]) -> tuple[int | None, str]:
    """A save's ``shared_from`` (the deal a shared match was taken up at) and commitment salt,
    read leniently: a save from before either was kept has neither ("" salts nothing)."""
    shared, salt = data.get("shared_from"), data.get("salt")
    return (
        shared if type(shared) is int and 1 <= shared <= MAX_ACTIONS else None,
        salt if isinstance(salt, str) and _SALT.fullmatch(salt) else "",
    )


def checked_log(data: Any, game: Game, seed: int) -> list[dict[str, Any]] | None:
    """A saved match log, kept only if replaying it from the seed leads to the saved game itself:
    a log that does not is dropped (replays and links of this match are then unavailable), and
    the game plays on, since the log is a record of play, not a part of it."""
    if not isinstance(data, list) or len(data) > MAX_ACTIONS or not all(isinstance(a, dict) for a in data):
        return None
    record = MatchRecord(game.variant, game.players, house_rules(game), seed, tuple(data))
    try:
        replayed = Replay(record).final
    except (ValueError, TypeError, KeyError, IndexError, RecursionError):
        return None
    return list(data) if replayed.to_dict() == game.to_dict() else None


def new_seed() -> int:
    """A new game's seed, from the system's secure randomness (``secrets``; in Pyodide the
    browser's ``crypto.getRandomValues``): too many to try, so no one learns the cards from the
    seed's commitment, and nothing a restored Python snapshot holds can repeat it."""
    return NEW_SEED_LOW + secrets.randbelow(NEW_SEED_HIGH - NEW_SEED_LOW)
