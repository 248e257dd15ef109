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
