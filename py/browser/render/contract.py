"""The deal's contract as a control in the deal line, and the dialog that explains it.

The deal line reads as before ("Deal 3 of 7: two runs of three, different suits"); its
contract's words (in Perusrommi the goal, "first to 100 points") are a button named
"Contract: ..." that opens a dialog: what the deal asks, what a set and a run are, a lay-down
that meets it drawn with the table's own card faces, and the rule on the rules page. What it
says and shows is ``ui.model.contract_help``'s; opening and closing are
``ui.commands.contract_help``'s.

Browser only: it draws through ``browser.dom``, which does ``from js import document``.
"""

from __future__ import annotations

from typing import Any

from browser.dom import button, by_id, card_span, el, fill
from ui.commands.acts import Act
from ui.draw.regions import changed
from ui.model.app import App
from ui.model.contract_help import Example, control_words, explanation, rules_address
from ui.screen import Screen, deal_line
from ui.words import i18n
from ui.words.i18n import t


def deal_signature(app: App) -> tuple[str, str, str, str]:
    """Everything the deal line shows: its words cut around the control (``control_words``).
    They change with the deal, the language or the names, not at a move: the line is drawn
    again only when they do."""
    return control_words(app.view(), deal_line(app))


def deal_info(app: App) -> None:
    """The deal line, its contract's words a button that opens the explanation."""
    before, words, after, name = deal_signature(app)
    control = button(words, Act.CONTRACT_HELP, "contract-control", aria_label=name, aria_haspopup="dialog")
    fill(by_id("deal-info"), [before or None, control, after or None])


def contract_dialog(s: Screen, app: App) -> None:
    """The explanation of this deal's contract while it is open (``Screen.contract_help``)."""
    v = app.view()
    opened = s.contract_help and s.screen == "table"
    sig = (opened, i18n.language, v["variant"], v["deal"], str(v.get("contract")), str(v["options"]))
    if not changed("contract-help", sig):
        return
    box = by_id("contract-help")
    if box is None:
        return
    if not opened:
        box.hidden = True
        box.replaceChildren()
        return
    box.hidden = False
    said = explanation(v)
    basic = v["variant"] != "contract" or not v.get("contract")
    parts: list[Any] = [
        el("h2", None, said.title, id="contract-help-title"),
        el("p", "contract-lead", said.lead, id="contract-help-lead"),
        el("ul", "contract-points", children=[el("li", None, line) for line in said.more]),
        el(
            "p", "contract-pictured", t("contract_help.pictured.basic" if basic else "contract_help.pictured")
        ),
        el("div", "contract-examples", children=[_example(x) for x in said.examples]),
        el("p", "contract-rule", children=[_rule_link(said.rule)]),
        el(
            "div",
            "sheet-buttons",
            children=[
                button(
                    t("contract_help.close"), Act.CONTRACT_HELP_CLOSE, "primary", key="contract-help-close"
                )
            ],
        ),
    ]
    dialog = el(
        "section",
        "sheet contract-help",
        role="dialog",
        aria_modal="true",
        aria_labelledby="contract-help-title",
        aria_describedby="contract-help-lead",
        id="contract-help-dialog",
        children=parts,
    )
    fill(box, [dialog])


def _example(x: Example) -> Any:
    """One meld of the picture: its kind in words over its cards, drawn as the table draws them
    (``browser.dom.card_span``), read as one picture named by its cards."""
    cards = [card_span(code, "small") for code in x.cards]
    return el(
        "figure",
        "contract-example",
        children=[
            el("figcaption", None, t("contract_help.kind." + x.kind.value)),
            el("div", "example-cards", role="img", aria_label=x.words(), children=cards),
        ],
    )


def _rule_link(rule: str) -> Any:
    """The rule on the rules page, in a new tab as the page's Rules link."""
    return el(
        "a",
        "rule-link",
        t("contract_help.rule_link", rule=rule),
        href=rules_address(rule),
        target="_blank",
    )
