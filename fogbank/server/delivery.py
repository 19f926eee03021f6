"""Nudges on their way: a queue and a sender of its own for each game's each destination.

A destination is a webhook's URL or an e-mail address, whoever set it. Nothing one destination
does can hold up another: each (game, destination) has its own short queue and its own task, each
attempt has a hard limit on its whole time (`ATTEMPT`: connecting, TLS, sending and the answer),
a nudge that fails for a reason that may pass is tried again after `RETRY_AFTER`, and a queue that
fills (a destination away for long) drops its oldest nudge, the stalest news. What became of each
destination's last nudge (sent, or why not, in words) is kept for the game's umpire (`report`), and
a failure is logged once a nudge is given up, naming a webhook by its host alone (its path and
query may hold its key) and never anything of a seat's token.
"""

from __future__ import annotations

import asyncio
import collections
import datetime
import logging
from typing import Any, Awaitable, Callable
from urllib.parse import urlsplit

import attrs

from .outbound import Undelivered

log = logging.getLogger("fogbank.nudges")
ATTEMPT = 10.0  # seconds an attempt may take, whole
RETRY_AFTER = (5.0, 30.0)  # seconds before the second and the third attempt at a nudge
QUEUED = 20  # nudges waiting for one destination; past it the oldest is dropped
Send = Callable[[str, Any], Awaitable[None]]  # (destination, nudge): returns once it went


@attrs.define
class Outcome:
    """What became of a destination's nudges, for the umpire."""

    to: str  # the destination as shown (`shown`)
    sent: int = 0
    failed: int = 0  # nudges given up
    dropped: int = 0  # nudges dropped unsent from a queue that was full
    last: dict[str, Any] | None = None  # the last attempt's end: {ok, at, code, message}

    def plain(self) -> dict[str, Any]:
        return attrs.asdict(self)


class _Outbox:
    def __init__(self, to: str) -> None:
        self.queue: collections.deque[Any] = collections.deque()
        self.task: asyncio.Task | None = None
        self.outcome = Outcome(to)


class Delivery:
    """Every nudge of one host's games on its way. `send(destination, nudge)` delivers one (it
    raises `Undelivered`); it is cut off after ATTEMPT seconds."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self._outboxes: dict[tuple[str, str], _Outbox] = {}

    def put(self, game: str, destination: str, nudge: Any) -> None:
        box = self._outboxes.get((game, destination))
        if box is None:
            box = self._outboxes[(game, destination)] = _Outbox(shown(destination))
        if len(box.queue) >= QUEUED:
            box.queue.popleft()
            box.outcome.dropped += 1
        box.queue.append(nudge)
        if box.task is None or box.task.done():
            box.task = asyncio.ensure_future(self._send_all(game, destination, box))

    def report(self, game: str) -> list[dict[str, Any]]:
        """What became of the game's nudges, a map for each destination it has sent to."""
        return [box.outcome.plain() for (of, _), box in sorted(self._outboxes.items()) if of == game]

    def forget(self, game: str, keep: set[str] | frozenset[str] = frozenset()) -> None:
        """Stop sending to the game's destinations other than `keep` (the umpire changed them)."""
        for key in [key for key in self._outboxes if key[0] == game and key[1] not in keep]:
            box = self._outboxes.pop(key)
            if box.task is not None:
                box.task.cancel()

    def let_go(self, game: str) -> None:
        """A finished game let go from memory: what is kept of its destinations goes too, but for
        a destination with a nudge still on its way (kept, a few small maps)."""
        for key in [key for key, box in self._outboxes.items() if key[0] == game and not box.queue
                    and (box.task is None or box.task.done())]:  # fmt: skip
            del self._outboxes[key]

    async def close(self) -> None:
        tasks = [box.task for box in self._outboxes.values() if box.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _send_all(self, game: str, destination: str, box: _Outbox) -> None:
        while box.queue:
            nudge = box.queue.popleft()
            failure = await self._send_one(destination, nudge)
            outcome = box.outcome
            if failure is None:
                outcome.sent += 1
                outcome.last = _last(None)
                continue
            outcome.failed += 1
            outcome.last = _last(failure)
            log.warning("game %s: a nudge to %s was not sent: %s: %s",
                        game, outcome.to, failure.code, failure.sentence)  # fmt: skip

    async def _send_one(self, destination: str, nudge: Any) -> Undelivered | None:
        """Try one nudge, again after each pause of RETRY_AFTER while the failure may pass; None
        once it went, else the last failure."""
        failure = None
        for pause in (0.0, *RETRY_AFTER):
            if pause:
                await asyncio.sleep(pause)
            try:
                async with asyncio.timeout(ATTEMPT):
                    await self.send(destination, nudge)
                return None
            except TimeoutError:
                failure = Undelivered("nudge_timeout", f"It took over {ATTEMPT:g} seconds and was cut off.")
            except Undelivered as undelivered:
                failure = undelivered
            except Exception as error:  # our bug, or a library's: logged, never the sender's end
                log.exception("a nudge failed")
                failure = Undelivered("nudge_failed", f"Sending it failed: {type(error).__name__}.")
            if not failure.again:
                break
        return failure


def shown(destination: str) -> str:
    """A destination as the umpire and the log are shown it: a webhook by its scheme and host
    alone (its path and query may hold its key: Slack's and Discord's do), an e-mail address as
    it is."""
    if "://" not in destination:
        return destination
    parts = urlsplit(destination)
    return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}/…"[:120]


def _last(failure: Undelivered | None) -> dict[str, Any]:
    """How an attempt at a nudge ended, as the umpire is told: sent, or the failure's code and sentence."""
    at = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    if failure is None:
        return dict(ok=True, at=at, code=None, message="sent")
    return dict(ok=False, at=at, code=failure.code, message=failure.sentence)
