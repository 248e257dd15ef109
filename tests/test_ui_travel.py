"""Which way cards travel for each public event (``ui.model.travel``), without a browser."""

from __future__ import annotations

from rommi.bots import hint
from stacking import new_game
from ui.model.travel import MAX_MS, Travel, duration_ms, news, travels


def test_each_move_names_where_its_card_goes() -> None:
    """rules G8, C6, C9, C10, C11: draws, buys, discards, melds, lay-offs and joker swaps."""
    assert travels({"type": "draw", "player": 2, "source": "stock"}) == [Travel(None, "stock", "seat:2")]
    assert travels({"type": "draw", "player": 0, "source": "discard", "card": "QC"}) == [
        Travel("QC", "discard", "seat:0")
    ]
    assert travels({"type": "buy", "player": 1, "card": "5H"}) == [
        Travel("5H", "discard", "seat:1"),
        Travel(None, "stock", "seat:1"),
    ]
    assert travels({"type": "discard", "player": 0, "card": "JS"}) == [Travel("JS", "seat:0", "discard")]
    meld = {"type": "meld", "player": 2, "melds": [["JS", "JH", "JK"], ["QS", "QH", "QC"]], "ids": [0, 1]}
    assert travels(meld) == [Travel("JS", "seat:2", "meld:0"), Travel("QS", "seat:2", "meld:1")]
    layoff = {"type": "layoff", "player": 2, "meld": 4, "cards": ["7S"], "end": None}
    assert travels(layoff) == [Travel("7S", "seat:2", "meld:4")]
    swap = {"type": "swap", "player": 1, "meld": 3, "card": "6H"}
    assert travels(swap) == [Travel("6H", "seat:1", "meld:3"), Travel("JK", "meld:3", "seat:1")]
    for quiet in ({"type": "offer", "player": 0, "card": "3C"}, {"type": "pass", "player": 1}, {"type": "x"}):
        assert travels(quiet) == []


def test_every_entry_of_a_played_deal_is_understood() -> None:
    """A whole deal played by the hint: each draw and discard gives one travel."""
    g = new_game("contract", 3, [[], [], []], "QD", dealer=0)
    while g.view(0)["phase"] not in ("deal_over", "match_over"):
        g.apply(hint(g.view(g.to_act))["action"])
    history = g.view(0)["history"]
    moved = [t for e in history for t in travels(e)]
    kinds = {e["type"] for e in history}
    assert {"draw", "discard"} <= kinds
    assert len(moved) >= sum(1 for e in history if e["type"] in ("draw", "discard"))
    assert all(t.start != t.end for t in moved)


def test_only_the_newest_moves_travel() -> None:
    history = [{"type": "discard", "player": p % 3, "card": f"{p + 2}S"} for p in range(6)]
    assert [t.card for t in news(history, 2)] == ["5S", "6S", "7S"]
    assert news(history, 6) == [] and news(history, 9) == []


def test_nothing_moves_at_the_instant_pace_or_with_reduced_motion() -> None:
    assert duration_ms("instant", False) == 0
    assert duration_ms("normal", True) == 0
    assert 0 < duration_ms("fast", False) < duration_ms("normal", False) <= MAX_MS
    assert duration_ms("slow", False) == MAX_MS
