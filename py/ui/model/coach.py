"""The coach: before a move a strong player would not make and that costs points, one question.

A learner who follows only the Hint never learns why it plays as it does; one who never asks
for it learns nothing at all. The coach speaks once, before the move is played, in a sentence
with the reason, and the player goes ahead or takes it back (``ui.commands.coach``). It has no
judgement of its own: the strong player is the Hint's (``rommi.bots.hint``, the hard computer
player's move), so the coach never questions the move the Hint would make, and when the hard
player changes its mind (whether to hold melds in basic rummy, say) the coach follows.

It asks about four moves (issue 43), each only when the hard player in your seat would play
otherwise:

- discarding a card that it would lay off (or swap for a joker) this turn (C8, C9, B4, B5);
- ending the turn while the hand holds the contract it would lay down (C7; never in deal 7,
  where everything goes down at once, C12);
- in basic rummy, ending the turn with melds it would lay down while an opponent is close to
  going out (B8: being caught costs the hand's points);
- buying (C6) while the player who plays next has laid down and holds few cards: that one is
  said in the buy prompt itself, so one offer is one interruption.

The rest of the time it is quiet: measured over seeded deals played by the normal computer
player (``tools/bench/bench_coach.py``), it speaks well under once a deal. Pure Python: the
judgement (``concern``) reads a ``Game`` and a seat, so the benchmark and the tests ask it
without a page; ``question`` and ``buy_words`` add the table's conditions and its words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

from rommi import Game, IllegalAction, Phase, candidates
from rommi.actions import Action, Buy, Discard, Layoff, Meld, Swap
from rommi.bots import hint
from rommi.bots.table import Table, parse_view, remove_cards
from rommi.candidates import Check
from rommi.cards import Card
from rommi.solver import can_meet
from rommi.views import SeatView
from ui.model.app import App, SeatKind
from ui.model.buyprompt import advice
from ui.words.i18n import card_text, cards_text, t
from ui.words.logtext import view_meld_words

FIRST_MATCHES = 3
"""Under "auto" the coach is on while fewer matches than this were played in this browser."""
CLOSE_CARDS = 3
"""Basic rummy: an opponent with this many cards or fewer is close to going out (B6). The hard
player melds at five (``HOLD_MELDS_WHILE_ABOVE``) as a precaution; the coach speaks only when the
danger is near, which keeps it under once a deal (``tools/bench/bench_coach.py``)."""
NEXT_OUT_CARDS = 2
"""Contract rummy: the player who plays next, laid down with this many cards or fewer in hand
after the draw, is likely to go out in that turn (one card to lay off or meld, one to throw)."""
TURN_LIMIT = 16
"""At most this many moves of the hard player's turn are looked ahead (a turn is rarely over 5)."""


