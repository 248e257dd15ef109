"""Sitting down at a new match: the one way a game begins, whatever chose it.

The setup form (``ui.commands.table.start_game``), today's deal and a shared match's
cards (``ui.commands.replay``) each make an ``App``; this puts it on the table.
"""

from __future__ import annotations

from ui.commands import handover
from ui.commands.acts import Effects
from ui.model.app import App
from ui.model.outbox import game_started
from ui.records.stores import GAME, SETTINGS
from ui.screen import Screen

FIRST_PLAY = "#hand button.card, #centre .pile.live"  # where the keyboard goes when the table opens


def begin(screen: Screen, app: App, save_settings: bool = False) -> Effects:
    """Sit down at a new match (from the form, today's deal or a shared match's cards). With
    several people here it opens under the cover: whoever acts first takes the device."""
    app.buy_prompts[app.owner] = screen.settings.buy_prompt  # the owner's; a friend's starts at the default
    screen.app = app
    screen.screen = "table"
    screen.replay = None
    screen.setup_notice = None
    screen.notice_source = None
    screen.setup_error = None
    screen.sheet_open = False
    screen.clear_messages()
    covered = handover.cover_new_table(screen, app)
    return Effects(
        forget=True,
        save={GAME, SETTINGS} if save_settings else {GAME},
        new_game=True,
        run_bots=True,
        focus=handover.COVER_BUTTON if covered else FIRST_PLAY,
        announce=handover.cover_title(app) if covered else None,
        cover=covered,
        post=[game_started(app)],
    )
