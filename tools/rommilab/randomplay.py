"""Random legal play, for the seeded playouts that test the engine and time it.

A random player tries candidate actions (``rommilab.moves``) in random order;
the engine refuses the illegal ones. ``play_match`` can check the engine's
invariants after every action: cards conserved, ``check`` agrees with ``apply``
on every action tried (same rule for a refusal) and changes nothing, a refusal
changes nothing, a save restored or a ``copy`` made at any point plays on
identically, every deal ends.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rommi.actions import NEXT_DEAL, Action, ActionJSON, Buy, Draw, Meld, Pass
from rommi.cards import make_deck
from rommi.errors import IllegalAction
from rommi.game import Game
from rommi.names import MeldKind, Source
from rommi.views import SeatView

from .moves import candidate_melds, discard_candidates, hand_cards, table_candidates


class InvariantBroken(AssertionError):
    """An engine invariant failed during a playout; the message says which and where."""


def random_action(view: SeatView, rng: random.Random) -> list[Action]:
    """Actions to try, best guess first: the caller applies the first one accepted. Typed values,
    as the computer players make them; the playout's log keeps their JSON (``play_match``)."""
    p = view["seat"]
    phase = view["phase"]
    if phase == "draw":
        first = rng.choice(["stock", "discard"])
        return [Draw(p, Source(s)) for s in (first, "discard" if first == "stock" else "stock")]
    if phase == "buy":
        acts: list[Action] = [Buy(p), Pass(p)]
        return acts if rng.random() < 0.3 else acts[::-1]
    tries: list[Action] = []
    hand = hand_cards(view)
    melds = candidate_melds(hand, view["options"]["ace_high"])
    if melds and rng.random() < 0.7:
        rng.shuffle(melds)
        chosen: list[Any] = []
        pool = Counter(hand)
        for cards, kind in melds:
            need = Counter(cards)
            if all(pool[c] >= k for c, k in need.items()):
                pool -= need
                chosen.append((cards, kind))
            if len(chosen) >= 3:
                break
        if chosen:
            tries.append(
                Meld(
                    p, tuple(tuple(cards) for cards, _ in chosen), tuple(MeldKind(kind) for _, kind in chosen)
                )
            )
    extra = table_candidates(view)
    # Shuffling the menu's numbers draws from ``rng`` as shuffling the menu would (a shuffle
    # depends on the length alone), and only the six tried are made.
    order = list(range(len(extra)))
    rng.shuffle(order)
    tries.extend(extra[k] for k in order[:6])
    discards = discard_candidates(view)
    rng.shuffle(discards)
    tries.extend(discards)
    return tries


@dataclass
class PlayoutStats:
    actions: int = 0
    refused: int = 0
    deals: int = 0
    longest_deal: int = 0
    outs: int = 0
    restores: int = 0
    events: Counter[str] = field(default_factory=Counter)


def _snapshot(game: Game) -> tuple[Any, ...]:
    return game.fingerprint()


def play_match(
    variant: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    check: bool = True,
    deal_bound: int = 3000,
    log: list[ActionJSON] | None = None,
) -> PlayoutStats:
    """Play one match of random actions to its end, checking invariants if asked.

    ``log``, if given, receives every action applied, in order: the match's record (G9).
    """
    rng = random.Random(seed)
    game = Game.new(variant, players, seed=seed, options=options)
    full = Counter(make_deck(game.options.decks, game.options.jokers))
    stats = PlayoutStats()
    in_deal = 0
    shadow: Game | None = None
    where = f"{variant} players={players} seed={seed} options={options}"
    while not game.over:
        seat = game.to_act
        if seat is None:
            stats.deals += 1
            stats.longest_deal = max(stats.longest_deal, in_deal)
            in_deal = 0
            shadow = None
            game.apply(NEXT_DEAL)
            if log is not None:
                log.append(NEXT_DEAL.to_json())
            continue
        in_deal += 1
        if in_deal > deal_bound:
            raise InvariantBroken(f"deal {game.deal} did not end within {deal_bound} actions ({where})")
        view = game.view(seat)
        for action in random_action(view, rng):
            before = _snapshot(game) if check else ()
            verdict = game.check(action) if check else None
            if check and _snapshot(game) != before:
                raise InvariantBroken(f"checking {action} changed the game ({where})")
            try:
                game.apply(action)
            except IllegalAction as refusal:
                stats.refused += 1
                if check and _snapshot(game) != before:
                    raise InvariantBroken(f"refused {action} changed the game ({where})") from None
                if check and (verdict is None or (verdict.rule, verdict.key) != (refusal.rule, refusal.key)):
                    raise InvariantBroken(
                        f"check said {verdict!r}, apply refused {refusal!r}: {action} ({where})"
                    ) from None
                if shadow is not None:
                    _expect_refusal(shadow, action, refusal, where)
                continue
            if verdict is not None:
                raise InvariantBroken(f"check refused {action} ({verdict!r}) but apply did it ({where})")
            if shadow is not None:
                shadow.apply(action)
                if _snapshot(shadow) != _snapshot(game):
                    raise InvariantBroken(f"restored game diverged after {action} ({where})")
            stats.actions += 1
            stats.events[action.type] += 1
            if log is not None:
                log.append(action.to_json())
            break
        else:
            raise InvariantBroken(f"no action accepted for seat {seat} in {view['phase']} ({where})")
        if check:
            if game.all_cards() != full:
                raise InvariantBroken(f"cards not conserved after {action} ({where})")
            if shadow is None and rng.random() < 0.02:
                stats.restores += 1
                # Half the twins come through the save format, half from ``copy``: both must play on alike.
                if rng.random() < 0.5:
                    shadow = Game.from_dict(json.loads(json.dumps(game.to_dict())))
                else:
                    shadow = game.copy()
        if game.phase.value in ("deal_over", "match_over") and game.view(0)["went_out"] is not None:
            stats.outs += 1
    stats.deals += 1
    stats.longest_deal = max(stats.longest_deal, in_deal)
    return stats


def _expect_refusal(shadow: Game, action: Action, refusal: IllegalAction, where: str) -> None:
    """The restored twin must refuse what the original refused, for the same rule."""
    try:
        shadow.apply(action)
    except IllegalAction as e:
        if (e.rule, e.key) != (refusal.rule, refusal.key):
            raise InvariantBroken(f"restored game refused {action} differently ({where})") from None
        return
    raise InvariantBroken(f"restored game accepted {action} that the original refused ({where})")
