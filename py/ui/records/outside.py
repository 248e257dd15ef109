"""Text from outside the game (storage, an imported file, a link), bounded before it is parsed.

Any text the page did not make this minute can be hostile or damaged: browser storage
another page or an old build wrote, a file the player chose, the address. ``json.loads``
recurses once per level of nesting, and in Pyodide about 6,000 levels (``'[' * 10000``)
overflow the JavaScript/WebAssembly stack inside the parse: that is no Python
``RecursionError``, nothing can catch it, and Python is dead for the rest of the visit. So
the nesting is counted first, by a linear scan that never recurses (``depth``), and a text
too long or too deep is refused before ``json.loads`` ever sees it.

Every refusal is the one error of refused outside data, ``rommi.errors.Refused``: a
``ValueError`` (so readers that already catch that keep working) with a catalog key
(``outside.*``) and a detail.

>>> parse('{"a": [1, 2, {"b": null}]}')
{'a': [1, 2, {'b': None}]}
>>> depth('["[[[[", {"x": "]]"}, [[]]]')
3
>>> parse("[" * 10_000 + "]" * 10_000)
Traceback (most recent call last):
...
rommi.errors.Refused: nested more than 40 levels deep
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from operator import sub
from typing import Any

from rommi.errors import Refused

# The deepest thing Rommi writes is a saved game's undo inside an export: the file, its parts,
# the save, "ui", "undo", the turn's start, its history, an action, its melds, a meld: 10 levels.
# 40 leaves room for any future format and is still a hundred times short of what overflows.
MAX_DEPTH = 40
# Browser storage holds about 5 million characters for a whole site, and an export holds what it
# holds: nothing longer can be ours. A scan of that many characters takes well under a second.
MAX_CHARS = 5_000_000

_ESCAPE = re.compile(r"\\.", re.S)  # a backslash and the character it escapes (inside a string)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEPS = str.maketrans({"[": "\x02", "{": "\x02", "]": "\x00", "}": "\x00"})


def depth(text: str) -> int:
    """How deep the arrays and objects of the JSON ``text`` nest, brackets inside strings not
    counted; linear in the text's length, and no recursion at all.

    Escapes are dropped first (``\\"`` is no end of a string, ``\\\\`` no escape of what follows),
    so each remaining quote opens or closes a string, and what lies between every other pair
    of quotes is outside any string. Wherever the text is not JSON the count may be off, but
    only after the point where ``json.loads`` stops anyway: before it, both read alike.
    """
    plain = _ESCAPE.sub("", text)
    outside = "".join(plain.split('"')[::2])
    steps = _NOT_BRACKET.sub("", outside).translate(_STEPS).encode("latin-1")
    # Each opening bracket is +1, each closing one -1: the running sum of (2 or 0) - 1, its top.
    return max(map(sub, accumulate(steps), range(1, len(steps) + 1)), default=0)


def checked(text: Any, limit: int = MAX_CHARS, max_depth: int | None = MAX_DEPTH) -> str:
    """``text`` if it is a string within ``limit`` characters (and ``max_depth`` levels of
    nesting, unless None: a text that is not JSON); ``Refused`` otherwise."""
    if not isinstance(text, str):
        raise Refused("outside.not_text", f"not a text but {type(text).__name__}")
    if len(text) > limit:
        raise Refused("outside.too_long", f"{len(text)} characters, more than {limit}")
    if max_depth is not None and depth(text) > max_depth:
        raise Refused("outside.too_deep", f"nested more than {max_depth} levels deep")
    return text


def parse(text: Any, limit: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of ``text``, or ``Refused`` for anything too long, too deep or not
    JSON (a number of more than 4,300 digits included: Python refuses to read it)."""
    checked(text, limit, max_depth)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:  # RecursionError: cannot happen within the depth
        raise Refused("outside.not_json", f"not JSON: {e}"[:200]) from None
