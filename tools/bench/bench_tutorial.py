"""How long each Learn-to-play lesson is: its steps, and the presses a learner makes who does
what each step says (``ui.tutorial.walk``), played through the table's own commands
(``ui.commands.table.handle``) as in the browser.

    python tools/bench/bench_tutorial.py [--lang en|fi]

For each lesson it prints the steps (explanations read with Next, and steps done by moves),
the presses (all of them, and the card presses among them), the learner's moves and the
scripted seats' moves that the engine applied, the words the learner reads (the steps' text,
in the language chosen), and the CPU time of playing the lesson through (process time, so
the machine's load does not count).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from ui.commands.acts import Act, Target
from ui.commands.table import handle
from ui.commands.tutorial import step_words
from ui.screen import Screen
from ui.tutorial.lessons import PLANS
from ui.tutorial.walk import PRESSES
from ui.words.i18n import set_language


def play_through(name: str) -> dict[str, float]:
    """One lesson from its first step to its end; what it took."""
    s = Screen()
    start = time.process_time()
    handle(s, Target(Act.TUTORIAL, value=name))
    lesson = s.tutorial
    words = len(step_words(s).split())
    presses = cards = 0
    while lesson.current() is not None:
        step = lesson.current()
        for act, code in PRESSES[name][step.name]:
            uid = None
            if code is not None:
                app = s.app
                uid = next(
                    u
                    for u in app.hand.uids()
                    if app.code(u) == code and u not in app.selected and u not in app.area.used()
                )
                cards += 1
            handle(s, Target(act, uid=uid))
            presses += 1
        if lesson.current() is step:
            raise SystemExit(f"lesson {name}: step {step.name} did not end")
        words += len(step_words(s).split())
    took = time.process_time() - start
    history = s.app.view()["history"]
    mine = sum(1 for e in history if e.get("player") == 0 and e["type"] != "offer")
    others = sum(1 for e in history if e.get("player") not in (0, None) and e["type"] != "offer")
    steps = PLANS[name].steps
    return {
        "steps": len(steps),
        "read": sum(1 for st in steps if st.read),
        "presses": presses,
        "counted": lesson.presses,
        "cards": cards,
        "moves": mine,
        "scripted": others,
        "words": words,
        "cpu_ms": took * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", choices=("en", "fi"), default="en")
    args = parser.parse_args()
    set_language(args.lang)
    print(f"language {args.lang}")
    heads = ("steps", "read", "presses", "cards", "moves", "scripted", "words", "CPU ms")
    print(f"{'lesson':<10} " + " ".join(f"{h:>{max(5, len(h))}}" for h in heads))
    for name in PLANS:
        r = play_through(name)
        assert r["presses"] == r["counted"], r  # the lesson counts every press it was given
        values = (r["steps"], r["read"], r["presses"], r["cards"], r["moves"], r["scripted"], r["words"])
        cells = [f"{v:>{max(5, len(h))}}" for v, h in zip(values, heads, strict=False)]
        print(f"{name:<10} " + " ".join([*cells, f"{r['cpu_ms']:>6.1f}"]))


if __name__ == "__main__":
    main()
