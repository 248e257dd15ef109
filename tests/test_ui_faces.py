"""The pure parts of the UI: card faces (CPython, no browser)."""

from __future__ import annotations

from collections import Counter

from rommi.cards import Card, make_deck
from ui.words.faces import face, face_of


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


def test_face_of_reads_the_code() -> None:
    assert face_of("7H") == face(Card.parse("7H"))
    assert face_of("JK").colour == "joker"