@dataclass(frozen=True)
class Concern:
    """What the coach would say about a move: a catalog key (``coach.*``) and its facts, kept as
    card codes, seats and numbers so the words follow the page's language."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Question:
    """A move held back until the player answers: the move, the cards of the hand it plays, what
    the coach says of it, and where it was asked (a move taken back is not asked about again)."""

    action: Action
    uids: tuple[int, ...]
    concern: Concern
    at: tuple[Any, ...]


# ------------------------------------------------------------------------ the judgement
def concern(game: Game, seat: int, action: Action) -> Concern | None:
    """What the coach would say before ``seat`` plays ``action`` in ``game`` (None: nothing)."""
    if isinstance(action, Buy):
        return buy_concern(game.view(seat))
    if isinstance(action, Discard):
        return discard_concern(game, seat, action)
    return None


def discard_concern(game: Game, seat: int, action: Discard) -> Concern | None:
    """Ending the turn by throwing ``action.card``: questioned when the hard player would first
    lay down the contract, meld (basic rummy, an opponent close), or lay off that very card.
    The cheap tests come first; the Hint is asked only when one of them holds."""
    view = game.view(seat)
    if view["phase"] != Phase.PLAY or view["to_act"] != seat:
        return None
    table = parse_view(view)
    card = action.card
    if len(table.hand) <= 1 or card not in table.hand:
        return None  # a last card thrown goes out: nothing is lost
    contract = table.contract
    holds_contract = (
        contract is not None
        and not table.laid_down[seat]
        and not table.final_deal
        and can_meet(table.hand, contract, min_left=1)
    )
    close = closest(table)
    basic_close = contract is None and close is not None and close[1] <= CLOSE_CARDS
    fits = _fits_table(table, card)
    if not (holds_contract or basic_close or fits):
        return None
    first = hint(view)["action"]
    if first == action or isinstance(first, Discard):
        return None  # the Hint's own move, or it plays nothing before its discard either
    points = table.penalty(remove_cards(table.hand, [card]))
    if holds_contract and isinstance(first, Meld):
        return Concern("coach.contract", {"melds": _melds(first), "points": points})
    if basic_close and close is not None and isinstance(first, Meld):
        return Concern(
            "coach.hold", {"player": close[0], "count": close[1], "melds": _melds(first), "points": points}
        )
    return _layoff_concern(game, seat, card, first, table) if fits else None


def _layoff_concern(game: Game, seat: int, card: Card, first: Action, table: Table) -> Concern | None:
    """The hard player's turn from here (``hard_turn``): if it lays off (or swaps) ``card``, say
    where, and what it would throw instead."""
    moves, out = hard_turn(game, seat, first)
    for move in moves:
        if isinstance(move, Layoff) and card in move.cards:
            meld = move.meld
        elif isinstance(move, Swap) and move.card == card:
            return Concern("coach.swap", {"card": str(card), "meld": move.meld})
        else:
            continue
        last = moves[-1]
        if out or not isinstance(last, Discard):
            return Concern("coach.layoff_out", {"card": str(card), "meld": meld})
        other = last.card
        params = {"card": str(card), "meld": meld, "other": str(other), "points": table.value(other)}
        return Concern("coach.layoff", params)
    return None


def hard_turn(game: Game, seat: int, first: Action) -> tuple[list[Action], bool]:
    """The hard player's moves for ``seat`` from here to its discard, played on a copy (the Hint
    asked again after each), and whether the turn went out (the deal ended, C14, B7)."""
    copy = game.copy()
    moves = [first]
    while not isinstance(moves[-1], Discard) and len(moves) < TURN_LIMIT:
        try:
            copy.apply(moves[-1])
        except IllegalAction:
            break
        if copy.to_act != seat or copy.phase is not Phase.PLAY:
            return moves, True
        moves.append(hint(copy.view(seat))["action"])
    return moves, False


def buy_concern(view: SeatView) -> Concern | None:
    """Buying the card offered while the player who plays next (who just drew) has laid down
    and holds ``NEXT_OUT_CARDS`` or fewer: unless the Hint would buy it too."""
    offered = view.get("buy_card")
    if view["phase"] != Phase.BUY or offered is None or view["variant"] != "contract":
        return None
    table = parse_view(view)
    nxt = view["turn"]
    count = table.hand_sizes[nxt]
    if nxt == table.seat or not table.laid_down[nxt] or count > NEXT_OUT_CARDS:
        return None
    if isinstance(advice(view)["action"], Buy):
        return None
    card = Card.parse(offered)
    return Concern("coach.buy", {"player": nxt, "count": count, "card": offered, "points": table.value(card)})


def closest(table: Table) -> tuple[int, int] | None:
    """The opponent with the fewest cards (the first after this seat among equals), and how many."""
    others = [table.next_seat(k) for k in range(1, table.players)]
    if not others:
        return None
    seat = min(others, key=lambda p: table.hand_sizes[p])
    return seat, table.hand_sizes[seat]


def _fits_table(table: Table, card: Card) -> bool:
    """Whether ``card`` fits a meld on the table, as a lay-off or in a joker's place (G3-G6), in
    a deal that plays lay-offs at all (C12): the engine's candidates."""
    sight = table.sight._replace(laid_down=True)
    if sight.extend_refusal() is not None:
        return False
    return any(True for _ in candidates.by_card(sight, (card,), swaps=True, check=Check.FIT))


