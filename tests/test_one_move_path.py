"""One move path (``ui.play``): a whole match, every seat a computer player, and the same match
with seat 0 played as a person would play it, clicking, choice for choice.

Every move, whoever makes it, goes through ``play(screen, seat, action)``: the computer players'
loop in the browser (``browser.botloop``) hands it each decision, and a click on the table
(``ui.commands.table``) its move. So the match below is played twice from the same seeds: once with
seat 0 a computer player, its decisions handed to the path as the loop hands them; once with
seat 0 a person at this device, whose clicks (draw, buy, pass, select and discard, next deal)
and melds, lay-offs and swaps make the very moves that computer player decides. The two runs
must agree move for move: the same actions in the log, the same ``Effects`` after each (what
is saved, announced, told an embedding page, whether the deal or the match ended, who moves
next) and the same final scores.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from tests.matches import settings_for

from rommi.actions import Action
from rommi.bots import make_bot
from rommi.bots.base import Bot, finish
from ui.commands.acts import Effects
from ui.commands.table import Act, Target, handle
from ui.model.app import App, Seat
from ui.play import play
from ui.screen import Screen

MATCHES = [("contract", 4, 7, "normal"), ("basic", 3, 11, "hard"), ("contract", 3, 23, "easy")]
MOVE_LIMIT = 20_000  # a match ends long before this: a loop that does not is a bug


def seated(variant: str, players: int, seed: int, level: str, person: bool) -> Screen:
    """A screen at the table; seat 0 a person here, or a computer player of ``level``."""
    screen = Screen()
    app = App.new_match(settings_for(variant, players, level), seed)
    if not person:
        seats = [Seat.computer(app.seats[0].name, level), *app.seats[1:]]
        app = App(app.game, seats, seed, list(app.bot_seeds), log=[])
    app.salt = "5a" * 16  # the seed's commitment is salted at random: the same in both runs
    screen.app, screen.screen = app, "table"
    return screen


def effects(fx: Effects) -> tuple[Any, ...]:
    """What a move's ``Effects`` ask of the page."""
    return (
        sorted(s.key for s in fx.save),
        fx.run_bots,
        fx.announce,
        fx.post,
        fx.to_act,
        fx.deal_over,
        fx.match_over,
    )


def clicked(screen: Screen, action: Action) -> Effects:
    """Seat 0's move made as a person makes it: by pressing the table's controls where there is
    one control for it, else (melds, lay-offs, swaps) handed to the path with its cards' uids."""
    app = screen.app
    assert app is not None
    said = action.to_json()
    kind = said["type"]
    if kind == "draw":
        act = Act.DRAW_STOCK if said["source"] == "stock" else Act.DRAW_DISCARD
        return handle(screen, Target(act))
    if kind in ("buy", "pass"):
        return handle(screen, Target(Act.BUY if kind == "buy" else Act.PASS))
    if kind == "discard":
        (uid,) = app.hint_cards(action)
        handle(screen, Target(Act.CARD, uid=uid))  # select it
        assert app.selected == [uid]
        return handle(screen, Target(Act.DISCARD))
    return play(screen, 0, action, app.hint_cards(action))


def played(variant: str, players: int, seed: int, level: str, person: bool) -> tuple[Screen, list[Any]]:
    """The whole match through the one move path, and the ``Effects`` of each move in order."""
    screen = seated(variant, players, seed, level, person)
    app = screen.app
    assert app is not None
    mind: Bot = make_bot(level, app.bot_seeds[0])  # the person at seat 0 plays as it would
    seen: list[Any] = []
    for _ in range(MOVE_LIMIT):
        if app.game.over:
            return screen, seen
        seat = app.seat_to_act()
        if seat is None:  # between deals: the table's Next deal, pressed by the person it is drawn for
            fx = handle(screen, Target(Act.NEXT_DEAL)) if person else play(screen, 0, {"type": "next_deal"})
        elif person and seat == 0:
            fx = clicked(screen, finish(mind.thinking(app.game.view(0))).action)
        else:
            assert app.bot_to_act() == seat
            _, thinking = app.bot_thinking()
            fx = play(screen, seat, finish(thinking).action)  # as browser.botloop hands a decision over
        assert screen.refusal is None, (seed, len(seen), screen.refusal)
        seen.append(effects(fx))
    pytest.fail(f"seed {seed}: the match did not end in {MOVE_LIMIT} moves")


