"""A guest's game without an engine: the host's last view of this seat and what it may do.

A guest's device holds no hidden card, so it can run no ``Game``. Its table (``ui.model.app.App``
and everything drawn from it) reads a game through a few questions: the seat's view, the
phase, who acts, the house rules, and whether the engine would accept a move (``check``,
``can``). ``RemoteGame`` answers them from what the host sent with the view (``view`` and
its legal-moves summary, ``ui.online.legal.summary``):

- whose turn it is and what the phase allows are the summary's to say (the host's engine
  worked them out for this seat: the draw, buy, pass, next deal and undo as they are, and the
  turn's reasons for the rest);
- the rest of a move's check needs no hidden card (the cards are in this seat's hand, the
  melds are on the table), so it is made here with the engine's own rule functions, in the
  engine's own order (``Game._verify_*``: the hand, the meld's fit, what must stay in hand),
  on the view: nothing here is a rule of its own;
- lay-offs and swaps of one card are the summary's ``plays`` (the engine's
  ``legal_layoffs_and_swaps``), and the table finds them with the one generator of
  candidates (``rommi.candidates``) on the view, as at one device.

It never moves: the guest's moves go to the host (``ui.play.play`` returns them as
``Effects.send`` when ``App.remote``), and the next view replaces this game
(``ui.online.guest_table.update``). Plain Python, no ``js``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from rommi import Game, IllegalAction, Phase, contracts, rules
from rommi.actions import ACTION_CLASSES, Action, Buy, Discard, Draw, Layoff, NextDeal, Pass, Swap, from_json
from rommi.actions import Meld as MeldAction
from rommi.candidates import view_meld
from rommi.cards import JOKER, Card
from rommi.game import remove_held
from rommi.melds import extend, infer_kind, make_meld, swap_joker
from rommi.options import CONTRACT, OPTION_NAMES, Options, make_options
from rommi.views import SeatView
from ui.model.app import App, Seat, bot_seed
from ui.online.legal import TURN_KEYS

# A computer player's level on a guest's table: the guest runs no computer player (``App.bots``
# are all None there), but a seat of one is a ``COMPUTER`` seat with some level.
GUEST_LEVEL = "normal"


class RemoteGame:
    """The read side of a ``Game`` for one seat, from the host's ``view`` and ``legal`` summary."""

    def __init__(
        self,
        view: Mapping[str, Any],
        legal: Mapping[str, Any],
        waiting: int | None = None,
        held: bool = False,
    ) -> None:
        self.sent = view  # as the host sent it
        self.legal: dict[str, Any] = dict(legal)
        # In a buy window every person who may buy is asked at once: for this seat it is its turn
        # to answer (whoever the engine asks first), as a computer player's view would say.
        self.offered = view["phase"] == Phase.BUY and bool(legal.get("to_act"))
        self.waiting = waiting  # in an open buy window: how many answers the table still waits for
        self.played: list[int] = []  # the hand's cards (uids) of the move sent, until the host's view
        self.seat = int(view["seat"])
        self.news = ""  # the moves said with the view that opened a held offer (``held``)
        self._view = cast(SeatView, dict(view))
        self.held = False
        self.passed_for = False  # the offer was passed for unasked (``pass_for``)
        if self.offered and held:
            self.hold()
        elif self.offered:
            self.release()
        self._options = make_options(
            self.variant,
            self.players,
            {k: v for k, v in view["options"].items() if k in OPTION_NAMES[self.variant]},
        )

    # ---------------------------------------------------------------- reading
    @property
    def variant(self) -> str:
        return str(self._view["variant"])

    @property
    def players(self) -> int:
        return int(self._view["players"])

    @property
    def options(self) -> Options:
        return self._options

    @property
    def phase(self) -> Phase:
        return Phase(self._view["phase"])

    @property
    def deal(self) -> int:
        return int(self._view["deal"])

    @property
    def over(self) -> bool:
        return bool(self._view["over"])

    def hold(self) -> None:
        """The buy offer to this seat is not shown yet (nobody acts at this device): the move that
        opened the window is drawn first, and whether to ask (the person's buy setting, which
        may ask the Hint's player: ``ui.model.buyprompt``) is worked out after it is painted
        (``ui.online.guest_table.offer``). The view is the engine's as sent (whoever it asks
        first)."""
        self.held = True
        self._view = cast(SeatView, dict(self.sent))

    def pass_for(self) -> None:
        """The offer was passed for without being shown (``ui.online.guest_table.offer``): as
        while it was held, nobody acts at this device, until the next view."""
        self.hold()
        self.held, self.passed_for = False, True

    def release(self) -> None:
        """The buy offer is this seat's to answer now: its turn (``hold``)."""
        self.held = self.passed_for = False
        self._view = cast(SeatView, dict(self.sent, to_act=self.seat))

    @property
    def to_act(self) -> int | None:
        """The seat that acts now; this seat while a buy window asks it (every person who may
        buy is asked at once online, whoever the engine asks first), none while the offer is
        held or passed for (``hold``, ``pass_for``)."""
        if self.held or self.passed_for:
            return None
        if self.legal.get("to_act"):
            return self.seat
        to_act = self._view["to_act"]
        return None if to_act is None else int(to_act)

    def view(self, seat: int) -> SeatView:
        """This seat's view; another seat's is not on this device."""
        if seat != self.seat:
            raise ValueError(f"seat {seat}'s view is not on this device (this is seat {self.seat})")
        return self._view

    def hand(self, seat: int) -> list[Card]:
        return [Card.parse(c) for c in self.view(seat)["hand"]]

    def copy(self) -> RemoteGame:
        """Itself: a new view makes a new one (only a held offer is let go, ``release``)."""
        return self

    # ---------------------------------------------------------------- judging
    def can(self, action: Action | dict[str, Any]) -> bool:
        return self.check(action) is None

    def check(self, action: Action | dict[str, Any]) -> IllegalAction | None:
        """The refusal the host's engine would make of this seat's ``action`` now, or None."""
        try:
            a = cast(Action, action) if type(action) in ACTION_CLASSES else from_json(action)
        except IllegalAction as e:
            return e
        legal = self.legal
        if isinstance(a, NextDeal):
            return _error(legal.get("next_deal"))
        player = getattr(a, "player", None)
        if player != self.seat:
            return IllegalAction("G10", "not_your_turn", player=player, to_act=self.sent["to_act"])
        try:
            if isinstance(a, Draw):
                return _error(legal["draw"].get(str(a.source)))
            if isinstance(a, Buy):
                return _error(legal["buy"])
            if isinstance(a, Pass):
                return _error(legal["pass"])
            if isinstance(a, Discard):
                turn = None if legal["discard"] else _turn(legal["discard_why"])
                return turn or self._discard(a.card)
            if isinstance(a, MeldAction):
                return _turn(legal["meld"]) or self._meld(a)
            if a.to_json() in legal["plays"]:
                return None
            turn = None if legal["plays"] else _turn(legal["plays_why"])
            return turn or self._extend(a)
        except IllegalAction as e:
            return e

    # The checks after whose turn and which phase, as ``Game._verify_*`` makes them.
    def _discard(self, card: Card) -> IllegalAction | None:
        left = remove_held(self.hand(self.seat), [card])
        return rules.discard_refusal(
            self.variant, self.deal, self._laid_down(), self._taken(), card, len(left)
        )

    def _meld(self, action: MeldAction) -> IllegalAction | None:
        groups, kinds = action.melds, action.kinds
        if not groups or not all(groups):
            return IllegalAction("G10", "bad_field", field="melds")
        if kinds is not None and len(kinds) != len(groups):
            return IllegalAction("G10", "bad_field", field="kinds")
        left = remove_held(self.hand(self.seat), [c for g in groups for c in g])
        ace_high = self._options.ace_high
        new = [
            make_meld(list(g), kinds[i] if kinds else infer_kind(list(g)), ace_high)
            for i, g in enumerate(groups)
        ]
        contract = (
            contracts.contract_for(self.deal, self._options.runs_differ_in_suit)
            if self.variant == CONTRACT
            else None
        )
        return rules.meld_refusal(
            self.variant, self.deal, contract, self._laid_down(), new, left, self._taken()
        )

    def _extend(self, action: Layoff | Swap) -> IllegalAction | None:
        melds = self._view["melds"]
        m = action.meld
        if not 0 <= m < len(melds):
            return IllegalAction("G10", "no_such_meld", meld=m)
        swap = isinstance(action, Swap)
        cards = [action.card] if isinstance(action, Swap) else list(action.cards)
        if not cards:
            return IllegalAction("G10", "bad_field", field="cards")
        error = rules.extend_refusal(self.variant, self.deal, self._laid_down(), swap=swap)
        if error is not None:
            return error
        left = remove_held(self.hand(self.seat), cards)
        try:
            if isinstance(action, Swap):
                swap_joker(view_meld(melds[m]), action.card)
                left.append(JOKER)
            else:
                extend(view_meld(melds[m]), cards, action.end, self._options.ace_high)
        except IllegalAction as e:
            return IllegalAction(e.rule, e.key, **{**e.params, "meld": m})
        return rules.left_refusal(self.variant, self._taken(), left)

    def _laid_down(self) -> bool:
        return bool(self._view["laid_down"][self.seat])

    def _taken(self) -> Card | None:
        taken = self._view["taken"]
        return None if taken is None else Card.parse(taken)


