"""Rate limits, as token buckets: wrong tokens per connection and per address (so guessing one is
hopeless even before its 192 bits are counted, and a guesser cannot crowd the server), and each
seat's talk, questions, draft checks and history requests (each costs every hearer, the log and a
restart, the rules' time, or a replay of the game: one seat must not be able to make the game slow
for everyone)."""

from __future__ import annotations

import time
from typing import Callable, Hashable

from fogbank.rules.core import Refused

WRONG_PER_CONNECTION = 3  # wrong tokens a connection may send before it is closed
BURST = 10  # wrong tokens an address may send at once ...
REFILL_SECONDS = 6.0  # ... and one more every so many seconds after (10 a minute)
KEEP = 4096  # keys remembered; the oldest is forgotten first
# Glances (a browser's list of its games) per address: each costs a join, and a list asks one a game.
GLANCES = (60, 0.5)

# Per seat: (at once, then one more every so many seconds).
TALK = (10, 3.0)  # 20 a minute after the first ten: a lively table, not a flood
QUESTIONS = (20, 1.0)  # a roster read question by question
CHECKS = (30, 0.5)  # a draft checked as it is written (the pages ask 350 ms after an edit)
HISTORY = (5, 10.0)  # a console drawn afresh now and then
# Seconds a connection is not read after a request of it was refused for its rate: a peer sending
# as fast as it can is then answered twice a second, not thousands of times (each refusal costs a
# frame read, decoded and answered, most of what an answer costs).
REFUSED_PAUSE = 0.5


class RateLimited(Refused):
    """Refused for its rate (`rate_limited`). Its sentence quotes nothing of the request."""

    def __init__(self, sentence: str) -> None:
        super().__init__("rate_limited", sentence)


class Buckets:
    """A token bucket per key: `burst` at once, then one more every `refill` seconds."""

    def __init__(self, burst: int, refill: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.refill, self.clock = float(burst), refill, clock
        self._buckets: dict[Hashable, tuple[float, float]] = {}  # key -> (tokens left, when)

    def left(self, key: Hashable) -> float:
        left, when = self._buckets.get(key, (self.burst, self.clock()))
        return min(self.burst, left + (self.clock() - when) / self.refill)

    def spend(self, key: Hashable) -> None:
        left = self.left(key) - 1
        self._buckets.pop(key, None)
        self._buckets[key] = (max(left, 0.0), self.clock())
        if len(self._buckets) > KEEP:
            del self._buckets[next(iter(self._buckets))]

    def take(self, key: Hashable) -> bool:
        """Spend one if there is one; whether there was."""
        if self.left(key) < 1:
            return False
        self.spend(key)
        return True


class TokenGuard:
    """Wrong tokens per remote address, and glances."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._wrong = Buckets(BURST, REFILL_SECONDS, clock)
        self._glances = Buckets(*GLANCES, clock)

    def glance(self, address: str) -> bool:
        """Whether `address` may glance at a game now (and, if so, that one is spent)."""
        return self._glances.take(address)

    def allows(self, address: str) -> bool:
        """Whether a join from `address` may be tried now. While an address is over its limit,
        every join from it is refused before its token is looked at: otherwise a guesser would
        learn from the answer, and the limit would guard nothing."""
        return self._wrong.left(address) >= 1

    def wrong(self, address: str) -> None:
        self._wrong.spend(address)
