"""How often one peer may send: a token bucket, so a flood costs the host nothing.

A person clicks a few times a second at most; a burst (a lay-down and its discard, a
reconnect's hello) is allowed, a steady stream beyond ``RATE`` is not. A message beyond the
limit is dropped before it is even parsed, and counted. The time is passed in (seconds), so
the tests need no clock.

>>> b = Bucket()
>>> sum(b.take(0.0) for _ in range(100))
40
>>> b.take(0.05)  # a twentieth of a second later: one more message's worth
True
"""

from __future__ import annotations

from dataclasses import dataclass

RATE = 20.0  # messages a second, kept up
BURST = 40.0  # messages at once


@dataclass
class Bucket:
    """``tokens`` messages may be sent now; they fill up at ``RATE`` a second, to ``BURST``."""

    tokens: float = BURST
    at: float | None = None  # when the bucket was last filled

    def take(self, now: float) -> bool:
        """Whether a message sent at ``now`` is let through (and spend one token if so)."""
        if self.at is not None and now > self.at:
            self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        if self.at is None or now > self.at:
            self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
