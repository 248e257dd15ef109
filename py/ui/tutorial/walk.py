"""What a learner who does what each step says presses, step by step (for the tests and the
benchmark: ``tests/test_tutorial.py``, ``tests/browser/test_tutorial_in_browser.py``,
``tools/bench/bench_tutorial.py``).

Each press is an ``Act`` and, for a card of the hand, its code: the step's words name the
cards and the controls, so a browser test finds each by its accessible name.
"""

from __future__ import annotations

from ui.commands.acts import Act

Press = tuple[Act, str | None]


def _cards(codes: str) -> list[Press]:
    return [(Act.CARD, c) for c in codes.split()]


NEXT: list[Press] = [(Act.TUTORIAL_NEXT, None)]
PRESSES: dict[str, dict[str, list[Press]]] = {
    "contract": {
        "contract": NEXT,
        "draw": [(Act.DRAW_DISCARD, None)],
        "discard": [*_cards("AS"), (Act.DISCARD, None)],
        "buy": [(Act.BUY, None)],
        "draw_stock": [(Act.DRAW_STOCK, None)],
        "lay_down": [
            *_cards("5H 5S 5D"),
            (Act.NEW_MELD, None),
            *_cards("9C 9D 9H"),
            (Act.NEW_MELD, None),
            (Act.LAY_DOWN, None),
        ],
        "lay_off_own": [*_cards("5C"), (Act.LAY_OFF, None)],
        "lay_off_other": [*_cards("KH"), (Act.LAY_OFF, None)],
        "swap": [*_cards("QH"), (Act.SWAP, None)],
        "go_out": [
            *_cards("6S 7S 8S JK"),
            (Act.NEW_MELD, None),
            (Act.LAY_DOWN, None),
            *_cards("JD"),
            (Act.DISCARD, None),
        ],
        "score": NEXT,
        "deal7": NEXT,
    },
    "basic": {
        "melds": NEXT,
        "draw": [(Act.DRAW_DISCARD, None)],
        "lay_down": [
            *_cards("4H 5H 6H 7H"),
            (Act.NEW_MELD, None),
            *_cards("9C 9D 9S"),
            (Act.NEW_MELD, None),
            (Act.LAY_DOWN, None),
        ],
        "discard": [*_cards("2C"), (Act.DISCARD, None)],
        "draw_stock": [(Act.DRAW_STOCK, None)],
        "lay_off_own": [*_cards("3H"), (Act.LAY_OFF, None)],
        "lay_off_other": [*_cards("JS"), (Act.LAY_OFF, None)],
        "go_out": [*_cards("9H"), (Act.LAY_OFF, None), *_cards("KD"), (Act.DISCARD, None)],
        "score": NEXT,
    },
}
