"""Unit tests for ``rommi.cards``: notation, decks, shuffling and card values."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rommi.cards import (
    JOKER,
    Card,
    basic_value,
    card_strs,
    contract_penalty,
    make_deck,
    parse_cards,
    shuffled,
    standard_deck,
)

# Written out here rather than imported, so the tests do not trust the module's own tables.
RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "SHDC"
ALL_53 = [r + s for s in SUIT_CHARS for r in RANK_CHARS] + ["JK"]


def test_53_card_strings_round_trip():
    """rule G2: each of the 52 cards and the joker parses and prints back unchanged."""
    assert len(ALL_53) == 53
    cards = [Card.parse(text) for text in ALL_53]
    assert [str(c) for c in cards] == ALL_53
    assert len(set(cards)) == 53
    assert all(Card.parse(str(c)) == c for c in cards)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AS", 1, "S"),
        ("2H", 2, "H"),
        ("7D", 7, "D"),
        ("TH", 10, "H"),
        ("JC", 11, "C"),
        ("QS", 12, "S"),
        ("KC", 13, "C"),
    ],
)
def test_parse_reads_rank_then_suit(text, rank, suit):
    """rule G2: rank character first (A=1 ... T=10, J=11, Q=12, K=13), suit second."""
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert not card.is_joker


def test_joker_notation():
    """rule G2: the joker is written JK and is the one joker value."""
    assert Card.parse("JK") == JOKER
    assert Card.parse("JK").is_joker
    assert str(JOKER) == "JK"
    assert [c for c in map(Card.parse, ALL_53) if c.is_joker] == [JOKER]


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "7",
        "H",
        "7h",
        "th",
        "as",
        "jk",
        "Jk",
        "1H",
        "0H",
        "10H",
        "7X",
        "HT",
        "KJ",
        " 7H",
        "7H ",
        "7H,",
        "7HH",
        "JKR",
        "Joker",
        "JOKER",
        "♥7",
        "7♥",
        None,
        7,
        7.0,
        b"7H",
        ["7H"],
        ("7", "H"),
        Card(7, "H"),
        {"card": "7H"},
    ],
)
def test_bad_card_strings_raise_value_error(bad):
    """rule G2: anything but a two-character card or JK is refused with ValueError."""
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(bad)


def test_parse_cards_and_card_strs():
    """rule G2: a pile is a list of card strings, top card last; both directions agree."""
    texts = ["7H", "JK", "TS", "AS", "7H"]
    cards = parse_cards(texts)
    assert cards == [Card(7, "H"), JOKER, Card(10, "S"), Card(1, "S"), Card(7, "H")]
    assert card_strs(cards) == texts
    assert parse_cards(tuple(texts)) == cards
    assert parse_cards([]) == []


@pytest.mark.parametrize("bad", ["7H", "7H TS", None, 7, {"7H"}, ["7H", "7X"], ["7H", None]])
def test_parse_cards_refuses_non_lists(bad):
    """rule G2: a pile that is not a list of card strings raises ValueError."""
    with pytest.raises(ValueError):
        parse_cards(bad)


def test_standard_deck_composition():
    """rule G1: one French deck is 52 distinct cards, 13 ranks in each of 4 suits, no joker."""
    deck = standard_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert not any(c.is_joker for c in deck)
    assert Counter(c.suit for c in deck) == {s: 13 for s in SUIT_CHARS}
    assert Counter(c.rank for c in deck) == {r: 4 for r in range(1, 14)}
    assert card_strs(deck) == ALL_53[:52]  # spades to clubs, ace to king


@pytest.mark.parametrize("decks", [1, 2, 3])
@pytest.mark.parametrize("jokers", [0, 1, 2, 6, 12])
def test_make_deck_composition(decks, jokers):
    """rule G1: several decks hold each card once per deck, plus the jokers asked for."""
    deck = make_deck(decks, jokers)
    assert len(deck) == 52 * decks + jokers
    counts = Counter(deck)
    assert counts[JOKER] == jokers
    assert {c: n for c, n in counts.items() if not c.is_joker} == {c: decks for c in standard_deck()}


def test_contract_deck_sizes():
    """rule G1: the packs C2 describes, 2 decks + 1 joker and 3 decks + 2 jokers, hold 105 and 158 cards."""
    assert len(make_deck(2, 1)) == 105
    assert len(make_deck(3, 2)) == 158


def test_shuffle_is_determined_by_the_seed():
    """rule G9: a shuffle comes from the seeded generator: same seed, same order; the input is untouched."""
    deck = make_deck(2, 1)
    before = list(deck)
    a = shuffled(deck, random.Random(7))
    b = shuffled(deck, random.Random(7))
    assert a == b
    assert deck == before
    assert Counter(a) == Counter(deck)
    assert a != deck  # 105! orders: the seeded shuffle is not the identity
    assert shuffled(deck, random.Random(8)) != a


# Penalty and score tables written by hand from the rule text, indexed by rank character.
C14_PENALTY = {
    "A": 15,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "T": 10,
    "J": 10,
    "Q": 10,
    "K": 10,
}
B8_VALUE = {
    "A": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "T": 10,
    "J": 10,
    "Q": 10,
    "K": 10,
}


@pytest.mark.parametrize("text", ALL_53)
def test_contract_penalty_values(text):
    """rule C14: joker 15, ace 15, K Q J T 10, 2-9 face value."""
    expected = 15 if text == "JK" else C14_PENALTY[text[0]]
    assert contract_penalty(Card.parse(text)) == expected


def test_contract_penalty_of_a_whole_deck():
    """rule C14: one deck scores 4 x (15 + (2+...+9) + 4 x 10) = 4 x 99 = 396; a joker adds 15."""
    assert sum(map(contract_penalty, standard_deck())) == 396
    assert sum(map(contract_penalty, make_deck(2, 1))) == 2 * 396 + 15


@pytest.mark.parametrize("text", ALL_53)
def test_basic_values(text):
    """rule B8: joker 15, K Q J 10, T 10, ace 1 (11 with ace_high), others their index."""
    card = Card.parse(text)
    if text == "JK":
        expected, expected_high = 15, 15
    else:
        expected = B8_VALUE[text[0]]
        expected_high = 11 if text[0] == "A" else expected
    assert basic_value(card) == expected
    assert basic_value(card, ace_high=False) == expected
    assert basic_value(card, ace_high=True) == expected_high


def test_basic_value_of_a_whole_deck():
    """rule B8: one deck is 4 x (1 + 44 + 40) = 340, or 4 x (11 + 44 + 40) = 380 with ace_high."""
    assert sum(basic_value(c) for c in standard_deck()) == 340
    assert sum(basic_value(c, ace_high=True) for c in standard_deck()) == 380
