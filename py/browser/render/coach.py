"""The coach's question (``ui.model.coach``): a dialog over the table with the reason, "Take it
back" (where the keyboard starts, ``ui.commands.coach.ASKED``) and "Go ahead".

An ``alertdialog``: it interrupts a move, named by its title and described by the sentence, so a
screen reader says both as the keyboard arrives on it (the sentence is also announced, by the
command). Hidden, and empty, when nothing is asked. Browser only: it draws through ``browser.dom``.
"""

from __future__ import annotations

from browser.dom import button, by_id, el, fill
from ui.commands.acts import Act
from ui.draw.regions import changed
from ui.model.app import App
from ui.model.coach import words
from ui.screen import Screen
from ui.words import i18n
from ui.words.i18n import t


def coach(s: Screen, app: App) -> None:
    """Draw the question while one waits for an answer; else hide the dialog."""
    held = None if s.covered else s.coach
    text = None if held is None else words(held.concern, app)
    if not changed("coach", (text, i18n.language)):
        return
    box = by_id("coach")
    if text is None:
        box.hidden = True
        box.replaceChildren()
        return
    dialog = el(
        "section",
        "coach-dialog",
        role="alertdialog",
        aria_modal="true",
        aria_labelledby="coach-title",
        aria_describedby="coach-text",
        id="coach-dialog",
        children=[
            el("h2", None, t("coach.title"), id="coach-title"),
            el("p", None, text, id="coach-text"),
            el(
                "div",
                "coach-actions",
                children=[
                    button(t("coach.back"), Act.COACH_BACK, "primary"),
                    button(t("coach.go"), Act.COACH_GO),
                ],
            ),
        ],
    )
    box.hidden = False
    fill(box, [dialog])
