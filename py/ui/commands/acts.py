"""The page's controls as data: an ``Act`` per ``data-act``, the pressed ``Target``, the ``Effects``.

Shared by every module of handlers (``ui.commands.table`` for the table and the setup
screen, ``ui.commands.replay`` for the replay viewer) and by ``main.py``, which
reads a click into a ``Target``. Pure Python.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from ui.model.outbox import Message
from ui.records.stores import Store


class Act(enum.StrEnum):
    """Every ``data-act`` of the page's controls."""

    START = "start"
    CONTINUE = "continue"
    CARD = "card"
    DRAW_STOCK = "draw-stock"
    DRAW_DISCARD = "draw-discard"
    BUY = "buy"
    PASS = "pass"
    DISCARD = "discard"
    MELD = "meld"
    LAY_OFF = "lay-off"
    SWAP = "swap"
    CHOOSE = "choose"
    CHOOSE_CANCEL = "choose-cancel"
    CLEAR_SELECTION = "clear-selection"
    NEW_MELD = "new-meld"
    PUT = "put"
    DRAFT_CARD = "draft-card"
    DRAFT_KIND = "draft-kind"
    DRAFT_REMOVE = "draft-remove"
    JOKER_LOW = "joker-low"
    JOKER_HIGH = "joker-high"
    ACE = "ace"
    AREA_CLEAR = "area-clear"
    LAY_DOWN = "lay-down"
    SORT_SUIT = "sort-suit"
    SORT_RANK = "sort-rank"
    HINT = "hint"
    HINT_DEEPER = "hint-deeper"
    NEXT_DEAL = "next-deal"
    SCORES = "scores"
    SHEET_CLOSE = "sheet-close"
    NEW_GAME = "new-game"
    MENU_NEW_GAME = "menu-new-game"
    UNDO = "undo"
    PEEK = "peek"
    TAKE_OVER = "take-over"
    DOWNLOAD = "download"
    # The statistics screen (``ui.commands.records``).
    STATS = "stats"
    MENU_STATS = "menu-stats"
    STATS_BACK = "stats-back"
    STATS_GAME = "stats-game"
    STATS_PERSON = "stats-person"  # "Whose statistics": the person named ``value`` ("": the owner)
    STATS_RESET = "stats-reset"
    STATS_RESET_YES = "stats-reset-yes"
    STATS_RESET_NO = "stats-reset-no"
    EXPORT_DATA = "export-data"
    IMPORT_YES = "import-yes"  # the file waiting for an answer replaces what is kept here
    IMPORT_NO = "import-no"  # ... or is let go
    # The replay viewer (``ui.commands.replay``).
    REPLAY = "replay"  # open it on this match's deal ``value``
    REPLAY_FIRST = "replay-first"
    REPLAY_BACK = "replay-back"
    REPLAY_FORWARD = "replay-forward"
    REPLAY_LAST = "replay-last"
    REPLAY_STEP = "replay-step"  # the slider: step ``value``
    REPLAY_TURN_BACK = "replay-turn-back"  # to where this turn began, or the one before
    REPLAY_TURN_FORWARD = "replay-turn-forward"  # to where the next turn begins
    REPLAY_DEAL = "replay-deal"  # the deal chooser: deal ``value``
    REPLAY_SHARE = "replay-share"
    REPLAY_PLAY = "replay-play"  # play the shared match's cards yourself
    REPLAY_COPY = "replay-copy"  # put the link on the clipboard
    REPLAY_SEND = "replay-send"  # hand the link to the system's share sheet
    REPLAY_CLOSE = "replay-close"
    DAILY = "daily"  # start today's deal
    UNCOVER = "uncover"  # "I am Liisa": lift the cover between people here (``ui.commands.handover``)
    # Playing online: the lobby (``ui.commands.lobby``).
    ONLINE = "online"  # "Play with friends online": the lobby
    CREATE_TABLE = "create-table"
    COPY_INVITE = "copy-invite"  # the invitation link to the clipboard
    TAKE_SEAT = "take-seat"  # a guest takes seat ``index`` under the name typed (``form["name"]``)
    SEAT_COMPUTER = "seat-computer"  # the host gives empty seat ``index`` to a computer player
    SEAT_FREE = "seat-free"  # the host frees seat ``index`` (a computer player's, or someone who left)
    START_ONLINE = "start-online"  # "Start the game" at the online table
    LEAVE_TABLE = "leave-table"
    PAIR_TABLE = "pair-table"  # "Same room, no Internet": host a table paired by links (no relay)
    PAIR_CONNECT = "pair-connect"  # the host's "Connect": the answer pasted (``form["answer"]``)
    PAIR_AGAIN = "pair-again"  # "Pair again with Liisa": a new pairing link for seat ``index``
    # At the online table (``ui.commands.online_table``).
    STAND_IN = "stand-in"  # "Let the computer play for Liisa": seat ``index``
    ANSWER_TIME = "answer-time"  # the host's lobby: the buy offer's answer time, ``value`` seconds ("": off)
    LEAVE_YES = "leave-yes"  # New game at an online table, asked first: yes (host: end it; guest: leave)
    LEAVE_NO = "leave-no"  # ... no: back to the table
    # Around the online game (``ui.commands.lobby``): a quick reaction ``value`` from the table's
    # menu, the invitation shown again (the host), and a rematch at the same table (the host).
    REACT = "react"
    INVITE_AGAIN = "invite-again"
    REMATCH = "rematch"
    # The deal's contract explained (``ui.commands.contract_help``): the deal line's control, Close.
    CONTRACT_HELP = "contract-help"
    CONTRACT_HELP_CLOSE = "contract-help-close"
    # The coach's question before a costly move (``ui.commands.coach``): play it, or take it back.
    COACH_GO = "coach-go"
    COACH_BACK = "coach-back"
    # Learn to play (``ui.commands.tutorial``): a lesson of game ``value`` from the setup screen, and
    # the lesson box's controls: Next (an explanation read), Back to this step's start, Start again,
    # Leave the lesson.
    TUTORIAL = "tutorial"
    TUTORIAL_NEXT = "tutorial-next"
    TUTORIAL_BACK = "tutorial-back"
    TUTORIAL_RESTART = "tutorial-restart"
    TUTORIAL_LEAVE = "tutorial-leave"


