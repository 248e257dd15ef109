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
    """A seat's box drawn again loses the reaction beside it: ``ui.draw.changes.beside_seats``
    names that seat (its own signature, yours, or the opponents' region's changed), and every
    seat whose reaction came, went or changed; with nothing changed it names none."""
    from ui.draw.changes import beside_seats

    render_common.forget()
    shown = {2: "Nice!"}
    render_common.changed("opponents", (4, 1))
    for seat, sig in ((0, "a"), (2, "b"), (3, "c")):
        render_common.changed(f"seat-{seat}", sig)
    render_common.changed("mine", "m")
    assert beside_seats(shown, 1, 4) == [2]
    assert beside_seats(shown, 1, 4) == []  # nothing drawn since
    render_common.changed("seat-2", "b2")  # seat 2's player moved: its box was drawn again
    assert beside_seats(shown, 1, 4) == [2]
    assert beside_seats({2: "Nice!", 1: "Oops"}, 1, 4) == [1]  # your reaction came
    render_common.changed("mine", None)  # your seat emptied under the cover
    assert beside_seats({2: "Nice!", 1: "Oops"}, 1, 4) == [1]
    render_common.changed("opponents", (4, 2))  # the opponents refilled
    assert beside_seats({2: "Nice!", 1: "Oops"}, 1, 4) == [2]
    assert beside_seats({1: "Oops"}, 1, 4) == [2]  # the reaction's time is up: taken away
    assert beside_seats({}, 1, 4) == [1]
    assert beside_seats({}, 1, 4) == []
    render_common.forget()


def test_a_move_leaves_the_seats_without_a_reaction_alone() -> None:
    """With no reaction shown, a seat's box drawn again at a move puts nothing back: no seat is
    looked up in the page (each lookup crosses into JavaScript), where every seat was before."""
    from ui.draw.changes import beside_seats

    render_common.forget()
    render_common.changed("opponents", (8, 3))
    for seat in range(8):
        render_common.changed(f"seat-{seat}", ("before", seat))
    assert beside_seats({}, 3, 8) == []
    for seat in (4, 5):  # seat 4 drew, seat 5 is next: their boxes drawn again
        render_common.changed(f"seat-{seat}", ("after", seat))
    assert beside_seats({}, 3, 8) == []
    assert beside_seats({6: "Well played"}, 3, 8) == [6]
    render_common.changed("seat-5", ("again", 5))
    assert beside_seats({6: "Well played"}, 3, 8) == []  # seat 5 had none, seat 6 was not drawn
    render_common.forget()


def test_the_dock_stays_as_it_was_at_another_seats_draw_and_discard() -> None:
    """``ui.draw.changes.actions_phase``: while another seat draws and plays (and in a buy
    window not offered here) the dock's signature does not change with the phase; at your turn,
    and once a deal or the match is over (Next deal, New game), it does."""
    from rommi import Game
    from rommi.actions import from_json
    from rommi.bots import hint
    from ui.draw.changes import actions_phase

    game = Game.new("contract", 4, seed=5)
    others: set[str | None] = set()
    yours: set[str | None] = set()
    for _ in range(40):  # seed 5
        seat = game.to_act
        assert seat is not None, "seed 5: the deal ended early"
        v = game.view(0)
        (yours if seat == 0 else others).add(actions_phase(v, seat == 0))
        game.apply(from_json(hint(game.view(seat))["action"].to_json()))
    assert others == {None}
    assert {"draw", "play"} <= yours
    over = {**game.view(0), "phase": "deal_over"}
    assert actions_phase(over, False) == "deal_over"  # type: ignore[arg-type]


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


def test_an_opponents_backs_stay_drawn_while_their_number_does() -> None:
    """``ui.draw.changes.backs_stay``: a seat drawn again because it turned current (or its move
    is no longer the latest) keeps its backs' element; a card drawn or thrown (fewer than the
    most backs shown) draws them again, and after ``forget`` everything is drawn anew."""
    from ui.draw.changes import backs_stay

    render_common.forget()
    assert not backs_stay(3, 11)  # never drawn
    assert backs_stay(3, 11)  # the seat turned current: same backs
    assert not backs_stay(3, 12)  # it drew a card
    assert not backs_stay(3, 11)  # and threw one
    assert backs_stay(3, 11)
    assert not backs_stay(4, 11)  # another seat's own
    render_common.forget()
    assert not backs_stay(3, 11)
    render_common.forget()
