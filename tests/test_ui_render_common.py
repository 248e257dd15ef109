"""The redraw memory the page's regions share (``ui.draw.regions``), without a browser."""

from __future__ import annotations

from ui.draw import regions as render_common
from ui.words import i18n


def test_a_region_is_redrawn_only_when_its_signature_changes() -> None:
    render_common.forget()
    assert render_common.changed("hand", (1, 2))
    assert not render_common.changed("hand", (1, 2))
    assert render_common.changed("log", (1, 2))  # each region remembers its own
    assert render_common.changed("hand", (1, 3))
    assert not render_common.changed("hand", (1, 3))
    render_common.forget()
    assert render_common.changed("hand", (1, 3))
    render_common.forget()


def test_count_says_one_card_or_many() -> None:
    before = i18n.language
    i18n.set_language("en")
    try:
        assert render_common.count(1) == "1 card"
        assert render_common.count(0) == "0 cards"
        assert render_common.count(13) == "13 cards"
    finally:
        i18n.set_language(before)


def test_the_reactions_beside_the_seats_are_put_back_whenever_a_seat_was_drawn_again() -> None:
    """A seat's box drawn again loses the reaction beside it: the reactions' signature
    (``ui.draw.changes.beside_signature``) changes with every seat's, yours, and the opponents'
    region's, and with the reactions shown; with none of them changed it stays the same."""
    from ui.draw.changes import beside_signature

    render_common.forget()
    shown = {2: "Nice!"}
    render_common.changed("opponents", (4, 1))
    for seat, sig in ((0, "a"), (2, "b"), (3, "c")):
        render_common.changed(f"seat-{seat}", sig)
    render_common.changed("mine", "m")
    first = beside_signature(shown, 1, 4, True)
    assert render_common.changed("beside", first)
    assert not render_common.changed("beside", beside_signature(shown, 1, 4, True))  # nothing drawn since
    render_common.changed("seat-3", "c2")  # seat 3's player moved: its box was drawn again
    assert render_common.changed("beside", beside_signature(shown, 1, 4, True))
    render_common.changed("mine", None)  # your seat emptied under the cover
    assert render_common.changed("beside", beside_signature(shown, 1, 4, True))
    render_common.changed("opponents", (4, 2))  # the opponents refilled
    assert render_common.changed("beside", beside_signature(shown, 1, 4, True))
    assert render_common.changed("beside", beside_signature({}, 1, 4, True))  # the reaction's time is up
    assert render_common.changed("beside", beside_signature({}, 1, 4, False))  # a game at one device
    assert not render_common.changed("beside", beside_signature({}, 1, 4, False))
    render_common.forget()


def test_an_opponents_melds_stay_drawn_only_while_they_look_the_same() -> None:
    """A seat's box drawn again keeps its melds' element only while ``melds_stay``: a card laid
    off on one of its melds (the meld's signature), the meld just touched, other words or names
    all draw them again; the seat's other facts (its hand's size) do not."""
    from rommi import Game
    from rommi.actions import from_json
    from rommi.bots import hint
    from ui.draw.changes import melds_stay, seat_signature

    render_common.forget()
    names = ["A", "B", "C"]
    game = Game.new("basic", 3, seed=16)
    seen: list[tuple[object, ...]] = []
    for _ in range(400):  # play until a seat's melds change; seed 16, named by the asserts below
        seat = game.to_act
        if seat is None:
            break
        game.apply(from_json(hint(game.view(seat))["action"].to_json()))
        seen.append(seat_signature(game.view(0), names, None, 1, False, ""))
    changes = [i for i in range(1, len(seen)) if seen[i][-1] != seen[i - 1][-1]]
    assert changes, "seed 16: seat 1's melds never changed"
    first = seen[changes[0] - 1]
    assert not melds_stay(1, first, "en", names)  # never drawn
    assert melds_stay(1, first, "en", names)
    assert melds_stay(1, (*first[:2], 99, *first[3:]), "en", names)  # another hand size: melds as they were
    assert not melds_stay(1, seen[changes[0]], "en", names), "seed 16: a changed meld was kept"
    assert not melds_stay(1, seen[changes[0]], "fi", names)
    assert not melds_stay(1, seen[changes[0]], "fi", ["A", "Bea", "C"])
    assert melds_stay(1, seen[changes[0]], "fi", ["A", "Bea", "C"])
    render_common.forget()
    assert not melds_stay(1, seen[changes[0]], "fi", ["A", "Bea", "C"])  # forgotten: drawn afresh
    render_common.forget()
