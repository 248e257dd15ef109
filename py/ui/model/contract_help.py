"""The deal's contract explained where it is shown, and the rule a refusal names (pure Python).

The table's deal line names the contract ("Deal 3 of 7: two runs of three, different
suits"); its words are a control that opens a short explanation (``browser.render.contract``):
what the contract asks, what a set and a run are, and a picture of one lay-down that meets
it. This module decides the words and which cards the picture shows; it never judges a meld
itself: ``tests/test_contract_help.py`` has the engine (``rommi.melds``, ``rommi.contracts``,
``rommi.rules``, and a stacked ``Game``) accept every example, in every deal of both games.

Perusrommi has no contract (rule B4: any sets and runs, from the first turn); its deal line's
goal ("first to 100 points") is the control there, and the picture is a set and a run.

A refusal names its rule (``IllegalAction.rule``); ``rules_address`` is where the rules page
says it (``rules/en.html#C8``), for the link offered beside the refusal.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rommi.contracts import DEALS, Contract
from rommi.names import MeldKind
from ui.words import i18n
from ui.words.i18n import card_name, contract_text, t

# Example melds, each of natural cards only (no house rule can make one invalid) and
# every run of its own suit, so a contract whose runs must differ in suit (C4) is met too.
SETS: tuple[tuple[str, ...], ...] = (("7H", "7S", "7C"), ("KD", "KC", "KH"), ("4S", "4H", "4D"))
RUNS: tuple[tuple[str, ...], ...] = (("4H", "5H", "6H"), ("9S", "TS", "JS"), ("2C", "3C", "4C"))
# Deal 7 lays down the whole hand but the discard at once (C12): ten cards, so one run is longer.
DEAL7_RUNS: tuple[tuple[str, ...], ...] = (("4H", "5H", "6H"), ("9S", "TS", "JS"), ("2C", "3C", "4C", "5C"))
BASIC: tuple[tuple[str, ...], ...] = (("7H", "7S", "7C"), ("4D", "5D", "6D"))
RULE_ID = re.compile(r"^[GCB][0-9]{1,2}$")  # the rules pages' anchors: G1-G10, C1-C16, B1-B9


@dataclass(frozen=True)
class Example:
    """One meld of the picture: its kind and its cards (G2 notation, in the order laid)."""

    kind: MeldKind
    cards: tuple[str, ...]

    def words(self) -> str:
        """Its accessible name: ``Set: 7 of hearts, 7 of spades, 7 of clubs``."""
        names = ", ".join(card_name(c) for c in self.cards)
        return t("contract_help.example", kind=t("contract_help.kind." + self.kind.value), cards=names)


@dataclass(frozen=True)
class Explanation:
    """What the contract's dialog says: its title, its sentences, the picture, and the rule
    the rules page explains it in (a link)."""

    title: str
    lead: str  # the dialog's description: what the deal asks of your first lay-down
    more: tuple[str, ...]  # what a set and a run are, deal 3's suits, jokers
    examples: tuple[Example, ...]
    rule: str


def examples_for(variant: str, contract: Contract | None, deal: int) -> tuple[Example, ...]:
    """The lay-down pictured: the contract's sets then its runs (deal 7: all ten cards); in
    Perusrommi (no contract) a set and a run."""
    if variant != "contract" or contract is None:
        return (Example(MeldKind.SET, BASIC[0]), Example(MeldKind.RUN, BASIC[1]))
    runs = DEAL7_RUNS if deal == DEALS else RUNS
    return tuple(Example(MeldKind.SET, c) for c in SETS[: contract.sets]) + tuple(
        Example(MeldKind.RUN, c) for c in runs[: contract.runs]
    )


def explanation(view: Mapping[str, Any]) -> Explanation:
    """The explanation of the deal in ``view`` (a seat's view), in the language chosen."""
    options = view["options"]
    raw = view.get("contract")
    if view["variant"] != "contract" or not raw:
        more = [
            t("contract_help.set"),
            t("contract_help.run.ace_high" if options.get("ace_high") else "contract_help.run"),
        ]
        if options.get("jokers"):
            more.append(t("contract_help.joker"))
        return Explanation(
            t("contract_help.title.basic"),
            t("contract_help.lead.basic", target=options.get("target")),
            tuple(more),
            examples_for("basic", None, view["deal"]),
            "B4",
        )
    contract = Contract(int(raw["sets"]), int(raw["runs"]), bool(raw["distinct_run_suits"]))
    deal = int(view["deal"])
    last = deal == DEALS
    more = []
    if contract.sets:
        more.append(t("contract_help.set"))
    if contract.runs:
        more.append(t("contract_help.run"))
    if contract.distinct_run_suits:
        more.append(t("contract_help.distinct"))
    if options.get("jokers"):
        more.append(t("contract_help.joker"))
    return Explanation(
        t("contract_help.title.contract", deal=deal, contract=contract_text(view)),
        t("contract_help.lead.deal7" if last else "contract_help.lead.contract"),
        tuple(more),
        examples_for("contract", contract, deal),
        "C12" if last else "C4",
    )


def control_words(view: Mapping[str, Any], line: str) -> tuple[str, str, str, str]:
    """The deal line ``line`` cut around the words that are the control: (before, the
    control's visible words, after, its accessible name). The words are the contract's
    (Sitoumusrommi), or the goal after "Deal 1: " (Perusrommi); the line reads as before."""
    if view["variant"] == "contract" and view.get("contract"):
        words = contract_text(view)
        name = t("contract_help.control.contract", contract=words)
    else:
        basic = t("table.deal.basic", deal=view["deal"], target=view["options"].get("target"))
        words = basic.split(": ", 1)[-1]
        name = t("contract_help.control.basic", goal=words)
    at = line.rfind(words) if words else -1
    if at < 0:  # not found (a catalog worded otherwise): the whole line is the control
        return "", line, "", t("contract_help.control.line", line=line)
    return line[:at], words, line[at + len(words) :], name


def rules_address(rule: str | None) -> str | None:
    """Where the rules page in the language chosen explains ``rule``: ``rules/fi.html#C8``;
    None for anything that is not a rule's id (a refusal the host of an online table sent)."""
    if rule is None or not RULE_ID.match(rule):
        return None
    return f"rules/{i18n.language}.html#{rule}"  # read now: the language switch changes it


KEPT_RULES = 64  # the refusals whose rule is kept, newest last: the page links the one it shows


def remember_rule(rules: dict[str, str], text: str, rule: str) -> None:
    """Keep ``rule`` as the rule of the refusal worded ``text`` (``App.refusal_text``), so the
    refusal drawn beside the controls can link to it (``refusal_rule``), whichever way it was
    worded: a move refused, a lay-off that fits nowhere, a button's reason."""
    rules.pop(text, None)
    rules[text] = rule
    while len(rules) > KEPT_RULES:
        rules.pop(next(iter(rules)))


def refusal_rule(rules: dict[str, str], text: str | None) -> str | None:
    """The rules page's address for the refusal shown (``Screen.refusal``), if its rule is known."""
    return None if text is None else rules_address(rules.get(text))
