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
