"""A share link and an exported data file written by release 4deab09 still load, and the link
reads back to the very same text (issue 39: the typed actions, the stores table and the move of
the table's modules changed nothing a player keeps).

``tests/data/link_export_release_4deab09.json`` was made with that release's own code: Perusrommi
for three at normal, seed 4321, your seat played by the hint and the others by the computer
players, for two deals (165 actions); then ``ui.links.encode`` of the match and of its deal 1, and
``ui.bundle.export_bundle`` of the save, the settings and the ledger it would have stored.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rommi.game import Phase
from ui.model.app import App
from ui.records.bundle import import_bundle
from ui.records.links import decode, encode
from ui.records.stores import GAME, LEDGER, SETTINGS

RELEASE: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "link_export_release_4deab09.json").read_text(encoding="utf-8")
)


def test_the_releases_share_links_decode_and_encode_to_the_same_text() -> None:
    whole = decode(RELEASE["link_match"])
    assert (whole.record.seed, whole.deal, len(whole.record.actions)) == (4321, 0, RELEASE["actions"])
    assert encode(whole.record, 0) == RELEASE["link_match"]
    first = decode(RELEASE["link_deal_1"])
    assert first.deal == 1
    assert encode(first.record, 1) == RELEASE["link_deal_1"]


def test_the_releases_exported_file_imports_and_its_game_plays_on() -> None:
    plan = import_bundle(json.dumps(RELEASE["export"]))
    assert all(plan[store.key] is not None for store in (GAME, SETTINGS, LEDGER)), plan
    saved = plan[GAME.key]
    assert saved is not None
    app = App.from_save(json.loads(saved))
    assert app.phase() is Phase.DEAL_OVER and app.game.view(0)["deal"] == 2
    assert app.next_deal() is None
    assert app.phase() is Phase.DRAW and app.game.view(0)["deal"] == 3
