"""Learn to play: the commands of a lesson (plain Python, no DOM).

``start`` opens a lesson of the game chosen in the setup form on a table of its own
(``ui.tutorial.lesson``); while it runs every press goes through ``during``: the lesson
box's own controls, the table's controls (their usual handlers, then ``follow``), and
nothing else (no statistics, replays or online table: a lesson is no match). ``follow``
runs after each of the table's commands (``ui.commands.table`` calls it for the hand's drags
and double presses too): it keeps every store unwritten, judges the learner's move, lets the
scripted seats play, moves the lesson on and says the new step in the live region.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rommi.game import Phase
from ui.commands.acts import Act, Effects, Target
from ui.records.stores import DAILY, GAME, LEDGER, ONLINE, STATS, Store
from ui.screen import Screen
from ui.tutorial import lesson as lessons
from ui.tutorial.lesson import LEARNER, Lesson
from ui.tutorial.lessons import PLANS
from ui.words.i18n import t
from ui.words.text_en import BOT_NAMES

Inner = Callable[[Screen, Target], Effects]
UNTOUCHED: frozenset[Store] = frozenset({GAME, ONLINE, STATS, LEDGER, DAILY})  # a lesson never writes these
BOX = "#tutorial"
FOCUS_STEP = f"{BOX} [data-act='{Act.TUTORIAL_NEXT}'] || {BOX} h2"
# The table's own controls a lesson lets through (its moves, the hand, the lay-down area, help, scores).
TABLE_ACTS = frozenset(
    {
        Act.CARD,
        Act.DRAW_STOCK,
        Act.DRAW_DISCARD,
        Act.BUY,
        Act.PASS,
        Act.DISCARD,
        Act.MELD,
        Act.LAY_OFF,
        Act.SWAP,
        Act.CHOOSE,
        Act.CHOOSE_CANCEL,
        Act.CLEAR_SELECTION,
        Act.NEW_MELD,
        Act.PUT,
        Act.DRAFT_CARD,
        Act.DRAFT_KIND,
        Act.DRAFT_REMOVE,
        Act.JOKER_LOW,
        Act.JOKER_HIGH,
        Act.ACE,
        Act.AREA_CLEAR,
        Act.LAY_DOWN,
        Act.SORT_SUIT,
        Act.SORT_RANK,
        Act.HINT,
        Act.HINT_DEEPER,
        Act.SCORES,
        Act.SHEET_CLOSE,
        Act.PEEK,
    }
)


def start(screen: Screen, target: Target) -> Effects:
    """A lesson of game ``target.value`` (else the one chosen in the form); the game on the
    screen, if any, is kept aside untouched."""
    name = target.value if target.value in PLANS else screen.form.variant
    kept = screen.tutorial
    kept_app = kept.kept_app if kept is not None else screen.app
    kept_screen = kept.kept_screen if kept is not None else screen.screen
    plan = PLANS.get(name, PLANS["contract"])
    names = [screen.settings.display_name(), *BOT_NAMES[: plan.players - 1]]
    app = lessons.new_app(plan, names)
    lesson = Lesson(plan, kept_app, kept_screen, [list(q) for q in plan.script])
    lesson.start = lessons.snapshot(lesson, app)
    screen.tutorial = lesson
    screen.app = app
    screen.screen = "table"
    screen.sheet_open = False
    screen.covered = False
    screen.peek = None
    screen.clear_messages()
    return Effects(forget=True, new_game=True, focus=FOCUS_STEP, announce=step_words(screen))


def during(screen: Screen, target: Target, inner: Inner) -> Effects:
    """A press while a lesson runs."""
    lesson: Lesson = screen.tutorial
    if target.act in HANDLERS:
        return HANDLERS[target.act](screen, target)
    if target.act in (Act.NEW_GAME, Act.MENU_NEW_GAME):  # New game leaves the lesson for the form
        return leave(screen, target)
    if target.act is Act.NEXT_DEAL:  # the score sheet's Next deal: the lesson's Next
        return next_step(screen, target)
    if target.act is Act.UNDO:
        lesson.wrong = t("tutorial.no_undo")
        return Effects(announce=lesson.wrong)
    if target.act not in TABLE_ACTS or screen.app is None:
        return Effects(redraw=False)
    lesson.presses += 1
    return follow(screen, inner(screen, target))


def follow(screen: Screen, fx: Effects) -> Effects:
    """After a table command in a lesson: nothing is stored; the learner's move judged; the
    scripted seats' moves; the lesson moved on; what changed said."""
    lesson: Lesson | None = screen.tutorial
    app = screen.app
    if lesson is None or app is None:
        return fx
    fx.save -= UNTOUCHED
    fx.run_bots = False
    fx.post = []
    refused = screen.refusal
    lesson.wrong = refused
    lessons.judge_new(lesson, app)
    said = lessons.scripted(lesson, screen, app)
    lessons.judge_new(lesson, app)  # a draw from the stock is logged once the buy offer is answered
    moved = _advance(lesson, app)
    parts = [fx.announce or "", *said]
    if refused:
        parts.append(t(lesson.plan.steps[lesson.step].try_key(lesson.name)) if not lesson.finished else "")
    elif lesson.off:
        parts.append(t("tutorial.off"))
    if moved:
        parts.append(step_words(screen))
        now = lesson.current()
        if now is None or now.read:  # an explanation to read: the keyboard goes to its Next
            fx.focus = FOCUS_STEP
    fx.announce = " ".join(p for p in parts if p) or None
    fx.redraw = True
    return fx


