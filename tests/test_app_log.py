"""The table keeps the match's log (``App.log``): with the seed and options it is the match (rule G9),
so replays, links and statistics are built from it. It survives a save, follows undo, and a log
that does not lead to the saved game is dropped without touching the game."""

from __future__ import annotations

import json

from matches import play, played, settings_for
from rommi.replay import Replay
from ui.model.app import App


def test_a_played_match_replays_from_its_log_to_the_same_game() -> None:
    for variant, players, seed in (("contract", 4, 3), ("basic", 2, 8)):
        app = played(variant, players, seed)
        record = app.record()
        assert record is not None
        assert Replay(record).final.to_dict() == app.game.to_dict(), (variant, seed)


def test_the_log_survives_a_save_and_is_dropped_when_it_does_not_fit() -> None:
    app = play(App.new_match(settings_for("contract", 4), 5), actions=120)
    save = json.loads(json.dumps(app.to_save()))
    again = App.from_save(save)
    assert again.log == app.log and again.log
    save["log"] = save["log"][:-1]
    assert App.from_save(save).log is None
    save["log"] = [{"type": "fly"}]
    broken = App.from_save(save)
    assert broken.log is None and broken.game.to_dict() == app.game.to_dict()
    save.pop("log")
    assert App.from_save(save).log is None


def test_undo_takes_the_move_out_of_the_log() -> None:
    from rommi.bots import hint

    for seed in range(1, 40):
        app = App.new_match(settings_for("basic", 2), seed)
        while not app.game.over:
            if app.game.to_act is None:
                app.next_deal()
            elif app.game.to_act == 0:
                action = hint(app.view())["action"]
                app.apply(action)
                if app.can_undo():
                    before = list(app.log or [])
                    assert app.undo()
                    assert app.log == before[:-1]
                    record = app.record()
                    assert record is not None and Replay(record).final.to_dict() == app.game.to_dict()
                    return
            else:
                app.bot_step()
    raise AssertionError("no undoable move in 40 matches")