@pytest.mark.parametrize(("variant", "players", "seed", "level"), MATCHES)
def test_a_match_of_computer_players_and_the_same_match_with_a_person_agree_move_for_move(
    variant: str, players: int, seed: int, level: str
) -> None:
    bots, bot_fx = played(variant, players, seed, level, person=False)
    people, person_fx = played(variant, players, seed, level, person=True)
    assert bots.app is not None and people.app is not None
    ours, theirs = bots.app.log, people.app.log
    assert ours is not None and theirs is not None
    first = next((i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b), None)
    assert first is None, f"{variant} seed {seed}: move {first} differs: {ours[first]} != {theirs[first]}"
    assert ours == theirs, f"{variant} seed {seed}: {len(ours)} moves against {len(theirs)}"
    assert bot_fx == person_fx, f"{variant} seed {seed}: the moves' effects differ"
    view = bots.app.game.view(0)
    assert view["over"] and view == people.app.game.view(0), f"{variant} seed {seed}"
    assert view["scores"] == people.app.view()["scores"]
    # The path said what it had to: every deal's end, the match's once at the end, and the moves
    # of the other seats in the log's words (the seat the table is drawn for hears its own clicks).
    ends = [e for e in person_fx if e[5]]
    assert len(ends) == view["deal"] and ends[-1][6] and not any(e[6] for e in ends[:-1])
    assert all(e[2] for e, action in zip(person_fx, theirs, strict=True) if action.get("player", 0) != 0)
    assert not any(e[2] for e, action in zip(person_fx, theirs, strict=True) if action.get("player", 0) == 0)


BROWSER = Path(__file__).resolve().parent.parent / "py" / "browser"


def _screen_writes(tree: ast.AST) -> list[str]:
    """Each assignment to a field of a ``Screen`` (``screen.x = ...``, ``page.current.screen.x += ...``)."""
    found = []
    for node in ast.walk(tree):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AugAssign)
            else []
        )
        for target in targets:
            value = target.value if isinstance(target, ast.Attribute) else None
            if (isinstance(value, ast.Name) and value.id == "screen") or (
                isinstance(value, ast.Attribute) and value.attr == "screen"
            ):
                found.append(f"line {getattr(node, 'lineno', '?')}: {ast.unparse(target)}")
    return found


def test_the_computer_players_loop_only_decides_when_a_seat_moves() -> None:
    """``browser.botloop`` hands its decisions to the one move path and the page's runner: it sets no
    field of the ``Screen`` and reads no renderer (the log's words come from ``ui.play``)."""
    tree = ast.parse((BROWSER / "botloop.py").read_text(encoding="utf-8"))
    assert not _screen_writes(tree), _screen_writes(tree)
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert not {m for m in imported if "render" in m.split(".")}, imported
    assert "ui.play" in imported


def test_the_page_is_one_object_and_nothing_registers_itself_at_import() -> None:
    """``browser.page`` keeps its state in one ``Page`` object, not in module-level dicts, and neither the
    computer players' loop nor the tabs fill in a registry of the page as they are imported
    (``main.py`` wires them: ``Page.wire``)."""
    page = ast.parse((BROWSER / "page.py").read_text(encoding="utf-8"))
    dicts = [
        ast.unparse(n)
        for n in page.body
        if isinstance(n, ast.Assign | ast.AnnAssign) and isinstance(n.value, ast.Dict)
    ]
    assert not dicts, dicts
    assert any(isinstance(n, ast.ClassDef) and n.name == "Page" for n in page.body)
    for name in ("botloop.py", "tabs.py"):
        tree = ast.parse((BROWSER / name).read_text(encoding="utf-8"))
        registered = [
            ast.unparse(n)
            for n in tree.body
            if isinstance(n, ast.Assign) and any(isinstance(t, ast.Subscript) for t in n.targets)
        ]
        assert not registered, f"{name}: {registered}"
    main = (BROWSER.parent / "main.py").read_text(encoding="utf-8")
    assert "page.current.wire(" in main