def _advance(lesson: Lesson, app: Any) -> bool:
    """Past every step done; a snapshot of the table where the new step begins."""
    moved = False
    while not lesson.finished and lesson.progress.done(lesson.plan.steps, lesson.step):
        lesson.step += 1
        moved = True
    if moved:
        lesson.off = False
        lesson.start = lessons.snapshot(lesson, app)
    return moved


def step_words(screen: Screen) -> str:
    """The step now, in words: "Step 3 of 12." and what to do (``tutorial.<lesson>.<step>``)."""
    lesson: Lesson | None = screen.tutorial
    if lesson is None:
        return ""
    if lesson.finished:
        return t(f"tutorial.{lesson.name}.done")
    step = lesson.current()
    count = t("tutorial.step", step=lesson.step + 1, steps=len(lesson.plan.steps))
    return count + " " + t(step.text_key(lesson.name), **step_params(screen))


def step_params(screen: Screen) -> dict[str, Any]:
    """What a step's words name that the deal decides, once it is over: the others' points
    (``scores``: what each pays in Sitoumusrommi) and yours (``you``: what you win in Perusrommi)."""
    app = screen.app
    if app is None:
        return {}
    v = app.view()
    if v["phase"] not in (Phase.DEAL_OVER, Phase.MATCH_OVER) or not v["deal_scores"]:
        return {"scores": "", "you": 0}
    row = v["deal_scores"][-1]
    parts = [t("tutorial.points", name=app.names[s], points=row[s]) for s in range(len(row)) if s != LEARNER]
    return {"scores": ", ".join(parts), "you": row[LEARNER]}


def next_step(screen: Screen, target: Target) -> Effects:
    """The lesson's Next: an explanation read (the score sheet closes with it)."""
    lesson: Lesson = screen.tutorial
    step = lesson.current()
    if step is None or not step.read:
        return Effects(redraw=False)
    lesson.presses += 1
    lesson.step += 1
    lesson.wrong = None
    screen.sheet_open = False
    if screen.app is not None:
        lesson.start = lessons.snapshot(lesson, screen.app)
    return Effects(focus=FOCUS_STEP, announce=step_words(screen))


def back(screen: Screen, target: Target) -> Effects:
    """Back to where this step began (after a legal move off the script, or at any time)."""
    lesson: Lesson = screen.tutorial
    if lesson.start is None:
        return Effects(redraw=False)
    lesson.presses += 1
    screen.app = lessons.restore(lesson, lesson.start)
    screen.sheet_open = False
    screen.clear_messages()
    return Effects(forget=True, focus=FOCUS_STEP, announce=step_words(screen))


def restart(screen: Screen, target: Target) -> Effects:
    """The lesson from its first step, on its prepared deal again."""
    lesson: Lesson = screen.tutorial
    return start(screen, Target(Act.TUTORIAL, value=lesson.name))


def leave(screen: Screen, target: Target) -> Effects:
    """Leave the lesson at any step: the screen and the game as they were before it."""
    lesson: Lesson | None = screen.tutorial
    if lesson is None:
        return Effects(redraw=False)
    screen.tutorial = None
    screen.app = lesson.kept_app
    screen.screen = lesson.kept_screen
    screen.sheet_open = False
    screen.clear_messages()
    return Effects(forget=True, new_game=True, focus="#setup-form [data-act='tutorial'], #setup-form button")


HANDLERS: dict[Act, Callable[[Screen, Target], Effects]] = {
    Act.TUTORIAL: start,
    Act.TUTORIAL_NEXT: next_step,
    Act.TUTORIAL_BACK: back,
    Act.TUTORIAL_RESTART: restart,
    Act.TUTORIAL_LEAVE: leave,
}
