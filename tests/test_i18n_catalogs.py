"""The Finnish catalog (py/ui/words/text_fi.py) against the English one and the engine's and bots' keys.

Every string the table shows has a Finnish twin with the same placeholders; every
engine refusal (rule G10: refused with a reason) and every computer player's
reason has a Finnish template that formats with the parameters actually sent;
every one of the 53 cards has a spoken name in both languages.
"""

from __future__ import annotations

import re
import string
from typing import Any

import pytest

from rommi import IllegalAction
from rommi.bots.reasons import REASONS as EN_REASONS
from rommi.cards import make_deck
from rommi.contracts import DEALS, contract_for, describe
from rommi.messages import MESSAGES
from stacking import draw_stock, new_game, refuse_act
from ui.words import text_en, text_fi
from ui.words.faces import face_of

ALL_CARDS = sorted({str(c) for c in make_deck(1, 1)})

# A value of the right kind for each parameter name the catalogs use.
DUMMY: dict[str, Any] = {
    "card": "7H",
    "cards": "7H 8H 9H",
    "avoided": "KS",
    "took": "QS",
    "count": 3,
    "deal": 3,
    "deals": 7,
    "max": 3,
    "left": 2,
    "points": 25,
    "target": 100,
    "decks": 2,
    "size": 10,
    "player": 1,
    "to_act": 2,
    "meld": 4,
    "rank": "7",
    "suit": "H",
    "suits": "hearts, spades",
    "contract": "two runs of three, different suits",
    "phase": "a buy window is open: buy or pass",
    "detail": "not an object",
    "type": "fly",
    "field": "cards",
    "text": "ZZ",
    "kind": "pair",
    "seen": "7H 7S",
    "melds": "7H 7S 7D / 5C 6C 7C",
}


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses (``{card}``, ``{type!r}`` -> ``card``, ``type``)."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(re.split(r"[.\[]", field, maxsplit=1)[0])
    return names


def dummy(names: set[str]) -> dict[str, Any]:
    return {name: DUMMY.get(name, f"<{name}>") for name in names}


# --- the table's own text ---------------------------------------------------------------


def test_finnish_has_every_english_key_and_no_other() -> None:
    missing = sorted(set(text_en.TEXT) - set(text_fi.TEXT))
    extra = sorted(set(text_fi.TEXT) - set(text_en.TEXT))
    assert not missing, f"keys in text_en but not in text_fi: {missing}"
    assert not extra, f"keys in text_fi but not in text_en: {extra}"


def test_each_finnish_template_has_the_english_placeholders() -> None:
    wrong = {
        key: (sorted(placeholders(en)), sorted(placeholders(text_fi.TEXT[key])))
        for key, en in text_en.TEXT.items()
        if key in text_fi.TEXT and placeholders(en) != placeholders(text_fi.TEXT[key])
    }
    assert not wrong, "placeholders differ (english, finnish): " + repr(wrong)


def test_rank_plurals_suit_words_and_bot_names_match_the_english_tables() -> None:
    assert set(text_fi.RANK_PLURALS) == set(text_en.RANK_PLURALS)
    assert set(text_fi.SUIT_WORDS) == set(text_en.SUIT_WORDS)
    assert len(text_fi.BOT_NAMES) == len(text_en.BOT_NAMES)
    assert text_fi.RANK_PLURALS[7] == "seiskat" and text_fi.SUIT_WORDS["H"] == "hertta"


# --- the engine's refusals (rule G10) and the bots' reasons -------------------------------


def test_every_engine_refusal_has_a_finnish_template_using_only_its_parameters() -> None:
    """rule G10: an illegal action is refused with a reason, so each reason needs Finnish words."""
    missing = sorted(set(MESSAGES) - set(text_fi.ENGINE))
    assert not missing, f"engine keys without Finnish: {missing}"
    assert not sorted(set(text_fi.ENGINE) - set(MESSAGES)), "Finnish keys the engine does not have"
    wrong = {
        key: sorted(placeholders(fi) - placeholders(MESSAGES[key]))
        for key, fi in text_fi.ENGINE.items()
        if not placeholders(fi) <= placeholders(MESSAGES.get(key, ""))
    }
    assert not wrong, f"Finnish refusals use parameters the engine does not send: {wrong}"


def test_every_bot_reason_has_a_finnish_template_using_only_its_parameters() -> None:
    missing = sorted(set(EN_REASONS) - set(text_fi.REASONS))
    assert not missing, f"bot reason keys without Finnish: {missing}"
    assert not sorted(set(text_fi.REASONS) - set(EN_REASONS)), "Finnish reasons the bots do not have"
    wrong = {
        key: sorted(placeholders(fi) - placeholders(EN_REASONS[key]))
        for key, fi in text_fi.REASONS.items()
        if not placeholders(fi) <= placeholders(EN_REASONS.get(key, ""))
    }
    assert not wrong, f"Finnish reasons use parameters the bots do not send: {wrong}"


def test_the_catalogs_own_engine_and_reason_wording_uses_only_sent_parameters() -> None:
    """``engine.*`` / ``reason.*`` entries of TEXT reword a refusal (rule G10) or a reason."""
    for catalog in (text_en.TEXT, text_fi.TEXT):
        for key, template in catalog.items():
            if key.startswith("engine."):
                assert key[7:] in MESSAGES, key
                assert placeholders(template) <= placeholders(MESSAGES[key[7:]]), key
            elif key.startswith("reason."):
                name = key[7:].removeprefix("its.")  # ``its``: a computer player's own reason
                assert name in EN_REASONS, key
                assert placeholders(template) <= placeholders(EN_REASONS[name]), key


def test_a_computer_players_reason_speaks_of_its_own_hand_in_both_languages() -> None:
    """issue 42: the replay said "Why Aino did it: Pass: the 7♥ does not help your hand". Every
    reason that speaks to "you" has a wording for the player itself, in both catalogs."""
    to_you = re.compile(r"\b(you|your)\b")
    spoken_to_you = sorted(k for k, v in EN_REASONS.items() if to_you.search(v))
    assert "pass_no_help" in spoken_to_you
    fi_to_you = re.compile(r"\b(kätesi|kättäsi|korttisi|sinua|olet|voit|saat|et)\b")
    assert [
        k for k in spoken_to_you if k != "pass_final_deal" and not fi_to_you.search(text_fi.REASONS[k])
    ] == []
    for catalog, second_person in (
        (text_en.TEXT, to_you),
        (text_fi.TEXT, fi_to_you),
    ):
        its = {k.removeprefix("reason.its."): v for k, v in catalog.items() if k.startswith("reason.its.")}
        assert sorted(k for k in spoken_to_you if k not in its) == [], "reasons still said to you"
        assert {k: v for k, v in its.items() if second_person.search(v)} == {}
    assert text_en.TEXT["reason.its.pass_no_help"] == "pass: the {card} does not help its hand"


def test_the_flat_catalog_holds_everything_and_prefers_names_over_seat_numbers() -> None:
    flat = text_fi.catalog()
    assert {f"engine.{k}" for k in MESSAGES} <= set(flat)
    assert {f"reason.{k}" for k in EN_REASONS} <= set(flat)
    assert set(text_fi.TEXT) <= set(flat)
    assert flat["engine.not_your_turn"] == text_fi.TEXT["engine.not_your_turn"]
    assert "paikka" not in flat["engine.not_your_turn"]


# --- every template is usable ------------------------------------------------------------


# Finnish leaves an unnamed meld unsaid ("ei sovi yhdistelmään."), where English says "that meld".
MAY_BE_EMPTY = frozenset({"meld.unnamed"})

ALL_FINNISH = [
    *[("TEXT", k, v) for k, v in text_fi.TEXT.items()],
    *[("ENGINE", k, v) for k, v in text_fi.ENGINE.items()],
    *[("REASONS", k, v) for k, v in text_fi.REASONS.items()],
]


@pytest.mark.parametrize(
    ("table", "key", "template"), ALL_FINNISH, ids=[f"{t}:{k}" for t, k, _ in ALL_FINNISH]
)
def test_every_finnish_template_is_non_empty_and_formats(table: str, key: str, template: str) -> None:
    assert template.strip() or key in MAY_BE_EMPTY, f"{table} {key} is empty"
    params = dummy(placeholders(template))
    if table == "ENGINE":
        params = text_fi.engine_params(params)
    elif table == "REASONS":
        params = text_fi.reason_params(params)
    text = template.format(**params)
    assert "{" not in text and "}" not in text, text


def test_no_english_template_is_empty() -> None:
    for catalog in (text_en.TEXT, MESSAGES, EN_REASONS):
        assert not [k for k, v in catalog.items() if not v], "empty templates"


# --- cards ---------------------------------------------------------------------------------


def test_all_53_cards_have_a_name_in_both_languages() -> None:
    assert len(ALL_CARDS) == 53
    english = {code: face_of(code).name for code in ALL_CARDS}
    finnish = {code: text_fi.card_name(code) for code in ALL_CARDS}
    for names in (english, finnish):
        assert all(names.values()), "a card without a name"
        assert len(set(names.values())) == 53, "two cards share a name"
    assert english["7H"] == "7 of hearts"
    assert english["JK"] == "joker"
    assert [finnish[c] for c in ("7H", "AS", "KC", "TD", "QH", "JS", "JK")] == [
        "hertta 7",
        "pata ässä",
        "risti kuningas",
        "ruutu 10",
        "hertta kuningatar",
        "pata jätkä",
        "jokeri",
    ]
    assert all(c == "JK" or not any(ch in finnish[c] for ch in "SHDC") for c in ALL_CARDS)


def test_a_non_card_is_left_as_it_is() -> None:
    assert text_fi.card_name("ZZ") == "ZZ"
    assert text_fi.card_name("") == ""


# --- contracts and English prose in engine parameters (rule C4) -----------------------------


def test_finnish_contract_words_for_all_seven_deals() -> None:
    """rule C4: the seven contracts, with "different suits" in deal 3 and, by house rule, 6 and 7."""
    assert [text_fi.contract_words(d) for d in range(1, DEALS + 1)] == [
        "kaksi kertaa kolme samaa",
        "kolme samaa ja sarja",
        "kaksi sarjaa eri maista",
        "kolme kertaa kolme samaa",
        "kaksi kertaa kolme samaa ja sarja",
        "kolme samaa ja kaksi sarjaa",
        "kolme sarjaa",
    ]
    for deal in range(1, DEALS + 1):
        for differ in (False, True):
            contract = contract_for(deal, differ)
            words = text_fi.contract_words(deal, contract.distinct_run_suits)
            assert ("eri maista" in words) == contract.distinct_run_suits, (deal, differ, describe(contract))


def test_engine_params_put_english_prose_in_finnish() -> None:
    shown = text_fi.engine_params(
        {"deal": 6, "contract": "one set of three and two runs of three, different suits", "suits": "hearts"}
    )
    assert shown == {
        "deal": 6,
        "contract": "kolme samaa ja kaksi sarjaa, sarjat eri maista",
        "suits": "hertta",
    }
    assert text_fi.engine_params({"phase": "something new"})["phase"] == text_fi.UNKNOWN_PHASE
    assert text_fi.engine_params({"cards": "7H 8H"}) == {"cards": "7H 8H"}


def test_a_real_contract_refusal_reads_in_finnish() -> None:
    """rule C4 (and G10): two hearts runs in deal 3 are refused; in Finnish the text names the deal,
    the contract and the suit."""
    g = new_game(
        "contract",
        3,
        hands=[[], ["3H", "4H", "5H", "8H", "9H", "TH", "7S", "7D", "7C", "KS"], []],
        up="QS",
        stock=["KH"],
        deal=3,
    )
    draw_stock(g)
    err: IllegalAction = refuse_act(g, "C4", "meld", melds=[["3H", "4H", "5H"], ["8H", "9H", "TH"]])
    text = text_fi.ENGINE[err.key].format(**text_fi.engine_params(err.params))
    assert text == "Jaon 3 sitoumus on kaksi sarjaa eri maista; sarjasi eivät ole eri maista (hertta)."


def test_reason_params_put_ranks_suits_and_melds_in_words() -> None:
    shown = text_fi.reason_params({"card": "7H", "rank": "7", "suit": "H", "melds": "7H 7S JK / TC JC QC"})
    assert shown == {"card": "7H", "rank": "seiskat", "suit": "hertta", "melds": "7♥ 7♠ jokeri / 10♣ J♣ Q♣"}
    text = text_fi.REASONS["take_completes_run"].format(**{**shown, "card": "7♥"})
    assert text == "ota 7♥: sillä saat herttasarjan"


# --- wired into ui.words.i18n as the lead would wire it ------------------------------------------


def test_the_finnish_catalog_works_through_ui_i18n(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``i18n.catalog`` set to the flat Finnish catalog, the table's helpers speak Finnish:
    refusals (rule G10) after ``engine_params``, reasons after ``reason_params``, seats by name."""
    from ui.words import i18n

    monkeypatch.setattr(i18n, "catalog", text_fi.catalog())
    names = ["Sinä", "Aino", "Eero"]
    assert i18n.t("log.discard", who="Aino", card=i18n.card_text("TH")) == "Aino löi pois kortin 10♥."
    assert i18n.card_text("JK") == "jokeri"
    refused = i18n.refusal(
        "not_your_turn", text_fi.engine_params({"player": 0, "to_act": 2}), None, names.__getitem__
    )
    assert refused == "Et ole nyt vuorossa: vuorossa on Eero."
    refused = i18n.refusal(
        "contract_not_met", text_fi.engine_params({"deal": 1, "contract": "two sets of three"})
    )
    assert refused == "Jaon 1 sitoumus on kaksi kertaa kolme samaa; tämä pöytäys ei täytä sitä."
    said = i18n.reason("take_completes_set", text_fi.reason_params({"card": "7H", "rank": "7", "suit": "H"}))
    assert said == "Ota 7♥: sillä saat kolme samaa (seiskat)"
    said = i18n.reason(
        "discard_avoid_feeding",
        text_fi.reason_params({"card": "KS", "avoided": "QH", "player": 1, "took": "JK"}),
        names.__getitem__,
    )
    assert said == "Lyö pois K♠ eikä Q♥: Aino otti avopakasta kortin jokeri"
