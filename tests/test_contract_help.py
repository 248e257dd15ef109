"""The rules where they are needed (issue 43, point 4), without a browser.

- The deal line's contract is a control that explains it with a picture
  (``ui.model.contract_help``): every example pictured, in every deal of both games and
  under every house rule that changes a contract, is a lay-down the ENGINE accepts for
  that deal (rules C4, C7, C12, B4): its melds made by ``rommi.melds``, the contract
  checked by ``rommi.contracts`` and ``rommi.rules``, and laid down in a stacked ``Game``.
- A refusal links to its rule on the rules page: every rule id the engine (and the table)
  refuses with has an anchor in both rules pages (rule G10), and the refusal shown knows its
  rule.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rommi import Game
from rommi.cards import Card
from rommi.contracts import DEALS, contract_for, shortfall
from rommi.melds import Meld, make_meld
from rommi.rules import meld_refusal
from stacking import draw_stock, new_game
from ui.commands.acts import Act, Target
from ui.commands.contract_help import CLOSE, CONTROL
from ui.commands.table import escape, handle
from ui.model.app import App, Seat, bot_seed
from ui.model.contract_help import (
    KEPT_RULES,
    Example,
    control_words,
    examples_for,
    explanation,
    refusal_rule,
    remember_rule,
    rules_address,
)
from ui.model.settings import Settings
from ui.screen import Screen, deal_line
from ui.words.i18n import set_language

ROOT = Path(__file__).resolve().parents[1]
RULES_PAGES = {lang: ROOT / "rules" / f"{lang}.html" for lang in ("en", "fi")}
CONTRACT_DEALS = [(deal, differ) for deal in range(1, DEALS + 1) for differ in (False, True)]
FILLER = ["2D", "8S", "QC", "5S", "JD", "9H", "3H"]  # fills a hand, melds with no example


@pytest.fixture(autouse=True)
def _english() -> object:
    set_language("en")
    yield
    set_language("en")


def melds_of(examples: tuple[Example, ...], ace_high: bool = False) -> list[Meld]:
    """The engine's melds for the examples: ``make_meld`` raises for any that is not one."""
    return [make_meld([Card.parse(c) for c in x.cards], x.kind.value, ace_high) for x in examples]


def hand_with(examples: tuple[Example, ...], size: int) -> list[str]:
    cards = [c for x in examples for c in x.cards]
    assert len(cards) <= size, (cards, size)
    return cards + FILLER[: size - len(cards)]


def lay_down_in_a_game(game: Game, examples: tuple[Example, ...]) -> Game:
    """Seat 1, first to act, draws and lays the examples down as its first melds."""
    assert game.to_act == 1
    draw_stock(game)
    action = {
        "type": "meld",
        "player": 1,
        "melds": [list(x.cards) for x in examples],
        "kinds": [x.kind.value for x in examples],
    }
    assert game.check(action) is None, game.check(action)
    game.apply(action)
    return game


# ------------------------------------------------------------------ the examples
@pytest.mark.parametrize(
    ("deal", "differ"),
    CONTRACT_DEALS,
    ids=[f"deal{d}-{'differ' if f else 'plain'}" for d, f in CONTRACT_DEALS],
)
def test_each_contracts_example_is_a_first_lay_down_the_engine_accepts(deal: int, differ: bool) -> None:
    """rules C4, C7 and C12: the melds pictured are valid melds, they hold the deal's contract
    (runs of different suits where the house rule asks it), and the engine lays them down as a
    first lay-down in that deal; in deal 7 they are a whole hand but the discard."""
    contract = contract_for(deal, differ)
    examples = examples_for("contract", contract, deal)
    melds = melds_of(examples)
    assert [m.kind for m in melds].count("set") == contract.sets
    assert [m.kind for m in melds].count("run") == contract.runs
    assert shortfall(melds, contract) is None
    assert meld_refusal("contract", deal, contract, False, melds, [Card.parse("KS")], None) is None
    options = {"runs_differ_in_suit": differ}
    game = new_game("contract", 3, [[], hand_with(examples, 10), []], "QD", ["KS"], options, deal=deal)
    assert game.deal == deal and game.contract() == contract
    lay_down_in_a_game(game, examples)
    assert game.view(1)["laid_down"][1]
    if deal == DEALS:  # C12: all at once, so only the card drawn is left to throw
        assert [str(c) for c in game.hand(1)] == ["KS"]


