"""The language wiring of the UI (CPython, no browser): catalogs, refusals, reasons, card names."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ui.model.settings import Settings, settings_from_dict
from ui.words import i18n
from ui.words.i18n import (
    card_name,
    contract_text,
    deal_contract,
    language_of,
    reason,
    refusal,
    set_language,
    t,
)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def test_the_browser_language_picks_finnish_only_for_fi() -> None:
    assert [language_of(x) for x in ("fi", "fi-FI", "FI", "en-US", "sv-FI", "", None)] == [
        "fi",
        "fi",
        "fi",
        "en",
        "en",
        "en",
        "en",
    ]


def test_switching_changes_the_catalog_card_names_and_contract_words() -> None:
    view = {"deal": 3, "contract": {"text": "two runs of three, different suits", "distinct_run_suits": True}}
    assert (t("table.menu.scores"), card_name("7H"), contract_text(view)) == (
        "Scores",
        "7 of hearts",
        "two runs of three, different suits",
    )
    assert set_language("fi") == "fi" and i18n.language == "fi"
    assert (t("table.menu.scores"), card_name("7H"), card_name("QS")) == (
        "Pisteet",
        "hertta 7",
        "pata kuningatar",
    )
    assert contract_text(view) == "kaksi sarjaa eri maista"
    assert deal_contract(6, True) == "kolme samaa ja kaksi sarjaa, sarjat eri maista"
    assert i18n.rank_plural(7) == "seiskat" and i18n.suit_word("H") == "hertta"
    assert set_language("sv") == "en" and t("table.menu.scores") == "Scores"


def test_an_unnamed_meld_is_that_meld_in_english_and_unsaid_in_finnish() -> None:
    assert refusal("layoff_no_fit", {"cards": "7H", "meld": ""}) == "7♥ does not fit that meld."
    set_language("fi")
    assert refusal("layoff_no_fit", {"cards": "7H", "meld": ""}) == "7♥ ei sovi yhdistelmään."


def test_a_finnish_refusal_gets_finnish_contract_and_suits_from_the_engine_params() -> None:
    params = {
        "deal": 3,
        "contract": "two runs of three, different suits",
        "distinct": True,
        "suits": "hearts",
    }
    set_language("fi")
    assert refusal("contract_runs_same_suit", params) == (
        "Jaon 3 sitoumus on kaksi sarjaa eri maista; sarjasi eivät ole eri maista (hertta)."
    )


def test_a_finnish_reason_gets_its_cards_in_card_text() -> None:
    set_language("fi")
    text = reason("meld_new", {"melds": "7H 7S 7D / 5C 6C 7C"})
    assert text[0].isupper() and "7♥ 7♠ 7♦ / 5♣ 6♣ 7♣" in text and "{" not in text


def test_the_language_setting_is_kept_and_a_bad_one_is_reported() -> None:
    s = Settings()
    s.language = "fi"
    back, ok = settings_from_dict(s.to_dict())
    assert ok and back.language == "fi"
    old = Settings().to_dict()
    del old["language"]  # saved before the switch existed
    assert settings_from_dict(old) == (Settings(), True)
    bad = {**Settings().to_dict(), "language": "klingon"}
    back, ok = settings_from_dict(bad)
    assert not ok and back.language == ""


def test_one_takes_the_singular_in_both_languages() -> None:
    """No sentence reads "1 cards": a key with a ``.one`` form uses it for a count of one."""
    from ui.words.i18n import set_language, t

    try:
        set_language("en")
        assert t("table.hand.count", count=1) == "Your hand: 1 card"
        assert t("table.hand.count", count=2) == "Your hand: 2 cards"
        assert t("buy.bought", count=1) == "You have bought once this deal."
        assert "(s)" not in t("buy.bought", count=3)
        set_language("fi")
        assert t("table.hand.count", count=1) == "Kätesi: 1 kortti"
        assert t("table.hand.count", count=4) == "Kätesi: 4 korttia"
    finally:
        set_language("en")


def test_no_sentence_hedges_its_plural_with_s_in_brackets() -> None:
    """ "1 deck(s)" reads as a table that did not count: each count has its singular wording."""
    from ui.words import text_en

    hedged = {k: v for k, v in text_en.TEXT.items() if "(s)" in v}
    assert hedged == {}
    from ui.words.i18n import set_language, t

    set_language("en")
    assert t("opt.layout.choice.one", size=10) == "1 deck, 10 cards each"
    assert t("buy.limit.one") == "You may buy once more this deal."
