"""Rommi: the rules engine for Sitoumusrommi (contract rummy) and Perusrommi (basic rummy).

Standard library only: this package runs unchanged under CPython and in
Pyodide, and never touches the DOM. The public face is ``Game`` and
``IllegalAction`` (and ``Refused`` for data from outside that is not read); see ``docs/engine.md``.
"""

from .cards import Card
from .errors import IllegalAction, Refused
from .game import Game, Phase

__all__ = ["Card", "Game", "IllegalAction", "Phase", "Refused"]