@pytest.mark.parametrize("ace_high", [False, True])
@pytest.mark.parametrize("players", [2, 4])
def test_perusrommis_example_is_a_set_and_a_run_the_engine_lays_down_on_the_first_turn(
    players: int, ace_high: bool
) -> None:
    """rules B3 and B4: no contract; a set and a run, laid down on the first turn."""
    examples = examples_for("basic", None, 1)
    assert [x.kind.value for x in examples] == ["set", "run"]
    melds_of(examples, ace_high)
    options = {"ace_high": ace_high}
    size = Game.new("basic", players=players, seed=1, options=options).options.hand_size
    game = new_game(
        "basic", players, [[], hand_with(examples, size)] + [[]] * (players - 2), "QD", ["KS"], options
    )
    lay_down_in_a_game(game, examples)
    assert len(game.view(1)["melds"]) == 2


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("deal", range(1, DEALS + 1))
def test_the_explanation_of_a_deal_pictures_its_own_examples_and_names_its_rule(deal: int, lang: str) -> None:
    """rules C4 and C12: the dialog of a deal in progress says its contract and pictures the
    examples above, each named by its cards in the language chosen."""
    set_language(lang)
    view = App.new_match(Settings(), 7).view()
    view = {**view, "deal": deal, "contract": _contract_view(deal)}
    said = explanation(view)
    assert said.examples == examples_for("contract", contract_for(deal), deal)
    assert said.rule == ("C12" if deal == DEALS else "C4")
    for text in (said.title, said.lead, *said.more, *(x.words() for x in said.examples)):
        assert text and "{" not in text and "contract_help." not in text, text
    first = said.examples[0]
    kind = {"en": {"set": "Set", "run": "Run"}, "fi": {"set": "Kolme samaa", "run": "Sarja"}}[lang]
    assert first.words().startswith(kind[first.kind.value] + ": ")
    if lang == "en" and deal == 1:
        assert first.words() == "Set: 7 of hearts, 7 of spades, 7 of clubs"


def _contract_view(deal: int) -> dict[str, object]:
    c = contract_for(deal)
    return {"sets": c.sets, "runs": c.runs, "distinct_run_suits": c.distinct_run_suits, "text": "x"}


def test_perusrommis_explanation_says_there_is_no_contract_and_the_ace_high_rule_when_on() -> None:
    """rules B3 and B4."""
    s = Settings()
    s.variant = "basic"
    view = App.new_match(s, 3).view()
    said = explanation(view)
    assert said.rule == "B4" and said.title == "Perusrommi: no contract, any melds"
    assert "first to 100 points" in said.lead
    assert not any("Q-K-A)" in line for line in said.more)
    high = explanation({**view, "options": {**view["options"], "ace_high": True}})
    assert any("(A-2-3, Q-K-A)" in line for line in high.more)


# ------------------------------------------------------------------ the control
@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("variant", ["contract", "basic"])
def test_the_deal_line_reads_as_before_with_its_contract_words_as_the_control(
    variant: str, lang: str
) -> None:
    """The line is cut around the control's words and reads whole again; the control's name
    holds its visible words (what a person sees is what a screen reader reads)."""
    set_language(lang)
    s = Settings()
    s.variant = variant
    for deal in (1, 3, 7) if variant == "contract" else (1,):
        app = App.new_match(s, 11)
        view = {**app.view(), "deal": deal, "contract": None}
        if variant == "contract":
            c = contract_for(deal)
            view["contract"] = {**_contract_view(deal), "text": "two runs of three" if deal == 3 else str(c)}
        line = deal_line(app)
        before, words, after, name = control_words(app.view(), line)
        assert before + words + after == line
        assert words and words in name and before
        expected = {
            ("contract", "en"): ("Deal 1 of 7: ", "two sets of three", "Contract: two sets of three"),
            ("contract", "fi"): (
                "Jako 1/7: ",
                "kaksi kertaa kolme samaa",
                "Sitoumus: kaksi kertaa kolme samaa",
            ),
            ("basic", "en"): (
                "Deal 1: ",
                "first to 100 points",
                "No contract, any melds: first to 100 points",
            ),
            ("basic", "fi"): (
                "Jako 1: ",
                "ensimmäinen, joka saa 100 pistettä, voittaa",
                "Ei sitoumusta, mitkä tahansa yhdistelmät: ensimmäinen, joka saa 100 pistettä, voittaa",
            ),
        }[(variant, lang)]
        assert (before, words, name) == expected


