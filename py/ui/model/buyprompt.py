"""Whether the table asks you about a buy (rule C6), as your ``buy_prompt`` setting says.

The setting has three choices (``settings.BUY_PROMPTS``): ``"always"`` asks at
every offer, ``"never"`` always passes for you, and ``"fits"`` asks only when
the offered card fits. Whether it fits is not decided here by rules of our
own: every test is the engine's or the computer players' (pure Python, no DOM).

A card fits when

- it is a joker (wild, it fits any meld: G5);
- with it your hand melds more of its cards than without it, that is it
  completes a set or run with cards you hold (a pair of its rank, two cards of
  a run in its suit, or a card and a joker) or lengthens one you hold: the
  solver's best split of the hand, the same test the easy and normal computer
  players make before they take or buy a card (``bots.simple.makes_meld``);
- it lets you lay down the contract, which your hand could not before
  (``solver.can_meet``), as the normal computer player asks first;
- it could be laid off on a meld on the table, or take a joker's place there
  (the engine's candidates, ``rommi.candidates``), in a deal where lay-offs and
  swaps are played at all (``rules.extend_refusal``: never in deal 7, C12). You
  may not have laid down yet (C8): the card is still one you can shed later;
- or the hard computer player in your seat would buy it (``bots.hint``): it
  also weighs cards that only start a meld (a pair, two cards of a run) against
  the extra card a buy costs;

and, whichever of these holds, the hard computer player, whose judgement the
Hint gives, finds that it helps (``helps``): it would buy it, or it passes only
because the two cards cost too much ("helps a little"). The prompt shows
that judgement in a word (``hint_word``), so the prompt and the Hint never
disagree: the engine's tests alone asked about cards that complete a run when
the contract wants sets, or that go onto someone else's meld, and the Hint
then said "does not help your hand".

Merely starting a meld does not count by itself: with a card of its rank, or a
card up to two away in its suit, two offers in three would fit, and "fits"
would ask almost as often as "always". Measured over 40 four-player matches of
normal computer players (``tools/bench/measure_buy_prompt.py``: 3,427 offers to
seat 0, not counting your own discard): the tests above without the Hint's veto
asked about 1,036 offers (30%), 484 of them cards the Hint called no help and
73 where you had laid down and the Hint passed; with it "fits" asks about 479
(14%, one offer in seven), and in the last deal 112 of 1,244 (9%, where it was
348).
"""

from __future__ import annotations

from typing import Any

from rommi import candidates
from rommi.actions import Buy, Layoff
from rommi.bots import hint
from rommi.bots.simple import makes_meld
from rommi.bots.table import Table, parse_view
from rommi.candidates import Check
from rommi.cards import Card
from rommi.solver import can_meet
from rommi.views import SeatView


def buy_fit(view: SeatView) -> str | None:
    """Why the card offered in ``view`` (your view in the buy window) fits, or ``None``.

    The answer is a short word for tests and for the page: ``"joker"``,
    ``"contract"``, ``"meld"``, ``"layoff"``, ``"swap"`` or ``"hint"``. Whatever
    the engine's tests say, a card the Hint's player judges no help (``helps``)
    does not fit: the prompt and the Hint never disagree about it.
    """
    if view.get("buy_card") is None:
        return None
    found = advice(view)
    if not helps(found):
        return None
    return engine_fit(view) or ("hint" if isinstance(found["action"], Buy) else None)


def engine_fit(view: SeatView) -> str | None:
    """The engine's tests alone (no computer player's judgement): ``"joker"``, ``"contract"``,
    ``"meld"``, ``"layoff"``, ``"swap"``, or ``None``."""
    offered = view.get("buy_card")
    if offered is None:
        return None
    card = Card.parse(offered)
    if card.is_joker:
        return "joker"
    table = parse_view(view)
    contract = table.contract
    building = contract is not None and not table.laid_down[table.seat] and not table.final_deal
    if (
        building
        and contract is not None
        and can_meet([*table.hand, card], contract, min_left=1)
        and not can_meet(table.hand, contract, min_left=1)
    ):
        return "contract"
    if makes_meld(table, card) is not None:
        return "meld"
    return _table_fit(table, card)


def advice(view: SeatView) -> dict[str, Any]:
    """The Hint on the card offered in ``view``: the hard player's decision (``bots.hint``), as
    the Hint button gives it. Worked out once per view: the table asks whether to show the offer,
    then draws it with this word (``App.view`` is one object for as long as the game stands)."""
    if _advised and _advised[0] is view:
        known: dict[str, Any] = _advised[1]
        return known
    found = hint(view)
    _advised[:] = [view, found]
    return found


_advised: list[Any] = []  # the last view advised on, and its hint


def helps(found: dict[str, Any]) -> bool:
    """Whether the Hint's player judges the card worth having: it would buy it, or it passes only
    because two more cards cost too much (``pass_too_risky``: "helps a little"). Its other
    passes say the card does not help the hand, or that after laying down more cards would only
    cost points."""
    return bool(isinstance(found["action"], Buy) or found["reason"]["key"] in HELPS_BUT_PASSES)


HELPS_BUT_PASSES = frozenset({"pass_too_risky"})


def hint_word(view: SeatView) -> str:
    """The Hint's view of the offer in a word, shown beside Buy and Pass: ``"buy"`` or ``"pass"``."""
    return "buy" if isinstance(advice(view)["action"], Buy) else "pass"


def _table_fit(table: Table, card: Card) -> str | None:
    """``"layoff"`` or ``"swap"`` when ``card`` would go onto a meld on the table (C8, C9, C12):
    the engine's candidates for it (``rommi.candidates``), as if you had laid down, the fit
    checked, in a deal that plays lay-offs and swaps at all."""
    sight = table.sight._replace(laid_down=True)
    if sight.extend_refusal() is not None:
        return None
    for action in candidates.by_card(sight, (card,), swaps=True, check=Check.FIT):
        return "layoff" if isinstance(action, Layoff) else "swap"
    return None


def asks(choice: str, view: SeatView) -> bool:
    """Whether to show you the offer in ``view``: every time, only when it fits, or never."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    return buy_fit(view) is not None
