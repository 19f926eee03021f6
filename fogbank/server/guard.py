"""Wrong tokens are rate-limited, per connection and per address, so guessing one is hopeless
even before its 192 bits are counted, and a guesser cannot crowd the server."""

from __future__ import annotations

import time
from typing import Callable

WRONG_PER_CONNECTION = 3  # wrong tokens a connection may send before it is closed
BURST = 10  # wrong tokens an address may send at once ...
REFILL_SECONDS = 6.0  # ... and one more every so many seconds after (10 a minute)
KEEP = 4096  # addresses remembered; the oldest is forgotten first


class TokenGuard:
    """A token bucket of wrong tokens per remote address."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens left, when)

    def allows(self, address: str) -> bool:
        """Whether a join from `address` may be tried now. While an address is over its limit,
        every join from it is refused before its token is looked at: otherwise a guesser would
        learn from the answer, and the limit would guard nothing."""
        return self._left(address) >= 1

    def wrong(self, address: str) -> None:
        left = self._left(address) - 1
        self._buckets.pop(address, None)
        self._buckets[address] = (max(left, 0.0), self.clock())
        if len(self._buckets) > KEEP:
            del self._buckets[next(iter(self._buckets))]

    def _left(self, address: str) -> float:
        left, when = self._buckets.get(address, (float(BURST), self.clock()))
        return min(float(BURST), left + (self.clock() - when) / REFILL_SECONDS)