def test_a_shared_matchs_deal_line_keeps_its_note_after_the_control() -> None:
    app = App.new_match(Settings(), 11)
    app.shared_from = 1
    before, words, after, _ = control_words(app.view(), deal_line(app))
    assert (before, words, after) == (
        "Deal 1 of 7: ",
        "two sets of three",
        " · shared, not in your statistics",
    )


def table_screen(game: Game) -> Screen:
    s = Screen()
    seats = [Seat.here("Maija")] + [Seat.computer(n, "easy") for n in ("Aino", "Eero")]
    s.app = App(game, seats, 5, [bot_seed(5, i) for i in range(3)])
    s.screen = "table"
    return s


def test_the_control_opens_the_explanation_on_close_and_esc_shuts_it_back_on_the_control() -> None:
    s = table_screen(new_game("contract", 3, [["7H"], [], []], "QD", ["5C"], dealer=2))
    fx = handle(s, Target(Act.CONTRACT_HELP))
    assert s.contract_help and fx.focus == CLOSE and not fx.save
    fx = handle(s, Target(Act.CONTRACT_HELP_CLOSE))
    assert not s.contract_help and fx.focus == CONTROL
    handle(s, Target(Act.CONTRACT_HELP))
    fx = escape(s)
    assert not s.contract_help and fx.focus == CONTROL
    assert escape(s).redraw is False  # nothing left open: Esc does nothing
    s.screen = "setup"
    assert handle(s, Target(Act.CONTRACT_HELP)).redraw is False and not s.contract_help


# ------------------------------------------------------------------ refusals name their rule
def test_a_refused_move_knows_its_rule_and_the_rules_page_address_in_the_language_chosen() -> None:
    """rule G8: Discard before drawing is refused; the refusal shown links to G8, in both
    languages."""
    s = table_screen(new_game("contract", 3, [["7H", "7S"], [], []], "QD", ["5C"], dealer=2))
    app = s.app
    assert app is not None and app.view()["to_act"] == 0
    uid = app.hand.uids()[0]
    handle(s, Target(Act.CARD, uid=uid))
    handle(s, Target(Act.DISCARD))
    assert s.refusal == "Draw a card first."
    assert refusal_rule(app.refusal_rules, s.refusal) == "rules/en.html#G8"
    set_language("fi")
    handle(s, Target(Act.DISCARD))
    assert s.refusal and refusal_rule(app.refusal_rules, s.refusal) == "rules/fi.html#G8"


def test_a_lay_off_before_the_contract_links_rule_c8() -> None:
    """rule C8: a card pressed onto Aino's meld before you have laid down is refused with the
    engine's own reason, and that refusal knows its rule too."""
    melds = [["8D", "8S", "8C"], ["4H", "4S", "4C"]]
    game = new_game("contract", 3, [["7H", "7S", "2C"], [], melds[0] + melds[1]], "QD", ["5C"], dealer=1)
    draw_stock(game)  # Eero (seat 2) first; you and Aino pass the queen
    game.apply({"type": "meld", "player": 2, "melds": melds})
    game.apply({"type": "discard", "player": 2, "card": "5C"})
    s = table_screen(game)
    app = s.app
    assert app is not None and app.view()["to_act"] == 0
    handle(s, Target(Act.DRAW_STOCK))
    while app.view()["phase"] == "buy":  # Aino and Eero pass the 5♣
        app.apply({"type": "pass", "player": app.view()["to_act"]})
    uid = next(u for u in app.hand.uids() if app.code(u) == "7H")
    handle(s, Target(Act.CARD, uid=uid))
    handle(s, Target(Act.LAY_OFF))
    assert s.refusal and app.refusal_rules.get(s.refusal) == "C8", s.refusal
    assert refusal_rule(app.refusal_rules, s.refusal) == "rules/en.html#C8"


