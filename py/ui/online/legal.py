"""What a seat may do now, worked out by the host's engine and sent with the seat's view.

A guest's device runs no engine (it has no hidden cards to run one with). The rules that need
no hidden card (is this a valid meld, where does this card fit) it can work out from its view
(``rommi.candidates.Sight.of_view``); whether it may draw, buy, discard a card or lay down
now, and why not, is the engine's to say. So each view goes with this summary, and the
guest's buttons are enabled, or drawn unavailable with the reason, as at one device. A click
still goes to the host, which checks it again: the summary explains, it decides nothing.

A reason is the engine's refusal as data, ``{"key", "params"}`` (``IllegalAction``), which the
guest words in its own language (``ui.words.i18n.refusal``); ``None`` means allowed.
"""

from __future__ import annotations

from typing import Any, Literal

from rommi import Game, IllegalAction, Phase, rules
from rommi.actions import NEXT_DEAL, Action, Buy, Discard, Draw, Meld, Pass
from rommi.cards import JOKER
from rommi.names import Source

Reason = dict[str, Any] | None
# Where a seat stands in an open buy window with several people (``ui.online.buywindow``):
# asked (it may answer now, whoever the engine asks first), answered (its answer is held), or
# None: no such window, the engine's own check decides.
Answer = Literal["asked", "answered"] | None

# The refusals ``Game`` makes before it reads an action's own fields: whose turn, which phase.
TURN_KEYS = frozenset(
    {"match_over", "deal_over", "not_your_turn", "not_buy_window", "wrong_phase"}
    | {"already_drawn", "draw_first"}
)


def reason(error: IllegalAction | None) -> Reason:
    """A refusal as JSON for the guest (its rule too, for the rules' page); None: allowed."""
    if error is None:
        return None
    return {"key": error.key, "rule": error.rule, "params": dict(error.params)}


def summary(game: Game, seat: int, answer: Answer = None, can_undo: bool = False) -> dict[str, Any]:
    """What ``seat`` may do now, each as the engine's ``check`` says for that seat."""
    check = game.check
    hand = game.hand(seat)
    discards = [c for c in dict.fromkeys(hand) if game.can(Discard(seat, c))]
    plays = _plays(game, seat)
    return {
        "to_act": game.to_act == seat or answer == "asked",
        "draw": {str(src): reason(check(Draw(seat, src))) for src in Source},
        "buy": _answer(game, Buy(seat), answer),
        "pass": _answer(game, Pass(seat), answer),
        "discard": [str(c) for c in discards],
        "discard_why": None if discards else reason(check(Discard(seat, hand[0] if hand else JOKER))),
        "meld": _meld(game, seat, hand),
        "plays": [a.to_json() for a in plays],
        "plays_why": None if plays else _extend_why(game, seat),
        "undo": can_undo,
        "next_deal": reason(check(NEXT_DEAL)),
    }


def _answer(game: Game, action: Action, answer: Answer) -> Reason:
    """Buy or pass: in a window with several people a seat asked may answer at once; one that
    has answered is told so; else the engine says (no window, or this seat not offered it)."""
    if answer == "asked":
        return None
    if answer == "answered":
        return {"key": "online.buy.answered", "rule": "C6", "params": {}}
    return reason(game.check(action))


def _meld(game: Game, seat: int, hand: list[Any]) -> Reason:
    """Whether ``seat`` may lay down melds now, as far as it can be said without the melds
    chosen: its turn and the phase (a one-card meld is checked: the engine refuses whose turn
    it is before the meld's cards), and the last deal's rule that nothing follows a lay-down."""
    error = game.check(Meld(seat, ((hand[0] if hand else JOKER,),)))
    if error is not None and error.key in TURN_KEYS:
        return reason(error)
    if game.sight(seat).laid_down:
        return reason(rules.meld_refusal(game.variant, game.deal, game.contract(), True, [], hand, None))
    return None


def _plays(game: Game, seat: int) -> list[Any]:
    """The seat's legal lay-offs of one card and joker swaps, when it is to play."""
    if game.to_act != seat or game.phase is not Phase.PLAY:
        return []
    return list(game.legal_layoffs_and_swaps())


def _extend_why(game: Game, seat: int) -> Reason:
    """Why no lay-off or swap is offered: the turn, else the rules of extending (C8, C9, C12);
    None when the seat may but no card of its hand fits a meld."""
    hand = game.hand(seat)
    error = game.check(Discard(seat, hand[0] if hand else JOKER))
    if error is not None and error.key in TURN_KEYS:
        return reason(error)
    return reason(game.sight(seat).extend_refusal())
