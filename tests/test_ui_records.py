"""The statistics screen's click paths and stored data, without a browser: ``ui.records.stats_screen``,
``ui.commands.records`` and the words of ``ui.words.stats_words``.

Each test presses controls as ``main.py`` hands them over (a ``Target`` per click) and
checks what changed and the ``Effects`` the page is asked to carry out; storage is a dict.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest

from stacking import new_game
from ui.commands.records import import_text
from ui.commands.table import Act, Effects, Target, escape, finished, handle
from ui.model.app import App, Seat, bot_seed
from ui.model.settings import Settings
from ui.records import stats
from ui.records.bundle import export_bundle
from ui.records.stats import add_match
from ui.records.stats_screen import restore_stats, write_plan
from ui.records.stores import GAME, LEDGER, SETTINGS, STATS
from ui.screen import Screen
from ui.words import i18n
from ui.words.stats_words import day_text, decimal, lead, ledger_description, met_text, signed_amount


class Store:
    """A storage that may refuse some keys (a full browser storage, say)."""

    def __init__(self, items: dict[str, str] | None = None, refuse: tuple[str, ...] = ()) -> None:
        self.items = dict(items or {})
        self.refuse = set(refuse)

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def put_text(self, key: str, text: str) -> bool:
        if key in self.refuse:
            return False
        self.items[key] = text
        return True

    def remove(self, key: str) -> None:
        self.items.pop(key, None)


def press(s: Screen, act: Act, **fields: Any) -> Effects:
    return handle(s, Target(act, **fields))


def one_match(n: int = 1, variant: str = "contract") -> dict[str, Any]:
    day = f"2026-11-{n:02d}"
    rows = [[5, 1, 1]] * 7 if variant == "contract" else [[40, 1, 0]]
    players = 4 if variant == "contract" else 2
    return {
        "id": f"{variant}/{players}/{n}/{day}/x",
        "variant": variant,
        "players": players,
        "day": day,
        "daily": None,
        "won": True,
        "place": 1,
        "score": 35,
        "ledger": "10",
        "deals": rows,
    }


def with_stats(*matches: dict[str, Any]) -> dict[str, Any]:
    s = stats.empty()
    for m in matches:
        s = add_match(s, m)
    return s


def going_out() -> Screen:
    """Perusrommi for two, you about to go out in one turn with the target reached at once."""
    hand = ["7H", "7S", "7D", "2C", "3C", "4C", "9H", "9S", "9D", "KS"]
    game = new_game("basic", 2, [hand, []], "QD", ["5C"], {"target": 10}, dealer=1)
    s = Screen()
    s.app = App(
        game, [Seat.here("Maija"), Seat.computer("Aino", "easy")], 5, [bot_seed(5, i) for i in range(2)]
    )
    s.screen = "table"
    s.records.today = lambda: date(2026, 12, 1)
    return s


def go_out(s: Screen) -> Effects:
    app = s.app
    assert app is not None
    press(s, Act.DRAW_STOCK)
    uid = {code: u for u, code in app.in_hand_row()}
    app.area.add(0, [uid[c] for c in ("7H", "7S", "7D")])
    app.area.add(1, [uid[c] for c in ("2C", "3C", "4C", "5C")])
    app.area.add(2, [uid[c] for c in ("9H", "9S", "9D")])
    assert GAME in press(s, Act.LAY_DOWN).save
    press(s, Act.CARD, uid=uid["KS"])
    return press(s, Act.DISCARD)


# ------------------------------------------------------------------ opening and closing
def test_from_the_setup_screen_the_statistics_open_on_the_game_chosen_and_back_returns() -> None:
    s = Screen()
    s.form.variant = "basic"
    fx = press(s, Act.STATS)
    assert s.screen == "stats" and s.records.variant == "basic" and s.records.back_to == "setup"
    assert fx.forget and fx.focus == "#stats-title"  # the keyboard goes to the screen's heading
    fx = press(s, Act.STATS_BACK)
    assert s.screen == "setup" and fx.forget and fx.focus == '[data-act="stats"]' and not fx.run_bots


def test_from_the_table_they_show_the_game_played_and_back_returns_to_the_table() -> None:
    s = going_out()
    press(s, Act.MENU_STATS)
    assert s.screen == "stats" and s.records.variant == "basic" and s.records.back_to == "table"
    fx = press(s, Act.STATS_BACK)
    assert s.screen == "table" and fx.focus == '[data-act="menu-stats"]' and fx.run_bots


def test_the_menu_without_a_game_opens_them_with_setup_as_the_way_back() -> None:
    s = Screen()
    press(s, Act.MENU_STATS)
    assert s.records.back_to == "setup"


def test_choosing_a_game_and_controls_of_a_closed_screen() -> None:
    s = Screen()
    for act in (Act.STATS_GAME, Act.STATS_RESET, Act.STATS_RESET_YES, Act.STATS_BACK, Act.EXPORT_DATA):
        assert press(s, act, value="basic") == Effects(redraw=False), act  # not on the screen: nothing
    assert s.screen == "setup" and not s.records.confirm_reset
    press(s, Act.STATS)
    fx = press(s, Act.STATS_GAME, value="basic")
    assert s.records.variant == "basic" and fx.focus == '[data-act="stats-game"][data-value="basic"]'
    assert press(s, Act.STATS_GAME, value="<script>") == Effects(redraw=False)
    assert s.records.variant == "basic"
    assert press(s, Act.EXPORT_DATA).export_data


# ---------------------------------------------------------------------------- reset
def test_reset_asks_first_and_esc_or_cancel_leave_everything() -> None:
    s = Screen()
    s.records.stats = with_stats(one_match())
    press(s, Act.STATS)
    assert press(s, Act.STATS_RESET_YES) == Effects(redraw=False)  # no question asked yet: nothing
    fx = press(s, Act.STATS_RESET)
    assert s.records.confirm_reset and fx.focus == '[data-act="stats-reset-no"]' and STATS not in fx.save
    fx = escape(s)
    assert not s.records.confirm_reset and fx.focus == '[data-act="stats-reset"]'
    press(s, Act.STATS_RESET)
    press(s, Act.STATS_RESET_NO)
    assert len(s.records.stats["matches"]) == 1 and not s.records.confirm_reset
    press(s, Act.STATS_RESET)
    fx = press(s, Act.STATS_RESET_YES)
    assert s.records.stats == stats.empty() and STATS in fx.save and fx.focus == "#stats-title"
    assert fx.announce == "Statistics reset."


def test_leaving_the_screen_forgets_the_question() -> None:
    s = Screen()
    press(s, Act.STATS)
    press(s, Act.STATS_RESET)
    press(s, Act.STATS_BACK)
    press(s, Act.STATS)
    assert not s.records.confirm_reset


# ------------------------------------------------------------------------ recording
def test_a_finished_match_is_counted_once_even_after_a_reload() -> None:
    s = going_out()
    fx = go_out(s)
    assert s.app is not None and s.app.view()["over"]
    assert STATS in fx.save and LEDGER in fx.save
    [m] = s.records.stats["matches"]
    assert m["variant"] == "basic" and m["won"] and m["day"] == "2026-12-01" and m["place"] == 1
    again = Effects()
    finished(s, again)
    assert STATS not in again.save and len(s.records.stats["matches"]) == 1
    s.app = App.from_save(json.loads(json.dumps(s.app.to_save())))  # the page reloaded at the match's end
    finished(s, again)
    assert STATS not in again.save and len(s.records.stats["matches"]) == 1


def test_a_deal_that_does_not_end_the_match_records_nothing() -> None:
    s = going_out()
    fx = Effects()
    finished(s, fx)  # the match is not over
    assert STATS not in fx.save and s.records.stats == stats.empty()


# ---------------------------------------------------------------- stored statistics
def test_readable_statistics_are_read() -> None:
    s = Screen()
    store = Store({STATS.key: json.dumps(with_stats(one_match()))})
    restore_stats(s, store)
    assert len(s.records.stats["matches"]) == 1 and not s.notes and not s.stuck


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("{not json", "note.stats_unreadable"),
        (json.dumps({"version": 2, "matches": []}), "note.stats_newer"),
    ],
)
def test_unreadable_statistics_are_set_aside_with_the_readers_note(text: str, note: str) -> None:
    s = Screen()
    store = Store({STATS.key: text})
    restore_stats(s, store)
    assert s.records.stats == stats.empty() and s.notes == [i18n.t(note)]
    assert store.get(STATS.key) is None and store.get(STATS.key + ".unreadable") == text
    assert STATS.key not in s.stuck


def test_unreadable_statistics_with_no_room_aside_stay_and_are_never_written() -> None:
    s = Screen()
    store = Store({STATS.key: "{not json"}, refuse=(STATS.key + ".unreadable",))
    restore_stats(s, store)
    assert store.get(STATS.key) == "{not json" and STATS.key in s.stuck
    assert s.notes == [i18n.t("note.stuck.stats")]
    plan = json.dumps(export_bundle(Store({STATS.key: json.dumps(with_stats(one_match()))})))
    press(s, Act.STATS)
    import_text(s, plan, store)  # an import would write over them: refused until they are downloaded
    assert s.records.import_error == "stats.import.stuck" and store.get(STATS.key) == "{not json"


# ------------------------------------------------------------------------ importing
def full_store() -> Store:
    settings = Settings()
    settings.name = "Liisa"
    settings.language = "fi"
    hand = ["7H", "7S", "7D", "2C", "3C", "4C", "9H", "9S", "9D", "KS"]
    game = new_game("basic", 2, [hand, []], "QD", ["5C"], {"target": 10}, dealer=1)
    app = App(
        game, [Seat.here("Liisa"), Seat.computer("Aino", "easy")], 5, [bot_seed(5, i) for i in range(2)]
    )
    ledger = {"version": 1, "games": 2, "balance": {"Liisa": "7"}, "wins": {"Liisa": 2}}
    return Store(
        {
            SETTINGS.key: json.dumps(settings.to_dict()),
            LEDGER.key: json.dumps(ledger),
            GAME.key: json.dumps(app.to_save()),
            STATS.key: json.dumps(with_stats(one_match(1), one_match(2, "basic"))),
        }
    )


def test_an_import_replaces_everything_and_the_screen_reads_it_again() -> None:
    exported = json.dumps(export_bundle(full_store()))
    s = Screen()
    press(s, Act.STATS)
    here = Store({STATS.key: json.dumps(with_stats(one_match(9)))})
    fx = import_text(s, exported, here)
    assert fx.forget and fx.new_game and fx.relabel and fx.focus == "#stats-title"
    assert s.records.imported and s.records.import_error is None and s.screen == "stats"
    assert s.settings.name == "Liisa" and s.settings.language == "fi" and s.ledger["games"] == 2
    assert s.app is not None and s.app.names == ["Liisa", "Aino"]
    assert [m["id"] for m in s.records.stats["matches"]] == [one_match(1)["id"], one_match(2, "basic")["id"]]
    assert press(s, Act.STATS_BACK).focus == '[data-act="stats"]' and s.screen == "setup"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        (None, "bundle.foreign"),
        ("{not json", "bundle.foreign"),
        (json.dumps({"format": "rommi.bundle", "version": 2, "parts": {}}), "bundle.newer"),
        (json.dumps({"format": "rommi.bundle", "version": 1, "parts": {"<script>": None}}), "bundle.foreign"),
        (json.dumps({"format": "rommi.bundle", "version": 1, "parts": {"stats": []}}), "bundle.bad_stats"),
        ("x" * 5_000_001, "bundle.oversized"),
    ],
)
def test_a_refused_file_says_why_and_changes_nothing(text: str | None, key: str) -> None:
    s = Screen()
    press(s, Act.STATS)
    store = full_store()
    before = dict(store.items)
    fx = import_text(s, text, store)
    assert s.records.import_error == key and not s.records.imported and fx.focus == "#import-file"
    assert store.items == before and s.app is None and s.settings.name == ""


def test_a_write_the_browser_refuses_puts_every_key_back() -> None:
    exported = json.dumps(export_bundle(full_store()))
    store = Store({LEDGER.key: '{"version":1,"games":0,"balance":{},"wins":{}}'}, refuse=(STATS.key,))
    before = dict(store.items)
    s = Screen()
    press(s, Act.STATS)
    import_text(s, exported, store)
    assert s.records.import_error == "stats.import.refused" and store.items == before


def test_write_plan_removes_what_the_file_does_not_have() -> None:
    store = Store({GAME.key: "{}", LEDGER.key: "{}"})
    assert write_plan(store, {GAME.key: None, LEDGER.key: "[1]"})
    assert store.items == {LEDGER.key: "[1]"}


# ---------------------------------------------------------------------------- words
def test_the_words_in_english_and_finnish() -> None:
    from fractions import Fraction

    try:
        assert lead(1, 1) == "1 match played, 1 won." and lead(2, 0) == "2 matches played, 0 won."
        assert met_text(0, 0) == "not known" and met_text(2, 3) == "2 of 3 (67%)"
        assert signed_amount(Fraction(25, 2)) == "+12.5" and signed_amount(Fraction(0)) == "0"
        assert ledger_description([("2026-11-01", "30"), ("2026-11-02", "-5")]).startswith(
            "After 2 matches your ledger stands at -5; its highest was +30"
        )
        i18n.set_language("fi")
        assert lead(1, 1) == "1 peli pelattu, niistä 1 voitettu."
        assert lead(3, 2) == "3 peliä pelattu, niistä 2 voitettu."
        assert decimal(Fraction(80, 3)) == "26,7" and day_text("2026-12-01") == "1.12.2026"
        assert met_text(1, 2) == "1/2 (50 %)"
    finally:
        i18n.set_language("en")