@dataclass(frozen=True)
class Target:
    """A pressed control: its act and what it carries (``data-index``, ``data-uid``, ...)."""

    act: Act
    index: int | None = None
    uid: int | None = None
    meld: int | None = None
    value: str | None = None
    at: float | None = None  # when it was pressed (ms, the event's time stamp): a double press discards
    form: dict[str, Any] = field(default_factory=dict)  # the setup form's values, for Start


@dataclass
class Effects:
    """What the page must do after a handler: each a plain flag or value, carried out in order."""

    redraw: bool = True
    forget: bool = False  # the whole page is drawn anew (another screen, another language)
    save: set[Store] = field(default_factory=set)  # the records to write (``ui.records.stores``)
    new_game: bool = False  # a new match began: an old computer-player loop must stop
    run_bots: bool = False
    think_hint: bool = (
        False  # the expert thinks over your move, in slices: a stronger hint (``browser.botloop``)
    )
    focus: str | None = None  # a CSS selector, or choices "a || b" tried in order: gets the keyboard
    announce: str | None = None  # for the live region
    post: list[Message] = field(default_factory=list)  # for an embedding page
    download: str | None = None  # a storage key: give its unreadable data to the player as a file
    take_over: bool = False  # play the game here: read the other tab's save, and save it as ours
    clear_address: bool = False  # a shared match was closed: its link leaves the address bar
    export_data: bool = False  # give the player everything stored as one file (``ui.records.bundle``)
    link_to: str | None = None  # the replay's link to "clipboard" or "sheet" (browser.clipboard)
    relabel: bool = False  # stored settings were read again (an import): word the page in their language
    # After a move (``ui.play``): the seat that moves next (None: nobody, the deal is over), and
    # whether the move ended the deal or the match (the score sheet opens, ``ui.play.finished``).
    to_act: int | None = None
    deal_over: bool = False
    match_over: bool = False
    # The cover between people at this device went up with this move (``ui.commands.handover``):
    # the page says whom it names and puts the keyboard on its button.
    cover: bool = False
    # A guest's table at an online match (``App.remote``): what to send the host, in order. Each is
    # a move as the engine's JSON (``rommi.actions``: send it with ``ui.online.guest.Guest.act``),
    # or ``{"undo": True}``: take back my last move of this turn (``Guest.take_back``).
    send: list[dict[str, Any]] = field(default_factory=list)
    # For the online table's session (``browser.session``): "open" its connection, "copy" the
    # invitation link, "leave" the table, "pair" with the answer pasted (``Online.answer``);
    # whatever it says, what waits in ``Screen.online``'s outbox is sent after every command.
    online: str | None = None
