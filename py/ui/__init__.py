"""The browser table: everything that touches the page lives here and in ``py/main.py``.

Modules in this package may import ``pyscript`` and ``js``; the engine
(``py/rommi/``) never does. Pure helpers (like ``ui.words.faces``) import neither,
so CPython tests can check them.
"""
