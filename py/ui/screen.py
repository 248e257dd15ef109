"""What the page shows besides the game: the screen, messages, the chooser (pure Python, no DOM).

``Screen`` is the page's own state; together with ``App`` it is everything the
renderer draws from. The sentences for the table's status lines live here too,
so they are tested without a browser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rommi.game import Phase
from ui.model.app import App, Option, clean_ledger
from ui.model.settings import Settings
from ui.records.stats_screen import Records
from ui.words.i18n import card_text, contract_text, join_names, t
from ui.words.logtext import Words


@dataclass
class Screen:
    settings: Settings = field(default_factory=Settings)
    form: Settings = field(default_factory=Settings)  # the setup form being filled in
    app: App | None = None
    screen: str = "setup"  # "setup", "table", "replay", "stats" or "lobby" (the online table's)
    notes: list[str] = field(default_factory=list)  # page-wide notes (a bad URL parameter...)
    setup_notice: str | None = None  # why the saved game could not be continued
    setup_error: str | None = None  # why the chosen house rules do not work
    refusal: str | None = None  # the engine's last refusal, in words
    refused_at: str = "piles"  # beside which controls it shows: "piles", "actions" or "area"
    message: str | None = None  # a neutral note near the actions
    chooser: list[Option] | None = None  # where the selected cards could go
    chooser_uids: list[int] = field(default_factory=list)
    sheet_open: bool = False
    hint: dict[str, Any] | None = None  # {"text", "cards", "deeper"}: deeper, the expert's hint
    hint_thinking: bool = False  # the expert is thinking over your move (``Act.HINT_DEEPER``)
    busy: bool = False
    thinking: int | None = None  # the computer player whose search has run long enough to say so
    ledger: dict[str, Any] = field(default_factory=lambda: clean_ledger(None))
    seed_from_url: int | None = None
    pace_override: str | None = None
    last_press: tuple[int, float | None] | None = None  # the last card pressed and when (a double discards)
    hand_cursor: int | None = None  # the hand's one tab stop (a uid); None: the new card, else the first
    stuck: set[str] = field(default_factory=set)  # unreadable data that could not be set aside: never written
    elsewhere: bool = False  # another tab of this browser saved the game: this one only watches
    peek: int | None = None  # the opponent whose melds the phone's compact strip shows
    drag_moved: bool = False  # a drag just ended: the click that follows is not a selection
    generation: int = 0  # bumped when a game starts, so an old computer-player loop stops
    posted: set[tuple[Any, ...]] = field(default_factory=set)  # results already told an embedding page
    # Page notes as (catalog key, parameters), worded again when the language changes; key "" is raw text.
    note_sources: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    notice_source: tuple[str, str] | None = None  # why the saved game could not be continued (key, detail)
    replay: Any = None  # the replay viewer's ``ui.records.replayview.ReplayView`` while it is open
    address: str = ""  # the page's address without its fragment: where a shared link points
    daily: dict[str, Any] = field(default_factory=dict)  # your deal-of-the-day results (``ui.records.daily``)
    records: Records = field(default_factory=Records)  # the statistics screen's (``ui.records.stats_screen``)
    said: Words = field(default_factory=Words)  # the log's words for announcing moves (``ui.play``)
    # Several people at this device: the cover between their turns is up (``ui.commands.handover``).
    # Behind it nothing private is drawn at all: no hand, no lay-down area, no hint, no selection.
    covered: bool = False
    # Playing online: the table's plain state (``ui.model.invite.Online``: None, no online table),
    # this page's build (a guest of another build is told to reload) and the relays the address chose.
    online: Any = None
    build: str = "dev"
    relays: list[str] = field(default_factory=list)
    # The deal's contract explained: its dialog is open (``ui.commands.contract_help``).
    contract_help: bool = False
    # A "Learn to play" lesson (``ui.tutorial.lesson.Lesson``) while one runs, else None: its App is
    # ``app`` meanwhile (the game kept aside in the lesson), and nothing it does is saved.
    tutorial: Any = None
    # The coach's question while it waits for "Go ahead" or "Take it back" (``ui.model.coach.Question``,
    # the move held back), and where the last move taken back was asked (it is not asked again there).
    coach: Any = None
    coach_heard: tuple[Any, ...] | None = None

    def clear_messages(self) -> None:
        self.refusal = None
        self.message = None
        self.chooser = None
        self.chooser_uids = []
        self.hint = None
        self.hint_thinking = False

    @property
    def pace(self) -> str:
        return self.pace_override or self.settings.pace

    def note(self, text: str, **params: Any) -> None:
        """A page-wide note: ``text`` is a catalog key (with ``params``), or else shown as it is."""
        source = (
            (text, params)
            if params or text.startswith(("setup.", "note.", "link."))
            else ("", {"text": text})
        )
        if source not in self.note_sources:
            self.note_sources.append(source)
        self.reword()

    def reword(self) -> None:
        """Word the notes (and the saved game's notice) again, in the language now chosen."""
        self.notes = [p["text"] if not k else t(k, **p) for k, p in self.note_sources]
        if self.notice_source is not None:
            self.setup_notice = t(self.notice_source[0], detail=self.notice_source[1])


def game_notice(app: App) -> str:
    """What the setup screen says of the game kept: in progress (a new one replaces it), or,
    once the match is over, that it is over (it is no longer in progress)."""
    if app.view()["over"]:
        return t("setup.finished", summary=app.summary())
    return t("setup.in_progress", summary=app.summary())


def deal_line(app: App) -> str:
    """``Deal 3 of 7: ...``; a shared match you took up at a deal says so (it is not counted)."""
    v = app.view()
    if v["variant"] == "contract":
        line = t("table.deal.contract", deal=v["deal"], deals=v["deals"], contract=contract_text(v))
    else:
        line = t("table.deal.basic", deal=v["deal"], target=v["options"]["target"])
    if app.shared_from is not None:
        return t("table.deal.shared", line=line)
    return line


def turn_line(app: App, thinking: int | None = None, by_names: bool = False) -> str:
    """Whose turn it is; "... is thinking" while ``thinking``, that seat, searches (``browser.botloop``).

    ``by_names``: the line names every seat, the one drawn for too ("Liisa's turn", never "Your
    turn"): under the cover between people at this device (``Screen.covered``) the device is
    being passed, and "your" would speak to whoever held it last."""
    v = app.view()
    you = None if by_names else app.drawn_for
    phase = v["phase"]
    if phase == Phase.DEAL_OVER:
        return t("table.turn.deal_over")
    if phase == Phase.MATCH_OVER:
        return t("table.turn.match_over")
    seat, offered = v["to_act"], v["buy_card"]
    assert seat is not None  # the deal is on: a seat acts
    if phase == Phase.BUY:
        assert offered is not None  # the buy window is open on this card
        card = card_text(offered)
        if seat == you:
            return t("table.turn.buy.you", card=card)
        return t("table.turn.buy", name=app.names[seat], card=card)
    if seat == you:
        return t("table.turn.you")
    if seat == thinking:
        return t("table.turn.thinking", name=app.names[seat])
    return t("table.turn.other", name=app.names[seat])


def prompt_line(app: App, thinking: int | None = None) -> str:
    """What you may do now, in words; while a computer player acts, that you wait for it, or that it
    is thinking (``thinking``, as ``turn_line``: the prompt by the piles is in view on a phone
    scrolled down to its hand, where the turn line at the top is not)."""
    v = app.view()
    phase = v["phase"]
    if phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
        return ""
    seat = v["to_act"]
    assert seat is not None  # the deal is on: a seat acts
    if seat != app.drawn_for:
        if seat == thinking and phase != Phase.BUY:
            return t("table.turn.thinking", name=app.names[seat])
        return t("prompt.wait", name=app.names[seat])
    if phase == Phase.DRAW:
        return t("prompt.draw")
    if phase == Phase.BUY:
        return ""
    if v["variant"] == "basic":
        return t("prompt.play.basic")
    if not v["laid_down"][app.drawn_for]:
        return t("prompt.play.deal7" if v["deal"] == v["deals"] else "prompt.play.contract")
    return t("prompt.play.laid")


def went_out_line(app: App) -> str:
    """Who went out of the deal just over, for the score sheet: "You went out." when it was you."""
    out = app.view()["went_out"]
    if out is None:
        return t("score.nobody_out")
    if out == app.drawn_for:
        return t("score.out.you")
    return t("score.out", name=app.names[out])


def match_result(app: App) -> tuple[str, str | None]:
    """The score sheet's heading when the match is over, naming the winner ("You won the
    game", "Aino won the game", "Aino and Eero share the win"), and in contract rummy your
    change in the ledger for this match (C16): the two things a player looks for first, said
    before the tables that detail them."""
    v = app.view()
    winners = list(v["winners"])
    you = app.drawn_for
    others = [app.names[w] for w in winners if w != you]
    if winners == [you]:
        title = t("score.title.you_won")
    elif you in winners:
        title = t("score.title.you_share", names=join_names([t("score.you"), *others]))
    elif len(others) == 1:
        title = t("score.title.won", name=others[0])
    else:
        title = t("score.title.shared", names=join_names(others))
    if v["variant"] != "contract":
        return title, None
    return title, t("score.ledger.change", amount=signed(v["ledger"][app.drawn_for]))


def signed(amount: str) -> str:
    """A ledger amount as the sheet shows it: ``+5`` for a gain, ``-5`` for a loss, ``0``."""
    return amount if amount.startswith("-") or amount == "0" else "+" + amount


def went_out_of_row(variant: str, row: list[int]) -> int | None:
    """Who went out in a finished deal, read from its scores (C14, B8): None if nobody."""
    if variant == "contract":
        zeros = [i for i, v in enumerate(row) if v == 0]
        return zeros[0] if len(zeros) == 1 else None
    scorers = [i for i, v in enumerate(row) if v > 0]
    return scorers[0] if len(scorers) == 1 else None


def hand_stop(row: list[int], cursor: int | None, fresh: set[int]) -> int | None:
    """The card of your hand that Tab reaches (the hand is one tab stop; arrows move within it):
    the card last moved to if it is still there, else the card just drawn, else the first."""
    if cursor in row:
        return cursor
    return next((u for u in row if u in fresh), row[0] if row else None)


def turn_news(app: App, last: str) -> str:
    """What the live region says when the computer players stop: their last move and, when your
    turn begins (or you are offered a card), "Your turn." and what you may do."""
    v = app.view()
    if not app.drawn_to_act() or v["phase"] not in (Phase.DRAW, Phase.BUY):  # not yours, or you are mid-turn
        return last
    offered = v["buy_card"]  # the card offered, in the buy window
    if offered is not None and v["phase"] == Phase.BUY:  # with several people here, named: "Liisa: buy ...?"
        several = len(app.people_here()) > 1
        name = app.names[app.drawn_for]
        now = (
            t("buy.prompt.named", name=name, card=card_text(offered))
            if several
            else t("buy.title", card=card_text(offered))
        )
    else:
        now = prompt_line(app)
    return " ".join(p for p in (last, t("table.turn.you") + ".", now) if p)
