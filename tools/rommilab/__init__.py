"""The engine's laboratory: CPython-only tools around ``rommi`` that the site never ships.

``tournament`` plays seeded matches between computer levels and compares them
(``python -m rommilab.tournament``), ``randomplay`` plays random legal matches
that check the engine's invariants, and ``moves`` is the random player's menu.
They import ``rommi`` like any other user of the engine (with ``py`` and
``tools`` on the path: ``PYTHONPATH=py:tools``).
"""
