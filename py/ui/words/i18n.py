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

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rommi.cards import JOKER_CODE
from rommi.messages import MESSAGES
from ui.words import text_en, text_fi
from ui.words.faces import face_of

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_SHOWN = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"}
RANK_NUMBERS = {r: i + 1 for i, r in enumerate("A23456789TJQK")}

LANGUAGES: tuple[str, ...] = ("en", "fi")
catalog: dict[str, str] = text_en.TEXT
language: str = "en"
_FI_CATALOG: dict[str, str] | None = None


def set_language(lang: str) -> str:
    """Make ``lang`` ("en" or "fi"; anything else is English) the language of every sentence."""
    global catalog, language, _FI_CATALOG
    if lang == "fi":
        if _FI_CATALOG is None:
            _FI_CATALOG = text_fi.catalog()
        catalog, language = _FI_CATALOG, "fi"
    else:
        catalog, language = text_en.TEXT, "en"
    return language


def language_of(tag: str | None) -> str:
    """The language for a browser's ``navigator.language``: ``fi-FI`` is Finnish, the rest English.

    >>> language_of("fi-FI"), language_of("en-GB"), language_of(None)
    ('fi', 'en', 'en')
    """
    return "fi" if isinstance(tag, str) and tag.lower().startswith("fi") else "en"


def card_name(code: str) -> str:
    """A card's spoken name in the current language: ``7 of hearts`` / ``hertta 7``."""
    if language == "fi":
        return text_fi.card_name(code)
    try:
        return face_of(code).name
    except Exception:  # not a card: show it as it is
        return code


def deal_contract(deal: int, runs_differ_in_suit: bool) -> str:
    """The contract of deal ``deal`` (1-7) in words, for the score sheet's rows."""
    from rommi.contracts import contract_for, describe

    contract = contract_for(deal, runs_differ_in_suit)
    if language == "fi":
        return text_fi.contract_words(deal, contract.distinct_run_suits)
    return describe(contract)


def contract_text(view: Mapping[str, Any]) -> str:
    """The contract of the deal in ``view`` in words (``""`` when there is none)."""
    contract = view.get("contract")
    if not contract:
        return ""
    if language == "fi" and isinstance(view.get("deal"), int):
        return text_fi.contract_words(view["deal"], bool(contract.get("distinct_run_suits")))
    return str(contract["text"])


def t(key: str, **params: Any) -> str:
    """The sentence for ``key`` with ``params`` filled in; an unknown key shows as itself.

    ``count=1`` takes the singular sentence ``key + ".one"`` where the catalog has one
    ("1 card", "1 kortti"), so no sentence reads "1 cards".
    """
    template = catalog.get(key + ".one", catalog.get(key, key)) if params.get("count") == 1 else None
    template = template or catalog.get(key, key)
    if not params:
        return template
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def card_text(code: str) -> str:
    """``7H`` as ``7♥``, ``TS`` as ``10♠``, ``JK`` as ``joker``."""
    if code == JOKER_CODE:
        return t("card.joker")
    if len(code) != 2:
        return code
    return RANK_SHOWN.get(code[0], code[0]) + SUIT_SYMBOLS.get(code[1], code[1])


def cards_text(codes: Iterable[str]) -> str:
    return " ".join(card_text(c) for c in codes)


def rank_plural(rank: int) -> str:
    plurals = text_fi.RANK_PLURALS if language == "fi" else text_en.RANK_PLURALS
    return plurals.get(rank, str(rank))


def suit_word(suit: str) -> str:
    words = text_fi.SUIT_WORDS if language == "fi" else text_en.SUIT_WORDS
    return words.get(suit, suit)


def _tidy(text: str) -> str:
    """No double spaces, and no space before punctuation (left by an unnamed meld)."""
    return re.sub(r" +([.,:;!?)])", r"\1", re.sub(r" {2,}", " ", text)).strip()


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
    if language == "fi":
        params = text_fi.engine_params(params)
    shown = _pretty_params(params, meld_name, seat_name)
    if "meld" in shown and shown["meld"] == "":
        # The meld functions leave the meld unnamed: "that meld" in English, nothing in Finnish.
        shown["meld"] = t("meld.unnamed")
    try:
        return _tidy(template.format(**shown))
    except (KeyError, IndexError, ValueError):
        return template


def _english_reason_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """A reason's rank and suit letters and card lists in English words, as the bots' own
    ``render`` words them, for the catalog's own English templates (``reason.its.*``, and those
    that name seats): "its set of sevens", not "its set of 7"."""
    from rommi.bots.reasons import worded

    return worded(params)


def reason(key: str, params: Mapping[str, Any], seat_name: Namer | None = None, its: bool = False) -> str:
    """A computer player's reason (``hint()["reason"]``) in words, starting with a capital.

    The bots word their reasons to you, as hints ("does not help your hand"); ``its``: the
    reason of a computer player for its own move, which speaks of its own hand ("does not help
    its hand"), from the catalog's ``reason.its.*`` where the words differ."""
    own = (catalog.get("reason.its." + key) if its else None) or catalog.get("reason." + key)
    if own is None:
        from rommi.bots.reasons import render  # the bots' English templates

        text = render(key, dict(params))
    else:
        params = text_fi.reason_params(params) if language == "fi" else _english_reason_params(params)
        try:
            text = own.format(**_pretty_params(params, None, seat_name))
        except (KeyError, IndexError, ValueError):
            text = own
    return text[:1].upper() + text[1:]