def _melds(action: Meld) -> str:
    """The melds of ``action`` as card codes, ``"7H 7S 7D / 5C 6C 7C"``."""
    return " / ".join(" ".join(str(c) for c in group) for group in action.melds)


# ------------------------------------------------------------------------------ the table
def matches_played(stats: dict[str, Any]) -> int:
    """The matches the device's owner finished in this browser, from the statistics
    (``ui.records.stats``: the owner's rows, and those kept before rows had names)."""
    rows = stats.get("matches", [])
    return sum(1 for m in rows if isinstance(m, dict) and (m.get("owner") or "name" not in m))


def coach_on(choice: str, played: int, newcomer: bool = True) -> bool:
    """The coach setting ``choice`` (``settings.COACH_CHOICES``) with ``played`` matches behind;
    ``newcomer``: the visit is a person's, not a test's or a puzzle's (``newcomer_visit``)."""
    return choice == "on" or (choice == "auto" and newcomer and played < FIRST_MATCHES)


def newcomer_visit(address: str) -> bool:
    """Whether "auto" may turn the coach on in this visit: a page opened at an address (a bare
    ``Screen`` has none) that fixes neither the deal nor the pace. ``?seed=N`` and ``?pace=...``
    are for tests and puzzles (README), whose moves are chosen, not a newcomer's: there the coach
    speaks only when chosen "On", and every table behaves as it did before the coach."""
    if not address:
        return False
    query = parse_qs(urlsplit(address).query)
    return "seed" not in query and "pace" not in query


def listens(screen: Any, app: App) -> bool:
    """Whether the coach speaks at this table now: it is on, no lesson runs (``Screen.tutorial``),
    the move is by a person at this device whose table this is (never a computer seat, never a
    guest's table at an online match, whose engine is the host's), and nothing covers it."""
    if screen.tutorial is not None or app.remote or screen.covered:
        return False
    if app.seats[app.drawn_for].played_by != SeatKind.HERE or not app.drawn_to_act():
        return False
    played = matches_played(screen.records.stats)
    return coach_on(screen.settings.coach, played, newcomer_visit(screen.address))


def question(screen: Any, app: App, action: Action, uids: tuple[int, ...]) -> Question | None:
    """The question to ask before ``action`` (your click), or None: play it. Not for a move the
    engine refuses (its reason says enough), nor for a buy (the buy prompt says it,
    ``buy_words``), nor again for a move taken back at the same point (``Screen.coach_heard``)."""
    if isinstance(action, Buy) or not listens(screen, app) or app.check(action) is not None:
        return None
    v = app.view()
    found = concern(app.game, app.drawn_for, action)
    if found is None:
        return None
    at = (v["deal"], len(v["history"]), found.key, action.to_json())
    if at == screen.coach_heard:
        return None
    return Question(action, uids, found, at)


def buy_words(screen: Any, app: App) -> str | None:
    """The coach's sentence for the buy prompt now shown, or None: the prompt and the question
    are one, so buying is never asked about twice."""
    if not listens(screen, app):
        return None
    found = buy_concern(app.view())
    return None if found is None else words(found, app)


def words(found: Concern, app: App) -> str:
    """What the coach says, in the page's language: cards, seats and melds named."""
    shown = dict(found.params)
    for name in ("card", "other"):
        if isinstance(shown.get(name), str):
            shown[name] = card_text(shown[name])
    if isinstance(shown.get("player"), int):
        shown["player"] = app.names[shown["player"]]
    if isinstance(shown.get("melds"), str):
        shown["melds"] = " / ".join(cards_text(part.split()) for part in shown["melds"].split(" / "))
    if isinstance(shown.get("meld"), int):
        shown["meld"] = _meld_name(app, shown["meld"])
    return t(found.key, **shown)


def _meld_name(app: App, mid: int) -> str:
    for m in app.view()["melds"]:
        if m["id"] == mid:
            return view_meld_words(m, app.names, app.drawn_for)
    return "?"
