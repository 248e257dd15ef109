"""Learn to play: the lesson's box on the table, and its words on the score sheet (browser half).

The box sits under the table's top bar: the lesson and its step ("Step 3 of 12."), what to
do now, a refused move's reason with what to try instead (or, after a legal move off the
script, the way back), and the lesson's controls: Next for an explanation, Back to this
step's start, Start the lesson again, Leave the lesson. Each new step is also said in the
table's live region (``ui.commands.tutorial``); the box is a labelled region, not a live
one, so nothing is read twice.
"""

from __future__ import annotations

from typing import Any

from browser.dom import button, by_id, el, fill
from ui.commands.acts import Act
from ui.commands.tutorial import step_words
from ui.draw.regions import changed
from ui.screen import Screen
from ui.words.i18n import t


def lesson_box(s: Screen) -> None:
    """The box while a lesson runs; hidden otherwise."""
    lesson = s.tutorial
    box = by_id("tutorial")
    if box is None:
        return
    if lesson is None:
        if changed("tutorial", "none"):
            box.hidden = True
            box.replaceChildren()
        return
    words = step_words(s)
    sig = (lesson.name, lesson.step, lesson.off, lesson.wrong, words)
    if not changed("tutorial", sig):
        return
    box.hidden = False
    fill(box, _parts(s, words))


def _parts(s: Screen, words: str) -> list[Any]:
    lesson = s.tutorial
    game = t("setup.variant." + lesson.name)
    step = lesson.current()
    parts: list[Any] = [
        el("h2", "tutorial-title", t("tutorial.title", game=game), id="tutorial-title", tabindex="-1"),
        el("p", "tutorial-step", words),
    ]
    if lesson.wrong and step is not None:
        parts.append(el("p", "refusal", t("tutorial.wrong", reason=lesson.wrong)))
        parts.append(el("p", "tutorial-try", t(step.try_key(lesson.name))))
    elif lesson.off:
        parts.append(el("p", "tutorial-try", t("tutorial.off")))
    controls: list[Any] = []
    if step is not None and step.read:
        controls.append(button(t("tutorial.next"), Act.TUTORIAL_NEXT, "primary"))
    if step is not None and not step.read:
        controls.append(button(t("tutorial.back"), Act.TUTORIAL_BACK, "primary" if lesson.off else None))
    controls.append(button(t("tutorial.restart"), Act.TUTORIAL_RESTART, "primary" if step is None else None))
    controls.append(button(t("tutorial.leave"), Act.TUTORIAL_LEAVE, "quiet"))
    parts.append(el("div", "tutorial-actions", children=controls))
    return parts


def lesson_prompt(s: Screen) -> str | None:
    """In a lesson, the prompt by the piles or by your hand says what the step asks (its short
    words: on a phone the box is far above the hand); None otherwise, and on explanations."""
    lesson = s.tutorial
    step = None if lesson is None else lesson.current()
    if step is None or step.read or s.app is None or not s.app.drawn_to_act():
        return None
    return t(step.try_key(lesson.name))


def in_sheet(s: Screen) -> list[Any]:
    """On the score sheet (a modal dialog over the box): the step's words and its Next."""
    lesson = s.tutorial
    step = None if lesson is None else lesson.current()
    if step is None or not step.read:
        return []
    return [
        el(
            "div",
            "tutorial-in-sheet",
            children=[
                el("p", "tutorial-step", step_words(s)),
                button(t("tutorial.next"), Act.TUTORIAL_NEXT, "primary", key="tutorial-next-sheet"),
            ],
        )
    ]


def learn_button(variant: str) -> list[Any]:
    """The setup screen's Learn to play, for the game chosen in the form, and what it is."""
    game = t("setup.variant." + variant)
    return [
        button(
            t("tutorial.learn", game=game), Act.TUTORIAL, data_value=variant, aria_describedby="learn-help"
        ),
        el("p", "help learn-help", t("tutorial.learn.help"), id="learn-help"),
    ]
