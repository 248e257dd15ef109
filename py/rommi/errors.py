"""The engine's two errors: a refused action (rule G10), and refused data from outside.

``IllegalAction`` carries the rule id, a message key and its parameters, so the
UI can show the refusal in the player's language from its own catalog; ``str()``
gives the English sentence from ``rommi.messages``.

``Refused`` is data that is not read: a record to replay (``rommi.replay``), and on the
table's side a save, a link, an imported file or any stored text. It carries the catalog
key of the sentence that says why, and the reason in a few words.
"""

from __future__ import annotations

from typing import Any

from .messages import render


class IllegalAction(ValueError):
    """An action the rules refuse. The game that raised it is unchanged.

    >>> e = IllegalAction("C7", "contract_not_met", deal=3)
    >>> e.rule, e.key
    ('C7', 'contract_not_met')
    """

    def __init__(self, rule: str, key: str, **params: Any) -> None:
        self.rule = rule
        self.key = key
        self.params = params
        super().__init__()

    def __str__(self) -> str:
        # Rendered when read, not when raised: the engine's checks build many refusals nobody reads.
        return render(self.key, self.params)

    def __repr__(self) -> str:
        return f"IllegalAction({self.rule!r}, {self.key!r})"

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form for the UI: rule, key, params and the English text."""
        return {"rule": self.rule, "key": self.key, "params": self.params, "message": str(self)}


class Refused(ValueError):
    """Data from outside that is not read, and nothing was changed by it: ``key`` is the page's
    message (a catalog key), ``detail`` the reason in a few words (``str()`` gives it too).

    A ``ValueError``, so a reader that catches that for everything it refuses keeps working.

    >>> e = Refused("replay.bad", "not an object")
    >>> e.key, str(e)
    ('replay.bad', 'not an object')
    """

    def __init__(self, key: str, detail: str) -> None:
        super().__init__(detail)
        self.key = key
        self.detail = detail
