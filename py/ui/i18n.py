"""Text for the table, from the catalog (pure Python, no DOM).

``t(key, **params)`` is the one way code gets a sentence. Cards in parameters
are shown as ``7♥`` (``card_text``); the engine's refusals (``refusal``) and the
bots' reasons (``reason``) come with keys and parameters and are worded here,
from the engine's English templates until a catalog has its own.

>>> t("log.discard", who="Aino", card=card_text("TH"))
'Aino discarded the 10♥.'
>>> card_text("JK")
'joker'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rommi.messages import MESSAGES

from .text_en import RANK_PLURALS, SUIT_WORDS, TEXT

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_SHOWN = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"}
RANK_NUMBERS = {r: i + 1 for i, r in enumerate("A23456789TJQK")}

catalog: dict[str, str] = TEXT


def t(key: str, **params: Any) -> str:
    """The sentence for ``key`` with ``params`` filled in; an unknown key shows as itself."""
    template = catalog.get(key, key)
    if not params:
        return template
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def card_text(code: str) -> str:
    """``7H`` as ``7♥``, ``TS`` as ``10♠``, ``JK`` as ``joker``."""
    if code == "JK":
        return t("card.joker")
    if len(code) != 2:
        return code
    return RANK_SHOWN.get(code[0], code[0]) + SUIT_SYMBOLS.get(code[1], code[1])


def cards_text(codes: Iterable[str]) -> str:
    return " ".join(card_text(c) for c in codes)


def rank_plural(rank: int) -> str:
    return RANK_PLURALS.get(rank, str(rank))


def suit_word(suit: str) -> str:
    return SUIT_WORDS.get(suit, suit)


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + t("score.list_and") + names[-1]


Namer = Callable[[int], str]


def _pretty_params(
    params: Mapping[str, Any], meld_name: Namer | None, seat_name: Namer | None = None
) -> dict[str, Any]:
    shown = dict(params)
    if seat_name is not None:
        for name in ("player", "to_act"):
            if isinstance(shown.get(name), int) and not isinstance(shown[name], bool):
                shown[name] = seat_name(shown[name])
    for name in ("card", "avoided", "took"):
        if isinstance(shown.get(name), str):
            shown[name] = card_text(shown[name])
    if isinstance(shown.get("cards"), str):
        shown["cards"] = cards_text(shown["cards"].split())
    if meld_name is not None and isinstance(shown.get("meld"), int) and not isinstance(shown["meld"], bool):
        shown["meld"] = meld_name(shown["meld"])
    return shown


def refusal(
    key: str, params: Mapping[str, Any], meld_name: Namer | None = None, seat_name: Namer | None = None
) -> str:
    """An engine refusal (``IllegalAction.key`` / ``.params``) in words, melds and seats named."""
    template = catalog.get("engine." + key) or MESSAGES.get(key, key)
    shown = _pretty_params(params, meld_name, seat_name)
    if "meld" in shown and shown["meld"] == "":
        # The meld functions leave the meld unnamed: say "that meld" rather than a blank.
        shown["meld"] = "that meld"
    try:
        return template.format(**shown).replace("  ", " ")
    except (KeyError, IndexError, ValueError):
        return template


def reason(key: str, params: Mapping[str, Any], seat_name: Namer | None = None) -> str:
    """A computer player's reason (``hint()["reason"]``) in words, starting with a capital."""
    own = catalog.get("reason." + key)
    if own is None:
        from rommi.bots.reasons import render  # the bots' English templates

        text = render(key, dict(params))
    else:
        try:
            text = own.format(**_pretty_params(params, None, seat_name))
        except (KeyError, IndexError, ValueError):
            text = own
    return text[:1].upper() + text[1:]
