"""Running the seats: all of them until the deadline, or a step at a time, bounded."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any, Awaitable, Callable

from websockets.exceptions import ConnectionClosed

from .seats import Pacer
from .tally import Tally


async def drive(seats: list[Any], args: argparse.Namespace) -> tuple[Tally, float]:
    """Let every seat play until the deadline; wait (bounded) for the round trips in flight."""
    tally = Tally()
    loop = asyncio.get_running_loop()
    interval = 0.0 if args.max else 1.0 / args.rate
    started = loop.time()
    pacer = Pacer(interval, started + args.seconds, getattr(args, "lean", False))

    async def one(seat: Any) -> None:
        try:
            await seat.play(pacer, tally)
        except (ConnectionClosed, OSError, RuntimeError) as failure:
            tally.failed(failure)

    tasks = [asyncio.create_task(one(seat)) for seat in seats]
    done, pending = await asyncio.wait(tasks, timeout=args.seconds + 10)
    for task in pending:
        task.cancel()
    tally.failures["seats_still_waiting_10s_after_the_deadline"] = len(pending)
    return tally, args.seconds


async def gather_bounded(makers: list[Callable[[], Awaitable[Any]]], limit: int) -> list[Any]:
    """Run the coroutines `makers` make, at most `limit` at a time, keeping their order."""
    results: list[Any] = [None] * len(makers)
    queue = iter(enumerate(makers))

    async def worker() -> None:
        for index, make in queue:
            results[index] = await make()

    await asyncio.gather(*(worker() for _ in range(min(limit, len(makers)))))
    return results
