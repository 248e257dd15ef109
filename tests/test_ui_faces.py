"""The pure parts of the UI: card faces and the skeleton's sample deal (CPython, no browser)."""

from __future__ import annotations

from collections import Counter

from rommi.cards import Card, make_deck
from ui.faces import face
from ui.sample import HAND_SIZE, sample_hand, seed_from_query


def test_every_card_has_a_face_with_rank_suit_and_colour() -> None:
    faces = {str(c): face(c) for c in make_deck(1, 1)}
    assert len(faces) == 53
    assert faces["7H"] == ("7H", "7", "♥", "red", "7 of hearts")
    assert faces["TS"].rank == "10" and faces["TS"].suit == "♠" and faces["TS"].colour == "black"
    assert faces["QD"].colour == "red" and faces["AC"].name == "ace of clubs"
    assert faces["JK"].colour == "joker" and faces["JK"].name == "joker"
    assert Counter(f.colour for f in faces.values()) == {"red": 26, "black": 26, "joker": 1}
    assert {f.suit for f in faces.values()} == {"♠", "♥", "♦", "♣", ""}


def test_face_code_round_trips_through_card_parse() -> None:
    for card in make_deck(1, 1):
        assert Card.parse(face(card).code) == card


def test_sample_hand_is_reproducible_and_drawn_from_two_decks_and_a_joker() -> None:
    hand = sample_hand(7)
    assert len(hand) == HAND_SIZE
    assert sample_hand(7) == hand
    assert sample_hand(8) != hand
    pack = Counter(make_deck(2, 1))
    assert all(Counter(hand)[c] <= pack[c] for c in hand)


def test_seed_from_query() -> None:
    assert seed_from_query("?seed=42") == 42
    assert seed_from_query("seed=0&x=1") == 0
    assert seed_from_query("") is None
    assert seed_from_query("?seed=-3") is None
    assert seed_from_query("?seed=abc") is None
    assert seed_from_query("?seed=99999999999") is None