def _error(reason: Any) -> IllegalAction | None:
    """A reason of the summary (``{"key", "rule", "params"}``, or None: allowed) as the refusal."""
    if not isinstance(reason, Mapping):
        return None
    return IllegalAction(str(reason.get("rule", "")), str(reason["key"]), **dict(reason.get("params") or {}))


def _turn(reason: Any) -> IllegalAction | None:
    """The summary's reason if it is about whose turn it is or the phase (made before a move's
    own fields are read); else None, and the move's own fields are checked."""
    error = _error(reason)
    return error if error is not None and error.key in TURN_KEYS else None


# -------------------------------------------------------------- the guest's App
def seats_of(lobby: Mapping[str, Any], seat: int) -> list[Seat]:
    """The table's seats from the host's ``lobby`` message: this device's seat played here, the
    host and the other people elsewhere, computer players (and a seat not taken) as computers."""
    out: list[Seat] = []
    for i, s in enumerate(lobby["seats"]):
        name = str(s.get("name") or "")
        if i == seat:
            out.append(Seat.here(name))
        elif s.get("kind") in ("host", "person"):
            out.append(Seat.elsewhere(name))
        else:
            out.append(Seat.computer(name, GUEST_LEVEL))
    return out


def guest_app(
    view: Mapping[str, Any],
    legal: Mapping[str, Any],
    lobby: Mapping[str, Any],
    waiting: int | None = None,
    buy_prompt: str | None = None,
) -> App:
    """The guest's ``App`` (``remote``): drawn for its own seat, with no engine and no computer
    player; every move it makes is sent to the host (``ui.play.play``). ``buy_prompt``: the
    person's buy setting (``Settings.buy_prompt``), which passes for them as at one device."""
    game = RemoteGame(view, legal, waiting)
    seats = seats_of(lobby, game.seat)
    if len(seats) != game.players:
        raise ValueError(f"the lobby has {len(seats)} seats, the view {game.players}")
    seeds = [bot_seed(0, i) for i in range(game.players)]
    app = App(cast(Game, game), seats, 0, seeds, log=None, drawn_for=game.seat, remote=True)
    if buy_prompt is not None:
        app.buy_prompt = buy_prompt
    return app


def remote_game(app: App) -> RemoteGame:
    """The guest's ``RemoteGame`` behind ``app`` (``guest_app``)."""
    game: Any = app.game
    if not isinstance(game, RemoteGame):
        raise TypeError("not a guest's table")
    return game