def test_only_a_rules_id_becomes_an_address_and_the_rules_kept_are_few() -> None:
    assert rules_address("C12") == "rules/en.html#C12"
    for bad in (None, "", "C", "X1", "C123", "C8#x", "../C8", "online.buy"):
        assert rules_address(bad) is None, bad
    rules: dict[str, str] = {}
    for i in range(KEPT_RULES + 10):
        remember_rule(rules, f"refusal {i}", "G8")
    remember_rule(rules, "refusal 20", "C8")  # said again: newest, its rule as now
    assert len(rules) == KEPT_RULES and list(rules)[-1] == "refusal 20" and rules["refusal 20"] == "C8"
    assert "refusal 0" not in rules


# ------------------------------------------------------------------ anchors
RULE_ID = re.compile(r"^[GCB][0-9]{1,2}$")
RAISERS = {"IllegalAction", "_fail"}


def raised_rule_ids() -> dict[str, set[str]]:
    """Every rule id given to ``IllegalAction`` (or the engine's ``_fail``) under ``py/``, with
    where it is written."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "py").rglob("*.py")):
        for rule, where in ids_in(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))).items():
            found.setdefault(rule, set()).update(where)
    return found


def ids_in(source: str, name: str) -> dict[str, set[str]]:
    """The rule ids a module's refusals are raised with: a string written in the call, in either
    branch of a conditional there, or in the local name passed (``rule = "G3" if ... else "G4"``)."""
    found: dict[str, set[str]] = {}
    tree = ast.parse(source)
    for func in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
        names: dict[str, list[ast.AST]] = {}
        for node in ast.walk(func):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        names.setdefault(target.id, []).append(node.value)
        for node in ast.walk(func):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            called = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if called not in RAISERS:
                continue
            first = node.args[0]
            sources = names.get(first.id, []) if isinstance(first, ast.Name) else [first]
            for source_node in sources:
                for const in ast.walk(source_node):
                    if (
                        isinstance(const, ast.Constant)
                        and isinstance(const.value, str)
                        and RULE_ID.match(const.value)
                    ):
                        found.setdefault(const.value, set()).add(f"{name}:{node.lineno}")
    return found


def test_every_rule_the_engine_refuses_with_has_an_anchor_in_both_rules_pages() -> None:
    """rule G10: a refusal names its rule, and the table links to it (``rules/<lang>.html#C8``):
    every id written in a refusal under ``py/`` is an element's id in both rules pages."""
    raised = raised_rule_ids()
    # The scan finds the engine's refusals: the turn (G8), lay-offs before the contract (C8),
    # deal 7 (C12), basic rummy's discard (B4), the ace-high run (B3), in rules.py and melds.py.
    assert {
        "G3",
        "G4",
        "G5",
        "G6",
        "G8",
        "G10",
        "C4",
        "C6",
        "C7",
        "C8",
        "C9",
        "C10",
        "C12",
        "B3",
        "B4",
    } <= set(raised)
    for lang, page in RULES_PAGES.items():
        anchors = set(re.findall(r'\bid="([^"]+)"', page.read_text(encoding="utf-8")))
        missing = {rule: sorted(where) for rule, where in raised.items() if rule not in anchors}
        assert not missing, f"rules/{lang}.html has no anchor for {missing}"


def test_the_scan_would_see_a_rule_written_in_a_refusal_of_its_own() -> None:
    """The scan above reads calls as written: a literal, a conditional and a local name; a rule
    id given to anything else is not a refusal's."""
    code = (
        "def f(kind):\n"
        "    rule = 'G3' if kind else 'G4'\n"
        "    raise IllegalAction(rule, 'k')\n"
        "def g(x):\n"
        "    return _fail('C99' if x else 'B1', 'k'), rules.IllegalAction('Z1', 'k'), other('C1')\n"
    )
    assert set(ids_in(code, "probe.py")) == {"G3", "G4", "C99", "B1"}
